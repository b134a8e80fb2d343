"""Issue 14 point 9 on FuturePath: a move along waypoints. Each leg is the cheapest path between its squares;
the route as a whole is checked by rules 8-9, 11, 15 and ruling A18 (cost, allowance, difficult terrain,
enemies and walls), and a Tactical Opportunity (A9) is raised where the route leaves a Threat Range."""

from __future__ import annotations

from tactica.engine import Fight
from tests.systems.common import refuses_each, saves_and_replays
from tests.systems.futurepath.helpers import fighter, kinds, new_fight

#   x: 0 1 2 3 4 5 6
#  y0  a . . . . . .      a: the mover, Speed 30 ft (6 squares)
#  y1  . . . . . . .
#  y2  . . . c . . .      c: an enemy with a short sword drawn (Threat Range 1 square)
#  y3  . . . # . . .
MAP = ". . . . . . .\n. . . . . . .\n. . . . . . .\n. . . # . . ."


def brawl(start: tuple[int, int] = (0, 0), speed_ft: int = 30, **options: object) -> Fight:
    return new_fight(
        fighter("a", "red", start, speed_ft=speed_ft),
        fighter("c", "blue", (3, 2), weapons=["short-sword"], drawn=["short-sword"]),
        text=MAP,
        dice=[],
        options=options,
    )


def test_a9_a_route_past_an_enemy_provokes_where_the_cheapest_path_does_not() -> None:
    """A9 with issue 14 point 9: the top row keeps 2 squares from c; the route dips into c's Threat Range and
    leaves it, so the move stops for c's decision there, and goes on after it."""
    cheapest = brawl()
    cheapest.apply("a move @6,0")
    assert "OpportunityRaised" not in kinds(cheapest)
    fight = brawl()
    fight.apply("a move @2,1 @4,1 @6,0")
    assert fight.deciding() == ["c"] and fight.state.fighters["a"].pos == (4, 1)
    fight.apply("c pass")
    assert fight.state.fighters["a"].pos == (6, 0)
    assert kinds(fight).count("OpportunityRaised") == 1


def test_a9_a_route_round_an_enemy_avoids_the_opportunity_the_cheapest_path_raises() -> None:
    """A9 with issue 14 point 9: from (1,2), next to nobody, the cheapest way to (5,2) passes c's side and
    leaves its Threat Range; the route over the top row never enters it (Speed 40 ft: 8 squares)."""
    cheapest = brawl((1, 2), 40)
    cheapest.apply("a move @5,2")
    assert cheapest.deciding() == ["c"]
    fight = brawl((1, 2), 40)
    fight.apply("a move @1,0 @5,0 @5,2")
    assert "OpportunityRaised" not in kinds(fight) and fight.state.fighters["a"].pos == (5, 2)


def test_9_and_11_an_illegal_route_is_refused_naming_the_leg_and_changes_nothing() -> None:
    """FuturePath 9 (walls and enemies block, no move ends in an occupied square) and 11 (a Standard Move
    covers the Speed): each refusal names the leg; the fight is unchanged."""
    fight = brawl()
    refusals = {
        "a move @2,3 @3,3": "leg 2 (@2,3 to @3,3): @3,3 is a wall",
        "a move @2,2 @3,2 @4,2": "leg 2 (@2,2 to @3,2): @3,2 cannot be entered (enemies",
        "a move @0,3 @6,3": "leg 2 (@0,3 to @6,3) takes the route to 9 squares of movement, more than the 6",
        "a move @1,0 @1,0": "leg 2 (@1,0 to @1,0) goes nowhere",
    }
    refuses_each(fight, refusals)
    assert fight.why_illegal("a walk @1,0 @3,0 @3,1") is not None, "a Walk has half the Speed: 3 squares"
    assert fight.why_illegal("a walk @1,0 @3,0") is None


def test_15_a18_a_route_through_difficult_terrain_pays_for_it_by_the_option() -> None:
    """FuturePath 15 / A18: per square, difficult terrain costs 2 along the route; 'whole_move', a route that
    enters it has half the allowance (3 squares of 6)."""
    text = ". ~ . . . .\n. . . . . ."
    per_square = new_fight(fighter("a", "red", (0, 0)), fighter("c", "blue", (5, 1)), text=text, dice=[])
    assert per_square.why_illegal("a move @1,0 @5,0") is None  # 2 + 4
    assert "takes the route to 7 squares" in (per_square.why_illegal("a move @1,0 @1,1 @5,0") or "")
    whole = new_fight(
        fighter("a", "red", (0, 0)),
        fighter("c", "blue", (5, 1)),
        text=text,
        dice=[],
        options={"difficult_terrain": "whole_move"},
    )
    assert whole.why_illegal("a move @1,0 @3,0") is None
    reason = whole.why_illegal("a move @1,0 @4,0") or ""
    assert "leg 2 (@1,0 to @4,0) takes the route to 4 squares of movement, more than the 3" in reason
    assert "enters difficult terrain" in reason
    assert whole.why_illegal("a move @1,1 @5,0") is None, "round the difficult square: the whole 6"


def test_a_route_saves_and_replays_with_its_opportunity() -> None:
    """Issue 14 point 9: the route and the decision it raised replay from the JSON save."""
    fight = brawl()
    fight.apply("a move @2,1 @4,1 @6,0")
    fight.apply("c pass")
    loaded = saves_and_replays(fight)
    assert str(loaded.history[0]) == "a move @2,1 @4,1 @6,0"
