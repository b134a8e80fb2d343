"""The default Star Rangers policy (it reloads, keeps range, helps a gunner, closes in for melee), the demo
fight and the conformance check on a few seeds."""

from __future__ import annotations

from importlib import resources
from typing import Any

import pytest
import yaml

from tactica.ai import run_fight
from tactica.engine import Fight
from tactica.systems import get_system
from tactica.systems.srb.ai import DefaultPolicy
from tactica.testing.conformance import check_fight
from tests.systems.srb.helpers import fighter, fs, new_fight, of

SCENARIO_KEYS = ("name", "description", "seed", "ai", "dice", "script", "expect")


def choice(fight: Fight) -> str:
    return str(DefaultPolicy(0).choose(fight))


def test_ai_reloads_an_empty_gun() -> None:
    """The default AI reloads an empty gun step by step before anything else."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), weapons=["pistol"], loaded={"pistol": 0}, magazines={"pistol": 1}),
        fighter("orc", "blue", (5, 0)),
    )
    assert choice(fight) == "ana reload pistol"
    fight.apply("ana reload pistol")
    assert choice(fight) == "ana reload pistol"


def test_ai_keeps_range() -> None:
    """A shooter with an enemy next to it steps away first, to a square within one range increment of an
    enemy and next to none, then shoots."""
    fight = new_fight(
        fighter("ana", "red", (4, 2), weapons=["pistol"]),
        fighter("orc", "blue", (5, 2), weapons=["knife"]),
        dice=[1, 15],
    )
    move = DefaultPolicy(0).choose(fight)
    assert move.verb == "move" and move.at is not None
    orc = fs(fight, "orc").pos
    assert 2 <= max(abs(move.at[0] - orc[0]), abs(move.at[1] - orc[1])) <= 6
    fight.apply(move)
    assert choice(fight) == "ana attack orc with pistol"


def test_ai_loader_helps_its_gunner() -> None:
    """A loader next to a gunner whose belt-fed gun is being reloaded does the next step."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), weapons=["machine-gun"], loaded={"machine-gun": 0}),
        fighter("bo", "red", (1, 0), weapons=["smg"], magazines={"machine-gun": 1}),
        fighter("orc", "blue", (9, 4)),
    )
    fight.apply("ana reload machine-gun")
    fight.apply("ana end")
    assert choice(fight) == "bo load ana with machine-gun"


def test_ai_melee_uses_heavy_melee_next_to_an_enemy() -> None:
    """A melee fighter next to an enemy at the start of its turn uses Heavy melee; out of reach it closes
    in."""
    fight = new_fight(fighter("ana", "red", (2, 2), weapons=["machete"]), fighter("orc", "blue", (3, 2)))
    assert choice(fight) == "ana heavy-melee orc with machete"
    far = new_fight(fighter("ana", "red", (0, 2), weapons=["machete"]), fighter("orc", "blue", (5, 2)))
    assert DefaultPolicy(0).choose(far).verb == "move"


def test_ai_does_not_count_strength_in_its_damage_estimate() -> None:
    """Issue 14 point 3 (seed l.130: Strength "applies to melee attack rolls"): next to orc (Defense 10),
    STR 18 ana weighs a pistol shot (hit 11/20 x 2d6 7 = 3.85) against an unarmed strike (hit 15/20 x 1d3
    2 = 1.5; not 1d3 + 4 = 6, 4.5) and shoots."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), weapons=["pistol"], str=18), fighter("orc", "blue", (3, 2)), dice=[5]
    )
    fight.apply("ana perceive")
    assert choice(fight) == "ana attack orc with pistol"


def test_ai_ends_a_turn_with_only_dropping_left() -> None:
    """Issue 14 point 2: when the actions are spent but the knife in hand could still be dropped (no
    action, seed l.112), the default AI ends its turn rather than loop or throw the knife away."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), weapons=["knife"]), fighter("orc", "blue", (3, 2)), dice=[2, 1]
    )
    fight.apply("ana move @2,1")
    fight.apply("ana attack orc")
    assert fight.deciding() == ["ana"] and choice(fight) == "ana end"


def _ana_turn(fight: Fight) -> list[str]:
    """ana's choices (applied) until her turn is over; then orc ends his turn."""
    chosen: list[str] = []
    while fight.deciding() == ["ana"]:
        chosen.append(choice(fight))
        fight.apply(chosen[-1])
    fight.apply("orc end")
    return chosen


def test_ai_off_target_rolls_perception_until_it_may_attack_again() -> None:
    """Star Rangers 22 (7), B6: off target for the next 2 actions, counted in ana's own actions (and `end`
    is none), the default AI spends its move action, then its standard action, on Perception rolls (a d20,
    nothing else changes), so she attacks again within two of her turns: after a fumbled Heavy melee, two
    rolls in the next turn, the attack in the one after; after a fumbled plain attack, a roll with the move
    action left, one more in the next turn, then the attack with its standard action."""
    heavy = new_fight(
        fighter("ana", "red", (2, 2), weapons=["knife"]), fighter("orc", "blue", (3, 2)), dice=[1, 7, 4, 9]
    )
    turns = [_ana_turn(heavy) for _ in range(2)]
    assert turns == [
        ["ana heavy-melee orc with knife", "ana end"],
        ["ana perceive", "ana perceive", "ana end"],
    ]
    assert [c.face for c in of(heavy.events, "SrbCheckRolled")] == [4, 9]
    assert choice(heavy) == "ana heavy-melee orc with knife"
    plain = new_fight(
        fighter("ana", "red", (2, 2), weapons=["knife"]), fighter("orc", "blue", (3, 2)), dice=[1, 7, 4, 9]
    )
    plain.apply("ana attack orc")
    assert _ana_turn(plain) == ["ana perceive", "ana end"]
    assert choice(plain) == "ana perceive"
    plain.apply("ana perceive")
    assert choice(plain) == "ana attack orc with knife"


def _scenario(name: str) -> dict[str, Any]:
    data = yaml.safe_load(resources.files("tactica.systems.srb").joinpath(f"content/{name}.yaml").read_text())
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize("seed", [7, 1, 2])
def test_the_demo_plays_to_its_end(seed: int) -> None:
    """`tactica demo srb`: the 4-against-4 demo, default AI on both sides, ends with a winner or at the
    round limit."""
    data = _scenario("demo")
    assert data["ai"] == {"rangers": "default", "raiders": "default"}
    setup = {k: v for k, v in data.items() if k not in SCENARIO_KEYS}
    fight = Fight.new(get_system("srb"), setup, seed=seed)
    assert len({c["side"] for c in setup["combatants"]}) == 2 and len(setup["combatants"]) == 8
    outcome = run_fight(fight, {"rangers": DefaultPolicy(seed), "raiders": DefaultPolicy(seed + 1)})
    assert outcome is not None
    assert of(fight.events, "SrbSurprise") and of(fight.events, "SrbReloadStep")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_conformance(seed: int) -> None:
    """The conformance check on the arena: the fight ends, every offered action is accepted, it replays,
    undoes and round-trips JSON (seeds 0-99 run in the lead's script; three here)."""
    assert check_fight("srb", seed).ended
