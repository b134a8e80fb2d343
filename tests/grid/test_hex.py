"""Hex board geometry, and movement, sight, areas and scatter working unchanged on hexes."""

from __future__ import annotations

import copy
import math
import pickle
from collections import deque
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactica.grid import (
    FLOOR,
    HEX_1,
    WALL,
    Board,
    Cover,
    HexBoard,
    Pos,
    Terrain,
    aura,
    burst,
    cone,
    cover_between,
    direction_from_face,
    explore,
    find_path,
    is_straight_line,
    line_area,
    line_of_sight,
    offset,
    reachable,
    reachable_paths,
    scatter_relative,
    square_area,
    straight_run,
)
from tactica.grid.hex import DIRECTIONS, hex_line

from .strategies import ROUGH, reference_costs

BOARD = HexBoard(12, 10)
ANY = st.tuples(st.integers(0, 11), st.integers(0, 9))
ANYWHERE = st.tuples(st.integers(-6, 18), st.integers(-6, 16))
CRATE = Terrain(name="crate", difficult=True, cover=Cover.PARTIAL)

NE, E, SE, SW, W, NW = DIRECTIONS


@st.composite
def hex_boards(draw: st.DrawFn, max_side: int = 9) -> HexBoard:
    """A small hex board with random walls and difficult ground."""
    width = draw(st.integers(1, max_side))
    height = draw(st.integers(1, max_side))
    kinds = st.sampled_from([FLOOR, FLOOR, FLOOR, WALL, ROUGH])
    where = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    terrain = draw(st.dictionaries(where, kinds, max_size=width * height))
    return HexBoard(width, height, terrain=terrain)


def cell_of(board: HexBoard) -> st.SearchStrategy[Pos]:
    """Any cell of ``board``."""
    return st.tuples(st.integers(0, board.width - 1), st.integers(0, board.height - 1))


def bfs(board: Board, start: Pos) -> dict[Pos, int]:
    """Steps from ``start`` to every cell, over neighbours whatever their terrain."""
    steps = {start: 0}
    queue = deque([start])
    while queue:
        p = queue.popleft()
        for q in board.neighbors(p):
            if q not in steps:
                steps[q] = steps[p] + 1
                queue.append(q)
    return steps


# --- distance and neighbours ---------------------------------------------------------------------


@given(ANYWHERE, ANYWHERE)
def test_distance_is_symmetric_and_zero_only_to_itself(a: Pos, b: Pos) -> None:
    assert BOARD.distance(a, b) == BOARD.distance(b, a)
    assert (BOARD.distance(a, b) == 0) == (a == b)


@given(ANYWHERE, ANYWHERE, ANYWHERE)
def test_distance_obeys_the_triangle_inequality(a: Pos, b: Pos, c: Pos) -> None:
    assert BOARD.distance(a, c) <= BOARD.distance(a, b) + BOARD.distance(b, c)


@given(ANY)
def test_distance_is_the_number_of_steps_on_an_open_board(start: Pos) -> None:
    steps = bfs(BOARD, start)
    assert steps == {p: BOARD.distance(start, p) for p in BOARD.cells()}


def test_distance_formula() -> None:
    """(|dq| + |dr| + |dq + dr|) / 2: a step NE then E is 2, NE and SE cancel their rows."""
    assert BOARD.distance((0, 0), (3, 0)) == 3
    assert BOARD.distance((0, 0), (0, 3)) == 3
    assert BOARD.distance((0, 3), (3, 0)) == 3  # three steps NE
    assert BOARD.distance((0, 0), (3, 3)) == 6
    assert BOARD.distance((2, 2), (4, 1)) == 2


def test_directions_run_clockwise_from_north_east() -> None:
    assert BOARD.directions() == ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
    angles = [math.degrees(math.atan2(*reversed(_vector(step)))) for step in BOARD.directions()]
    assert [round(a) for a in angles] == [-60, 0, 60, 120, 180, -120]  # y grows to the south


@given(ANY)
def test_neighbours_are_at_distance_one_in_direction_order(p: Pos) -> None:
    around = BOARD.neighbors(p)
    assert all(BOARD.distance(p, q) == 1 and BOARD.in_bounds(q) for q in around)
    expected = [(p[0] + dq, p[1] + dr) for dq, dr in DIRECTIONS]
    assert list(around) == [q for q in expected if BOARD.in_bounds(q)]
    interior = 0 < p[0] < BOARD.width - 1 and 0 < p[1] < BOARD.height - 1
    assert len(around) == 6 or not interior


def test_neighbours_stop_at_the_edge() -> None:
    assert BOARD.neighbors((0, 0)) == ((1, 0), (0, 1))
    assert BOARD.neighbors((11, 0)) == ((11, 1), (10, 1), (10, 0))
    assert BOARD.neighbors((5, 5)) == ((6, 4), (6, 5), (5, 6), (4, 6), (4, 5), (5, 4))
    assert BOARD.neighbors((99, 99)) == ()


@given(ANY)
def test_neighbouring_centres_are_one_unit_apart(p: Pos) -> None:
    px, py = BOARD.center(p)
    for q in BOARD.neighbors(p):
        qx, qy = BOARD.center(q)
        assert math.isclose(math.hypot(qx - px, qy - py), 1)


def test_center_shifts_each_row_half_a_hex() -> None:
    assert BOARD.center((0, 0)) == (0.0, 0.0)
    assert BOARD.center((2, 0)) == (2.0, 0.0)
    x, y = BOARD.center((1, 2))
    assert (x, y) == pytest.approx((2.0, math.sqrt(3)))


def test_cells_come_in_reading_order() -> None:
    board = HexBoard(3, 2)
    assert list(board.cells()) == [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]
    assert all(board.in_bounds(p) for p in board.cells())
    assert not board.in_bounds((3, 0))
    assert not board.in_bounds((0, -1))


@given(ANY, st.integers(0, 6))
def test_cells_within_is_every_cell_at_that_distance_or_less(center: Pos, radius: int) -> None:
    expected = [p for p in BOARD.cells() if BOARD.distance(center, p) <= radius]
    assert list(BOARD.cells_within(center, radius)) == expected


# --- lines ---------------------------------------------------------------------------------------


@given(ANYWHERE, ANYWHERE)
def test_line_is_contiguous_from_a_to_b_with_one_cell_per_step(a: Pos, b: Pos) -> None:
    line = BOARD.line(a, b)
    assert line[0] == a
    assert line[-1] == b
    assert len(line) == BOARD.distance(a, b) + 1
    assert all(BOARD.distance(p, q) == 1 for p, q in pairwise(line))


@given(ANYWHERE, ANYWHERE)
def test_line_holds_the_same_cells_from_either_end(a: Pos, b: Pos) -> None:
    assert set(BOARD.line(a, b)) == set(BOARD.line(b, a))
    assert BOARD.line(a, b) == BOARD.line(b, a)[::-1]


def test_every_line_on_a_board_stays_on_it_and_is_symmetric() -> None:
    board = HexBoard(7, 6)
    for a in board.cells():
        for b in board.cells():
            line = board.line(a, b)
            assert all(board.in_bounds(p) for p in line)
            assert line == board.line(b, a)[::-1]


@given(ANYWHERE, st.sampled_from(DIRECTIONS), st.integers(0, 8))
def test_line_along_a_direction_is_the_straight_row_of_hexes(a: Pos, step: Pos, n: int) -> None:
    b = (a[0] + step[0] * n, a[1] + step[1] * n)
    assert BOARD.line(a, b) == [(a[0] + step[0] * i, a[1] + step[1] * i) for i in range(n + 1)]


def test_line_passes_through_the_hexes_the_segment_crosses() -> None:
    # the centre of (4, 1) is 4.5 east and one row south: three hexes in row 0, three in row 1
    assert BOARD.line((0, 0), (4, 1)) == [(0, 0), (1, 0), (2, 0), (2, 1), (3, 1), (4, 1)]
    assert BOARD.line((2, 2), (2, 2)) == [(2, 2)]


def test_line_ties_between_rows_go_south() -> None:
    """A segment along the edge between two hexes of different rows takes the southern hex."""
    # (0, 2) -> (2, 1) runs between the E (1, 2) and NE (1, 1) neighbours of the start
    assert BOARD.line((0, 2), (2, 1)) == [(0, 2), (1, 2), (2, 1)]
    # (0, 0) -> (1, 1) runs between E (1, 0) and SE (0, 1)
    assert BOARD.line((0, 0), (1, 1)) == [(0, 0), (0, 1), (1, 1)]
    assert BOARD.line((1, 1), (0, 0)) == [(1, 1), (0, 1), (0, 0)]
    assert hex_line((0, 0), (2, 2)) == [(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)]


def test_line_ties_within_a_row_go_east() -> None:
    """A segment straight down the page runs between two hexes of one row and takes the eastern one."""
    assert BOARD.line((0, 3), (1, 1)) == [(0, 3), (1, 2), (1, 1)]
    assert BOARD.line((1, 1), (0, 3)) == [(1, 1), (1, 2), (0, 3)]


# --- terrain and step costs ----------------------------------------------------------------------


def test_step_cost_reads_terrain() -> None:
    board = HexBoard(5, 5, terrain={(2, 1): WALL, (3, 2): ROUGH})
    assert board.step_cost((2, 2), (1, 2)) == 1
    assert board.step_cost((2, 2), (3, 2)) == 2
    assert board.step_cost((2, 2), (2, 1)) is None  # wall
    assert board.step_cost((2, 2), (2, 2)) is None  # not a step
    assert board.step_cost((2, 2), (3, 3)) is None  # (1, 1) is two hexes away
    assert board.step_cost((0, 0), (0, -1)) is None  # off the board
    assert board.step_cost((0, -1), (0, 0)) is None  # from off the board
    assert board.terrain((-1, 0)) == WALL
    assert board.exits((2, 2)) == (((3, 1), 1), ((3, 2), 2), ((2, 3), 1), ((1, 3), 1), ((1, 2), 1))
    assert board.exits((9, 9)) == ()


@given(hex_boards())
def test_exits_are_the_possible_steps_in_direction_order(board: HexBoard) -> None:
    for p in board.cells():
        expected = [(q, board.step_cost(p, q)) for q in board.neighbors(p)]
        assert list(board.exits(p)) == [(q, c) for q, c in expected if c is not None]


def test_terrain_outside_the_board_is_refused() -> None:
    with pytest.raises(ValueError, match="outside the 3x3 hex board"):
        HexBoard(3, 3, terrain={(3, 0): WALL})
    with pytest.raises(ValueError, match="at least one cell"):
        HexBoard(0, 3)


def test_with_terrain_builds_a_new_board() -> None:
    board = HexBoard(4, 4)
    walled = board.with_terrain((1, 1), WALL)
    assert walled.terrain((1, 1)) == WALL
    assert board.terrain((1, 1)) == FLOOR
    assert dict(walled.terrain_map()) == {(1, 1): WALL}
    with pytest.raises(ValueError, match="outside"):
        board.with_terrain((4, 0), WALL)


def test_board_is_immutable_shared_by_copies_and_pickles() -> None:
    board = HexBoard(6, 4, terrain={(1, 1): WALL, (2, 3): CRATE})
    with pytest.raises(AttributeError, match="immutable"):
        board.width = 3  # type: ignore[misc]
    assert copy.copy(board) is board
    assert copy.deepcopy(board) is board
    again = pickle.loads(pickle.dumps(board))
    assert isinstance(again, HexBoard)
    assert (again.width, again.height, again.scale) == (6, 4, HEX_1)
    assert dict(again.terrain_map()) == dict(board.terrain_map())
    assert again != board  # identity: a board equals only itself
    # Issue 14 point 12 (was `hash(board) == hash(board)`, true of any object): hashed by identity, so an
    # equal-looking copy is another key and a copy.copy is the same one.
    assert hash(board) == object.__hash__(board)
    assert len({board, again, copy.copy(board)}) == 2
    assert repr(board) == "HexBoard(6x4, 1 hex, 2 non-floor cells)"


# --- clamp ---------------------------------------------------------------------------------------


@given(ANYWHERE)
def test_clamp_gives_a_nearest_cell_on_the_board(p: Pos) -> None:
    clamped = BOARD.clamp(p)
    assert BOARD.in_bounds(clamped)
    assert BOARD.distance(p, clamped) == min(BOARD.distance(p, c) for c in BOARD.cells())
    if BOARD.in_bounds(p):
        assert clamped == p


def test_clamp_pulls_each_coordinate_back_onto_the_board() -> None:
    """Off the west edge a hex stays in its row; off the south edge it keeps its q."""
    assert BOARD.clamp((-4, 5)) == (0, 5)
    assert BOARD.clamp((7, 13)) == (7, 9)
    assert BOARD.clamp((-5, -5)) == (0, 0)
    assert BOARD.clamp((20, -3)) == (11, 0)


# --- movement ------------------------------------------------------------------------------------


@given(ANY, st.integers(0, 8))
def test_reachable_on_an_open_board_is_a_breadth_first_search(start: Pos, budget: int) -> None:
    steps = bfs(BOARD, start)
    assert reachable(BOARD, start, budget) == {p: s for p, s in steps.items() if s <= budget}


@given(st.data())
def test_reachable_matches_a_reference_search_with_walls_and_rough_ground(data: st.DataObject) -> None:
    board = data.draw(hex_boards())
    start = data.draw(cell_of(board))
    budget = data.draw(st.integers(0, 12))
    blocked = data.draw(st.frozensets(cell_of(board), max_size=3)) - {start}
    difficult = data.draw(st.frozensets(cell_of(board), max_size=3))
    got = reachable(board, start, budget, blocked=blocked, difficult=difficult)
    assert got == reference_costs(board, start, budget, blocked, difficult)


@given(st.data())
def test_find_path_steps_between_neighbours_at_the_cheapest_cost(data: st.DataObject) -> None:
    board = data.draw(hex_boards())
    start, goal = data.draw(cell_of(board)), data.draw(cell_of(board))
    costs = reachable(board, start, 99)
    path = find_path(board, start, goal)
    if goal not in costs:
        assert path is None
        return
    assert path is not None
    assert path.cells[0] == start
    assert path.cells[-1] == goal
    assert path.cost == costs[goal]
    assert all(board.step_cost(p, q) is not None for p, q in pairwise(path.cells))
    assert explore(board, start, None).path_to(goal) == path
    assert reachable_paths(board, start, 99)[goal] == path


def test_a_wall_forces_a_detour_and_rough_ground_costs_double() -> None:
    board = HexBoard(5, 3, terrain={(2, 0): WALL, (2, 1): WALL, (1, 2): ROUGH})
    path = find_path(board, (0, 0), (4, 0))
    assert path is not None
    assert (2, 0) not in path.cells and (2, 1) not in path.cells
    assert path.cells[-4:] == ((1, 2), (2, 2), (3, 1), (4, 0))  # the only way past the wall
    assert path.cost == 7  # (1, 2) is rough ground
    assert len(path.cells) == 7
    assert reachable(board, (0, 2), 1) == {(0, 2): 0, (0, 1): 1, (1, 1): 1}


def test_a_straight_move_follows_the_row() -> None:
    path = find_path(BOARD, (1, 5), (6, 5))
    assert path is not None
    assert path.cells == tuple((q, 5) for q in range(1, 7))
    assert path.cost == 5


# --- sight ---------------------------------------------------------------------------------------


def test_a_wall_on_the_line_blocks_sight_and_cover_reads_the_line() -> None:
    board = HexBoard(8, 8, terrain={(3, 3): WALL, (5, 2): CRATE})
    assert (3, 3) in board.line((1, 3), (5, 3))
    assert not line_of_sight(board, (1, 3), (5, 3))
    assert not line_of_sight(board, (5, 3), (1, 3))
    assert cover_between(board, (1, 3), (5, 3)) == Cover.FULL
    assert line_of_sight(board, (1, 4), (5, 4))
    assert line_of_sight(board, (2, 3), (3, 3))  # neighbours always see each other
    assert cover_between(board, (5, 0), (5, 4)) == Cover.PARTIAL  # the crate at (5, 2)
    assert cover_between(board, (1, 5), (5, 5), blockers={(3, 5)}) == Cover.PARTIAL
    assert not line_of_sight(board, (1, 5), (5, 5), blockers={(3, 5)})


@given(ANY, ANY)
def test_sight_is_symmetric_on_a_board_with_walls(a: Pos, b: Pos) -> None:
    board = HexBoard(12, 10, terrain={(q, 4): WALL for q in range(2, 9, 2)})
    assert line_of_sight(board, a, b) == line_of_sight(board, b, a)


# --- areas ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("radius", [0, 1, 2, 3, 4])
def test_burst_and_square_area_on_an_open_board_are_hexagons(radius: int) -> None:
    """A hexagon of radius r holds 3r(r + 1) + 1 hexes."""
    board = HexBoard(11, 11)
    center = (5, 5)
    hexagon = 3 * radius * (radius + 1) + 1
    assert len(burst(board, center, radius)) == hexagon
    assert len(square_area(board, center, radius)) == hexagon
    assert burst(board, center, radius) == square_area(board, center, radius)


def test_aura_is_the_ring_of_six_then_eighteen() -> None:
    assert aura(BOARD, (5, 5), 1) == frozenset(BOARD.neighbors((5, 5)))
    assert len(aura(BOARD, (5, 5), 1)) == 6
    assert len(aura(BOARD, (5, 5), 2)) == 18
    assert len(aura(BOARD, (0, 0), 1)) == 2  # a corner: only two neighbours on the board


def test_a_wall_shelters_the_hexes_behind_it_from_a_burst() -> None:
    board = HexBoard(9, 9, terrain={(5, 4): WALL})
    blast = burst(board, (3, 4), 3)
    assert (5, 4) in blast  # the wall itself is hit
    assert (6, 4) not in blast
    assert (4, 4) in blast


def test_line_area_runs_along_the_row_and_stops_at_a_wall() -> None:
    board = HexBoard(10, 5, terrain={(7, 2): WALL})
    assert line_area(board, (2, 2), (3, 2), 4) == {(3, 2), (4, 2), (5, 2), (6, 2)}
    assert line_area(board, (2, 2), (3, 2), 9) == {(3, 2), (4, 2), (5, 2), (6, 2)}
    assert line_area(board, (2, 2), (3, 1), 2) == {(3, 1), (4, 0)}  # toward the north-east edge


def test_line_area_toward_a_far_cell_has_one_hex_per_step() -> None:
    cells = line_area(BOARD, (1, 1), (5, 3), 6)
    assert len(cells) == 6
    assert sorted(BOARD.distance((1, 1), p) for p in cells) == [1, 2, 3, 4, 5, 6]


def test_cone_widens_evenly_around_its_direction() -> None:
    """Toward the east: the hexes within 45° of east, mirrored about the row of the origin."""
    origin = (5, 5)
    cells = cone(BOARD, origin, (6, 5), 3)
    assert cone(BOARD, origin, (6, 5), 2) == {(6, 5), (7, 5), (6, 6), (7, 4)}
    assert len(cells) == 9
    assert {(8, 3), (8, 4), (8, 5), (7, 6), (6, 7)} <= cells
    ox, oy = BOARD.center(origin)
    mirrored = {_mirror(BOARD, p, oy) for p in cells}
    assert mirrored == cells
    assert all(BOARD.center(p)[0] > ox for p in cells)


# --- directions, scatter and straight runs -------------------------------------------------------


def test_direction_faces_count_clockwise_from_north_east() -> None:
    assert [direction_from_face(BOARD, face) for face in range(1, 7)] == [NE, E, SE, SW, W, NW]
    with pytest.raises(ValueError, match=r"1\.\.6"):
        direction_from_face(BOARD, 7)


def test_scatter_and_offset_stay_on_the_board() -> None:
    assert offset(BOARD, (5, 5), E, 3) == (8, 5)
    assert offset(BOARD, (5, 5), W, 9) == (0, 5)
    assert scatter_relative(BOARD, (2, 5), (6, 5), 0, 2) == (8, 5)  # beyond, along the row
    landed = scatter_relative(BOARD, (2, 5), (6, 5), 2, 0)
    assert BOARD.center(landed)[1] > BOARD.center((6, 5))[1]  # to the right of an eastward throw: south
    assert BOARD.distance((6, 5), landed) == 2
    assert BOARD.in_bounds(scatter_relative(BOARD, (0, 0), (11, 9), 20, 20))


def test_straight_runs_follow_the_six_directions() -> None:
    assert straight_run(BOARD, (1, 4), (4, 1)) == [(1, 4), (2, 3), (3, 2), (4, 1)]
    assert straight_run(BOARD, (1, 1), (1, 4)) == [(1, 1), (1, 2), (1, 3), (1, 4)]
    assert straight_run(BOARD, (1, 1), (2, 3)) is None
    assert straight_run(BOARD, (4, 4), (4, 4)) == [(4, 4)]
    assert is_straight_line(BOARD, [(3, 3), (2, 4), (1, 5)])
    assert not is_straight_line(BOARD, [(3, 3), (4, 4)])  # (1, 1) is not a hex step


def _vector(step: Pos) -> tuple[float, float]:
    (x0, y0), (x1, y1) = BOARD.center((0, 0)), BOARD.center(step)
    return (x1 - x0, y1 - y0)


def _mirror(board: HexBoard, p: Pos, axis_y: float) -> Pos:
    """The hex whose centre is ``p``'s reflected in the horizontal line ``y = axis_y``."""
    x, y = board.center(p)
    target = (x, 2 * axis_y - y)
    return min(board.cells(), key=lambda c: math.dist(board.center(c), target))
