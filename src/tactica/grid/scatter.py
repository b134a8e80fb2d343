"""Scatter: where a missed throw lands, picked with dice rolled by the caller.

Nothing here is random: a die face or an offset comes in, a cell goes out.
"""

from __future__ import annotations

import math

from tactica.grid.board import Board
from tactica.grid.types import Pos


def direction_from_face(board: Board, face: int) -> Pos:
    """The unit step for a die face: 1 is north, then clockwise (on squares 1..8: N, NE, E, ... NW)."""
    directions = board.directions()
    if not 1 <= face <= len(directions):
        raise ValueError(f"a direction face must be 1..{len(directions)}, got {face}")
    return directions[face - 1]


def offset(board: Board, p: Pos, step: Pos, n: int) -> Pos:
    """``p`` moved ``n`` times by ``step`` (backwards when ``n`` < 0), clamped to the board."""
    return board.clamp((p[0] + step[0] * n, p[1] + step[1] * n))


def scatter_relative(board: Board, origin: Pos, target: Pos, lateral: int, longitudinal: int) -> Pos:
    """Where a throw from ``origin`` at ``target`` lands when it scatters relative to its flight.

    ``lateral`` cells to the right (negative: left) and ``longitudinal`` cells beyond (negative: short of)
    the target. "Beyond" is the direction origin -> target rounded to the nearest of the board's
    directions, "right" is that direction turned 90° clockwise (also rounded to a board direction). A
    throw at one's own cell counts as a throw to the north. The result is clamped to the board; it may be
    a wall cell.
    """
    (ox, oy), (tx, ty) = board.center(origin), board.center(target)
    ahead = _nearest_direction(board, (tx - ox, ty - oy)) if (ox, oy) != (tx, ty) else board.directions()[0]
    ax, ay = _vector(board, ahead)
    right = _nearest_direction(board, (-ay, ax))  # x east, y south: turning clockwise maps (x, y) to (-y, x)
    x = target[0] + ahead[0] * longitudinal + right[0] * lateral
    y = target[1] + ahead[1] * longitudinal + right[1] * lateral
    return board.clamp((x, y))


def _vector(board: Board, step: Pos) -> tuple[float, float]:
    """The flat-plane vector of a unit step."""
    (x0, y0), (x1, y1) = board.center((0, 0)), board.center(step)
    return (x1 - x0, y1 - y0)


def _nearest_direction(board: Board, vector: tuple[float, float]) -> Pos:
    """The board direction at the smallest angle from ``vector`` (the first one on a tie)."""
    vx, vy = vector
    length = math.hypot(vx, vy)

    def cosine(step: Pos) -> float:
        sx, sy = _vector(board, step)
        return (sx * vx + sy * vy) / (length * math.hypot(sx, sy))

    return max(board.directions(), key=cosine)
