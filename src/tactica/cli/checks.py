"""Text for ``tactica verify`` and ``tactica check``: pass/fail per expectation with the difference."""

from __future__ import annotations

from collections.abc import Sequence

from tactica.scenario import FileReport, Problem, Result, Scenario
from tactica.scenario.expect import show

#: Longest expectation body shown on a pass line.
SHOWN = 90


def label(result: Result) -> str:
    """``line 21  state {"vex.hp": 9}``."""
    e = result.expectation
    body = show(e.spec)
    body = body if len(body) <= SHOWN else body[: SHOWN - 3] + "..."
    return f"line {e.line or '?'}  {e.kind} {body}"


def result_lines(result: Result) -> list[str]:
    """One line for a pass; for a failure also the difference (expected vs actual)."""
    if result.passed:
        return [f"  pass  {label(result)}"]
    lines = [f"  FAIL  {label(result)}", f"          {result.difference}"]
    return lines


def report_lines(report: FileReport) -> list[str]:
    """A scenario file's block: its title, then its expectations (or the error that stopped it)."""
    if report.run is None:
        return [f"{report.path}: ERROR (see below)"]
    run = report.run
    title = f"{report.path} — {run.scenario.name} (seed {run.seed}, {len(run.fight.history)} actions)"
    if not run.results:
        return [f"{title}: no expectations (the script ran)"]
    return [title] + [line for r in run.results for line in result_lines(r)]


def summary(reports: Sequence[FileReport]) -> str:
    """``2 files, 9 expectations: 8 passed, 1 failed, 0 files with errors``."""
    results = [r for report in reports if report.run for r in report.run.results]
    failed = sum(not r.passed for r in results)
    errors = sum(report.error is not None for report in reports)
    files = f"{len(reports)} file" + ("" if len(reports) == 1 else "s")
    return f"{files}, {len(results)} expectations: {len(results) - failed} passed, {failed} failed" + (
        f", {errors} with errors" if errors else ""
    )


def check_lines(scenario: Scenario) -> list[str]:
    """What a valid scenario holds, for ``tactica check``."""
    actions = sum(step.action is not None for step in scenario.script)
    count = len(scenario.expectations)
    return [
        f"ok: {scenario.file} — {scenario.name} ({scenario.system.id}): "
        f"{actions} scripted actions, {count} expectations, seed {scenario.seed}"
    ]


def problem_text(problems: Sequence[Problem]) -> str:
    """Problems as one paragraph, one line each."""
    return "\n".join(str(p) for p in problems)
