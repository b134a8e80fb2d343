"""Every rule system passes the shared conformance check (tactica.testing.conformance)."""

from __future__ import annotations

import pytest

from tactica.systems import all_systems
from tactica.testing import check_fight

SYSTEMS = [s.id for s in all_systems()]
FIGHTS = 120
#: The fights of each system run as this many test items, so `pytest -n auto` spreads them over cores.
CHUNKS = 4
#: Steps undone per fight in the always-on check (spread over the fight, offset by its seed); undo was over
#: half of the check's time at every step (Phase 3d6's random fights run to ~400 actions). `make long`
#: undoes every step of 2,000 more fights per system.
UNDO_STEPS = 24


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("system_id", SYSTEMS)
def test_random_legal_fights_end_replay_undo_and_round_trip(system_id: str, chunk: int) -> None:
    """120 random-legal fights per system (30 per item): all end, no offered action is rejected, replay is
    identical, undo restores the state at ~24 steps of each fight, JSON round-trips."""
    size = FIGHTS // CHUNKS
    seeds = range(chunk * size, (chunk + 1) * size)
    reports = [check_fight(system_id, seed, undo_steps=UNDO_STEPS) for seed in seeds]
    # check_fight raises unless the fight ended, so `r.ended` is always true (issue 14 point 12); a fight
    # that ends before any action checks nothing of replay or undo.
    assert all(r.actions > 0 for r in reports)
    assert len({r.winner for r in reports}) > 1, "random fights should not all end the same way"


@pytest.mark.slow
@pytest.mark.parametrize("system_id", SYSTEMS)
def test_many_more_random_fights(system_id: str) -> None:
    """The long version (make long): 2,000 fights, undo checked at every step."""
    for seed in range(FIGHTS, FIGHTS + 2000):
        check_fight(system_id, seed)
