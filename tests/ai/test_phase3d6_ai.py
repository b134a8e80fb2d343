"""The default Phase 3d6 AI: always legal, finishes fights, beats the random policy, takes its attacks of
opportunity and fires its readied attacks."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tactica.ai import RandomPolicy, make_policy, run_fight
from tactica.engine import Action, Fight
from tactica.systems import get_system
from tactica.systems.phase3d6.ai import DefaultPolicy
from tactica.testing.conformance import conformance_setup
from tests.ai.legality import play_checked

HEXES = ". . . . . .\n . . . . . .\n  . . . . . ."


def choose(fight: Fight) -> Action:
    """The default AI's choice, checked to be legal and the deciding actor's."""
    action = DefaultPolicy(0).choose(fight)
    assert action in fight.legal_actions()
    assert action.actor == fight.deciding()[0]
    return action


def duel(**extra: object) -> Fight:
    setup = {
        "system": "phase3d6",
        "map": {"grid": "hex", "text": HEXES},
        "combatants": [
            {"id": "ana", "side": "a", "at": [0, 1], "template": "swordsman"},
            {"id": "orc", "side": "b", "at": [1, 1], "template": "thug"},
        ],
        "initiative": {"ana": 9, "orc": 5},
        **extra,
    }
    return Fight.new(get_system("phase3d6"), setup, seed=2)


def test_the_default_policy_is_registered_for_phase3d6() -> None:
    assert isinstance(make_policy("default", "phase3d6", 3), DefaultPolicy)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 100_000), ai_side=st.sampled_from(["blue", "red"]))
def test_every_choice_is_legal_against_random_play_in_the_arena(seed: int, ai_side: str) -> None:
    """Issue 14 point 12: each of the AI's choices is listed as legal and is the deciding actor's, and the
    fight ends (not only that run_fight returned an outcome)."""
    fight = Fight.new(get_system("phase3d6"), conformance_setup("phase3d6"), seed=seed)
    assert play_checked(fight, DefaultPolicy(seed), ai_side, RandomPolicy(seed)) > 0


def test_the_default_ai_beats_the_random_policy_in_most_arena_fights() -> None:
    wins = 0
    for seed in range(12):
        fight = Fight.new(get_system("phase3d6"), conformance_setup("phase3d6"), seed=seed)
        outcome = run_fight(fight, {"blue": DefaultPolicy(seed), "red": RandomPolicy(seed)})
        wins += outcome is not None and outcome.winner == "blue"
    assert wins >= 9


def test_phase3d6_ai_attacks_an_adjacent_enemy() -> None:
    """Rule 7: an enemy in reach is attacked (a Haymaker when its OCV beats the DCV by 3 or more)."""
    assert choose(duel()) == Action.parse("ana attack orc with sword +haymaker")


def test_phase3d6_ai_takes_its_attack_of_opportunity() -> None:
    """Rules 9-10: when the enemy walks out of its reach, it strikes."""
    fight = duel(initiative={"ana": 5, "orc": 9})
    fight.apply("orc move @4,1")
    assert fight.deciding() == ["ana"]
    assert choose(fight).verb == "opportunity"
