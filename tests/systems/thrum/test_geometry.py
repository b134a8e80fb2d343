"""THRUM geometry: step costs (THRUM 12, 17-19), cover and obstruction (THRUM 26-27), placing Areas,
Lines and Auras (THRUM 16, ruling C14) and the Disoriented redirect (THRUM 45, ruling C13)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactica.grid import WALL, Pos, SquareBoard, Terrain, cheapest_paths, parse_map
from tactica.systems.thrum.geometry import (
    PlacementError,
    cover,
    drop,
    place_area,
    redirect,
    step_cost,
)

OPEN = SquareBoard(9, 9)


def board_with(**levels: int) -> SquareBoard:
    """A 9x9 board; keyword ``x_y=level`` sets an elevation, ``x_y=-99`` a wall."""
    terrain = {}
    for key, level in levels.items():
        x, y = (int(n) for n in key[1:].split("_"))
        terrain[(x, y)] = WALL if level == -99 else Terrain(elevation=level)
    return SquareBoard(9, 9, terrain=terrain)


def covered_from(board: SquareBoard, target: Pos, characters: frozenset[Pos] = frozenset()) -> dict[Pos, str]:
    """The cover result from every attacker square but the target's and the characters'."""
    return {
        a: cover(board, a, target, characters)
        for a in board.cells()
        if a != target and a not in characters and not board.terrain(a).wall
    }


# --- step costs ---------------------------------------------------------------------------------------


def test_a_step_to_any_neighbour_costs_one() -> None:
    """THRUM 12: each square has 8 adjacent squares; moving to any of them costs 1."""
    assert all(step_cost(OPEN, (4, 4), q) == 1 for q in OPEN.neighbors((4, 4)))
    assert len(OPEN.neighbors((4, 4))) == 8


def test_impossible_steps_cost_none() -> None:
    """THRUM 12: only adjacent squares can be stepped to; walls and squares off the board cannot."""
    board = board_with(x5_4=-99)
    assert step_cost(board, (4, 4), (5, 4)) is None
    assert step_cost(board, (4, 4), (6, 4)) is None
    assert step_cost(board, (4, 4), (4, 4)) is None
    assert step_cost(board, (0, 0), (-1, 0)) is None
    assert step_cost(board, (8, 8), (9, 9)) is None


def test_one_level_up_or_down_is_free_and_each_further_level_costs_one() -> None:
    """THRUM 17: stepping to an adjacent square costs 1 + max(0, |change in elevation| - 1)."""
    board = parse_map(".1235").board
    assert step_cost(board, (0, 0), (1, 0)) == 1
    assert step_cost(board, (1, 0), (0, 0)) == 1
    assert step_cost(board, (1, 0), (2, 0)) == 1
    assert step_cost(board, (2, 0), (3, 0)) == 1
    climb = SquareBoard(3, 1, terrain={(1, 0): Terrain(elevation=2), (2, 0): Terrain(elevation=5)})
    assert step_cost(climb, (0, 0), (1, 0)) == 2
    assert step_cost(climb, (1, 0), (2, 0)) == 3
    assert step_cost(climb, (2, 0), (1, 0)) == 3
    below = SquareBoard(2, 1, terrain={(1, 0): Terrain(elevation=-2)})
    assert step_cost(below, (0, 0), (1, 0)) == 2


def test_rolling_for_a_drop_of_two_or_more_levels_removes_the_extra_cost() -> None:
    """THRUM 18: descending 2+ levels may cost nothing extra when the character rolls instead."""
    board = SquareBoard(4, 1, terrain={(0, 0): Terrain(elevation=4), (1, 0): Terrain(elevation=2)})
    assert step_cost(board, (0, 0), (1, 0)) == 2
    assert step_cost(board, (0, 0), (1, 0), roll_drops=True) == 1
    assert step_cost(board, (1, 0), (2, 0), roll_drops=True) == 1
    assert step_cost(board, (0, 0), (1, 0), roll_drops=True) == step_cost(
        board, (1, 0), (2, 0), roll_drops=True
    )


def test_rolling_does_not_help_climbing_or_small_drops() -> None:
    """THRUM 18: the roll is only for descending 2 or more levels; climbs still pay."""
    board = SquareBoard(3, 1, terrain={(1, 0): Terrain(elevation=3), (2, 0): Terrain(elevation=2)})
    assert step_cost(board, (0, 0), (1, 0), roll_drops=True) == 3
    assert step_cost(board, (1, 0), (2, 0), roll_drops=True) == 1


def test_leaving_difficult_terrain_costs_one_more() -> None:
    """THRUM 19: exiting a square of Difficult Terrain costs +1 (entering it does not)."""
    board = parse_map(".~.").board
    assert step_cost(board, (0, 0), (1, 0)) == 1
    assert step_cost(board, (1, 0), (2, 0)) == 2
    assert step_cost(board, (1, 0), (0, 0)) == 2


def test_squares_made_difficult_by_effects_count_too() -> None:
    """THRUM 19 / 29: squares a Terrain Effect makes difficult cost +1 to leave, once even if both."""
    board = parse_map("..~").board
    assert step_cost(board, (0, 0), (1, 0), difficult={(0, 0)}) == 2
    assert step_cost(board, (1, 0), (0, 0), difficult={(0, 0)}) == 1
    assert step_cost(board, (2, 0), (1, 0), difficult={(2, 0)}) == 2


def test_difficult_and_elevation_add_up() -> None:
    """THRUM 17 + 19: leaving difficult ground up a 3-level climb costs 1 + 2 + 1."""
    board = SquareBoard(2, 1, terrain={(0, 0): Terrain(difficult=True), (1, 0): Terrain(elevation=3)})
    assert step_cost(board, (0, 0), (1, 0)) == 4


def test_a_move_across_difficult_ground_pays_on_the_way_out() -> None:
    """THRUM 19: crossing two difficult squares in a row costs 2 extra over the whole move."""
    board = parse_map(".~~..").board
    paths = cheapest_paths(board, (0, 0), None, lambda a, b: step_cost(board, a, b))
    assert [paths[(x, 0)].cost for x in range(5)] == [0, 1, 3, 5, 6]


def test_drop_is_positive_going_down() -> None:
    """THRUM 18: the drop of a step is the elevation left minus the elevation entered."""
    board = parse_map("3.1").board
    assert drop(board, (0, 0), (1, 0)) == 3
    assert drop(board, (1, 0), (0, 0)) == -3
    assert drop(board, (2, 0), (1, 0)) == 1


# --- cover and obstruction ----------------------------------------------------------------------------


def test_target_right_of_high_ground_has_cover_from_the_left() -> None:
    """THRUM 26: a target directly right of higher ground has cover from attacks anywhere to the left of
    the vertical line through the higher ground, and none from on or right of it."""
    board = board_with(x4_4=2)
    results = covered_from(board, (5, 4))
    for a, result in results.items():
        assert result == ("cover" if a[0] < 4 else "none"), a


def test_target_down_right_of_high_ground_has_cover_from_the_northwest() -> None:
    """THRUM 26: a target diagonally down-right of higher ground has cover from attacks northwest of the
    diagonal running through the higher ground from lower left to upper right."""
    board = board_with(x4_4=2)
    results = covered_from(board, (5, 5))
    for a, result in results.items():
        assert result == ("cover" if a[0] + a[1] < 8 else "none"), a


def test_attackers_on_the_dividing_line_get_no_cover() -> None:
    """THRUM 26: squares on the dividing line itself are not on the far side: no cover."""
    board = board_with(x4_4=2)
    assert cover(board, (4, 0), (5, 4), ()) == "none"
    assert cover(board, (4, 8), (5, 4), ()) == "none"
    assert cover(board, (2, 6), (5, 5), ()) == "none"
    assert cover(board, (3, 4), (5, 4), ()) == "cover"


def test_only_ground_two_levels_above_the_target_gives_cover() -> None:
    """THRUM 26: terrain +2 or more levels above the target's square is a source of cover; +1 is not."""
    assert cover(board_with(x4_4=1), (0, 4), (5, 4), ()) == "none"
    assert cover(board_with(x4_4=3, x5_4=2), (0, 4), (5, 4), ()) == "none"
    assert cover(board_with(x4_4=4, x5_4=2, x0_4=1), (0, 4), (5, 4), ()) == "cover"


def test_attackers_as_high_as_the_cover_get_no_cover() -> None:
    """THRUM 26: cover applies only against attacks from a lower elevation than the source of cover."""
    assert cover(board_with(x4_4=2, x0_4=1), (0, 4), (5, 4), ()) == "cover"
    assert cover(board_with(x4_4=2, x0_4=2), (0, 4), (5, 4), ()) == "none"
    assert cover(board_with(x4_4=2, x0_4=5), (0, 4), (5, 4), ()) == "none"


def test_a_character_gives_cover_as_if_two_levels_high() -> None:
    """THRUM 26 / ruling C10: another character adjacent to the target is a source of cover, as high as its
    square + 2 (option character_cover_height)."""
    ally = frozenset({(4, 4)})
    assert cover(OPEN, (0, 4), (5, 4), ally) == "cover"
    assert cover(OPEN, (0, 4), (5, 4), ()) == "none"
    assert cover(board_with(x0_4=1), (0, 4), (5, 4), ally) == "cover"
    assert cover(board_with(x0_4=2), (0, 4), (5, 4), ally) == "none"
    assert cover(board_with(x0_4=2), (0, 4), (5, 4), ally, character_height=3) == "cover"
    assert cover(OPEN, (8, 4), (5, 4), ally) == "none"


def test_a_character_on_high_ground_covers_up_to_both_heights() -> None:
    """THRUM 26 / ruling C10: a character standing on a raised square covers up to that square's level + 2."""
    board = board_with(x4_4=2, x0_4=3)
    assert cover(board, (0, 4), (5, 4), ()) == "none"
    assert cover(board, (0, 4), (5, 4), {(4, 4)}) == "cover"


def test_a_wall_covers_against_attackers_at_any_height() -> None:
    """THRUM 26: a wall next to the target is a source of cover taller than any attacker."""
    board = board_with(x4_4=-99, x0_4=9)
    assert cover(board, (0, 4), (5, 4), ()) == "cover"


def test_a_three_wide_wall_obstructs() -> None:
    """THRUM 27: when both squares beside the cover square along the dividing line also qualify, the
    target is Obstructed; Obstructed wins over the Cover another square gives."""
    board = board_with(x4_3=-99, x4_4=-99, x4_5=-99)
    assert cover(board, (1, 4), (5, 4), ()) == "obstructed"
    assert cover(board, (0, 0), (5, 4), ()) == "obstructed"
    assert cover(board, (4, 0), (5, 4), ()) == "cover"  # beyond the diagonal of (4, 3) only
    assert cover(board, (7, 4), (5, 4), ()) == "none"


def test_obstruction_needs_both_sides() -> None:
    """THRUM 27: with only one side square qualifying, the target just has Cover."""
    board = board_with(x4_4=2, x4_3=2)
    assert cover(board, (0, 4), (5, 4), ()) == "cover"


def test_characters_and_high_ground_mix_to_obstruct() -> None:
    """THRUM 27: the side squares qualify by terrain 2+ levels above the target or by a character."""
    board = board_with(x4_4=2, x4_3=2)
    assert cover(board, (0, 4), (5, 4), {(4, 5)}) == "obstructed"
    assert cover(OPEN, (0, 4), (5, 4), {(4, 3), (4, 4), (4, 5)}) == "obstructed"


def test_obstruction_by_a_diagonal_source() -> None:
    """THRUM 27: for a diagonal cover square the dividing line is a diagonal; the squares beside it along
    that diagonal (up-right and down-left of it) must qualify too."""
    board = board_with(x4_4=2, x5_3=2, x3_5=2)
    assert cover(board, (1, 1), (5, 5), ()) == "obstructed"
    assert cover(board, (0, 6), (5, 5), ()) == "obstructed"
    assert cover(board, (2, 6), (5, 5), ()) == "none"
    assert cover(board_with(x4_4=2, x5_3=2), (1, 1), (5, 5), ()) == "cover"


def test_the_obstructing_ends_must_be_high_relative_to_the_target() -> None:
    """THRUM 27: the side squares are measured against the target's level, like the cover square."""
    board = board_with(x4_4=3, x4_3=2, x4_5=2, x5_4=1)
    assert cover(board, (0, 4), (5, 4), ()) == "cover"


def test_the_edge_of_the_board_gives_no_cover() -> None:
    """THRUM 26-27 (ruling here): squares off the board are not sources of cover nor obstruction ends."""
    assert all(r == "none" for r in covered_from(OPEN, (0, 0)).values())
    board = board_with(x0_2=2, x1_3=2)
    assert cover(board, (0, 5), (1, 1), ()) == "cover"


def test_cover_uses_elevation_of_the_target() -> None:
    """THRUM 26: on a raised target square, the neighbour must be 2 above that raised level."""
    board = board_with(x5_4=3, x4_4=4)
    assert cover(board, (0, 4), (5, 4), ()) == "none"
    board = board_with(x5_4=3, x4_4=5)
    assert cover(board, (0, 4), (5, 4), ()) == "cover"


# --- placing areas ------------------------------------------------------------------------------------

WIDE = SquareBoard(12, 12)


def test_an_area_is_placed_by_its_top_left_square() -> None:
    """THRUM 16: an Area X is an X by X square; its top-left square is the one given."""
    cells = place_area(WIDE, "area", 2, (1, 1), 3, (3, 3), None)
    assert cells == {(3, 3), (4, 3), (3, 4), (4, 4)}


def test_an_area_needs_one_square_in_range() -> None:
    """THRUM 16 / ruling C14: any placement with at least one square within range is legal."""
    assert (4, 1) in place_area(WIDE, "area", 2, (1, 1), 3, (4, 1), None)
    assert place_area(WIDE, "area", 3, (1, 1), 3, (4, 4), None)
    with pytest.raises(PlacementError) as error:
        place_area(WIDE, "area", 2, (1, 1), 3, (9, 9), None)
    assert str(error.value) == "an Area 2 at @9,9 has no square within range 3 of @1,1"
    with pytest.raises(PlacementError):
        place_area(WIDE, "area", 2, (1, 1), 3, (5, 1), None)


def test_range_zero_areas_must_hold_the_user() -> None:
    """THRUM 16: for an ability with Range 0, the user's own square must be in the area."""
    assert (1, 1) in place_area(WIDE, "area", 2, (1, 1), 0, (0, 0), None)
    assert (1, 1) in place_area(WIDE, "area", 2, (1, 1), 0, (1, 1), None)
    with pytest.raises(PlacementError, match="user's square @1,1"):
        place_area(WIDE, "area", 2, (1, 1), 0, (2, 1), None)
    assert place_area(WIDE, "line", 3, (1, 1), 0, (0, 1), (2, 1)) == {(0, 1), (1, 1), (2, 1)}
    with pytest.raises(PlacementError):
        place_area(WIDE, "line", 3, (1, 1), 0, (0, 0), (2, 0))


def test_off_board_squares_are_dropped() -> None:
    """THRUM 16: squares of an Area or Line beyond the edge are not part of it."""
    assert place_area(WIDE, "area", 3, (0, 0), 2, (-1, -1), None) == {(0, 0), (1, 0), (0, 1), (1, 1)}
    assert place_area(WIDE, "line", 4, (0, 0), 2, (-2, 0), (1, 0)) == {(0, 0), (1, 0)}
    with pytest.raises(PlacementError, match="off the board"):
        place_area(WIDE, "area", 2, (0, 0), 30, (-5, -5), None)


def test_an_area_without_its_square_or_with_an_end_is_refused() -> None:
    """THRUM 16: an Area is placed by one square, given with @X,Y."""
    with pytest.raises(PlacementError, match="'area' needs '@X,Y'"):
        place_area(WIDE, "area", 2, (1, 1), 3, None, None)
    with pytest.raises(PlacementError, match="top-left square alone"):
        place_area(WIDE, "area", 2, (1, 1), 3, (2, 2), (3, 3))


def test_a_line_runs_from_its_first_to_its_last_square() -> None:
    """THRUM 16: a Line X is X consecutive squares sharing a row, column or diagonal."""
    assert place_area(WIDE, "line", 4, (1, 1), 3, (1, 1), (4, 1)) == {(1, 1), (2, 1), (3, 1), (4, 1)}
    assert place_area(WIDE, "line", 4, (1, 1), 3, (4, 1), (1, 1)) == {(1, 1), (2, 1), (3, 1), (4, 1)}
    assert place_area(WIDE, "line", 3, (1, 1), 3, (2, 2), (4, 4)) == {(2, 2), (3, 3), (4, 4)}
    assert place_area(WIDE, "line", 3, (1, 1), 3, (2, 4), (2, 2)) == {(2, 2), (2, 3), (2, 4)}
    assert place_area(WIDE, "line", 1, (1, 1), 3, (2, 2), (2, 2)) == {(2, 2)}


def test_crooked_or_wrong_length_lines_are_refused() -> None:
    """THRUM 16: a Line must be straight and exactly X squares long; the message says which is wrong."""
    with pytest.raises(PlacementError) as crooked:
        place_area(WIDE, "line", 4, (1, 1), 3, (1, 1), (3, 2))
    assert (
        str(crooked.value)
        == "a Line 4 must run along one row, column or diagonal: @1,1 to @3,2 is not straight"
    )
    with pytest.raises(PlacementError) as short:
        place_area(WIDE, "line", 4, (1, 1), 3, (1, 1), (2, 2))
    assert str(short.value) == "a Line 4 is 4 squares long: @1,1 to @2,2 has 2"


def test_a_line_needs_both_ends() -> None:
    """THRUM 16: a Line is given by its first square (@X,Y) and its last ('to @X,Y')."""
    with pytest.raises(PlacementError) as error:
        place_area(WIDE, "line", 4, (1, 1), 3, (1, 1), None)
    assert (
        str(error.value) == "'line' needs 'to': give the first square with @X,Y and the last with 'to @X,Y'"
    )
    with pytest.raises(PlacementError, match="'line' needs '@X,Y'"):
        place_area(WIDE, "line", 4, (1, 1), 3, None, None)


def test_a_line_needs_one_square_in_range() -> None:
    """THRUM 16 / ruling C14: a Line with one square in range is legal, with none it is refused."""
    assert place_area(WIDE, "line", 4, (1, 1), 3, (4, 1), (7, 1))
    with pytest.raises(PlacementError) as error:
        place_area(WIDE, "line", 4, (1, 1), 3, (5, 1), (8, 1))
    assert str(error.value) == "a Line 4 from @5,1 to @8,1 has no square within range 3 of @1,1"


def test_an_aura_surrounds_its_user_but_not_its_square() -> None:
    """THRUM 16: Aura X is every square within X of the user except its own: Aura 1 = 8, Aura 2 = 24."""
    one = place_area(WIDE, "aura", 1, (5, 5), 0, None, None)
    assert len(one) == 8 and (5, 5) not in one
    assert len(place_area(WIDE, "aura", 2, (5, 5), 0, (5, 5), None)) == 24
    assert len(place_area(WIDE, "aura", 3, (5, 5), 3, None, None)) == 7 * 7 - 1
    assert place_area(WIDE, "aura", 1, (0, 0), 0, None, None) == {(1, 0), (0, 1), (1, 1)}


def test_an_aura_cannot_be_placed_elsewhere() -> None:
    """THRUM 16: an Aura stays centred on its user."""
    with pytest.raises(PlacementError, match="centred on its user"):
        place_area(WIDE, "aura", 1, (5, 5), 3, (6, 6), None)
    with pytest.raises(PlacementError, match="centred on its user"):
        place_area(WIDE, "aura", 1, (5, 5), 3, (5, 5), (6, 6))


def test_bad_sizes_and_shapes_are_refused() -> None:
    """THRUM 16: X is a positive integer; the shapes are Area, Line and Aura."""
    with pytest.raises(PlacementError, match="at least 1"):
        place_area(WIDE, "area", 0, (1, 1), 3, (1, 1), None)
    with pytest.raises(PlacementError, match="unknown area shape"):
        place_area(WIDE, "cone", 2, (1, 1), 3, (1, 1), None)  # type: ignore[arg-type]
    assert issubclass(PlacementError, ValueError)


# --- Disoriented --------------------------------------------------------------------------------------


def test_a_seven_moves_as_intended() -> None:
    """THRUM 45: Disoriented, a 2d6 result of 7 moves to the intended square."""
    assert redirect(OPEN, (4, 4), (4, 3), 7) == (4, 3)


def test_high_rolls_turn_clockwise_and_low_rolls_counter_clockwise() -> None:
    """THRUM 45: result > 7 counts (result - 7) squares clockwise around the start from the intended
    square, < 7 counts (7 - result) counter-clockwise."""
    start = (4, 4)
    assert redirect(OPEN, start, (4, 3), 8) == (5, 3)  # N -> NE
    assert redirect(OPEN, start, (4, 3), 9) == (5, 4)  # N -> E
    assert redirect(OPEN, start, (4, 3), 6) == (3, 3)  # N -> NW
    assert redirect(OPEN, start, (4, 3), 12) == (3, 5)  # N + 5 -> SW
    assert redirect(OPEN, start, (4, 3), 2) == (5, 5)  # N - 5 -> SE
    assert redirect(OPEN, start, (3, 3), 9) == (5, 3)  # NW + 2 wraps to NE


def test_a_redirect_may_land_on_a_wall_or_off_the_board() -> None:
    """THRUM 45 / ruling C13: the square is returned whatever it holds; the caller decides."""
    board = parse_map(".#\n..").board
    assert redirect(board, (0, 0), (0, 1), 6) == (1, 1)
    assert redirect(board, (0, 0), (1, 1), 6) == (1, 0)
    assert redirect(board, (0, 0), (1, 0), 4) == (-1, -1)


def test_a_redirect_needs_an_adjacent_intended_square() -> None:
    """THRUM 45: Disoriented applies to moves to an adjacent square."""
    with pytest.raises(ValueError, match="adjacent"):
        redirect(OPEN, (4, 4), (4, 2), 7)


@given(st.sampled_from(OPEN.directions()), st.integers(2, 12))
def test_redirects_stay_next_to_the_start_and_turn_by_the_roll(step: Pos, total: int) -> None:
    """THRUM 45: every redirect is adjacent to the start, (total - 7) eighths of a turn from the intent."""
    start = (4, 4)
    intended = (start[0] + step[0], start[1] + step[1])
    landed = redirect(OPEN, start, intended, total)
    assert OPEN.distance(start, landed) == 1
    dirs = OPEN.directions()
    turned = dirs.index((landed[0] - 4, landed[1] - 4)) - dirs.index(step)
    assert turned % 8 == (total - 7) % 8
