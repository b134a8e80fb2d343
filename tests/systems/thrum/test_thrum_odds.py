"""THRUM odds (issue 6): exact odds of one attack against engine resolutions (THRUM 1-4, 21-25, 30, 32, 44),
hand-computed figures, the rule options that change them, the common modifiers and the Monte Carlo fallback.

The outcome classes are the attacker's (critical / success / failure) with '+ Vulnerable' when the
defender's Evasion left it Vulnerable (THRUM 24); harm is the Fatigue + Stress dealt to the target.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from tactica.analysis import action_odds
from tactica.engine import Action, Fight, TacticaError
from tactica.testing.odds import check_odds
from tests.systems.thrum.helpers import fighter, new_fight

GRID = "\n".join([". . . . . ."] * 4)
HIGH_WALL = ". . . . .\n. . 2 . .\n. . . . ."
BASIC = "ana basic-attack orc"


def duel(ana: dict[str, Any] | None = None, orc: dict[str, Any] | None = None, **extra: Any) -> Fight:
    """Ana (red, acts first) two squares from the orc (blue) on an open board; seeded dice."""
    return new_fight(
        fighter("ana", "red", (0, 0), **(ana or {})),
        fighter("orc", "blue", (2, 0), **(orc or {})),
        text=extra.pop("text", GRID),
        **extra,
    )


def exact(fight: Fight, action: str, *then: str) -> dict[str, float]:
    """The exact outcome classes (they must be exact)."""
    odds = action_odds(fight, action, then)
    assert odds.exact
    return odds.classes()


def enumerated(net: int) -> Counter[int]:
    """THRUM 2 by brute force, without the engine's dice code: every way to roll 2 + |net| d6, keeping the
    highest two faces (net Boons) or the lowest two (net Banes); the total of the two kept -> ways."""
    ways: Counter[int] = Counter()
    for faces in itertools.product(range(1, 7), repeat=2 + abs(net)):
        ordered = sorted(faces)
        ways[sum(ordered[-2:] if net > 0 else ordered[:2])] += 1
    return ways


def chance(attack: Counter[int], defense: Counter[int], wins: Callable[[int, int], bool]) -> Fraction:
    """P(wins(attack total, defence total)) for two independent enumerated rolls."""
    good = sum(qa * qd for a, qa in attack.items() for d, qd in defense.items() if wins(a, d))
    return Fraction(good, sum(attack.values()) * sum(defense.values()))


def hit(classes: dict[str, float]) -> float:
    """P(the attack succeeds), critical included."""
    return sum(p for name, p in classes.items() if not name.startswith("failure"))


# --- the engine agrees: one comparison with 100,000 resolutions ---------------------------------------


@pytest.mark.parametrize("samples", [20_000, pytest.param(100_000, marks=pytest.mark.slow)])
def test_thrum_24_basic_attack_against_evasion_matches_engine_resolutions(samples: int) -> None:
    """THRUM 2-4, 11, 24: Basic Attack (2 Fatigue) against a declared Evasion (+1 Boon): every outcome
    class (Vulnerable ones included), every harm amount and the mean within 4 SE of 20,000 resolutions
    (100,000 in make long)."""
    fight = duel(ana={"arts": {"archery": 1}}, orc={"ref": 1})
    odds, sampled = check_odds(fight, BASIC, ["orc defend +evasion"], samples=samples)
    assert set(odds.classes()) == {
        "critical + Vulnerable",
        "success + Vulnerable",
        "failure + Vulnerable",
        "failure",
    }
    assert set(odds.harm()) == {0.0, 2.0}
    assert sampled.samples == samples


# --- hand-computed figures ---------------------------------------------------------------------------


def test_thrum_3_4_hand_computed_resilience_odds() -> None:
    """THRUM 3, 4, C1: 2d6 against 2d6: a tie (146 of 1296) goes to the defender, so P(success or
    critical) = (1296 - 146) / 2 / 1296 = 575/1296; a Critical is 5 or more above: 56+35+20+10+4+1 = 126
    of 1296. Harm: 2 Fatigue on a hit, mean 2 * 575/1296."""
    odds = action_odds(duel(), BASIC, ["orc defend +resilience"])
    classes = odds.classes()
    assert classes["critical"] == pytest.approx(126 / 1296)
    assert hit(classes) == pytest.approx(575 / 1296)
    assert odds.harm() == pytest.approx({0.0: 721 / 1296, 2.0: 575 / 1296})
    assert odds.mean_harm() == pytest.approx(2 * 575 / 1296)


def test_thrum_24_evasion_classes_by_hand() -> None:
    """THRUM 24: Evasion (+1 Boon: 3d6 keep the highest two) avoids the effect cleanly only on a
    defender's Critical (5 or more above the attack); every other outcome leaves the defender +1 Vulnerable.
    Issue 14 point 12: the expected figure comes from enumerating the dice, not from the engine's dice code."""
    clean = chance(enumerated(0), enumerated(1), lambda a, d: d >= a + 5)
    classes = exact(duel(), BASIC, "orc defend +evasion")
    assert classes["failure"] == pytest.approx(float(clean))
    assert sum(p for k, p in classes.items() if k.endswith("Vulnerable")) == pytest.approx(1 - float(clean))


# --- rule options change the odds (and the engine agrees) --------------------------------------------


def test_thrum_c1_option_ties_to_attacker_adds_the_ties() -> None:
    """C1, option ties_to_defender false: a tie succeeds, P(hit) = (575 + 146)/1296; the engine agrees."""
    fight = duel(options={"ties_to_defender": False})
    assert hit(exact(fight, BASIC, "orc defend +resilience")) == pytest.approx(721 / 1296)
    check_odds(fight, BASIC, ["orc defend +resilience"], samples=20_000)


def test_thrum_c3_option_critical_margin_four() -> None:
    """C3 / THRUM 3, option critical_margin 4: a Critical at 4 above adds the 80 ways of a difference of
    exactly 4: P(critical) = 206/1296."""
    classes = exact(duel(options={"critical_margin": 4}), BASIC, "orc defend +resilience")
    assert classes["critical"] == pytest.approx(206 / 1296)


def test_thrum_24_option_vulnerable_before_effect_adds_to_this_hit() -> None:
    """THRUM 24, 44, option vulnerable_after_effect false: a failed Evasion's Vulnerable comes first and
    adds 1 to this very hit (3 Fatigue, not 2); the engine agrees."""
    fight = duel(options={"vulnerable_after_effect": False})
    odds, _ = check_odds(fight, BASIC, ["orc defend +evasion"], samples=20_000)
    assert set(odds.harm()) == {0.0, 3.0}


# --- the common modifiers -------------------------------------------------------------------------


def _modifier_cases() -> dict[str, tuple[Fight, str, list[str]]]:
    return {
        # THRUM 11, 30: Protect's +1 Boon on the defence (the trigger answered in `then`)
        "protect": (
            new_fight(
                fighter("ana", "red", (0, 0)),
                fighter("orc", "blue", (2, 0)),
                fighter("gob", "blue", (3, 0), stance="protect"),
                text=GRID,
            ),
            BASIC,
            ["gob trigger", "orc defend +resilience"],
        ),
        # THRUM 25, 26, 36, 44: Ranged with an adjacent enemy, Cover, an Exhausted and Weakened attacker
        "banes": (
            new_fight(
                fighter("ana", "red", (2, 0), fatigue=4, statuses={"weakened": 1}),
                fighter("orc", "blue", (2, 2)),
                fighter("gob", "blue", (1, 0)),
                text=HIGH_WALL,
            ),
            BASIC,
            ["orc defend +resilience"],
        ),
        # THRUM 34, 44, 45: a Frayed, Dazed, already Vulnerable defender in Dodge (its Evasion has no Boon)
        "defender": (
            duel(
                orc={"stress": 3, "conditions": ["dazed"], "statuses": {"vulnerable": 2}, "stance": "dodge"}
            ),
            BASIC,
            ["orc defend +evasion"],
        ),
        # Sockem's Critical adds 1 Fatigue (and Stuns); Slowed: no Evasion, so no declaration (THRUM 44)
        "sockem": (
            new_fight(
                fighter("ana", "red", (0, 0), abilities=["sockem"], arts={"brawling": 2}),
                fighter("orc", "blue", (1, 0), statuses={"slowed": 1}),
                text=GRID,
            ),
            "ana sockem orc",
            [],
        ),
        # THRUM 21, 28: a Mental attack with Overexert (2 Stress on a success) against Resolve
        "addle": (
            duel(ana={"arts": {"mesmerism": 1}, "abilities": ["addle"]}, orc={"foc": 1}),
            "ana addle orc +overexert",
            ["orc defend +resolve"],
        ),
    }


@pytest.mark.parametrize("case", sorted(_modifier_cases()))
def test_thrum_odds_common_modifiers_match_the_engine(case: str) -> None:
    """THRUM 11, 21, 24-26, 28, 30, 34, 36, 44-45: exact odds under each common modifier agree with
    20,000 engine resolutions."""
    fight, action, then = _modifier_cases()[case]
    check_odds(fight, action, then, samples=20_000)


def test_thrum_30_protect_is_one_boon_on_the_defence() -> None:
    """THRUM 11, 30: answering Protect's trigger gives the same odds as a Brace stance (+1 Boon on
    Resilience); passing leaves the plain odds."""
    fight, _, _ = _modifier_cases()["protect"]
    protected = exact(fight, BASIC, "gob trigger", "orc defend +resilience")
    braced = exact(duel(orc={"stance": "brace"}), BASIC, "orc defend +resilience")
    plain = exact(duel(), BASIC, "orc defend +resilience")
    assert protected == pytest.approx(braced)
    assert exact(fight, BASIC, "gob pass", "orc defend +resilience") == pytest.approx(plain)


def test_thrum_25_26_36_44_attack_banes_lower_the_odds() -> None:
    """THRUM 25, 26, 36, 44: four Banes on the attack (Ranged next to an enemy, Cover, Exhausted,
    Weakened): 6d6 keep the lowest two against 2d6, ties to the defender. Issue 14 point 12: the expected
    figure comes from enumerating the dice, not from the engine's dice code."""
    fight, action, then = _modifier_cases()["banes"]
    want = chance(enumerated(-4), enumerated(0), lambda a, d: a > d)
    assert hit(exact(fight, action, *then)) == pytest.approx(float(want))


def test_thrum_44_existing_vulnerable_adds_its_stacks_to_the_hit() -> None:
    """THRUM 44: Vulnerable 2 adds 2 to the next load taken: a hit deals 4 Fatigue."""
    odds = action_odds(duel(orc={"statuses": {"vulnerable": 2}}), BASIC, ["orc defend +resilience"])
    assert set(odds.harm()) == {0.0, 4.0}


# --- what is estimated instead, and what is refused ------------------------------------------------


def test_thrum_area_with_two_defenders_is_a_monte_carlo_estimate() -> None:
    """THRUM 16, 21: an Area attack on two defenders rolls once against both: not computed exactly; the
    estimate is labelled, its intervals hold its figures, and its harm counts both defenders."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), arts={"elementalism": 0}, abilities=["fire-burst"]),
        fighter("orc", "blue", (3, 0), statuses={"slowed": 1}),
        fighter("gob", "blue", (3, 1), statuses={"slowed": 1}),
        text=GRID,
    )
    odds = action_odds(fight, "ana fire-burst @3,0", samples=2_000)
    assert not odds.exact and odds.samples == 2_000
    assert sum(odds.classes().values()) == pytest.approx(1.0)
    for name, p in odds.classes().items():
        low, high = odds.class_interval(name)
        assert low <= p <= high and high - low < 0.06
    low, high = odds.mean_harm_interval()
    assert low <= odds.mean_harm() <= high
    assert set(odds.harm()) <= {0.0, 1.0, 2.0, 3.0, 4.0}


def test_thrum_30_riposte_counter_attack_is_a_monte_carlo_estimate() -> None:
    """THRUM 30: a Riposte counter-attack is rolled before the attack it interrupts (and may change the
    attacker): no exact odds, an estimate from the engine."""
    fight = new_fight(
        fighter("ana", "red", (1, 1)),
        fighter("orc", "blue", (2, 1), stance="riposte", arts={"dueling": 0}, abilities=["riposte"]),
        text=GRID,
    )
    then = ["orc trigger", "ana defend +resilience", "orc defend +resilience"]
    odds = action_odds(fight, BASIC, then, samples=1_000)
    assert not odds.exact
    assert sum(odds.classes().values()) == pytest.approx(1.0)
    passed = action_odds(fight, BASIC, ["orc pass", "orc defend +resilience"])
    assert passed.exact


def test_thrum_21_missing_defence_names_the_answers() -> None:
    """THRUM 21: the attack waits for the defender's declaration; without it the odds say what to add."""
    with pytest.raises(TacticaError, match="'orc defend \\+resilience' or 'orc defend \\+evasion'"):
        action_odds(duel(), BASIC)


def test_thrum_odds_of_an_action_without_a_roll_are_none() -> None:
    """Only attacks have odds: Dash has no exact odds and no resolution."""
    fight = duel()
    system, game, state = fight.system, fight.game, fight.state
    dash = Action.parse("ana dash @0,1")
    assert system.exact_odds(game, state, dash, []) is None
    assert system.resolution(game, dash, fight.clone().apply(dash)) is None
