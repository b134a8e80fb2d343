"""FuturePath exact fight odds (issue 6 item 6): two melee fighters trading blows, by dynamic programming,
against fights played by :class:`TradingBlowsPolicy` on both sides (rules 2, 4-6, 21-33, 39, A13)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from tactica.ai import run_fight
from tactica.analysis import scenario_fight
from tactica.dice import SeededDice
from tactica.scenario import load_scenario
from tactica.systems.futurepath.duel import TradingBlowsPolicy, duel_odds, survival
from tests.systems.futurepath.helpers import fighter, new_fight

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "futurepath" / "trading-blows.yaml"


def test_futurepath_duel_dp_matches_3000_simulated_fights() -> None:
    """The DP's win probabilities agree with 3,000 fights of the trading-blows example (a Full Attack with
    Extra Damage against an Attack plus off-hand Bonus Attack) within 4 standard errors."""
    fight = scenario_fight(load_scenario(EXAMPLE))
    exact = fight.system.duel_odds(fight.game, fight.state)
    assert exact is not None and sum(exact.values()) == pytest.approx(1.0)
    policy = TradingBlowsPolicy(0)
    n = 3000
    wins: dict[str | None, int] = {}
    for seed in range(n):
        copy = fight.clone(dice=SeededDice(seed))
        outcome = run_fight(copy, {"red": policy, "blue": policy})
        assert outcome is not None
        wins[outcome.winner] = wins.get(outcome.winner, 0) + 1
    for side in ("red", "blue"):
        p = exact[side]
        assert abs(wins.get(side, 0) / n - p) <= 4 * math.sqrt(p * (1 - p) / n), (side, p, wins)


def one_hp(rounds: int, **extra: object):  # type: ignore[no-untyped-def]
    """Two 1-HP fighters, knives, AC 10, plain sheets: every hit (10-20 on the d20, 11/20) drops the other."""
    return new_fight(
        fighter("a", "red", (0, 0), hp=1, weapons=["knife"], drawn=["knife"]),
        fighter("b", "blue", (1, 0), hp=1, weapons=["knife"], drawn=["knife"]),
        text=". .",
        options={"max_rounds": rounds},
        **extra,
    )


def test_futurepath_duel_one_hp_fighters_by_hand() -> None:
    """Red acts first (FuturePath 2); each attack hits with p = 11/20 (rule 21, 28-29). With q = (1-p)^2 and
    3 rounds: P(red) = p(1 + q + q^2), P(blue) = (1-p)p(1 + q + q^2), P(draw) = q^3 (the round limit)."""
    fight = one_hp(3)
    p = 11 / 20
    q = (1 - p) ** 2
    got = fight.system.duel_odds(fight.game, fight.state)
    assert got == pytest.approx(
        {"red": p * (1 + q + q * q), "blue": (1 - p) * p * (1 + q + q * q), None: q**3}
    )


def test_futurepath_duel_from_a_turn_in_progress() -> None:
    """From the state after red's Attack missed (d20 5): red's turn has no blow left (no off-hand weapon), so
    blue strikes first: P(blue) = p(1 + s^2 + s^4), P(red) = s p (1 + s^2), P(draw) = s^5, s = 1 - p."""
    fight = one_hp(3, dice=[5])
    fight.apply("a attack b with knife")
    p, s = 11 / 20, 9 / 20
    got = duel_odds(fight.game, fight.state)  # type: ignore[arg-type]
    assert got == pytest.approx({"blue": p * (1 + s**2 + s**4), "red": s * p * (1 + s**2), None: s**5})


def test_futurepath_duel_only_for_two_adjacent_melee_fighters() -> None:
    """No exact fight odds for fighters apart, a ranged weapon, or a third combatant."""
    knife = {"weapons": ["knife"], "drawn": ["knife"]}
    apart = new_fight(
        fighter("a", "red", (0, 0), **knife), fighter("b", "blue", (2, 0), **knife), text=". . ."
    )
    ranged = new_fight(
        fighter("a", "red", (0, 0), weapons=["pistol"], drawn=["pistol"]),
        fighter("b", "blue", (1, 0), **knife),
        text=". .",
    )
    three = new_fight(
        *(fighter(f, s, (x, 0), **knife) for f, s, x in (("a", "red", 0), ("b", "blue", 1), ("c", "blue", 2)))
    )
    for fight in (apart, ranged, three):
        assert fight.system.duel_odds(fight.game, fight.state) is None


def test_futurepath_duel_survival_counted_by_hand() -> None:
    """The duel model's survival curve, counted by hand: each beating deals 0 or 1 damage with even odds.
    From 3 HP only 1+1+1 (1/8) reaches 0 within three beatings; from 2 HP, 1+1 (1/4) within two. The totals
    reached along several paths (2 HP after 1+0 or 0+1) add up (kills a surviving mutant that lost them,
    issue 14 point 13)."""
    beat = {0: 0.5, 1: 0.5}
    assert survival(3, [beat, beat, beat]) == pytest.approx([1.0, 1.0, 1.0, 7 / 8])
    assert survival(2, [beat, beat]) == pytest.approx([1.0, 1.0, 3 / 4])
