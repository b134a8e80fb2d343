"""Issue 14 point 9 on THRUM: a Move (or a Dash) along waypoints, each leg the cheapest path between its
squares by THRUM's step costs: climbing and dropping (17), a drop of 2+ levels rolled for instead (18),
leaving a difficult square, a Terrain Effect's too (19, 29), allies' and enemies' squares (14); a
Disoriented character's steps are rolled one by one (45), so it names no route."""

from __future__ import annotations

from tactica.engine import Fight
from tests.systems.common import kinds, last, refuses_each, saves_and_replays
from tests.systems.thrum.helpers import fighter, fighter_state, new_fight

#   x: 0 1 2 3 4 5
#  y0  3 3 . . . .      ana on a level-3 ledge at (0,0); a ramp down at (1,1), (2,1)
#  y1  3 2 1 . . .
#  y2  . . . . # .      a wall at (4,2)
LEDGE = "3 3 . . . .\n3 2 1 . . .\n. . . . # ."


def ledge(dice: list[int] | None = None, **ana: object) -> Fight:
    sheet = {"ref": 2, "speed": 4, **ana}
    return new_fight(
        fighter("ana", "heroes", (0, 0), **sheet), fighter("orc", "raiders", (5, 2)), dice=dice, text=LEDGE
    )


def test_thrum_18_a_route_off_the_ledge_rolls_for_the_drop_where_the_cheapest_path_does_not() -> None:
    """THRUM 17-18 with issue 14 point 9: the cheapest way to (4,0) goes down the ramp a level a step, for
    free, with no drop to roll for; the route jumps the 3 levels at (1,0)-(2,0) and rolls there (Reflex 2d6
    [6 6] + 2 against the environment's [1 1] + 3: success, no extra cost)."""
    cheapest = ledge([])
    assert "no drop of 2 or more levels" in (cheapest.why_illegal("ana move @4,0 +reflex") or "")
    cheapest.apply("ana move @4,0")
    assert "Descended" not in kinds(cheapest)
    fight = ledge([6, 6, 1, 1])
    fight.apply("ana move @1,0 @2,0 @4,0 +reflex")
    descended = last(fight, "Descended")
    assert (descended.at, descended.levels, descended.success) == ((2, 0), 3, True)
    assert (last(fight, "Stepped").path, fighter_state(fight, "ana").spent) == (
        ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)),
        4,
    )


def test_thrum_17_19_29_an_illegal_route_is_refused_naming_the_leg_and_changes_nothing() -> None:
    """THRUM 17 (without a roll the drop of 3 costs 1 + 2 more), walls, 14 (enemies' squares), 18 (a roll
    named on a route without a drop of 2 or more)."""
    fight = ledge([])
    refusals = {
        "ana move @1,0 @2,0 @4,0": "leg 3 (@2,0 to @4,0) takes the route to 6 squares of movement, more than"
        " the 4",
        "ana move @2,1 @3,2 @4,2": "leg 3 (@3,2 to @4,2): @4,2 is a wall",
        "ana move @1,1 @2,1 @3,1 +reflex": "the route has no drop of 2 or more levels to roll for",
    }
    refuses_each(fight, refusals)
    far = ledge([], speed=8)
    assert "@5,2 cannot be entered (enemies' squares" in (far.why_illegal("ana move @4,1 @5,2") or "")


def test_thrum_19_29_a_route_through_an_enemy_aura_pays_for_leaving_its_squares() -> None:
    """THRUM 19, 29 with issue 14 point 9: mo's Mire (an Aura Terrain Effect) makes the squares around her
    difficult; the cheapest way past keeps out of it, the route through it pays 1 more for each Mire square
    it leaves."""
    mire = {"title": "Mire", "kind": "action", "tags": ["terrain_effect"], "target": "area", "shape": "aura"}
    fight = new_fight(
        fighter("mo", "raiders", (3, 2), arts={"ninjutsu": 0}, abilities=["mire"]),
        fighter("bo", "heroes", (0, 2), speed=10),
        text="\n".join([". . . . . . ."] * 5),
        dice=[],
        abilities={"mire": {**mire, "size": 1, "difficult": True}},
    )
    fight.apply("mo mire")
    fight.apply("mo end")
    cheapest = fight.clone()
    cheapest.apply("bo move @6,2")
    assert last(cheapest, "Stepped").cost == 6
    fight.apply("bo move @2,2 @3,3 @4,2 @6,2")
    stepped = last(fight, "Stepped")
    assert (stepped.path, stepped.cost) == (((0, 2), (1, 2), (2, 2), (3, 3), (4, 2), (5, 2), (6, 2)), 9)


def test_thrum_45_a_disoriented_character_names_no_route_and_a_dash_may() -> None:
    """THRUM 45: each Disoriented step is rolled for, so a route is refused; a Dash takes a route."""
    dizzy = ledge([], conditions=["disoriented"])
    assert "Disoriented" in (dizzy.why_illegal("ana move @1,1 @2,1") or "")
    fight = ledge([])
    fight.apply("ana dash @1,1 @2,1 @3,0")
    assert last(fight, "Stepped").path == ((0, 0), (1, 1), (2, 1), (3, 0))


def test_a_route_saves_and_replays_with_its_roll() -> None:
    fight = ledge([6, 6, 1, 1])
    fight.apply("ana move @1,0 @2,0 @4,0 +reflex")
    assert str(saves_and_replays(fight).history[0]) == "ana move @1,0 @2,0 @4,0 +reflex"
