"""Weighted movement (tactica.grid.weighted): Dijkstra with any step costs, for rules such as THRUM 12-19
whose costs depend on more than the terrain entered."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactica.grid import (
    Pos,
    SquareBoard,
    StepCost,
    Terrain,
    cheapest_costs,
    cheapest_path,
    cheapest_paths,
    elevation_extra,
    parse_map,
    reachable,
)
from tactica.grid.weighted import cheapest_paths as direct

from .strategies import boards, cells_of

OPEN = SquareBoard(9, 9)


def ones(a: Pos, b: Pos) -> int:
    return 1


def test_the_package_exports_the_module_functions() -> None:
    """THRUM 12: the weighted search is part of tactica.grid's public face."""
    assert cheapest_paths is direct


@settings(max_examples=150, deadline=None)
@given(data=st.data(), board=boards(), budget=st.integers(0, 12))
def test_costs_equal_reachable_when_steps_cost_what_the_board_says(
    data: st.DataObject, board: SquareBoard, budget: int
) -> None:
    """THRUM 12 (general movement): with the board's own step costs, the weighted search finds exactly the
    cells and costs of tactica.grid.reachable, walls and difficult ground included."""
    start = data.draw(cells_of(board))
    paths = cheapest_paths(board, start, budget, board.step_cost)
    assert {p: path.cost for p, path in paths.items()} == reachable(board, start, budget)


@settings(max_examples=100, deadline=None)
@given(data=st.data(), board=boards(max_side=8), budget=st.integers(0, 10))
def test_blocked_difficult_and_no_stop_cells_match_reachable(
    data: st.DataObject, board: SquareBoard, budget: int
) -> None:
    """THRUM 14 (general movement): enemies' squares (step None), friends' squares (passable, no stop,
    costing 2 to enter) give the same answer as reachable with blocked/difficult/no_stop."""
    start = data.draw(cells_of(board))
    blocked = data.draw(st.frozensets(cells_of(board), max_size=4)) - {start}
    friends = data.draw(st.frozensets(cells_of(board), max_size=4)) - {start} - blocked

    def cost(a: Pos, b: Pos) -> int | None:
        step = board.step_cost(a, b)
        if step is None or b in blocked:
            return None
        return max(step, 2) if b in friends else step

    paths = cheapest_paths(board, start, budget, cost, no_stop=friends)
    expected = reachable(board, start, budget, blocked=blocked, difficult=friends, no_stop=friends)
    assert {p: path.cost for p, path in paths.items()} == expected


@settings(max_examples=150, deadline=None)
@given(data=st.data(), board=boards(max_side=8), budget=st.integers(0, 12))
def test_cheapest_costs_are_the_costs_of_the_cheapest_paths(
    data: st.DataObject, board: SquareBoard, budget: int
) -> None:
    """THRUM 12, 14, 17-19 (issue 16 A): the search without paths reaches the cells cheapest_paths gives,
    but the start, each at its path's cost, whatever each step costs (0 included), with cells passed but
    not stopped in."""
    start = data.draw(cells_of(board))
    blocked = data.draw(st.frozensets(cells_of(board), max_size=4)) - {start}
    friends = data.draw(st.frozensets(cells_of(board), max_size=4)) - {start}
    extra = data.draw(st.dictionaries(st.tuples(cells_of(board), cells_of(board)), st.integers(-1, 3)))

    def cost(a: Pos, b: Pos) -> int | None:
        step = board.step_cost(a, b)
        if step is None or b in blocked:
            return None
        return max(0, step + extra.get((a, b), 0))

    paths = cheapest_paths(board, start, budget, cost, no_stop=friends)
    expected = {p: path.cost for p, path in paths.items() if p != start}
    assert cheapest_costs(board, start, budget, cost, no_stop=friends) == expected


@settings(max_examples=100, deadline=None)
@given(data=st.data(), board=boards(max_side=8))
def test_every_path_is_a_chain_of_steps_whose_costs_add_up(data: st.DataObject, board: SquareBoard) -> None:
    """THRUM 12 (general movement): each path steps between neighbours, its cumulative costs are the sums
    of the step costs, and cheapest_path gives the same path as cheapest_paths."""
    start = data.draw(cells_of(board))
    paths = cheapest_paths(board, start, None, board.step_cost)
    for goal, path in paths.items():
        assert path.start == start and path.end == goal
        for (a, b), (ca, cb) in zip(pairwise(path.cells), pairwise(path.cumulative), strict=True):
            assert b in board.neighbors(a)
            assert cb - ca == board.step_cost(a, b)
        assert cheapest_path(board, start, goal, board.step_cost) == path


def test_the_start_is_always_there_at_cost_zero() -> None:
    """THRUM 12 (general movement): the start is a destination at cost 0, even with budget 0 or in no_stop."""
    paths = cheapest_paths(OPEN, (4, 4), 0, ones, no_stop={(4, 4)})
    assert list(paths) == [(4, 4)]
    assert paths[(4, 4)].cells == ((4, 4),)
    assert paths[(4, 4)].cost == 0


def test_the_budget_is_respected() -> None:
    """THRUM 12 (general movement): no cell costing more than the budget is returned."""
    paths = cheapest_paths(OPEN, (4, 4), 3, lambda a, b: 2)
    assert {p for p, path in paths.items() if path.cost <= 3} == set(paths)
    assert set(paths) == {p for p in OPEN.cells() if OPEN.distance((4, 4), p) <= 1}
    assert max(path.cost for path in paths.values()) == 2


def test_no_budget_reaches_everything_reachable() -> None:
    """THRUM 12 (general movement): budget None means unlimited."""
    assert set(cheapest_paths(OPEN, (0, 0), None, ones)) == set(OPEN.cells())


def test_zero_cost_steps_are_allowed() -> None:
    """THRUM 18 (general movement): steps may cost 0 (a rolled drop, a free step) and are still taken."""
    board = parse_map(".....").board

    def free_east(a: Pos, b: Pos) -> int:
        return 0 if b[0] > a[0] else 1

    paths = cheapest_paths(board, (0, 0), 0, free_east)
    assert {p: path.cost for p, path in paths.items()} == {(x, 0): 0 for x in range(5)}
    assert paths[(4, 0)].cells == tuple((x, 0) for x in range(5))
    assert paths[(4, 0)].cumulative == (0, 0, 0, 0, 0)
    assert set(cheapest_paths(board, (4, 0), 0, free_east)) == {(4, 0)}  # westward steps cost 1


def test_zero_cost_ties_prefer_fewer_steps() -> None:
    """THRUM 12 (general movement): among equally cheap routes the one with fewer steps wins."""
    paths = cheapest_paths(OPEN, (4, 4), None, lambda a, b: 0)
    assert paths[(6, 4)].cells == ((4, 4), (5, 4), (6, 4))
    assert paths[(8, 8)].steps == 4


def test_no_stop_cells_are_passed_through_but_not_ended_in() -> None:
    """THRUM 14: an ally's square can be crossed but a move cannot end there."""
    board = parse_map(
        """
        .#.
        ...
        .#.
        """
    ).board
    ally = (1, 1)
    paths = cheapest_paths(board, (0, 1), 2, ones, no_stop={ally})
    assert ally not in paths
    assert paths[(2, 1)].cells == ((0, 1), (1, 1), (2, 1))
    assert cheapest_path(board, (0, 1), ally, ones, no_stop={ally}) is None


def test_impossible_steps_are_never_taken() -> None:
    """THRUM 14 (general movement): a step cost of None closes the step (an enemy's square)."""
    enemy = (1, 0)
    board = parse_map("...").board
    paths = cheapest_paths(board, (0, 0), None, lambda a, b: None if b == enemy else 1)
    assert set(paths) == {(0, 0)}


def test_equal_routes_avoid_zig_zags_then_take_the_earlier_direction() -> None:
    """THRUM 12 (general movement): equally cheap, equally long routes prefer fewer diagonal steps, then
    the earlier direction (N, NE, E, SE, ...) at the first step where they differ."""
    paths = cheapest_paths(OPEN, (4, 4), None, ones)
    assert paths[(6, 4)].cells == ((4, 4), (5, 4), (6, 4))  # not NE then SE
    assert paths[(4, 6)].cells == ((4, 4), (4, 5), (4, 6))
    assert paths[(6, 5)].cells == ((4, 4), (5, 4), (6, 5))  # E before SE


def test_the_same_inputs_give_the_same_paths() -> None:
    """THRUM 12 (general movement): the search is deterministic."""
    board = parse_map(
        """
        ..~..
        .#.#.
        ..~..
        """
    ).board
    first = cheapest_paths(board, (0, 0), None, board.step_cost)
    assert all(cheapest_paths(board, (0, 0), None, board.step_cost) == first for _ in range(3))


def test_cheapest_path_respects_budget_and_unreachable_goals() -> None:
    """THRUM 12 (general movement): cheapest_path is None beyond the budget or behind walls."""
    board = parse_map("..#.").board
    assert cheapest_path(board, (0, 0), (3, 0), board.step_cost) is None
    assert cheapest_path(board, (0, 0), (1, 0), ones, budget=0) is None
    path = cheapest_path(board, (0, 0), (1, 0), ones, budget=1)
    assert path is not None and path.cells == ((0, 0), (1, 0))
    start = cheapest_path(board, (0, 0), (0, 0), ones, no_stop={(0, 0)})
    assert start is not None and start.cells == ((0, 0),)


def test_bad_inputs_raise() -> None:
    """THRUM 12 (general movement): negative step costs and a start off the board are errors."""
    minus: StepCost = lambda a, b: -1  # noqa: E731
    with pytest.raises(ValueError, match="at least 0"):
        cheapest_paths(OPEN, (0, 0), None, minus)
    with pytest.raises(ValueError, match="off the board"):
        cheapest_paths(OPEN, (9, 0), None, ones)


def test_elevation_extra_charges_levels_beyond_the_free_ones() -> None:
    """THRUM 17: a step climbing or dropping one level is free; each further level costs 1."""
    board = parse_map(".124").board
    assert elevation_extra(board, (0, 0), (1, 0)) == 0
    assert elevation_extra(board, (0, 0), (2, 0)) == 1
    assert elevation_extra(board, (3, 0), (0, 0)) == 3
    assert elevation_extra(board, (2, 0), (3, 0)) == 1
    assert elevation_extra(board, (3, 0), (0, 0), free_levels=0) == 4
    assert elevation_extra(board, (3, 0), (0, 0), free_levels=5) == 0
    low = SquareBoard(2, 1, terrain={(1, 0): Terrain(elevation=-3)})
    assert elevation_extra(low, (0, 0), (1, 0)) == 2


def test_weighted_costs_follow_elevation() -> None:
    """THRUM 17: with elevation in the step cost, the cheap way round beats the steep way over."""
    board = parse_map(
        """
        .....
        ..5..
        .....
        """
    ).board

    def cost(a: Pos, b: Pos) -> int | None:
        step = board.step_cost(a, b)
        return None if step is None else step + elevation_extra(board, a, b)

    paths = cheapest_paths(board, (0, 1), None, cost)
    assert paths[(4, 1)].cost == 4
    assert (2, 1) not in paths[(4, 1)].cells
    assert paths[(2, 1)].cost == 1 + (1 + 4)  # one step, then a climb of 5 levels
