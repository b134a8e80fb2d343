"""The square board: Chebyshev distance, eight neighbours, diagonals cost one step."""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from types import MappingProxyType

from tactica.grid.board import Board, cell_order, check_origin, check_size, clamp_to, outside
from tactica.grid.scale import FEET_5, Scale
from tactica.grid.terrain import FLOOR, WALL, Terrain
from tactica.grid.types import Pos

DIRECTIONS: tuple[Pos, ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
"""N, NE, E, SE, S, SW, W, NW (y grows to the south)."""

Exits = tuple[tuple[Pos, int], ...]


class SquareBoard(Board):
    """A ``width`` x ``height`` board of squares whose top-left square is ``origin`` (``(0, 0)`` unless
    given: columns run from ``origin[0]`` to ``origin[0] + width - 1``, rows likewise).

    Distance is Chebyshev (a diagonal step counts 1, so 30 ft is 6 squares in any direction). A diagonal
    step is blocked when both orthogonal cells it cuts past are walls. Cells outside the board read as
    walls. ``terrain`` lists the cells that are not plain floor.
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
        scale: Scale = FEET_5,
        terrain: Mapping[Pos, Terrain] | None = None,
        origin: Pos = (0, 0),
    ) -> None:
        check_size(width, height, "board")
        check_origin(origin)
        super().__init__(scale)
        cells = _cell_order(width, height, origin)
        grid = dict.fromkeys(cells, FLOOR)
        for p, t in (terrain or {}).items():
            if p not in grid:
                raise ValueError("terrain at " + outside(p, width, height, origin))
            grid[p] = t
        self._init(width=width, height=height, origin=origin, _cells=cells, _grid=grid)
        self._init(_neighbors=_neighbor_table(width, height, origin))
        self._init(_exits={p: Board.exits(self, p) for p in cells})

    def __repr__(self) -> str:
        special = sum(1 for t in self._grid.values() if t != FLOOR)
        at = f", origin {self.origin}" if self.origin != (0, 0) else ""
        return f"SquareBoard({self.width}x{self.height}{at}, {self.scale}, {special} non-floor cells)"

    def __reduce__(self) -> tuple[type[SquareBoard], tuple[int, int, Scale, dict[Pos, Terrain], Pos]]:
        return (SquareBoard, (self.width, self.height, self.scale, dict(self.terrain_map()), self.origin))

    def in_bounds(self, p: Pos) -> bool:
        """True when ``p`` is a cell of the board."""
        x0, y0 = self.origin
        return x0 <= p[0] < x0 + self.width and y0 <= p[1] < y0 + self.height

    def cells(self) -> Iterator[Pos]:
        """Every cell, row by row from the top-left."""
        return iter(self._cells)

    def distance(self, a: Pos, b: Pos) -> int:
        """Chebyshev distance: diagonal steps count as one."""
        dx, dy = a[0] - b[0], a[1] - b[1]  # max(abs(dx), abs(dy)) without three calls: the hottest function
        dx, dy = -dx if dx < 0 else dx, -dy if dy < 0 else dy
        return dx if dx > dy else dy

    def neighbors(self, p: Pos) -> tuple[Pos, ...]:
        """The up to eight in-bounds cells around ``p`` (N first, clockwise); empty off the board."""
        return self._neighbors.get(p, ())

    def line(self, a: Pos, b: Pos) -> list[Pos]:
        """The cells whose inside the segment between the centres of ``a`` and ``b`` crosses.

        A segment that only grazes the corner of a cell does not pass through it, so an exact diagonal is
        a chain of diagonal neighbours. The set of cells is the same whichever end you start from.
        """
        return supercover(a, b)

    def terrain(self, p: Pos) -> Terrain:
        """The terrain of ``p``; :data:`WALL` outside the board."""
        return self._grid.get(p, WALL)

    def step_cost(self, a: Pos, b: Pos) -> int | None:
        """1 onto open ground, 2 onto difficult ground, None onto a wall, off the board, past two walls
        (diagonally between them) or to a cell that is not adjacent."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        if max(abs(dx), abs(dy)) != 1 or not self.in_bounds(a):
            return None
        target = self.terrain(b)
        if target.wall:
            return None
        if dx and dy and self.terrain((a[0] + dx, a[1])).wall and self.terrain((a[0], a[1] + dy)).wall:
            return None
        return 2 if target.difficult else 1

    def directions(self) -> tuple[Pos, ...]:
        """N, NE, E, SE, S, SW, W, NW."""
        return DIRECTIONS

    def center(self, p: Pos) -> tuple[float, float]:
        """The centre of a square is its coordinates."""
        return (float(p[0]), float(p[1]))

    def clamp(self, p: Pos) -> Pos:
        """Each coordinate pulled back onto the board."""
        return clamp_to(p, self.width, self.height, self.origin)

    def exits(self, p: Pos) -> Exits:
        """The precomputed ``(cell, step_cost)`` steps out of ``p``."""
        return self._exits.get(p, ())

    def cells_within(self, center: Pos, radius: int) -> Iterator[Pos]:
        """The in-bounds part of the ``(2 * radius + 1)``-wide square around ``center``."""
        (x0, y0), (x1, y1) = self.origin, self.corner
        xs = range(max(center[0] - radius, x0), min(center[0] + radius, x1) + 1)
        ys = range(max(center[1] - radius, y0), min(center[1] + radius, y1) + 1)
        return ((x, y) for y in ys for x in xs)

    @property
    def corner(self) -> Pos:
        """The bottom-right square (the top-left one is ``origin``)."""
        return (self.origin[0] + self.width - 1, self.origin[1] + self.height - 1)

    def terrain_map(self) -> Mapping[Pos, Terrain]:
        """The cells that are not plain floor, with their terrain (read-only)."""
        return MappingProxyType({p: t for p, t in self._grid.items() if t != FLOOR})

    def with_terrain(self, p: Pos, terrain: Terrain) -> SquareBoard:
        """A new board equal to this one except that ``p`` has ``terrain``."""
        return self.with_terrains({p: terrain})

    def with_terrains(self, terrain: Mapping[Pos, Terrain]) -> SquareBoard:
        """A new board equal to this one (size, origin, scale) except for the cells of ``terrain``."""
        for p in terrain:
            if not self.in_bounds(p):
                raise ValueError(outside(p, self.width, self.height, self.origin))
        return SquareBoard(self.width, self.height, self.scale, {**self._grid, **terrain}, self.origin)


def supercover(a: Pos, b: Pos) -> list[Pos]:
    """The squares crossed by the segment between the centres of ``a`` and ``b``, from ``a`` to ``b``.

    Integer walk: at each step compare where the segment next crosses a vertical and a horizontal grid
    line; when both happen at once it crosses a corner and moves diagonally.
    """
    nx, ny = abs(b[0] - a[0]), abs(b[1] - a[1])
    sx = 1 if b[0] > a[0] else -1
    sy = 1 if b[1] > a[1] else -1
    x, y = a
    cells = [a]
    ix = iy = 0
    while ix < nx or iy < ny:
        # next vertical crossing at t = (2 ix + 1) / 2 nx, horizontal at (2 iy + 1) / 2 ny
        ahead = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
        if ahead <= 0:
            x += sx
            ix += 1
        if ahead >= 0:
            y += sy
            iy += 1
        cells.append((x, y))
    return cells


@functools.cache
def _cell_order(width: int, height: int, origin: Pos) -> tuple[Pos, ...]:
    return cell_order(width, height, origin)


@functools.cache
def _neighbor_table(width: int, height: int, origin: Pos) -> dict[Pos, tuple[Pos, ...]]:
    """Shared between boards of the same size and origin; never mutated."""
    cells = _cell_order(width, height, origin)
    inside = frozenset(cells)
    table = {}
    for x, y in cells:
        around = ((x + dx, y + dy) for dx, dy in DIRECTIONS)
        table[(x, y)] = tuple(q for q in around if q in inside)
    return table
