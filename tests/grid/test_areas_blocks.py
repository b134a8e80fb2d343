"""Block areas and straight runs (tactica.grid.areas): THRUM's Area X and Line X shapes (THRUM 16)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tactica.grid import SquareBoard, block_area, is_straight_line, parse_map, straight_run

SMALL = SquareBoard(6, 5)


def test_an_area_is_a_square_from_its_top_left_corner() -> None:
    """THRUM 16: an Area X is a square X squares on a side; Area 2 is 2x2, Area 3 is 3x3."""
    assert block_area(SMALL, (1, 1), 2) == {(1, 1), (2, 1), (1, 2), (2, 2)}
    assert block_area(SMALL, (0, 0), 3) == {(x, y) for x in range(3) for y in range(3)}
    assert block_area(SMALL, (4, 3), 1) == {(4, 3)}


def test_an_area_keeps_only_its_squares_on_the_board() -> None:
    """THRUM 16: squares of an Area off the board are dropped; the corner itself may be off the board."""
    assert block_area(SMALL, (5, 4), 2) == {(5, 4)}
    assert block_area(SMALL, (-1, -1), 2) == {(0, 0)}
    assert block_area(SMALL, (10, 10), 3) == frozenset()
    assert block_area(SMALL, (0, 0), 0) == frozenset()


def test_an_area_includes_walls() -> None:
    """THRUM 16: an Area is a plain square on the grid; walls inside it are still its squares."""
    board = parse_map("#.\n..").board
    assert block_area(board, (0, 0), 2) == {(0, 0), (1, 0), (0, 1), (1, 1)}


@given(st.integers(-3, 8), st.integers(-3, 8), st.integers(1, 6))
def test_an_area_is_never_more_than_size_squared(x: int, y: int, size: int) -> None:
    """THRUM 16: an Area X holds X*X squares, fewer at the edge of the board."""
    cells = block_area(SMALL, (x, y), size)
    assert len(cells) <= size * size
    assert all(SMALL.in_bounds(p) for p in cells)
    if SMALL.in_bounds((x, y)) and SMALL.in_bounds((x + size - 1, y + size - 1)):
        assert len(cells) == size * size


def test_runs_along_rows_columns_and_diagonals() -> None:
    """THRUM 16: a Line runs along one row, column or diagonal, from its first square to its last."""
    assert straight_run(SMALL, (1, 1), (4, 1)) == [(1, 1), (2, 1), (3, 1), (4, 1)]
    assert straight_run(SMALL, (2, 4), (2, 1)) == [(2, 4), (2, 3), (2, 2), (2, 1)]
    assert straight_run(SMALL, (0, 0), (3, 3)) == [(0, 0), (1, 1), (2, 2), (3, 3)]
    assert straight_run(SMALL, (3, 0), (0, 3)) == [(3, 0), (2, 1), (1, 2), (0, 3)]
    assert straight_run(SMALL, (4, 4), (2, 2)) == [(4, 4), (3, 3), (2, 2)]


def test_a_run_to_itself_is_one_square() -> None:
    """THRUM 16: a Line 1 is a single square: start == end gives [start]."""
    assert straight_run(SMALL, (2, 2), (2, 2)) == [(2, 2)]


def test_crooked_runs_are_none() -> None:
    """THRUM 16: squares not sharing a row, column or diagonal make no Line."""
    assert straight_run(SMALL, (1, 1), (3, 2)) is None
    assert straight_run(SMALL, (0, 0), (1, 3)) is None
    assert straight_run(SMALL, (0, 0), (5, 4)) is None


def test_runs_are_pure_geometry() -> None:
    """THRUM 16: the run lists its squares even off the board or through walls (placing drops them)."""
    board = parse_map("..#..").board
    assert straight_run(board, (0, 0), (4, 0)) == [(x, 0) for x in range(5)]
    assert straight_run(board, (-2, 0), (1, 0)) == [(-2, 0), (-1, 0), (0, 0), (1, 0)]


@given(
    st.tuples(st.integers(-5, 10), st.integers(-5, 10)),
    st.tuples(st.integers(-5, 10), st.integers(-5, 10)),
)
def test_a_run_is_a_straight_line_of_the_board(start: tuple[int, int], end: tuple[int, int]) -> None:
    """THRUM 16: a run is one repeated board direction from start to end, and exists exactly when the
    two squares share a row, column or diagonal."""
    run = straight_run(SMALL, start, end)
    dx, dy = end[0] - start[0], end[1] - start[1]
    aligned = dx == 0 or dy == 0 or abs(dx) == abs(dy)
    assert (run is not None) == aligned
    if run is not None:
        assert run[0] == start and run[-1] == end
        assert len(run) == SMALL.distance(start, end) + 1
        assert is_straight_line(SMALL, run)
