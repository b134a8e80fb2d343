"""The action table: every action a system can list for a scenario, numbered (docs/agents.md, "Actions").

The table is the union of one block per :class:`~tactica.rl.signatures.Signature`; a block numbers every
combination of its parts' values (mixed radix, the flags last). Actions are numbered without their actor: the
agent acting names it (one agent per side puts the side's members in front, see :class:`ActorTable`).
"""

from __future__ import annotations

import itertools
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from math import prod
from typing import Any

from tactica.engine import Action, Game
from tactica.rl import vocabulary
from tactica.rl.signatures import MAX_REACH, Signature, signatures

Value = str | tuple[int, int] | tuple[str, ...] | None
_DIRECTIONS = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0))
#: The far ends a ``step`` part may name, as offsets from the first square.
STEPS = tuple((dx * k, dy * k) for k in range(1, MAX_REACH + 1) for dx, dy in _DIRECTIONS)


@dataclass(frozen=True)
class Block:
    """The numbers of one signature: ``offset`` up to ``offset + size``, one per combination of parts."""

    signature: Signature
    offset: int
    parts: tuple[tuple[Value, ...], ...]
    lookup: tuple[dict[Value, int], ...]

    @property
    def size(self) -> int:
        return prod(len(values) for values in self.parts)

    def number(self, action: Action) -> int | None:
        """The action's number in this block, or None when a part is outside it."""
        index = 0
        for values, lookup, value in zip(self.parts, self.lookup, _parts_of(action), strict=True):
            k = lookup.get(value)
            if k is None:
                return None
            index = index * len(values) + k
        return self.offset + index

    def action(self, number: int, actor: str) -> Action:
        """The action numbered ``number`` (within this block) taken by ``actor``."""
        picked: list[Value] = []
        rest = number - self.offset
        for values in reversed(self.parts):
            rest, k = divmod(rest, len(values))
            picked.append(values[k])
        target, at, step, using, flags = reversed(picked)
        to = None if step is None or at is None else _offset(at, step)  # type: ignore[arg-type]
        return Action(actor, self.signature.verb, target, at, using, flags, to)  # type: ignore[arg-type]


class ActionTable:
    """Every action of a scenario's system, numbered 0 .. ``size - 1`` (without the actor)."""

    def __init__(self, game: Game) -> None:
        self.blocks: list[Block] = []
        offset = 0
        for signature in signatures(game):
            parts = _domains(game, signature)
            lookup = tuple({v: k for k, v in enumerate(values)} for values in parts)
            block = Block(signature, offset, parts, lookup)
            self.blocks.append(block)
            offset += block.size
        self.size = offset
        self._starts = [b.offset for b in self.blocks]
        self._by_verb: dict[str, list[Block]] = {}
        for block in self.blocks:
            self._by_verb.setdefault(block.signature.verb, []).append(block)

    def encode(self, action: Action) -> int | None:
        """The number of ``action`` (its actor aside), None when the table holds no such action."""
        for block in self._by_verb.get(action.verb, ()):
            number = block.number(action)
            if number is not None:
                return number
        return None

    def decode(self, number: int, actor: str) -> Action:
        """The action numbered ``number``, taken by ``actor``."""
        block = self.blocks[bisect_right(self._starts, number) - 1]
        return block.action(number, actor)


def _parts_of(action: Action) -> tuple[Value, ...]:
    step = None if action.to is None or action.at is None else _offset(action.to, action.at, -1)
    return (action.target, action.at, step, action.using, action.flags)


def _offset(a: tuple[int, int], b: tuple[int, int], sign: int = 1) -> tuple[int, int]:
    return a[0] + sign * b[0], a[1] + sign * b[1]


def _domains(game: Game, sig: Signature) -> tuple[tuple[Value, ...], ...]:
    parts = (sig.target, sig.at, sig.to, sig.using)
    return (*(_kind(game, kind) for kind in parts), _flag_sets(game, sig.flags))


def _kind(game: Game, kind: str) -> tuple[Value, ...]:
    """The values of one part: ``""`` none, else the words or squares of its kind (``?``: or none)."""
    if not kind:
        return (None,)
    base = kind.rstrip("?")
    values: Sequence[Any] = {
        "name": vocabulary.names,
        "fighter": vocabulary.fighters,
        "weapon": lambda g: vocabulary.content(g, "weapons"),
        "cell": vocabulary.cells,
        "step": _steps,
    }[base](game)
    return (None, *values) if kind.endswith("?") else tuple(values)


def _steps(game: Game) -> tuple[tuple[int, int], ...]:
    return STEPS


def _flag_sets(game: Game, groups: tuple[tuple[str, ...], ...]) -> tuple[Value, ...]:
    """Every set of flags the groups allow (one word, or none, from each), as sorted tuples."""
    choices = [[w for word in group for w in _words(game, word)] for group in groups]
    sets = (tuple(sorted({w for w in combo if w})) for combo in itertools.product(*choices))
    return tuple(dict.fromkeys(sets))


def _words(game: Game, word: str) -> tuple[str, ...]:
    """A flag word, or the words a ``<kind>`` stands for."""
    if word == "<name>":
        return vocabulary.names(game)
    if word == "<maneuver>":
        return vocabulary.content(game, "maneuvers")
    return (word,)
