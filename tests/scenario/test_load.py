"""Loading scenario files: a good file, and every kind of bad input named by file:line and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactica.scenario import ScenarioError, load_scenario, load_scenario_text
from tests.scenario.helpers import BASE, line_of, with_script, write


def problems_of(text: str, name: str = "x.yaml") -> list[str]:
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(text, name)
    return [str(p) for p in caught.value.problems]


def only_problem(text: str) -> str:
    problems = problems_of(text)
    assert len(problems) == 1, problems
    return problems[0]


def test_a_good_file_loads_with_its_scenario_keys(tmp_path: Path) -> None:
    text = with_script("vex attack rook with rifle", "{expect: {state: {rook.hp: 12}}}", dice="[15, 3, 4]")
    scenario = load_scenario(write(tmp_path, text))
    assert (scenario.name, scenario.seed, scenario.dice, scenario.dice_then) == (
        "Test",
        7,
        (15, 3, 4),
        "seed",
    )
    assert scenario.system.id == "futurepath"
    first, second = scenario.script
    assert str(first.action) == "vex attack rook with rifle"
    assert first.line == line_of(text, "vex attack rook")
    assert second.expect[0].kind == "state" and second.expect[0].line == line_of(text, "{expect:")
    assert "seed" not in scenario.setup and "script" not in scenario.setup
    assert scenario.setup["combatants"][0]["id"] == "vex"


def test_defaults_name_from_the_file_and_seed_zero(tmp_path: Path) -> None:
    text = BASE.replace("name: Test\n", "").replace("seed: 7\n", "")
    scenario = load_scenario(write(tmp_path, text, "warehouse.yaml"))
    assert (scenario.name, scenario.seed, scenario.script, scenario.expect) == ("warehouse", 0, (), ())


def test_malformed_yaml_names_line_and_column() -> None:
    text = BASE + "expect: [state: {vex.hp: 3}\n"
    problem = only_problem(text)
    row = line_of(text, "expect:")  # a bracket left open: the error is at the end of the last line
    assert problem.startswith(f"x.yaml:{row}:{len(text.splitlines()[row - 1]) + 1}: not valid YAML")
    text = BASE.replace("seed: 7", "seed: 7: 8")
    assert only_problem(text).startswith(f"x.yaml:{line_of(text, 'seed: 7')}:8: not valid YAML")


def test_a_truncated_file_is_a_yaml_error_at_its_end() -> None:
    text = BASE[: BASE.index("template: gunslinger")]
    problem = only_problem(text)
    assert problem.startswith(f"x.yaml:{line_of(text, 'id: rook')}:")
    assert "cut short" in problem


def test_unknown_system_lists_the_registered_ones() -> None:
    problem = only_problem(BASE.replace("system: futurepath", "system: futurpath"))
    assert problem.startswith("x.yaml:2: system: unknown rule system 'futurpath'")
    assert "registered systems: farrecon, futurepath, phase3d6, srb, thrum" in problem


def test_missing_system_key() -> None:
    assert "no 'system' key" in only_problem(BASE.replace("system: futurepath\n", ""))


def test_unknown_weapon_names_the_list_item() -> None:
    text = BASE.replace("template: brawler}", "template: brawler, weapons: [knife, lazer]}")
    problem = only_problem(text)
    assert problem.startswith(
        f"x.yaml:{line_of(text, 'lazer')}: combatants[1].weapons[1]: unknown weapon 'lazer'"
    )
    assert "known:" in problem and "pistol" in problem


def test_position_off_the_map_names_the_field() -> None:
    text = BASE.replace("at: b,", "at: [30, 2],")
    assert only_problem(text) == (
        f"x.yaml:{line_of(text, '[30, 2]')}: combatants[2].at: position [30, 2] is off the map (x 0-6, y 0-2)"
    )


def test_unknown_template_and_marker() -> None:
    assert "unknown character 'trooperr'" in only_problem(BASE.replace("trooper}", "trooperr}"))
    assert "no marker 'q'" in only_problem(BASE.replace("at: c,", "at: q,"))


def test_a_bad_map_symbol_points_at_the_line_and_column_in_the_file() -> None:
    text = BASE.replace(". . # . + . d", ". . # ? + . d")
    problem = only_problem(text)
    row = line_of(text, "# ?")
    column = text.splitlines()[row - 1].index("?") + 1
    assert problem.startswith(f"x.yaml:{row}:{column}: map.text: unknown symbol '?'")


def test_pydantic_field_paths_map_to_lines() -> None:
    text = BASE.replace("initiative:", "options: {sprint_multiplier: 9}\ninitiative:")
    assert only_problem(text).startswith(f"x.yaml:{line_of(text, 'options')}: options.sprint_multiplier:")
    text = BASE.replace("template: medic}", "template: medic, hp: -3}")
    assert only_problem(text).startswith(f"x.yaml:{line_of(text, 'hp: -3')}: combatants[3].hp:")


def test_scenario_keys_are_checked_and_every_problem_is_listed() -> None:
    text = (
        with_script("vex attack rook with", dice="[1, a]").replace("seed: 7", "seed: x")
        + "ai: {red: smart}\n"
    )
    problems = problems_of(text)
    assert [p.split(": ")[1] for p in problems] == ["seed", "dice", "script[0]", "ai.red"]
    assert "'with' needs an item name" in problems[2]
    assert "choose one of: random, blast, default, search, trading-blows" in problems[3]


def test_dice_may_say_what_follows_the_faces() -> None:
    scenario = load_scenario_text(BASE + "dice: {faces: [20, 1], then: stop}\n", "x.yaml")
    assert (scenario.dice, scenario.dice_then) == ((20, 1), "stop")
    assert "'then' is 'seed'" in only_problem(BASE + "dice: {faces: [20], then: later}\n")


def test_a_comma_in_a_flow_list_gets_a_hint() -> None:
    problems = problems_of(BASE + "script: [vex move @1,0]\n")
    assert "quote the action" in problems[0]


def test_expectation_syntax_is_checked() -> None:
    text = with_script(
        expect=(
            "  - stat: {vex.hp: 3}\n"
            "  - event: {kind: AttackRoled}\n"
            "  - event: {kind: AttackRolled, attackr: vex}\n"
            "  - outcome: {winer: red}\n"
            "  - legal: vex @3\n"
            "  - 7\n"
        )
    )
    problems = problems_of(text)
    assert [p.split(": ")[1] for p in problems] == [
        "expect[0].stat",
        "expect[1].event",
        "expect[2].event",
        "expect[3].outcome",
        "expect[4].legal",
        "expect[5]",
    ]
    assert "unknown expectation 'stat'" in problems[0]
    assert "unknown event kind 'AttackRoled'" in problems[1]
    assert "no field 'attackr'" in problems[2]
    assert problems[5].startswith(f"x.yaml:{line_of(text, '- 7')}:")


def test_a_missing_file_is_a_scenario_error(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="no such file"):
        load_scenario(tmp_path / "nowhere.yaml")


def test_a_file_that_is_not_a_mapping() -> None:
    assert "a scenario is a YAML mapping" in only_problem("- just\n- a list\n")


def test_objects_are_named_by_id_and_shared_squares_by_the_list() -> None:
    text = BASE + "objects: [{id: door, at: [9, 9]}]\n"
    assert (
        only_problem(text)
        == f"x.yaml:{line_of(text, 'door')}: objects.door.at: position [9, 9] is off the map (x 0-6, y 0-2)"
    )
    text = BASE.replace("at: b,", "at: a,")
    assert only_problem(text).startswith(
        f"x.yaml:{line_of(text, 'combatants:')}: combatants: 'rook' and 'vex'"
    )


def test_a_sheet_rule_problem_names_the_combatant() -> None:
    text = BASE.replace("template: medic}", "template: medic, skills: {hacking: 2}}")
    assert only_problem(text).startswith(
        f"x.yaml:{line_of(text, 'hacking')}: combatants[3]: unknown skill 'hacking'"
    )


@pytest.mark.parametrize(
    ("weapons", "hands"),
    [("[pistol]", ["pistol"]), ("[knife, pistol]", ["pistol", "knife"]), ("[knife]", ["knife"]), ("[]", [])],
)
def test_own_weapons_replace_what_the_template_drew(weapons: str, hands: list[str]) -> None:
    """Issue 15 point 2: a gunslinger (template: pistol and laser-pistol drawn) given its own `weapons` failed
    on a `drawn` the file never wrote; a drawn weapon it no longer carries gives way to its first weapon."""
    text = BASE.replace("template: gunslinger}", f"template: gunslinger, weapons: {weapons}}}")
    fight = load_scenario_text(text, "x.yaml").new_fight()
    assert fight.observe()["fighters"]["rook"]["hands"] == hands
