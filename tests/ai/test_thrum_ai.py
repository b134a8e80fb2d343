"""The default THRUM AI: always legal, finishes fights, beats the random policy, and plays the tactics it
promises (stances, Recover, Resuscitate, Finishers on Exhausted enemies, triggers, defence choices)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tactica.ai import RandomPolicy, make_policy, run_fight
from tactica.engine import Action, Fight
from tactica.systems import get_system
from tactica.systems.thrum.ai import DefaultPolicy
from tactica.testing.conformance import conformance_setup
from tests.ai.legality import play_checked
from tests.systems.thrum.helpers import fighter, new_fight


def choose(fight: Fight) -> Action:
    """The default AI's choice, checked to be legal and to be the deciding actor's."""
    action = DefaultPolicy(0).choose(fight)
    assert action in fight.legal_actions()
    assert action.actor == fight.deciding()[0]
    return action


def test_the_default_policy_is_registered_for_thrum() -> None:
    assert isinstance(make_policy("default", "thrum", 3), DefaultPolicy)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 100_000), ai_side=st.sampled_from(["heroes", "raiders"]))
def test_every_choice_is_legal_against_random_play_in_the_arena(seed: int, ai_side: str) -> None:
    """Issue 14 point 12: each of the AI's choices is listed as legal and is the deciding actor's, and the
    fight ends (not only that run_fight returned an outcome)."""
    fight = Fight.new(get_system("thrum"), conformance_setup("thrum"), seed=seed)
    assert play_checked(fight, DefaultPolicy(seed), ai_side, RandomPolicy(seed)) > 0


def test_the_default_ai_beats_the_random_policy_in_most_arena_fights() -> None:
    wins = 0
    for seed in range(12):
        fight = Fight.new(get_system("thrum"), conformance_setup("thrum"), seed=seed)
        outcome = run_fight(fight, {"heroes": DefaultPolicy(seed), "raiders": RandomPolicy(seed)})
        wins += outcome is not None and outcome.winner == "heroes"
    assert wins >= 9


def _duel(**ana: Any) -> Fight:
    sheet = {"arts": {"dueling": 2}, "abilities": ["precision-slash"], **ana}
    return new_fight(
        fighter("ana", "heroes", (0, 0), **sheet), fighter("orc", "raiders", (1, 0)), text=". . . ."
    )


def test_thrum_ai_uses_a_finisher_on_an_exhausted_enemy() -> None:
    """THRUM 31: against an Exhausted target the Finisher (Precision Slash) beats a Basic Attack."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0), arts={"dueling": 2}, abilities=["precision-slash"]),
        fighter("orc", "raiders", (1, 0), fatigue=4),
        text=". . . .",
    )
    assert choose(fight) == Action.parse("ana precision-slash orc")


def test_thrum_ai_recovers_when_exhausted() -> None:
    """THRUM 36: Exhausted (Fatigue above Tolerance 3), it takes Recover on its Fatigue rather than attacking."""
    fight = _duel(fatigue=4)
    assert choose(fight) == Action.parse("ana recover +fatigue")


def test_thrum_ai_resuscitates_an_incapacitated_ally_in_reach() -> None:
    """THRUM 11, 41: an incapacitated ally next to it comes first."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0)),
        fighter("bo", "heroes", (0, 1), incapacitated=True, fatigue=3),
        fighter("orc", "raiders", (3, 0)),
        text=". . . .\n. . . .",
    )
    assert choose(fight) == Action.parse("ana resuscitate bo")


def test_thrum_ai_declares_a_defence_and_uses_its_triggers() -> None:
    """THRUM 21, 30: it answers every decision: Protect triggers, then a declared defensive roll."""
    fight = new_fight(
        fighter("orc", "raiders", (2, 0)),
        fighter("ana", "heroes", (0, 0), end=2),
        fighter("bo", "heroes", (0, 1), stance="protect"),
        text=". . . .\n. . . .",
    )
    fight.apply("orc basic-attack ana")
    assert choose(fight) == Action.parse("bo trigger")
    fight.apply("bo trigger")
    assert choose(fight) == Action.parse("ana defend +resilience")  # END 2 beats REF 0 + Evasion's Boon


def test_thrum_ai_ends_its_turn_with_a_stance() -> None:
    """THRUM 9: after acting it takes a stance (Dodge when nothing else calls), which ends the turn."""
    fight = _duel()
    first = choose(fight)
    fight.apply(first)
    while fight.state.pending:
        fight.apply(choose(fight))
    assert choose(fight) == Action.parse("ana stance dodge")


def test_listing_some_verbs_of_one_actor_gives_the_same_actions_as_listing_everything() -> None:
    """The AI asks for a few verbs at a time; the rules must list exactly those of the full list, in order."""
    fight = Fight.new(get_system("thrum"), conformance_setup("thrum"), seed=5)
    policy = DefaultPolicy(5)
    for _ in range(150):
        if fight.is_over():
            break
        actor = fight.deciding()[0]
        everything = fight.legal_actions()
        for verbs in ({"move"}, {"stance", "end"}, {"basic-attack", "recover"}, None):
            expected = [a for a in everything if a.actor == actor and (verbs is None or a.verb in verbs)]
            assert fight.legal_actions_of(actor, verbs) == expected
        fight.apply(policy.choose(fight))
