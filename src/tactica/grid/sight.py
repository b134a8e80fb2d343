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

from collections.abc import Collection

from tactica.grid.board import Board
from tactica.grid.terrain import Cover
from tactica.grid.types import Pos


def line_of_sight(board: Board, a: Pos, b: Pos, *, blockers: Collection[Pos] = ()) -> bool:
    """True when nothing on the line strictly between ``a`` and ``b`` is a wall or in ``blockers``."""
    if board.distance(a, b) <= 1:
        return True
    return not any(board.terrain(p).wall or p in blockers for p in board.line(a, b)[1:-1])


def cover_between(board: Board, attacker: Pos, target: Pos, *, blockers: Collection[Pos] = ()) -> Cover:
    """The cover ``target`` has against ``attacker``; see the module rule (creatures give partial cover)."""
    if board.distance(attacker, target) <= 1:
        return Cover.NONE
    cover = Cover.NONE
    for p in board.line(attacker, target)[1:-1]:
        terrain = board.terrain(p)
        if terrain.wall:
            return Cover.FULL
        if terrain.cover > cover:
            cover = terrain.cover
        if cover < Cover.PARTIAL and p in blockers:
            cover = Cover.PARTIAL
    return cover
