"""FuturePath rule 41: Delay/Ready (one verb, ``ready``; Delay is the same thing).

Fights are tiny, with fixed team initiative (red first) and scripted dice; a die the test did not expect
fails the test with DiceExhausted.
"""

from __future__ import annotations

from typing import Any

import pytest

from tactica.dice import ScriptedDice
from tactica.engine import Fight
from tactica.engine.conditions import find
from tactica.engine.errors import IllegalAction
from tactica.systems import get_system
from tactica.systems.futurepath.events import (
    ActionLost,
    AttackRolled,
    Checked,
    Moved,
    Readied,
    ReadyEnded,
    ReadyTriggered,
)

OPEN = ". . . . .\n. . . . .\n. . . . .\n"


def fighter(fid: str, side: str, at: list[int], **sheet: Any) -> dict[str, Any]:
    """A plain combatant: 10 in every ability, 10 HP, AC 10, carrying a baton (1d4) and a pistol (1d6)."""
    data: dict[str, Any] = {"id": fid, "side": side, "at": at, "hp": 10, "ac": 10}
    data.update({"weapons": ["baton", "pistol"], "drawn": ["baton"]})
    data.update(sheet)
    return data


def new_fight(combatants: list[dict[str, Any]], faces: list[int], *, text: str = OPEN) -> Fight:
    setup = {
        "map": {"text": text},
        "initiative": {"red": 5, "blue": 1},
        "options": {"proficiency_advantage": False},
        "combatants": combatants,
    }
    return Fight.new(get_system("futurepath"), setup, dice=ScriptedDice(faces))


def offered(fight: Fight, verb: str | None = None) -> set[str]:
    """The legal actions (of one verb), as text; every legal action must pass ``why_illegal``."""
    actions = fight.legal_actions()
    for action in actions:
        assert fight.why_illegal(action) is None, str(action)
    return {str(a) for a in actions if verb is None or a.verb == verb}


def of(events: list[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def melee_fight(faces: list[int], **vex: Any) -> Fight:
    """vex (red, baton drawn) in a corner; rook and ash (blue, pistols drawn) across the room."""
    return new_fight(
        [
            fighter("vex", "red", **{"at": [0, 0], **vex}),
            fighter("rook", "blue", [4, 0], drawn=["pistol"]),
            fighter("ash", "blue", [4, 2], drawn=["pistol"]),
        ],
        faces,
    )


# -- readying ------------------------------------------------------------------------------------


def test_futurepath_41_ready_is_offered_per_drawn_weapon_and_trigger() -> None:
    """FuturePath 41: ready with a drawn weapon, or with none (l.253: any instant action), waiting for moves
    (the default, or spelled out) or attacks."""
    fight = melee_fight([])
    assert offered(fight, "ready") == {
        "vex ready",
        "vex ready +moves",
        "vex ready +attacks",
        "vex ready with baton",
        "vex ready with baton +moves",
        "vex ready with baton +attacks",
    }
    assert "not drawn" in (fight.why_illegal("vex ready with pistol") or "")
    assert "one trigger" in (fight.why_illegal("vex ready with baton +attacks +moves") or "")
    assert "unknown trigger" in (fight.why_illegal("vex ready with baton +sneezes") or "")


def test_futurepath_41_ready_sacrifices_the_whole_turn() -> None:
    """FuturePath 41 / 6: readying takes the turn: it must come first and nothing follows it."""
    fight = melee_fight([])
    events = fight.apply("vex ready with baton")
    assert Readied("vex", "moves", "baton") in events
    assert "vex" not in fight.state.acting
    assert fight.state.order.current.key == "blue"
    condition = find(fight.state.conditions, "vex", "ready")
    assert condition is not None and (condition.until, condition.actor) == ("turn_start", "red")
    late = melee_fight([])
    late.apply("vex draw pistol")
    assert offered(late, "ready") == set()
    with pytest.raises(IllegalAction, match="Full-Round"):
        late.apply("vex ready with baton")


def test_futurepath_41_empty_guns_and_grenades_cannot_be_readied() -> None:
    """FuturePath 41 / 19: the readied weapon must be able to attack: loaded, and not a grenade."""
    fight = new_fight(
        [
            fighter("vex", "red", [0, 0], weapons=["bow", "frag"], drawn=["bow", "frag"]),
            fighter("rook", "blue", [4, 0]),
        ],
        [],
    )
    fight.state.fighters["vex"].ammo["bow"] = 0
    assert offered(fight, "ready") == {"vex ready", "vex ready +moves", "vex ready +attacks"}
    assert "empty" in (fight.why_illegal("vex ready with bow") or "")
    assert "grenade" in (fight.why_illegal("vex ready with frag") or "")


def test_futurepath_41_the_ready_lapses_at_the_start_of_the_team_next_turn() -> None:
    """FuturePath 41: the readier waits only until its next turn."""
    fight = melee_fight([])
    fight.apply("vex ready with baton")
    fight.apply("rook end")
    events = fight.apply("ash end")
    assert ReadyEnded("vex", "lapsed") in events
    assert find(fight.state.conditions, "vex", "ready") is None
    assert "vex" in fight.state.acting


# -- +moves --------------------------------------------------------------------------------------


def test_futurepath_41_an_enemy_stepping_into_reach_stops_and_the_readier_decides() -> None:
    """FuturePath 41: when the trigger occurs (an enemy ends a step where the readied weapon reaches it) the
    move stops and the readier chooses: fire (the instant action) or hold."""
    fight = melee_fight([])
    fight.apply("vex ready with baton")
    events = fight.apply("rook move @0,1")
    assert ReadyTriggered("vex", "rook", (1, 1), "moved") in events
    assert fight.state.fighters["rook"].pos == (1, 1)
    assert offered(fight, "fire") | offered(fight, "hold") == {"vex fire rook with baton", "vex hold"}
    assert "with baton" in (fight.why_illegal("vex fire rook with pistol") or "")
    assert "answers rook" in (fight.why_illegal("vex fire ash with baton") or "")


def test_futurepath_41_firing_is_one_attack_and_uses_the_ready_up() -> None:
    """FuturePath 41: the instant action is one attack; the move then goes on without a second trigger."""
    fight = melee_fight([15, 3])
    fight.apply("vex ready with baton")
    fight.apply("rook move @0,1")
    events = fight.apply("vex fire rook with baton")
    (attack,) = of(events, AttackRolled)
    assert (attack.attacker, attack.target, attack.purpose, attack.hit) == (
        "vex",
        "rook",
        "readied attack",
        True,
    )
    assert fight.state.fighters["rook"].hp == 7
    assert ReadyEnded("vex", "used") in events
    assert fight.state.fighters["rook"].pos == (0, 1)
    assert of(events, ReadyTriggered) == []
    assert fight.deciding() == ["rook", "ash"]


def test_futurepath_41_holding_keeps_waiting_for_a_later_step() -> None:
    """FuturePath 41: hold lets the move go on; the next step in reach asks again; the ready stays."""
    fight = melee_fight([15, 3])
    fight.apply("vex ready with baton")
    fight.apply("rook move @0,1")
    events = fight.apply("vex hold")
    assert ReadyTriggered("vex", "rook", (0, 1), "moved") in events
    assert fight.state.fighters["rook"].pos == (0, 1)
    assert offered(fight, "fire") | offered(fight, "hold") == {"vex fire rook with baton", "vex hold"}
    fight.apply("vex fire rook with baton")
    assert fight.state.fighters["rook"].hp == 7


def test_futurepath_41_a_ranged_ready_needs_sight_of_the_mover() -> None:
    """FuturePath 41: 'when the enemy comes around the corner': steps out of sight (behind a wall) do not
    trigger a readied gun; the first step in sight does."""
    text = ". . . . . .\n. . . . # .\n. . . . # .\n. . . . . .\n"
    fight = new_fight(
        [
            fighter("vex", "red", [0, 0], drawn=["pistol"]),
            fighter("rook", "blue", [5, 2], drawn=["pistol"]),
            fighter("ash", "blue", [5, 3], drawn=["pistol"]),
        ],
        [],
        text=text,
    )
    fight.apply("vex ready with pistol")
    events = fight.apply("rook move @4,0")
    (moved,) = of(events, Moved)
    assert moved.path == ((5, 2), (5, 1), (4, 0))
    assert of(events, ReadyTriggered) == [ReadyTriggered("vex", "rook", (4, 0), "moved")]


def test_futurepath_41_a_closed_door_hides_the_mover_from_a_readied_gun() -> None:
    """FuturePath 41/43: a blocking object on the line of fire hides the mover: no trigger."""
    setup = {
        "map": {"text": OPEN},
        "initiative": {"red": 5, "blue": 1},
        "options": {"proficiency_advantage": False},
        "objects": [{"id": "door", "at": [2, 0], "hardness": 5, "blocks": True}],
        "combatants": [
            fighter("vex", "red", [0, 0], drawn=["pistol"]),
            fighter("rook", "blue", [4, 1], drawn=["pistol"]),
            fighter("ash", "blue", [4, 2], drawn=["pistol"]),
        ],
    }
    fight = Fight.new(get_system("futurepath"), setup, dice=ScriptedDice([]))
    fight.apply("vex ready with pistol")
    events = fight.apply("rook move @3,0")
    assert of(events, ReadyTriggered) == [] and not fight.state.pending
    assert fight.state.fighters["rook"].pos == (3, 0)


def test_futurepath_41_allies_moving_do_not_trigger() -> None:
    """FuturePath 41: the trigger is an enemy's move; a teammate walking past is no trigger."""
    fight = new_fight(
        [
            fighter("vex", "red", [0, 0]),
            fighter("kat", "red", [4, 2]),
            fighter("rook", "blue", [4, 0], drawn=["pistol"]),
        ],
        [],
    )
    fight.apply("vex ready with baton")
    events = fight.apply("kat move @1,1")
    assert of(events, ReadyTriggered) == [] and not fight.state.pending


def test_futurepath_41_a_ready_waiting_for_attacks_ignores_moves() -> None:
    """FuturePath 41: the readier named its trigger; +attacks does not fire on a move."""
    fight = melee_fight([])
    fight.apply("vex ready with baton +attacks")
    events = fight.apply("rook move @0,1")
    assert of(events, ReadyTriggered) == [] and not fight.state.pending


def test_futurepath_41_a_dying_readier_loses_the_ready() -> None:
    """FuturePath 41/39: a readier who drops can no longer take the instant action."""
    fight = new_fight(
        [
            fighter("vex", "red", [0, 0], hp=1),
            fighter("kat", "red", [0, 2]),
            fighter("rook", "blue", [4, 0], drawn=["pistol"]),
            fighter("ash", "blue", [4, 2], drawn=["pistol"]),
        ],
        [15, 3],
    )
    fight.apply("vex ready with baton")
    fight.apply("kat end")
    fight.apply("ash attack vex with pistol")
    assert fight.state.fighters["vex"].status == "dying"
    events = fight.apply("rook move @1,0")
    assert of(events, ReadyTriggered) == [] and not fight.state.pending


# -- +attacks ------------------------------------------------------------------------------------


def gun_fight(
    faces: list[int], vex: dict[str, Any] | None = None, rook: dict[str, Any] | None = None
) -> Fight:
    """vex (red, DEX 14: initiative +2) readies its pistol for attacks; rook (blue) will shoot at it."""
    return new_fight(
        [
            fighter("vex", "red", **{"at": [0, 0], "dex": 14, "drawn": ["pistol"], **(vex or {})}),
            fighter("kat", "red", [0, 2]),
            fighter("rook", "blue", **{"at": [4, 0], "drawn": ["pistol"], **(rook or {})}),
            fighter("ash", "blue", [4, 2], drawn=["pistol"]),
        ],
        faces,
    )


def shots(events: list[Any]) -> list[str]:
    return [e.attacker for e in of(events, AttackRolled)]


def test_futurepath_41_an_enemy_declaring_an_attack_waits_for_the_readier() -> None:
    """FuturePath 41: an enemy's declared attack is the trigger; it waits (no roll yet) while the readier
    chooses fire or hold."""
    fight = gun_fight([])
    fight.apply("vex ready with pistol +attacks")
    fight.apply("kat end")
    events = fight.apply("rook attack kat with pistol")
    assert ReadyTriggered("vex", "rook", (4, 0), "attack") in events
    assert of(events, AttackRolled) == []
    assert offered(fight, "fire") | offered(fight, "hold") == {"vex fire rook with pistol", "vex hold"}


def test_futurepath_41_readier_winning_the_initiative_check_shoots_first() -> None:
    """FuturePath 41: the enemy's attack needs a roll the instant action affects: an initiative check
    (d20 + DEX + WIS + misc) decides; the readier wins and shoots before the enemy's attack resolves."""
    fight = gun_fight([8, 9, 15, 2, 15, 4])  # vex 8 + 2 = 10 vs rook 9 + 0
    fight.apply("vex ready with pistol +attacks")
    fight.apply("kat end")
    fight.apply("rook attack vex with pistol")
    events = fight.apply("vex fire rook with pistol")
    checks = of(events, Checked)
    assert [(c.actor, c.natural, c.total, c.success) for c in checks] == [
        ("vex", 8, 10, True),
        ("rook", 9, 9, False),
    ]
    assert shots(events) == ["vex", "rook"]
    assert (fight.state.fighters["rook"].hp, fight.state.fighters["vex"].hp) == (8, 6)


def test_futurepath_41_initiative_ties_go_to_the_readier() -> None:
    """FuturePath 41 (ruling): on a tied initiative check the readier, already waiting, goes first."""
    fight = gun_fight([8, 10, 15, 2, 15, 4])  # 10 vs 10
    fight.apply("vex ready with pistol +attacks")
    fight.apply("kat end")
    fight.apply("rook attack vex with pistol")
    assert shots(fight.apply("vex fire rook with pistol")) == ["vex", "rook"]


def test_futurepath_41_enemy_winning_the_initiative_check_attacks_first() -> None:
    """FuturePath 41: if the enemy wins the check, its attack resolves and then the readied attack."""
    fight = gun_fight([2, 15, 15, 4, 15, 2])  # vex 4 vs rook 15
    fight.apply("vex ready with pistol +attacks")
    fight.apply("kat end")
    fight.apply("rook attack vex with pistol")
    events = fight.apply("vex fire rook with pistol")
    assert shots(events) == ["rook", "vex"]
    assert (fight.state.fighters["vex"].hp, fight.state.fighters["rook"].hp) == (6, 8)


def test_futurepath_41_an_attacker_dropped_first_loses_its_attack() -> None:
    """FuturePath 41: the readied shot drops the attacker first; its declared attack never happens."""
    fight = gun_fight([8, 9, 15, 5], rook={"hp": 3})
    fight.apply("vex ready with pistol +attacks")
    fight.apply("kat end")
    fight.apply("rook attack vex with pistol")
    events = fight.apply("vex fire rook with pistol")
    assert shots(events) == ["vex"]
    assert ActionLost("rook", "rook attack vex with pistol", "rook is dying") in events
    assert fight.deciding() == ["ash"]


def test_futurepath_41_a_readier_dropped_first_loses_its_shot() -> None:
    """FuturePath 41: the enemy wins the check and drops the readier; the readied attack is lost."""
    fight = gun_fight([2, 15, 15, 5], vex={"hp": 3})
    fight.apply("vex ready with pistol +attacks")
    fight.apply("kat end")
    fight.apply("rook attack vex with pistol")
    events = fight.apply("vex fire rook with pistol")
    assert shots(events) == ["rook"]
    assert ActionLost("vex", "vex fire rook with pistol", "vex is dying") in events


def test_futurepath_41_holding_lets_the_attack_go_on_and_keeps_the_ready() -> None:
    """FuturePath 41: hold: the declared attack resolves and the readier keeps waiting."""
    fight = gun_fight([15, 2])
    fight.apply("vex ready with pistol +attacks")
    fight.apply("kat end")
    fight.apply("rook attack kat with pistol")
    events = fight.apply("vex hold")
    assert shots(events) == ["rook"]
    ready = find(fight.state.conditions, "vex", "ready")
    assert ready is not None and (ready.until, ready.data) == ("turn_start", {"weapon": 1, "attacks": 1})
    fight.apply("ash attack kat with pistol")
    assert offered(fight, "fire") | offered(fight, "hold") == {"vex fire ash with pistol", "vex hold"}


def test_futurepath_41_a_ready_waiting_for_moves_ignores_attacks() -> None:
    """FuturePath 41: a +moves ready is not set off by an attack."""
    fight = gun_fight([15, 2])
    fight.apply("vex ready with pistol")
    fight.apply("kat end")
    events = fight.apply("rook attack kat with pistol")
    assert shots(events) == ["rook"] and not fight.state.pending


def test_futurepath_41_43_a_readied_melee_weapon_does_not_reach_through_a_wall() -> None:
    """FuturePath 41, 25, 43: a readied spear (10 ft) waits for moves, but an enemy ending steps behind a wall
    within 10 ft is out of its reach: nothing triggers; in the open, it does."""
    for goal, triggered in (((2, 1), []), ((2, 0), [ReadyTriggered("vex", "rook", (2, 0), "moved")])):
        fight = new_fight(
            [
                fighter("vex", "red", [0, 0], weapons=["spear"], drawn=["spear"]),
                fighter("rook", "blue", [4, 2]),
            ],
            [],
            text=". . . . .\n# # . . .\n. . . . .\n",
        )
        fight.apply("vex ready with spear")
        events = fight.apply(f"rook move @{goal[0]},{goal[1]}")
        assert of(events, ReadyTriggered) == triggered
        assert fight.state.fighters["rook"].pos == goal


# -- l.253: the instant action need not be the readied attack --------------------------------------


def test_futurepath_41_a_ready_with_no_weapon_answers_with_any_instant_action() -> None:
    """FuturePath l.253: "the Character gets an instant action and can use that time to open fire" -- an
    action, of which firing is the example. Readied with no weapon, the ready goes off when an enemy ends a
    step in sight, and vex draws its pistol (a Simple action) then and there."""
    fight = melee_fight([])
    fight.apply("vex ready +moves")
    fight.apply("rook move @3,0")
    assert of(fight.events, ReadyTriggered)[-1].actor == "vex"
    answers = offered(fight)
    assert {
        "vex hold",
        "vex draw pistol",
        "vex move @0,2",
    } <= answers and "vex fire rook with baton" not in answers
    events = fight.apply("vex draw pistol")
    assert ReadyEnded("vex", "used") in events
    assert fight.state.fighters["vex"].hands == ["baton", "pistol"]
    assert fight.state.fighters["rook"].pos == (3, 0) and not fight.state.pending


def test_futurepath_41_a_readied_weapon_may_give_way_to_another_action() -> None:
    """FuturePath l.253: a readier set off may take another instant action than the readied attack (here a
    move away); the instant action is one Standard, Simple or Free action, never a Full-Round one."""
    fight = melee_fight([])
    fight.apply("vex ready with baton")
    fight.apply("rook move @1,0")
    assert "vex fire rook with baton" in offered(fight)
    reason = fight.why_illegal("vex sprint @0,2")
    assert reason == "a readied instant action is one Standard, Simple or Free action (FuturePath 41)"
    fight.apply("vex move @0,2")
    assert fight.state.fighters["vex"].pos == (0, 2)
    assert find(fight.state.conditions, "vex", "ready") is None


def test_futurepath_41_an_instant_action_that_loses_the_initiative_check_comes_after_the_attack() -> None:
    """FuturePath l.253: against a declared attack an initiative check decides who goes first; vex (d20 1)
    loses to rook (d20 20), so rook's shot (d20 5: a miss) resolves before vex drops prone."""
    fight = melee_fight([1, 20, 5])
    fight.apply("vex ready +attacks")
    fight.apply("rook attack vex with pistol")
    events = fight.apply("vex prone")
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("AttackRolled") < kinds.index("PostureChanged")
    assert fight.state.fighters["vex"].posture == "prone"
