"""Issue 16 A: a fight nobody undoes (``sim``) keeps no state copies, and a listed action is taken without
being parsed again; both behave exactly as before."""

from __future__ import annotations

import pytest

from tactica.dice import DiceExhausted, ScriptedDice
from tactica.engine import Action, Fight, IllegalAction
from tactica.engine import fight as fight_module
from tactica.engine.codec import to_data
from tactica.systems import get_system
from tactica.testing import conformance_setup
from tests.engine.helpers import play

FP = get_system("futurepath")


def test_a_fight_without_checkpoints_copies_no_state_and_undoes_by_replaying_from_the_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 16 A (no periodic checkpoints when nobody can undo): 40 actions and an undo copy no state, and
    the undone fight equals one that kept checkpoints: state, events, history and faces."""
    kept = play(Fight.new(FP, conformance_setup("futurepath"), seed=5), 40, 5)
    kept.undo()

    def no_copy(state: object) -> object:
        raise AssertionError("a fight without checkpoints copied its state")

    monkeypatch.setattr(fight_module, "_copy_state", no_copy)
    bare = play(Fight.new(FP, conformance_setup("futurepath"), seed=5, checkpoints=False), 40, 5)
    bare.undo()
    assert to_data(bare.state) == to_data(kept.state)
    assert [e.to_dict() for e in bare.events] == [e.to_dict() for e in kept.events]
    assert bare.history == kept.history and bare.faces == kept.faces


def test_an_action_failing_in_a_fight_without_checkpoints_leaves_it_as_it_was() -> None:
    """Issue 16 A: all-or-nothing holds without checkpoints (the fight is set up again over its faces)."""
    setup = {**conformance_setup("futurepath"), "initiative": {"red": 5, "blue": 1}}
    fight = Fight.new(FP, setup, dice=ScriptedDice([]), checkpoints=False)
    before, events = to_data(fight.state), [e.to_dict() for e in fight.events]
    with pytest.raises(DiceExhausted, match="accuracy"):
        fight.apply("vex attack rook with rifle")
    assert to_data(fight.state) == before and [e.to_dict() for e in fight.events] == events
    assert fight.history == []


def test_a_listed_action_is_taken_without_parsing_it_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 16 A (no work repeated on the hot path): the very object a listing gave is taken as it is; an
    equal action built anew, or text, is still checked and normalized."""
    fight = Fight.new(FP, conformance_setup("futurepath"), seed=2)
    listed = fight.legal_actions()[0]
    checked: list[object] = []
    original = Action.check

    def spy(value: object) -> Action:
        checked.append(value)
        return original(value)

    monkeypatch.setattr(Action, "check", staticmethod(spy))
    fight.apply(listed)
    assert checked == []
    again = fight.legal_actions_of(fight.deciding()[0])[0]
    fight.apply(Action.parse(str(again)))
    assert len(checked) == 1
    with pytest.raises(IllegalAction):
        fight.apply(Action(again.actor, "fly"))
