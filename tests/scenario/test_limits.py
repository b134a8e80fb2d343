"""Issue 12 point 4: numbers in scenario files that would make unbounded work are refused at load, each
with file:line, the field and the limit, in every system."""

from __future__ import annotations

import pytest

from tactica.scenario import ScenarioError, load_scenario_text
from tests.scenario.helpers import line_of

FUTUREPATH = """\
system: futurepath
map: {text: "a b . ."}
combatants:
  - {id: ada, side: red, at: a, template: duelist}
  - {id: bo, side: blue, at: b, template: duelist}
"""
PHASE3D6 = """\
system: phase3d6
map: {text: ". . . ."}
combatants:
  - {id: ana, side: a, at: [0, 0], cv: 5}
  - {id: orc, side: b, at: [1, 0], cv: 4}
"""
SRB = """\
system: srb
map: {text: ". . . ."}
combatants:
  - {id: ana, side: a, at: [0, 0]}
  - {id: orc, side: b, at: [1, 0]}
"""
THRUM = """\
system: thrum
map: {width: 4, height: 1}
combatants:
  - {id: ana, side: a, at: [0, 0]}
  - {id: orc, side: b, at: [1, 0]}
"""
TWENTY_ONE = "+".join(["1d6"] * 21)

#: case -> (scenario text, the line's marker, words of the message)
CASES = {
    "futurepath weapon 1000d4": (
        FUTUREPATH + "weapons:\n  huge: {damage: 1000d4, kind: melee}\n",
        "huge:",
        ("weapons.huge", "a dice term rolls at most 100 dice, got 1000"),
    ),
    "futurepath trap 21 terms": (
        FUTUREPATH + f"traps:\n  - {{id: t, at: [2, 0], damage: '{TWENTY_ONE}'}}\n",
        "damage:",
        ("traps[0]", "an expression has at most 20 terms"),
    ),
    "futurepath option 1d999999999": (
        FUTUREPATH + "options: {level_7_damage: 1d999999999}\n",
        "options:",
        ("options.level_7_damage", "a die has at most 1000 sides, got 999999999"),
    ),
    "phase3d6 weapon 1000d4": (
        PHASE3D6 + "weapons:\n  huge: {kind: melee, damage: 1000d4}\n",
        "huge:",
        ("weapons.huge.damage", "at most 100 dice, got 1000"),
    ),
    "srb weapon 1d999999999": (
        SRB + "weapons:\n  huge: {title: Huge, kind: melee, category: melee, damage: 1d999999999}\n",
        "huge:",
        ("weapons.huge.damage", "a die has at most 1000 sides"),
    ),
    "thrum buff of a billion boons": (
        THRUM + "abilities:\n  aid: {title: Aid, kind: action, target: self, defense_boons: 1000000000}\n",
        "aid:",
        ("abilities.aid.defense_boons", "must be at most 10, got 1000000000"),
    ),
    "thrum area of a billion squares": (
        THRUM + "abilities:\n  nova: {title: Nova, kind: action, target: area, shape: aura, size: 999999}\n",
        "nova:",
        ("abilities.nova.size", "must be at most 20, got 999999"),
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_unbounded_numbers_are_refused_at_load_with_the_line(case: str) -> None:
    """Issue 12 point 4: a 1000d4 weapon (and the like) is refused when the file is read, not rolled."""
    text, marker, words = CASES[case]
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(text, "x.yaml")
    message = str(caught.value)
    assert f"x.yaml:{line_of(text, marker)}" in message
    for word in words:
        assert word in message


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ("{max_rounds: true}", "options.max_rounds: must be a whole number, got true"),
        ("{max_rounds: 100000}", "options.max_rounds: must be at most 10000, got 100000"),
        ("{max_rounds: 0}", "options.max_rounds: must be at least 1, got 0"),
        ("{max_rounds: abc}", "options.max_rounds: must be a whole number, got 'abc'"),
        ("{hit_on_equal: 1}", "options.hit_on_equal: must be true or false, got 1"),
        ("7", "options: must be a mapping (NAME: VALUE, ...), got 7"),
    ],
)
def test_an_ill_typed_or_out_of_range_option_names_the_option_and_what_is_valid(
    options: str, message: str
) -> None:
    """Issue 12 point 4: every rule option value is checked: one message naming the option and what is valid
    (before, a bool passed as a number of rounds and errors read 'Input should be ...')."""
    text = FUTUREPATH + f"options: {options}\n"
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(text, "x.yaml")
    assert str(caught.value) == f"x.yaml:{line_of(text, 'options:')}: {message}"
