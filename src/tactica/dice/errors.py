"""The errors of the dice package: one base class, and one subclass per way dice can go wrong."""

from __future__ import annotations

NOTATION_EXAMPLES = "2d6+3, 4d6kh3, 4dF, 5d6>=5"


class DiceError(Exception):
    """Base class of every error raised by :mod:`tactica.dice`."""


class DiceNotationError(DiceError, ValueError):
    """Dice notation that cannot be parsed; ``column`` (1-based) points at the offending character."""

    def __init__(self, text: str, column: int, reason: str) -> None:
        super().__init__(text, column, reason)
        self.text = text
        self.column = column
        self.reason = reason

    def __str__(self) -> str:
        return (
            f"bad dice notation {self.text!r}: {self.reason} (column {self.column}); "
            f"examples: {NOTATION_EXAMPLES}"
        )


class DiceScriptError(DiceError):
    """A face handed in from outside (a script or a person) that does not fit the die it was asked for."""


class DiceExhausted(DiceError):
    """Scripted dice ran out of faces and had no source to continue from."""


class OddsTooLarge(DiceError):
    """Exact odds refused before computing: the estimated work is over ``limits.MAX_EXACT_STEPS``."""
