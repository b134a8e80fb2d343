"""Exact odds of dice expressions, computed with icepool (https://github.com/HighDiceRoller/icepool).

icepool's ``Die`` is an immutable distribution with integer quantities; ``n @ die`` sums ``n`` rolls,
``die.highest(n, keep)`` / ``die.lowest(n, keep)`` sum the kept dice of a pool, and ``die.count(n, faces)``
counts the rolls that land on ``faces``.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache, lru_cache
from typing import TYPE_CHECKING

import icepool

from tactica.dice.die import Die

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


@lru_cache(maxsize=256)
def distribution(expr: DiceExpr) -> icepool.Die:
    """The exact distribution of an expression's total."""
    total = icepool.Die([expr.constant])
    for term in expr.terms:
        total = total + term_distribution(term)
    return total


def probabilities(expr: DiceExpr) -> dict[int, Fraction]:
    """The exact probability of each possible total of ``expr``, lowest total first."""
    dist = distribution(expr)
    denominator = dist.denominator()
    return {int(total): Fraction(quantity, denominator) for total, quantity in dist.items()}
