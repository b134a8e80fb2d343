"""The Fight: legal_actions, apply, undo, clone, replay, JSON (using FuturePath as the system)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactica.ai import RandomPolicy
from tactica.dice import DiceExhausted, ScriptedDice
from tactica.engine import ActionSyntaxError, Fight, IllegalAction, TacticaError
from tactica.engine.codec import to_data
from tactica.systems import get_system
from tactica.testing import conformance_setup
from tests.engine.helpers import play

FP = get_system("futurepath")


def arena(seed: int = 0) -> Fight:
    return Fight.new(FP, conformance_setup("futurepath"), seed=seed)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 60))
def test_every_legal_action_applies_and_undo_restores(seed: int, steps: int) -> None:
    """Property: every action legal_actions() lists applies; undo restores the state exactly."""
    fight = play(arena(seed), steps, seed)
    if fight.is_over():
        return
    before = to_data(fight.state)
    for action in fight.legal_actions()[:15]:
        fight.apply(action)
        fight.undo()
        assert to_data(fight.state) == before


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 80))
def test_replay_is_identical(seed: int, steps: int) -> None:
    """Property: seed + actions replay to the identical event log."""
    fight = play(arena(seed), steps, seed)
    again = Fight.replay(fight.game, fight.history, seed=seed)
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in fight.events]


def test_illegal_actions_change_nothing_and_say_why() -> None:
    fight = arena(1)
    before = to_data(fight.state)
    with pytest.raises(IllegalAction, match="unknown action 'fly'"):
        fight.apply("vex fly @1,1")
    with pytest.raises(ActionSyntaxError):
        fight.apply("vex")
    assert to_data(fight.state) == before and fight.history == []


def test_dice_running_out_mid_action_restores_the_state() -> None:
    setup = conformance_setup("futurepath")
    fight = Fight.new(FP, {**setup, "initiative": {"red": 5, "blue": 1}}, dice=ScriptedDice([]))
    before = to_data(fight.state)
    with pytest.raises(DiceExhausted, match="accuracy"):
        fight.apply("vex attack rook with rifle")
    assert to_data(fight.state) == before and fight.history == []


def test_undo_then_redo_rolls_the_same_unless_rerolled() -> None:
    fight = play(arena(4), 30, 4)
    action = fight.history[-1]
    after = to_data(fight.state)
    fight.undo()
    fight.apply(action)
    assert to_data(fight.state) == after
    with pytest.raises(TacticaError, match="nothing to undo"):
        Fight.new(FP, conformance_setup("futurepath")).undo()


def test_clone_is_independent() -> None:
    fight = play(arena(2), 10, 2)
    copy = fight.clone()
    snapshot = to_data(fight.state)
    play(copy, 20, 9)
    assert to_data(fight.state) == snapshot
    assert copy.history[:10] == fight.history


def test_json_round_trip_and_tamper_detection() -> None:
    fight = play(arena(3), 40, 3)
    data = json.loads(fight.to_json())
    loaded = Fight.from_dict(data, FP)
    assert loaded.to_json() == fight.to_json()
    assert to_data(play(loaded, 5, 1).state) == to_data(play(fight, 5, 1).state)
    data["faces"][0] = 1 if data["faces"][0] != 1 else 2
    with pytest.raises(TacticaError):
        Fight.from_dict(data, FP)


def test_a_fight_cut_off_by_its_round_limit_names_the_last_round_fought() -> None:
    """Issue 15 point 12: a round limit of 1 stops the fight as round 2 opens; the outcome is round 1, cut off
    (kills a surviving mutant, issue 14 point 13)."""
    setup = {**conformance_setup("futurepath"), "options": {"max_rounds": 1}}
    fight = Fight.new(get_system("futurepath"), setup, seed=0)
    policy = RandomPolicy(0)
    while not fight.is_over():
        fight.apply(policy.choose(fight))
    outcome = fight.outcome()
    assert outcome is not None and outcome.cut_off and outcome.round == 1 and outcome.winner is None


def test_a_system_lists_its_own_event_kinds_and_the_engines() -> None:
    """Issue 15 point 1: a system's event kinds are the engine's and its own package's, no other system's
    (kills two surviving mutants, issue 14 point 13)."""
    kinds = get_system("srb").event_types()
    assert "FightStarted" in kinds and "SrbAttackRolled" in kinds
    assert "AttackRolled" not in kinds and "StrikeResolved" not in kinds
