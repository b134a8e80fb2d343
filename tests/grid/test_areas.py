"""Areas of effect on a small board."""

from __future__ import annotations

from tactica.grid import (
    SquareBoard,
    aura,
    burst,
    cone,
    is_straight_line,
    line_area,
    parse_map,
    square_area,
)

SMALL = SquareBoard(7, 7)
WALLED = parse_map(
    """
    .......
    .......
    ....#..
    .......
    .......
    .......
    .......
    """
).board


def test_square_area_is_a_square_clipped_to_the_board() -> None:
    assert square_area(SMALL, (3, 3), 1) == {(x, y) for x in (2, 3, 4) for y in (2, 3, 4)}
    assert len(square_area(SMALL, (3, 3), 2)) == 25
    assert square_area(SMALL, (0, 0), 1) == {(0, 0), (1, 0), (0, 1), (1, 1)}
    assert square_area(SMALL, (3, 3), 0) == {(3, 3)}


def test_aura_leaves_out_the_centre() -> None:
    assert aura(SMALL, (3, 3), 1) == square_area(SMALL, (3, 3), 1) - {(3, 3)}
    assert aura(SMALL, (3, 3), 0) == frozenset()


def test_burst_is_stopped_by_walls() -> None:
    area = burst(WALLED, (2, 2), 3)
    assert (4, 2) in area  # the wall itself is hit
    assert (5, 2) not in area  # behind the wall
    assert (2, 2) in area
    assert area == {p for p in square_area(WALLED, (2, 2), 3) if p != (5, 2)}
    assert burst(SMALL, (3, 3), 2) == square_area(SMALL, (3, 3), 2)


def test_line_area_along_an_axis_and_a_diagonal() -> None:
    assert line_area(SMALL, (1, 3), (2, 3), 3) == {(2, 3), (3, 3), (4, 3)}
    assert line_area(SMALL, (1, 3), (6, 3), 2) == {(2, 3), (3, 3)}
    assert line_area(SMALL, (0, 6), (1, 5), 4) == {(1, 5), (2, 4), (3, 3), (4, 2)}


def test_line_area_stops_at_walls_and_the_edge() -> None:
    assert line_area(WALLED, (1, 2), (2, 2), 6) == {(2, 2), (3, 2)}
    assert line_area(SMALL, (4, 0), (5, 0), 6) == {(5, 0), (6, 0)}


def test_line_area_at_a_slant_takes_every_square_the_line_crosses() -> None:
    assert line_area(SMALL, (0, 0), (2, 1), 2) == {(1, 0), (1, 1), (2, 1)}


def test_cone_toward_the_east_widens_one_row_each_step() -> None:
    area = cone(SMALL, (0, 3), (1, 3), 3)
    assert area == {(x, y) for x in range(1, 4) for y in range(3 - x, 4 + x)}
    assert cone(SMALL, (0, 3), (6, 3), 3) == area  # only the direction of toward matters


def test_diagonal_cone_fills_the_quarter_between_two_axes() -> None:
    area = cone(SMALL, (0, 0), (1, 1), 2)
    assert area == {(x, y) for x in range(3) for y in range(3)} - {(0, 0)}


def test_cone_includes_walls_and_stays_on_the_board() -> None:
    area = cone(WALLED, (3, 2), (4, 2), 2)
    assert (4, 2) in area
    assert all(WALLED.in_bounds(p) for p in cone(SMALL, (6, 6), (5, 6), 4))


def test_is_straight_line() -> None:
    assert is_straight_line(SMALL, [(0, 0), (1, 1), (2, 2)])
    assert is_straight_line(SMALL, [(3, 3), (3, 2), (3, 1)])
    assert is_straight_line(SMALL, [(3, 3)])
    assert not is_straight_line(SMALL, [(0, 0), (1, 0), (2, 1)])
    assert not is_straight_line(SMALL, [(0, 0), (2, 0)])
    assert not is_straight_line(SMALL, [(0, 0), (0, 0)])
