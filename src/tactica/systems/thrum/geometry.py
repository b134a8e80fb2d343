"""THRUM geometry (THRUM 12-19, 26-27, 45): step costs with elevation and difficult terrain, cover and
obstruction, placing Areas, Lines and Auras, and the Disoriented redirect.

Pure functions of a board and positions; the rules modules hold the state and decide what to do.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Literal

from tactica.grid import Board, Pos, aura, block_area, elevation_extra, straight_run

__all__ = [
    "CoverResult",
    "PlacementError",
    "Shape",
    "cover",
    "drop",
    "place_area",
    "redirect",
    "step_cost",
]

CoverResult = Literal["none", "cover", "obstructed"]
"""What protects a target from one attack (THRUM 26-27)."""
Shape = Literal["area", "line", "aura"]
"""The three area shapes of THRUM 16."""

_WALL_HEIGHT = 1 << 30  # a wall is taller than any attacker stands (THRUM 26)
_NAMES = {"area": "Area", "line": "Line", "aura": "Aura"}


class PlacementError(ValueError):
    """An Area, Line or Aura placed where THRUM 16 does not allow it; the message says what would do."""


def step_cost(
    board: Board,
    a: Pos,
    b: Pos,
    *,
    difficult: Collection[Pos] = (),
    roll_drops: bool = False,
) -> int | None:
    """The squares of movement a step from ``a`` to the adjacent ``b`` costs (THRUM 12, 17-19).

    None when ``b`` is off the board, a wall or not adjacent to ``a``. Otherwise 1, plus 1 for every level
    of elevation beyond the first climbed or dropped (THRUM 17), except that with ``roll_drops`` a drop of
    2 or more levels costs nothing extra because the character rolls instead (THRUM 18), plus 1 when ``a``,
    the square being left, is difficult terrain on the board or listed in ``difficult`` (THRUM 19).
    """
    if b not in board.neighbors(a) or board.terrain(b).wall:
        return None
    extra = 0 if roll_drops and drop(board, a, b) >= 2 else elevation_extra(board, a, b)
    leaving = 1 if board.terrain(a).difficult or a in difficult else 0
    return 1 + extra + leaving


def drop(board: Board, a: Pos, b: Pos) -> int:
    """``elev(a) - elev(b)``: how many levels a step from ``a`` to ``b`` descends (negative when climbing)."""
    return board.terrain(a).elevation - board.terrain(b).elevation


def cover(
    board: Board,
    attacker: Pos,
    target: Pos,
    characters: Collection[Pos],
    *,
    character_height: int = 2,
) -> CoverResult:
    """THRUM 26-27: whether the target at ``target`` has Cover from ``attacker``, or is Obstructed.

    ``characters`` holds the squares of every character but the attacker and the target. A square C
    adjacent to the target is a source of cover when it is a wall, stands 2 or more levels above the
    target's square or holds a character. It protects the target when the attacker is beyond the line
    through C perpendicular to v = C - target (``(attacker - C) . v > 0``; squares on the line get no
    cover) and lower than the cover: below its elevation, or its elevation + ``character_height`` for a
    character (ruling C10); a wall is always higher. When both squares next to C along that line
    (C +/- (-v.y, v.x)) are sources of cover too, the target is Obstructed, which wins over Cover.
    """
    base = board.terrain(target).elevation
    occupied = frozenset(characters)
    height = board.terrain(attacker).elevation
    result: CoverResult = "none"
    for c in board.neighbors(target):
        if not _is_source(board, c, base, occupied):
            continue
        v = (c[0] - target[0], c[1] - target[1])
        beyond = (attacker[0] - c[0]) * v[0] + (attacker[1] - c[1]) * v[1] > 0
        if not beyond or height >= _cover_height(board, c, occupied, character_height):
            continue
        sides = ((c[0] - v[1], c[1] + v[0]), (c[0] + v[1], c[1] - v[0]))
        if all(_is_source(board, s, base, occupied) for s in sides):
            return "obstructed"
        result = "cover"
    return result


def _is_source(board: Board, p: Pos, base: int, occupied: frozenset[Pos]) -> bool:
    """THRUM 26: a wall, terrain 2+ levels above ``base`` (the target's level), or a character.

    Squares off the board are not sources: the edge of the map gives no cover.
    """
    if not board.in_bounds(p):
        return False
    terrain = board.terrain(p)
    return terrain.wall or terrain.elevation >= base + 2 or p in occupied


def _cover_height(board: Board, p: Pos, occupied: frozenset[Pos], character_height: int) -> int:
    """How high the cover at ``p`` reaches: a wall above all, terrain its level, a character more."""
    terrain = board.terrain(p)
    if terrain.wall:
        return _WALL_HEIGHT
    return terrain.elevation + (character_height if p in occupied else 0)


def place_area(
    board: Board,
    shape: Shape,
    size: int,
    user: Pos,
    reach: int,
    at: Pos | None,
    to: Pos | None,
) -> frozenset[Pos]:
    """The squares an Area, Line or Aura covers when placed as given (THRUM 16, ruling C14).

    ``'area'``: ``at`` is the top-left square of a ``size`` x ``size`` square. ``'line'``: ``at`` is the
    first and ``to`` the last of ``size`` squares along one row, column or diagonal. For both, at least one
    square on the board must be within ``reach`` of ``user`` (with reach 0: the user's own square must be
    in it); squares off the board are dropped. ``'aura'``: every square within ``size`` of ``user`` but
    ``user``'s own (``at``, if given, must be the user's square). Raises :class:`PlacementError`.
    """
    if size < 1:
        raise PlacementError(f"an area's size is at least 1, not {size}")
    if shape == "aura":
        return _place_aura(board, size, user, at, to)
    if shape == "area":
        cells = _place_block(board, size, at, to)
    elif shape == "line":
        cells = _place_line(board, size, at, to)
    else:
        raise PlacementError(f"unknown area shape '{shape}': use 'area', 'line' or 'aura'")
    _check_reach(board, _title(shape, size), _where(shape, at, to), cells, user, reach)
    return cells


def _place_aura(board: Board, size: int, user: Pos, at: Pos | None, to: Pos | None) -> frozenset[Pos]:
    """THRUM 16: an Aura is centred on its user; it takes no other square."""
    if (at is not None and at != user) or to is not None:
        raise PlacementError(
            f"an Aura {size} is centred on its user at {_at(user)}: give no squares"
            f" (or only @{user[0]},{user[1]})"
        )
    return aura(board, user, size)


def _place_block(board: Board, size: int, at: Pos | None, to: Pos | None) -> frozenset[Pos]:
    """THRUM 16: an Area X is placed by its top-left square."""
    if at is None:
        raise PlacementError(f"'area' needs '@X,Y': give the top-left square of the Area {size} with @X,Y")
    if to is not None:
        raise PlacementError(
            f"an Area {size} is placed by its top-left square alone: drop 'to {_at(to)}' and give {_at(at)}"
        )
    return block_area(board, at, size)


def _place_line(board: Board, size: int, at: Pos | None, to: Pos | None) -> frozenset[Pos]:
    """THRUM 16: a Line X runs from its first to its last square along a row, column or diagonal."""
    if at is None or to is None:
        missing = "'@X,Y'" if at is None else "'to'"
        raise PlacementError(
            f"'line' needs {missing}: give the first square with @X,Y and the last with 'to @X,Y'"
        )
    run = straight_run(board, at, to)
    if run is None:
        raise PlacementError(
            f"a Line {size} must run along one row, column or diagonal:"
            f" {_at(at)} to {_at(to)} is not straight"
        )
    if len(run) != size:
        raise PlacementError(f"a Line {size} is {size} squares long: {_at(at)} to {_at(to)} has {len(run)}")
    return frozenset(p for p in run if board.in_bounds(p))


def _check_reach(board: Board, title: str, where: str, cells: frozenset[Pos], user: Pos, reach: int) -> None:
    """THRUM 16 / C14: some square of the area must be within range (Range 0: the user's own square)."""
    if not cells:
        raise PlacementError(f"{title} {where} lies entirely off the board")
    if reach <= 0:
        if user not in cells:
            raise PlacementError(f"{title} {where} must contain its user's square {_at(user)} (Range 0)")
        return
    if not any(board.distance(user, p) <= reach for p in cells):
        raise PlacementError(f"{title} {where} has no square within range {reach} of {_at(user)}")


def _title(shape: str, size: int) -> str:
    """'an Area 2', 'a Line 4'."""
    name = _NAMES.get(shape, shape)
    article = "an" if name[:1] in "AEIOU" else "a"
    return f"{article} {name} {size}"


def _where(shape: str, at: Pos | None, to: Pos | None) -> str:
    """'at @9,9' for an Area, 'from @1,1 to @4,1' for a Line."""
    if shape == "line" and at is not None and to is not None:
        return f"from {_at(at)} to {_at(to)}"
    return f"at {_at(at)}" if at is not None else ""


def _at(p: Pos) -> str:
    """A square as players write it: @X,Y."""
    return f"@{p[0]},{p[1]}"


def redirect(board: Board, start: Pos, intended: Pos, roll_total: int) -> Pos:
    """THRUM 45 Disoriented: where a step from ``start`` toward the adjacent ``intended`` square goes.

    A 2d6 total of 7 keeps ``intended``; above 7, count ``total - 7`` squares clockwise around ``start``
    from ``intended`` (clockwise is the board's direction order N, NE, E, ...); below 7, ``7 - total``
    squares counter-clockwise, wrapping around the ring. The square is returned even when it is a wall or
    off the board: the caller decides what happens (ruling C13).
    """
    directions = board.directions()
    step = (intended[0] - start[0], intended[1] - start[1])
    if step not in directions:
        raise ValueError(f"a Disoriented step goes to an adjacent square: {intended} is not next to {start}")
    d = directions[(directions.index(step) + roll_total - 7) % len(directions)]
    return (start[0] + d[0], start[1] + d[1])
