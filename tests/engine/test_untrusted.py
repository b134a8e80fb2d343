"""Issue 12 points 1, 2 and 6: the engine trusts no input. ``apply`` takes exactly the actions the state
lists, whether written or built, listed first or not; it is all-or-nothing whatever fails inside the rules;
a saved fight that is ill-formed or edited is refused, naming the field or the first step that differs."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from tactica.ai import RandomPolicy
from tactica.dice import Die, SeededDice
from tactica.engine import Action, ActionSyntaxError, Fight, IllegalAction, ResolutionFault, SaveError
from tactica.engine.codec import to_data
from tactica.systems import all_systems, get_system
from tactica.testing import conformance_setup
from tests.engine.helpers import play

SYSTEMS = [s.id for s in all_systems()]


def played(system_id: str, seed: int, steps: int) -> Fight:
    """A random-legal fight of the system's arena after ``steps`` actions (fewer if it ends)."""
    return play(Fight.new(get_system(system_id), conformance_setup(system_id), seed=seed), steps, seed)


def fresh_copy(fight: Fight) -> Fight:
    """The same fight rebuilt from its actions and faces: nothing has been listed in it yet."""
    copy = Fight.replay(fight.game, fight.history, fight.faces, seed=fight.seed)
    copy.tape = type(copy.tape)(SeededDice(fight.seed, len(fight.faces)), list(fight.faces))
    return copy


def snapshot(fight: Fight) -> tuple[Any, ...]:
    return (to_data(fight.state), list(fight.history), list(fight.faces), [e.to_dict() for e in fight.events])


def variants(action: Action) -> list[Action]:
    """Well-formed neighbours of a listed action: junk flags, a position, another item or target."""
    out = [action.with_flags("junk"), replace(action, using="no-such-item")]
    if action.at is None:
        out.append(replace(action, at=(3, 3)))
    else:
        out.append(replace(action, at=(action.at[0] + 97, action.at[1])))
    out.append(replace(action, target="nobody" if action.target else "rook"))
    return out


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_issue12_1_only_listed_actions_apply_even_when_nothing_was_listed(system_id: str) -> None:
    """Issue 12 point 1: an action that is not among the legal actions (a listed one with junk after it, a
    position, another item or target) is refused with IllegalAction and changes nothing, in a fight where
    legal_actions() was never called."""
    refused = 0
    for seed in range(6):
        fight = played(system_id, seed, 5 + 7 * seed)
        if fight.is_over():
            continue
        legal = set(fight.legal_actions())
        for action in fight.legal_actions()[:8]:
            for wrong in variants(action):
                if wrong in legal:
                    continue
                fresh = fresh_copy(fight)
                before = snapshot(fresh)
                with pytest.raises(IllegalAction) as caught:
                    fresh.apply(wrong)
                assert str(wrong) in str(caught.value)
                with pytest.raises(IllegalAction):
                    fresh.apply(str(wrong))
                assert snapshot(fresh) == before
                refused += 1
    assert refused > 20


def test_issue12_1_a_listed_action_with_junk_after_it_is_refused_in_futurepath_and_thrum() -> None:
    """Issue 12 point 1, the reported case: 'X end @3,3' was accepted when nothing had been listed."""
    for system_id in ("futurepath", "thrum"):
        fight = played(system_id, 1, 0)
        ends = [a for a in fight.legal_actions() if a.verb == "end"]
        assert ends, f"{system_id}: an 'end' action should be legal at the start"
        fresh = fresh_copy(fight)
        with pytest.raises(IllegalAction, match="not among the legal actions"):
            fresh.apply(f"{ends[0]} @3,3")
        assert fresh.history == []


@pytest.mark.parametrize(
    ("action", "fragment"),
    [
        (Action("vex", "attack", "ro ok"), "target 'ro ok'"),
        (Action("vex", "move", at=(1.5, 2)), "position (1.5, 2)"),  # type: ignore[arg-type]
        (Action("vex", "move", at=(True, 2)), "position (True, 2)"),
        (Action("vex", "end", flags=("b", "a")), "does not read back"),
        (Action("vex", "end", flags=["a"]), "flags"),  # type: ignore[arg-type]
        (Action("v" * 65, "end"), "actor"),
        (Action("vex", "move", at=(10**12, 0)), "position"),
        ("vex move @1,1 +fast @2,2", "unexpected '@2,2'"),  # a route's squares come one after another
        ("vex attack rook with rifle with pistol", "unexpected 'with'"),
        ("vex move @١,٢", "position"),
        (42, "not int"),
    ],
)
def test_issue12_1_malformed_actions_are_syntax_errors_that_change_nothing(
    action: Any, fragment: str
) -> None:
    """Issue 12 point 1: an Action built directly must read back from its own text (a target with a space
    in it made saves that no longer loaded); repeated parts and non-ASCII digits are not read."""
    fight = played("futurepath", 0, 3)
    before = snapshot(fight)
    with pytest.raises(ActionSyntaxError, match=fragment.replace("(", r"\(").replace(")", r"\)")):
        fight.apply(action)
    assert snapshot(fight) == before


def test_issue12_1_messages_never_echo_huge_input() -> None:
    """Issue 12 point 1: a huge action text gives a short message."""
    fight = played("futurepath", 0, 0)
    with pytest.raises(ActionSyntaxError) as caught:
        fight.apply("vex " + "x" * 1_000_000)
    assert len(str(caught.value)) < 300


class FailingDice:
    """Dice that hand out the faces of ``inner``, then fail with ``error`` at draw number ``at`` (from 0)."""

    def __init__(self, inner: Any, at: int, error: BaseException) -> None:
        self.inner, self.at, self.error, self.draws = inner, at, error, 0

    def draw(self, die: Die, count: int, purpose: str) -> tuple[int, ...]:
        if self.draws == self.at:
            raise self.error
        self.draws += 1
        return self.inner.draw(die, count, purpose)


def failing_in_the_middle(system_id: str) -> tuple[Fight, Action]:
    """A fight and a legal action whose resolution draws dice at least twice and records events before the
    second draw (so a failure there lands in the middle of it, after the state has begun to change)."""
    for seed in range(10):
        fight = played(system_id, seed, 0)
        policy = RandomPolicy(seed)
        while not fight.is_over() and len(fight.history) < 300:
            for action in fight.legal_actions():
                counter = FailingDice(SeededDice(seed), 10**9, RuntimeError())
                probe = fight.clone(dice=counter)
                probe.apply(action)
                if counter.draws >= 2 and len(probe.events) - len(fight.events) >= 2:
                    return fight, action
            fight.apply(policy.choose(fight))
    raise AssertionError(f"{system_id}: no action rolling twice found")


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_issue12_2_apply_is_all_or_nothing_when_the_rules_fail_midway(system_id: str) -> None:
    """Issue 12 point 2: whatever fails in the middle of a resolution (here the second roll raises), the
    fight is exactly as before: state, history, faces, events and what is legal. A failure that is not the
    rules refusing is a ResolutionFault naming the action; an interrupt (Ctrl-C) passes through unchanged."""
    fight, action = failing_in_the_middle(system_id)
    for error, expected in (
        (RuntimeError("boom"), ResolutionFault),
        (KeyboardInterrupt(), KeyboardInterrupt),
    ):
        broken = fight.clone(dice=FailingDice(SeededDice(0), 1, error))
        before, legal = snapshot(broken), [str(a) for a in broken.legal_actions()]
        with pytest.raises(expected) as caught:
            broken.apply(action)
        assert snapshot(broken) == before
        assert [str(a) for a in broken.legal_actions()] == legal
        if expected is ResolutionFault:
            assert str(action) in str(caught.value) and "RuntimeError: boom" in str(caught.value)
            assert caught.value.__cause__ is error


def test_issue12_2_after_a_fault_the_same_action_rolls_the_same() -> None:
    """Issue 12 point 2: the faces drawn before the failure stay ahead on the tape, so taking the action
    again once the dice work gives exactly the fight it would have had."""
    fight, action = failing_in_the_middle("futurepath")
    expected = fight.clone()
    expected.apply(action)
    broken = fight.clone()
    working = broken.tape.source
    broken.tape.source = FailingDice(working, 1, RuntimeError("boom"))
    with pytest.raises(ResolutionFault):
        broken.apply(action)
    broken.tape.source = working
    broken.apply(action)
    assert snapshot(broken) == snapshot(expected)


# -- saved fights (point 6) ----------------------------------------------------------------------------


def saved(system_id: str = "futurepath", steps: int = 30) -> tuple[Fight, dict[str, Any]]:
    fight = played(system_id, 3, steps)
    return fight, json.loads(fight.to_json())


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_issue12_6_a_save_loads_back_to_the_same_fight(system_id: str) -> None:
    """Issue 12 point 6: a save round-trips, carrying one digest per step."""
    fight, data = saved(system_id)
    assert len(data["steps"]) == len(data["actions"]) + 1
    loaded = Fight.from_dict(data, fight.system)
    assert loaded.to_json() == fight.to_json()


@pytest.mark.parametrize(
    ("edit", "fragment"),
    [
        (lambda d: d.pop("faces"), "field 'faces' is missing"),
        (lambda d: d.update(seed="3"), "field 'seed' must be a whole number; got '3'"),
        (lambda d: d.update(actions=[*d["actions"][:-1], 7]), "field 'actions' must be a list of actions"),
        (lambda d: d["faces"].append("x"), "field 'faces' must be a list of whole numbers"),
        (lambda d: d.update(setup=[1]), "field 'setup' must be a mapping"),
        (lambda d: d.update(format="tactica-fight/0"), "field 'format' must be the text 'tactica-fight/2'"),
        (lambda d: d.update(system="thrum"), "it is a 'thrum' fight, not a 'futurepath' one"),
    ],
)
def test_issue12_6_an_ill_formed_save_names_the_field(edit: Any, fragment: str) -> None:
    """Issue 12 point 6: a missing or ill-typed field is a SaveError naming it, not a KeyError/TypeError."""
    _, data = saved()
    edit(data)
    with pytest.raises(SaveError, match=fragment.replace("(", r"\(")):
        Fight.from_dict(data, get_system("futurepath"))


def test_issue12_6_a_save_that_is_not_a_mapping() -> None:
    with pytest.raises(SaveError, match="a saved fight is a mapping"):
        Fight.from_dict([1, 2], get_system("futurepath"))  # type: ignore[arg-type]


def test_issue12_6_an_edited_seed_is_refused_at_step_0() -> None:
    """Issue 12 point 6: a save whose seed was edited loaded silently and then diverged."""
    _, data = saved()
    data["seed"] += 1
    with pytest.raises(SaveError, match=r"step 0 \(the setup, the seed"):
        Fight.from_dict(data, get_system("futurepath"))


def test_issue12_6_an_appended_action_is_refused() -> None:
    """Issue 12 point 6: actions appended to a save (legal ones, with faces for them) are refused."""
    fight, data = saved(steps=20)
    longer = fight.clone()
    longer.apply(RandomPolicy(5).choose(longer))
    data["actions"], data["faces"] = [str(a) for a in longer.history], list(longer.faces)
    with pytest.raises(SaveError, match="actions were added or removed by hand"):
        Fight.from_dict(data, fight.system)
    data["steps"].append(data["steps"][-1])
    with pytest.raises(SaveError, match=rf"step {len(longer.history)} \('{longer.history[-1]}'\) differs"):
        Fight.from_dict(data, fight.system)


def test_issue12_6_an_edited_face_names_the_first_step_that_differs() -> None:
    """Issue 12 point 6: an edited face is refused, naming the step that rolled it."""
    fight, data = saved(steps=30)
    k = max(i for i, (pos, _) in enumerate(fight.marks) if fight.marks[i][0] < len(fight.faces) - 1)
    pos = fight.marks[k][0]
    data["faces"][pos] = 2 if data["faces"][pos] != 2 else 3
    with pytest.raises(SaveError, match=r"step \d+ \('|does not replay"):
        Fight.from_dict(data, fight.system)


def test_issue12_6_an_illegal_action_in_a_save_is_refused_with_its_number() -> None:
    _, data = saved(steps=10)
    data["actions"][4] = "vex fly @1,1"
    with pytest.raises(SaveError, match=r"action 5 \('vex fly @1,1'\) does not replay"):
        Fight.from_dict(data, get_system("futurepath"))


def test_issue12_6_faces_added_by_hand_are_refused() -> None:
    _, data = saved(steps=10)
    data["faces"] += [1, 1, 1]
    with pytest.raises(SaveError, match="3 of its faces were never rolled"):
        Fight.from_dict(data, get_system("futurepath"))
