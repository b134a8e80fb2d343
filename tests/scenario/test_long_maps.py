"""Issue 14 point 10: maps up to 1,000 squares a side load and play in every system (the only size limit
left is :data:`tactica.grid.board.MAX_CELLS`, 10,000 cells, so a 1,000-square side has at most 10 rows)."""

from __future__ import annotations

import pytest

from tactica.ai import make_policy
from tactica.ai.policy import run_fight
from tactica.scenario import ScenarioError, load_scenario_text
from tests.scenario.helpers import line_of

#: system -> (sides, combatant fields)
SYSTEMS = {
    "farrecon": (("recon", "hostiles"), "template: operative"),
    "futurepath": (("red", "blue"), "template: trooper"),
    "phase3d6": (("heroes", "raiders"), "cv: 5, weapons: [sword]"),
    "srb": (("rangers", "raiders"), "weapons: [knife]"),  # the default AI closes in with melee weapons
    "thrum": (("heroes", "raiders"), "speed: 4"),
}


def scenario_text(system: str, width: int, height: int, grid: str = "square") -> str:
    """ana in one corner of a ``width`` x ``height`` floor, orc in the far corner."""
    (red, blue), fields = SYSTEMS[system]
    return f"""\
system: {system}
map: {{grid: {grid}, width: {width}, height: {height}}}
combatants:
  - {{id: ana, side: {red}, at: [0, 0], {fields}}}
  - {{id: orc, side: {blue}, at: [{width - 1}, {height - 1}], {fields}}}
"""


@pytest.mark.parametrize("system, grid", [*((s, "square") for s in sorted(SYSTEMS)), ("phase3d6", "hex")])
@pytest.mark.parametrize("width, height", [(1000, 5), (5, 1000)])
def test_a_map_a_thousand_squares_long_loads_and_plays(
    system: str, grid: str, width: int, height: int
) -> None:
    """Issue 14 point 10: a 1,000 x 5 and a 5 x 1,000 map (squares, and hexes where the system plays on
    them) load, and the AIs close in along the long side."""
    scenario = load_scenario_text(scenario_text(system, width, height, grid), "long.yaml")
    fight = scenario.new_fight()
    far = fight.observe()["fighters"]["orc"]["pos"]
    assert list(far) == [width - 1, height - 1]
    start = {who: list(f["pos"]) for who, f in fight.observe()["fighters"].items()}
    policies = {side: make_policy("default", system) for side in SYSTEMS[system][0]}
    run_fight(fight, policies, max_actions=6)
    moved = {who: list(f["pos"]) for who, f in fight.observe()["fighters"].items()}
    assert len(fight.history) == 6 and moved != start


TEXT_MAP = """\
system: futurepath
map:
  text: |
    {row}
combatants:
  - {{id: ada, side: red, at: a, template: duelist}}
  - {{id: bo, side: blue, at: b, template: duelist}}
"""


def test_the_cell_limit_alone_bounds_a_map_with_one_clear_error() -> None:
    """Issue 14 point 10: the cell limit, not a side limit, refuses a map, with its line (a 150 x 150
    floor, within the old 200-square side limit, raised a traceback from the board); text art of 1,000
    squares a line reads (spaces between squares optional)."""
    wide = load_scenario_text(TEXT_MAP.format(row="a" + "." * 998 + "b"), "wide.yaml")
    assert wide.new_fight().observe()["fighters"]["bo"]["pos"] == [999, 0]
    text = scenario_text("srb", 150, 150)
    with pytest.raises(ScenarioError) as error:
        load_scenario_text(text, "big.yaml")
    assert str(error.value) == (
        f"big.yaml:{line_of(text, 'map:')}: map: a map of 150x150 has 22,500 cells; at most 10,000 (e.g. 100x100)"
    )
