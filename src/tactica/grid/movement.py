"""Movement: what a creature can reach with its speed, and the cheapest way there.

One bucketed Dijkstra search (:mod:`tactica.grid.search`) does everything. Costs come from
:meth:`Board.exits` (terrain), plus the creatures on the board:

- ``blocked`` cells cannot be entered (enemies);
- ``difficult`` cells cost at least 2 to enter (friends' squares count as difficult terrain);
- ``no_stop`` cells may be crossed but are not destinations (you cannot end in an occupied square).

Equally cheap routes are told apart, so that the same inputs always give the same, natural-looking path:
first by taking fewer long (diagonal) steps, which rules out zig-zags, then by passing each cell through
the neighbour nearest to the straight line from the start, then by the board's direction order.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from tactica.grid.board import Board
from tactica.grid.path import Path
from tactica.grid.search import search
from tactica.grid.types import Pos

__all__ = ["Path", "Reach", "explore", "find_path", "reachable", "reachable_paths"]

_EMPTY: frozenset[Pos] = frozenset()


@dataclass(frozen=True, slots=True)
class Reach:
    """Everything found by one search from ``start``: costs and the predecessor of each cell.

    ``costs`` covers every cell reached, including cells one may only pass through; ``came_from`` links
    each reached cell (but the start) to the previous cell of its cheapest path.
    """

    start: Pos
    costs: Mapping[Pos, int]
    came_from: Mapping[Pos, Pos]
    no_stop: Collection[Pos] = _EMPTY

    def can_stop(self, p: Pos) -> bool:
        """True when ``p`` was reached and a move may end there."""
        return p in self.costs and (p == self.start or p not in self.no_stop)

    def destinations(self) -> dict[Pos, int]:
        """The cells where a move may end, with their cost (the start included, at 0)."""
        return {p: c for p, c in self.costs.items() if p == self.start or p not in self.no_stop}

    def path_to(self, goal: Pos) -> Path | None:
        """The cheapest path to ``goal``, or None when a move cannot end there."""
        if not self.can_stop(goal):
            return None
        return _walk_back(self.costs, self.came_from, goal)

    def paths(self) -> dict[Pos, Path]:
        """The cheapest path to every destination."""
        costs, came_from = self.costs, self.came_from
        routes: dict[Pos, tuple[tuple[Pos, ...], tuple[int, ...]]] = {self.start: ((self.start,), (0,))}
        for p in sorted(costs, key=costs.__getitem__):  # a predecessor always costs less
            if p != self.start:
                cells, cumulative = routes[came_from[p]]
                routes[p] = ((*cells, p), (*cumulative, costs[p]))
        return {
            p: Path(cells, cumulative[-1], cumulative)
            for p, (cells, cumulative) in routes.items()
            if self.can_stop(p)
        }


def reachable(
    board: Board,
    start: Pos,
    budget: int,
    *,
    blocked: Collection[Pos] = _EMPTY,
    difficult: Collection[Pos] = _EMPTY,
    no_stop: Collection[Pos] = _EMPTY,
) -> dict[Pos, int]:
    """The cells a move from ``start`` costing at most ``budget`` can end in, with their cost.

    The start is always included at cost 0.
    """
    return search(board, start, budget, blocked, difficult, None, track=False).costs(no_stop)


def explore(
    board: Board,
    start: Pos,
    budget: int | None,
    *,
    blocked: Collection[Pos] = _EMPTY,
    difficult: Collection[Pos] = _EMPTY,
    no_stop: Collection[Pos] = _EMPTY,
) -> Reach:
    """Search once and keep the predecessor map, to get the path to any destination later.

    ``budget=None`` explores every cell that can be reached at all.
    """
    found = search(board, start, budget, blocked, difficult, None, track=True)
    return Reach(start, found.costs(), found.predecessors(), no_stop)


def reachable_paths(
    board: Board,
    start: Pos,
    budget: int,
    *,
    blocked: Collection[Pos] = _EMPTY,
    difficult: Collection[Pos] = _EMPTY,
    no_stop: Collection[Pos] = _EMPTY,
) -> dict[Pos, Path]:
    """The cheapest path to every cell :func:`reachable` returns."""
    return explore(board, start, budget, blocked=blocked, difficult=difficult, no_stop=no_stop).paths()


def find_path(
    board: Board,
    start: Pos,
    goal: Pos,
    *,
    budget: int | None = None,
    blocked: Collection[Pos] = _EMPTY,
    difficult: Collection[Pos] = _EMPTY,
    no_stop: Collection[Pos] = _EMPTY,
) -> Path | None:
    """The cheapest path from ``start`` to ``goal`` (costing at most ``budget`` if given), or None.

    None as well when ``goal`` is off the board, blocked or in ``no_stop`` (and not the start). The path
    is the one :func:`reachable_paths` gives for the same goal.
    """
    if goal != start and (not board.in_bounds(goal) or goal in blocked or goal in no_stop):
        return None
    route = search(board, start, budget, blocked, difficult, goal, track=True).route(goal)
    if route is None:
        return None
    cells, cumulative = route
    return Path(cells, cumulative[-1], cumulative)


def _walk_back(costs: Mapping[Pos, int], came_from: Mapping[Pos, Pos], goal: Pos) -> Path:
    """The path to ``goal`` read backwards through the predecessor map."""
    cells = [goal]
    while cells[-1] in came_from:
        cells.append(came_from[cells[-1]])
    cells.reverse()
    cumulative = tuple(costs[p] for p in cells)
    return Path(tuple(cells), cumulative[-1], cumulative)
