"""FuturePath rules 17 (move an object, A11), 37 (attack an object) and 42 (traps and mines)."""

from __future__ import annotations

from typing import Any

import pytest

from tactica.engine import Fight
from tactica.systems.futurepath.attacks import visible
from tactica.testing import check_fight
from tests.systems.futurepath.helpers import DRAG_REACH, OUT_OF_REACH, fighter, hp, kinds, last, new_fight


def board(width: int = 10, height: int = 5, walls: tuple[tuple[int, int], ...] = ()) -> str:
    """An open map with walls at ``walls``."""
    rows = [["#" if (x, y) in walls else "." for x in range(width)] for y in range(height)]
    return "\n".join(" ".join(r) for r in rows)


def st(fight: Fight) -> Any:
    """The FuturePath state."""
    return fight.state


def st_game(fight: Fight) -> Any:
    """The FuturePath game."""
    return fight.game


def end_turn(fight: Fight) -> None:
    """Every character of the acting team ends its turn."""
    for fid in fight.deciding():
        fight.apply(f"{fid} end")


def door(oid: str = "door", at: tuple[int, int] = (1, 0), **extra: Any) -> dict[str, Any]:
    return {"id": oid, "at": list(at), **{"hardness": 3, "blocks": True, **extra}}


def verbs(fight: Fight, verb: str) -> list[str]:
    """The legal actions of one verb, as text (each one checked against why_illegal)."""
    actions = [a for a in fight.legal_actions() if a.verb == verb]
    assert all(fight.why_illegal(a) is None for a in actions)
    return [str(a) for a in actions]


# -- rule 37: attack an object -------------------------------------------------------------------------


def test_futurepath_37_no_accuracy_check_damage_comes_off_hardness() -> None:
    """FuturePath 37: attacking an object needs no Accuracy check; the damage roll (knife 1d4 + STR mod)
    comes off its Hardness, which works as its HP."""
    fight = new_fight(
        fighter("a", "red", (0, 0), str=14, weapons=["knife"], drawn=["knife"]),
        fighter("b", "blue", (9, 4)),
        text=board(),
        objects=[door(hardness=6)],
        dice=[2],
    )
    fight.apply("a attack-object door with knife")
    assert "AttackRolled" not in kinds(fight)
    damaged = last(fight, "ObjectDamaged")
    assert (damaged.amount, damaged.hardness, damaged.broken) == (4, 2, False)
    assert st(fight).objects["door"].hardness == 2


def test_futurepath_37_object_breaks_below_zero_not_at_zero() -> None:
    """FuturePath 37: to break an object its Hardness must go below zero (0 is still whole)."""
    fight = new_fight(
        fighter("a", "red", (0, 0), weapons=["knife"], drawn=["knife"]),
        fighter("b", "blue", (9, 4)),
        text=board(),
        objects=[door(hardness=4)],
        dice=[4, 1],
    )
    fight.apply("a attack-object door with knife")
    assert st(fight).objects["door"].hardness == 0 and not st(fight).objects["door"].broken
    end_turn(fight)
    end_turn(fight)
    fight.apply("a attack-object door with knife")
    assert st(fight).objects["door"].broken
    end_turn(fight)
    end_turn(fight)
    assert "already broken" in (fight.why_illegal("a attack-object door with knife") or "")


def test_futurepath_37_a_broken_door_no_longer_blocks_movement_or_sight() -> None:
    """FuturePath 37: a broken blocking object stops blocking movement and line of sight."""
    text = board(5, 3, walls=((1, 0), (1, 2)))
    fight = new_fight(
        fighter("a", "red", (0, 1), weapons=["knife", "pistol"], drawn=["knife", "pistol"]),
        fighter("b", "blue", (4, 1)),
        text=text,
        objects=[door(at=(1, 1), hardness=0)],
        dice=[3],
    )
    a, b = st(fight).fighters["a"], st(fight).fighters["b"]
    assert fight.why_illegal("a move @2,1") == f"@2,1 is out of reach: a has 6 {OUT_OF_REACH}"
    assert not visible(st_game(fight), st(fight), a, b)
    fight.apply("a attack-object door with knife")
    assert st(fight).objects["door"].broken
    assert fight.why_illegal("a move @2,1") == (
        "Standard Move is a Standard action; a already used the Standard action this turn"
    )
    end_turn(fight)
    end_turn(fight)
    assert fight.why_illegal("a move @2,1") is None
    assert visible(st_game(fight), st(fight), a, b)


def test_futurepath_37_is_a_standard_action_in_reach_or_range() -> None:
    """FuturePath 37, 25: a Standard action; melee needs the object in the Threat Range; a ranged weapon
    spends a round and needs the object in sight and within its range (no Accuracy check to pay range
    increments with)."""
    fight = new_fight(
        fighter("a", "red", (0, 0), weapons=["knife", "pistol"], drawn=["knife", "pistol"]),
        fighter("b", "blue", (9, 4)),
        text=board(walls=((3, 2),)),
        objects=[door("near", (2, 0)), door("far", (7, 0)), door("hidden", (4, 3))],
        dice=[3],
    )
    assert "Threat Range" in (fight.why_illegal("a attack-object near with knife") or "")
    assert fight.why_illegal("a attack-object near with pistol") is None
    assert "range" in (fight.why_illegal("a attack-object far with pistol") or "")
    assert "cannot see" in (fight.why_illegal("a attack-object hidden with pistol") or "")
    assert verbs(fight, "attack-object") == ["a attack-object near with pistol"]
    fight.apply("a attack-object near with pistol")
    assert st(fight).fighters["a"].ammo["pistol"] == 11
    assert "Standard" in (fight.why_illegal("a attack-object near with pistol") or "")


# -- rule 17 / A11: move an object -----------------------------------------------------------------------


def drag_fight(**sheet: Any) -> Fight:
    return new_fight(
        fighter("a", "red", (2, 2), **sheet),
        fighter("b", "blue", (9, 0)),
        text=board(),
        objects=[door("crate", (1, 2), movable=True), door("pillar", (2, 1))],
        dice=[],
    )


def test_futurepath_17_dragging_is_half_speed_and_the_object_follows() -> None:
    """FuturePath 17: moving a medium-or-heavier object is half Speed as a Standard action; the object ends
    in the last square the character left."""
    fight = drag_fight()
    assert (
        fight.why_illegal("a drag crate @6,2")
        == f"@6,2 is out of reach: dragging, a moves up to 3 {DRAG_REACH}"
    )
    fight.apply("a drag crate @5,2")
    assert st(fight).fighters["a"].pos == (5, 2)
    assert st(fight).objects["crate"].pos == (4, 2)
    assert last(fight, "ObjectMoved").to == (4, 2)
    assert "Standard" in (fight.why_illegal("a move @6,2") or "")
    assert not [c for c in st(fight).conditions if c.name == "dragging"]


def test_futurepath_17_full_round_doubles_it() -> None:
    """FuturePath 17: a Full-Round action doubles the speed (full Speed) and ends the turn."""
    fight = drag_fight()
    assert fight.why_illegal("a drag crate @8,2 +fast") is None
    assert (
        fight.why_illegal("a drag crate @9,2 +fast")
        == f"@9,2 is out of reach: dragging, a moves up to 6 {DRAG_REACH}"
    )
    fight.apply("a drag crate @8,2 +fast")
    assert st(fight).objects["crate"].pos == (7, 2)
    assert fight.deciding() == ["b"]


@pytest.mark.parametrize("value", ["objects", "all"])
def test_futurepath_17_a11_strength_3_cannot_move_objects(value: str) -> None:
    """FuturePath 17 / A11: a character with Strength 3 or below cannot move objects (either option value)."""
    fight = new_fight(
        fighter("a", "red", (2, 2), str=3),
        fighter("b", "blue", (9, 0)),
        text=board(),
        objects=[door("crate", (1, 2), movable=True)],
        options={"weak_strength_blocks": value},
        dice=[],
    )
    assert "Strength 3" in (fight.why_illegal("a drag crate @4,2") or "")
    assert not verbs(fight, "drag")


def test_futurepath_17_only_movable_objects_next_to_the_character() -> None:
    """FuturePath 17: the object must be movable and adjacent; legal_actions() offers exactly those drags."""
    fight = drag_fight()
    assert "cannot be moved" in (fight.why_illegal("a drag pillar @4,2") or "")
    offered = verbs(fight, "drag")
    assert offered and all(" crate " in a for a in offered)
    assert "a drag crate @5,2" in offered and "a drag crate @8,2 +fast" in offered
    fight.apply("a move @5,4")
    end_turn(fight)
    end_turn(fight)
    assert "next to" in (fight.why_illegal("a drag crate @6,4") or "")
    assert not verbs(fight, "drag")


# -- rule 42: traps and mines ----------------------------------------------------------------------------


def trap(tid: str = "mine", at: tuple[int, int] = (3, 0), **extra: Any) -> dict[str, Any]:
    return {"id": tid, "at": list(at), **{"perception_dc": 12, "disable_dc": 15, "damage": "2d6", **extra}}


def test_futurepath_42_passive_perception_notices_at_turn_start_for_the_side() -> None:
    """FuturePath 42: not searching, a character uses passive Perception (10 + ranks + WIS mod) against the
    trap's Perception DC; what one notices its whole side knows."""
    fight = new_fight(
        fighter("a", "red", (1, 0), wis=12, skills={"perception": 1}),
        fighter("a2", "red", (9, 4)),
        fighter("b", "blue", (5, 0)),
        text=board(),
        traps=[trap()],
        dice=[],
    )
    assert st(fight).fighters["a"].known_traps == ["mine"]
    assert st(fight).fighters["a2"].known_traps == ["mine"]
    assert st(fight).fighters["b"].known_traps == [], "b's passive Perception is 10 < 12"
    assert last(fight, "TrapEvent").what == "noticed"


@pytest.mark.parametrize(
    ("where", "walls"),
    [((0, 0), ()), ((1, 0), ((2, 0), (2, 1)))],
    ids=["out of notice range", "no line of sight"],
)
def test_futurepath_42_noticing_needs_range_and_sight(where: tuple[int, int], walls: Any) -> None:
    """FuturePath 42 (ruled): passive Perception works within trap_notice_range squares, in line of sight."""
    fight = new_fight(
        fighter("a", "red", where, wis=12, skills={"perception": 1}),
        fighter("b", "blue", (9, 4)),
        text=board(walls=walls),
        traps=[trap()],
        dice=[],
    )
    assert st(fight).fighters["a"].known_traps == []


def test_futurepath_42_noticing_while_moving() -> None:
    """FuturePath 42: a trap comes into notice range during a move (checked after each step)."""
    fight = new_fight(
        fighter("a", "red", (0, 2), wis=12, skills={"perception": 1}),
        fighter("b", "blue", (9, 4)),
        text=board(),
        traps=[trap(at=(5, 2))],
        dice=[],
    )
    assert st(fight).fighters["a"].known_traps == []
    fight.apply("a move @3,2")
    assert st(fight).fighters["a"].known_traps == ["mine"]


def test_futurepath_42_walking_into_a_trap_sets_it_off() -> None:
    """FuturePath 42: stepping into an armed trap's square detonates it: everyone within its radius takes the
    damage; it goes off once. Walking into a known trap is allowed."""
    fight = new_fight(
        fighter("a", "red", (0, 0), wis=12, skills={"perception": 1}),
        fighter("a2", "red", (2, 1)),
        fighter("b", "blue", (9, 4)),
        text=board(),
        traps=[trap(at=(2, 0), radius_ft=5)],
        dice=[3, 4],
    )
    assert "mine" in st(fight).fighters["a"].known_traps
    assert fight.why_illegal("a move @2,0") is None
    fight.apply("a move @2,0")
    assert last(fight, "TrapEvent").what == "detonated"
    assert (hp(fight, "a"), hp(fight, "a2"), hp(fight, "b")) == (3, 3, 10)
    assert not st(fight).traps["mine"].armed


def test_futurepath_42_a_trap_going_off_ends_the_move() -> None:
    """FuturePath 42 (ruled): the move ends in the trap's square even when the mover is still standing."""
    fight = new_fight(
        fighter("a", "red", (0, 0), hp=20),
        fighter("b", "blue", (9, 4)),
        text=board(),
        traps=[trap(at=(2, 0))],
        dice=[1, 1],
    )
    fight.apply("a move @5,0")
    assert hp(fight, "a") == 18
    assert st(fight).fighters["a"].pos == (2, 0)


def test_futurepath_42_a_trap_that_drops_the_mover_ends_the_move() -> None:
    """FuturePath 42, 39: a mover brought to 0 HP by a trap stops in its square."""
    fight = new_fight(
        fighter("a", "red", (0, 0), hp=5),
        fighter("a2", "red", (0, 4)),
        fighter("b", "blue", (9, 4)),
        text=board(),
        traps=[trap(at=(2, 0))],
        dice=[3, 4],
    )
    fight.apply("a move @5,0")
    assert st(fight).fighters["a"].pos == (2, 0)
    assert st(fight).fighters["a"].status == "dying"


def disarm_fight(dice: list[int], **sheet: Any) -> Fight:
    """a (INT 14, Disable Device 3: +5) next to a known mine (DC 15, 2d6, radius 0)."""
    return new_fight(
        fighter(
            "a",
            "red",
            (2, 0),
            **{"int": 14, "wis": 12, "skills": {"perception": 1, "disable_device": 3}, **sheet},
        ),
        fighter("b", "blue", (9, 4)),
        text=board(),
        traps=[trap()],
        dice=dice,
    )


def test_futurepath_42_disarm_is_a_full_round_action_with_one_disadvantage() -> None:
    """FuturePath 42, 27: in combat disabling a trap is a Full-Round action with 1 Disadvantage (no Advantage
    die: a flat -1); success disarms it."""
    fight = disarm_fight([11])
    assert verbs(fight, "disarm") == ["a disarm mine"]
    fight.apply("a disarm mine")
    check = last(fight, "Checked")
    assert (check.what, check.natural, check.total, check.dc, check.success) == (
        "disable device",
        11,
        15,
        15,
        True,
    )
    assert last(fight, "TrapEvent").what == "disarmed"
    assert not st(fight).traps["mine"].armed
    assert fight.deciding() == ["b"], "a Full-Round action ends the turn"


def test_futurepath_42_disadvantage_is_one_advantage_die_roll() -> None:
    """FuturePath 42, 27: the Disadvantage subtracts one roll of the character's Advantage die (d4 here)."""
    fight = disarm_fight([11, 3], advantage_die=4)
    fight.apply("a disarm mine")
    assert last(fight, "Checked").total == 13


def test_futurepath_42_disarm_cannot_follow_a_simple_action() -> None:
    """FuturePath 42, 5: Full-Round: not after a Simple action."""
    fight = disarm_fight([], weapons=["knife"])
    fight.apply("a draw knife")
    assert "Full-Round" in (fight.why_illegal("a disarm mine") or "")


def test_futurepath_42_failing_by_5_or_less_wait_a_round() -> None:
    """FuturePath 42: failing by 5 or less leaves the trap armed; the character must wait 1 round before
    trying again (no try in the next round, a try in the round after)."""
    fight = disarm_fight([6])
    fight.apply("a disarm mine")
    assert last(fight, "TrapEvent").what == "still armed"
    assert st(fight).traps["mine"].armed
    end_turn(fight)
    assert "round 3" in (fight.why_illegal("a disarm mine") or "")
    assert not verbs(fight, "disarm")
    end_turn(fight)
    end_turn(fight)
    assert fight.why_illegal("a disarm mine") is None


def test_futurepath_42_failing_by_more_than_5_detonates() -> None:
    """FuturePath 42: failing by more than 5 detonates the trap; the disarmer is caught (ruled: even outside
    a radius-0 trap's square)."""
    fight = disarm_fight([5, 2, 2])
    fight.apply("a disarm mine")
    assert last(fight, "Checked").total == 9
    assert last(fight, "TrapEvent").what == "detonated"
    assert hp(fight, "a") == 6


def test_futurepath_42_natural_1_detonates() -> None:
    """FuturePath 42: a critical failure (natural 1) detonates the trap, whatever the total."""
    fight = disarm_fight([1, 1, 1], skills={"perception": 1, "disable_device": 20})
    fight.apply("a disarm mine")
    assert last(fight, "Checked").total == 22 and not last(fight, "Checked").success
    assert last(fight, "TrapEvent").what == "detonated"


def test_futurepath_42_disarm_needs_a_known_trap_next_to_the_character() -> None:
    """FuturePath 42: only a detected trap can be disabled, and the character must be next to it."""
    unseen = new_fight(
        fighter("a", "red", (2, 0)),
        fighter("b", "blue", (9, 4)),
        text=board(),
        traps=[trap(perception_dc=30)],
        dice=[],
    )
    assert "knows of no trap" in (unseen.why_illegal("a disarm mine") or "")
    far = new_fight(
        fighter("a", "red", (1, 0), wis=12, skills={"perception": 1}),
        fighter("b", "blue", (9, 4)),
        text=board(),
        traps=[trap()],
        dice=[],
    )
    assert "next to" in (far.why_illegal("a disarm mine") or "")
    assert not verbs(far, "disarm")


# -- every offered action is accepted; replay, undo and JSON hold -------------------------------------------

HAZARD_ARENA: dict[str, Any] = {
    "system": "futurepath",
    "options": {"max_rounds": 30},
    "map": {"text": "a . . . . . b\n. . # . + . .\n. ~ ~ . . . .\nc . . . . = d"},
    "combatants": [
        {
            "id": "vex",
            "side": "red",
            "at": "a",
            "template": "grenadier",
            "hp": 7,
            "skills": {"perception": 3},
        },
        {"id": "kat", "side": "red", "at": "c", "template": "brawler", "hp": 8},
        {"id": "rook", "side": "blue", "at": "b", "template": "gunslinger", "hp": 7},
        {"id": "ash", "side": "blue", "at": "d", "template": "medic", "hp": 6},
    ],
    "objects": [
        {"id": "crate", "at": [3, 3], "hardness": 2, "movable": True},
        {"id": "door", "at": [2, 2], "hardness": 1},
    ],
    "traps": [
        {"id": "mine", "at": [3, 0], "perception_dc": 10, "disable_dc": 12, "damage": "1d6", "radius_ft": 5},
        {"id": "wire", "at": [5, 2], "perception_dc": 14, "disable_dc": 14, "damage": "1d4"},
    ],
}


@pytest.mark.parametrize("seed", range(12))
def test_futurepath_17_37_42_random_fights_with_objects_traps_and_grenades(seed: int) -> None:
    """FuturePath 17, 34, 37, 42: random-legal fights with grenades, objects and traps end; every offered
    action is accepted; replay, undo and JSON round-trips hold (tactica.testing conformance checks)."""
    report = check_fight("futurepath", seed, HAZARD_ARENA)
    assert report.ended
