"""Issue 12, "Tests that keep it so": random-legal fights on every example scenario and every system's demo
(their setup with seeded dice, script and scripted dice ignored, as `tactica sim` does) end, replay, undo and
round-trip through JSON. Here a scenario's fight is cut off after two rounds and undo is checked at five
steps spread over each fight, to stay fast (`make fuzz`: three rounds, every step, 1,000 fights per system)."""

from __future__ import annotations

import pytest

from tactica.fuzz.corpus import samples, setups, system_ids
from tactica.fuzz.fights import conform

FIGHTS = 20
UNDO_STEPS = 5
ROUNDS = 2
NAMES = [s.name for s in samples()]


def test_every_example_file_is_covered() -> None:
    """Every example file and demo is a setup of its system (so none escapes the conformance fights)."""
    covered = {s.name for system in system_ids() for s in setups(system)}
    assert set(NAMES) <= covered


@pytest.mark.parametrize("name", NAMES, ids=[n.rsplit("examples/", 1)[-1] for n in NAMES])
def test_random_fights_of_every_example_end_replay_undo_and_round_trip(name: str) -> None:
    """20 random-legal fights of this file's setup pass the conformance checks."""
    setup = next(s for system in system_ids() for s in setups(system) if s.name == name)
    for seed in range(FIGHTS):
        conform(setup, seed, UNDO_STEPS, ROUNDS)
