"""Issue 14 point 9 on Phase 3d6: a move (or a Withdraw) along waypoints, each leg the cheapest path between
its hexes. The route is checked by rules 9, 14, 17 and 18 (enemies and walls block, a half move is a move
action, more is the full-Phase move, nothing after a 1-hex step), and an attack of opportunity is offered
where the route leaves a threatened hex (rules 8-10)."""

from __future__ import annotations

from tactica.engine import Fight
from tests.systems.common import refuses_each, saves_and_replays
from tests.systems.phase3d6.helpers import fighter, kinds, last, new_fight

#   q: 0 1 2 3 4 5 6
#  r0  . . . . . . .
#  r1  . . . . . . .
#  r2  . . . o . . .      o: the orc (fists: it threatens the six hexes around it)
#  r3  . . . . # . .      a wall at (4, 3)
#  r4  . . . . . . .
MAP = "\n".join([". . . . . . ."] * 3 + [". . . . # . .", ". . . . . . ."])


def near_orc(start: tuple[int, int], **sheet: object) -> Fight:
    return new_fight(fighter("ana", "red", start, move=10, **sheet), fighter("orc", "blue", (3, 2)), text=MAP)


def test_10_a_route_next_to_the_orc_provokes_where_the_cheapest_path_does_not() -> None:
    """Rules 8-10 with issue 14 point 9: the top row keeps two hexes from the orc; the route through (3,1)
    leaves a hex it threatens, so the move stops there for the orc's decision and goes on after it."""
    cheapest = near_orc((0, 0))
    cheapest.apply("ana move @6,0")
    assert "OpportunityOffered" not in kinds(cheapest)
    fight = near_orc((0, 0))
    fight.apply("ana move @3,1 @6,0")
    assert fight.deciding() == ["orc"] and fight.state.fighters["ana"].pos == (3, 1)
    fight.apply("orc pass")
    assert fight.state.fighters["ana"].pos == (6, 0)
    assert kinds(fight).count("OpportunityOffered") == 1


def test_10_a_route_over_the_top_avoids_the_offer_the_cheapest_path_raises() -> None:
    """Rules 8-10 with issue 14 point 9: the cheapest way from (0,2) to (6,2) passes the orc's side; the
    route over the top row never comes next to it."""
    cheapest = near_orc((0, 2))
    cheapest.apply("ana move @6,2")
    assert cheapest.deciding() == ["orc"]
    fight = near_orc((0, 2))
    fight.apply("ana move @2,0 @5,0 @6,2")
    assert "OpportunityOffered" not in kinds(fight) and fight.state.fighters["ana"].pos == (6, 2)


def test_14_17_a_route_is_a_half_move_or_the_full_phase_move_by_its_cost() -> None:
    """Rules 14 and 17: a route of at most half the combat movement (5 of 10) is a move action; a longer one
    the full-Phase move."""
    half = near_orc((0, 0))
    half.apply("ana move @1,0 @2,0 @2,1")
    assert last(half, "ManeuverUsed").maneuver == "half-move"
    full = near_orc((0, 0))
    full.apply("ana move @1,0 @5,0 @6,0")
    assert last(full, "ManeuverUsed").maneuver == "full-move"


def test_9_17_18_an_illegal_route_is_refused_naming_the_leg_and_changes_nothing() -> None:
    """Rule 9 (enemies block), walls, rule 17 (the combat movement) and rule 18 (no movement after a step)."""
    fight = near_orc((0, 0))
    refusals = {
        "ana move @3,3 @4,3": "leg 2 (@3,3 to @4,3): @4,3 is a wall",
        "ana move @1,0 @2,0 +haymaker": "a move takes no flags",
        "ana move @2,2 @3,2 @4,2": "leg 2 (@2,2 to @3,2): @3,2 cannot be entered (enemies and closed doors",
        "ana move @0,4 @6,4 @6,0": "leg 3 (@6,4 to @6,0) takes the route to 14 hexes of movement, more than the"
        " 10 hexes of ana's combat movement (rule 17)",
    }
    assert fight.why_illegal("ana move @0,4 @6,4") is None, "4 + 6: exactly the combat movement"
    refuses_each(fight, refusals)
    fight.apply("ana step @1,0")
    assert "1-hex step this Phase" in (fight.why_illegal("ana move @2,0 @3,0") or "")


def test_e9_a_withdraw_may_follow_a_route_and_provokes_nothing() -> None:
    """E9 (default 'never'): a Withdraw along waypoints past the orc is offered no attack of opportunity."""
    fight = near_orc((2, 2))
    fight.apply("ana withdraw @2,1 @3,1 @6,0")
    assert "OpportunityOffered" not in kinds(fight) and fight.state.fighters["ana"].pos == (6, 0)
    assert last(fight, "ManeuverUsed").maneuver == "withdraw"


def test_a_route_saves_and_replays_with_its_offer() -> None:
    fight = near_orc((0, 0))
    fight.apply("ana move @3,1 @6,0")
    fight.apply("orc pass")
    assert str(saves_and_replays(fight).history[0]) == "ana move @3,1 @6,0"
