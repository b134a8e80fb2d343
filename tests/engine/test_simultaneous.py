"""Simultaneous slots (Far Recon 5-6, issue 5): conflict groups and 1dN serialization in the engine."""

from __future__ import annotations

from tactica.dice import ScriptedDice
from tactica.engine.simultaneous import conflict_groups, order_by_roll
from tactica.engine.system import Context
from tactica.engine.tape import DiceTape


def test_conflicting_pairs_form_groups_and_the_rest_stay_together() -> None:
    """Far Recon 6: only plans linked by conflicts are serialized; a and c conflict through b."""
    groups = conflict_groups(["a", "b", "c", "d"], [("a", "b", "both move through @1,1"), ("b", "c", "aims")])
    assert groups == [(["a", "b", "c"], ["both move through @1,1", "aims"])]
    assert conflict_groups(["a", "b"], []) == []


def test_order_by_roll_rolls_1dn_among_those_left() -> None:
    """Far Recon 6: 1d3 picks the first of three, then 1d2 the next; each roll is told."""
    told: list[tuple[tuple[str, ...], int, str]] = []
    ctx = Context(DiceTape(ScriptedDice([3, 1], then=None)), [])
    order = order_by_roll(["a", "b", "c"], ctx, lambda rest, face, chosen: told.append((rest, face, chosen)))
    assert order == ["c", "a", "b"]
    assert told == [(("a", "b", "c"), 3, "c"), (("a", "b"), 1, "a")]
