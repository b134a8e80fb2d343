"""The words and squares a scenario's actions may name: the vocabularies of the action table.

Every vocabulary is built from the scenario alone (its combatants, its board, its content), sorted, so the
same scenario gives the same table whatever the seed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import fields, is_dataclass
from typing import Any, cast

from tactica.engine import Game

Pos = tuple[int, int]

_WORD = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_\-]*\Z")
#: Fields of a game that hold no name an action may use.
_SKIPPED = frozenset({"system", "options", "board", "spec", "sheets"})
#: Words the rules offer that no scenario spells out: answers, flags, stances, skills (per system).
SYSTEM_WORDS: dict[str, tuple[str, ...]] = {
    "futurepath": (
        "all", "acrobatics", "treat_injury", "perception", "disable_device", "diplomacy", "intimidation",
        "bull-rush",
    ),
    "thrum": (
        "bleed", "blinded", "burning", "shocked", "slowed", "hamstrung", "vulnerable", "weakened", "mark",
        "fatigue", "stress", "overexert",
    ),
}  # fmt: skip


def fighters(game: Game) -> tuple[str, ...]:
    """The combatants, in the order the scenario lists them."""
    return tuple(getattr(game, "start", {}))


def cells(game: Game) -> tuple[Pos, ...]:
    """Every square (hex) of the board, in reading order."""
    board: Any = cast(Any, game).board  # every system's game has one
    return tuple(board.cells())


def names(game: Game) -> tuple[str, ...]:
    """Every word an action may name as its target or item: combatants, the keys of the game's content
    (weapons, abilities, manoeuvres, doors), every word of the setup, and the system's own words."""
    found = set(fighters(game)) | set(SYSTEM_WORDS.get(game.system.id, ()))
    for name in _content_fields(game):
        found |= set(_words(getattr(game, name)))
    found |= set(_words(game.setup))
    return tuple(sorted(found))


def content(game: Game, field: str) -> tuple[str, ...]:
    """The keys of one content mapping of the game (``weapons``, ``abilities``, ``maneuvers``), sorted."""
    value = getattr(game, field, {})
    return tuple(sorted(value)) if isinstance(value, Mapping) else ()


def _content_fields(game: Game) -> list[str]:
    assert is_dataclass(game)
    return [f.name for f in fields(game) if f.name not in _SKIPPED]


def _words(value: Any) -> Iterator[str]:
    """Every word (a string an action could name) in plain data, keys included, recursively."""
    if isinstance(value, str):
        if _WORD.match(value):
            yield value
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _words(key)
            yield from _words(item)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            yield from _words(item)
    elif is_dataclass(value) and not isinstance(value, type):
        for f in fields(value):
            yield from _words(getattr(value, f.name))
