"""FuturePath rules 38-40: Coup de grâce (A12, A13), dying, and Stabilize (A14).

Fights are tiny, with fixed team initiative and scripted dice: a scripted fight that rolls a die the test did
not expect fails with DiceExhausted, so "no roll happened" is checked too.
"""

from __future__ import annotations

from typing import Any

import pytest

from tactica.dice import ScriptedDice
from tactica.engine import Fight
from tactica.engine.errors import IllegalAction
from tactica.systems import get_system
from tactica.systems.futurepath.events import (
    AttackRolled,
    BleedingPaused,
    Checked,
    ConstitutionLost,
    DamageRolled,
    HitPointsSet,
    SavingThrow,
    StatusChanged,
)
from tests.systems.futurepath.helpers import of, offered

OPEN = ". . . . . . . .\n. . . . . . . .\n. . . . . . . .\n"


def fighter(fid: str, side: str, at: list[int], **sheet: Any) -> dict[str, Any]:
    """A plain combatant: 10 in every ability, 10 HP, AC 10, a drawn baton (1d4, crit x2)."""
    data: dict[str, Any] = {"id": fid, "side": side, "at": at, "hp": 10, "ac": 10}
    data.update({"weapons": ["baton"], "drawn": ["baton"]})
    data.update(sheet)
    return data


def new_fight(
    combatants: list[dict[str, Any]],
    faces: list[int],
    *,
    options: dict[str, Any] | None = None,
    initiative: dict[str, int] | None = None,
    text: str = OPEN,
) -> Fight:
    setup = {
        "map": {"text": text},
        "initiative": initiative or {"red": 5, "blue": 1},
        "options": {"proficiency_advantage": False, **(options or {})},
        "combatants": combatants,
    }
    return Fight.new(get_system("futurepath"), setup, dice=ScriptedDice(faces))


# -- rule 38: Coup de grâce ----------------------------------------------------------------------


def coup_fight(
    faces: list[int],
    *,
    vex: dict[str, Any] | None = None,
    rook: dict[str, Any] | None = None,
    options: dict[str, Any] | None = None,
) -> Fight:
    """vex (red, acts first) next to rook (blue, dying at 0 HP, CON 12) and ash (blue, up, next to vex)."""
    return new_fight(
        [
            fighter("vex", "red", **{"at": [1, 1], **(vex or {})}),
            fighter("rook", "blue", **{"at": [2, 1], "con": 12, "hp_now": 0, **(rook or {})}),
            fighter("ash", "blue", [1, 2]),
        ],
        faces,
        options=options,
    )


def test_futurepath_38_coup_de_grace_is_offered_only_against_helpless_enemies() -> None:
    """FuturePath 38: the target must be Helpless (dying or stable); an enemy still up is refused."""
    fight = coup_fight([])
    assert offered(fight, "coup-de-grace") == {"vex coup-de-grace rook with baton"}
    reason = fight.why_illegal("vex coup-de-grace ash with baton")
    assert reason is not None and "Helpless" in reason


def test_futurepath_38_strength_0_is_helpless() -> None:
    """FuturePath l.195: Helpless examples are "knocked unconscious, having a strength of 0, or having an HP
    score of 0 or below": an enemy up and fighting with a Strength score of 0 may be given a coup de grâce."""
    fight = coup_fight([3, 2, 1], rook={"hp_now": None, "hp": 20, "str": 0})  # 1d4 x2 = 5, save 1 + 1 < DC 5
    assert offered(fight, "coup-de-grace") == {"vex coup-de-grace rook with baton"}
    assert fight.why_illegal("vex coup-de-grace ash with baton") is not None
    fight.apply("vex coup-de-grace rook with baton")
    assert fight.state.fighters["rook"].status == "dead"


def test_futurepath_38_strength_1_is_not_helpless() -> None:
    """FuturePath l.195: only a Strength of 0 makes a character Helpless; the refusal names Strength."""
    fight = coup_fight([], rook={"hp_now": None, "str": 1})
    reason = fight.why_illegal("vex coup-de-grace rook with baton")
    assert reason is not None and "Strength 1" in reason and "Strength 0" in reason


def test_futurepath_38_coup_de_grace_needs_the_target_in_reach() -> None:
    """FuturePath 38/25: a melee coup de grâce needs the helpless target inside the Threat Range."""
    fight = new_fight(
        [
            fighter("vex", "red", [0, 0]),
            fighter("rook", "blue", [2, 0], hp_now=0),
            fighter("ash", "blue", [7, 2]),
        ],
        [],
    )
    assert offered(fight, "coup-de-grace") == set()
    reason = fight.why_illegal("vex coup-de-grace rook with baton")
    assert reason is not None and "Threat Range" in reason


def test_futurepath_38_coup_de_grace_is_not_for_a_dying_ally() -> None:
    """FuturePath 38: a coup de grâce finishes off an opponent, not a dying teammate."""
    fight = new_fight(
        [
            fighter("vex", "red", [0, 0]),
            fighter("kat", "red", [1, 0], hp_now=0),
            fighter("rook", "blue", [7, 2]),
        ],
        [1],  # kat bleeds at red's turn start
    )
    assert offered(fight, "coup-de-grace") == set()
    assert "own side" in (fight.why_illegal("vex coup-de-grace kat with baton") or "")


def test_futurepath_38_coup_de_grace_hits_automatically_and_is_critical() -> None:
    """FuturePath 38 (A7): no Accuracy check; the damage dice are rolled x the critical multiplier and flat
    damage (STR) is added once."""
    fight = coup_fight([3, 2, 10, 1], vex={"str": 14})  # 1d4 x2 = 3 + 2, STR +2 once: 7; save 10 + 1; bleed 1
    events = fight.apply("vex coup-de-grace rook with baton")
    assert of(events, AttackRolled) == []
    (damage,) = of(events, DamageRolled)
    assert (damage.faces, damage.multiplier, damage.flat, damage.amount) == ((3, 2), 2, 2, 7)
    assert fight.state.fighters["rook"].hp == -7


def test_futurepath_38_survivor_saves_on_constitution_against_the_damage_dealt() -> None:
    """FuturePath 38: a surviving target rolls d20 + CON modifier against DC = damage dealt; success keeps
    it dying."""
    fight = coup_fight([3, 2, 6, 1], vex={"str": 14})  # DC 7; 6 + CON 12 (+1) = 7 succeeds
    events = fight.apply("vex coup-de-grace rook with baton")
    (save,) = of(events, SavingThrow)
    assert (save.actor, save.natural, save.total, save.dc, save.success) == ("rook", 6, 7, 7, True)
    assert fight.state.fighters["rook"].status == "dying"


def test_futurepath_38_failed_constitution_save_is_death() -> None:
    """FuturePath 38: failing the CON save against the coup de grâce kills the target."""
    fight = coup_fight([3, 2, 5], vex={"str": 14})  # 5 + 1 = 6 < DC 7
    events = fight.apply("vex coup-de-grace rook with baton")
    assert fight.state.fighters["rook"].status == "dead"
    assert of(events, StatusChanged)[-1].status == "dead"


def test_futurepath_38_a13_damage_below_negative_con_kills_without_a_save() -> None:
    """FuturePath 38 / A13: HP below -CON after the coup de grâce is death; no save is rolled (a save would
    need a die the script does not have)."""
    fight = coup_fight([3, 2], vex={"str": 14}, rook={"hp_now": -10})  # -10 - 7 = -17 < -12
    events = fight.apply("vex coup-de-grace rook with baton")
    assert fight.state.fighters["rook"].status == "dead"
    assert of(events, SavingThrow) == []


def test_futurepath_38_a12_extra_attacks_and_damage_are_disadvantage_dice_on_the_save() -> None:
    """FuturePath 38 / A12 (default): each attacker Extra Attack/Damage subtracts one roll of the target's
    Advantage die from the save."""
    fight = coup_fight([3, 2, 10, 4, 1], vex={"str": 14, "extra_attacks": 1, "extra_damage": 1})
    events = fight.apply("vex coup-de-grace rook with baton")
    (save,) = of(events, SavingThrow)
    assert (save.net_dice, save.dice_faces, save.total, save.success) == (-2, (4, 1), 10 + 1 - 5, False)
    assert fight.state.fighters["rook"].status == "dead"


def test_futurepath_38_a12_option_makes_them_advantage_dice() -> None:
    """FuturePath 38 / A12 option coup_de_grace_dice=advantage: the seed's literal reading adds the dice."""
    fight = coup_fight(
        [3, 2, 4, 4, 1, 1],
        vex={"str": 14, "extra_attacks": 1, "extra_damage": 1},
        options={"coup_de_grace_dice": "advantage"},
    )
    (save,) = of(fight.apply("vex coup-de-grace rook with baton"), SavingThrow)
    assert (save.net_dice, save.total, save.success) == (2, 4 + 1 + 5, True)
    assert fight.state.fighters["rook"].status == "dying"


def test_futurepath_38_a12_without_an_advantage_die_each_die_is_a_flat_one() -> None:
    """FuturePath 38 / A12: a target without an Advantage die (level 1) loses a flat 1 per die."""
    fight = coup_fight([3, 2, 8, 1], vex={"str": 14, "extra_damage": 2}, rook={"advantage_die": 0})
    (save,) = of(fight.apply("vex coup-de-grace rook with baton"), SavingThrow)
    assert (save.dice_faces, save.total, save.success) == ((1, 1), 8 + 1 - 2, True)


def test_futurepath_38_save_dice_are_capped_by_rule_27() -> None:
    """FuturePath 38 / 27: at most three dice on the save, however many Extra Attacks/Damage."""
    fight = coup_fight([3, 2, 20, 1, 1, 1, 1], vex={"str": 14, "extra_attacks": 3, "extra_damage": 2})
    (save,) = of(fight.apply("vex coup-de-grace rook with baton"), SavingThrow)
    assert save.net_dice == -3 and save.dice_faces == (1, 1, 1)


def test_futurepath_38_coup_de_grace_is_a_full_round_action() -> None:
    """FuturePath 38 / 6: a Full-Round action ends the turn and cannot follow a Simple action."""
    fight = coup_fight([3, 2, 10, 1])
    fight.apply("vex coup-de-grace rook with baton")
    assert "vex" not in fight.state.acting
    drawn = coup_fight([], vex={"weapons": ["baton", "knife"]})
    drawn.apply("vex draw knife")
    assert "Full-Round" in (drawn.why_illegal("vex coup-de-grace rook with baton") or "")
    assert offered(drawn, "coup-de-grace") == set()


def test_futurepath_38_stable_target_hit_by_coup_de_grace_is_dying_again() -> None:
    """FuturePath 38/40: a stabilized character is Helpless; the coup de grâce makes it dying again."""
    fight = coup_fight([3, 2, 19, 1], rook={"hp_now": 0})
    fight.state.fighters["rook"].status = "stable"
    fight.state.fighters["rook"].hp = 1
    fight.apply("vex coup-de-grace rook with baton")
    assert fight.state.fighters["rook"].status == "dying"


def test_futurepath_38_ranged_coup_de_grace_within_range_spends_a_round() -> None:
    """FuturePath 38: a ranged coup de grâce is made within the weapon's range increment (pistol 30 ft) and
    uses one round of ammunition."""
    combatants = [
        fighter("vex", "red", [0, 0], weapons=["pistol"], drawn=["pistol"]),
        fighter("rook", "blue", [6, 0], hp_now=0),
        fighter("kit", "blue", [7, 2], hp_now=0),
        fighter("ash", "blue", [0, 2]),
    ]
    fight = new_fight(combatants, [2, 2, 15, 1, 1])
    assert offered(fight, "coup-de-grace") == {"vex coup-de-grace rook with pistol"}
    assert "range" in (fight.why_illegal("vex coup-de-grace kit with pistol") or "")
    fight.apply("vex coup-de-grace rook with pistol")
    assert fight.state.fighters["vex"].ammo["pistol"] == 11


def test_futurepath_38_no_coup_de_grace_through_full_cover() -> None:
    """FuturePath 38/43: a target in Full cover cannot be finished off with a ranged weapon."""
    text = ". # . . . . . .\n. # . . . . . .\n. # . . . . . .\n"
    combatants = [
        fighter("vex", "red", [0, 1], weapons=["pistol"], drawn=["pistol"]),
        fighter("rook", "blue", [2, 1], hp_now=0),
        fighter("ash", "blue", [7, 2]),
    ]
    fight = new_fight(combatants, [], text=text)
    assert offered(fight, "coup-de-grace") == set()
    assert "Full cover" in (fight.why_illegal("vex coup-de-grace rook with pistol") or "")


# -- rule 39: dying -------------------------------------------------------------------------------


def dying_fight(
    faces: list[int], *, rook: dict[str, Any] | None = None, options: dict[str, Any] | None = None
) -> Fight:
    """vex (red, first) next to rook (blue); ash (blue) keeps blue in the fight."""
    return new_fight(
        [
            fighter("vex", "red", [1, 1]),
            fighter("rook", "blue", **{"at": [2, 1], **(rook or {})}),
            fighter("ash", "blue", [6, 2]),
        ],
        faces,
        options=options,
    )


def test_futurepath_39_zero_hp_or_below_is_dying() -> None:
    """FuturePath 39: damage that takes a character to 0 HP or below makes it Dying (it can no longer act)."""
    fight = dying_fight([15, 3], rook={"hp_now": 2})
    events = fight.apply("vex attack rook with baton")
    rook = fight.state.fighters["rook"]
    assert (rook.hp, rook.status) == (-1, "dying")
    assert StatusChanged("rook", "dying", "HP -1") in events


def test_futurepath_39_a_character_set_up_at_zero_hp_starts_dying() -> None:
    """FuturePath 39: a scenario's hp_now of 0 or less starts the character dying."""
    fight = dying_fight([], rook={"hp_now": 0})
    assert fight.state.fighters["rook"].status == "dying"


def test_futurepath_39_dying_loses_1d4_con_at_each_of_its_team_turn_starts() -> None:
    """FuturePath 39 (Health and Injury): an unstable dying character loses 1d4 CON each round, at the
    start of its team's turn, and only then."""
    fight = dying_fight([3, 2], rook={"hp_now": 0, "con": 12})
    assert fight.state.fighters["rook"].con == 12  # red's turn: no loss for blue
    events = fight.apply("vex end")
    assert ConstitutionLost("rook", 3, 9) in events
    fight.apply("ash end")
    assert fight.state.fighters["rook"].con == 9  # red's turn again
    events = fight.apply("vex end")
    assert ConstitutionLost("rook", 2, 7) in events
    assert fight.state.fighters["rook"].status == "dying"


def test_futurepath_39_con_zero_is_death() -> None:
    """FuturePath 39: the dying character dies when its CON score reaches 0."""
    fight = dying_fight([4], rook={"hp_now": 0, "con": 3})
    fight.apply("vex end")
    rook = fight.state.fighters["rook"]
    assert (rook.con, rook.status) == (0, "dead")


def test_futurepath_39_a13_hp_below_negative_con_is_instant_death() -> None:
    """FuturePath 39 / A13: damage leaving HP below -CON score kills at once."""
    fight = dying_fight([15, 3], rook={"hp_now": -10, "con": 12})
    fight.apply("vex attack rook with baton")
    assert fight.state.fighters["rook"].status == "dead"


def test_futurepath_39_a13_option_off_keeps_the_character_dying() -> None:
    """FuturePath 39 / A13 option instant_death_below_negative_con=false: only CON 0 kills."""
    fight = dying_fight(
        [15, 3], rook={"hp_now": -10, "con": 12}, options={"instant_death_below_negative_con": False}
    )
    fight.apply("vex attack rook with baton")
    assert fight.state.fighters["rook"].status == "dying"


def test_futurepath_39_hp_exactly_negative_con_is_not_instant_death() -> None:
    """FuturePath 39 / A13: the threshold is strictly below -CON."""
    fight = dying_fight([15, 2], rook={"hp_now": -10, "con": 12})
    fight.apply("vex attack rook with baton")
    rook = fight.state.fighters["rook"]
    assert (rook.hp, rook.status) == (-12, "dying")


# -- rule 40: Stabilize ---------------------------------------------------------------------------


def medic(**sheet: Any) -> dict[str, Any]:
    """ash: WIS 14 (+2), Treat Injury 3, a field medical kit."""
    return fighter(
        "ash", "blue", **{"at": [1, 0], "wis": 14, "medkit": True, "skills": {"treat_injury": 3}, **sheet}
    )


def stabilize_fight(
    faces: list[int],
    *,
    ash: dict[str, Any] | None = None,
    rook: dict[str, Any] | None = None,
    options: dict[str, Any] | None = None,
) -> Fight:
    """Blue acts first: rook (dying, CON 12) bleeds at the turn start (the first face); ash is next to it
    on one side, vex (red) on the other."""
    return new_fight(
        [
            medic(**(ash or {})),
            fighter("rook", "blue", **{"at": [2, 0], "con": 12, "hp_now": -3, **(rook or {})}),
            fighter("vex", "red", [3, 0]),
        ],
        faces,
        options=options,
        initiative={"blue": 5, "red": 1},
    )


def test_futurepath_40_stabilize_is_offered_for_adjacent_dying_characters() -> None:
    """FuturePath 40: a medic with a kit and Treat Injury may stabilize an adjacent dying character."""
    fight = stabilize_fight([1])
    assert offered(fight, "stabilize") == {"ash stabilize rook"}
    assert "not dying" in (fight.why_illegal("ash stabilize vex") or "")


def test_futurepath_40_stabilize_needs_a_medical_kit() -> None:
    """FuturePath 40: without a field medical kit there is no stabilize."""
    fight = stabilize_fight([1], ash={"medkit": False})
    assert offered(fight, "stabilize") == set()
    assert "medical kit" in (fight.why_illegal("ash stabilize rook") or "")


def test_futurepath_40_stabilize_needs_a_rank_of_treat_injury() -> None:
    """FuturePath 40: at least one rank of Treat Injury is needed."""
    fight = stabilize_fight([1], ash={"skills": {}})
    assert offered(fight, "stabilize") == set()
    assert "Treat Injury" in (fight.why_illegal("ash stabilize rook") or "")


def test_futurepath_40_stabilize_needs_the_medic_adjacent() -> None:
    """FuturePath 40: the medic works on a character in an adjacent square."""
    fight = stabilize_fight([1], rook={"at": [4, 0]})
    assert offered(fight, "stabilize") == set()
    assert "adjacent" in (fight.why_illegal("ash stabilize rook") or "")


def test_futurepath_40_enemies_can_be_stabilized_too() -> None:
    """FuturePath 40: any dying character can be stabilized (a prisoner is worth more alive)."""
    combatants = [
        medic(),
        fighter("rook", "blue", [7, 2]),
        fighter("vex", "red", [2, 0], hp_now=0),
        fighter("kat", "red", [7, 0]),
    ]
    fight = new_fight(combatants, [], initiative={"blue": 5, "red": 1})
    assert offered(fight, "stabilize") == {"ash stabilize vex"}


def test_futurepath_40_success_makes_the_character_stable_at_one_hp_keeping_con_damage() -> None:
    """FuturePath 40 / A14: Treat Injury d20 + ranks + WIS vs DC 15; success sets HP to 1 (not +1), the
    character is stable and the CON already lost stays lost."""
    fight = stabilize_fight([2, 10])  # bleed 2 (CON 10); 10 + 3 + 2 = 15
    events = fight.apply("ash stabilize rook")
    assert Checked("ash", "treat injury (stabilize rook)", 10, 15, 15, True) in events
    assert HitPointsSet("rook", 1, "stabilized by ash") in events
    rook = fight.state.fighters["rook"]
    assert (rook.status, rook.hp, rook.con) == ("stable", 1, 10)


def test_futurepath_40_stable_characters_lose_no_more_con() -> None:
    """FuturePath 40: once stable the character no longer bleeds CON (no d4 is rolled next round)."""
    fight = stabilize_fight([2, 10])
    fight.apply("ash stabilize rook")
    fight.apply("vex end")
    assert fight.state.order.current.key == "blue"
    assert fight.state.fighters["rook"].con == 10


def test_futurepath_40_stable_character_taking_damage_is_dying_again() -> None:
    """FuturePath 40: 'ill effects that may cause the person to go back to 0' were removed, but new damage
    takes the 1 HP and the character is dying again."""
    fight = stabilize_fight([2, 10, 15, 1])
    fight.apply("ash stabilize rook")
    fight.apply("vex attack rook with baton")
    assert fight.state.fighters["rook"].status == "dying"


def test_futurepath_40_natural_one_costs_1d4_con() -> None:
    """FuturePath 40 (Health and Injury): a natural 1 fails and deals 1d4 more CON damage."""
    fight = stabilize_fight([2, 1, 3])
    events = fight.apply("ash stabilize rook")
    assert ConstitutionLost("rook", 3, 7) in events
    assert fight.state.fighters["rook"].status == "dying"


def test_futurepath_40_natural_one_fails_even_when_the_total_would_do() -> None:
    """FuturePath 40 / A8: a natural 1 is a failure whatever the total (DC 5 here)."""
    fight = stabilize_fight([2, 1, 1], options={"stabilize_dc": 5})
    events = fight.apply("ash stabilize rook")
    assert of(events, Checked)[-1].success is False
    assert fight.state.fighters["rook"].status == "dying"


def test_futurepath_40_natural_one_can_kill() -> None:
    """FuturePath 40/39: the 1d4 CON of a fumbled stabilize can bring CON to 0, which is death."""
    fight = stabilize_fight([1, 1, 4], rook={"con": 4})
    fight.apply("ash stabilize rook")
    rook = fight.state.fighters["rook"]
    assert (rook.con, rook.status) == (0, "dead")


def test_futurepath_40_failure_above_ten_skips_the_next_con_loss() -> None:
    """FuturePath 40 (Health and Injury): a failed check above 10 means no dying penalty for one round."""
    fight = stabilize_fight([2, 6, 4])  # 6 + 5 = 11 > 10, fails DC 15
    events = fight.apply("ash stabilize rook")
    assert BleedingPaused("rook", "ash") in events
    events = fight.apply("vex end")  # blue's turn: no d4 for rook this time
    assert of(events, ConstitutionLost) == []
    fight.apply("ash end")
    events = fight.apply("vex end")  # the round after, the bleeding goes on
    assert ConstitutionLost("rook", 4, 6) in events


def test_futurepath_40_failure_of_ten_or_less_gives_no_grace() -> None:
    """FuturePath 40: a failed check of 10 or less leaves the bleeding as it was."""
    fight = stabilize_fight([2, 5, 1])  # 5 + 5 = 10
    events = fight.apply("ash stabilize rook")
    assert of(events, BleedingPaused) == []
    events = fight.apply("vex end")
    assert ConstitutionLost("rook", 1, 9) in events


def test_futurepath_40_dc_and_hp_are_options() -> None:
    """FuturePath 40 / A14: stabilize_dc and stabilize_sets_hp are table options."""
    fight = stabilize_fight([2, 5], options={"stabilize_dc": 10, "stabilize_sets_hp": 3})
    fight.apply("ash stabilize rook")
    rook = fight.state.fighters["rook"]
    assert (rook.status, rook.hp) == ("stable", 3)


def test_futurepath_40_stabilize_is_a_full_round_action() -> None:
    """FuturePath 40 / 5: a Full-Round action: it ends the turn and cannot follow a Simple action."""
    fight = stabilize_fight([2, 10])
    fight.apply("ash stabilize rook")
    assert "ash" not in fight.state.acting
    fight = stabilize_fight([2], ash={"weapons": ["baton", "knife"]})
    fight.apply("ash draw knife")
    assert offered(fight, "stabilize") == set()
    with pytest.raises(IllegalAction, match="Full-Round"):
        fight.apply("ash stabilize rook")


def test_futurepath_38_43_no_melee_coup_de_grace_between_two_solid_corners() -> None:
    """FuturePath 38, 25, 43: a melee coup de grâce needs the helpless target reachable: not diagonally
    between two walls (Full cover)."""
    fight = new_fight(
        [
            fighter("vex", "red", [0, 0]),
            fighter("rook", "blue", [1, 1], hp_now=0),
            fighter("ash", "blue", [3, 2]),
        ],
        [],
        text=". # . .\n# . . .\n. . . .\n",
    )
    assert offered(fight, "coup-de-grace") == set()
    assert fight.why_illegal("vex coup-de-grace rook with baton") == (
        "rook is in Full cover from vex (a wall or blocking object is in the way); a melee attack cannot reach"
        " through it (FuturePath 25, 43)"
    )


def test_futurepath_39_a13_bleeding_con_does_not_recheck_the_negative_con_threshold() -> None:
    """A13 (decided from the text, left as is): "HP below -CON" is the seed's test of surviving *damage* (the
    coup de grâce: "If the defender survives the damage, (their HP doesn't go below the negative their
    Constitution Score)"); a bleeding character dies when CON reaches 0 ("die once their Constitution Score
    hits zero"). So CON lost to bleeding does not kill by itself at HP -5, CON 6 -> 2; the next damage is
    measured against the lowered CON."""
    fight = new_fight(
        [
            fighter("vex", "red", [0, 0]),
            fighter("rook", "blue", [1, 0], hp_now=-5, con=6),
            fighter("ash", "blue", [3, 2]),
        ],
        [4, 15, 1],
    )
    fight.apply("vex end")
    rook = fight.state.fighters["rook"]
    assert (rook.hp, rook.con, rook.status) == (-5, 2, "dying")
    fight.apply("ash end")
    fight.apply("vex attack rook with baton")
    assert (rook.hp, rook.status) == (-6, "dead")
