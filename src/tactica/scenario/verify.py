"""``tactica verify`` and ``tactica check`` as functions: find scenario files, run them, collect results.

A file that cannot be loaded or run is an error (reported, not raised) so one bad file does not hide the
others.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tactica.files import FileError, capped, load_yaml
from tactica.scenario.expect import lookup
from tactica.scenario.load import load_scenario, read_scenario, read_text
from tactica.scenario.locate import Problem, ScenarioError
from tactica.scenario.model import Scenario, ScenarioRun
from tactica.scenario.script import run_scenario, start_fight

SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True)
class FileReport:
    """One scenario file verified: its run, or the error that stopped it."""

    path: str
    run: ScenarioRun | None = None
    error: ScenarioError | None = None

    @property
    def passed(self) -> bool:
        """Ran, and every expectation held."""
        return self.run is not None and self.run.passed

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        if self.run is not None:
            return self.run.to_dict()
        problems = [str(p) for p in self.error.problems] if self.error else []
        return {"file": self.path, "passed": False, "error": problems}


def scenario_files(paths: Iterable[str | Path]) -> list[Path]:
    """Files named, and scenario files (YAML with a ``system`` key) found in folders, recursively."""
    out: list[Path] = []
    for given in map(Path, paths):
        if given.is_dir():
            found = sorted(p for p in given.rglob("*") if p.suffix in SUFFIXES and p.is_file())
            out += [p for p in found if _looks_like_scenario(p)]
        else:
            out.append(given)
    return out


def _looks_like_scenario(path: Path) -> bool:
    try:
        data = load_yaml(path).data
    except FileError:
        return True  # reported when it is verified
    return isinstance(data, Mapping) and "system" in data


def verify_file(path: str | Path, *, seed: int | None = None) -> FileReport:
    """Load and run one scenario file."""
    try:
        return FileReport(str(path), run=run_scenario(load_scenario(path), seed=seed))
    except ScenarioError as error:
        return FileReport(str(path), error=error)


def verify(paths: Iterable[str | Path], *, seed: int | None = None) -> list[FileReport]:
    """Run every scenario under ``paths``."""
    return [verify_file(p, seed=seed) for p in scenario_files(paths)]


def check_file(path: str | Path) -> tuple[Scenario | None, list[Problem]]:
    """Every problem of a scenario file without running its script: YAML, setup, scenario keys, action and
    expectation syntax, and names (actors, state paths) against the fight as it starts."""
    try:
        scenario, problems = read_scenario(read_text(path), str(path))
    except ScenarioError as error:
        return None, error.problems
    if scenario is None:
        return None, problems
    return scenario, capped(_name_problems(scenario))


def _name_problems(scenario: Scenario) -> list[Problem]:
    try:
        observed = start_fight(scenario).observe()
    except ScenarioError as error:
        return error.problems
    problems = []
    fighters = observed.get("fighters")
    for step in scenario.script:
        if step.action is not None and isinstance(fighters, Mapping) and step.action.actor not in fighters:
            message = f"no combatant '{step.action.actor}' (combatants: {', '.join(fighters)})"
            problems.append(Problem(scenario.file, step.line, message, step.where))
    for expectation in scenario.expectations:
        if expectation.kind == "state":
            problems += [
                Problem(scenario.file, expectation.line, f"{path}: {missing}", expectation.where)
                for path in expectation.spec
                if (missing := _first_segment_problem(observed, path))
            ]
    return problems


def _first_segment_problem(observed: Mapping[str, Any], path: str) -> str | None:
    """A state path whose head does not exist at the start cannot be right: its first segment, and for a
    combatant the field (lists and mappings such as ``ground`` or ``terrain`` grow during the fight)."""
    segments = path.split(".")
    fighters = observed.get("fighters")
    fixed = 2 if isinstance(fighters, Mapping) and segments[0] in fighters else 1
    return lookup(observed, ".".join(segments[:fixed]))[1]
