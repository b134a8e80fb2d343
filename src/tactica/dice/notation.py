"""Dice notation: parse text such as '2d6+3', '4d6kh3', '4dF' or '5d6>=5' into a :class:`DiceExpr`.

Grammar (case-insensitive; spaces are allowed between terms and around modifiers)::

    expr     := ['-' | '+'] term (('+' | '-') term)*
    term     := INT | [INT] 'd' sides [modifier]
    sides    := INT | 'F' | '%'                      (F: fudge die -1/0/+1, %: d100)
    modifier := ('kh' | 'k' | 'kl' | 'dh' | 'dl') INT  (keep/drop highest/lowest)
              | ('>=' | '>') ['-'] INT             (success pool: count dice meeting the target)

Canonical text (what ``str(expr)`` prints) always gives the dice count, writes 'k' as 'kh', d% as d100,
and sums every constant into one at the end: ``parse(' 4D6 K3 + 2 ')`` prints as '4d6kh3+2'.
"""

from __future__ import annotations

import string
from functools import lru_cache
from typing import NoReturn

from tactica.dice.die import D100, DF, Die, die_for
from tactica.dice.errors import DiceNotationError
from tactica.dice.expr import DiceExpr, DiceTerm, Keep, KeepKind
from tactica.dice.limits import MAX_DICE, MAX_DIGITS, MAX_SIDES, MAX_TERMS
from tactica.dice.result import Roll
from tactica.dice.source import DiceSource

__all__ = ["MAX_DICE", "MAX_SIDES", "MAX_TERMS", "DiceExpr", "DiceTerm", "Keep", "KeepKind", "parse", "roll"]

_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)
_MODIFIERS: tuple[tuple[str, KeepKind], ...] = (
    ("kh", "kh"),
    ("kl", "kl"),
    ("dh", "dh"),
    ("dl", "dl"),
    (">=", ">="),
    (">", ">"),
    ("k", "kh"),
)


def parse(text: str) -> DiceExpr:
    """Parse dice notation; raises :class:`DiceNotationError` (with the column) for bad text."""
    if not isinstance(text, str):
        raise TypeError(f"dice notation must be a string such as '2d6+3', got {type(text).__name__}")
    return _parse(text)


def roll(notation: str | DiceExpr, source: DiceSource, purpose: str = "") -> Roll:
    """Parse ``notation`` (unless it is already an expression) and roll it from ``source``."""
    expr = notation if isinstance(notation, DiceExpr) else parse(notation)
    return expr.roll(source, purpose)


@lru_cache(maxsize=1024)
def _parse(text: str) -> DiceExpr:
    return _Parser(text).expression()


def _is_digit(char: str) -> bool:
    return "0" <= char <= "9"


class _Parser:
    """A hand-written scanner over the text; ``pos`` is a 0-based index, errors report it 1-based."""

    __slots__ = ("low", "pos", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.low = text.translate(_LOWER)
        self.pos = 0

    def fail(self, reason: str, pos: int | None = None) -> NoReturn:
        raise DiceNotationError(self.text, (self.pos if pos is None else pos) + 1, reason)

    def peek(self) -> str:
        return self.low[self.pos : self.pos + 1]

    def skip_spaces(self) -> None:
        while self.peek().isspace():
            self.pos += 1

    def expression(self) -> DiceExpr:
        self.skip_spaces()
        if not self.peek():
            self.fail("it is empty")
        sign = -1 if self.peek() == "-" else 1
        if self.peek() in ("-", "+"):
            self.pos += 1
        terms: list[DiceTerm] = []
        constant = 0
        read = 0
        while True:
            term = self.term(sign)
            read += 1
            if isinstance(term, int):
                constant += term
            else:
                terms.append(term)
            self.skip_spaces()
            operator = self.peek()
            if not operator:
                return DiceExpr(tuple(terms), constant)
            if operator not in ("+", "-"):
                self.fail(f"unexpected {self.text[self.pos]!r}; expected '+', '-' or the end")
            sign = 1 if operator == "+" else -1
            self.pos += 1
            if read == MAX_TERMS:
                self.fail(f"an expression has at most {MAX_TERMS} terms (dice and numbers)")

    def term(self, sign: int) -> DiceTerm | int:
        self.skip_spaces()
        start = self.pos
        if _is_digit(self.peek()):
            count = self.number("expected a number")
            if self.peek() != "d":
                return sign * count
        elif self.peek() == "d":
            count = 1
        else:
            found = repr(self.text[self.pos]) if self.peek() else "the end"
            self.fail(f"expected a number or dice such as 2d6, found {found}")
        if count == 0:
            self.fail("'0d' rolls no dice; a dice term needs at least 1 die", start)
        if count > MAX_DICE:
            self.fail(f"a dice term rolls at most {MAX_DICE} dice, got {count}", start)
        self.pos += 1
        die = self.die()
        return DiceTerm(count, die, self.modifier(count), sign)

    def die(self) -> Die:
        start = self.pos
        char = self.peek()
        if char in ("f", "%"):
            self.pos += 1
            return DF if char == "f" else D100
        sides = self.number("'d' needs a number of sides, F or %")
        if sides == 0:
            self.fail("'d0' has no sides; a die needs at least 1 side", start)
        if sides > MAX_SIDES:
            self.fail(f"a die has at most {MAX_SIDES} sides, got {sides}", start)
        return die_for(sides)

    def modifier(self, count: int) -> Keep | None:
        after_die = self.pos
        self.skip_spaces()
        found = next((pair for pair in _MODIFIERS if self.low.startswith(pair[0], self.pos)), None)
        if found is None:
            self.pos = after_die
            return None
        token, which = found
        self.pos += len(token)
        self.skip_spaces()
        start = self.pos
        if which in (">=", ">"):
            negative = self.peek() == "-"
            if negative:
                self.pos += 1
            target = self.number(f"'{token}' needs a target number")
            return Keep(which, -target if negative else target)
        n = self.number(f"'{token}' needs a count")
        if n == 0:
            self.fail(f"'{token}0' chooses no dice; the count must be at least 1", start)
        if n > count:
            verb = "keeps" if which in ("kh", "kl") else "drops"
            self.fail(f"'{token}{n}' {verb} more dice than the {count} rolled", start)
        return Keep(which, n)

    def number(self, expected: str) -> int:
        start = self.pos
        while _is_digit(self.peek()):
            self.pos += 1
        if self.pos == start:
            self.fail(expected)
        if self.pos - start > MAX_DIGITS:
            self.fail(f"numbers in dice notation have at most {MAX_DIGITS} digits", start)
        return int(self.low[start : self.pos])
