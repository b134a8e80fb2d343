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
