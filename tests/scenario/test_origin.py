"""A map's origin and negative coordinates (issue 14 point 9): ``map.origin`` names the top-left cell, and
every position of the fight counts from it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactica.ai import RandomPolicy
from tactica.engine import Fight
from tactica.render import render_board
from tactica.render.svg import board_svg
from tactica.scenario import ScenarioError, load_scenario, load_scenario_text, run_scenario
from tests.scenario.shifting import shift_event, shift_setup, shift_text

EXAMPLES = Path(__file__).parents[2] / "examples"
ORIGIN = EXAMPLES / "futurepath" / "origin.yaml"
#: One scenario per system; Phase 3d6 plays on hexes.
SCENARIOS = [
    ORIGIN,
    EXAMPLES / "futurepath" / "basics.yaml",
    EXAMPLES / "srb" / "actions.yaml",
    EXAMPLES / "thrum" / "movement.yaml",
    EXAMPLES / "farrecon" / "turns.yaml",
    EXAMPLES / "phase3d6" / "items.yaml",
]
HEX = """\
name: Hexes from [-2, -1]
system: phase3d6
map:
  origin: [-2, -1]
  text: |
    a . . .
     . . . .
      . . . b
combatants:
  - {id: ana, side: heroes, at: a, cv: 5}
  - {id: orc, side: raiders, at: b, cv: 3}
initiative: {ana: 10, orc: 8}
"""


def test_the_origin_example_verifies_with_negative_positions_in_actions_and_events() -> None:
    """Issue 14 point 9: a scenario with origin [-3, -2] plays and verifies."""
    run = run_scenario(load_scenario(ORIGIN))
    assert run.passed, [r.difference for r in run.failures]
    assert run.fight.observe()["fighters"]["vex"]["pos"] == [-2, -1]
    assert "vex step @-2,-1" in [str(a) for a in run.fight.history]


def test_the_text_map_and_the_svg_label_the_file_coordinates() -> None:
    """Issue 14 point 9: the render's axis labels and the web table's cells use the file's coordinates."""
    fight = load_scenario(ORIGIN).new_fight()
    lines = render_board(fight).splitlines()
    assert lines[:6] == ["   ---    ", "   3210123", "-2 V..#...", "-1 .......", " 0 .......", " 1 .....r."]
    svg = board_svg(fight)
    assert 'data-x="-3" data-y="-2"' in svg and 'data-x="3" data-y="1"' in svg
    assert 'data-x="4"' not in svg and 'data-y="-3"' not in svg
    assert '<g class="token side-0" data-id="vex" data-x="-3" data-y="-2">' in svg


def test_a_fight_with_an_origin_round_trips_through_a_json_save() -> None:
    """Issue 14 point 9: the save keeps the origin in the setup; replaying it gives the same fight."""
    run = run_scenario(load_scenario(ORIGIN))
    saved = json.loads(run.fight.to_json())
    assert saved["setup"]["map"]["origin"] == [-3, -2]
    loaded = Fight.from_dict(saved, run.scenario.system)
    assert [str(a) for a in loaded.history] == [str(a) for a in run.fight.history]
    assert loaded.log_digest() == run.fight.log_digest()
    assert loaded.observe() == run.fight.observe()


def test_hexes_count_from_the_origin_in_play_and_in_the_drawing() -> None:
    """Issue 14 point 9 on hexes: cell k of line r is [q0 + k, r0 + r]; moves and labels use those."""
    scenario = load_scenario_text(HEX, "hex.yaml")
    fight = scenario.new_fight()
    assert fight.observe()["fighters"]["ana"]["pos"] == [-2, -1]
    assert fight.observe()["fighters"]["orc"]["pos"] == [1, 1]
    assert render_board(fight).splitlines()[:5] == [
        "   - -    ",
        "   2 1 0 1",
        "-1 A . . .",
        " 0  . . . .",
        " 1   . . . o",
    ]
    legal = [str(a) for a in fight.legal_actions()]
    assert "ana move @-1,-1" in legal and not any("@-3," in a or ",-2" in a for a in legal)
    fight.apply("ana move @-1,-1")
    assert fight.observe()["fighters"]["ana"]["pos"] == [-1, -1]


@pytest.mark.parametrize(
    ("at", "message"),
    [
        ("[-4, -2]", "position [-4, -2] is off the map (x -3 to 3, y -2 to 1)"),
        ("[0, 2]", "position [0, 2] is off the map (x -3 to 3, y -2 to 1)"),
    ],
)
def test_a_position_off_a_map_with_an_origin_is_one_clear_error(at: str, message: str) -> None:
    """Issue 14 point 9: negative coordinates outside the map are one error naming the valid ranges."""
    text = ORIGIN.read_text().replace("at: [2, 1]", f"at: {at}")
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(text, "x.yaml")
    assert [str(p) for p in caught.value.problems] == [f"x.yaml:25: combatants[1].at: {message}"]


@pytest.mark.parametrize("origin", ["[1.5, 0]", "[0]", "[2000000, 0]", "'a'"])
def test_a_bad_origin_is_one_clear_error(origin: str) -> None:
    """Issue 14 point 9: the origin is two whole numbers within 1,000,000 of 0."""
    text = ORIGIN.read_text().replace("origin: [-3, -2]", f"origin: {origin}")
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(text, "x.yaml")
    (problem,) = caught.value.problems
    assert str(problem).startswith("x.yaml:17: map.origin: ")
    assert "two whole numbers from -1,000,000 to 1,000,000" in str(problem)


@settings(max_examples=10, deadline=None)
@given(
    st.sampled_from(SCENARIOS),
    st.tuples(st.integers(-40, 40), st.integers(-40, 40)),
    st.integers(0, 1000),
)
def test_shifting_the_origin_and_every_position_gives_the_same_fight(
    path: Path, by: tuple[int, int], seed: int
) -> None:
    """Issue 14 point 9: moving the origin and every coordinate of a scenario by the same offset gives the
    same legal actions and the same events at every step of a random fight, moved by that offset."""
    scenario = load_scenario(path)
    plain = Fight(scenario.game, seed=seed)
    shifted = Fight(scenario.system.new_game(shift_setup(scenario.setup, by)), seed=seed)
    policy = RandomPolicy(seed)
    for _ in range(40):
        if plain.is_over():
            break
        legal = sorted(shift_text(str(a), by) for a in plain.legal_actions())
        assert legal == sorted(str(a) for a in shifted.legal_actions())
        action = policy.choose(plain)
        plain.apply(action)
        shifted.apply(shift_text(str(action), by))
    assert [shift_event(e.to_dict(), by) for e in plain.events] == [e.to_dict() for e in shifted.events]
    assert shifted.is_over() == plain.is_over()
