"""The odds API on a toy system whose odds are known: exact odds through the system's hook, a labelled Monte
Carlo estimate with intervals otherwise, and the odds check catching exact odds that are wrong."""

from __future__ import annotations

import math

import pytest

from tactica.analysis.odds import action_odds, sampled_odds
from tactica.engine import Fight, TacticaError
from tactica.testing.odds import OddsMismatch, check_odds, deviations
from tests.analysis.toy import Toy


def toy(**setup) -> Fight:
    return Fight.new(Toy(), setup, seed=1)


def test_exact_odds_come_from_the_system_hook() -> None:
    odds = action_odds(toy(), "ann hit bob")
    assert odds.exact and odds.samples == 0
    assert odds.classes() == pytest.approx({"fumble": 1 / 6, "miss": 2 / 6, "hit": 2 / 6, "critical": 1 / 6})
    assert list(odds.classes()) == ["fumble", "miss", "hit", "critical"]
    assert odds.harm() == pytest.approx({0: 0.5, 1: 2 / 6, 2: 1 / 6})
    assert odds.mean_harm() == pytest.approx(4 / 6)
    assert odds.class_interval("hit") == pytest.approx((2 / 6, 2 / 6))


def test_an_estimate_is_labelled_and_has_intervals() -> None:
    odds = action_odds(toy(), "ann hit bob", estimate=True, samples=3000, seed=5)
    assert not odds.exact and odds.samples == 3000
    data = odds.to_dict()
    assert data["method"] == "Monte Carlo estimate"
    for figures in data["outcomes"].values():
        low, high = figures["interval"]
        assert low <= figures["probability"] <= high
        assert low < high
    low, high = odds.mean_harm_interval()
    assert low < 4 / 6 < high


def test_sampling_leaves_the_fight_untouched() -> None:
    fight = toy()
    sampled_odds(fight, "ann hit bob", samples=50)
    assert fight.history == [] and fight.state.hp == {"ann": 3, "bob": 3}


def test_the_odds_check_passes_true_odds_and_catches_false_ones() -> None:
    exact, sampled = check_odds(toy(), "ann hit bob", samples=20_000)
    assert deviations(exact, sampled) == []
    with pytest.raises(OddsMismatch, match="outcome 'critical'"):
        check_odds(toy(lie=True), "ann hit bob", samples=20_000)


def test_illegal_actions_and_answers_are_explained() -> None:
    with pytest.raises(TacticaError, match="not legal now") as error:
        action_odds(toy(), "bob hit ann")
    assert "legal now: ann hit bob" in str(error.value)
    with pytest.raises(TacticaError, match=r"then\[0\] 'ann hit bob' is not legal after"):
        action_odds(toy(), "ann hit bob", ["ann hit bob"])
    with pytest.raises(TacticaError, match="--samples 0: give 1 to 1,000,000 resolutions"):
        sampled_odds(toy(), "ann hit bob", samples=0)


def test_json_figures_are_numbers() -> None:
    data = action_odds(toy(), "ann hit bob").to_dict()
    numbers = [f["probability"] for f in data["outcomes"].values()] + [h["probability"] for h in data["harm"]]
    assert all(isinstance(x, float) and math.isfinite(x) for x in numbers)
    assert data["method"] == "exact" and data["harm_unit"] == "hit points"
