"""Exact odds of dice expressions, computed with icepool (https://github.com/HighDiceRoller/icepool).

icepool's ``Die`` is an immutable distribution with integer quantities; ``n @ die`` sums ``n`` rolls,
``die.highest(n, keep)`` / ``die.lowest(n, keep)`` sum the kept dice of a pool, and ``die.count(n, faces)``
counts the rolls that land on ``faces``.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache, lru_cache
from math import comb
from typing import TYPE_CHECKING

import icepool

from tactica.dice.die import Die
from tactica.dice.errors import OddsTooLarge
from tactica.dice.limits import MAX_EXACT_STEPS

if TYPE_CHECKING:
    from tactica.dice.expr import DiceExpr, DiceTerm


@cache
def icepool_die(die: Die) -> icepool.Die:
    """The icepool die with the same faces as ``die`` (fudge: -1, 0, +1)."""
    return icepool.Die(list(die.faces))


@lru_cache(maxsize=512)
def term_distribution(term: DiceTerm) -> icepool.Die:
    """The exact distribution of one term's signed value."""
    base = icepool_die(term.die)
    count, keep = term.count, term.keep
    if keep is None:
        unsigned = count @ base
    elif keep.is_target:
        unsigned = base.count(count, [face for face in term.die.faces if keep.meets(face)])
    elif keep.which in ("kh", "dl"):
        unsigned = base.highest(count, keep.summed(count))
    else:
        unsigned = base.lowest(count, keep.summed(count))
    return unsigned if term.sign > 0 else -unsigned


@lru_cache(maxsize=512)
def kept_mean(term: DiceTerm) -> Fraction:
    """The exact mean of a keep/drop term's unsigned value without its distribution (quick for any term
    within the limits): the kept sum is ``kept * min_face`` plus, for each face ``x`` above the lowest, the
    number of kept dice showing ``x`` or more, which follows from how many of all the dice do (binomial)."""
    assert term.keep is not None and not term.keep.is_target
    die, count = term.die, term.count
    kept = term.keep.summed(count)
    highest = term.keep.which in ("kh", "dl")
    weights = [min(kept, j) if highest else max(0, j - (count - kept)) for j in range(count + 1)]
    total = 0
    for x in range(die.min_face + 1, die.max_face + 1):
        up = die.max_face - x + 1
        down = die.sides - up
        total += sum(w * comb(count, j) * up**j * down ** (count - j) for j, w in enumerate(weights) if w)
    return kept * die.min_face + Fraction(total, die.sides**count)


def term_steps(term: DiceTerm) -> int:
    """An estimate of the elementary steps icepool takes for one term's distribution: summing ``n`` dice
    of ``s`` sides one at a time costs about s*s*n*n/2; a keep rule walks the faces, dice and kept sums."""
    count, sides, keep = term.count, term.die.sides, term.keep
    if keep is None:
        return sides * sides * count * (count + 1) // 2
    if keep.is_target:
        return count * count
    return sides * count * keep.summed(count) * sides


def steps(expr: DiceExpr, times: int = 1) -> int:
    """An estimate of the elementary steps of the exact distribution of ``times`` rolls of ``expr`` summed:
    each term's own steps, one step per pair of outcomes when the terms are added, and the same again for
    adding up the ``times`` rolls."""
    total, outcomes = 0, 1
    for term in expr.terms:
        low, high = term.bounds()
        total += term_steps(term) + outcomes * (high - low + 1)
        outcomes += high - low
    return total + outcomes * outcomes * times * (times - 1) // 2


def require_steps(needed: int, what: str) -> None:
    """Refuse exact odds of ``what`` (:class:`OddsTooLarge`) when ``needed`` steps are over the limit."""
    if needed > MAX_EXACT_STEPS:
        raise OddsTooLarge(
            f"exact odds of {what} would take about {needed:,} steps, over the limit of {MAX_EXACT_STEPS:,}"
        )


def check_size(expr: DiceExpr, times: int = 1) -> None:
    """Refuse (raise :class:`OddsTooLarge`) an exact distribution of ``times`` rolls of ``expr`` that
    would take too long to compute."""
    require_steps(steps(expr, times), f"{expr}" if times == 1 else f"{times} rolls of {expr}")


@lru_cache(maxsize=256)
def distribution(expr: DiceExpr) -> icepool.Die:
    """The exact distribution of an expression's total; :class:`OddsTooLarge` when it would take too
    long to compute."""
    check_size(expr)
    total = icepool.Die([expr.constant])
    for term in expr.terms:
        total = total + term_distribution(term)
    return total


def probabilities(expr: DiceExpr) -> dict[int, Fraction]:
    """The exact probability of each possible total of ``expr``, lowest total first."""
    dist = distribution(expr)
    denominator = dist.denominator()
    return {int(total): Fraction(quantity, denominator) for total, quantity in dist.items()}
