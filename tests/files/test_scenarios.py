"""Issue 12 point 3 through the scenario loader: hostile scenario files get short messages at their line."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
import yaml

from tactica.analysis.sweep import parse_vary
from tactica.engine import TacticaError
from tactica.files import MAX_PROBLEMS, FileError
from tactica.scenario import ScenarioError, check_file, load_scenario_text
from tactica.systems.setup_common import load_content
from tests.files.hostile import ALIAS_BOMB
from tests.scenario.helpers import BASE, line_of, with_script

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SYSTEMS = ["farrecon", "futurepath", "phase3d6", "srb", "thrum"]


def problems_of(text: str) -> list[str]:
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(text, "x.yaml")
    return [str(p) for p in caught.value.problems]


@pytest.mark.parametrize("where", ["seed: *h", "options: {max_rounds: *h}"])
def test_an_alias_bomb_as_seed_or_option_is_one_short_message(where: str) -> None:
    """Issue 12 point 3: on main this built a 312 MB message and 2.4 GB of memory."""
    text = BASE.replace("seed: 7\n", "") + ALIAS_BOMB + where + "\n"
    assert problems_of(text) == [
        f"x.yaml:{line_of(text, '[*a')}: aliases (*a) are not allowed in tactica files; write the value out"
    ]


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("key", ["map", "combatants", "options"])
@pytest.mark.parametrize("value", [7, "text", [1, 2], True])
def test_a_setup_key_of_the_wrong_type_is_named(system: str, key: str, value: object) -> None:
    """Issue 12 point 3: `map: 7` in a Phase 3d6 file raised TypeError; every system names the field."""
    data = yaml.safe_load((EXAMPLES / system / "odds.yaml").read_text())
    data[key] = value
    text = yaml.safe_dump(data, sort_keys=False)
    problems = problems_of(text)
    assert re.search(rf"^x.yaml:\d+: {key}(\[\d\])?: ", "\n".join(problems), re.MULTILINE)
    assert len(problems) <= 3


def test_many_problems_are_capped() -> None:
    """Issue 12 point 3: 10,000 bad script entries printed 10,000 lines on main."""
    text = with_script(*["vex attack rook with"] * 10_000)
    problems = problems_of(text)
    assert len(problems) == MAX_PROBLEMS + 1
    assert problems[-1] == "x.yaml: ... and 9990 more problems"


def test_many_validation_errors_are_capped(tmp_path: Path) -> None:
    """Issue 12 point 3: pydantic's error for each of 3,000 bad combatants became a line each on main."""
    bad = "".join(f"  - {{id: x{i}, side: red, at: [0, 0], weapons: 3}}\n" for i in range(3000))
    path = tmp_path / "many.yaml"
    path.write_text(BASE.replace("combatants:\n", "combatants:\n" + bad))
    _, problems = check_file(path)
    text = "\n".join(map(str, problems))
    assert len(text.splitlines()) <= MAX_PROBLEMS + 1 and "... and 2990 more problems" in text
    assert str(problems[0]).startswith(
        f"{path}:{line_of(path.read_text(), 'id: x0')}: combatants[0].weapons:"
    )


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ("seed: 7", "seed: [" + ", ".join(["[1, 2, 3]"] * 20_000) + "]", "seed"),
        ("at: b,", "at: [" + ", ".join(["[1, 2, 3]"] * 20_000) + "],", "combatants[2].at"),
        ("system: futurepath", "system: " + "q" * 100_000, "system"),
        ("at: b,", "at: " + "[" * 58 + "1" + "]" * 58 + ",", "combatants[2].at"),
    ],
)
def test_echoed_values_are_cut_short(old: str, new: str, field: str) -> None:
    """Issue 12 point 3: a huge or deeply nested value was echoed back whole (100,000 characters and more)."""
    text = BASE.replace(old, new)
    (problem,) = problems_of(text)
    assert problem.startswith(f"x.yaml:{line_of(text, new[:20])}: {field}: ")
    assert len(problem) < 200


def test_content_files_are_read_by_the_same_loader(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A system's content file with a key given twice is refused with both lines (main kept the last)."""
    package = tmp_path / "homebrew_content_check"
    (package / "content").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "content" / "weapons.yaml").write_text(
        "club: {damage: 1d6}\nknife: {damage: 1d4}\nclub: {damage: 1d8}\n"
    )
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    with pytest.raises(FileError) as caught:
        load_content("homebrew_content_check", "weapons")
    assert str(caught.value) == (
        "homebrew_content_check:content/weapons.yaml:3: key 'club' appears twice (first on line 1)"
    )


def test_a_vary_value_is_read_by_the_same_loader() -> None:
    """`--vary` values are YAML text: a 5,000-digit number raised ValueError on main."""
    with pytest.raises(TacticaError) as caught:
        parse_vary("options.max_rounds=5," + "9" * 5000)
    assert str(caught.value).startswith("--vary 'options.max_rounds=5,99999")
    assert "cannot read the value '9999" in str(caught.value) and len(str(caught.value)) < 400
    with pytest.raises(TacticaError, match=r"aliases \(\*a\) are not allowed"):
        parse_vary("options.max_rounds=*a")
