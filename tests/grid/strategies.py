"""Hypothesis strategies for boards and cells, and a slow reference search to check movement against."""

from __future__ import annotations

import heapq
from collections.abc import Collection

from hypothesis import strategies as st

from tactica.grid import FLOOR, WALL, Board, Pos, SquareBoard, Terrain

ROUGH = Terrain(name="rough", difficult=True)


@st.composite
def boards(draw: st.DrawFn, max_side: int = 10) -> SquareBoard:
    """A small square board with random walls and difficult ground."""
    width = draw(st.integers(1, max_side))
    height = draw(st.integers(1, max_side))
    kinds = st.sampled_from([FLOOR, FLOOR, FLOOR, WALL, ROUGH])
    terrain = draw(st.dictionaries(cells(width, height), kinds, max_size=width * height))
    return SquareBoard(width, height, terrain=terrain)


def cells(width: int, height: int) -> st.SearchStrategy[Pos]:
    """Any cell of a ``width`` x ``height`` board."""
    return st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))


def cells_of(board: SquareBoard) -> st.SearchStrategy[Pos]:
    """Any cell of ``board``."""
    return cells(board.width, board.height)


def reference_costs(
    board: Board, start: Pos, budget: int, blocked: Collection[Pos], difficult: Collection[Pos]
) -> dict[Pos, int]:
    """Plain Dijkstra with a heap over ``board.step_cost``: every cell reached, pass-through ones too."""
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        cost, p = heapq.heappop(heap)
        if cost > best[p]:
            continue
        for q in board.neighbors(p):
            step = board.step_cost(p, q)
            if step is None or q in blocked:
                continue
            new = cost + (max(step, 2) if q in difficult else step)
            if new <= budget and new < best.get(q, new + 1):
                best[q] = new
                heapq.heappush(heap, (new, q))
    return best
