"""Line of sight and cover, both read along :meth:`Board.line`.

The rule: draw the line from the centre of the attacker's cell to the centre of the target's cell and
look at the cells it passes through strictly between the two.

- A wall on the line blocks sight, and so does any cell listed in ``blockers`` for :func:`line_of_sight`.
  Adjacent cells always see each other.
- Cover is the best :attr:`Terrain.cover` among those cells; a creature (a cell in ``blockers``) on the
  line gives at least :attr:`Cover.PARTIAL`; no line of sight (a wall on the line) is :attr:`Cover.FULL`.
  Creatures give cover in :func:`cover_between`; they never block sight there.

The line is the same set of cells from either end, so both answers are symmetric.
"""

from __future__ import annotations

import weakref
from collections.abc import Collection

from tactica.grid.board import Board
from tactica.grid.terrain import Cover
from tactica.grid.types import Pos

#: Per board, what the terrain says about the line between two cells: the cells strictly between them,
#: whether one is a wall, and the best cover among them. Boards are immutable, so this never goes stale.
LineFacts = tuple[tuple[Pos, ...], bool, Cover]
_FACTS: weakref.WeakKeyDictionary[Board, dict[tuple[Pos, Pos], LineFacts]] = weakref.WeakKeyDictionary()
_FACTS_PER_BOARD = 1 << 18


def _line_facts(board: Board, a: Pos, b: Pos) -> LineFacts:
    cache = _FACTS.get(board)
    if cache is None:
        cache = _FACTS[board] = {}
    facts = cache.get((a, b))
    if facts is None:
        inside = tuple(board.line(a, b)[1:-1])
        terrains = [board.terrain(p) for p in inside]
        cover = max((t.cover for t in terrains), default=Cover.NONE)
        facts = (inside, any(t.wall for t in terrains), cover)
        if len(cache) >= _FACTS_PER_BOARD:
            cache.clear()
        cache[(a, b)] = facts
    return facts


def line_of_sight(board: Board, a: Pos, b: Pos, *, blockers: Collection[Pos] = ()) -> bool:
    """True when nothing on the line strictly between ``a`` and ``b`` is a wall or in ``blockers``."""
    if board.distance(a, b) <= 1:
        return True
    inside, wall, _cover = _line_facts(board, a, b)
    return not wall and not (blockers and any(p in blockers for p in inside))


def cover_between(board: Board, attacker: Pos, target: Pos, *, blockers: Collection[Pos] = ()) -> Cover:
    """The cover ``target`` has against ``attacker``; see the module rule (creatures give partial cover)."""
    if board.distance(attacker, target) <= 1:
        return Cover.NONE
    inside, wall, cover = _line_facts(board, attacker, target)
    if wall:
        return Cover.FULL
    if cover < Cover.PARTIAL and blockers and any(p in blockers for p in inside):
        return Cover.PARTIAL
    return cover
