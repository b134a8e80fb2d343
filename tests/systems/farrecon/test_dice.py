"""Far Recon 1-4 and rulings D4, D6, D7: 4dF + skill, Difficulty Checks, critical successes and failures."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tactica.systems.farrecon import FarReconOptions
from tactica.systems.farrecon.dice import Fixed, FudgeRoll, opposed, passes, tiers
from tests.systems.farrecon.helpers import CRIT, FUMBLE, F, fighter, last, new_fight, of, state_of

DEFAULT = FarReconOptions()


def duel(*dice: list[int], options: dict[str, object] | None = None, **attacker: object) -> object:
    """a (firearms 2) shoots b (Physical Defense 1, unaware: no dodge) 4 squares away."""
    skills = {"firearms": 2, **attacker.pop("skills", {})}  # type: ignore[dict-item]
    return new_fight(
        fighter("a", "x", (0, 1), skills=skills, **attacker),
        fighter("b", "y", (4, 1), aware=False, skills={"pdef": 1}),
        dice=[face for roll in dice for face in roll],
        options=options or {},
    )


def test_farrecon_1_every_roll_is_4df_plus_the_skill() -> None:
    """Far Recon 1: the attack is 4dF + Firearms, the defence 4dF + Physical Defense."""
    fight = duel(F(1), F(0))
    fight.apply("a attack b with pistol")
    attack, defence = of(fight, "FudgeRolled")
    assert (attack.actor, attack.faces, attack.modifier, attack.total) == ("a", (1, 0, 0, 0), 2, 3)
    assert (defence.actor, defence.faces, defence.modifier, defence.total) == ("b", (0, 0, 0, 0), 1, 1)
    assert state_of(fight, "b").health == 6  # margin 2: one increment of 2


def test_farrecon_d4_option_fudge_dice_six_rolls_six_dice() -> None:
    """D4 / option fudge_dice 6: the manual sandbox's 6dF; a critical needs all six dice."""
    fight = duel([1, 1, 1, 1, 0, 0], [0] * 6, options={"fudge_dice": 6})
    fight.apply("a attack b with pistol")
    attack = of(fight, "FudgeRolled")[0]
    assert len(attack.faces) == 6 and attack.total == 6 and attack.critical == ""
    assert FudgeRoll((1,) * 6, 0).critical == "success"


def test_farrecon_2_a_difficulty_check_passes_at_or_above_the_dc() -> None:
    """Far Recon 2: total >= DC passes (a treatment at DC 1 with Medicine 0)."""
    for total, heals in ((1, True), (0, False)):
        fight = new_fight(
            fighter("a", "x", (0, 1)),
            fighter("c", "x", (1, 1), health_now=4),
            fighter("b", "y", (7, 1)),
            dice=F(total),
        )
        fight.apply("a treat c")
        treated = last(fight, "WoundTreated")
        assert (treated.dc, treated.total, treated.success) == (1, total, heals)
        assert state_of(fight, "c").health == (7 if heals else 4)
    assert passes(FudgeRoll((0, 0, 0, 0), 2), 2) and not passes(FudgeRoll((0, 0, 0, -1), 2), 2)


def test_farrecon_2_opposed_rolls_compare_totals() -> None:
    """Far Recon 2: the higher total wins an opposed roll; equal totals tie."""
    assert opposed(Fixed(3), Fixed(2), DEFAULT) == "active"
    assert opposed(Fixed(2), Fixed(3), DEFAULT) == "passive"
    assert opposed(Fixed(2), Fixed(2), DEFAULT) == "tie"


def test_farrecon_3_a_critical_success_hits_whatever_the_totals() -> None:
    """Far Recon 3, D6: four +s hit even below the defence; the margin counts as 1, and the critical's
    extra (option critical_extra) adds an increment: 2 x (1 + 1) = 4 damage."""
    fight = duel(CRIT, F(3), skills={"firearms": -3})
    fight.apply("a attack b with pistol")
    attack, defence = of(fight, "FudgeRolled")
    assert attack.critical == "success" and attack.total == 1 and defence.total == 4
    strike = last(fight, "StrikeResolved")
    assert (strike.result, strike.margin, strike.tiers, strike.damage) == ("hit", 1, 2, 4)
    assert state_of(fight, "b").health == 4


def test_farrecon_d6_a_critical_below_the_defence_has_margin_one() -> None:
    """D6: a critical success that does not beat the defence numerically: margin 1 (1 increment), plus the
    critical's extra increment."""
    fight = duel(CRIT, F(3), skills={"firearms": 0})
    fight.apply("a attack b with pistol")
    strike = last(fight, "StrikeResolved")
    assert (strike.attack_total, strike.defense_total, strike.result) == (4, 4, "hit")
    assert (strike.margin, strike.tiers, strike.damage) == (1, 2, 4)


def test_farrecon_d6_option_critical_min_margin() -> None:
    """D6 / option critical_min_margin 3: the critical counts as a margin of 3 (2 increments of DI 2)."""
    fight = duel(
        CRIT, F(3), skills={"firearms": 0}, options={"critical_min_margin": 3, "critical_extra": "none"}
    )
    fight.apply("a attack b with pistol")
    strike = last(fight, "StrikeResolved")
    assert (strike.margin, strike.tiers, strike.damage) == (3, 2, 4)


def test_farrecon_3_option_critical_extra_none() -> None:
    """Far Recon 3 / option critical_extra none: a critical success adds no increment."""
    fight = duel(CRIT, F(0), options={"critical_extra": "none"})
    fight.apply("a attack b with pistol")
    strike = last(fight, "StrikeResolved")
    assert (strike.margin, strike.tiers, strike.damage) == (5, 3, 6)


def test_farrecon_d7_both_critical_compare_totals() -> None:
    """D7: both roll a critical success: the totals decide (here the defender's is higher)."""
    assert opposed(FudgeRoll((1, 1, 1, 1), 0), FudgeRoll((1, 1, 1, 1), 1), DEFAULT) == "passive"
    assert opposed(FudgeRoll((1, 1, 1, 1), 2), FudgeRoll((1, 1, 1, 1), 1), DEFAULT) == "active"
    assert opposed(FudgeRoll((1, 1, 1, 1), -5), FudgeRoll((0, 0, 0, 0), 3), DEFAULT) == "active"


def test_farrecon_d7_option_double_critical_defender() -> None:
    """D7 / option double_critical defender: two critical successes: the defender wins."""
    options = FarReconOptions(double_critical="defender")
    assert opposed(FudgeRoll((1, 1, 1, 1), 5), FudgeRoll((1, 1, 1, 1), 0), options) == "passive"
    fight = duel(CRIT, CRIT, options={"double_critical": "defender"})
    fight.apply("a attack b with pistol")
    assert last(fight, "StrikeResolved").result == "resisted"


def test_farrecon_4_a_critical_failure_still_compares_and_adds_a_complication() -> None:
    """Far Recon 4: all minuses: the total still counts (here it still hits) and a firearm jams."""
    fight = duel(FUMBLE, F(-3), skills={"firearms": 6})
    fight.apply("a attack b with pistol")
    strike = last(fight, "StrikeResolved")
    assert (strike.attack_total, strike.defense_total, strike.result) == (2, -2, "hit")
    assert last(fight, "Complication").what == "jam"
    assert state_of(fight, "a").jammed == ["pistol"]


def test_farrecon_4_a_jammed_weapon_is_cleared_with_a_turn() -> None:
    """Far Recon 4, 9: a jammed firearm cannot fire until 'clear with W', which uses up the turn."""
    fight = duel(FUMBLE, F(0))
    fight.apply("a attack b with pistol")
    fight.apply("b end")
    assert "a attack b with pistol" not in {str(x) for x in fight.legal_actions()}
    assert "jammed" in (fight.why_illegal("a attack b with pistol") or "")
    fight.apply("a clear with pistol")
    assert state_of(fight, "a").jammed == [] and fight.deciding() == ["b"]


def test_farrecon_4_melee_critical_failure_hurts_the_attacker() -> None:
    """Far Recon 4: 'a character in melee combat may injure themselves': the knife's Base Damage to itself."""
    fight = new_fight(fighter("a", "x", (0, 1)), fighter("b", "y", (1, 1), aware=False), dice=FUMBLE + F(0))
    fight.apply("a attack b with knife")
    assert last(fight, "Complication").what == "self-injury"
    assert state_of(fight, "a").health == 6


def test_farrecon_4_option_critical_complications_off() -> None:
    """Far Recon 4 / option critical_complications false: a critical failure is only its total."""
    fight = duel(FUMBLE, F(0), options={"critical_complications": False})
    fight.apply("a attack b with pistol")
    assert not of(fight, "Complication") and state_of(fight, "a").jammed == []


@pytest.mark.parametrize(
    ("margin", "di", "expected"),
    [(1, 2, 1), (2, 2, 1), (3, 2, 2), (4, 2, 2), (5, 2, 3), (1, Fraction(1, 2), 2), (3, Fraction(1, 2), 6)],
)
def test_farrecon_12_tiers_are_ceil_of_margin_over_di(margin: int, di: Fraction, expected: int) -> None:
    """Far Recon 12: increments = ceil(margin / DI): DI 2 -> 2 damage up to 2, 4 up to 4; DI 0.5 -> 4 damage
    per point (with Base Damage 2)."""
    assert tiers(margin, Fraction(di), DEFAULT) == expected
