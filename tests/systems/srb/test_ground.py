"""Items on the ground from the start (issue 14 point 9): a Star Rangers scenario's ``ground:`` puts weapons,
magazines and loose rounds on the map, picked up with ``pickup`` (rule 12, a move action)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactica.engine import Fight, Game, SetupError
from tactica.render.svg import board_svg
from tactica.scenario import load_scenario, run_scenario
from tactica.systems import get_system
from tests.systems.srb.helpers import fighter, setup

GROUND = Path(__file__).parents[3] / "examples" / "srb" / "ground.yaml"


def _game(*ground: dict[str, object]) -> Game:
    data = setup(
        fighter("ash", "rangers", (0, 0), weapons=["rifle"], drawn=""),
        fighter("kett", "raiders", (5, 0)),
        ground=list(ground),
    )
    return get_system("srb").new_game(data)


def test_the_ground_example_verifies() -> None:
    run = run_scenario(load_scenario(GROUND))
    assert run.passed, [r.difference for r in run.failures]


def test_items_on_the_ground_are_picked_up_with_what_they_hold_and_each_fight_gets_its_own() -> None:
    """Issue 14 point 9: a weapon from ``ground:`` keeps its rounds; fights of one game do not share it."""
    game = _game({"item": "pistol", "at": [0, 0], "ammo": 3})
    first, second = Fight(game), Fight(game)
    first.apply("ash pickup pistol")
    assert first.observe()["fighters"]["ash"]["gear"]["pistol"]["loaded"] == 3
    (left,) = second.observe()["ground"]
    assert (left["name"], left["pos"], left["kind"], left["gear"]["loaded"]) == (
        "pistol",
        [0, 0],
        "weapon",
        3,
    )
    assert first.observe()["ground"] == []


def test_the_board_drawing_shows_the_items_on_the_ground() -> None:
    """Issue 14 point 9: items on the ground are drawn on the map (a triangle with their names)."""
    fight = load_scenario(GROUND).new_fight()
    svg = board_svg(fight)
    assert "on the ground: pistol, mag-rifle, rounds-rifle" in svg
    assert "on the ground: knife" in svg


@pytest.mark.parametrize(
    ("item", "problem"),
    [
        (
            {"item": "pistol", "at": [0, 0], "ammo": 30},
            "ground[0] (pistol).ammo: 30 is more than the pistol holds (12)",
        ),
        ({"item": "mag-knife", "at": [0, 0]}, "the knife takes no magazines, belts, cells or speed loaders"),
        (
            {"item": "rounds-rifle", "at": [0, 0]},
            "ground[0] (rounds-rifle).ammo: say how many rounds lie there",
        ),
        ({"item": "rounds-machine-gun", "at": [0, 0], "ammo": 3}, "not loaded with loose rounds or arrows"),
        ({"item": "knife", "at": [0, 0], "ammo": 1}, "the knife holds no rounds; leave 'ammo' out"),
        (
            {"item": "unarmed", "at": [0, 0]},
            "'unarmed' is not a held weapon, 'mag-WEAPON' or 'rounds-WEAPON'",
        ),
        (
            {"item": "pistol", "at": [-1, 0]},
            "ground[0] (pistol).at: position [-1, 0] is off the map (x 0-9, y 0-4)",
        ),
    ],
)
def test_a_bad_item_on_the_ground_is_one_clear_error(item: dict[str, object], problem: str) -> None:
    with pytest.raises(SetupError, match=None) as caught:
        _game(item)
    assert problem in str(caught.value)
