"""The hex board: axial coordinates, pointy-top hexes, six neighbours, every step the same length.

A cell is ``(q, r)``: ``r`` is the row (growing to the south) and ``q`` the position along it; each row
sits half a hex to the right of the one above, so the board is a parallelogram leaning right. The six
directions, clockwise from the first one east of north, are NE ``(1, -1)``, E ``(1, 0)``, SE ``(0, 1)``,
SW ``(-1, 1)``, W ``(-1, 0)`` and NW ``(0, -1)``.

Lines use cube coordinates ``(q, r, s)`` with ``s = -q - r``. A sample of a line that falls exactly on
the edge between two hexes goes to the one the fixed cube vector ``(1, 2, -3)`` points into (both ends
of the line are nudged by the same tiny amount in that direction), so ``line(a, b)`` is ``line(b, a)``
reversed. In practice: when the tie is between two hexes of different rows, the southern one wins; when
it is between two hexes of the same row, the eastern one.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator, Mapping
from types import MappingProxyType

from tactica.grid.board import Board, cell_order, check_origin, check_size, clamp_to, outside
from tactica.grid.scale import HEX_1, Scale
from tactica.grid.terrain import FLOOR, WALL, Terrain
from tactica.grid.types import Pos

DIRECTIONS: tuple[Pos, ...] = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
"""NE, E, SE, SW, W, NW as axial ``(dq, dr)`` steps (clockwise, r grows to the south)."""

NUDGE: tuple[int, int, int] = (1, 2, -3)
"""The cube direction ``(q, r, s)`` that line ends are nudged along to break ties between two hexes."""

_ROW_HEIGHT = math.sqrt(3) / 2

Exits = tuple[tuple[Pos, int], ...]


class HexBoard(Board):
    """A parallelogram of pointy-top hexes: ``q0 <= q < q0 + width`` and ``r0 <= r < r0 + height``, where
    ``(q0, r0)`` is ``origin`` (``(0, 0)`` unless given).

    Distance counts hex steps. Cells outside the board read as walls. ``terrain`` lists the cells that
    are not plain floor. The default scale counts distances in hexes.
    """

    __slots__ = ("_cells", "_exits", "_grid", "_neighbors", "height", "origin", "width")

    width: int
    height: int
    origin: Pos
    _cells: tuple[Pos, ...]
    _grid: dict[Pos, Terrain]
    _neighbors: dict[Pos, tuple[Pos, ...]]
    _exits: dict[Pos, Exits]

    def __init__(
        self,
        width: int,
        height: int,
        scale: Scale = HEX_1,
        terrain: Mapping[Pos, Terrain] | None = None,
        origin: Pos = (0, 0),
    ) -> None:
        check_size(width, height, "hex board")
        check_origin(origin)
        super().__init__(scale)
        cells = _cell_order(width, height, origin)
        grid = dict.fromkeys(cells, FLOOR)
        for p, t in (terrain or {}).items():
            if p not in grid:
                raise ValueError("terrain at " + outside(p, width, height, origin, "hex board"))
            grid[p] = t
        self._init(width=width, height=height, origin=origin, _cells=cells, _grid=grid)
        self._init(_neighbors=_neighbor_table(width, height, origin))
        self._init(_exits={p: Board.exits(self, p) for p in cells})

    def __repr__(self) -> str:
        special = sum(1 for t in self._grid.values() if t != FLOOR)
        at = f", origin {self.origin}" if self.origin != (0, 0) else ""
        return f"HexBoard({self.width}x{self.height}{at}, {self.scale}, {special} non-floor cells)"

    def __reduce__(self) -> tuple[type[HexBoard], tuple[int, int, Scale, dict[Pos, Terrain], Pos]]:
        return (HexBoard, (self.width, self.height, self.scale, dict(self.terrain_map()), self.origin))

    def in_bounds(self, p: Pos) -> bool:
        """True when ``p`` is a cell of the board."""
        q0, r0 = self.origin
        return q0 <= p[0] < q0 + self.width and r0 <= p[1] < r0 + self.height

    def cells(self) -> Iterator[Pos]:
        """Every cell, row by row (``r``) from the top, each row by ``q``."""
        return iter(self._cells)

    def distance(self, a: Pos, b: Pos) -> int:
        """The number of hex steps between ``a`` and ``b``."""
        return hex_distance(a, b)

    def neighbors(self, p: Pos) -> tuple[Pos, ...]:
        """The up to six in-bounds hexes around ``p`` (NE first, clockwise); empty off the board."""
        return self._neighbors.get(p, ())

    def line(self, a: Pos, b: Pos) -> list[Pos]:
        """The hexes the straight line between the centres of ``a`` and ``b`` passes through.

        ``distance(a, b) + 1`` hexes, each adjacent to the last; exact ties between two hexes are broken
        by :data:`NUDGE` (see the module), so the cells are the same from either end.
        """
        return hex_line(a, b)

    def terrain(self, p: Pos) -> Terrain:
        """The terrain of ``p``; :data:`WALL` outside the board."""
        return self._grid.get(p, WALL)

    def step_cost(self, a: Pos, b: Pos) -> int | None:
        """1 onto open ground, 2 onto difficult ground, None onto a wall, off the board or to a hex that
        is not adjacent."""
        if hex_distance(a, b) != 1 or not self.in_bounds(a):
            return None
        target = self.terrain(b)
        if target.wall:
            return None
        return 2 if target.difficult else 1

    def directions(self) -> tuple[Pos, ...]:
        """NE, E, SE, SW, W, NW (a hex has no north neighbour: the first step clockwise from north)."""
        return DIRECTIONS

    def center(self, p: Pos) -> tuple[float, float]:
        """``(q + r / 2, r * sqrt(3) / 2)``: neighbouring centres are one unit apart."""
        return (p[0] + p[1] / 2, p[1] * _ROW_HEIGHT)

    def clamp(self, p: Pos) -> Pos:
        """Each coordinate pulled back onto the board: always one of the hexes nearest to ``p`` in hex
        steps (off the west or east edge it keeps the row, off the north or south edge the ``q``)."""
        return clamp_to(p, self.width, self.height, self.origin)

    def exits(self, p: Pos) -> Exits:
        """The precomputed ``(cell, step_cost)`` steps out of ``p``."""
        return self._exits.get(p, ())

    def cells_within(self, center: Pos, radius: int) -> Iterator[Pos]:
        """The in-bounds hexes of the hexagon of ``radius`` around ``center``, in reading order."""
        (cq, cr), (first_q, first_r), (last_q, last_r) = center, self.origin, self.corner
        for r in range(max(cr - radius, first_r), min(cr + radius, last_r) + 1):
            dr = r - cr
            q0 = max(cq - radius - min(dr, 0), first_q)
            q1 = min(cq + radius - max(dr, 0), last_q)
            yield from ((q, r) for q in range(q0, q1 + 1))

    @property
    def corner(self) -> Pos:
        """The last hex of the last row (the first hex of the first row is ``origin``)."""
        return (self.origin[0] + self.width - 1, self.origin[1] + self.height - 1)

    def terrain_map(self) -> Mapping[Pos, Terrain]:
        """The cells that are not plain floor, with their terrain (read-only)."""
        return MappingProxyType({p: t for p, t in self._grid.items() if t != FLOOR})

    def with_terrain(self, p: Pos, terrain: Terrain) -> HexBoard:
        """A new board equal to this one except that ``p`` has ``terrain``."""
        return self.with_terrains({p: terrain})

    def with_terrains(self, terrain: Mapping[Pos, Terrain]) -> HexBoard:
        """A new board equal to this one (size, origin, scale) except for the hexes of ``terrain``."""
        for p in terrain:
            if not self.in_bounds(p):
                raise ValueError(outside(p, self.width, self.height, self.origin, "hex board"))
        return HexBoard(self.width, self.height, self.scale, {**self._grid, **terrain}, self.origin)


def hex_distance(a: Pos, b: Pos) -> int:
    """Hex steps between two axial cells: ``(|dq| + |dr| + |dq + dr|) / 2``."""
    dq, dr = b[0] - a[0], b[1] - a[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def hex_line(a: Pos, b: Pos) -> list[Pos]:
    """The hexes from ``a`` to ``b``: the line between the centres sampled at every ``1 / n`` of its
    length (``n`` = the distance) and each sample rounded to its hex, after nudging both ends by
    :data:`NUDGE` times ``1 / (12 n)``.

    Exact integer arithmetic: coordinates are scaled by ``12 n``. Then no sample lies on an edge (its
    fractional parts are never one half) and cube rounding never meets a tie, while the nudge (at most a
    quarter of the spacing between samples' fractions) changes nothing but ties.
    """
    n = hex_distance(a, b)
    if n == 0:
        return [a]
    scale = 12 * n
    start = _cube(a)
    step = tuple(e - s for s, e in zip(start, _cube(b), strict=True))
    cells = [a]
    for i in range(1, n):
        point = tuple(scale * s + 12 * i * d + k for s, d, k in zip(start, step, NUDGE, strict=True))
        cells.append(_round(point, scale))
    cells.append(b)
    return cells


def _cube(p: Pos) -> tuple[int, int, int]:
    return (p[0], p[1], -p[0] - p[1])


def _round(point: tuple[int, ...], scale: int) -> Pos:
    """The hex holding the cube point ``point / scale`` (no component is ever exactly half-way)."""
    rounded = [(2 * c + scale) // (2 * scale) for c in point]
    errors = [abs(c - k * scale) for c, k in zip(point, rounded, strict=True)]
    worst = errors.index(max(errors))
    rounded[worst] = -sum(rounded) + rounded[worst]
    return (rounded[0], rounded[1])


@functools.cache
def _cell_order(width: int, height: int, origin: Pos) -> tuple[Pos, ...]:
    return cell_order(width, height, origin)


@functools.cache
def _neighbor_table(width: int, height: int, origin: Pos) -> dict[Pos, tuple[Pos, ...]]:
    """Shared between boards of the same size and origin; never mutated."""
    cells = _cell_order(width, height, origin)
    inside = frozenset(cells)
    table = {}
    for q, r in cells:
        around = ((q + dq, r + dr) for dq, dr in DIRECTIONS)
        table[(q, r)] = tuple(p for p in around if p in inside)
    return table
