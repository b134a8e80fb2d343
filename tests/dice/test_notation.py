"""Dice notation: canonical printing, round trips, loose spellings and every error with its column."""

from __future__ import annotations

import pytest
from hypothesis import given

from tactica.dice import D6, D20, D100, DF, DiceExpr, DiceNotationError, DiceTerm, Keep, parse

from .strategies import exprs, messy


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        (" 4D6 KH3 + 2 ", "4d6kh3+2"),
        ("4d6k3", "4d6kh3"),
        ("d20", "1d20"),
        ("d%", "1d100"),
        ("4df", "4dF"),
        ("5d6 >= 5", "5d6>=5"),
        ("5d6>4", "5d6>4"),
        ("2d20kl1", "2d20kl1"),
        ("4d6dl1", "4d6dl1"),
        ("3d6dh1", "3d6dh1"),
        ("3 + 1d6 - 1", "1d6+2"),
        ("-1d4+2", "-1d4+2"),
        ("2d6 - 1d4", "2d6-1d4"),
        ("+7", "7"),
        ("-3", "-3"),
        ("0", "0"),
        ("4dF>=-1", "4dF>=-1"),
        ("1d6+2-2", "1d6"),
    ],
)
def test_canonical_form(text: str, canonical: str) -> None:
    assert str(parse(text)) == canonical
    assert parse(canonical) == parse(text)


def test_parse_builds_terms() -> None:
    assert parse("4d6kh3+2") == DiceExpr((DiceTerm(4, D6, Keep("kh", 3), 1),), 2)
    assert parse("-d20+2dF") == DiceExpr((DiceTerm(1, D20, None, -1), DiceTerm(2, DF, None, 1)), 0)
    assert parse("d%").terms[0].die is D100


@given(exprs)
def test_print_then_parse_round_trips(expr: DiceExpr) -> None:
    assert parse(str(expr)) == expr


@given(exprs.flatmap(lambda expr: messy(expr).map(lambda text: (expr, text))))
def test_loose_spellings_parse_to_the_same_expression(case: tuple[DiceExpr, str]) -> None:
    expr, text = case
    assert parse(text) == expr


@pytest.mark.parametrize(
    ("text", "column", "reason"),
    [
        ("", 1, "it is empty"),
        ("   ", 4, "it is empty"),
        ("4d6kh", 6, "'kh' needs a count"),
        ("4d6k", 5, "'k' needs a count"),
        ("4d6dl", 6, "'dl' needs a count"),
        ("5d6>=", 6, "'>=' needs a target number"),
        ("5d6>", 5, "'>' needs a target number"),
        ("0d6", 1, "'0d' rolls no dice; a dice term needs at least 1 die"),
        ("2+101d6", 3, "a dice term rolls at most 100 dice, got 101"),
        ("2d0", 3, "'d0' has no sides; a die needs at least 1 side"),
        ("2d", 3, "'d' needs a number of sides, F or %"),
        ("2dx", 3, "'d' needs a number of sides, F or %"),
        ("4d6kh5", 6, "'kh5' keeps more dice than the 4 rolled"),
        ("2d20 kl3", 8, "'kl3' keeps more dice than the 2 rolled"),
        ("2d6dh3", 6, "'dh3' drops more dice than the 2 rolled"),
        ("4d6kh0", 6, "'kh0' chooses no dice; the count must be at least 1"),
        ("2d6+", 5, "expected a number or dice such as 2d6, found the end"),
        ("2d6++3", 5, "expected a number or dice such as 2d6, found '+'"),
        ("x", 1, "expected a number or dice such as 2d6, found 'x'"),
        ("2d6 3", 5, "unexpected '3'; expected '+', '-' or the end"),
        ("d6d6", 3, "unexpected 'd'; expected '+', '-' or the end"),
        ("2d6*2", 4, "unexpected '*'; expected '+', '-' or the end"),
        ("1234567890", 1, "numbers in dice notation have at most 9 digits"),
        ("1d6 + ²", 7, "expected a number or dice such as 2d6, found '²'"),
    ],
)
def test_errors_name_the_reason_and_column(text: str, column: int, reason: str) -> None:
    with pytest.raises(DiceNotationError) as caught:
        parse(text)
    error = caught.value
    assert (error.text, error.column, error.reason) == (text, column, reason)
    assert str(error) == (
        f"bad dice notation {text!r}: {reason} (column {column}); examples: 2d6+3, 4d6kh3, 4dF, 5d6>=5"
    )


def test_brief_example_message() -> None:
    expected = r"^bad dice notation '4d6kh': 'kh' needs a count \(column 6\); examples: "
    with pytest.raises(DiceNotationError, match=expected):
        parse("4d6kh")


def test_notation_error_is_a_value_error_for_validators() -> None:
    assert issubclass(DiceNotationError, ValueError)


def test_parse_rejects_non_text() -> None:
    with pytest.raises(TypeError, match="must be a string"):
        parse(6)  # type: ignore[arg-type]


def test_terms_validate_themselves() -> None:
    with pytest.raises(ValueError, match="1 to 100 dice"):
        DiceTerm(0, D6)
    with pytest.raises(ValueError, match="more dice than the 2 rolled"):
        DiceTerm(2, D6, Keep("kh", 3))
    with pytest.raises(ValueError, match="sign"):
        DiceTerm(2, D6, None, 2)
    with pytest.raises(ValueError, match="unknown keep rule"):
        Keep("kx", 1)  # type: ignore[arg-type]
