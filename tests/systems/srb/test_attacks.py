"""Star Rangers 13 and 17-21 (Heavy melee and knockback, the attack roll, natural 1 and 20, the attack bonus,
range increments and maximum ranges, size) and rulings B3, B4, B5, B9, B11; options critical_confirm,
critical_multiplier, range_penalty, knockback_dc, flat_footed_defense, size_boundary."""

from __future__ import annotations

import pytest

from tactica.systems.srb.sheet import Character, size_modifier, size_of_length
from tests.systems.srb.helpers import duel, fighter, fs, new_fight, of, offered, rolls, why

#: A 32 x 3 corridor (row 1 is the firing line).
LONG = "\n".join([" ".join(["."] * 32)] * 3)


def damage(events: list[object]) -> list[tuple[str, int, bool]]:
    """(target, amount, critical) of every damage."""
    return [(e.target, e.amount, e.critical) for e in of(events, "SrbDamageDealt")]  # type: ignore[attr-defined]


def shooter(at: int, weapon: str = "pistol", **sheet: object) -> object:
    """ana with a weapon at (0, 1), orc at (at, 1)."""
    return new_fight(
        fighter("ana", "red", (0, 1), weapons=[weapon], **sheet),
        fighter("orc", "blue", (at, 1)),
        text=LONG,
        dice=[10, 1, 1],
    )


# --- Star Rangers 17-18 ------------------------------------------------------------------------------


@pytest.mark.parametrize(("face", "hit"), [(12, True), (13, True), (11, False)])
def test_srb_17_a_hit_when_the_total_meets_defense(face: int, hit: bool) -> None:
    """Star Rangers 17: d20 + attack bonus; a result equal to or above the target's Defense hits."""
    fight = duel(dice=[face, 2], a={"bab": 1}, b={"class_defense": 3})
    events = fight.apply("ana attack orc")
    assert rolls(events) == [("ana", "orc", "attack", face, 1, face + 1, 13, hit)]
    assert damage(events) == ([("orc", 2, False)] if hit else [])


def test_srb_18_a_natural_20_always_hits_and_threatens() -> None:
    """Star Rangers 18, B3: a natural 20 hits whatever the Defense and is a threat: a second roll against
    the same Defense confirms it (here it does not: normal damage)."""
    fight = duel(dice=[20, 5, 2], b={"class_defense": 20})
    events = fight.apply("ana attack orc")
    assert rolls(events) == [
        ("ana", "orc", "attack", 20, 0, 20, 30, True),
        ("ana", "orc", "confirm", 5, 0, 5, 30, False),
    ]
    assert damage(events) == [("orc", 2, False)]


def test_srb_b3_a_confirmed_critical_rolls_the_damage_dice_twice() -> None:
    """B3: a confirmed threat is a critical hit: the damage dice are rolled twice (Heavy melee's +2 once)."""
    fight = duel(dice=[20, 15, 2, 3, 1, 20], a={"str": 14})
    events = fight.apply("ana heavy-melee orc")
    assert rolls(events)[1] == ("ana", "orc", "confirm", 15, 2, 17, 10, True)
    assert [(e.faces, e.bonus, e.amount, e.critical) for e in of(events, "SrbDamageDealt")] == [
        ((2, 3), 2, 7, True)
    ]


def test_srb_b3_options_no_confirmation_and_multiplier() -> None:
    """B3, options critical_confirm false and critical_multiplier 3: every natural 20 is a critical, with
    no confirmation roll, and the dice are rolled three times."""
    fight = duel(dice=[20, 1, 2, 3], options={"critical_confirm": False, "critical_multiplier": 3})
    events = fight.apply("ana attack orc")
    assert [r[2] for r in rolls(events)] == ["attack"]
    assert damage(events) == [("orc", 6, True)]


def test_srb_18_a_natural_1_always_misses_and_rolls_on_the_table() -> None:
    """Star Rangers 18: a natural 1 misses even when the total would hit, and rolls on the critical-failure
    table."""
    fight = duel(dice=[1, 15], a={"bab": 12})
    events = fight.apply("ana attack orc")
    assert rolls(events) == [("ana", "orc", "attack", 1, 12, 13, 10, False)]
    assert [(e.face, e.entry, e.effect) for e in of(events, "SrbFumble")] == [(15, 15, "normal miss")]


# --- Star Rangers 19-21: the attack bonus ------------------------------------------------------------


def test_srb_19_melee_bonus_bab_str_size_and_other() -> None:
    """Star Rangers 19: melee attack bonus = BAB + STR modifier + size modifier + other modifiers."""
    fight = duel(
        dice=[5, 2],
        a={"bab": 2, "str": 14, "dex": 18, "size": "small", "weapons": ["spike"]},
        weapons={"spike": {"kind": "melee", "damage": "1d4", "attack_bonus": 1}},
    )
    event = of(fight.apply("ana attack orc"), "SrbAttackRolled")[0]
    assert (event.bonus, event.detail) == (6, "BAB +2 STR +2 size +1 weapon +1")


def test_srb_19_ranged_bonus_bab_dex_size_range_and_other() -> None:
    """Star Rangers 19: ranged attack bonus = BAB + DEX modifier + size modifier + range penalty + other."""
    fight = shooter(7, bab=1, dex=16, str=18, size="large")
    event = of(fight.apply("ana attack orc"), "SrbAttackRolled")[0]
    assert (event.bonus, event.detail) == (1, "BAB +1 DEX +3 size -1 range -2")


@pytest.mark.parametrize(
    ("squares", "floor", "ceil_minus_one"),
    [(5, 0, 0), (6, -2, 0), (7, -2, -2), (12, -4, -2), (13, -4, -4)],
)
def test_srb_20_range_penalty_per_full_increment(squares: int, floor: int, ceil_minus_one: int) -> None:
    """Star Rangers 20, B4: -2 per full range increment (the pistol's is 9 m, 6 squares): less than one
    increment costs nothing, exactly one is -2 (floor(d / inc)); option range_penalty ceil_minus_one:
    -2 x (ceil(d / inc) - 1)."""
    for option, expected in (("floor", floor), ("ceil_minus_one", ceil_minus_one)):
        fight = new_fight(
            fighter("ana", "red", (0, 1), weapons=["pistol"]),
            fighter("orc", "blue", (squares, 1)),
            text=LONG,
            dice=[1, 15],
            options={"range_penalty": option},
        )
        assert of(fight.apply("ana attack orc"), "SrbAttackRolled")[0].bonus == expected


@pytest.mark.parametrize(
    ("kind", "extra", "reach"),
    [("thrown", {}, 10), ("ranged", {}, 20), ("ranged", {"range_class": "sniper"}, 30)],
)
def test_srb_20_maximum_ranges(kind: str, extra: dict[str, str], reach: int) -> None:
    """Star Rangers 20: thrown weapons reach 5 range increments, projectile weapons 20, snipers 30; beyond
    that, no attack."""
    weapon = {"kind": kind, "category": "thrown" if kind == "thrown" else "self_loading", "damage": "1d4"}
    weapon.update(extra)
    weapon["increment_m"] = 3 if kind == "thrown" else 1.5  # type: ignore[assignment]
    if kind == "ranged":
        weapon.update({"feed": "box", "capacity": 5})
    for at, ok in ((reach, True), (reach + 1, False)):
        if at > 31:
            continue
        fight = new_fight(
            fighter("ana", "red", (0, 1), weapons=["gun"]),
            fighter("orc", "blue", (at, 1)),
            text=LONG,
            weapons={"gun": weapon},
        )
        assert ("ana attack orc with gun" in offered(fight, "attack")) is ok
        if not ok:
            assert "Star Rangers 20" in why(fight, "ana attack orc with gun")
            assert "maximum range" in why(fight, "ana attack orc with gun")


def test_srb_20_no_shot_through_walls() -> None:
    """Ranged attacks need a line of sight: a wall between blocks them."""
    fight = new_fight(
        fighter("ana", "red", (0, 1), weapons=["pistol"]),
        fighter("orc", "blue", (4, 1)),
        text=". . . . .\n. . # . .\n. . . . .",
    )
    assert "no line of sight" in why(fight, "ana attack orc")


def test_srb_21_the_size_table() -> None:
    """Star Rangers 21: the size modifiers by category and length, +-2 per category beyond the table."""
    assert [size_modifier(s) for s in ("fine-4", "diminutive", "tiny", "small", "medium", "large", "huge")] == [
        12, 4, 2, 1, 0, -1, -2,
    ]  # fmt: skip
    assert [size_modifier(s) for s in ("gargantuan", "colossal-1", "colossal-4", "colossal-5", "fine-5")] == [
        -4, -6, -12, -14, 14,
    ]  # fmt: skip
    assert [size_of_length(m) for m in (0.015, 0.5, 1.0, 1.8, 3.0, 15, 100, 400)] == [
        "fine-4", "tiny", "small", "medium", "large", "gargantuan", "colossal-3", "colossal-5",
    ]  # fmt: skip
    assert Character(name="x", length_m=2.6).size_category() == "large"


def test_srb_b11_a_length_on_a_boundary_takes_the_larger_category() -> None:
    """B11: a creature exactly 2.5 m long is Large (the larger category); option size_boundary smaller:
    Medium."""
    assert size_of_length(2.5) == "large" and size_of_length(0.64) == "small"
    assert size_of_length(2.5, "smaller") == "medium" and size_of_length(0.64, "smaller") == "tiny"
    fight = duel(a={"length_m": 2.5}, b={"length_m": 2.5}, options={"size_boundary": "smaller"})
    assert fight.game.sizes == {"ana": "medium", "orc": "medium"}  # type: ignore[attr-defined]
    fight = duel(a={"length_m": 2.5})
    assert fight.game.sizes["ana"] == "large"  # type: ignore[attr-defined]


def test_srb_21_size_counts_for_attack_and_defense() -> None:
    """Star Rangers 21: the size modifier applies to attack and Defense, so two Large creatures strike each
    other as two Medium ones would."""
    fight = duel(dice=[10, 1], a={"size": "large"}, b={"size": "large"})
    assert rolls(fight.apply("ana attack orc")) == [("ana", "orc", "attack", 10, -1, 9, 9, True)]


# --- Defense (B9) -------------------------------------------------------------------------------------


def test_srb_b9_defense_and_touch_attacks() -> None:
    """B9: Defense = 10 + DEX + class + equipment + size; a touch attack (a power) ignores the equipment
    bonus."""
    target = {"dex": 14, "class_defense": 3, "equipment_defense": 4}
    fight = new_fight(
        fighter("ana", "red", (0, 1), weapons=["pistol"], powers=["shock-bolt"], resources={"tech": 4}),
        fighter("orc", "blue", (3, 1), **target),
        dice=[10, 10],
        text=LONG,
    )
    assert rolls(fight.apply("ana attack orc with pistol"))[0][-2:] == (19, False)
    fight.apply("ana end")
    fight.apply("orc end")
    assert rolls(fight.apply("ana attack orc with shock-bolt"))[0][-2:] == (15, False)


def test_srb_b9_option_flat_footed_defense_normal() -> None:
    """B9, option flat_footed_defense normal: a flat-footed defender keeps its DEX bonus (default: it
    loses it, Defense 10 instead of 12)."""
    fight = new_fight(
        fighter("ana", "red", (2, 2)),
        fighter("orc", "blue", (3, 2), aware=False, dex=14),
        dice=[11],
        initiative={"ana": 15, "orc": 10},
        options={"flat_footed_defense": "normal"},
    )
    event = of(fight.apply("ana attack orc"), "SrbAttackRolled")[0]
    assert (event.defense, event.flat_footed, event.hit) == (12, True, False)


def test_srb_prone_defense_and_attacks() -> None:
    """Prone (d20 Modern, for the seed's 'fall down'): Defense +4 against ranged attacks and -4 against
    melee; its own melee attacks at -4; standing up is a move action."""
    fight = new_fight(
        fighter("ana", "red", (0, 1), weapons=["pistol"]),
        fighter("gob", "red", (4, 1)),
        fighter("orc", "blue", (3, 1), prone=True),
        dice=[10, 10, 2, 10],
        text=LONG,
    )
    assert rolls(fight.apply("ana attack orc"))[0][-2:] == (14, False)
    fight.apply("ana end")
    assert rolls(fight.apply("gob attack orc"))[0][-2:] == (6, True)
    fight.apply("gob end")
    assert "prone" in why(fight, "orc move @3,2")
    assert rolls(fight.apply("orc attack gob"))[0][4] == -4
    fight.apply("orc stand")
    assert not fs(fight, "orc").prone


def test_srb_down_at_zero_and_dead_at_minus_ten() -> None:
    """Hit points (not in the seed, d20 Modern): at 0 or fewer a combatant is down, at -10 or fewer dead;
    the fight ends when one side is left standing."""
    fight = duel(dice=[10, 3], b={"hp": 2})
    events = fight.apply("ana attack orc")
    assert [(e.actor, e.hp, e.status) for e in of(events, "SrbFighterDown")] == [("orc", -1, "down")]
    assert fight.is_over() and fight.outcome().winner == "red"  # type: ignore[union-attr]
    dead = duel(dice=[10, 3], a={"str": 30}, b={"hp": 2}, options={"strength_damage": "melee_and_thrown"})
    assert fs(dead, "orc").status == "ok"
    dead.apply("ana attack orc")
    assert (fs(dead, "orc").hp, fs(dead, "orc").status) == (-11, "dead")


def test_srb_19_a_thrown_weapon_lands_by_its_target() -> None:
    """A thrown weapon (DEX, its range increment) leaves the hand and lies in the target's square."""
    fight = new_fight(
        fighter("ana", "red", (0, 1), weapons=["throwing-knife"], dex=14),
        fighter("orc", "blue", (1, 1)),
        dice=[9, 2],
        text=LONG,
    )
    events = fight.apply("ana attack orc")
    assert rolls(events)[0][4:] == (2, 11, 10, True)
    assert fs(fight, "ana").hand is None and "throwing-knife" not in fs(fight, "ana").gear
    assert [(i.name, i.pos) for i in fight.state.ground] == [("throwing-knife", (1, 1))]  # type: ignore[attr-defined]


# --- Star Rangers 13: Heavy melee --------------------------------------------------------------------


def test_srb_13_heavy_melee_two_more_damage_and_knockback() -> None:
    """Star Rangers 13, B5: Heavy melee is a melee attack with +2 damage (seed l.82 "Make a melee attack, +2
    damage"; STR 14 adds to the attack roll only, issue 14 point 3); against a target of the same size or
    smaller the attacker's STR check total is the DC of the target's Fortitude save: failed, it is knocked
    back 1 square directly away."""
    fight = duel(dice=[12, 3, 14, 9], a={"str": 14, "weapons": ["knife"]}, b={"con": 12})
    events = fight.apply("ana heavy-melee orc")
    assert [(e.faces, e.bonus, e.amount) for e in of(events, "SrbDamageDealt")] == [((3,), 2, 5)]
    checks = [(e.actor, e.what, e.total, e.dc, e.success) for e in of(events, "SrbCheckRolled")]
    assert checks == [("ana", "STR check", 16, None, None), ("orc", "Fortitude save", 10, 16, False)]
    assert [(e.pushed, e.to) for e in of(events, "SrbKnockback")] == [(True, (4, 2))]
    assert fs(fight, "orc").pos == (4, 2)


def test_srb_13_knockback_saved_blocked_or_against_a_larger_target() -> None:
    """Star Rangers 13: a made save, a wall behind the target or a larger target: no knockback."""
    saved = duel(dice=[12, 3, 5, 15], a={"weapons": ["knife"]})
    assert [e.reason for e in of(saved.apply("ana heavy-melee orc"), "SrbKnockback")] == ["saved"]
    walled = duel(dice=[12, 3, 14, 2], a={"weapons": ["knife"]}, text=". . . . .\n. . . . .\n. . . . #")
    assert [e.reason for e in of(walled.apply("ana heavy-melee orc"), "SrbKnockback")] == ["blocked"]
    assert fs(walled, "orc").pos == (3, 2)
    larger = duel(dice=[12, 3], a={"weapons": ["knife"]}, b={"size": "large"})
    assert [e.reason for e in of(larger.apply("ana heavy-melee orc"), "SrbKnockback")] == [
        "orc is larger than ana"
    ]


def test_srb_b5_option_fixed_knockback_dc() -> None:
    """B5, option knockback_dc fixed: no STR roll; the Fortitude DC is 10 + the attacker's STR modifier."""
    fight = duel(dice=[12, 3, 11], a={"str": 14, "weapons": ["knife"]}, options={"knockback_dc": "fixed"})
    events = fight.apply("ana heavy-melee orc")
    assert [(e.what, e.total, e.dc, e.success) for e in of(events, "SrbCheckRolled")] == [
        ("Fortitude save", 11, 12, False)
    ]
    assert fs(fight, "orc").pos == (4, 2)


def test_srb_19_strength_goes_to_melee_attack_rolls_not_to_damage() -> None:
    """Issue 14 point 3, Star Rangers 19 (seed l.126 "Base attack bonus + Strength modifier + size
    modifier", l.130 "its modifier applies to melee attack rolls"): STR 16 (+3) adds 3 to the knife's attack
    roll and nothing to its damage, nor to a thrown knife's (option strength_damage none)."""
    fight = duel(dice=[9, 4], a={"str": 16, "weapons": ["knife"]})
    events = fight.apply("ana attack orc")
    assert rolls(events)[0][4:] == (3, 12, 10, True)
    assert [(e.faces, e.bonus, e.amount) for e in of(events, "SrbDamageDealt")] == [((4,), 0, 4)]
    thrown = new_fight(
        fighter("ana", "red", (0, 1), weapons=["throwing-knife"], str=16),
        fighter("orc", "blue", (1, 1)),
        dice=[15, 3],
        text=LONG,
    )
    assert [(e.bonus, e.amount) for e in of(thrown.apply("ana attack orc"), "SrbDamageDealt")] == [(0, 3)]


def test_srb_option_strength_damage_melee_and_thrown() -> None:
    """Issue 14 point 3, option strength_damage melee_and_thrown (d20 Modern, the engine before issue 14):
    the STR modifier (+3) is added to melee and thrown damage, and Heavy melee adds its +2 on top; ranged
    weapons get none."""
    options = {"strength_damage": "melee_and_thrown"}
    fight = duel(dice=[9, 4], a={"str": 16, "weapons": ["knife"]}, options=options)
    assert [(e.bonus, e.amount) for e in of(fight.apply("ana attack orc"), "SrbDamageDealt")] == [(3, 7)]
    heavy = duel(dice=[9, 4, 1, 20], a={"str": 16, "weapons": ["knife"]}, options=options)
    assert [(e.bonus, e.amount) for e in of(heavy.apply("ana heavy-melee orc"), "SrbDamageDealt")] == [(5, 9)]
    thrown = new_fight(
        fighter("ana", "red", (0, 1), weapons=["throwing-knife"], str=16),
        fighter("orc", "blue", (1, 1)),
        dice=[15, 3],
        text=LONG,
        options=options,
    )
    assert [(e.bonus, e.amount) for e in of(thrown.apply("ana attack orc"), "SrbDamageDealt")] == [(3, 6)]
    gun = new_fight(
        fighter("ana", "red", (0, 1), weapons=["pistol"], str=16),
        fighter("orc", "blue", (1, 1)),
        dice=[15, 3, 2],
        text=LONG,
        options=options,
    )
    assert [(e.bonus, e.amount) for e in of(gun.apply("ana attack orc"), "SrbDamageDealt")] == [(0, 5)]


def test_srb_13_heavy_melee_needs_a_melee_weapon() -> None:
    """Star Rangers 13: Heavy melee is a melee attack: not with a gun."""
    fight = duel(a={"weapons": ["pistol"]})
    assert "Star Rangers 13" in why(fight, "ana heavy-melee orc with pistol")
    assert "ana heavy-melee orc with unarmed" in offered(fight, "heavy-melee")
