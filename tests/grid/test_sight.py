"""Line of sight and cover."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tactica.grid import Cover, SquareBoard, cover_between, line_of_sight, parse_map

from .strategies import boards, cells_of

ROOM = parse_map(
    """
    . . . . . . .
    . . . # . . .
    . . . . . . .
    . + . = . . .
    . . . . . . .
    """
).board


def test_walls_block_line_of_sight() -> None:
    assert not line_of_sight(ROOM, (3, 0), (3, 2))
    assert not line_of_sight(ROOM, (1, 1), (5, 1))
    assert line_of_sight(ROOM, (1, 0), (5, 0))
    assert line_of_sight(ROOM, (0, 0), (6, 4))


def test_a_line_grazing_a_wall_corner_is_not_blocked() -> None:
    # from (2, 0) to (4, 2) the line runs diagonally through the wall at (3, 1)
    assert not line_of_sight(ROOM, (2, 0), (4, 2))
    # from (3, 0) to (5, 2) it only touches the corner of (3, 1), going from (3, 0) to (4, 1)
    assert ROOM.line((3, 0), (5, 2)) == [(3, 0), (4, 1), (5, 2)]
    assert line_of_sight(ROOM, (3, 0), (5, 2))


def test_adjacent_cells_always_see_each_other() -> None:
    board = parse_map(
        """
        .#
        #.
        """
    ).board
    assert line_of_sight(board, (0, 0), (1, 1))
    assert line_of_sight(board, (0, 0), (0, 0))


def test_blockers_block_line_of_sight() -> None:
    assert not line_of_sight(ROOM, (0, 4), (6, 4), blockers={(3, 4)})
    assert line_of_sight(ROOM, (0, 4), (6, 4), blockers={(0, 4), (6, 4)})


def test_cover_levels() -> None:
    assert cover_between(ROOM, (0, 4), (6, 4)) == Cover.NONE
    assert cover_between(ROOM, (1, 4), (1, 2)) == Cover.PARTIAL  # crate between
    assert cover_between(ROOM, (3, 4), (3, 2)) == Cover.HEAVY  # barricade between
    assert cover_between(ROOM, (1, 1), (5, 1)) == Cover.FULL  # wall: no line of sight
    assert cover_between(ROOM, (0, 4), (6, 4), blockers={(3, 4)}) == Cover.PARTIAL  # a creature between
    assert cover_between(ROOM, (0, 3), (6, 3), blockers={(2, 3)}) == Cover.HEAVY  # best cover wins
    assert cover_between(ROOM, (1, 4), (1, 3)) == Cover.NONE  # adjacent: nothing in between


@settings(max_examples=80)
@given(boards(max_side=12), st.data())
def test_line_of_sight_and_cover_are_symmetric(board: SquareBoard, data: st.DataObject) -> None:
    a = data.draw(cells_of(board))
    b = data.draw(cells_of(board))
    blockers = data.draw(st.sets(cells_of(board), max_size=3))
    assert line_of_sight(board, a, b) == line_of_sight(board, b, a)
    assert line_of_sight(board, a, b, blockers=blockers) == line_of_sight(board, b, a, blockers=blockers)
    assert cover_between(board, a, b, blockers=blockers) == cover_between(board, b, a, blockers=blockers)
    if not line_of_sight(board, a, b):
        assert cover_between(board, a, b) == Cover.FULL
