"""FuturePath rule 36 (Combat Technique: Bull Rush, ruling A4) and rule 44 (skills as actions).

Fights are tiny, with fixed team initiative (red first) and scripted dice; a die the test did not expect
fails the test with DiceExhausted.
"""

from __future__ import annotations

from typing import Any

import pytest

from tactica.dice import ScriptedDice
from tactica.engine import Fight
from tactica.engine.errors import IllegalAction
from tactica.systems import get_system
from tactica.systems.futurepath.events import Checked, Pushed
from tests.systems.futurepath.helpers import of, offered

OPEN = ". . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n"


def fighter(fid: str, side: str, at: list[int], **sheet: Any) -> dict[str, Any]:
    """A plain combatant: 10 in every ability (CTD 10), 10 HP, AC 10, carrying a baton and a knife."""
    data: dict[str, Any] = {"id": fid, "side": side, "at": at, "hp": 10, "ac": 10}
    data.update({"weapons": ["baton", "knife"], "drawn": ["baton"]})
    data.update(sheet)
    return data


def rush_fight(
    faces: list[int],
    *,
    vex: dict[str, Any] | None = None,
    rook: dict[str, Any] | None = None,
    ash: dict[str, Any] | None = None,
    options: dict[str, Any] | None = None,
    text: str = OPEN,
) -> Fight:
    """vex (red, CTO 5) right next to rook (blue, CTD 10), ash (blue) out of the way."""
    setup = {
        "map": {"text": text},
        "initiative": {"red": 5, "blue": 1},
        "options": {"proficiency_advantage": False, **(options or {})},
        "combatants": [
            fighter("vex", "red", **{"at": [1, 1], "cto": 5, **(vex or {})}),
            fighter("rook", "blue", **{"at": [2, 1], **(rook or {})}),
            fighter("ash", "blue", **{"at": [0, 3], **(ash or {})}),
        ],
    }
    return Fight.new(get_system("futurepath"), setup, dice=ScriptedDice(faces))


# -- rule 36: Bull Rush --------------------------------------------------------------------------


def test_futurepath_36_bull_rush_is_offered_against_adjacent_enemies_only() -> None:
    """FuturePath 36 (Techniques): a Bull Rush is a melee technique on an adjacent opponent."""
    fight = rush_fight([])
    assert offered(fight, "technique") == {"vex technique rook +bull-rush"}
    assert "adjacent" in (fight.why_illegal("vex technique ash +bull-rush") or "")
    assert "bull-rush" in (fight.why_illegal("vex technique rook") or "")
    assert "bull-rush" in (fight.why_illegal("vex technique rook +grapple") or "")


def test_futurepath_36_bull_rush_is_d20_plus_cto_against_ctd() -> None:
    """FuturePath 36 (Techniques): the roll is d20 + CTO against the target's CTD."""
    fight = rush_fight([5])
    events = fight.apply("vex technique rook +bull-rush")
    assert Checked("vex", "bull rush on rook", 5, 10, 10, True) in events


def test_futurepath_36_bull_rush_pushes_5ft_plus_5ft_per_5_over_ctd() -> None:
    """FuturePath 36 (Techniques): success pushes 5 ft, plus 5 ft per 5 points the roll beats CTD by,
    straight away from the attacker."""
    fight = rush_fight([15])  # 20 vs 10: 1 + 2 squares
    events = fight.apply("vex technique rook +bull-rush")
    assert Pushed("vex", "rook", (5, 1)) in events
    assert fight.state.fighters["rook"].pos == (5, 1)
    assert fight.state.fighters["vex"].pos == (1, 1)


def test_futurepath_36_bull_rush_meeting_ctd_exactly_pushes_one_square() -> None:
    """FuturePath 36: a total equal to CTD succeeds with the minimum push of 5 ft; 4 over adds nothing."""
    fight = rush_fight([9])  # 14 vs 10
    fight.apply("vex technique rook +bull-rush")
    assert fight.state.fighters["rook"].pos == (3, 1)


def test_futurepath_36_bull_rush_below_ctd_fails() -> None:
    """FuturePath 36: a total below CTD does nothing."""
    fight = rush_fight([4])  # 9 vs 10
    events = fight.apply("vex technique rook +bull-rush")
    assert of(events, Pushed) == []
    assert of(events, Checked)[-1].success is False
    assert fight.state.fighters["rook"].pos == (2, 1)


def test_futurepath_36_a_natural_one_is_an_instant_failure() -> None:
    """FuturePath 36 (Techniques): 'a roll of 1 is an instant failure', whatever the CTO."""
    fight = rush_fight([1], vex={"cto": 20})
    events = fight.apply("vex technique rook +bull-rush")
    assert of(events, Checked)[-1].success is False and of(events, Pushed) == []


def test_futurepath_36_ctd_comes_from_the_target_sheet() -> None:
    """FuturePath 36: a sturdier target (higher CTD) is harder to move."""
    fight = rush_fight([10], rook={"ctd": 16})  # 15 vs 16
    fight.apply("vex technique rook +bull-rush")
    assert fight.state.fighters["rook"].pos == (2, 1)


def test_futurepath_36_the_push_follows_the_diagonal() -> None:
    """FuturePath 36: 'straight away from the attacker' on a diagonal too."""
    fight = rush_fight([10], vex={"at": [1, 0]})  # rook at 2,1; 15 vs 10: 2 squares
    fight.apply("vex technique rook +bull-rush")
    assert fight.state.fighters["rook"].pos == (4, 3)


def test_futurepath_36_the_push_stops_at_a_wall() -> None:
    """FuturePath 36 (ruling): a push stops before a wall."""
    text = ". . . . . . . .\n. . . . # . . .\n. . . . . . . .\n. . . . . . . .\n"
    fight = rush_fight([15], text=text)
    fight.apply("vex technique rook +bull-rush")
    assert fight.state.fighters["rook"].pos == (3, 1)


def test_futurepath_36_the_push_stops_at_another_character() -> None:
    """FuturePath 36 (ruling): a push stops before a square someone stands in."""
    fight = rush_fight([15], ash={"at": [4, 1]})
    fight.apply("vex technique rook +bull-rush")
    assert fight.state.fighters["rook"].pos == (3, 1)


def test_futurepath_36_a_blocked_push_moves_no_one() -> None:
    """FuturePath 36: against the map edge the push has nowhere to go."""
    fight = rush_fight([15], vex={"at": [6, 1]}, rook={"at": [7, 1]})
    events = fight.apply("vex technique rook +bull-rush")
    assert of(events, Checked)[-1].success is True and of(events, Pushed) == []
    assert fight.state.fighters["rook"].pos == (7, 1)


def test_futurepath_36_a4_a_combat_technique_is_a_full_round_action() -> None:
    """FuturePath 36 / A4: a Combat Technique takes the Move and the Attack: a Full-Round action that ends
    the turn and cannot follow a Simple action."""
    fight = rush_fight([15])
    fight.apply("vex technique rook +bull-rush")
    assert "vex" not in fight.state.acting
    late = rush_fight([])
    late.apply("vex draw knife")
    assert offered(late, "technique") == set()
    with pytest.raises(IllegalAction, match="Full-Round"):
        late.apply("vex technique rook +bull-rush")


def test_futurepath_36_a4_option_makes_it_a_standard_action() -> None:
    """FuturePath 36 / A4 option technique_full_round=false: the table's 'Attack (Combat Technique)' as a
    Standard action; the turn goes on and the Standard action is spent."""
    fight = rush_fight([15], options={"technique_full_round": False})
    fight.apply("vex technique rook +bull-rush")
    assert "vex" in fight.state.acting
    assert "Standard" in (fight.why_illegal("vex move @1,2") or "")
    after_draw = rush_fight([15], options={"technique_full_round": False})
    after_draw.apply("vex draw knife")
    assert offered(after_draw, "technique") == {"vex technique rook +bull-rush"}


def test_futurepath_36_a_prone_attacker_cannot_bull_rush() -> None:
    """FuturePath 36 (ruling): rushing someone needs the attacker on its feet."""
    fight = rush_fight([], options={"technique_full_round": False})
    fight.apply("vex prone")
    assert offered(fight, "technique") == set()
    assert "standing" in (fight.why_illegal("vex technique rook +bull-rush") or "")


# -- rule 44: skills -----------------------------------------------------------------------------


def skill_fight(faces: list[int], **vex: Any) -> Fight:
    """vex (CHA 14, DEX 12, Diplomacy 3, Acrobatics 1) facing rook (up) and ash (dying)."""
    sheet = {"cha": 14, "dex": 12, "skills": {"diplomacy": 3, "acrobatics": 1}, **vex}
    return rush_fight(faces, vex=sheet, ash={"hp_now": 0})


def test_futurepath_44_the_combat_skills_are_offered() -> None:
    """FuturePath 44: Diplomacy and Intimidation (at a conscious enemy, or at no one) and Acrobatics."""
    fight = skill_fight([])
    assert offered(fight, "skill") == {
        "vex skill with diplomacy",
        "vex skill rook with diplomacy",
        "vex skill with intimidation",
        "vex skill rook with intimidation",
        "vex skill with acrobatics",
    }
    assert "dying" in (fight.why_illegal("vex skill ash with diplomacy") or "")
    assert "not aimed" in (fight.why_illegal("vex skill rook with acrobatics") or "")
    assert "diplomacy, intimidation, acrobatics" in (fight.why_illegal("vex skill with perception") or "")


def test_futurepath_44_diplomacy_is_a_full_round_check_of_d20_ranks_and_cha() -> None:
    """FuturePath 44: Diplomacy 'to end combat peacefully' is a Full-Round action; the check is d20 + ranks
    + CHA, and its effect is left to the GM (DC 0 in the event)."""
    fight = skill_fight([10, 1])
    events = fight.apply("vex skill rook with diplomacy")
    assert Checked("vex", "diplomacy on rook", 10, 10 + 3 + 2, 0, True) in events
    assert "vex" not in fight.state.acting


def test_futurepath_44_intimidation_untrained_is_d20_plus_cha() -> None:
    """FuturePath 44: Intimidation is Full-Round too; with no ranks the check is d20 + CHA."""
    fight = skill_fight([7, 1])
    events = fight.apply("vex skill with intimidation")
    assert Checked("vex", "intimidation", 7, 9, 0, True) in events


def test_futurepath_44_acrobatics_is_a_free_action() -> None:
    """FuturePath 44: Acrobatics is a Free action: d20 + ranks + DEX, and the turn goes on."""
    fight = skill_fight([12])
    events = fight.apply("vex skill with acrobatics")
    assert Checked("vex", "acrobatics", 12, 12 + 1 + 1, 0, True) in events
    assert "vex" in fight.state.acting and fight.state.fighters["vex"].frees == 1


def test_futurepath_44_full_round_skills_cannot_follow_a_simple_action() -> None:
    """FuturePath 44 / 5: a Full-Round skill use must be the first thing in the turn."""
    fight = skill_fight([])
    fight.apply("vex draw knife")
    assert offered(fight, "skill") == {"vex skill with acrobatics"}
    with pytest.raises(IllegalAction, match="Full-Round"):
        fight.apply("vex skill rook with diplomacy")
