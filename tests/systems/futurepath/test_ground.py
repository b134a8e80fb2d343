"""Weapons on the ground (issue 14 point 9): dropping leaves a weapon in the square (rule 7), picking it up is
moving an object (rule 17, l.104-110: a Standard action, A11: not with Strength 3 or below)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactica.engine import SetupError
from tactica.render import render_log
from tactica.render.svg import board_svg
from tactica.scenario import load_scenario, run_scenario
from tests.systems.futurepath.helpers import fighter, new_fight, offered

GROUND = Path(__file__).parents[3] / "examples" / "futurepath" / "ground.yaml"
TWO_HANDS = {"weapons": ["rifle", "knife"], "drawn": ["rifle", "knife"]}


def test_the_ground_example_verifies() -> None:
    run = run_scenario(load_scenario(GROUND))
    assert run.passed, [r.difference for r in run.failures]


def test_weapons_on_the_ground_are_drawn_on_the_map() -> None:
    """Issue 14 point 9: the board drawing marks each square with weapons on the ground, naming them."""
    svg = board_svg(load_scenario(GROUND).new_fight())
    assert "on the ground: pistol" in svg and "on the ground: knife" in svg


def test_dropping_everything_leaves_each_weapon_in_the_square_to_be_picked_up_one_at_a_time() -> None:
    """Rule 7 (l.219): letting go of several objects at once is one Free action; rule 17: each pickup is
    a Standard action, so one per turn."""
    fight = new_fight(fighter("vex", "red", (1, 0), **TWO_HANDS), fighter("rook", "blue", (4, 0)))
    fight.apply("vex drop all")
    ground = fight.observe()["ground"]
    assert [(g["name"], g["pos"]) for g in ground] == [("rifle", [1, 0]), ("knife", [1, 0])]
    assert ground[0]["ammo"] == 30 and ground[1]["ammo"] is None
    assert offered(fight, "pickup") == {"vex pickup rifle", "vex pickup knife"}
    fight.apply("vex pickup knife")
    assert offered(fight, "pickup") == set()
    assert "  vex picks up knife" in render_log(fight.events)


def test_full_hands_and_a_weapon_of_the_same_name_are_refused() -> None:
    """A pickup goes into a free hand (two at most, rule 19); one weapon of a name is carried."""
    fight = new_fight(
        fighter("vex", "red", (1, 0), **TWO_HANDS),
        fighter("rook", "blue", (4, 0)),
        ground=[{"item": "pistol", "at": [1, 0]}, {"item": "knife", "at": [1, 0]}],
    )
    assert (
        fight.why_illegal("vex pickup pistol")
        == "vex's hands are full (rifle, knife); holster or drop something first"
    )
    fight.apply("vex holster knife")
    assert fight.why_illegal("vex pickup knife") == "vex already carries a knife"
    assert offered(fight, "pickup") == {"vex pickup pistol"}


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        ({"item": "lazer", "at": [0, 0]}, "ground[0] (lazer).item: unknown weapon 'lazer'; known: "),
        (
            {"item": "pistol", "at": [0, 0], "ammo": 13},
            "ground[0] (pistol).ammo: 13 is more than the pistol holds (12)",
        ),
        ({"item": "knife", "at": [0, 0], "ammo": 1}, "ground[0] (knife).ammo: the knife takes no ammunition"),
        (
            {"item": "knife", "at": [0, -1]},
            "ground[0] (knife).at: position [0, -1] is off the map (x 0-4, y 0-0)",
        ),
    ],
)
def test_a_bad_weapon_on_the_ground_is_one_clear_error(entry: dict[str, object], problem: str) -> None:
    with pytest.raises(SetupError) as caught:
        new_fight(fighter("vex", "red", (1, 0)), fighter("rook", "blue", (4, 0)), ground=[entry])
    assert problem in str(caught.value)
