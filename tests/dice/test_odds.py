"""Exact odds: icepool distributions against brute force, exact means, bounds, and a seeded sanity check."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings

from tactica.dice import MAX_EXACT_STEPS, DiceExpr, OddsTooLarge, ScriptedDice, SeededDice, parse
from tactica.dice.odds import steps

from .strategies import exprs

EXPRESSIONS = ["1d20", "2d6+3", "4d6kh3", "4dF", "5d6>=5", "2d20kl1", "d%", "3d6dl1-1d4", "4d6dh1", "3d8>6-2"]


def brute_force(expr: DiceExpr) -> dict[int, Fraction]:
    """Every combination of faces, rolled through the expression itself from scripted dice."""
    dice = [term.die for term in expr.terms for _ in range(term.count)]
    counts = Counter(expr.roll(ScriptedDice(faces)).total for faces in product(*(die.faces for die in dice)))
    combinations = math.prod(die.sides for die in dice)
    return {total: Fraction(n, combinations) for total, n in sorted(counts.items())}


@pytest.mark.parametrize("text", EXPRESSIONS)
def test_distribution_matches_brute_force(text: str) -> None:
    expr = parse(text)
    assert expr.probabilities() == brute_force(expr)


@pytest.mark.parametrize("text", EXPRESSIONS)
def test_mean_and_bounds_match_the_distribution(text: str) -> None:
    expr = parse(text)
    dist = expr.distribution()
    assert expr.mean() == dist.mean()
    assert (expr.min(), expr.max()) == (dist.min_outcome(), dist.max_outcome())


@settings(max_examples=60, deadline=None)
@given(exprs)
def test_mean_and_bounds_are_exact_for_any_expression(expr: DiceExpr) -> None:
    if steps(expr) > MAX_EXACT_STEPS:
        with pytest.raises(OddsTooLarge):
            expr.probabilities()
        return
    probabilities = expr.probabilities()
    assert sum(probabilities.values()) == 1
    assert expr.mean() == sum(total * p for total, p in probabilities.items())
    assert (expr.min(), expr.max()) == (min(probabilities), max(probabilities))


def test_known_values() -> None:
    assert parse("4d6kh3").mean() == Fraction(15869, 1296)
    assert parse("2d6+3").mean() == 10
    assert parse("5d6>=5").mean() == Fraction(5, 3)
    assert parse("4dF").probabilities()[0] == Fraction(19, 81)
    assert parse("7").probabilities() == {7: 1}


def test_distribution_is_cached() -> None:
    assert parse("3d6kh2").distribution() is parse("3d6kh2").distribution()


@pytest.mark.parametrize("text", EXPRESSIONS)
def test_seeded_rolls_average_near_the_exact_mean(text: str) -> None:
    expr, rolls = parse(text), 20_000
    source = SeededDice(2024)
    average = sum(expr.roll(source, "sanity").total for _ in range(rolls)) / rolls
    standard_error = math.sqrt(expr.distribution().variance() / rolls)
    assert abs(average - float(expr.mean())) < 4 * standard_error
