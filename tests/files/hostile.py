"""Hostile texts for the file tests: each is small, and each broke today's main in its own way."""

from __future__ import annotations

#: "Billion laughs": each line nine aliases of the one before (9**7 = 4.8 million strings at the last).
BOMB = "".join(
    f"  {name}: &{name} [{', '.join([f'*{before}'] * 9)}]\n"
    for before, name in zip("abcdefg", "bcdefgh", strict=True)
)
ALIAS_BOMB = "bomb:\n  a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + BOMB


def nested(depth: int) -> str:
    """A flow list ``depth`` levels deep."""
    return "[" * depth + "]" * depth
