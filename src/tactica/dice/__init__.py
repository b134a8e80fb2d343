"""Dice for tactica: dice and dice notation, injectable dice sources, rolls that keep every face, and exact
odds.

>>> from tactica.dice import SeededDice, parse
>>> expr = parse("4d6kh3+2")
>>> str(expr.roll(SeededDice(7), "strength"))  # doctest: +SKIP
'4d6kh3+2 = [6, 5, 3, (1)] + 2 = 16'
>>> expr.mean()
Fraction(18461, 1296)

Sources (:class:`SeededDice`, :class:`ScriptedDice`, :class:`ManualDice`, :class:`RecordingDice`) all
satisfy the :class:`DiceSource` protocol, so a fight can be run on pseudo-random, scripted or real dice.
Limits (:mod:`tactica.dice.limits`): at most ``MAX_DICE`` dice per term, ``MAX_SIDES`` sides per die and
``MAX_TERMS`` terms per expression; exact odds over ``MAX_EXACT_STEPS`` estimated steps raise
:class:`OddsTooLarge` before any work.
"""

from tactica.dice.die import D2, D3, D4, D6, D8, D10, D12, D20, D100, DF, Die, die_for
from tactica.dice.errors import DiceError, DiceExhausted, DiceNotationError, DiceScriptError, OddsTooLarge
from tactica.dice.expr import DiceExpr, DiceTerm, Keep
from tactica.dice.limits import MAX_DICE, MAX_EXACT_STEPS, MAX_EXPLOSIONS, MAX_SIDES, MAX_TERMS
from tactica.dice.notation import parse, roll
from tactica.dice.result import Roll, TermRoll
from tactica.dice.source import DiceSource, Draw, ManualDice, RecordingDice, ScriptedDice, SeededDice

__all__ = [
    "D2",
    "D3",
    "D4",
    "D6",
    "D8",
    "D10",
    "D12",
    "D20",
    "D100",
    "DF",
    "MAX_DICE",
    "MAX_EXACT_STEPS",
    "MAX_EXPLOSIONS",
    "MAX_SIDES",
    "MAX_TERMS",
    "DiceError",
    "DiceExhausted",
    "DiceExpr",
    "DiceNotationError",
    "DiceScriptError",
    "DiceSource",
    "DiceTerm",
    "Die",
    "Draw",
    "Keep",
    "ManualDice",
    "OddsTooLarge",
    "RecordingDice",
    "Roll",
    "ScriptedDice",
    "SeededDice",
    "TermRoll",
    "die_for",
    "parse",
    "roll",
]
