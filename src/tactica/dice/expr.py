"""Dice expressions as data: a sum of dice terms and a constant, printed in canonical dice notation.

Parsing lives in :mod:`tactica.dice.notation`, exact odds in :mod:`tactica.dice.odds`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import compress
from typing import TYPE_CHECKING, Literal, get_args

from tactica.dice import odds
from tactica.dice.die import Die
from tactica.dice.errors import DiceScriptError
from tactica.dice.limits import MAX_DICE, MAX_SIDES, MAX_TERMS
from tactica.dice.result import Roll, TermRoll

if TYPE_CHECKING:
    import icepool

    from tactica.dice.source import DiceSource

KeepKind = Literal["kh", "kl", "dh", "dl", ">=", ">"]
KEEP_KINDS: tuple[KeepKind, ...] = get_args(KeepKind)


@dataclass(frozen=True, slots=True)
class Keep:
    """What a dice term counts: keep/drop the ``n`` highest/lowest dice, or count dice meeting a target.

    ``kh``/``kl`` keep the ``n`` highest/lowest, ``dh``/``dl`` drop the ``n`` highest/lowest, and ``>=`` /
    ``>`` make the term a success pool worth the number of dice with a face ``>= n`` / ``> n``. Among equal
    faces, the earlier die is the one kept (or dropped) first.
    """

    which: KeepKind
    n: int

    def __post_init__(self) -> None:
        if self.which not in KEEP_KINDS:
            raise ValueError(f"unknown keep rule {self.which!r}; valid: {', '.join(KEEP_KINDS)}")
        if not self.is_target and self.n < 1:
            raise ValueError(f"'{self.which}' needs a count of at least 1, got {self.n}")

    @property
    def is_target(self) -> bool:
        """True for a success pool (``>=`` or ``>``): the term counts dice instead of summing them."""
        return self.which in (">=", ">")

    def meets(self, face: int) -> bool:
        """For a success pool: whether ``face`` is a success."""
        return face >= self.n if self.which == ">=" else face > self.n

    def summed(self, count: int) -> int:
        """For keep/drop rules: how many of ``count`` dice are summed."""
        return self.n if self.which in ("kh", "kl") else count - self.n

    def marks(self, faces: tuple[int, ...]) -> tuple[bool, ...]:
        """For each face, whether it is kept (keep/drop rules) or a success (success pools)."""
        if self.which == ">=":
            return tuple([face >= self.n for face in faces])
        if self.which == ">":
            return tuple([face > self.n for face in faces])
        return _keep_marks(self.which, self.n, faces)

    def __str__(self) -> str:
        return f"{self.which}{self.n}"


def _keep_marks(which: KeepKind, n: int, faces: tuple[int, ...]) -> tuple[bool, ...]:
    """Marks for keep/drop rules: choose ``n`` dice (highest or lowest, earlier first among ties)."""
    if which in ("kh", "dh"):
        order = sorted(range(len(faces)), key=lambda i: -faces[i])
    else:
        order = sorted(range(len(faces)), key=faces.__getitem__)
    chosen = [False] * len(faces)
    for index in order[:n]:
        chosen[index] = True
    if which in ("dh", "dl"):
        return tuple([not mark for mark in chosen])
    return tuple(chosen)


@dataclass(frozen=True, slots=True)
class DiceTerm:
    """``count`` dice of kind ``die``, optionally kept/dropped/counted by ``keep``, added (sign +1) or
    subtracted (sign -1)."""

    count: int
    die: Die
    keep: Keep | None = None
    sign: int = 1

    def __post_init__(self) -> None:
        if not 1 <= self.count <= MAX_DICE:
            raise ValueError(f"a dice term rolls 1 to {MAX_DICE} dice, got {self.count}")
        if self.die.sides > MAX_SIDES:
            raise ValueError(f"a die of a dice term has at most {MAX_SIDES} sides, got {self.die.sides}")
        if self.sign not in (1, -1):
            raise ValueError(f"the sign of a dice term is 1 or -1, got {self.sign}")
        keep = self.keep
        if keep is not None and not keep.is_target and keep.n > self.count:
            raise ValueError(f"'{keep}' chooses more dice than the {self.count} rolled")

    def result(self, faces: tuple[int, ...]) -> TermRoll:
        """This term's result for the rolled ``faces``: which count, and the signed value."""
        keep = self.keep
        if keep is None:
            return TermRoll(self, faces, (True,) * len(faces), self.sign * sum(faces))
        kept = keep.marks(faces)
        value = sum(kept) if keep.is_target else sum(compress(faces, kept))
        return TermRoll(self, faces, kept, self.sign * value)

    def bounds(self) -> tuple[int, int]:
        """The lowest and highest signed value of this term."""
        low, high = self.die.min_face, self.die.max_face
        keep = self.keep
        if keep is None:
            low, high = self.count * low, self.count * high
        elif keep.is_target:
            low, high = (self.count if keep.meets(low) else 0), (self.count if keep.meets(high) else 0)
        else:
            low, high = keep.summed(self.count) * low, keep.summed(self.count) * high
        return (low, high) if self.sign > 0 else (-high, -low)

    def mean(self) -> Fraction:
        """The exact expected signed value of this term."""
        keep = self.keep
        if keep is None:
            unsigned = Fraction(self.count * (self.die.min_face + self.die.max_face), 2)
        elif keep.is_target:
            unsigned = Fraction(self.count * sum(map(keep.meets, self.die.faces)), self.die.sides)
        else:
            unsigned = odds.kept_mean(self)
        return self.sign * unsigned

    def __str__(self) -> str:
        """The term without its sign, e.g. '4d6kh3'."""
        return f"{self.count}{self.die.label}{'' if self.keep is None else self.keep}"


@dataclass(frozen=True)
class DiceExpr:
    """A dice expression: the sum of signed dice terms and a constant. ``str()`` gives canonical notation,
    and ``parse(str(expr)) == expr``."""

    terms: tuple[DiceTerm, ...] = ()
    constant: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "terms", tuple(self.terms))
        if len(self.terms) > MAX_TERMS:
            raise ValueError(f"a dice expression has at most {MAX_TERMS} terms, got {len(self.terms)}")

    def roll(self, source: DiceSource, purpose: str = "") -> Roll:
        """Roll every term from ``source``; ``purpose`` (default: the expression) describes the roll."""
        label = purpose or str(self)
        rolled = []
        total = self.constant
        for term in self.terms:
            faces = source.draw(term.die, term.count, label)
            if len(faces) != term.count:
                raise DiceScriptError(
                    f"a dice source gave {len(faces)} faces for {label!r} but {term.count} were asked for"
                )
            result = term.result(faces)
            rolled.append(result)
            total += result.value
        return Roll(self, tuple(rolled), total)

    def min(self) -> int:
        """The lowest possible total."""
        return self.constant + sum(term.bounds()[0] for term in self.terms)

    def max(self) -> int:
        """The highest possible total."""
        return self.constant + sum(term.bounds()[1] for term in self.terms)

    def mean(self) -> Fraction:
        """The exact expected total."""
        return Fraction(self.constant) + sum((term.mean() for term in self.terms), Fraction(0))

    def distribution(self) -> icepool.Die:
        """The exact distribution of the total, as an ``icepool.Die`` (cached per expression)."""
        return odds.distribution(self)

    def probabilities(self) -> dict[int, Fraction]:
        """The exact probability of each possible total, lowest total first."""
        return odds.probabilities(self)

    def __str__(self) -> str:
        parts = []
        for index, term in enumerate(self.terms):
            sign = "-" if term.sign < 0 else ("+" if index else "")
            parts.append(f"{sign}{term}")
        if not self.terms:
            parts.append(str(self.constant))
        elif self.constant:
            parts.append(f"{self.constant:+d}")
        return "".join(parts)
