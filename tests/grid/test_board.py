"""Square board geometry: distance, neighbours, lines, step costs, immutability, scale."""

from __future__ import annotations

import copy
import pickle
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactica.grid import FEET_5, FLOOR, HEX_1, METRES_1_5, WALL, Pos, Scale, SquareBoard, Terrain

from .strategies import ROUGH, boards, cells, cells_of

BOARD = SquareBoard(15, 12)
ANY = cells(15, 12)


@given(ANY, ANY)
def test_distance_is_symmetric(a: Pos, b: Pos) -> None:
    assert BOARD.distance(a, b) == BOARD.distance(b, a)


@given(ANY, ANY, ANY)
def test_distance_obeys_the_triangle_inequality(a: Pos, b: Pos, c: Pos) -> None:
    assert BOARD.distance(a, c) <= BOARD.distance(a, b) + BOARD.distance(b, c)


@given(ANY)
def test_distance_to_itself_is_zero_and_to_neighbours_one(p: Pos) -> None:
    assert BOARD.distance(p, p) == 0
    assert all(BOARD.distance(p, q) == 1 for q in BOARD.neighbors(p))


def test_chebyshev_thirty_feet_is_six_squares_in_every_direction() -> None:
    board = SquareBoard(13, 13)
    assert FEET_5.cells(30) == 6
    center = (6, 6)
    for step in board.directions():
        far = (center[0] + 6 * step[0], center[1] + 6 * step[1])
        assert board.distance(center, far) == 6
    assert board.distance((0, 0), (6, 3)) == 6


def test_neighbors_follow_the_directions_and_stop_at_the_edge() -> None:
    assert BOARD.directions() == ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
    assert BOARD.neighbors((5, 5)) == tuple((5 + dx, 5 + dy) for dx, dy in BOARD.directions())
    assert BOARD.neighbors((0, 0)) == ((1, 0), (1, 1), (0, 1))
    assert BOARD.neighbors((99, 99)) == ()


@given(ANY, ANY)
def test_line_runs_from_a_to_b_in_adjacent_cells(a: Pos, b: Pos) -> None:
    line = BOARD.line(a, b)
    assert line[0] == a
    assert line[-1] == b
    assert all(BOARD.distance(p, q) == 1 for p, q in pairwise(line))


@given(ANY, ANY)
def test_line_holds_the_same_cells_from_either_end(a: Pos, b: Pos) -> None:
    assert set(BOARD.line(a, b)) == set(BOARD.line(b, a))


def test_line_along_axes_and_diagonals_is_the_obvious_one() -> None:
    assert BOARD.line((1, 1), (4, 1)) == [(1, 1), (2, 1), (3, 1), (4, 1)]
    assert BOARD.line((1, 4), (1, 1)) == [(1, 4), (1, 3), (1, 2), (1, 1)]
    assert BOARD.line((0, 0), (3, 3)) == [(0, 0), (1, 1), (2, 2), (3, 3)]
    assert BOARD.line((2, 2), (2, 2)) == [(2, 2)]


def test_line_includes_every_square_the_segment_crosses() -> None:
    # from the centre of (0, 0) to the centre of (2, 1) the segment crosses x = 0.5 at y = 0.25
    # (still row 0), then y = 0.5 at x = 1 (inside column 1), then x = 1.5 at y = 0.75
    assert BOARD.line((0, 0), (2, 1)) == [(0, 0), (1, 0), (1, 1), (2, 1)]


def test_step_cost_reads_terrain() -> None:
    board = SquareBoard(3, 3, terrain={(1, 0): WALL, (2, 1): ROUGH})
    assert board.step_cost((1, 1), (1, 0)) is None
    assert board.step_cost((1, 1), (2, 1)) == 2
    assert board.step_cost((1, 1), (0, 1)) == 1
    assert board.step_cost((1, 1), (2, 2)) == 1
    assert board.step_cost((0, 0), (2, 2)) is None  # not adjacent
    assert board.step_cost((0, 0), (-1, 0)) is None  # off the board


def test_a_diagonal_step_between_two_walls_is_blocked() -> None:
    both = SquareBoard(2, 2, terrain={(1, 0): WALL, (0, 1): WALL})
    one = SquareBoard(2, 2, terrain={(1, 0): WALL})
    assert both.step_cost((0, 0), (1, 1)) is None
    assert both.step_cost((1, 1), (0, 0)) is None
    assert one.step_cost((0, 0), (1, 1)) == 1


@given(boards())
def test_exits_are_the_neighbours_that_step_cost_allows(board: SquareBoard) -> None:
    for p in board.cells():
        expected = [
            (q, board.step_cost(p, q)) for q in board.neighbors(p) if board.step_cost(p, q) is not None
        ]
        assert list(board.exits(p)) == expected


@given(boards(), st.data())
def test_cells_within_is_the_cells_at_that_distance(board: SquareBoard, data: st.DataObject) -> None:
    center = data.draw(cells_of(board))
    radius = data.draw(st.integers(0, 4))
    expected = {p for p in board.cells() if board.distance(center, p) <= radius}
    assert set(board.cells_within(center, radius)) == expected


def test_terrain_defaults_to_floor_and_reads_as_wall_off_the_board() -> None:
    board = SquareBoard(3, 2, terrain={(2, 1): ROUGH})
    assert board.terrain((0, 0)) == FLOOR
    assert board.terrain((2, 1)) == ROUGH
    assert board.terrain((3, 0)).wall
    assert dict(board.terrain_map()) == {(2, 1): ROUGH}
    assert list(board.cells()) == [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]


def test_clamp_pulls_cells_onto_the_board() -> None:
    assert BOARD.clamp((-3, 20)) == (0, 11)
    assert BOARD.clamp((4, 5)) == (4, 5)


def test_boards_are_immutable_and_hash_by_identity() -> None:
    board = SquareBoard(4, 4)
    with pytest.raises(AttributeError):
        board.width = 5
    changed = board.with_terrain((1, 1), WALL)
    assert changed is not board
    assert board.terrain((1, 1)) == FLOOR
    assert changed.terrain((1, 1)) == WALL
    assert changed.step_cost((0, 0), (1, 1)) is None
    assert board != SquareBoard(4, 4)
    assert {board: 1}[board] == 1


def test_bad_boards_are_refused() -> None:
    with pytest.raises(ValueError, match="at least one cell"):
        SquareBoard(0, 3)
    with pytest.raises(ValueError, match="outside"):
        SquareBoard(2, 2, terrain={(2, 0): WALL})
    with pytest.raises(ValueError, match="outside"):
        SquareBoard(2, 2).with_terrain((5, 5), WALL)


def test_scale_converts_between_units_and_cells() -> None:
    assert FEET_5.cells(30) == 6
    assert FEET_5.cells(31) == 7
    assert FEET_5.cells(0) == 0
    assert METRES_1_5.cells(9) == 6
    assert Scale(0.1, "m").cells(1.1) == 11
    assert FEET_5.units(6) == 30
    assert (str(FEET_5), str(METRES_1_5), str(HEX_1)) == ("5 ft", "1.5 m", "1 hex")
    with pytest.raises(ValueError):
        FEET_5.cells(-5)
    with pytest.raises(ValueError):
        Scale(0, "ft")


def test_terrain_is_a_plain_value() -> None:
    assert Terrain() == FLOOR
    assert WALL.wall
    assert not FLOOR.wall


def test_boards_copy_as_themselves_and_pickle_by_value() -> None:
    board = SquareBoard(3, 2, terrain={(1, 1): WALL, (2, 0): ROUGH})
    assert copy.copy(board) is board
    assert copy.deepcopy({"board": board})["board"] is board
    again = pickle.loads(pickle.dumps(board))
    assert (again.width, again.height, again.scale) == (3, 2, board.scale)
    assert dict(again.terrain_map()) == dict(board.terrain_map())


def test_a_board_over_the_cell_limit_is_refused() -> None:
    """Issue 12 point 4 (bounded work): a map of more than MAX_CELLS cells is refused when read, whatever
    its shape (a 100,000-cell single-row map hung the fuzz suite's sim and verify)."""
    from tactica.grid import HexBoard, SquareBoard, parse_hex_map, parse_map
    from tactica.grid.board import MAX_CELLS
    from tactica.grid.textmap import MapError

    assert SquareBoard(100, 100).width == 100
    with pytest.raises(ValueError, match="at most 10,000"):
        SquareBoard(MAX_CELLS + 1, 1)
    with pytest.raises(ValueError, match="at most 10,000"):
        HexBoard(101, 100)
    with pytest.raises(MapError, match=r"a map of 10001x1 has 10,001 cells"):
        parse_map("x" * (MAX_CELLS + 1))
    with pytest.raises(MapError, match="at most 10,000"):
        parse_hex_map("\n".join(" ".join("." for _ in range(101)) for _ in range(100)))
