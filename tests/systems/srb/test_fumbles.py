"""Star Rangers 22-23: the critical-failure table, entry by entry, for every category of weapon (guns:
self-loading, revolvers, multi-barrel; powered weapons; bows and thrown weapons; powers; unpowered melee;
unarmed and natural attacks), and the random-direction roll; ruling B2 (options fumble_die,
fumble_modifier) and the off_target option of B9."""

from __future__ import annotations

from typing import Any

import pytest

from tactica.dice import ScriptedDice
from tactica.engine.system import Context
from tactica.systems.srb.movement import random_direction
from tests.systems.srb.helpers import fighter, fs, fumbles, new_fight, of, offered, play, rolls, why

SHEETS: dict[str, dict[str, Any]] = {
    "pistol": {"weapons": ["pistol"]},
    "revolver": {"weapons": ["revolver"]},
    "shotgun": {"weapons": ["shotgun"]},
    "laser-pistol": {"weapons": ["laser-pistol"]},
    "stun-baton": {"weapons": ["stun-baton"]},
    "bow": {"weapons": ["bow"], "rounds": {"bow": 10}},
    "throwing-knife": {"weapons": ["throwing-knife"]},
    "shock-bolt": {"powers": ["shock-bolt"], "resources": {"tech": 10}},
    "knife": {"weapons": ["knife"]},
    "unarmed": {},
    "claws": {"weapons": ["claws"]},
}


def fumble(using: str, face: int, *dice: int, **extra: Any) -> tuple[Any, list[Any]]:
    """ana at (2, 2) attacks orc at (3, 2) with ``using``: a natural 1, then ``face`` on the table."""
    sheet = {**SHEETS[using], **extra.pop("a", {})}
    third = extra.pop("third", [])
    fight = new_fight(
        fighter("ana", "red", (2, 2), **sheet),
        fighter("orc", "blue", (3, 2)),
        *third,
        dice=[1, face, *dice],
        **extra,
    )
    return fight, fight.apply(f"ana attack orc with {using}")


def effect(events: list[Any]) -> str:
    """The effect of the (single) table entry rolled."""
    found = fumbles(events)
    assert len(found) == 1, found
    return found[0][1]


def gear(fight: Any, name: str) -> Any:
    return fs(fight, "ana").gear[name]


def ground(fight: Any) -> list[tuple[str, tuple[int, int], int]]:
    return [(i.name, i.pos, i.rounds) for i in fight.state.ground]


# --- 1-2: attack self ---------------------------------------------------------------------------------


@pytest.mark.parametrize("using", ["pistol", "shock-bolt", "knife", "claws"])
def test_srb_22_1_attack_self_full_damage(using: str) -> None:
    """Star Rangers 22 (1): attack self, full damage, whatever the weapon."""
    dice = {"pistol": [3, 4], "shock-bolt": [3, 4], "knife": [3], "claws": [3]}[using]
    _fight, events = fumble(using, 1, *dice)
    assert effect(events) == "attack self: full damage"
    assert [(e.source, e.target, e.amount) for e in of(events, "SrbDamageDealt")] == [
        ("ana", "ana", sum(dice))
    ]


def test_srb_22_2_attack_self_half_damage() -> None:
    """Star Rangers 22 (2): attack self, half damage (rounded down)."""
    fight, events = fumble("pistol", 2, 3, 4)
    assert effect(events) == "attack self: half damage"
    assert fs(fight, "ana").hp == 20 - 3


# --- 3: throw weapon ----------------------------------------------------------------------------------


def test_srb_22_3_a_weapon_flies_1d6_squares_in_a_random_direction() -> None:
    """Star Rangers 22 (3), 23: the weapon flies 1d6 squares (3) in a random direction (1d6 3:
    backwards, away from orc): it stops at the edge of the map."""
    fight, events = fumble("pistol", 3, 3, 3)
    assert effect(events) == "throw weapon: it flies 3 squares in a random direction"
    assert [(e.faces, e.direction) for e in of(events, "SrbDirection")] == [((3,), "backwards")]
    assert fs(fight, "ana").hand is None and "pistol" not in fs(fight, "ana").gear
    assert ground(fight) == [("pistol", (0, 2), 0)]


def test_srb_22_3_a_thrown_weapon_flies_too() -> None:
    """Star Rangers 22 (3): a thrown weapon flies off as well (2 squares forward, past its target)."""
    fight, _events = fumble("throwing-knife", 3, 2, 1)
    assert ground(fight) == [("throwing-knife", (4, 2), 0)]


def test_srb_22_3_powers_cooldown_1d6_times() -> None:
    """Star Rangers 22 (3): a power goes on cooldown for 1d6 (3) times its normal time (2 actions) and
    fails."""
    fight, events = fumble("shock-bolt", 3, 3)
    assert "cooldown for 3 x 2 = 6 actions" in effect(events)
    cooldowns = [(t.item, t.length) for t in fight.state.timed]
    assert cooldowns == [("shock-bolt", 6)]


def test_srb_22_3_unarmed_fall_down_one_square_away() -> None:
    """Star Rangers 22 (3), 23: unarmed or natural: fall down one square away in a random direction (5
    then 2: left, which for ana facing east is north)."""
    fight, events = fumble("claws", 3, 5, 2)
    assert [(e.faces, e.direction) for e in of(events, "SrbDirection")] == [((5, 2), "left")]
    assert fs(fight, "ana").pos == (2, 1) and fs(fight, "ana").prone


# --- 4: drop ------------------------------------------------------------------------------------------


def test_srb_22_4_drop_weapon_power_and_unarmed() -> None:
    """Star Rangers 22 (4): a weapon drops in the attacker's square; a power fails and goes on its normal
    cooldown; unarmed: fall down."""
    fight, events = fumble("knife", 4)
    assert ground(fight) == [("knife", (2, 2), 0)] and fs(fight, "ana").hand is None
    fight, events = fumble("shock-bolt", 4)
    assert "normal cooldown" in effect(events)
    assert [(t.item, t.length) for t in fight.state.timed] == [("shock-bolt", 2)]
    fight, events = fumble("unarmed", 4)
    assert fs(fight, "ana").prone and fs(fight, "ana").pos == (2, 2)


# --- 5: out of power ----------------------------------------------------------------------------------


def test_srb_22_5_out_of_power_by_category() -> None:
    """Star Rangers 22 (5): a powered weapon loses power until its cell is changed; a gun drops its
    magazine (a revolver its rounds); a bow's arrow falls; a power loses every point of its resource;
    unarmed and unpowered melee: tired."""
    fight, _events = fumble("laser-pistol", 5)
    assert gear(fight, "laser-pistol").loaded == 0
    assert "empty; reload it" in why(fight, "ana attack orc with laser-pistol")
    fight, _events = fumble("pistol", 5)
    assert ground(fight) == [("mag-pistol", (2, 2), 11)]
    assert (gear(fight, "pistol").loaded, gear(fight, "pistol").mag_in) == (0, False)
    fight, _events = fumble("revolver", 5)
    assert ground(fight) == [("rounds-revolver", (2, 2), 5)]
    fight, _events = fumble("bow", 5)
    assert ground(fight) == [("rounds-bow", (2, 2), 1)] and fs(fight, "ana").rounds == {"bow": 9}
    fight, _events = fumble("shock-bolt", 5)
    assert fs(fight, "ana").resources == {"tech": 0}
    for using in ("knife", "unarmed"):
        fight, _events = fumble(using, 5)
        assert fs(fight, "ana").tired
    fight, _events = fumble("knife", 5, 10, 2, a={"str": 14, "dex": 14})
    play(fight, "ana end", "orc end")
    attack = of(fight.apply("ana attack orc with knife"), "SrbAttackRolled")[0]
    assert attack.detail == "STR +1"  # tired: STR 14 counts as 12


def test_srb_22_5_a_dropped_magazine_can_be_picked_up() -> None:
    """The magazine a critical failure drops lies in the square; picking it up (a move action) makes it a
    spare again."""
    fight, _events = fumble("pistol", 5)
    fight.apply("ana pickup mag-pistol")
    assert fs(fight, "ana").mags == {"pistol": [11]}


# --- 6: misfire ---------------------------------------------------------------------------------------


def test_srb_22_6_misfire_self_loading_and_powered_need_an_action() -> None:
    """Star Rangers 22 (6): a self-loading gun (jammed) or a powered weapon (fuse) needs one action to be
    ready again: 'clear' (a move action)."""
    for using, fault in (("pistol", "jammed"), ("laser-pistol", "fuse")):
        fight, _events = fumble(using, 6)
        assert gear(fight, using).fault == fault
        assert "one move action ('clear')" in why(fight, f"ana attack orc with {using}")
        assert offered(fight, "clear") == {f"ana clear {using}"}
        fight.apply(f"ana clear {using}")
        assert gear(fight, using).fault == ""


def test_srb_22_6_misfire_revolver_bow_power_and_melee() -> None:
    """Star Rangers 22 (6): revolvers and multi-barrel guns only waste the round; a bow's arrow falls; a
    power needs an action of concentration before any power; melee and unarmed: -2 to attack for the
    next action, then -1, then normal."""
    fight, events = fumble("revolver", 6)
    assert effect(events) == "misfire: the round is wasted" and gear(fight, "revolver").loaded == 5
    fight, _events = fumble("shotgun", 6)
    assert gear(fight, "shotgun").loaded == 1
    fight, _events = fumble("bow", 6)
    assert ground(fight) == [("rounds-bow", (2, 2), 1)]
    fight, _events = fumble("shock-bolt", 6)
    assert "concentrating" in why(fight, "ana attack orc with shock-bolt")
    fight.apply("ana concentrate")
    assert not fs(fight, "ana").concentrate
    fight, _events = fumble("knife", 6, 10, 10, 10, 2)
    play(fight, "ana end", "orc end")
    first = rolls(fight.apply("ana attack orc"))[0]
    fight.apply("ana end")
    fight.apply("orc end")
    second = rolls(fight.apply("ana attack orc"))[0]
    play(fight, "ana end", "orc end")
    third = rolls(fight.apply("ana attack orc"))[0]
    assert (first[4], second[4], third[4]) == (-2, -1, 0)


# --- 7-8 ----------------------------------------------------------------------------------------------


def test_srb_22_7_distracted_no_attack_happened() -> None:
    """Star Rangers 22 (7): distracted: the attack did not happen (no round or power points spent), and
    the attacker is off target for its next 2 actions."""
    fight, _events = fumble("pistol", 7)
    assert gear(fight, "pistol").loaded == 12
    assert "off target for 2 more actions" in why(fight, "ana attack orc")
    fight, _events = fumble("shock-bolt", 7)
    assert fs(fight, "ana").resources == {"tech": 10} and not fight.state.timed[1:]


def test_srb_b9_option_off_target_penalty() -> None:
    """B9, option off_target penalty: off target, attacks are made at -4 instead of not at all."""
    fight, _events = fumble("pistol", 7, 15, 1, 1, options={"off_target": "penalty"})
    play(fight, "ana end", "orc end")
    attack = rolls(fight.apply("ana attack orc"))[0]
    assert attack[4] == -4


def test_srb_22_8_safe_mode_by_category() -> None:
    """Star Rangers 22 (8): guns (safety on) and powered weapons (turned off) need one action and did not
    fire; bows and thrown weapons: holding on loses the action; powers: resources spent, no cooldown."""
    fight, _events = fumble("pistol", 8)
    assert (gear(fight, "pistol").fault, gear(fight, "pistol").loaded) == ("safe", 12)
    fight, _events = fumble("laser-pistol", 8)
    assert gear(fight, "laser-pistol").fault == "off"
    fight, _events = fumble("throwing-knife", 8)
    assert fs(fight, "ana").hand == "throwing-knife" and not ground(fight)
    fight, _events = fumble("bow", 8)
    assert fs(fight, "ana").rounds == {"bow": 10}
    fight, _events = fumble("shock-bolt", 8)
    assert fs(fight, "ana").resources == {"tech": 8} and not fight.state.timed


# --- 9: random attack ---------------------------------------------------------------------------------


def test_srb_22_9_random_adjacent_target_at_half_bonus() -> None:
    """Star Rangers 22 (9): melee: a random adjacent target (an ally too), at half the attack bonus."""
    bo = fighter("bo", "red", (2, 3))
    fight, events = fumble("knife", 9, 2, 9, 3, a={"bab": 5}, third=[bo])
    assert rolls(events)[1] == ("ana", "bo", "random", 9, 2, 11, 10, True)
    assert fs(fight, "bo").hp == 17


def test_srb_22_9_a_fumbled_heavy_melee_random_attack_keeps_its_two_damage() -> None:
    """Issue 14 point 7, Star Rangers 13, 22 (9): a fumbled Heavy melee ("Make a melee attack, +2 damage",
    seed l.82) whose table result is a random attack ("target a random adjacent target ... use half normal
    attack bonus", l.233) still deals its +2 (knife 1d4 3 + 2 = 5), and knocks no one back; option
    heavy_random_attack plain: no +2 (3)."""
    for options, amount in (({}, 5), ({"heavy_random_attack": "plain"}, 3)):
        fight = new_fight(
            fighter("ana", "red", (2, 2), weapons=["knife"]),
            fighter("orc", "blue", (3, 2)),
            dice=[1, 9, 15, 3],
            options=options,
        )
        events = fight.apply("ana heavy-melee orc")
        assert rolls(events)[1] == ("ana", "orc", "random", 15, 0, 15, 10, True)
        assert [(e.target, e.amount) for e in of(events, "SrbDamageDealt")] == [("orc", amount)]
        assert not of(events, "SrbKnockback") and not of(events, "SrbCheckRolled")


def test_srb_22_9_reach_weapons_two_squares_away() -> None:
    """Star Rangers 22 (9): with a reach weapon the random target is one 2 squares away."""
    gob = fighter("gob", "blue", (4, 2))
    fight = new_fight(
        fighter("ana", "red", (2, 2), weapons=["pike"]),
        fighter("orc", "blue", (3, 2)),
        gob,
        dice=[1, 9, 15, 4],
    )
    events = fight.apply("ana attack orc")
    assert rolls(events)[1][:3] == ("ana", "gob", "random")


def test_srb_22_9_random_target_in_a_cone() -> None:
    """Star Rangers 22 (9): ranged attacks and powers: a random target in a cone as wide as it is long,
    toward the target (someone behind the attacker is not in it)."""
    gob = fighter("gob", "blue", (6, 4))
    behind = fighter("bo", "red", (0, 2))
    _fight, events = fumble("pistol", 9, 2, 20, 1, 1, third=[gob, behind])
    assert rolls(events)[1][:4] == ("ana", "gob", "random", 20)
    _fight, events = fumble("pistol", 9, 1, 1, third=[gob, behind])
    assert rolls(events)[1][:2] == ("ana", "orc")


# --- 10: overheat -------------------------------------------------------------------------------------


def test_srb_22_10_self_loading_overheat_and_cook_offs() -> None:
    """Star Rangers 22 (10): a self-loading gun overheats: after each later shot, each round chambered
    has 1 in 4 (a d4 showing 1) to cook off in a random direction right after."""
    fight, _events = fumble("pistol", 10, 5, 1, 1, 1, 4, 2)
    assert gear(fight, "pistol").overheated
    play(fight, "ana end", "orc end")
    events = fight.apply("ana attack orc")
    assert [r[2] for r in rolls(events)] == ["attack", "cook-off"]
    assert gear(fight, "pistol").loaded == 12 - 3


def test_srb_22_10_revolver_multifire() -> None:
    """Star Rangers 22 (10): a revolver: 1 in 12 (a d12 showing 1) to multifire: it is ruined, and each
    remaining shot has 50% (a d2 showing 1) to hurt its shooter for half damage."""
    fight, events = fumble("revolver", 10, 4)
    assert "no multifire" in effect(events)
    fight, events = fumble("revolver", 10, 1, 1, 4, 4, 2, 2, 2, 2)
    assert "ruined" in effect(events)
    assert gear(fight, "revolver").broken and gear(fight, "revolver").loaded == 0
    assert [(e.target, e.amount, e.note) for e in of(events, "SrbDamageDealt")] == [("ana", 4, "ricochet")]


def test_srb_22_10_multi_barrel_multifire_in_random_directions() -> None:
    """Star Rangers 22 (10): a multi-barrel gun's remaining shots go off in random directions: a shot
    forward meets orc (attacked at half bonus)."""
    fight, events = fumble("shotgun", 10, 1, 1, 12, 3, 3)
    assert [(e.faces, e.direction) for e in of(events, "SrbDirection")] == [((1,), "forward")]
    assert rolls(events)[1][:3] == ("ana", "orc", "multifire")
    assert gear(fight, "shotgun").loaded == 0


def test_srb_22_10_powered_weapons_cool_and_powers_double_cooldown() -> None:
    """Star Rangers 22 (10): a powered weapon shuts down until it cools (one round); a power's cooldown
    doubles; others: a normal miss."""
    fight, _events = fumble("stun-baton", 10)
    assert "cool" in why(fight, "ana attack orc with stun-baton")
    play(fight, "ana end", "orc end")
    assert "ana attack orc with stun-baton" in offered(fight)
    fight, events = fumble("shock-bolt", 10)
    assert [(t.item, t.length) for t in fight.state.timed] == [("shock-bolt", 4)]
    fight, events = fumble("bow", 10)
    assert effect(events) == "overheat: a normal miss"


# --- 11-21 --------------------------------------------------------------------------------------------


def test_srb_22_11_inconvenient_objects() -> None:
    """Star Rangers 22 (11): ranged attacks hit some inconvenient object; a melee weapon makes a
    Fortitude save DC 10 + STR modifier or breaks; unarmed: 1 hit point of damage."""
    fight, events = fumble("pistol", 11)
    assert effect(events) == "hits some inconvenient object"
    fight, events = fumble("knife", 11, 9, a={"str": 14})
    assert [(e.what, e.total, e.dc, e.success) for e in of(events, "SrbCheckRolled")] == [
        ("knife Fortitude save", 11, 12, False)
    ]
    assert gear(fight, "knife").broken and "broken" in why(fight, "ana attack orc with knife")
    fight, events = fumble("unarmed", 11)
    assert fs(fight, "ana").hp == 19


@pytest.mark.parametrize("face", range(12, 21))
def test_srb_22_12_to_20_normal_miss(face: int) -> None:
    """Star Rangers 22 (12-20): a normal miss."""
    _fight, events = fumble("pistol", face)
    assert effect(events) == "normal miss"


def test_srb_b2_entry_21_only_with_a_modifier_and_its_rolls() -> None:
    """B2: on a d20 entry 21 ('fail badly': 1d4 rolls on the table, all applied) needs a modifier (option
    fumble_modifier); a 21 among those rolls is rolled again."""
    fight, events = fumble("pistol", 20, 2, 3, 20, 11, options={"fumble_modifier": 1})
    assert fumbles(events) == [
        (21, "fail badly: 2 rolls on the table, every result applies"),
        (4, "drop weapon: it lies in the attacker's square"),
        (12, "normal miss"),
    ]
    assert ground(fight) == [("pistol", (2, 2), 0)]


def test_srb_b2_option_fumble_die_21() -> None:
    """B2, option fumble_die 21: the table rolled on a 21-sided die, so 21 comes up by itself."""
    _fight, events = fumble("pistol", 21, 1, 15, options={"fumble_die": 21})
    assert [f[0] for f in fumbles(events)] == [21, 15]


# --- 23: random direction -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("faces", "name", "index"),
    [
        ([1], "forward", 2),
        ([2], "forward", 2),
        ([3], "backwards", 6),
        ([4], "backwards", 6),
        ([5, 1], "left forward", 1),
        ([5, 2], "left", 0),
        ([6, 3], "left rear", 7),
        ([6, 4], "right forward", 3),
        ([5, 5], "right", 4),
        ([6, 6], "right rear", 5),
    ],
)
def test_srb_23_random_direction(faces: list[int], name: str, index: int) -> None:
    """Star Rangers 23: 1d6: 1-2 forward, 3-4 backwards, 5-6 another 1d6: 1 left forward, 2 left, 3 left
    rear, 4 right forward, 5 right, 6 right rear (facing east: forward is east, left is north)."""
    events: list[Any] = []
    ctx = Context(ScriptedDice(faces), events)
    assert random_direction(ctx, "ana", 2, "test") == index
    assert [(e.faces, e.direction) for e in events] == [(tuple(faces), name)]
