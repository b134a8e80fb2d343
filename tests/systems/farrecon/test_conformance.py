"""Far Recon keeps the engine's promises (tactica.testing.conformance) on its arena, and every event has a
formatter; the full 0-99 run is for the lead's conformance suite once the system is registered."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from tactica.engine import Event
from tactica.render import farrecon as render
from tactica.systems.farrecon import events
from tactica.testing import check_fight


@pytest.mark.parametrize("seed", range(12))
def test_random_legal_fights_end_replay_undo_and_round_trip(seed: int) -> None:
    """A random-legal fight on content/arena.yaml ends; offered actions apply; replay, undo, JSON hold."""
    report = check_fight("farrecon", seed)
    assert report.ended


def test_every_event_has_a_formatter() -> None:
    """Each Far Recon event kind has a line in tactica.render.farrecon, and none reads fields it lacks."""
    kinds = [
        cls
        for _, cls in inspect.getmembers(events, inspect.isclass)
        if issubclass(cls, Event) and cls.__module__ == events.__name__
    ]
    assert set(render.FORMATTERS) == {cls.kind for cls in kinds}
    samples: dict[type, object] = {str: "x", int: 1, bool: True}
    for cls in kinds:
        values = {}
        for f in dataclasses.fields(cls):
            if f.name in ("faces", "path", "actors", "together", "serialized", "reasons", "targets"):
                values[f.name] = ("a", "b") if f.name != "faces" else (1, 0, -1, 0)
                if f.name == "path":
                    values[f.name] = ((0, 0), (1, 1))
            elif f.name in ("at", "aimed", "landed", "to"):
                values[f.name] = (1, 2)
            elif f.name == "result":
                values[f.name] = "hit"
            elif f.name == "stage":
                values[f.name] = "pdef"
            else:
                values[f.name] = (
                    samples.get(type(f.default), "x") if f.default is not dataclasses.MISSING else "x"
                )
                if "int" in str(f.type) and f.default is dataclasses.MISSING:
                    values[f.name] = 1
                if "bool" in str(f.type) and f.default is dataclasses.MISSING:
                    values[f.name] = True
        line = render.FORMATTERS[cls.kind](cls(**values))
        assert line is None or isinstance(line, str)
