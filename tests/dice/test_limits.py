"""Issue 12 point 4: dice notation and dice expressions refuse unbounded work when they are read."""

from __future__ import annotations

import time
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactica.dice import (
    D6,
    DF,
    MAX_DICE,
    MAX_SIDES,
    MAX_TERMS,
    DiceError,
    DiceExpr,
    DiceNotationError,
    DiceSource,
    DiceTerm,
    Die,
    Keep,
    ManualDice,
    OddsTooLarge,
    ScriptedDice,
    SeededDice,
    die_for,
    parse,
)
from tactica.dice.expr import KeepKind
from tactica.dice.odds import term_distribution


@pytest.mark.parametrize(
    ("text", "column", "reason"),
    [
        ("1000d4", 1, "a dice term rolls at most 100 dice, got 1000"),
        ("1d999999999", 3, "a die has at most 1000 sides, got 999999999"),
        ("2d6 + 1d1001", 9, "a die has at most 1000 sides, got 1001"),
        ("+".join(["1d6"] * 21), 81, "an expression has at most 20 terms (dice and numbers)"),
        ("+".join(["1"] * 21), 41, "an expression has at most 20 terms (dice and numbers)"),
    ],
)
def test_notation_over_a_limit_is_refused_with_the_limit_and_column(
    text: str, column: int, reason: str
) -> None:
    """Issue 12 point 4: '1000d4', '1d999999999' and endless sums are errors naming the limit."""
    with pytest.raises(DiceNotationError) as caught:
        parse(text)
    assert (caught.value.column, caught.value.reason) == (column, reason)


def test_the_largest_expression_within_the_limits_parses() -> None:
    """Issue 12 point 4: the limits themselves are allowed (100 dice, 1,000 sides, 20 terms)."""
    text = "+".join([f"{MAX_DICE}d{MAX_SIDES}"] * MAX_TERMS)
    assert len(parse(text).terms) == MAX_TERMS


def test_terms_and_expressions_built_directly_keep_the_limits() -> None:
    """Issue 12 point 4: a DiceTerm or DiceExpr made in code cannot exceed the limits either."""
    with pytest.raises(ValueError, match="at most 1000 sides, got 1001"):
        DiceTerm(1, die_for(1001))
    with pytest.raises(ValueError, match="1 to 100 dice, got 101"):
        DiceTerm(101, D6)
    with pytest.raises(ValueError, match="at most 20 terms, got 21"):
        DiceExpr((DiceTerm(1, D6),) * 21)


@pytest.mark.parametrize("text", ["100d100", "20d1000", "100d1000+100d1000", "50d1000kh25"])
def test_exact_odds_too_large_are_refused_before_computing(text: str) -> None:
    """Issue 12 point 4: an exact distribution that would take minutes is refused at once, naming the size."""
    started = time.monotonic()
    with pytest.raises(OddsTooLarge, match=r"exact odds of .* would take about [\d,]+ steps, over the limit"):
        parse(text).probabilities()
    assert time.monotonic() - started < 10  # not minutes: refused before any work


def test_the_mean_of_any_term_within_the_limits_is_quick() -> None:
    """Issue 12 point 4: the mean (read by the AIs every decision) of the largest keep pool needs no
    distribution; before, it built one and did not finish."""
    started = time.monotonic()
    assert parse("100d1000kh50").mean() > parse("100d1000kl50").mean() > 0
    assert time.monotonic() - started < 10  # not minutes: no distribution is built


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 6).flatmap(lambda n: st.tuples(st.just(n), st.integers(1, n - 1))),
    st.sampled_from(["kh", "kl", "dh", "dl"]),
    st.sampled_from([DF, die_for(2), die_for(6), die_for(7)]),
)
def test_the_mean_of_a_keep_term_is_the_mean_of_its_distribution(
    sizes: tuple[int, int], which: KeepKind, die: Die
) -> None:
    """Issue 12 point 4: the quick mean of keep/drop terms is exact (checked against icepool)."""
    count, n = sizes
    term = DiceTerm(count, die, Keep(which, n), -1)
    assert term.mean() == Fraction(term_distribution(term).mean())


@pytest.mark.parametrize(
    "source", [SeededDice(1), ScriptedDice([1] * 200), ManualDice(lambda die, count, purpose: [1] * count)]
)
def test_a_source_refuses_a_draw_over_the_limit(source: DiceSource) -> None:
    """Issue 12 point 4: no source hands out more than 100 dice at once (a THRUM pool of a billion Boons
    would have filled the memory); the limit itself is fine."""
    assert len(source.draw(D6, MAX_DICE, "test")) == MAX_DICE
    with pytest.raises(DiceError, match="one draw is of at most 100 dice, got 1000000000"):
        source.draw(D6, 10**9, "test")
