"""Issue 14 point 9 on Star Rangers: a move along waypoints, each leg the cheapest path between its squares,
checked by rule 1 (a move action covers the speed in 1.5 m squares; difficult ground costs 2; standing
enemies block, others' squares are crossed, not ended in) and rule 22 (a prone combatant stands first). The
seed has no attacks of opportunity (its movement section is a FIXME), so a route changes the squares walked
and what they cost, never an interrupt."""

from __future__ import annotations

from tactica.engine import Fight
from tests.systems.common import refuses_each, saves_and_replays
from tests.systems.srb.helpers import fighter, last, new_fight

#   x: 0 1 2 3 4 5 6
#  y0  k . ~ ~ . . .      k: kat (9 m: 6 squares); ~ difficult ground
#  y1  . . ~ ~ . . .
#  y2  . . . . . . .
#  y3  . . . # r . .      a wall at (3,3); r: rook, a standing enemy
MAP = ". . ~ ~ . . .\n. . ~ ~ . . .\n. . . . . . .\n. . . # . . ."


def ground(**kat: object) -> Fight:
    return new_fight(fighter("kat", "rangers", (0, 0), **kat), fighter("rook", "raiders", (4, 3)), text=MAP)


def test_1_a_route_through_difficult_ground_pays_2_a_square_where_the_cheapest_path_goes_round() -> None:
    """Star Rangers 1: the cheapest way to (4,0) goes round for 5 squares of movement; the route straight
    through the difficult ground costs 1 + 2 + 2 + 1 = 6, the whole move action."""
    cheapest = ground()
    cheapest.apply("kat move @4,0")
    assert last(cheapest, "SrbMoved").squares == 5
    fight = ground()
    fight.apply("kat move @1,0 @4,0")
    moved = last(fight, "SrbMoved")
    assert (moved.path, moved.squares) == (((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)), 6)
    assert fight.state.fighters["kat"].pos == (4, 0)


def test_1_22_an_illegal_route_is_refused_naming_the_leg_and_changes_nothing() -> None:
    """Star Rangers 1 (speed, walls, standing enemies, no ending in another's square) and 22 (prone)."""
    fight = ground()
    refusals = {
        "kat move @1,0 @4,0 @5,0": "leg 3 (@4,0 to @5,0) takes the route to 7 squares of movement, more than"
        " the 6 squares of 1.5 m kat has for one move action",
        "kat move @2,2 @3,3": "leg 2 (@2,2 to @3,3): @3,3 is a wall",
        "kat move @3,2 @4,3 @5,2": "leg 2 (@3,2 to @4,3): @4,3 cannot be entered (standing enemies block",
        "kat move @1,1 @2,2 +fast": "a move takes no flags",
    }
    refuses_each(fight, refusals)
    prone = ground(prone=True)
    assert "Star Rangers 22" in (prone.why_illegal("kat move @1,0 @2,1") or "")


def test_a_route_saves_and_replays() -> None:
    fight = ground()
    fight.apply("kat move @1,0 @4,0")
    assert str(saves_and_replays(fight).history[0]) == "kat move @1,0 @4,0"
