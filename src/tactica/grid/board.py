"""Boards: the geometry of a battlefield.

Everything that depends on the shape of the cells (distance, neighbours, straight lines, directions) is a
method of :class:`Board`, so movement, sight, areas and scatter work unchanged on any board. A board is
immutable, compares and hashes by identity and precomputes its neighbour tables, so one board can be shared
by thousands of fights.
"""

from __future__ import annotations

import abc
from collections.abc import Iterator
from typing import Any, NoReturn

from tactica.grid.scale import Scale
from tactica.grid.terrain import Terrain
from tactica.grid.types import Pos

#: The most cells a board may have (100 x 100). Movement, sight, areas and the AI's distance fields do work
#: per cell, and maps come from files nobody checked: a 200x200 FuturePath fight of two took 7 s for 2 rounds.
MAX_CELLS = 10_000


def check_size(width: int, height: int, kind: str = "board") -> None:
    """Refuse a board with no cell or over :data:`MAX_CELLS` (``ValueError`` saying what is valid)."""
    if width < 1 or height < 1:
        raise ValueError(f"a {kind} needs at least one cell, got {width}x{height}")
    if width * height > MAX_CELLS:
        raise ValueError(
            f"a {kind} of {width}x{height} has {width * height:,} cells; at most {MAX_CELLS:,} (e.g. 100x100)"
        )


#: The farthest a board's origin (its top-left cell) may lie from ``(0, 0)`` along either axis.
MAX_ORIGIN = 1_000_000


def check_origin(origin: Pos) -> None:
    """Refuse an origin that is not two whole numbers within :data:`MAX_ORIGIN` (``ValueError``)."""
    whole = isinstance(origin, tuple) and len(origin) == 2 and all(type(c) is int for c in origin)
    if not whole or max(abs(c) for c in origin) > MAX_ORIGIN:
        raise ValueError(
            f"a board's origin is two whole numbers from {-MAX_ORIGIN:,} to {MAX_ORIGIN:,}, got {origin!r}"
        )


def cell_order(width: int, height: int, origin: Pos) -> tuple[Pos, ...]:
    """The cells of a ``width`` x ``height`` board starting at ``origin``, row by row from the top-left."""
    x0, y0 = origin
    return tuple((x, y) for y in range(y0, y0 + height) for x in range(x0, x0 + width))


def clamp_to(p: Pos, width: int, height: int, origin: Pos) -> Pos:
    """Each coordinate of ``p`` pulled back into the board of that size starting at ``origin``."""
    x0, y0 = origin
    return (min(max(p[0], x0), x0 + width - 1), min(max(p[1], y0), y0 + height - 1))


def describe_extent(width: int, height: int, origin: Pos, names: tuple[str, str] = ("x", "y")) -> str:
    """The coordinate ranges of a board for messages: `` (x 0-9, y 0-7)``, `` (x -3 to 6, y -2 to 4)``."""
    spans = (_span(first, count) for first, count in zip(origin, (width, height), strict=True))
    return " (" + ", ".join(f"{name} {span}" for name, span in zip(names, spans, strict=True)) + ")"


def outside(p: Pos, width: int, height: int, origin: Pos, kind: str = "board") -> str:
    """``(9, 0) is outside the 3x3 board (x 0-2, y 0-2)``: ``kind`` names the board (a ``hex board`` is
    counted in ``q`` and ``r``)."""
    names = ("q", "r") if kind.startswith("hex") else ("x", "y")
    return f"{p} is outside the {width}x{height} {kind}{describe_extent(width, height, origin, names)}"


def _span(first: int, count: int) -> str:
    last = first + count - 1
    return f"{first}-{last}" if first >= 0 else f"{first} to {last}"


class Board(abc.ABC):
    """A finite set of cells with their terrain and geometry.

    Subclasses set their attributes with :meth:`_init` in ``__init__``; afterwards a board cannot change.
    Copies (``copy.copy``, ``copy.deepcopy``) are the board itself; subclasses define ``__reduce__`` to
    pickle from their constructor arguments.
    """

    __slots__ = ("__weakref__", "scale")

    scale: Scale

    def __init__(self, scale: Scale) -> None:
        self._init(scale=scale)

    def _init(self, **attributes: Any) -> None:
        """Set attributes during construction (the only way past immutability)."""
        for name, value in attributes.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"{type(self).__name__} is immutable: build a new board instead")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"{type(self).__name__} is immutable: build a new board instead")

    def __copy__(self) -> Board:
        return self  # immutable: a copy may share it

    def __deepcopy__(self, memo: dict[int, object]) -> Board:
        return self

    @abc.abstractmethod
    def in_bounds(self, p: Pos) -> bool:
        """True when ``p`` is a cell of the board."""

    @abc.abstractmethod
    def cells(self) -> Iterator[Pos]:
        """Every cell, in a fixed reading order."""

    @abc.abstractmethod
    def distance(self, a: Pos, b: Pos) -> int:
        """The distance from ``a`` to ``b`` in cells (steps over open ground)."""

    @abc.abstractmethod
    def neighbors(self, p: Pos) -> tuple[Pos, ...]:
        """The in-bounds cells adjacent to ``p``, whatever their terrain, in :meth:`directions` order."""

    @abc.abstractmethod
    def line(self, a: Pos, b: Pos) -> list[Pos]:
        """The cells a straight line from the centre of ``a`` to the centre of ``b`` passes through.

        Starts with ``a`` and ends with ``b``; ``line(a, b)`` and ``line(b, a)`` hold the same cells.
        """

    @abc.abstractmethod
    def terrain(self, p: Pos) -> Terrain:
        """The terrain of cell ``p``."""

    @abc.abstractmethod
    def step_cost(self, a: Pos, b: Pos) -> int | None:
        """The cost of stepping from ``a`` to the adjacent cell ``b`` from terrain alone.

        None when the step is impossible (``b`` is a wall, out of bounds or not adjacent), 2 when ``b`` is
        difficult, else 1.
        """

    @abc.abstractmethod
    def directions(self) -> tuple[Pos, ...]:
        """The unit steps, clockwise starting with north (on pointy-top hexes: the first after north, NE)."""

    @abc.abstractmethod
    def center(self, p: Pos) -> tuple[float, float]:
        """The centre of ``p`` in a flat plane (x east, y south, one cell-spacing per unit).

        Used for angles (cones, throw directions) and to tell long steps from short ones.
        """

    @abc.abstractmethod
    def clamp(self, p: Pos) -> Pos:
        """The in-bounds cell nearest to ``p`` (``p`` itself when it is on the board)."""

    def exits(self, p: Pos) -> tuple[tuple[Pos, int], ...]:
        """The steps out of ``p`` that terrain allows, as ``(cell, step_cost)`` in direction order.

        Boards override this with a precomputed table; movement reads it in its inner loop.
        """
        steps = ((q, self.step_cost(p, q)) for q in self.neighbors(p))
        return tuple((q, cost) for q, cost in steps if cost is not None)

    def cells_within(self, center: Pos, radius: int) -> Iterator[Pos]:
        """The in-bounds cells at distance ``radius`` or less from ``center``."""
        return (p for p in self.cells() if self.distance(center, p) <= radius)
