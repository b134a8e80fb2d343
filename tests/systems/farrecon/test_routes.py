"""Issue 14 point 9 on Far Recon: a move along waypoints, each leg the cheapest path between its squares,
checked by Far Recon 9 (Speed squares a turn, conscious enemies block, no ending on anyone's square; walls
block; difficult ground costs 2). In a simultaneous slot (Far Recon 5-6, D11) a declared route is the path
that meets, or misses, the other declared moves."""

from __future__ import annotations

from tactica.engine import Fight
from tests.systems.common import kinds, last, refuses_each, saves_and_replays
from tests.systems.farrecon.helpers import fighter, new_fight

#   x: 0 1 2 3 4 5 6 7
#  y0  a . . . . . . .      a and b tied (initiative 4 each); a wall at (3,3)
#  y1  . . . . . . . .
#  y2  . . . . . . . .
#  y3  . . . # . . . .
#  y4  b . . . . . . .
MAP = "\n".join([". . . . . . . ."] * 3 + [". . . # . . . .", ". . . . . . . ."])


def tied(dice: list[int] | None = None) -> Fight:
    return new_fight(
        fighter("a", "x", (0, 0)),
        fighter("b", "y", (0, 4), speed=8),
        text=MAP,
        initiative={"a": 4, "b": 4},
        dice=dice,
    )


def test_d11_a_declared_route_across_the_other_path_conflicts_where_the_cheapest_would_not() -> None:
    """Far Recon 5-6, D11: by their cheapest paths (the top and the bottom rows) the two moves do not meet;
    b's route climbs to (2,0), across a's path, so they conflict and one 1d2 orders them (2: b first)."""
    apart = tied()
    for text in ("a move @5,0", "a end", "b move @5,4", "b end"):
        apart.apply(text)
    assert "ConflictFound" not in kinds(apart)
    fight = tied([2])
    for text in ("a move @5,0", "a end", "b move @2,0 @5,3", "b end"):
        fight.apply(text)
    assert last(fight, "ConflictFound").reasons == ("a and b both move through @2,0",)
    moved = [e for e in fight.events if e.kind == "ReconMoved"]
    assert [e.actor for e in moved] == ["b", "a"]
    assert moved[0].path == ((0, 4), (0, 3), (1, 2), (1, 1), (2, 0), (3, 1), (4, 2), (5, 3))


def test_d11_a_declared_route_round_the_other_path_avoids_the_conflict() -> None:
    """Far Recon 5-6, D11: b's cheapest way to (4,0), the diagonal, meets a's move at (2,2); b's route
    along the bottom row and up column 4 does not, so no 1d2 is rolled (no dice are scripted)."""
    crossing = tied([1])
    for text in ("a move @2,2", "a end", "b move @4,0", "b end"):
        crossing.apply(text)
    assert last(crossing, "ConflictFound").reasons == ("a and b both move through @2,2",)
    fight = tied()
    for text in ("a move @2,2", "a end", "b move @4,4 @4,0", "b end"):
        fight.apply(text)
    assert "ConflictFound" not in kinds(fight)
    assert fight.state.fighters["b"].pos == (4, 0)


def test_d11_a_declared_route_someone_blocks_first_is_lost_naming_the_leg() -> None:
    """Far Recon 5-6, D11: b's move, ordered first (1d2: 2), ends on a's waypoint (2,1); when a's route comes
    to be walked, its first leg cannot be, and a's move is lost where it stands."""
    fight = tied([2])
    for text in ("a move @2,1 @4,1", "a end", "b move @2,1", "b end"):
        fight.apply(text)
    blocked = last(fight, "MoveBlocked")
    assert (blocked.actor, blocked.to) == ("a", (4, 1))
    assert blocked.reason.startswith("leg 1 (@0,0 to @2,1): @2,1 cannot be entered")
    assert fight.state.fighters["a"].pos == (0, 0)


def test_9_an_illegal_route_is_refused_naming_the_leg_and_changes_nothing() -> None:
    """Far Recon 9: walls and conscious enemies block; a turn's moves cover its Speed."""
    fight = new_fight(
        fighter("a", "x", (0, 0)), fighter("b", "y", (2, 2)), text=MAP, options={"moves_per_turn": 2}
    )
    refusals = {
        "a move @2,3 @3,3": "leg 2 (@2,3 to @3,3): @3,3 is a wall",
        "a move @1,1 @2,2 @3,2": "leg 2 (@1,1 to @2,2): @2,2 cannot be entered (conscious enemies block",
        "a move @0,4 @5,4": "leg 2 (@0,4 to @5,4) takes the route to 9 squares of movement, more than the 6",
        "a move @1,0 @2,0 +tag": "a move takes no flags",
    }
    refuses_each(fight, refusals)
    fight.apply("a move @1,0 @3,0")
    assert fight.state.fighters["a"].spent == 3
    assert "takes the route to 4 squares of movement, more than the 3" in (
        fight.why_illegal("a move @3,1 @3,2 @5,2") or ""
    )


def test_a_declared_route_saves_and_replays() -> None:
    fight = tied([2])
    for text in ("a move @5,0", "a end", "b move @2,0 @5,3", "b end"):
        fight.apply(text)
    assert str(saves_and_replays(fight).history[2]) == "b move @2,0 @5,3"
