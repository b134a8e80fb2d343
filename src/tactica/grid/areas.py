"""Areas of effect: the sets of cells a spell, blast or aura covers.

Every function returns a frozenset of in-bounds cells, wall cells included unless stated, and measures
with the board's own distance, so the same shapes work on squares and hexes.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from tactica.grid.board import Board
from tactica.grid.sight import line_of_sight
from tactica.grid.types import Pos

_SLACK = 1e-9  # tolerance on the 45° test, for boards whose centres are not integers


def square_area(board: Board, center: Pos, radius: int) -> frozenset[Pos]:
    """Every cell within ``radius`` of ``center`` (on squares, a ``(2r + 1)``-wide square)."""
    return frozenset(board.cells_within(center, radius))


def burst(board: Board, center: Pos, radius: int) -> frozenset[Pos]:
    """The cells within ``radius`` that the centre can see: walls stop a blast (creatures do not).

    A wall cell the centre sees is included (the blast hits it); cells behind it are not.
    """
    return frozenset(p for p in board.cells_within(center, radius) if line_of_sight(board, center, p))


def aura(board: Board, center: Pos, radius: int) -> frozenset[Pos]:
    """The cells within ``radius`` of ``center``, the centre itself excluded."""
    return frozenset(p for p in board.cells_within(center, radius) if p != center)


def line_area(board: Board, origin: Pos, toward: Pos, length: int) -> frozenset[Pos]:
    """The cells of the straight line from ``origin`` through ``toward``, out to ``length`` cells away.

    The line is :meth:`Board.line` from the origin through the centre of ``toward``, extended; it keeps
    the cells at distance 1 to ``length`` from the origin (the origin excluded) and stops before the
    first wall or the edge of the board.
    """
    if toward == origin:
        raise ValueError("a line needs a direction: toward must differ from origin")
    reach = board.distance(origin, toward)
    times = max(1, -(-length // reach))
    far = (origin[0] + (toward[0] - origin[0]) * times, origin[1] + (toward[1] - origin[1]) * times)
    cells = []
    for p in board.line(origin, far)[1:]:
        if board.distance(origin, p) > length or not board.in_bounds(p) or board.terrain(p).wall:
            break
        cells.append(p)
    return frozenset(cells)


def cone(board: Board, origin: Pos, toward: Pos, length: int) -> frozenset[Pos]:
    """A 90° cone: cells within ``length`` of ``origin`` no more than 45° off the direction of ``toward``.

    The angle is measured between cell centres: a cell is in when the ray from the origin's centre to its
    centre is within 45° (inclusive) of the ray from the origin's centre to the centre of ``toward``. The
    origin is excluded. On squares, a cone toward the east holds the cells ``1 <= dx <= length`` with
    ``|dy| <= dx``; a diagonal cone fills the quarter between the two axes it lies between.
    """
    if toward == origin:
        raise ValueError("a cone needs a direction: toward must differ from origin")
    (ox, oy), (tx, ty) = board.center(origin), board.center(toward)
    dx, dy = tx - ox, ty - oy
    norm = dx * dx + dy * dy
    cells = []
    for p in board.cells_within(origin, length):
        px, py = board.center(p)
        vx, vy = px - ox, py - oy
        dot = vx * dx + vy * dy
        # cos(angle) >= cos(45°)  <=>  dot > 0 and 2 dot² >= |v|² |d|²
        if dot > 0 and 2 * dot * dot >= (vx * vx + vy * vy) * norm * (1 - _SLACK):
            cells.append(p)
    return frozenset(cells)


def is_straight_line(board: Board, cells: Sequence[Pos]) -> bool:
    """True when each cell is one and the same unit step (one of the board's directions) after the last.

    Zero or one cell counts as straight.
    """
    if len(cells) < 2:
        return True
    step = (cells[1][0] - cells[0][0], cells[1][1] - cells[0][1])
    if step not in board.directions():
        return False
    return all((b[0] - a[0], b[1] - a[1]) == step for a, b in pairwise(cells))


def block_area(board: Board, corner: Pos, size: int) -> frozenset[Pos]:
    """The ``size`` x ``size`` square whose top-left cell is ``corner`` (THRUM's "Area X").

    In-bounds cells only; ``corner`` itself may be off the board. Empty when ``size`` is below 1.
    """
    cells = ((corner[0] + dx, corner[1] + dy) for dy in range(size) for dx in range(size))
    return frozenset(p for p in cells if board.in_bounds(p))


def straight_run(board: Board, start: Pos, end: Pos) -> list[Pos] | None:
    """The cells from ``start`` to ``end`` inclusive when ``end`` lies on one of the board's directions
    from ``start`` (a row, column or diagonal on squares), else None. ``start == end`` gives ``[start]``.

    Pure geometry: the cells are listed whether or not they are on the board or are walls.
    """
    dx, dy = end[0] - start[0], end[1] - start[1]
    if (dx, dy) == (0, 0):
        return [start]
    for sx, sy in board.directions():
        times = _multiple(dx, sx) if sx else _multiple(dy, sy)
        if times and (sx * times, sy * times) == (dx, dy):
            return [(start[0] + sx * i, start[1] + sy * i) for i in range(times + 1)]
    return None


def _multiple(total: int, unit: int) -> int:
    """How many ``unit`` steps make ``total`` (0 when no positive whole number does)."""
    times, rest = divmod(total, unit)
    return times if rest == 0 and times > 0 else 0
