"""Text maps: parsing with legend and markers, errors with line and column, rendering."""

from __future__ import annotations

import pytest
from hypothesis import given

from tactica.grid import (
    DEFAULT_LEGEND,
    FLOOR,
    METRES_1_5,
    WALL,
    Cover,
    MapError,
    SquareBoard,
    Terrain,
    parse_map,
    render,
)

from .strategies import boards

ARENA = """
    #######
    #a.~.B#
    #.+=..#
    #a.3..#
    #######
"""


def test_parse_reads_the_default_legend_and_markers() -> None:
    parsed = parse_map(ARENA)
    board = parsed.board
    assert (board.width, board.height) == (7, 5)
    assert board.terrain((0, 0)) == WALL
    assert board.terrain((1, 1)) == FLOOR
    assert board.terrain((3, 1)).difficult
    crate, barricade = board.terrain((2, 2)), board.terrain((3, 2))
    assert (crate.name, crate.difficult, crate.cover, crate.wall) == ("crate", True, Cover.PARTIAL, False)
    assert (barricade.name, barricade.difficult, barricade.cover) == ("barricade", True, Cover.HEAVY)
    assert board.terrain((3, 3)).elevation == 3
    assert parsed.markers == {"a": [(1, 1), (1, 3)], "B": [(5, 1)]}
    assert board.terrain((5, 1)) == FLOOR


def test_spaced_and_compact_maps_are_the_same() -> None:
    compact = parse_map("#..#\n.~a.")
    spaced = parse_map("# . . #\n. ~ a .")
    assert dict(compact.board.terrain_map()) == dict(spaced.board.terrain_map())
    assert (spaced.board.width, spaced.board.height) == (4, 2)
    assert compact.markers == spaced.markers == {"a": [(2, 1)]}


def test_custom_legend_and_scale() -> None:
    tree = Terrain(name="tree", difficult=True, cover=Cover.PARTIAL)
    parsed = parse_map("T.a\n.T.", {"T": tree}, scale=METRES_1_5)
    assert parsed.board.terrain((0, 0)) == tree
    assert parsed.markers == {"a": [(2, 0)]}
    assert parsed.board.scale == METRES_1_5
    with pytest.raises(ValueError):
        parse_map("..", {"TT": tree})


def test_ragged_rows_name_line_and_column() -> None:
    text = "\n....\n...\n"
    with pytest.raises(MapError) as caught:
        parse_map(text)
    assert (caught.value.line, caught.value.column) == (3, 4)
    assert "line 3, column 4" in str(caught.value)
    assert "'#' wall" in str(caught.value)
    with pytest.raises(MapError) as longer:
        parse_map("  ...\n  ....")
    assert (longer.value.line, longer.value.column) == (2, 6)


def test_unknown_symbols_name_line_and_column_and_list_the_legend() -> None:
    with pytest.raises(MapError) as caught:
        parse_map("....\n..?.")
    error = caught.value
    assert (error.line, error.column) == (2, 3)
    assert "'?'" in error.message
    assert "'~' rough (difficult)" in str(error)
    assert "'+' crate (difficult, partial cover)" in str(error)
    with pytest.raises(MapError) as spaced:
        parse_map(". . .\n. ! .")
    assert (spaced.value.line, spaced.value.column) == (2, 3)


def test_empty_maps_are_refused() -> None:
    for text in ("", "\n  \n"):
        with pytest.raises(MapError, match="empty"):
            parse_map(text)


def test_render_draws_coordinates_terrain_and_tokens() -> None:
    board = parse_map(ARENA).board
    picture = render(board, {(1, 1): "@", (5, 3): "g"})
    assert picture.splitlines() == [
        "  0123456",
        "0 #######",
        "1 #@.~..#",
        "2 #.+=..#",
        "3 #..3.g#",
        "4 #######",
    ]


def test_render_stacks_the_digits_of_wide_boards() -> None:
    lines = render(SquareBoard(12, 11)).splitlines()
    assert lines[0] == "   " + " " * 10 + "11"
    assert lines[1] == "   012345678901"
    assert lines[2] == " 0 ............"
    assert lines[-1] == "10 ............"


def test_render_refuses_bad_tokens_and_marks_unknown_terrain() -> None:
    board = SquareBoard(2, 1, terrain={(1, 0): Terrain(name="lava")})
    assert render(board, coordinates=False) == ".?"
    with pytest.raises(ValueError):
        render(board, {(0, 0): "ab"})
    with pytest.raises(ValueError):
        render(board, {(5, 0): "a"})


def test_render_round_trips_a_parsed_map() -> None:
    parsed = parse_map(ARENA)
    tokens = {p: letter for letter, cells in parsed.markers.items() for p in cells}
    text = render(parsed.board, tokens, coordinates=False)
    assert text.splitlines() == [line.strip() for line in ARENA.strip().splitlines()]
    again = parse_map(text)
    assert dict(again.board.terrain_map()) == dict(parsed.board.terrain_map())
    assert again.markers == parsed.markers


@given(boards())
def test_render_round_trips_terrain(board: SquareBoard) -> None:
    again = parse_map(render(board, coordinates=False)).board
    assert (again.width, again.height) == (board.width, board.height)
    assert dict(again.terrain_map()) == dict(board.terrain_map())


def test_default_legend_has_the_documented_symbols() -> None:
    assert set(DEFAULT_LEGEND) == set(".#~+=123456789")
