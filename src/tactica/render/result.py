"""The words for how a fight ended, the same in every log, summary and command (docs/cli.md, "Results").

A side that won ("red wins", "heroes win": a side named with a plural noun takes a plural verb); a draw (the
fight ended with no side standing, or the rules call it a draw); cut off (a limit on rounds, Turns or
actions stopped the fight before it was decided).

>>> result_words("red", cut_off=False), result_words("heroes", cut_off=False)
('red wins', 'heroes win')
>>> result_words(None, cut_off=False), result_words(None, cut_off=True)
('a draw', 'cut off')
>>> plural(1, "rounds"), plural(3, "Phases"), plural(1, "hexes"), plural(2, "square")
('1 round', '3 Phases', '1 hex', '2 squares')
"""

from __future__ import annotations


def result_words(winner: str | None, *, cut_off: bool) -> str:
    """``red wins``, ``heroes win``, ``a draw`` or ``cut off``."""
    if cut_off:
        return "cut off"
    if winner is None:
        return "a draw"
    return f"{winner} {'win' if is_plural(winner) else 'wins'}"


def is_plural(noun: str) -> bool:
    """A side's name read as a plural noun: it ends in one ``s`` (``heroes``, ``raiders``; not ``red``,
    ``boss``)."""
    return noun.endswith("s") and not noun.endswith("ss")


#: Plural nouns of the logs whose singular is not the plural less its final ``s``.
SINGULARS = {"hexes": "hex", "bodies": "body"}


def plural(count: float, noun: str) -> str:
    """``count`` and the noun (given singular or plural) in the number it takes: ``1 round``, ``2 hexes``."""
    singular = SINGULARS.get(noun, noun[:-1] if noun.endswith("s") and not noun.endswith("ss") else noun)
    if count == 1:
        return f"{count:g} {singular}"
    many = next((p for p, one in SINGULARS.items() if one == singular), f"{singular}s")
    return f"{count:g} {many}"
