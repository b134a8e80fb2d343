"""The limits of dice: generous for any game, small enough that a roll, or the exact odds of one, stays quick.

Dice notation, dice terms and expressions refuse anything beyond them when they are read (a file naming
``1000d4`` damage is an error at load, not a hang at the first hit).
"""

from __future__ import annotations

#: The most dice one term rolls ('100d6').
MAX_DICE = 100
#: The most sides one die of an expression has ('1d1000').
MAX_SIDES = 1000
#: The most terms (dice terms and numbers) in one expression ('1d6+1d6+...+2').
MAX_TERMS = 20
#: The most times a rule rolls again within one roll (exploding checks, re-rolls of a result).
MAX_EXPLOSIONS = 20
#: The most digits of a number in dice notation.
MAX_DIGITS = 9
#: Exact odds of an expression whose distribution needs more elementary steps than this (an estimate, see
#: :func:`tactica.dice.odds.steps`) are refused before computing: a few seconds of work at most.
MAX_EXACT_STEPS = 2_000_000
