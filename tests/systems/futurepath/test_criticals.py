"""FuturePath rules 28, 30-33; rulings A10, A19: Extra Damage, critical checks, Full Attack, Bonus Attack."""

from __future__ import annotations

import pytest

from tactica.dice import DiceScriptError
from tests.systems.futurepath.helpers import fighter, new_fight, offered

ROW = " ".join("." * 10)


def chain(
    dice: list[int], *, extra_damage: int = 3, weapon: str = "broad-sword", ac: int = 15, **opts: object
):
    """a (STR 10) with Extra Damage makes a Full Attack on c (AC 15)."""
    return new_fight(
        fighter("a", "red", (0, 0), extra_damage=extra_damage, weapons=[weapon], drawn=[weapon]),
        fighter("c", "blue", (1, 0), ac=ac, hp=500),
        text=ROW,
        dice=dice,
        weapons={
            "axe18": {"kind": "melee", "level": 3, "crit_range": 18},
            "axe4": {"kind": "melee", "level": 3, "crit_multiplier": 4},
        },
        options=opts or {},
    )


def results(fight: object) -> list[tuple[str, int]]:
    return [(e.result, e.multiplier) for e in fight.events if e.kind == "CriticalChecked"]  # type: ignore[attr-defined]


def multipliers(fight: object) -> list[int]:
    return [e.multiplier for e in fight.events if e.kind == "DamageRolled"]  # type: ignore[attr-defined]


def test_futurepath_31_critical_checks_explode_succeed_then_stop() -> None:
    """FuturePath 31 / A19: after a critical first hit each Extra Damage is critical-checked: a 19-20 explodes
    (x+1), a hit keeps the current multiplier, a miss ends checking (that roll and the rest are normal)."""
    fight = chain([20, 4, 4, 19, 2, 2, 2, 16, 1, 1, 1, 10, 5], extra_damage=3)
    fight.apply("a full-attack c with broad-sword")
    assert results(fight) == [("explode", 3), ("success", 3), ("fail", 3)]
    assert multipliers(fight) == [2, 3, 3, 1]


def test_futurepath_31_after_a_failed_check_the_rest_is_rolled_without_checks() -> None:
    """FuturePath 31: once a check fails, all remaining Extra Damage is rolled as normal, with no more checks."""
    fight = chain([20, 4, 4, 5, 3, 6], extra_damage=2)
    fight.apply("a full-attack c with broad-sword")
    assert results(fight) == [("fail", 2)]
    assert multipliers(fight) == [2, 1, 1]


def test_futurepath_31_a_natural_1_stops_all_further_extra_damage() -> None:
    """FuturePath 31: a critical failure in a check rolls no more Extra Damage; damage already rolled stands."""
    fight = chain([20, 4, 4, 1], extra_damage=3)
    fight.apply("a full-attack c with broad-sword")
    assert results(fight) == [("fumble", 2)]
    assert multipliers(fight) == [2]
    assert fight.state.fighters["c"].hp == 500 - 8


def test_futurepath_31_extended_range_counts_as_success_even_below_ac() -> None:
    """FuturePath 31: an 18 on an 18-20 weapon is no critical in a check (19-20 only) but counts as a success."""
    fight = chain([20, 4, 4, 18, 2, 2], extra_damage=1, weapon="axe18", ac=30)
    fight.apply("a full-attack c with axe18")
    assert results(fight) == [("success", 2)]


def test_futurepath_31_the_multiplier_never_exceeds_x5() -> None:
    """FuturePath 31: explosions stack, capped at x5."""
    faces = [20] + [1] * 4 + [19] + [1] * 5 + [20] + [1] * 5
    fight = chain(faces, extra_damage=2, weapon="axe4")
    fight.apply("a full-attack c with axe4")
    assert results(fight) == [("explode", 5), ("explode", 5)]


def test_futurepath_31_no_checks_without_a_critical() -> None:
    """FuturePath 30-31: Extra Damage after an ordinary hit is rolled normally, with STR (A10) and no checks."""
    fight = new_fight(
        fighter("a", "red", (0, 0), str=14, extra_damage=2, weapons=["broad-sword"], drawn=["broad-sword"]),
        fighter("c", "blue", (1, 0), ac=15, hp=500),
        text=ROW,
        dice=[16, 3, 4, 5],
    )
    fight.apply("a full-attack c with broad-sword")
    damage = [(e.roll, e.amount) for e in fight.events if e.kind == "DamageRolled"]
    assert damage == [("hit", 5), ("extra 1", 6), ("extra 2", 7)]
    assert not results(fight)
    assert fight.deciding() == ["c"], "Extra Damage makes the attack a Full-Round action that ends the turn"


def test_futurepath_32_full_attack_needs_extra_attack_or_damage_and_rolls_each_attack() -> None:
    """FuturePath 32: Full Attack needs Extra Attack or Extra Damage; each Extra Attack is another check."""
    plain = new_fight(
        fighter("a", "red", (0, 0), weapons=["broad-sword"], drawn=["broad-sword"]),
        fighter("c", "blue", (1, 0)),
        text=ROW,
        dice=[],
    )
    assert "Extra Attack or Extra Damage" in (plain.why_illegal("a full-attack c with broad-sword") or "")
    fight = new_fight(
        fighter("a", "red", (0, 0), extra_attacks=1, weapons=["broad-sword"], drawn=["broad-sword"]),
        fighter("c", "blue", (1, 0), ac=15, hp=500),
        text=ROW,
        dice=[16, 3, 5],
    )
    fight.apply("a full-attack c with broad-sword")
    assert [e.natural for e in fight.events if e.kind == "AttackRolled"] == [16, 5]


def dual(dice: list[int], main: str = "short-sword", off: str = "knife", **sheet: object):
    return new_fight(
        fighter(
            "a",
            "red",
            (0, 0),
            **{
                "advantage_die": 4,
                "proficient": ["all"],
                "weapons": [main, off],
                "drawn": [main, off],
                **sheet,
            },
        ),
        fighter("c", "blue", (1, 0), ac=5, hp=500),
        fighter("d", "blue", (0, 1), ac=5, hp=500),
        text=ROW + "\n" + ROW,
        dice=dice,
    )


def test_futurepath_33_bonus_attack_only_after_a_standard_attack() -> None:
    """FuturePath 33: a Bonus Attack (Simple) can only follow a Standard Attack action."""
    fight = dual([10, 2, 3, 10, 2])
    assert "after a Standard Attack" in (fight.why_illegal("a bonus-attack c with knife") or "")
    fight.apply("a attack c with short-sword")
    assert fight.why_illegal("a bonus-attack d with knife") is None


def test_futurepath_33_no_advantage_off_hand_and_melee_damage_one_level_lower() -> None:
    """FuturePath 33.3-33.4: no Advantage of any kind off-hand (not even proficiency); a melee off-hand weapon
    deals one die level less (short sword 1d6 -> 1d4)."""
    fight = dual([10, 2, 3, 10, 4], main="knife", off="short-sword")
    fight.apply("a attack c with knife")
    fight.apply("a bonus-attack c with short-sword")
    rolls = [e for e in fight.events if e.kind == "AttackRolled"]
    assert [r.net_advantage for r in rolls] == [1, 0]
    bad = dual([10, 2, 3, 10, 6], main="knife", off="short-sword")
    bad.apply("a attack c with knife")
    with pytest.raises(DiceScriptError, match="d4"):
        bad.apply("a bonus-attack c with short-sword")


def test_futurepath_33_feats_lift_the_off_hand_penalties() -> None:
    """FuturePath 33: Akimbo Specialist keeps the Advantage; Niten Ichi keeps the die level."""
    fight = dual(
        [10, 2, 3, 10, 1, 6], main="knife", off="short-sword", feats=["akimbo-specialist", "niten-ichi"]
    )
    fight.apply("a attack c with knife")
    fight.apply("a bonus-attack c with short-sword")
    assert [e.net_advantage for e in fight.events if e.kind == "AttackRolled"] == [1, 1]
    assert [e for e in fight.events if e.kind == "DamageRolled"][-1].faces == (6,)


def test_futurepath_33_ranged_off_hand_takes_a_disadvantage_unless_gun_fu() -> None:
    """FuturePath 33.5: a ranged off-hand attack has 1 Disadvantage (Gun-Fu lifts it)."""
    for feats, expected in (([], -1), (["gun-fu"], 0)):
        fight = dual([10, 2, 3, 10, 1, 3], main="pistol", off="laser-pistol", feats=feats)
        fight.apply("a attack c with pistol")
        fight.apply("a bonus-attack c with laser-pistol")
        assert [e for e in fight.events if e.kind == "AttackRolled"][-1].net_advantage == expected


def test_futurepath_33_off_hand_weapon_must_be_light_or_versatile_medium() -> None:
    """FuturePath 33.1: Light (levels 0-2), or Medium (3-5) with Versatile."""
    fight = dual([10, 2, 3], main="knife", off="broad-sword")
    fight.apply("a attack c with knife")
    assert "Versatile" in (fight.why_illegal("a bonus-attack c with broad-sword") or "")


def test_futurepath_33_after_a_full_attack_only_against_its_target() -> None:
    """FuturePath 33: a Bonus Attack may follow a Full Attack, but only against the Full Attack's target."""
    fight = dual([10, 2, 3, 3], extra_damage=1)
    fight.apply("a full-attack c with short-sword")
    assert "Full Attack's target" in (fight.why_illegal("a bonus-attack d with knife") or "")
    assert fight.why_illegal("a bonus-attack c with knife") is None


def test_futurepath_33_a_d2_off_hand_melee_weapon_deals_1() -> None:
    """FuturePath 33.4: a 1d2 weapon off-hand deals flat 1."""
    from tactica.systems.futurepath.attacks import Swing, damage_dice

    fight = dual([], main="knife", off="knife")
    game = fight.game
    fist = game.weapons["knife"].model_copy(update={"level": 0})
    assert str(damage_dice(game, fight.state.fighters["a"], Swing(fist, off_hand=True))) == "1"


# -- review fixes: Full Attack on a helpless target; Extra Damage where it applies and where not ------------


def test_futurepath_32_full_attack_on_a_helpless_target_makes_its_attacks() -> None:
    """FuturePath 32, 37-38: a helpless (dying) target may be attacked ("Attack an Object/Helpless Target"),
    so a Full Attack on one makes the attack and each Extra Attack, instead of being accepted and doing
    nothing."""
    fight = new_fight(
        fighter("a", "red", (0, 0), extra_attacks=1, weapons=["broad-sword"], drawn=["broad-sword"]),
        fighter("c", "blue", (1, 0), ac=15, con=30, hp_now=0),
        fighter("d", "blue", (9, 0)),
        text=ROW,
        dice=[16, 3, 17, 4, 1],  # the last: c bleeds at the start of its turn
    )
    assert "a full-attack c with broad-sword" in offered(fight, "full-attack")
    fight.apply("a full-attack c with broad-sword")
    assert [e.natural for e in fight.events if e.kind == "AttackRolled"] == [16, 17]
    assert fight.state.fighters["c"].hp == -7


def test_futurepath_32_full_attack_goes_on_when_the_target_drops() -> None:
    """FuturePath 32: the Extra Attacks go on against a target the first attack left dying; they stop when it
    is dead (HP below -CON, A13)."""
    fight = new_fight(
        fighter("a", "red", (0, 0), extra_attacks=2, weapons=["broad-sword"], drawn=["broad-sword"]),
        fighter("c", "blue", (1, 0), ac=15, hp=3, con=6),
        fighter("d", "blue", (9, 0)),
        text=ROW,
        dice=[16, 5, 16, 5],
    )
    fight.apply("a full-attack c with broad-sword")
    assert [e.natural for e in fight.events if e.kind == "AttackRolled"] == [16, 16]
    assert fight.state.fighters["c"].status == "dead"


def test_futurepath_32_each_extra_attack_gets_the_extra_damage() -> None:
    """FuturePath 32: Extra Attacks are more Accuracy checks, and each hit gets the Extra Damage rolls."""
    fight = new_fight(
        fighter(
            "a",
            "red",
            (0, 0),
            extra_attacks=1,
            extra_damage=1,
            weapons=["broad-sword"],
            drawn=["broad-sword"],
        ),
        fighter("c", "blue", (1, 0), ac=15, hp=500),
        text=ROW,
        dice=[16, 3, 4, 17, 5, 6],
    )
    fight.apply("a full-attack c with broad-sword")
    damage = [(e.roll, e.faces) for e in fight.events if e.kind == "DamageRolled"]
    assert damage == [("hit", (3,)), ("extra 1", (4,)), ("hit", (5,)), ("extra 1", (6,))]


def test_futurepath_30_a_standard_attack_uses_no_extra_damage() -> None:
    """FuturePath 30: Extra Damage needs the Full-Round attack; a Standard Attack by a character who has it
    rolls its damage once and leaves the turn open."""
    fight = new_fight(
        fighter("a", "red", (0, 0), extra_damage=2, weapons=["broad-sword"], drawn=["broad-sword"]),
        fighter("c", "blue", (1, 0), ac=15, hp=500),
        text=ROW,
        dice=[16, 3],
    )
    fight.apply("a attack c with broad-sword")
    assert [e.roll for e in fight.events if e.kind == "DamageRolled"] == ["hit"]
    assert fight.deciding() == ["a"]


def test_futurepath_30_33_a_bonus_attack_never_uses_extra_damage() -> None:
    """FuturePath 30, 33: "Bonus Attack cannot use Extra Damage", after a Standard Attack or a Full Attack."""
    after_standard = dual([10, 2, 3, 10, 2], extra_damage=1)
    after_standard.apply("a attack c with short-sword")
    after_standard.apply("a bonus-attack c with knife")
    assert [e.roll for e in after_standard.events if e.kind == "DamageRolled"] == ["hit", "hit"]
    after_full = dual([10, 2, 3, 3, 10, 1], extra_damage=1)
    after_full.apply("a full-attack c with short-sword")
    after_full.apply("a bonus-attack c with knife")
    assert [e.roll for e in after_full.events if e.kind == "DamageRolled"] == ["hit", "extra 1", "hit"]


def test_futurepath_33_2_the_off_hand_weapon_needs_proficiency() -> None:
    """FuturePath 33.2: the character must be proficient in the weapon to use it off-hand."""
    fight = dual([10, 2, 3], proficient=["short-sword"])
    fight.apply("a attack c with short-sword")
    assert fight.why_illegal("a bonus-attack c with knife") == (
        "a is not proficient with knife, needed to use it off-hand (FuturePath 33)"
    )
    assert offered(fight, "bonus-attack") == set()
