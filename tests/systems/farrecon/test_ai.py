"""The default Far Recon AI: it takes cover, spreads out against explosives, throws grenades at bunched
enemies, dodges strong attacks, treats the fallen, and plays the demo to its end."""

from __future__ import annotations

from importlib import resources
from typing import Any

import yaml

from tactica.ai import RandomPolicy, run_fight
from tactica.engine import Fight
from tactica.grid import Cover, cover_between
from tactica.systems.farrecon.ai import DefaultPolicy
from tests.systems.farrecon.helpers import SYSTEM, F, fighter, new_fight, state_of

FIELD = ". . . . . . . . . . . .\n. . . + . . . . . . . .\n. . . . . . . . . . . .\n. . . . . . . . . . . ."


def choose(fight: Fight) -> str:
    action = DefaultPolicy(0).choose(fight)
    assert action in fight.legal_actions()
    return str(action)


def test_ai_takes_cover_from_the_enemys_line_of_fire() -> None:
    """A shooter in the open moves to a square the crate covers from the enemy, in range of it."""
    fight = new_fight(
        fighter("a", "x", (1, 3), weapons=["rifle"], skills={"firearms": 2}),
        fighter("b", "y", (10, 1), weapons=["rifle"]),
        text=FIELD,
    )
    action = choose(fight)
    assert action.startswith("a move @")
    fight.apply(action)
    a, b = state_of(fight, "a"), state_of(fight, "b")
    assert cover_between(fight.game.board, b.pos, a.pos) >= Cover.PARTIAL  # type: ignore[attr-defined]
    assert choose(fight) == "a attack b with rifle"


def test_ai_spreads_out_against_explosives() -> None:
    """Against enemies who carry grenades, it does not stay within 2 squares of an ally."""
    fight = new_fight(
        fighter("a", "x", (1, 2), weapons=["rifle"], skills={"firearms": 2}),
        fighter("c", "x", (2, 2), weapons=["rifle"]),
        fighter("b", "y", (10, 2), weapons=["pistol", "frag"], carry={"frag": 2}),
        text=FIELD.replace("+", "."),
    )
    action = choose(fight)
    assert action.startswith("a move @")
    fight.apply(action)
    assert fight.game.board.distance(state_of(fight, "a").pos, state_of(fight, "c").pos) > 2  # type: ignore[attr-defined]


def test_ai_throws_a_grenade_at_bunched_enemies() -> None:
    """Two enemies side by side within throwing range, no ally near them: a grenade."""
    fight = new_fight(
        fighter("a", "x", (1, 1), weapons=["pistol", "frag"], skills={"agility": 1}),
        fighter("b", "y", (6, 1)),
        fighter("c", "y", (7, 1)),
        text=FIELD.replace("+", "."),
    )
    assert choose(fight).startswith("a throw @")


def test_ai_dodges_a_strong_attack_and_takes_a_weak_one() -> None:
    """It keeps its one dodge a round for attacks that beat its Physical Defense."""
    for faces, answer in ((F(3), "b dodge"), (F(-3), "b take")):
        fight = new_fight(
            fighter("a", "x", (0, 1), skills={"firearms": 1}),
            fighter("b", "y", (4, 1), skills={"pdef": 1}),
            dice=faces,
        )
        fight.apply("a attack b with pistol")
        assert choose(fight) == answer


def test_ai_treats_a_dying_ally_and_acts_on_a_delay() -> None:
    """An adjacent dying ally is treated first; a held turn is taken at once."""
    fight = new_fight(
        fighter("m", "x", (0, 1), skills={"medicine": 2}),
        fighter("p", "x", (1, 1), health_now=-2),
        fighter("e", "y", (7, 1)),
    )
    assert choose(fight) == "m treat p"
    fight.apply("m delay")
    assert choose(fight) == "m act"


def demo() -> dict[str, Any]:
    text = resources.files("tactica.systems.farrecon").joinpath("content/demo.yaml").read_text()
    data = yaml.safe_load(text)
    assert isinstance(data, dict)
    return data


def test_the_demo_plays_to_its_end() -> None:
    """`tactica demo farrecon`: the 4-against-4 demo, default AI on both sides, ends with a winner."""
    data = demo()
    assert {"name", "description", "seed", "ai"} <= set(data)
    setup = {k: v for k, v in data.items() if k not in ("name", "description", "seed", "ai")}
    fight = Fight.new(SYSTEM, setup, seed=data["seed"])
    outcome = run_fight(fight, {side: DefaultPolicy(data["seed"]) for side in ("recon", "insurgents")})
    assert outcome is not None and outcome.winner is not None
    kinds = {e.kind for e in fight.events}
    assert {"SimultaneousResolution", "Detonated", "StrikeResolved"} <= kinds


def test_the_default_ai_beats_random_play_more_often_than_not() -> None:
    """Sanity: on the demo map the default AI wins most fights against random play."""
    data = demo()
    setup = {k: v for k, v in data.items() if k not in ("name", "description", "seed", "ai")}
    wins = 0
    for seed in range(6):
        fight = Fight.new(SYSTEM, setup, seed=seed)
        outcome = run_fight(fight, {"recon": DefaultPolicy(seed), "insurgents": RandomPolicy(seed)})
        wins += outcome is not None and outcome.winner == "recon"
    assert wins >= 4
