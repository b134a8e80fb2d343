"""FuturePath exact odds (issue 6): the icepool model of an attack against the engine's own resolutions.

Rules 21-33 and 43 (rulings A6-A8, A10, A13, A19): one test compares 100,000 sampled resolutions of a basic
attack, the others 20,000.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from tactica.analysis import action_odds
from tactica.engine import Fight
from tactica.engine.action import Action
from tactica.testing.odds import check_odds
from tests.systems.futurepath.helpers import fighter, new_fight

AXE = {"great-axe": {"kind": "melee", "level": 3, "crit_range": 18, "crit_multiplier": 3}}


def duel(*, text: str = "a b .", attacker: dict[str, Any] | None = None, **target: Any) -> Fight:
    """vex (red, acts first) next to rook (blue) on a small map; plain sheets unless overridden."""
    options = target.pop("options", {})
    sheet = {"weapons": ["short-sword"], "drawn": ["short-sword"], **(attacker or {})}
    vex = fighter("vex", "red", "a", **sheet)
    rook = fighter("rook", "blue", "b", **{"hp": 30, **target})
    return new_fight(vex, rook, text=text, weapons=AXE, options=options)


@pytest.mark.parametrize("samples", [20_000, pytest.param(100_000, marks=pytest.mark.slow)])
def test_futurepath_21_27_28_basic_attack_with_advantage_and_crit_range_matches_resolutions(
    samples: int,
) -> None:
    """FuturePath 21-22, 27-28 (A7, A8): an Attack with a proficient d6 Advantage die and an 18-20 x3
    weapon; the exact odds agree with 20,000 engine resolutions (100,000 in make long) in every class and
    harm amount."""
    fight = duel(
        attacker={
            "advantage_die": 6,
            "proficient": ["all"],
            "str": 14,
            "weapons": ["great-axe"],
            "drawn": ["great-axe"],
        },
        ac=15,
    )
    exact, _ = check_odds(fight, "vex attack rook with great-axe", samples=samples)
    assert exact.exact and set(exact.classes()) == {"miss", "hit", "critical", "fumble"}
    assert exact.classes()["critical"] == pytest.approx(3 / 20)  # 18, 19, 20 always hit (A7)


def test_futurepath_21_hand_computed_plain_attack() -> None:
    """FuturePath 21, 28-29: d20 + 0 against AC 10 with no Advantage die: a natural 1 fumbles (A8), 2-9 miss,
    10-19 hit (1d6), 20 is a critical (2d6); P(hit or critical) = 11/20."""
    odds = action_odds(duel(ac=10), "vex attack rook with short-sword")
    assert odds.exact
    assert odds.classes() == pytest.approx(
        {"miss": 8 / 20, "hit": 10 / 20, "critical": 1 / 20, "fumble": 1 / 20}
    )
    harm = odds.harm()
    assert harm[1.0] == pytest.approx(10 / 20 / 6)
    assert harm[12.0] == pytest.approx(1 / 20 / 36)
    expected_mean = Fraction(10, 20) * Fraction(7, 2) + Fraction(1, 20) * 7
    assert odds.mean_harm() == pytest.approx(float(expected_mean))


def test_futurepath_21_hand_computed_strength_on_a_melee_attack() -> None:
    """FuturePath 21: a melee attack adds the Strength modifier: d20 + 2 (STR 14) against AC 10 hits on a
    natural 8-19, misses on 2-7 (kills a surviving mutant that subtracted it, issue 14 point 13)."""
    odds = action_odds(duel(ac=10, attacker={"str": 14}), "vex attack rook with short-sword")
    assert odds.exact
    assert odds.classes() == pytest.approx(
        {"miss": 6 / 20, "hit": 12 / 20, "critical": 1 / 20, "fumble": 1 / 20}
    )


def test_futurepath_21_option_hit_on_equal_changes_the_odds_and_the_engine_agrees() -> None:
    """FuturePath 21: with ``hit_on_equal: false`` a total equal to AC misses: 10 no longer hits AC 10."""
    fight = duel(ac=10, options={"hit_on_equal": False})
    exact, _ = check_odds(fight, "vex attack rook with short-sword", samples=20_000)
    assert exact.classes()["hit"] == pytest.approx(9 / 20)


def test_futurepath_a7_option_critical_auto_hit_off() -> None:
    """A7: without automatic hits a natural 20 that misses AC 40 is a miss (and the engine agrees)."""
    fight = duel(ac=40, options={"critical_auto_hit": False})
    odds = action_odds(fight, "vex attack rook with short-sword")
    assert odds.classes() == pytest.approx({"miss": 19 / 20, "fumble": 1 / 20})
    assert action_odds(duel(ac=40), "vex attack rook with short-sword").classes()["critical"] == 1 / 20


def test_futurepath_26_43_ranged_cover_and_range_disadvantages() -> None:
    """FuturePath 26, 43, A17: a pistol shot across a crate (Partial cover, 1 disadvantage) and beyond one
    range increment (1 more), with a d4 Advantage die and proficiency (1 advantage): net -1."""
    text = "a . + . . . . b"
    fight = duel(
        text=text,
        attacker={
            "advantage_die": 4,
            "proficient": ["all"],
            "dex": 14,
            "weapons": ["pistol"],
            "drawn": ["pistol"],
        },
        ac=13,
    )
    exact, _ = check_odds(fight, "vex attack rook with pistol", samples=20_000)
    # d20 + 2 (DEX) + 1 (accuracy) - 1d4 >= 13: P(hit | natural n) summed by hand
    by_hand = sum(sum(1 for d in range(1, 5) if n + 3 - d >= 13) / 4 for n in range(2, 20)) / 20
    assert exact.classes()["hit"] == pytest.approx(by_hand)


def test_futurepath_43_ap_weapon_through_full_cover() -> None:
    """FuturePath 43: an AP sniper through a wall: the d10 connects on 6+, then 1 disadvantage."""
    fight = duel(
        text="a # b",
        attacker={"advantage_die": 6, "proficient": ["all"], "weapons": ["sniper"], "drawn": ["sniper"]},
        ac=12,
    )
    exact, _ = check_odds(fight, "vex attack rook with sniper", samples=20_000)
    assert exact.classes()["miss"] > 0.5


def test_futurepath_43_plain_pistol_through_a_weak_wall() -> None:
    """FuturePath l.263: a plain pistol fires through a weak wall; the exact odds agree with 20,000 engine
    resolutions and by hand: P(connect) = 1/2, then d20 + 1 (accuracy) - 1 (one disadvantage, no Advantage
    die) >= AC 12 hits on 12-19, a natural 20 is critical."""
    vex = fighter("vex", "red", "a", weapons=["pistol"], drawn=["pistol"])
    fight = new_fight(vex, fighter("rook", "blue", "b", hp=30, ac=12), text="a # b", weak=[[1, 0]])
    exact, _ = check_odds(fight, "vex attack rook with pistol", samples=20_000)
    assert exact.exact
    assert exact.classes() == pytest.approx(
        {"miss": 1 / 2 + 1 / 2 * 10 / 20, "hit": 1 / 2 * 8 / 20, "critical": 1 / 2 / 20, "fumble": 1 / 2 / 20}
    )


def test_futurepath_30_32_full_attack_extra_attacks_and_critical_checks() -> None:
    """FuturePath 30-32, A10, A19: a Full Attack with 1 Extra Attack and 3 Extra Damage using an 18-20
    weapon (critical checks explode on 19-20, a natural 18 still succeeds); the best check is reported and
    the target's harm stops once it is dead below -CON (A13)."""
    fight = duel(
        attacker={
            "str": 14,
            "extra_attacks": 1,
            "extra_damage": 3,
            "advantage_die": 4,
            "proficient": ["all"],
            "weapons": ["great-axe"],
            "drawn": ["great-axe"],
        },
        ac=16,
        hp=12,
        con=6,
    )
    exact, _ = check_odds(fight, "vex full-attack rook with great-axe", samples=20_000)
    # nothing is dealt once HP is below -CON (12 + 6 taken): at most 18 + one x5 roll (5d8 + STR 2)
    assert max(exact.harm()) == 12 + 6 + 5 * 8 + 2


def test_futurepath_33_bonus_attack_off_hand() -> None:
    """FuturePath 33: the off-hand Bonus Attack after an Attack: no advantage dice, one die level lower."""
    fight = duel(
        attacker={
            "advantage_die": 6,
            "proficient": ["all"],
            "weapons": ["short-sword", "knife"],
            "drawn": ["short-sword", "knife"],
        },
        ac=12,
    )
    fight.apply("vex attack rook with short-sword")
    exact, _ = check_odds(fight, "vex bonus-attack rook with knife", samples=20_000)
    assert max(exact.harm()) == 4  # knife 1d4 drops to 1d2, x2 on a critical


def test_futurepath_38_coup_de_grace_falls_back_to_monte_carlo() -> None:
    """FuturePath 38: a coup de grâce has no exact odds here; it is estimated from the engine, with
    intervals around each class."""
    fight = new_fight(
        fighter("vex", "red", "a", weapons=["broad-sword"], drawn=["broad-sword"]),
        fighter("rook", "blue", "b", hp_now=-2),
        fighter("ash", "blue", "c"),  # still standing: the fight goes on
        text="a b . . c",
    )
    odds = action_odds(fight, "vex coup-de-grace rook with broad-sword", samples=2_000)
    assert not odds.exact and odds.samples == 2_000
    assert set(odds.classes()) <= {"killed", "survived"}
    for name, p in odds.classes().items():
        low, high = odds.class_interval(name)
        assert low <= p <= high
    low, high = odds.mean_harm_interval()
    assert 2 <= low <= odds.mean_harm() <= high <= 16


def test_futurepath_41_an_attack_seen_by_a_ready_with_no_weapon_is_estimated() -> None:
    """FuturePath l.253: a ready with no weapon named still gets an instant action (and an initiative check)
    when an enemy in sight declares an attack, so that attack has no exact odds: it is estimated."""
    fight = new_fight(
        fighter("vex", "red", "a"),
        fighter("kat", "red", "c"),
        fighter("rook", "blue", "b", weapons=["short-sword"], drawn=["short-sword"]),
        text="a b . c",
    )
    fight.apply("vex end")
    fight.apply("kat ready +attacks")
    attack = Action.parse("rook attack vex with short-sword")
    assert fight.system.exact_odds(fight.game, fight.state, attack, ()) is None
    fight.state.conditions.clear()  # kat's ready gone: the same attack has exact odds
    assert fight.system.exact_odds(fight.game, fight.state, attack, ()) is not None
