"""The search behind :mod:`tactica.grid.movement`: a bucketed Dijkstra over a numbered board graph.

Internal: use the functions of :mod:`tactica.grid.movement`. Cells are numbered once per board and the
search works on those numbers and plain lists, without allocating per step. A label packs two costs into
one int, ``cost << SHIFT | long_steps``: equally cheap routes prefer fewer long (diagonal) steps, and
among equal labels each cell keeps the predecessor nearest to the straight line from the start.
"""

from __future__ import annotations

import weakref
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from tactica.grid.board import Board
from tactica.grid.types import Pos

SHIFT = 20
"""Bits of a label below the movement cost (they count long steps)."""
_ONE = 1 << SHIFT
_TWO = 2 << SHIFT
_UNSEEN = 1 << 62
_BLOCKED = -1


@dataclass(frozen=True, slots=True)
class Graph:
    """A board's cells numbered 0..n-1 with their exits as ``(index, packed weight)``."""

    cells: tuple[Pos, ...]
    index: dict[Pos, int]
    exits: list[tuple[tuple[int, int], ...]]
    xs: list[float]
    ys: list[float]


_graphs: weakref.WeakKeyDictionary[Board, Graph] = weakref.WeakKeyDictionary()


@dataclass(frozen=True, slots=True)
class Found:
    """The raw result of a search: labels and predecessors by cell index, and the cells reached."""

    graph: Graph
    labels: list[int]
    came_from: list[int]
    seen: list[int]

    def costs(self, no_stop: Collection[Pos] = ()) -> dict[Pos, int]:
        """The cost of every cell reached but those in ``no_stop`` (the start, ``seen[0]``, always stays)."""
        cells, labels, start = self.graph.cells, self.labels, self.seen[0]
        if not no_stop:
            return {cells[i]: labels[i] >> SHIFT for i in self.seen}
        return {cells[i]: labels[i] >> SHIFT for i in self.seen if i == start or cells[i] not in no_stop}

    def predecessors(self) -> dict[Pos, Pos]:
        """The previous cell of every cell reached but the start (when predecessors were tracked)."""
        cells, came_from = self.graph.cells, self.came_from
        return {cells[i]: cells[came_from[i]] for i in self.seen if came_from[i] >= 0}

    def route(self, goal: Pos) -> tuple[tuple[Pos, ...], tuple[int, ...]] | None:
        """The cells to ``goal`` and the cost of reaching each, or None when it was not reached."""
        i = self.graph.index.get(goal)
        if i is None or self.labels[i] in (_UNSEEN, _BLOCKED):
            return None
        chain = [i]
        while self.came_from[chain[-1]] >= 0:
            chain.append(self.came_from[chain[-1]])
        chain.reverse()
        return tuple(self.graph.cells[j] for j in chain), tuple(self.labels[j] >> SHIFT for j in chain)


def search(
    board: Board,
    start: Pos,
    budget: int | None,
    blocked: Collection[Pos],
    difficult: Collection[Pos],
    goal: Pos | None,
    *,
    track: bool,
) -> Found:
    """Dijkstra with one bucket per cost; a label is final when its bucket comes up.

    Every step costs at least 1, so a cell's label cannot improve while its bucket is being emptied; a
    cell whose label moved to an earlier bucket is skipped when met again in a later one. Stops early
    once ``goal`` comes up. ``track`` keeps predecessors (and breaks ties toward straight lines).
    """
    graph = graph_of(board)
    index, exits = graph.index, graph.exits
    s = index.get(start)
    if s is None:
        raise ValueError(f"the start {start} is off the board")
    labels = _initial_labels(index, blocked)
    labels[s] = 0
    slow = {index[cell] for cell in difficult if cell in index}
    came_from = [-1] * len(index) if track else []
    seen = [s]
    g = -1 if goal is None else index[goal]
    limit = _UNSEEN if budget is None else (budget + 1) << SHIFT
    buckets: list[list[int]] = [[s]] + [[] for _ in range(budget or 0)]
    shift, one, two = SHIFT, _ONE, _TWO  # locals: read on every edge
    cost = 0
    while cost < len(buckets):
        for p in buckets[cost]:
            base = labels[p]
            if base >> shift != cost:
                continue
            if p == g:
                return Found(graph, labels, came_from, seen)
            for q, weight in exits[p]:
                label = base + weight
                if slow and weight < two and q in slow:
                    label += one
                old = labels[q]
                if label > old or label >= limit:
                    continue
                if label == old:
                    if track and _straighter(graph, s, q, p, came_from[q]):
                        came_from[q] = p
                    continue
                if old == _UNSEEN:
                    seen.append(q)
                labels[q] = label
                if track:
                    came_from[q] = p
                bucket = label >> shift
                if old >> shift != bucket:
                    while len(buckets) <= bucket:
                        buckets.append([])
                    buckets[bucket].append(q)
        cost += 1
    return Found(graph, labels, came_from, seen)


def _initial_labels(index: Mapping[Pos, int], blocked: Collection[Pos]) -> list[int]:
    """Every cell unseen but the blocked ones, which read as cheaper than any label and so stay out."""
    labels = [_UNSEEN] * len(index)
    for cell in blocked:
        if cell in index:
            labels[index[cell]] = _BLOCKED
    return labels


def _straighter(graph: Graph, s: int, q: int, p: int, other: int) -> bool:
    """True when ``p`` lies strictly nearer than ``other`` to the line from ``s`` to ``q``."""
    xs, ys = graph.xs, graph.ys
    dx, dy = xs[q] - xs[s], ys[q] - ys[s]
    off_p = abs(dx * (ys[p] - ys[s]) - dy * (xs[p] - xs[s]))
    off_other = abs(dx * (ys[other] - ys[s]) - dy * (xs[other] - xs[s]))
    return off_p < off_other - 1e-9


def graph_of(board: Board) -> Graph:
    """The board's numbered movement graph, built once per board."""
    graph = _graphs.get(board)
    if graph is None:
        cells = tuple(board.cells())
        index = {p: i for i, p in enumerate(cells)}
        exits = [tuple((index[q], _weight(board, p, q, c)) for q, c in board.exits(p)) for p in cells]
        centers = [board.center(p) for p in cells]
        graph = Graph(cells, index, exits, [x for x, _ in centers], [y for _, y in centers])
        _graphs[board] = graph
    return graph


def _weight(board: Board, a: Pos, b: Pos, cost: int) -> int:
    """The step's cost packed as a label, plus one long step if it is longer than the shortest steps."""
    (ax, ay), (bx, by) = board.center(a), board.center(b)
    long_step = 1 if (bx - ax) ** 2 + (by - ay) ** 2 > 1.5 else 0
    return cost << SHIFT | long_step
