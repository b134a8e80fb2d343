"""Boards whose top-left cell is not (0, 0) (issue 14 point 9): the same geometry, moved."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactica.grid import WALL, HexBoard, SquareBoard, parse_hex_map, parse_map, render, render_hex
from tactica.grid.board import MAX_ORIGIN

OFFSETS = st.tuples(st.integers(-30, 30), st.integers(-30, 30))
KINDS = st.sampled_from([SquareBoard, HexBoard])


def _moved(p: tuple[int, int], by: tuple[int, int]) -> tuple[int, int]:
    return (p[0] + by[0], p[1] + by[1])


@given(KINDS, st.integers(1, 7), st.integers(1, 7), OFFSETS)
def test_a_board_with_an_origin_is_the_plain_board_moved(
    kind: type[SquareBoard | HexBoard], width: int, height: int, by: tuple[int, int]
) -> None:
    """Issue 14 point 9: cells, bounds, neighbours, clamping, areas and lines all move with the origin."""
    walls = {(width - 1, 0): WALL}
    plain = kind(width, height, terrain=walls)
    moved = kind(width, height, terrain={_moved(p, by): t for p, t in walls.items()}, origin=by)
    assert list(moved.cells()) == [_moved(p, by) for p in plain.cells()]
    assert moved.corner == _moved((width - 1, height - 1), by)
    for p in plain.cells():
        q = _moved(p, by)
        assert moved.neighbors(q) == tuple(_moved(n, by) for n in plain.neighbors(p))
        assert moved.exits(q) == tuple((_moved(n, by), c) for n, c in plain.exits(p))
        assert sorted(moved.cells_within(q, 2)) == sorted(_moved(n, by) for n in plain.cells_within(p, 2))
        assert moved.line(q, moved.corner) == [_moved(n, by) for n in plain.line(p, plain.corner)]
    for p in [(-1, -1), (width, 0), (3, height + 2)]:
        assert moved.in_bounds(_moved(p, by)) == plain.in_bounds(p)
        assert moved.clamp(_moved(p, by)) == _moved(plain.clamp(p), by)


def test_a_board_keeps_its_origin_through_copies_and_new_terrain() -> None:
    board = HexBoard(3, 2, origin=(-2, -1))
    assert pickle.loads(pickle.dumps(board)).origin == (-2, -1)
    assert board.with_terrain((-2, -1), WALL).origin == (-2, -1)
    with pytest.raises(ValueError, match=r"\(1, 0\) is outside the 3x2 hex board \(q -2 to 0, r -1 to 0\)"):
        board.with_terrain((1, 0), WALL)
    with pytest.raises(ValueError, match="origin is two whole numbers"):
        SquareBoard(2, 2, origin=(MAX_ORIGIN + 1, 0))


def test_text_maps_read_and_draw_from_their_origin() -> None:
    """Issue 14 point 9: a text map's top-left character is the origin; the drawing labels count from it."""
    parsed = parse_map("a.\n.#", origin=(-1, 9))
    assert parsed.markers == {"a": [(-1, 9)]}
    assert parsed.board.terrain((0, 10)) == WALL
    assert render(parsed.board).splitlines() == ["   - ", "   10", " 9 ..", "10 .#"]
    assert render(parsed.board, coordinates=False) == "..\n.#"
    hexes = parse_hex_map("a . .\n . # .", origin=(-11, 0)).board
    assert render_hex(hexes).splitlines() == ["  - - -", "  1 0 9", "0 . . .", "1  . # ."]
