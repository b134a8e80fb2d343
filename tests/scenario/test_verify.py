"""Finding scenario files, verifying them, and checking them without running their scripts."""

from __future__ import annotations

from pathlib import Path

from tactica.scenario import check_file, scenario_files, verify
from tests.scenario.helpers import BASE, line_of, with_script, write

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_folders_are_searched_recursively_for_scenarios(tmp_path: Path) -> None:
    write(tmp_path, BASE, "a.yaml")
    (tmp_path / "deep").mkdir()
    write(tmp_path / "deep", BASE, "b.yml")
    write(tmp_path, "knife: {kind: melee}\n", "weapons.yaml")
    write(tmp_path, BASE, "notes.txt")
    assert [p.name for p in scenario_files([tmp_path])] == ["a.yaml", "b.yml"]


def test_verify_reports_passes_failures_and_errors(tmp_path: Path) -> None:
    write(tmp_path, with_script(expect="  - state: {vex.hp: 18}\n"), "1-pass.yaml")
    write(tmp_path, with_script(expect="  - state: {vex.hp: 17}\n"), "2-fail.yaml")
    write(tmp_path, with_script("vex fly"), "3-error.yaml")
    passed, failed, broken = verify([tmp_path])
    assert passed.passed and passed.run is not None and passed.run.results[0].passed
    assert not failed.passed and failed.run is not None and failed.run.failures[0].difference
    assert broken.error is not None and broken.run is None
    assert "unknown action 'fly'" in str(broken.error)
    assert broken.to_dict()["passed"] is False and failed.to_dict()["results"][0]["actual"] == {"vex.hp": 18}


def test_the_documented_example_passes() -> None:
    """docs/scenarios.md promises that examples/futurepath/basics.yaml verifies."""
    (report,) = verify([EXAMPLES / "futurepath" / "basics.yaml"])
    assert report.passed, report.to_dict()
    assert {r.expectation.kind for r in report.run.results} >= {  # type: ignore[union-attr]
        "state",
        "event",
        "no_event",
        "rejects",
        "legal",
        "not_legal",
    }


def test_check_finds_unknown_actors_and_state_paths_without_running(tmp_path: Path) -> None:
    text = with_script("vexx end", expect="  - state: {vexx.hp: 3, vex.hp: 18, rook.hpp: 1}\n")
    scenario, problems = check_file(write(tmp_path, text))
    assert scenario is not None
    assert [str(p).split(": ", 2)[1:] for p in problems] == [
        ["script[0]", "no combatant 'vexx' (combatants: vex, kat, rook, ash)"],
        ["expect[0].state", problems[1].message],
        ["expect[0].state", problems[2].message],
    ]
    assert problems[0].line == line_of(text, "vexx end")
    assert problems[1].message.startswith(
        "vexx.hp: no combatant or state field 'vexx' (combatants: vex, kat, rook, ash;"
    )
    assert problems[2].message.startswith("rook.hpp: no 'hpp' in fighters.rook")


def test_check_of_a_good_file_has_no_problems(tmp_path: Path) -> None:
    assert check_file(write(tmp_path, with_script("vex end")))[1] == []
    assert "no such file" in str(check_file(tmp_path / "nope.yaml")[1][0])


def test_the_docs_listing_is_the_example_file() -> None:
    """docs/scenarios.md shows examples/futurepath/basics.yaml verbatim."""
    docs = (EXAMPLES.parent / "docs" / "scenarios.md").read_text(encoding="utf-8")
    listing = docs.split("```yaml\n", 1)[1].split("```", 1)[0]
    assert listing == (EXAMPLES / "futurepath" / "basics.yaml").read_text(encoding="utf-8")
