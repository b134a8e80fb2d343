"""Every example scenario verifies: one test per scenario file under examples/ (every system), run as
``tactica verify examples`` runs it, so ``make test`` checks each executable ruling."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tactica.scenario import scenario_files, verify_file

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
#: The scenario files ``tactica verify examples`` finds: YAML files (``**/*.yaml``, ``**/*.yml``) with a
#: ``system`` key, in every system's folder.
FILES = scenario_files([EXAMPLES])


def test_the_examples_folder_has_scenarios() -> None:
    """The parametrized test below is not vacuous: every system with examples is found."""
    assert FILES, f"no scenario files under {EXAMPLES}"
    assert {p.relative_to(EXAMPLES).parts[0] for p in FILES} >= {"futurepath"}


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(EXAMPLES)) for p in FILES])
def test_example_scenario_verifies(path: Path) -> None:
    """The scenario loads, its script runs and every expectation (inline and final) holds."""
    report = verify_file(path)
    assert report.error is None, "\n".join(str(p) for p in report.error.problems)
    assert report.run is not None
    failures = [r.to_dict() for r in report.run.results if not r.passed]
    assert report.passed, json.dumps(failures, indent=1, default=str)
    # Issue 14 point 12: an example without expectations checks nothing but that its script runs.
    assert report.run.scenario.expectations, f"{path.name} has no expectation"
