"""Issue 14 point 9: a move along waypoints in the shared Action model and the engine (FuturePath as the
system): the text form, the engine accepting a route it does not list, refusing one on a verb that takes a
single square, and the save and replay of a fight with a route."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactica.engine import Action, ActionSyntaxError, Fight, IllegalAction
from tactica.engine.action import MAX_ROUTE
from tactica.engine.codec import to_data
from tactica.systems import get_system
from tests.systems.common import saves_and_replays

positions = st.tuples(st.integers(-5, 99), st.integers(-5, 99))
ROUTE = "vex move @1,0 @3,0 @3,2"


@given(st.lists(positions, min_size=1, max_size=5), st.lists(st.sampled_from(["fast", "stealthy"])))
def test_a_route_round_trips_through_its_text(squares: list[tuple[int, int]], flags: list[str]) -> None:
    """Issue 14 point 9: the last square is the destination (``at``), the ones before it ``via``."""
    action = Action("vex", "move", at=squares[-1], via=tuple(squares[:-1])).with_flags(*flags)
    assert Action.parse(str(action)) == action
    assert action.route == tuple(squares)


def test_a_route_reads_its_squares_in_order_and_one_square_is_unchanged() -> None:
    """Issue 14 point 9: backwards compatible: a single @ is a destination with no waypoints."""
    route = Action.parse(ROUTE)
    assert (route.at, route.via, str(route)) == ((3, 2), ((1, 0), (3, 0)), ROUTE)
    single = Action.parse("vex move @4,5 +fast")
    assert (single.at, single.via, single.route, str(single)) == (
        (4, 5),
        (),
        ((4, 5),),
        "vex move @4,5 +fast",
    )
    assert Action.parse("ana lance @2,3 to @5,3").via == ()


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("vex move @1,0 +fast @3,0", "unexpected '@3,0'"),
        ("ana lance @1,0 @2,3 to @5,3", "unexpected 'to'"),
        ("ana lance @2,3 to @5,3 @6,3", "unexpected '@6,3'"),
        ("vex move " + " ".join(f"@{i},0" for i in range(MAX_ROUTE + 1)), f"at most {MAX_ROUTE} squares"),
    ],
)
def test_a_route_names_its_squares_one_after_another(text: str, fragment: str) -> None:
    """Issue 14 point 9: the squares of a route come together, take no 'to', and number at most MAX_ROUTE."""
    with pytest.raises(ActionSyntaxError, match=fragment):
        Action.parse(text)


def test_waypoints_built_directly_must_be_positions_with_a_destination() -> None:
    with pytest.raises(ActionSyntaxError, match="waypoints"):
        Action.check(Action("vex", "move", via=((1, 0),)))
    with pytest.raises(ActionSyntaxError, match="waypoints"):
        Action.check(Action("vex", "move", at=(3, 2), via=[(1, 0)]))  # type: ignore[arg-type]


def corridor() -> Fight:
    setup = {
        "map": {"text": ". . . . . .\n. . . . . .\n. . . . . ."},
        "combatants": [
            {"id": "vex", "side": "red", "at": [0, 0], "template": "trooper"},
            {"id": "rook", "side": "blue", "at": [5, 2], "template": "gunslinger"},
        ],
        "initiative": {"red": 5, "blue": 1},
    }
    return Fight.new(get_system("futurepath"), setup, seed=3)


def test_a_route_is_accepted_though_never_listed() -> None:
    """Issue 14 point 9: legal_actions lists destinations only; the system's why_illegal judges a route."""
    fight = corridor()
    assert all(not a.via for a in fight.legal_actions())
    assert fight.why_illegal(ROUTE) is None
    fight.apply(ROUTE)
    assert fight.history == [Action.parse(ROUTE)]
    assert fight.events[-1].path == ((0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (3, 2))  # type: ignore[attr-defined]


def test_a_route_on_a_verb_of_one_square_is_refused_and_changes_nothing() -> None:
    """Issue 14 point 9: only moves take waypoints; the refusal says so, before any short form drops them."""
    fight = corridor()
    before = to_data(fight.state)
    for text in ("vex step @1,0 @2,0", "vex attack rook @1,0 @2,0 with rifle"):
        assert "only a move may list waypoints" in (fight.why_illegal(text) or "")
        with pytest.raises(IllegalAction, match="names one square, not a route"):
            fight.apply(text)
    with pytest.raises(IllegalAction, match=r"leg 2 \(@1,0 to @9,0\): @9,0 is off the map"):
        fight.apply("vex move @1,0 @9,0")
    for text in ("vex move rook @1,0 @2,0", "vex move @1,0 @2,0 with rifle"):
        assert "names its squares and flags only" in (fight.why_illegal(text) or "")
    assert to_data(fight.state) == before and fight.history == []


def test_a_fight_with_a_route_saves_loads_and_replays() -> None:
    """Issue 14 point 9: the JSON save and replay round-trip a multi-waypoint action."""
    fight = corridor()
    fight.apply(ROUTE)
    fight.apply("vex end")
    loaded = saves_and_replays(fight)
    assert str(loaded.history[0]) == ROUTE and loaded.history[0].via == ((1, 0), (3, 0))
