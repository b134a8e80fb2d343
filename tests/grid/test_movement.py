"""Movement: reachable cells, cheapest paths, creatures in the way, paths for many destinations."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactica.grid import (
    Path,
    Pos,
    SquareBoard,
    explore,
    find_path,
    parse_map,
    reachable,
    reachable_paths,
)

from .strategies import boards, cells_of, reference_costs

OPEN = SquareBoard(20, 20)


def test_an_open_board_reaches_a_square_of_side_thirteen_with_speed_six() -> None:
    costs = reachable(OPEN, (10, 10), 6)
    assert len(costs) == 13 * 13
    assert all(cost == OPEN.distance((10, 10), p) for p, cost in costs.items())
    assert costs[(10, 10)] == 0


def test_difficult_squares_cost_two() -> None:
    board = parse_map("..~~..").board
    costs = reachable(board, (0, 0), 6)
    assert costs == {(0, 0): 0, (1, 0): 1, (2, 0): 3, (3, 0): 5, (4, 0): 6}


def test_walls_stop_movement() -> None:
    board = parse_map(
        """
        .#.
        .#.
        .#.
        """
    ).board
    assert set(reachable(board, (0, 0), 10)) == {(0, 0), (0, 1), (0, 2)}
    assert find_path(board, (0, 0), (2, 0)) is None


def test_friends_squares_are_difficult_and_not_destinations() -> None:
    friend = (1, 0)
    costs = reachable(parse_map("....").board, (0, 0), 3, difficult={friend}, no_stop={friend})
    assert friend not in costs
    assert costs == {(0, 0): 0, (2, 0): 3}


def test_enemies_block() -> None:
    corridor = parse_map("....").board
    costs = reachable(corridor, (0, 0), 5, blocked={(2, 0)})
    assert set(costs) == {(0, 0), (1, 0)}
    assert find_path(corridor, (0, 0), (3, 0), blocked={(2, 0)}) is None


def test_diagonal_between_two_walls_is_closed_but_past_one_wall_is_open() -> None:
    closed = parse_map(
        """
        .#
        #.
        """
    ).board
    assert find_path(closed, (0, 0), (1, 1)) is None
    opened = closed.with_terrain((1, 0), closed.terrain((0, 0)))
    path = find_path(opened, (0, 0), (1, 1))
    assert path is not None
    assert path.cells == ((0, 0), (1, 1))


def test_find_path_is_cheapest_and_goes_around_obstacles() -> None:
    board = parse_map(
        """
        .....
        .###.
        ..#..
        """
    ).board
    path = find_path(board, (1, 2), (3, 2))
    assert path is not None
    assert path.cost == 6
    assert path.cells[0] == (1, 2)
    assert path.cells[-1] == (3, 2)
    assert path.steps == 6


def test_paths_look_straight() -> None:
    path = find_path(OPEN, (0, 0), (7, 3))
    assert path is not None
    assert path.cost == 7
    # every cell stays within half a square of the straight line from start to goal
    for x, y in path.cells:
        assert abs(3 * x - 7 * y) / 7 <= 0.5 + 1e-9
    assert find_path(OPEN, (2, 5), (2, 0)) == Path(((2, 5), (2, 4), (2, 3), (2, 2), (2, 1), (2, 0)), 5)


def test_find_path_is_deterministic() -> None:
    board = parse_map(
        """
        ..........
        ...~~.....
        ...#......
        ......#...
        """
    ).board
    first = find_path(board, (0, 0), (9, 3), difficult={(5, 2)})
    again = [find_path(board, (0, 0), (9, 3), difficult={(5, 2)}) for _ in range(3)]
    assert all(path == first for path in again)


def test_find_path_special_cases() -> None:
    assert find_path(OPEN, (3, 3), (3, 3)) == Path(((3, 3),), 0)
    assert find_path(OPEN, (3, 3), (30, 3)) is None
    assert find_path(OPEN, (3, 3), (5, 3), blocked={(5, 3)}) is None
    assert find_path(OPEN, (3, 3), (5, 3), no_stop={(5, 3)}) is None
    assert find_path(OPEN, (0, 0), (9, 0), budget=8) is None
    path = find_path(OPEN, (0, 0), (9, 0), budget=9)
    assert path is not None
    assert path.cost == 9
    with pytest.raises(ValueError, match="off the board"):
        reachable(OPEN, (-1, 0), 3)


def test_path_records_the_cost_of_every_step() -> None:
    board = parse_map(".~..").board
    path = find_path(board, (0, 0), (3, 0))
    assert path is not None
    assert path.cumulative == (0, 2, 3, 4)
    assert [path.cost_until(i) for i in range(4)] == [0, 2, 3, 4]
    assert (path.start, path.end, path.steps) == ((0, 0), (3, 0), 3)
    assert path.prefix(3).cells == ((0, 0), (1, 0), (2, 0))
    assert path.prefix(3, no_stop={(2, 0)}).cells == ((0, 0), (1, 0))
    assert path.prefix(0).cells == ((0, 0),)


def test_path_checks_its_costs() -> None:
    assert Path(((0, 0), (1, 0)), 1).cumulative == (0, 1)
    with pytest.raises(ValueError):
        Path(((0, 0), (1, 0)), 2)
    with pytest.raises(ValueError):
        Path((), 0)
    with pytest.raises(ValueError):
        Path(((0, 0), (1, 0)), 2, (0, 1))


def test_explore_gives_a_path_for_every_destination() -> None:
    board = parse_map(
        """
        ......
        ..#~..
        ......
        """
    ).board
    friend = (1, 1)
    reach = explore(board, (0, 0), 4, difficult={friend}, no_stop={friend})
    assert reach.destinations() == reachable(board, (0, 0), 4, difficult={friend}, no_stop={friend})
    assert not reach.can_stop(friend)
    assert reach.path_to(friend) is None
    assert reach.path_to((5, 0)) is None  # out of reach
    paths = reach.paths()
    assert set(paths) == set(reach.destinations())
    assert paths == reachable_paths(board, (0, 0), 4, difficult={friend}, no_stop={friend})
    for goal, path in paths.items():
        assert path == reach.path_to(goal)
        assert path.cost == reach.costs[goal]


def _step_costs(board: SquareBoard, path: Path, difficult: set[Pos]) -> list[int]:
    costs = []
    for a, b in pairwise(path.cells):
        step = board.step_cost(a, b)
        assert step is not None, f"illegal step {a} -> {b}"
        costs.append(max(step, 2) if b in difficult else step)
    return costs


@settings(max_examples=60, deadline=None)
@given(boards(), st.data())
def test_movement_agrees_with_a_reference_search(board: SquareBoard, data: st.DataObject) -> None:
    start = data.draw(cells_of(board), "start")
    budget = data.draw(st.integers(0, 8), "budget")
    blocked = data.draw(st.sets(cells_of(board), max_size=4), "blocked") - {start}
    difficult = data.draw(st.sets(cells_of(board), max_size=4), "difficult")
    no_stop = data.draw(st.sets(cells_of(board), max_size=4), "no stop")
    limits = {"blocked": blocked, "difficult": difficult, "no_stop": no_stop}

    everywhere = reference_costs(board, start, budget, blocked, difficult)
    expected = {p: c for p, c in everywhere.items() if p == start or p not in no_stop}
    assert reachable(board, start, budget, **limits) == expected

    paths = reachable_paths(board, start, budget, **limits)
    assert set(paths) == set(expected)
    for goal, path in paths.items():
        assert path.cells[0] == start
        assert path.cells[-1] == goal
        assert path.cost == expected[goal] <= budget
        assert not blocked & set(path.cells)
        steps = _step_costs(board, path, difficult)
        assert [path.cost_until(i) for i in range(len(path.cells))] == [
            sum(steps[:i]) for i in range(len(path.cells))
        ]
        assert find_path(board, start, goal, budget=budget, **limits) == path


@settings(max_examples=40, deadline=None)
@given(boards(), st.data())
def test_unbounded_find_path_costs_what_reachable_says(board: SquareBoard, data: st.DataObject) -> None:
    start = data.draw(cells_of(board), "start")
    goal = data.draw(cells_of(board), "goal")
    everywhere = reference_costs(board, start, 10_000, (), ())
    path = find_path(board, start, goal)
    if goal not in everywhere:
        assert path is None
    else:
        assert path is not None
        assert path.cost == everywhere[goal]
        _step_costs(board, path, set())
