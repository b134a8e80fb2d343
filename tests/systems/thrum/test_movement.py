"""THRUM 12-14, 17-19 and 45, rulings C8, C9, C13, C15: steps and Speed, allies and enemies, elevation, the
descent roll, difficult terrain, Disoriented steps; options default_speed, fall_dazed,
descent_ties_to_environment, disoriented_blocked_step.

Dice order of a descent (context.md): the mover's roll, then the environment's (2d6 + the drop).
"""

from __future__ import annotations

from typing import Any

import pytest

from tactica.engine import Action, Fight
from tests.systems.thrum.helpers import fighter, fighter_state, last, new_fight, of, offered

OPEN5 = "\n".join([". . . . ."] * 5)
CORRIDOR = "# # # # # #\n. . . . . .\n# # # # # #"


def why(fight: Fight, text: str) -> str:
    """The refusal of an action (empty when it is legal)."""
    return fight.why_illegal(Action.parse(text)) or ""


def squares(actions: set[str]) -> set[tuple[int, int]]:
    """The destinations of 'X move @x,y' texts (flags ignored)."""
    out = set()
    for text in actions:
        at = Action.parse(text).at
        assert at is not None
        out.add(at)
    return out


def chebyshev_ball(centre: tuple[int, int], radius: int, size: int) -> set[tuple[int, int]]:
    cx, cy = centre
    return {
        (x, y)
        for x in range(size)
        for y in range(size)
        if max(abs(x - cx), abs(y - cy)) <= radius and (x, y) != centre
    }


# --- THRUM 12-13: steps ----------------------------------------------------------------------------------------


def test_thrum_12_each_of_the_eight_neighbours_costs_one() -> None:
    """THRUM 12: every square has 8 adjacent squares; with Speed 1 a character can step to each of them."""
    fight = new_fight(
        fighter("ana", "heroes", (2, 2), speed=1), fighter("orc", "raiders", (4, 4)), dice=[], text=OPEN5
    )
    assert squares(offered(fight, "move")) == chebyshev_ball((2, 2), 1, 5)
    fight.apply("ana move @1,1")
    stepped = last(fight, "Stepped")
    assert (stepped.path, stepped.cost) == (((2, 2), (1, 1)), 1)


@pytest.mark.parametrize("speed", [0, 1, 2, 3])
def test_thrum_13_speed_reaches_every_square_within_that_distance(speed: int) -> None:
    """THRUM 12-13: on open ground a Speed of N reaches exactly the squares at distance <= N = max(|dx|, |dy|)
    (the enemy's square excluded)."""
    fight = new_fight(
        fighter("ana", "heroes", (2, 2), speed=speed), fighter("orc", "raiders", (0, 4)), dice=[], text=OPEN5
    )
    expected = chebyshev_ball((2, 2), speed, 5) - {(0, 4)}
    assert squares(offered(fight, "move")) == expected
    if speed == 0:
        assert "has no movement left this turn (Speed 0)" in why(fight, "ana move @2,1")


# --- THRUM 14: allies and enemies -----------------------------------------------------------------------------


def test_thrum_14_allies_can_be_passed_through_but_not_stopped_on() -> None:
    """THRUM 14: a character moves through an ally's square as if open, but cannot end its move there."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 1)),
        fighter("bo", "heroes", (1, 1)),
        fighter("orc", "raiders", (5, 1)),
        dice=[],
        text=CORRIDOR,
    )
    assert squares(offered(fight, "move")) == {(2, 1), (3, 1), (4, 1)}
    assert "ana cannot reach @1,1 with 4 squares of movement" in why(fight, "ana move @1,1")
    fight.apply("ana move @2,1")
    stepped = last(fight, "Stepped")
    assert (stepped.path, stepped.cost) == (((0, 1), (1, 1), (2, 1)), 2)


def test_thrum_14_an_ally_at_the_end_of_the_reach_is_not_a_destination() -> None:
    """THRUM 14: with just enough Speed to reach an ally's square, that square is still not offered."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 1), speed=2),
        fighter("bo", "heroes", (2, 1)),
        fighter("orc", "raiders", (5, 1)),
        dice=[],
        text=CORRIDOR,
    )
    assert squares(offered(fight, "move")) == {(1, 1)}


def test_thrum_14_enemy_squares_cannot_be_entered() -> None:
    """THRUM 14: a character cannot move into (or through) an enemy's square."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 1)), fighter("orc", "raiders", (2, 1)), dice=[], text=CORRIDOR
    )
    assert squares(offered(fight, "move")) == {(1, 1)}
    assert "ana cannot reach @3,1 with 4 squares of movement" in why(fight, "ana move @3,1")
    assert "cannot reach @2,1" in why(fight, "ana move @2,1")


# --- THRUM 17: elevation --------------------------------------------------------------------------------------

CLIFF = ". 1 3 . ."  # levels 0, 1, 3, 0, 0


def test_thrum_17_one_level_is_free_each_further_level_costs_one() -> None:
    """THRUM 17: a step up or down one level costs 1; each level beyond the first adds 1 (0->1: 1, 1->3: 2,
    3->0: 3)."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0), speed=6), fighter("orc", "raiders", (4, 0)), dice=[], text=CLIFF
    )
    fight.apply("ana move @3,0")
    stepped = last(fight, "Stepped")
    assert (stepped.path, stepped.cost) == (((0, 0), (1, 0), (2, 0), (3, 0)), 6)


def test_thrum_17_a_move_that_costs_more_than_speed_is_refused() -> None:
    """THRUM 17: with Speed 5 the drop from level 3 (3 squares) cannot be paid; rolling instead is offered."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0), speed=5), fighter("orc", "raiders", (4, 0)), dice=[], text=CLIFF
    )
    assert "ana cannot reach @3,0 with 5 squares of movement" in why(fight, "ana move @3,0")
    assert {a for a in offered(fight, "move") if "@3,0" in a} == {
        "ana move @3,0 +endurance",
        "ana move @3,0 +reflex",
    }


# --- THRUM 18 / C8 / C9: the descent roll -----------------------------------------------------------------

LEDGE = "3 . . . ."  # a drop of 3 from (0,0)
HIGH = "3 3 . . ."  # a drop of 3 after one step along the top


def faller(text: str, dice: list[int], speed: int = 4, **options: Any) -> Fight:
    return new_fight(
        fighter("ana", "heroes", (0, 0), end=1, ref=2, speed=speed),
        fighter("orc", "raiders", (4, 0)),
        dice=dice,
        text=text,
        options=options,
    )


def test_thrum_18_rolling_is_offered_only_where_it_saves_movement() -> None:
    """THRUM 18: +endurance / +reflex apply to drops of 2+ levels; on flat ground or climbing they are not
    offered; another flag is refused."""
    fight = faller(LEDGE, [])
    rolling = {a for a in offered(fight, "move") if "+" in a}
    assert squares(rolling) == {(1, 0), (2, 0), (3, 0)}
    assert "ana move @3,0 +endurance" in rolling and "ana move @3,0 +reflex" in rolling
    assert "ana move @3,0" not in offered(fight, "move")  # 3 + 1 + 1 = 5 > 4 without the roll
    flat = faller(". . . . .", [])
    assert {a for a in offered(flat, "move") if "+" in a} == set()
    climb = new_fight(
        fighter("ana", "heroes", (0, 0)), fighter("orc", "raiders", (2, 1)), dice=[], text=". 3 #\n# # ."
    )
    assert offered(climb, "move") == {"ana move @1,0"}  # a 3-level climb: 3 squares, no roll
    assert "unknown flag '+jump' for move; a move may name +endurance or +reflex" in why(
        fight, "ana move @1,0 +jump"
    )


def test_thrum_18_a_drop_of_exactly_two_may_be_rolled_for() -> None:
    """THRUM 18: 'two or more elevations below': a drop of 2 qualifies, a drop of 1 does not."""
    two = faller("2 . . . .", [])
    assert "ana move @1,0 +endurance" in offered(two, "move")
    one = faller("1 . . . .", [])
    assert "ana move @1,0 +endurance" not in offered(one, "move")


def test_thrum_18_a_successful_endurance_roll_lands_at_no_extra_cost() -> None:
    """THRUM 18: Endurance (END) against the environment's 2d6 + the drop; success: no extra cost, no effect."""
    fight = faller(LEDGE, [4, 4, 2, 2])
    fight.apply("ana move @2,0 +endurance")
    mine, theirs = of(fight.events, "Rolled2d6")
    assert (mine.actor, mine.what, mine.modifier, mine.total) == ("ana", "endurance roll (drop of 3)", 1, 9)
    assert (theirs.actor, theirs.what, theirs.modifier, theirs.total) == ("environment", "drop of 3", 3, 7)
    descended = last(fight, "Descended")
    assert (descended.at, descended.levels, descended.success, descended.stopped) == ((1, 0), 3, True, False)
    stepped = last(fight, "Stepped")
    assert (stepped.path, stepped.cost) == (((0, 0), (1, 0), (2, 0)), 2)
    ana = fighter_state(fight, "ana")
    assert (ana.pos, ana.spent, ana.statuses, ana.conditions) == ((2, 0), 2, {}, {})


def test_thrum_18_a_reflex_roll_uses_ref_without_the_evasion_boon() -> None:
    """THRUM 18: the Reflex roll adds REF; it is not an Evasion defence, so no Boon."""
    fight = faller(LEDGE, [5, 5, 1, 1])
    fight.apply("ana move @1,0 +reflex")
    mine = of(fight.events, "Rolled2d6")[0]
    assert (mine.what, mine.faces, mine.modifier, mine.boons, mine.total) == (
        "reflex roll (drop of 3)",
        (5, 5),
        2,
        0,
        12,
    )


def test_thrum_18_a_failure_slows_and_the_move_goes_on_within_the_new_speed() -> None:
    """THRUM 18: a failed roll gives +1 Slowed (Speed 4 -> 2); having spent less, the move (2 squares) goes on."""
    fight = faller(LEDGE, [1, 1, 3, 3])
    fight.apply("ana move @2,0 +endurance")
    descended = last(fight, "Descended")
    assert (descended.success, descended.stopped) == (False, False)
    ana = fighter_state(fight, "ana")
    assert (ana.pos, ana.spent, ana.statuses, ana.conditions) == ((2, 0), 2, {"slowed": 1}, {})


def test_thrum_18_a_failure_stops_a_move_longer_than_the_new_speed() -> None:
    """THRUM 18 (code's choice): a failure leaving less Speed than the planned move stops it on the landing
    square (no Dazed: movement remains); the rest of the new Speed can still be used."""
    fight = faller(LEDGE, [1, 1, 3, 3])
    fight.apply("ana move @3,0 +endurance")
    descended = last(fight, "Descended")
    assert (descended.at, descended.success, descended.stopped) == ((1, 0), False, True)
    ana = fighter_state(fight, "ana")
    assert (ana.pos, ana.spent, ana.statuses, ana.conditions) == ((1, 0), 1, {"slowed": 1}, {})
    assert squares(offered(fight, "move")) == {(2, 0)}  # Speed 2 - 1 spent; back up the ledge costs 3
    assert "ana move @3,0" not in offered(fight, "move")


def test_thrum_c8_a_failure_with_the_new_speed_spent_stops_and_dazes() -> None:
    """THRUM 18 / C8: movement already spent >= the new Speed -> no further movement, and Dazed."""
    fight = faller(HIGH, [1, 1, 3, 3], speed=3)
    fight.apply("ana move @3,0 +endurance")
    descended = last(fight, "Descended")
    assert (descended.at, descended.success, descended.stopped) == ((2, 0), False, True)
    ana = fighter_state(fight, "ana")
    assert (ana.pos, ana.spent, ana.statuses, ana.conditions) == ((2, 0), 2, {"slowed": 1}, {"dazed": 0})
    assert [(e.status, e.reason) for e in of(fight.events, "Afflicted")] == [
        ("slowed", "failed a descent roll"),
        ("dazed", "fell with no movement left"),
    ]
    assert offered(fight, "move") == set()


def test_thrum_18_a_dash_may_still_follow_a_dazing_fall() -> None:
    """THRUM 18 / C16 (code's choice): 'cannot move further' ends the Move; Dash, an Action that moves, is
    still open (up to the new, Slowed Speed)."""
    fight = faller(HIGH, [1, 1, 3, 3], speed=3)
    fight.apply("ana move @3,0 +endurance")
    assert offered(fight, "dash") == {"ana dash @3,0"}


def test_thrum_18_every_drop_of_two_or_more_on_the_way_is_rolled_for() -> None:
    """THRUM 18: a move over two drops of 2 levels rolls twice (mover, environment, mover, environment)."""
    fight = faller("4 2 . . .", [4, 4, 1, 1, 4, 4, 1, 1])
    fight.apply("ana move @3,0 +endurance")
    assert [(r.actor, r.total) for r in of(fight.events, "Rolled2d6")] == [
        ("ana", 9),
        ("environment", 4),
        ("ana", 9),
        ("environment", 4),
    ]
    assert [(d.at, d.levels, d.success) for d in of(fight.events, "Descended")] == [
        ((1, 0), 2, True),
        ((2, 0), 2, True),
    ]
    assert (last(fight, "Stepped").cost, fighter_state(fight, "ana").pos) == (3, (3, 0))


def test_thrum_c8_option_fall_dazed_off() -> None:
    """Option fall_dazed=False (C8): the same fall stops the move and Slows, but does not Daze."""
    fight = faller(HIGH, [1, 1, 3, 3], speed=3, fall_dazed=False)
    fight.apply("ana move @3,0 +endurance")
    ana = fighter_state(fight, "ana")
    assert (ana.pos, ana.statuses, ana.conditions) == ((2, 0), {"slowed": 1}, {})
    assert last(fight, "Descended").stopped is True


def test_thrum_c9_a_tie_goes_to_the_environment() -> None:
    """C9: the character must beat the environment's 2d6 + difference; a tie (9 vs 9) fails."""
    fight = faller(LEDGE, [3, 5, 3, 3])
    fight.apply("ana move @1,0 +endurance")
    mine, theirs = of(fight.events, "Rolled2d6")
    assert (mine.total, theirs.total) == (9, 9)
    assert last(fight, "Descended").success is False
    assert fighter_state(fight, "ana").statuses == {"slowed": 1}


def test_thrum_c9_option_descent_ties_to_environment_off() -> None:
    """Option descent_ties_to_environment=False (C9): the same tie is the character's success."""
    fight = faller(LEDGE, [3, 5, 3, 3], descent_ties_to_environment=False)
    fight.apply("ana move @1,0 +endurance")
    assert last(fight, "Descended").success is True
    assert fighter_state(fight, "ana").statuses == {}


def test_thrum_17_without_a_roll_the_drop_is_paid_and_nothing_is_rolled() -> None:
    """THRUM 17-18: a move without +endurance/+reflex pays the extra levels and rolls no die."""
    fight = faller(LEDGE, [])
    fight.apply("ana move @2,0")
    assert of(fight.events, "Rolled2d6") == []
    assert (last(fight, "Stepped").cost, fighter_state(fight, "ana").pos) == (4, (2, 0))


# --- THRUM 19: difficult terrain ------------------------------------------------------------------------------


def test_thrum_19_leaving_difficult_terrain_costs_one_more() -> None:
    """THRUM 19: entering a difficult square costs 1; exiting it costs +1 (1 + 2 = 3 to cross)."""
    slow = new_fight(
        fighter("ana", "heroes", (0, 0), speed=2),
        fighter("orc", "raiders", (4, 0)),
        dice=[],
        text=". ~ . . .",
    )
    assert squares(offered(slow, "move")) == {(1, 0)}
    assert "cannot reach @2,0 with 2 squares" in why(slow, "ana move @2,0")
    fast = new_fight(
        fighter("ana", "heroes", (0, 0), speed=3),
        fighter("orc", "raiders", (4, 0)),
        dice=[],
        text=". ~ . . .",
    )
    fast.apply("ana move @2,0")
    assert (last(fast, "Stepped").path, last(fast, "Stepped").cost) == (((0, 0), (1, 0), (2, 0)), 3)


def test_thrum_19_starting_on_difficult_terrain_costs_two_to_leave() -> None:
    """THRUM 19: a character standing on difficult terrain pays 2 for its first step out."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0), speed=1),
        fighter("orc", "raiders", (4, 0)),
        dice=[],
        text="~ . . . .",
    )
    assert offered(fight, "move") == set()
    assert "cannot reach @1,0 with 1 squares" in why(fight, "ana move @1,0")


def test_thrum_19_a_terrain_effect_makes_its_squares_difficult() -> None:
    """THRUM 19, 29: squares of a difficult Terrain Effect (Blizzard) cost +1 to leave."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0), arts={"elementalism": 0}, abilities=["blizzard"]),
        fighter("orc", "raiders", (4, 0), speed=2),
        dice=[],
        text=". . . . . .\n. . . . . .",
    )
    fight.apply("ana blizzard @4,0")
    fight.apply("ana end")
    assert squares(offered(fight, "move")) == {(3, 0), (3, 1), (4, 1), (5, 0), (5, 1)}
    fight.apply("orc move @3,0")
    assert last(fight, "Stepped").cost == 2


# --- C15: default Speed ---------------------------------------------------------------------------------------


def test_thrum_c15_a_character_without_speed_has_speed_four() -> None:
    """C15: Speed is per character; one without a stated Speed has the default 4."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0), speed=None),
        fighter("orc", "raiders", (6, 0)),
        dice=[],
        text=". " * 7,
    )
    assert squares(offered(fight, "move")) == {(1, 0), (2, 0), (3, 0), (4, 0)}


def test_thrum_c15_option_default_speed() -> None:
    """Option default_speed (C15): changes the Speed of characters without one, not of those with one."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0), speed=None),
        fighter("orc", "raiders", (6, 0), speed=3),
        dice=[],
        text=". " * 7,
        options={"default_speed": 2},
    )
    assert squares(offered(fight, "move")) == {(1, 0), (2, 0)}
    fight.apply("ana end")
    assert squares(offered(fight, "move")) == {(5, 0), (4, 0), (3, 0)}


# --- THRUM 45 / C13: Disoriented ------------------------------------------------------------------------------


def dizzy(dice: list[int], text: str = OPEN5, at: tuple[int, int] = (2, 2), **options: Any) -> Fight:
    return new_fight(
        fighter("ana", "heroes", at, conditions=["disoriented"]),
        fighter("orc", "raiders", (4, 4)),
        dice=dice,
        text=text,
        options=options,
    )


def test_thrum_45_a_disoriented_character_moves_one_adjacent_square_at_a_time() -> None:
    """THRUM 45: each attempt is a move to an adjacent square (no drop rolls)."""
    fight = dizzy([])
    assert squares(offered(fight, "move")) == chebyshev_ball((2, 2), 1, 5)
    assert all("+" not in a for a in offered(fight, "move"))
    assert "cannot reach @2,0" in why(fight, "ana move @2,0")


def test_thrum_45_a_seven_moves_as_intended_and_ends_disoriented() -> None:
    """THRUM 45: 2d6 = 7 -> the step goes where intended and Disoriented ends."""
    fight = dizzy([3, 4])
    events = fight.apply("ana move @2,1")
    assert of(events, "StepRedirected") == []
    assert last(fight, "Stepped").path == ((2, 2), (2, 1))
    assert [(e.status, e.stacks) for e in of(events, "Afflicted")] == [("disoriented", 0)]
    assert fighter_state(fight, "ana").conditions == {}


@pytest.mark.parametrize(
    ("faces", "landed"),
    [
        ((4, 4), (3, 1)),  # 8: 1 clockwise from north: north-east
        ((4, 5), (3, 2)),  # 9: 2 clockwise: east
        ((6, 6), (1, 3)),  # 12: 5 clockwise: south-west
        ((3, 3), (1, 1)),  # 6: 1 counter-clockwise: north-west
        ((2, 3), (1, 2)),  # 5: 2 counter-clockwise: west
        ((1, 1), (3, 3)),  # 2: 5 counter-clockwise: south-east
    ],
)
def test_thrum_45_other_rolls_turn_the_step(faces: tuple[int, int], landed: tuple[int, int]) -> None:
    """THRUM 45: above 7 count (result - 7) squares clockwise round the start from the intended square, below
    7 count (7 - result) counter-clockwise; Disoriented goes on."""
    fight = dizzy(list(faces))
    fight.apply("ana move @2,1")
    redirected = last(fight, "StepRedirected")
    assert (redirected.intended, redirected.landed, redirected.total) == ((2, 1), landed, sum(faces))
    ana = fighter_state(fight, "ana")
    assert (ana.pos, ana.spent, ana.conditions) == (landed, 1, {"disoriented": 0})


def test_thrum_c13_a_step_turned_into_a_wall_is_lost() -> None:
    """C13: a step redirected into a wall is lost: movement spent, no move, still Disoriented."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 1), conditions=["disoriented"]),
        fighter("orc", "raiders", (2, 2)),
        dice=[4, 4],
        text=". # .\n. . .\n. . .",
    )
    fight.apply("ana move @0,0")
    redirected = last(fight, "StepRedirected")
    assert (redirected.intended, redirected.landed, redirected.total) == ((0, 0), None, 8)
    assert of(fight.events, "Stepped") == []
    ana = fighter_state(fight, "ana")
    assert (ana.pos, ana.spent, ana.conditions) == ((0, 1), 1, {"disoriented": 0})


def test_thrum_c13_a_step_turned_into_an_enemy_or_off_the_map_is_lost() -> None:
    """C13: a redirect onto an enemy's square or off the map loses the step as well."""
    enemy = new_fight(
        fighter("ana", "heroes", (1, 1), conditions=["disoriented"]),
        fighter("orc", "raiders", (2, 0)),
        dice=[4, 4],
        text=OPEN5,
    )
    enemy.apply("ana move @1,0")  # 8: north-east, the orc's square
    assert last(enemy, "StepRedirected").landed is None
    assert fighter_state(enemy, "ana").pos == (1, 1)
    edge = new_fight(
        fighter("ana", "heroes", (0, 2), conditions=["disoriented"]),
        fighter("orc", "raiders", (4, 4)),
        dice=[3, 3],
        text=OPEN5,
    )
    edge.apply("ana move @0,1")  # 6: north-west, off the map
    assert last(edge, "StepRedirected").landed is None
    assert (fighter_state(edge, "ana").pos, fighter_state(edge, "ana").spent) == ((0, 2), 1)


def test_thrum_c13_option_disoriented_blocked_step_stay_intended() -> None:
    """Option disoriented_blocked_step='stay_intended' (C13): the blocked redirect moves as intended instead;
    Disoriented goes on (the roll was not a 7)."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 1), conditions=["disoriented"]),
        fighter("orc", "raiders", (2, 2)),
        dice=[4, 4],
        text=". # .\n. . .\n. . .",
        options={"disoriented_blocked_step": "stay_intended"},
    )
    fight.apply("ana move @0,0")
    assert last(fight, "Stepped").path == ((0, 1), (0, 0))
    ana = fighter_state(fight, "ana")
    assert (ana.pos, ana.spent, ana.conditions) == ((0, 0), 1, {"disoriented": 0})


def test_thrum_45_a_redirected_step_pays_the_cost_of_where_it_lands() -> None:
    """THRUM 45 (code's choice): a redirected step costs what a step to the square it lands on costs, even
    above the Speed left (Speed 1, turned onto a 3-level climb: 3)."""
    fight = new_fight(
        fighter("ana", "heroes", (1, 1), conditions=["disoriented"], speed=1),
        fighter("orc", "raiders", (2, 2)),
        dice=[4, 4],
        text=". . 3\n. . .\n. . .",
    )
    fight.apply("ana move @1,0")
    assert (last(fight, "Stepped").path, last(fight, "Stepped").cost) == (((1, 1), (2, 0)), 3)
    assert fighter_state(fight, "ana").spent == 3


def test_thrum_45_dash_while_disoriented_rolls_too() -> None:
    """THRUM 45: a Dash is a movement attempt as well: one adjacent square, with the roll."""
    fight = dizzy([4, 4])
    assert squares(offered(fight, "dash")) == chebyshev_ball((2, 2), 1, 5)
    fight.apply("ana dash @2,1")
    assert (last(fight, "StepRedirected").landed, last(fight, "Stepped").how) == ((3, 1), "dash")


# --- THRUM 15: teleport -------------------------------------------------------------------------------------


def test_thrum_15_a_teleport_does_not_pass_through_the_squares_between() -> None:
    """THRUM 15: a Teleport reaches a square within its range without passing through the squares between
    (here across a wall and past an enemy)."""
    blink = {"title": "Blink", "kind": "action", "target": "self", "range": 3, "special": "teleport"}
    fight = new_fight(
        fighter("ana", "heroes", (0, 1), abilities=["blink"]),
        fighter("orc", "raiders", (1, 1)),
        dice=[],
        text="# # # # #\n. . # . .\n# # # # #",
        abilities={"blink": blink},
    )
    fight.apply("ana blink @3,1")
    assert fighter_state(fight, "ana").pos == (3, 1)


def test_thrum_15_a_teleport_that_spends_movement_costs_its_distance_and_works_when_immobilized() -> None:
    """THRUM 15, 45: a Teleport used during the Move costs one square of movement per square of distance,
    ignoring what leaving or entering squares would add; Immobilized does not stop it."""
    step = {"title": "Step", "kind": "move", "target": "self", "range": 3, "special": "teleport"}
    fight = new_fight(
        fighter("ana", "heroes", (0, 1), abilities=["step"], conditions=["immobilized"]),
        fighter("orc", "raiders", (4, 1)),
        dice=[],
        text="~ ~ ~ ~ ~\n~ ~ # 3 .\n~ ~ ~ ~ ~",
        abilities={"step": step},
    )
    assert "Immobilized" in (fight.why_illegal("ana move @1,1") or "")
    assert "within 3 (THRUM 15)" in (fight.why_illegal("ana step @4,0") or "")
    fight.apply("ana step @3,1")
    ana = fighter_state(fight, "ana")
    assert (ana.pos, ana.spent) == ((3, 1), 3)
    assert "within 1 (THRUM 15)" in (fight.why_illegal("ana step @1,1") or "")  # Speed 4: 1 square left
    fight.apply("ana step @4,2")
    assert "no movement left" in (fight.why_illegal("ana step @3,2") or "")


# --- THRUM 14, 18: forced movement ---------------------------------------------------------------------------

POINT_BLANK = {"arts": {"archery": 0}, "abilities": ["point-blank-shot"]}


def test_thrum_14_a_push_goes_straight_away_from_the_user_and_never_into_anyone() -> None:
    """THRUM 14: characters cannot be pushed into an ally's square (nor anyone's); each pushed square is in one
    direction and farther from the user. Point Blank Shot pushes up to 1 whatever the roll ('Effect')."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 1), **POINT_BLANK),
        fighter("orc", "raiders", (1, 1)),
        fighter("gob", "raiders", (2, 1)),
        dice=[1, 1, 1, 6, 6],  # ana's roll (1 Ranged bane: 3 dice), orc's Resilience 12: the attack fails
        text=". . . .\n. . . .\n. . . .",
    )
    fight.apply("ana point-blank-shot orc")
    fight.apply("orc defend +resilience")
    assert fight.deciding() == ["ana"]
    assert {str(a) for a in fight.legal_actions()} == {"ana push @2,0", "ana push @2,2", "ana pass"}
    assert "not into anyone" in (fight.why_illegal("ana push @2,1") or "")
    fight.apply("ana push @2,2")
    assert fighter_state(fight, "orc").pos == (2, 2)
    assert last(fight, "Stepped").how == "pushed"


def test_thrum_18_a_push_down_two_levels_rolls_against_the_environment() -> None:
    """THRUM 18: 'the same process applies if a character is moved involuntarily' two or more levels down:
    it rolls (the better of Endurance and Reflex) against 2d6 + the drop; a failure Slows it."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0), **POINT_BLANK),
        fighter("orc", "raiders", (1, 0), end=1, ref=0),
        dice=[1, 1, 1, 6, 6, 1, 1, 3, 3],  # attack fails; fall: orc 1+1+1 = 3 vs environment 3+3+2 = 8
        text="2 2 . .\n. . . .",
    )
    fight.apply("ana point-blank-shot orc")
    fight.apply("orc defend +resilience")
    fight.apply("ana push @2,0")
    fall = last(fight, "Descended")
    assert (fall.actor, fall.levels, fall.success) == ("orc", 2, False)
    assert [r.what for r in fight.events if r.kind == "Rolled2d6"][-2:] == [
        "endurance roll (pushed down 2)",
        "drop of 2",
    ]
    assert fighter_state(fight, "orc").statuses == {"slowed": 1}


def test_thrum_14_no_push_up_a_cliff_and_pass_declines() -> None:
    """THRUM 14 (ruling): terrain two or more levels above the start stops a push, like a collision; the user
    may also let the push go."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0), **POINT_BLANK),
        fighter("orc", "raiders", (1, 0)),
        dice=[1, 1, 1, 6, 6],
        text=". . 2 .\n# # # .",
    )
    fight.apply("ana point-blank-shot orc")
    fight.apply("orc defend +resilience")
    assert {str(a) for a in fight.legal_actions()} == {"ana pass"}
    fight.apply("ana pass")
    assert fighter_state(fight, "orc").pos == (1, 0)
