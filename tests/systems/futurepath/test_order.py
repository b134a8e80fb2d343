"""FuturePath rules 1-3: rounds, team initiative, team turns."""

from __future__ import annotations

import pytest

from tactica.engine import Fight, IllegalAction
from tactica.systems import get_system
from tests.systems.futurepath.helpers import fighter, new_fight


def test_futurepath_2_team_initiative_is_the_ceiling_of_the_mean() -> None:
    """FuturePath 2: team initiative = ceil(mean of DEX + WIS modifiers); the higher team goes first."""
    data = {
        "map": {"text": ". . . ."},
        "combatants": [
            fighter("a", "red", (0, 0), dex=14, wis=10),  # 2
            fighter("b", "red", (1, 0), dex=12, wis=10),  # 1 -> team ceil(1.5) = 2
            fighter("c", "blue", (3, 0), dex=16, wis=12),  # 4 -> team 4
        ],
    }
    fight = Fight.new(get_system("futurepath"), data, seed=1)
    scores = {e.holder: e.score for e in fight.events if e.kind == "InitiativeRolled"}
    assert scores == {"red": 2, "blue": 4}
    assert fight.state.order.current.key == "blue"
    assert fight.deciding() == ["c"]


def test_futurepath_2_adverse_condition_lowers_team_initiative() -> None:
    """FuturePath 2 [nbr: Conditions]: -1 team initiative per adverse condition (here: prone)."""
    data = {
        "map": {"text": ". . . ."},
        "combatants": [
            fighter("a", "red", (0, 0), dex=14, posture="prone"),
            fighter("c", "blue", (3, 0), dex=14),
        ],
    }
    fight = Fight.new(get_system("futurepath"), data, seed=1)
    scores = {e.holder: e.score for e in fight.events if e.kind == "InitiativeRolled"}
    assert scores == {"red": 1, "blue": 2}


def test_futurepath_2_ties_go_to_the_team_with_the_highest_dex_then_a_roll_off() -> None:
    """FuturePath 2: tie -> team with the single highest Dex; still tied -> initiative roll-off."""
    by_dex = {
        "map": {"text": ". . . ."},
        "combatants": [
            fighter("a", "red", (0, 0), dex=15, wis=8),
            fighter("c", "blue", (3, 0), dex=13, wis=10),
        ],
    }
    fight = Fight.new(get_system("futurepath"), by_dex, seed=1)
    assert fight.state.order.current.key == "red"  # both score 1; red has DEX 15
    rolled = {
        "map": {"text": ". . . ."},
        "combatants": [fighter("a", "red", (0, 0), dex=14), fighter("c", "blue", (3, 0), dex=14)],
    }
    from tactica.dice import ScriptedDice

    fight = Fight.new(get_system("futurepath"), rolled, dice=ScriptedDice([3, 17]))
    assert [e.what for e in fight.events if e.kind == "Checked"] == ["initiative roll-off"] * 2
    assert fight.state.order.current.key == "blue"


def test_futurepath_1_every_round_uses_the_same_order() -> None:
    """FuturePath 1: each round begins with the highest team and proceeds in the same order."""
    fight = new_fight(fighter("a", "red", (0, 0)), fighter("c", "blue", (4, 0)), dice=[])
    teams = []
    for _ in range(4):
        teams.append(fight.state.order.current.key)
        fight.apply(f"{fight.deciding()[0]} end")
    assert teams == ["red", "blue", "red", "blue"]
    assert fight.state.order.round == 3


def test_futurepath_3_team_members_act_in_any_order_during_their_team_turn() -> None:
    """FuturePath 3: all members of the acting team may decide; the team turn ends when all are done."""
    fight = new_fight(
        fighter("a", "red", (0, 0)), fighter("b", "red", (1, 0)), fighter("c", "blue", (4, 0)), dice=[]
    )
    assert fight.deciding() == ["a", "b"]
    fight.apply("b end")
    assert fight.deciding() == ["a"]
    fight.apply("a end")
    assert fight.deciding() == ["c"]


def test_futurepath_3_the_other_team_cannot_act_out_of_turn() -> None:
    """FuturePath 2-3: only the team whose turn it is acts."""
    fight = new_fight(fighter("a", "red", (0, 0)), fighter("c", "blue", (4, 0)), dice=[])
    with pytest.raises(IllegalAction, match="team red's turn"):
        fight.apply("c end")
