"""Hex text maps (parse and render), hex boards in render_board and in the shared setup data."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import pytest
from hypothesis import given

from tactica.engine import Fight, SetupError
from tactica.grid import (
    FEET_5,
    FLOOR,
    HEX_1,
    WALL,
    Cover,
    HexBoard,
    MapError,
    SquareBoard,
    Terrain,
    parse_hex_map,
    render_hex,
)
from tactica.render import render_board
from tactica.systems.setup_common import MapSpec, build_board, place

from .test_hex import hex_boards

LEANING = """
    a . . #
     . ~ + .
      3 . = b
"""
FLUSH = """
a . . #
. ~ + .
3 . = b
"""


# --- parsing -------------------------------------------------------------------------------------


def test_cell_k_of_row_r_is_the_hex_k_r() -> None:
    parsed = parse_hex_map(LEANING)
    board = parsed.board
    assert isinstance(board, HexBoard)
    assert (board.width, board.height, board.scale) == (4, 3, HEX_1)
    assert board.terrain((3, 0)) == WALL
    assert board.terrain((1, 1)).difficult
    crate, barricade = board.terrain((2, 1)), board.terrain((2, 2))
    assert (crate.name, crate.cover) == ("crate", Cover.PARTIAL)
    assert (barricade.name, barricade.cover) == ("barricade", Cover.HEAVY)
    assert board.terrain((0, 2)).elevation == 3
    assert parsed.markers == {"a": [(0, 0)], "b": [(3, 2)]}
    assert board.terrain((0, 0)) == board.terrain((3, 2)) == FLOOR


def test_indentation_is_ignored_on_every_line() -> None:
    leaning, flush = parse_hex_map(LEANING), parse_hex_map(FLUSH)
    assert dict(leaning.board.terrain_map()) == dict(flush.board.terrain_map())
    assert leaning.markers == flush.markers
    ragged_indent = parse_hex_map("   . #\n. .\n        # .")
    assert dict(ragged_indent.board.terrain_map()) == {(1, 0): WALL, (0, 2): WALL}


def test_custom_legend_scale_and_repeated_markers() -> None:
    tree = Terrain(name="tree", difficult=True, cover=Cover.PARTIAL)
    parsed = parse_hex_map("T . a\n a T a", {"T": tree}, scale=FEET_5)
    assert parsed.board.terrain((0, 0)) == parsed.board.terrain((1, 1)) == tree
    assert parsed.markers == {"a": [(2, 0), (0, 1), (2, 1)]}
    assert parsed.board.scale == FEET_5


def test_an_empty_map_is_an_error() -> None:
    with pytest.raises(MapError, match=r"line 1, column 1: the map is empty; legend: '\.' floor"):
        parse_hex_map("  \n\n")


def test_a_short_row_is_an_error_at_its_end() -> None:
    with pytest.raises(MapError) as caught:
        parse_hex_map("\n. . .\n . .\n")
    assert (caught.value.line, caught.value.column) == (3, 5)
    assert "this row has 2 cells but the first row has 3" in str(caught.value)


def test_a_long_row_is_an_error_at_its_first_extra_cell() -> None:
    with pytest.raises(MapError) as caught:
        parse_hex_map(". .\n  . . #")
    assert (caught.value.line, caught.value.column) == (2, 7)
    assert str(caught.value).startswith("line 2, column 7: this row has 3 cells but the first row has 2;")


def test_an_unknown_symbol_is_an_error_at_its_place() -> None:
    with pytest.raises(MapError) as caught:
        parse_hex_map(". . .\n . ? .")
    assert (caught.value.line, caught.value.column) == (2, 4)
    assert "unknown symbol '?'" in caught.value.message
    assert "any other letter: a marker on floor" in caught.value.message


def test_cells_must_be_separated_by_single_spaces() -> None:
    with pytest.raises(MapError) as caught:
        parse_hex_map(". . .\n .#.")
    assert (caught.value.line, caught.value.column) == (2, 3)
    assert "expected a single space here, found '#'" in caught.value.message
    with pytest.raises(MapError) as doubled:
        parse_hex_map(".  .")
    assert (doubled.value.line, doubled.value.column) == (1, 3)
    assert "expected a cell here, found a space" in doubled.value.message
    with pytest.raises(MapError, match=r"column 2: expected a single space here, found '\\t'"):
        parse_hex_map(".\t.")


# --- rendering -----------------------------------------------------------------------------------


def test_render_leans_each_row_half_a_hex() -> None:
    board = parse_hex_map(FLUSH).board
    assert render_hex(board, coordinates=False) == "\n".join(
        [
            ". . . #",
            " . ~ + .",
            "  3 . = .",
        ]
    )


def test_render_with_coordinates_and_tokens() -> None:
    board = parse_hex_map(FLUSH).board
    assert render_hex(board, {(0, 0): "A", (3, 2): "b"}) == "\n".join(
        [
            "  0 1 2 3",
            "0 A . . #",
            "1  . ~ + .",
            "2   3 . = b",
        ]
    )


def test_render_numbers_many_rows_and_columns() -> None:
    text = render_hex(HexBoard(12, 11, terrain={(11, 10): WALL}))
    lines = text.splitlines()
    assert lines[0] == "   0 1 2 3 4 5 6 7 8 9 0 1"
    assert lines[1] == " 0 " + " ".join("." * 12)
    assert lines[2] == " 1  " + " ".join("." * 12)
    assert lines[11] == "10 " + " " * 10 + " ".join("." * 11) + " #"


def test_render_draws_terrain_the_legend_lacks_and_refuses_bad_tokens() -> None:
    odd = Terrain(name="odd")
    board = HexBoard(2, 1, terrain={(0, 0): odd, (1, 0): Terrain(name="rock", wall=True)})
    assert render_hex(board, coordinates=False) == "? #"
    assert render_hex(board, legend={"o": odd}, coordinates=False) == "o #"
    with pytest.raises(ValueError, match="one visible character"):
        render_hex(board, {(0, 0): "ab"})
    with pytest.raises(ValueError, match="one visible character"):
        render_hex(board, {(5, 0): "a"})
    with pytest.raises(ValueError, match="one visible character"):
        render_hex(board, {(0, 0): " "})


@given(hex_boards())
def test_render_then_parse_gives_the_same_terrain(board: HexBoard) -> None:
    again = parse_hex_map(render_hex(board, coordinates=False)).board
    assert (again.width, again.height) == (board.width, board.height)
    assert dict(again.terrain_map()) == dict(board.terrain_map())


def test_a_rendered_map_with_markers_reads_back_with_them() -> None:
    board = parse_hex_map(LEANING).board
    parsed = parse_hex_map(render_hex(board, {(0, 0): "a", (3, 2): "b"}, coordinates=False))
    assert parsed.markers == {"a": [(0, 0)], "b": [(3, 2)]}
    assert dict(parsed.board.terrain_map()) == dict(board.terrain_map())


# --- render_board --------------------------------------------------------------------------------


def _fight(board: Any, fighters: dict[str, Any], setup: dict[str, Any] | None = None) -> Fight:
    """Just what render_board reads of a fight: the game's board and setup, and the observed state."""
    game = SimpleNamespace(board=board, setup=setup or {})
    state = {"fighters": fighters, "objects": {"door": {"pos": [2, 0], "broken": False}}}
    return cast(Fight, SimpleNamespace(game=game, observe=lambda: state))


def test_render_board_draws_a_hex_board_with_its_legend_lines() -> None:
    board = parse_hex_map(". . . #\n . % . .", {"%": Terrain(name="smoke", cover=Cover.PARTIAL)}).board
    fighters = {
        "vex": {"side": "red", "pos": [0, 0], "hp": 9, "status": "active"},
        "rook": {"side": "blue", "pos": [3, 1], "hp": 4, "status": "active"},
    }
    setup = {"map": {"legend": {"%": {"name": "smoke", "cover": "partial"}}}}
    assert render_board(_fight(board, fighters, setup)) == "\n".join(
        [
            "  0 1 2 3",
            "0 V . * #",
            "1  . % . r",
            "red: V = vex (HP 9, active)",
            "blue: r = rook (HP 4, active)",
            "objects: * = door",
        ]
    )


def test_render_board_still_draws_squares_and_nothing_else() -> None:
    fighters = {"vex": {"side": "red", "pos": [0, 0], "hp": 9}, "rook": {"side": "blue", "pos": [1, 0]}}
    square = render_board(_fight(SquareBoard(3, 1), fighters), coordinates=False)
    assert square.splitlines()[0] == "Vr*"
    assert render_board(_fight(None, fighters)) == "(no map for this system)"


# --- setup data ----------------------------------------------------------------------------------


def test_setup_map_grid_hex_builds_a_hex_board_for_a_system_that_plays_on_hexes() -> None:
    spec = MapSpec.model_validate({"grid": "hex", "text": "a . #\n . ~ b"})
    board, markers = build_board(spec, allow_hex=True)
    assert isinstance(board, HexBoard)
    assert board.scale.per_cell == 5 and board.scale.unit == "ft"
    assert markers == {"a": [(0, 0)], "b": [(2, 1)]}
    assert board.terrain((2, 0)) == WALL
    empty, none = build_board(MapSpec(grid="hex", width=4, height=3, scale_ft=2), allow_hex=True)
    assert isinstance(empty, HexBoard)
    assert (empty.width, empty.height, empty.scale.per_cell, none) == (4, 3, 2, {})


def test_setup_maps_stay_square_by_default() -> None:
    board, markers = build_board(MapSpec(text="a.#\n.~b"))
    assert isinstance(board, SquareBoard)
    assert markers == {"a": [(0, 0)], "b": [(2, 1)]}
    board, _ = build_board(MapSpec(width=3, height=2), allow_hex=True)
    assert isinstance(board, SquareBoard)


def test_a_hex_map_for_a_system_on_squares_is_a_setup_error() -> None:
    with pytest.raises(SetupError, match=r"map\.grid: this system plays on squares only"):
        build_board(MapSpec(grid="hex", width=3, height=3))


def test_hex_map_text_errors_are_setup_errors() -> None:
    with pytest.raises(SetupError, match=r"map\.text: line 2, column 2: expected a single space here"):
        build_board(MapSpec(grid="hex", text=". .\n.."), allow_hex=True)


def test_place_works_on_hexes() -> None:
    board, markers = build_board(MapSpec(grid="hex", text="a . #\n . . ."), allow_hex=True)
    assert place("a", board, markers, "combatants[0] (vex)") == (0, 0)
    assert place((1, 1), board, markers, "combatants[0] (vex)") == (1, 1)
    with pytest.raises(SetupError) as off:
        place((3, 0), board, markers, "combatants[0] (vex)")
    assert str(off.value) == "combatants[0] (vex).at: position [3, 0] is off the map (q 0-2, r 0-1)"
    with pytest.raises(SetupError, match=r"position \[2, 0\] is a wall"):
        place((2, 0), board, markers, "combatants[0] (vex)")
    square, _ = build_board(MapSpec(width=3, height=2))
    with pytest.raises(SetupError, match=r"is off the map \(x 0-2, y 0-1\)$"):
        place((5, 5), square, {}, "combatants[1] (rook)")
