"""Movement with arbitrary step costs: a plain Dijkstra for rules whose costs terrain alone cannot say.

:mod:`tactica.grid.movement` is fast but knows only walls, difficult ground and creatures. Rules systems
whose steps depend on more (elevation, leaving a square, effects on the ground) give a ``step_cost``
function instead: the cost of stepping from a cell to an adjacent one, or None when the step is impossible.

Equally cheap routes are told apart so that the same inputs always give the same path: fewer steps first,
then fewer long (diagonal) steps, which rules out zig-zags, then the earlier direction in
:meth:`Board.directions` order at the first step where two routes differ.

>>> from tactica.grid import SquareBoard
>>> board = SquareBoard(3, 1)
>>> cheapest_path(board, (0, 0), (2, 0), lambda a, b: 2).cells
((0, 0), (1, 0), (2, 0))
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Collection, Iterator

from tactica.grid.board import Board
from tactica.grid.path import Path
from tactica.grid.types import Pos

__all__ = ["StepCost", "cheapest_costs", "cheapest_path", "cheapest_paths", "elevation_extra"]

StepCost = Callable[[Pos, Pos], int | None]
"""The cost of stepping from a cell to an adjacent one (at least 0), or None when the step is impossible."""

# A route's rank: (cost, steps, long steps, direction indices from the start). Smaller is better.
_Rank = tuple[int, int, int, tuple[int, ...]]


def cheapest_paths(
    board: Board,
    start: Pos,
    budget: int | None,
    step_cost: StepCost,
    *,
    no_stop: Collection[Pos] = (),
) -> dict[Pos, Path]:
    """The cheapest path to every cell a move from ``start`` costing at most ``budget`` can end in.

    Steps go from a cell to each of ``board.neighbors(p)`` at ``step_cost(p, q)`` (None: impossible; a
    negative cost raises ValueError). ``budget=None`` means no limit. Cells in ``no_stop`` may be passed
    through but are left out; the start is always included, at cost 0 with the path ``(start,)``.
    """
    ranks, came_from = _search(board, start, budget, step_cost, None)
    paths: dict[Pos, Path] = {}
    routes: dict[Pos, tuple[tuple[Pos, ...], tuple[int, ...]]] = {}
    for p in sorted(ranks, key=ranks.__getitem__):  # a predecessor always ranks before its successor
        before = came_from.get(p)
        if before is None:
            routes[p] = ((p,), (0,))
        else:
            cells, cumulative = routes[before]
            routes[p] = ((*cells, p), (*cumulative, ranks[p][0]))
        if p == start or p not in no_stop:
            cells, cumulative = routes[p]
            paths[p] = Path(cells, cumulative[-1], cumulative)
    return paths


def cheapest_costs(
    board: Board,
    start: Pos,
    budget: int,
    step_cost: StepCost,
    *,
    no_stop: Collection[Pos] = (),
) -> dict[Pos, int]:
    """The cost of the cheapest move to every cell :func:`cheapest_paths` gives (the same cells, each at its
    path's cost), found without ranking equally cheap routes or keeping paths (a listing of destinations
    needs no more). The start is left out."""
    if not board.in_bounds(start):
        raise ValueError(f"the start {start} is off the board")
    costs: dict[Pos, int] = {start: 0}
    settled: set[Pos] = set()
    heap: list[tuple[int, Pos]] = [(0, start)]
    while heap:
        cost, p = heapq.heappop(heap)
        if p in settled:
            continue
        settled.add(p)
        for q, step in _steps(board, p, settled, step_cost):
            total = cost + step
            if total <= budget and total < costs.get(q, total + 1):
                costs[q] = total
                heapq.heappush(heap, (total, q))
    return {p: c for p, c in costs.items() if p != start and p not in no_stop}


def cheapest_path(
    board: Board,
    start: Pos,
    goal: Pos,
    step_cost: StepCost,
    *,
    budget: int | None = None,
    no_stop: Collection[Pos] = (),
) -> Path | None:
    """The cheapest path from ``start`` to ``goal`` (costing at most ``budget`` if given), or None.

    None as well when ``goal`` is in ``no_stop`` (and not the start). The path is the one
    :func:`cheapest_paths` gives for the same goal; the search stops as soon as the goal is settled.
    """
    if goal != start and goal in no_stop:
        return None
    ranks, came_from = _search(board, start, budget, step_cost, goal)
    if goal not in ranks:
        return None
    cells = [goal]
    while cells[-1] in came_from:
        cells.append(came_from[cells[-1]])
    cells.reverse()
    cumulative = tuple(ranks[p][0] for p in cells)
    return Path(tuple(cells), cumulative[-1], cumulative)


def elevation_extra(board: Board, a: Pos, b: Pos, free_levels: int = 1) -> int:
    """``max(0, |elev(b) - elev(a)| - free_levels)``: the extra cost of climbing or dropping from a to b."""
    rise = board.terrain(b).elevation - board.terrain(a).elevation
    return max(0, abs(rise) - free_levels)


def _search(
    board: Board, start: Pos, budget: int | None, step_cost: StepCost, goal: Pos | None
) -> tuple[dict[Pos, _Rank], dict[Pos, Pos]]:
    """Dijkstra on route ranks: the best rank of every cell reached (within budget) and its predecessor.

    Stops once ``goal`` is settled; the ranks of cells settled by then are final.
    """
    if not board.in_bounds(start):
        raise ValueError(f"the start {start} is off the board")
    directions = {d: i for i, d in enumerate(board.directions())}
    start_rank: _Rank = (0, 0, 0, ())
    ranks: dict[Pos, _Rank] = {start: start_rank}
    came_from: dict[Pos, Pos] = {}
    settled: set[Pos] = set()
    heap: list[tuple[_Rank, Pos]] = [(start_rank, start)]
    while heap:
        rank, p = heapq.heappop(heap)
        if p in settled:
            continue
        settled.add(p)
        if p == goal:
            break
        cost, steps, long_steps, turns = rank
        for q, step in _steps(board, p, settled, step_cost):
            total = cost + step
            if budget is not None and total > budget:
                continue
            delta = (q[0] - p[0], q[1] - p[1])
            new: _Rank = (
                total,
                steps + 1,
                long_steps + _is_long(board, p, q),
                (*turns, directions.get(delta, len(directions))),
            )
            old = ranks.get(q)
            if old is None or new < old:
                ranks[q] = new
                came_from[q] = p
                heapq.heappush(heap, (new, q))
    if goal is not None:
        return {p: ranks[p] for p in settled}, came_from
    return ranks, came_from


def _steps(board: Board, p: Pos, settled: set[Pos], step_cost: StepCost) -> Iterator[tuple[Pos, int]]:
    """The possible steps from ``p`` to cells not settled yet, each with its cost (at least 0)."""
    for q in board.neighbors(p):
        if q in settled:
            continue
        step = step_cost(p, q)
        if step is None:
            continue
        if step < 0:
            raise ValueError(f"a step costs at least 0: {p} to {q} costs {step}")
        yield q, step


def _is_long(board: Board, a: Pos, b: Pos) -> int:
    """1 when the step is longer than the board's shortest steps (a diagonal on squares), else 0."""
    (ax, ay), (bx, by) = board.center(a), board.center(b)
    return 1 if (bx - ax) ** 2 + (by - ay) ** 2 > 1.5 else 0
