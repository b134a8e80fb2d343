"""Issue 15 point 15: every example in README.md and docs/ (docs/systems/ too) runs, so drift fails the suite.

Each Markdown file is one test: its fenced blocks run in order in a fresh folder holding a link to
``examples/`` (files written by one block are there for the next). ``python`` blocks run (``>>>`` ones through
doctest, others as a script; a file's blocks share their names), ``console`` blocks run each ``$ `` command
and compare the output shown under it (``...`` as a wildcard; ``$ echo $?`` checks the exit status, otherwise
it must be 0), ``yaml`` blocks that are whole scenarios pass ``tactica check``, others must parse. Blocks
marked ``<!-- doc-test: skip (why) -->`` are reported as skipped tests, one each, naming file:line and why.
The conventions are in :mod:`tests.docs.blocks`.
"""

from __future__ import annotations

import doctest
import traceback
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.docs.blocks import ROOT, RUN, SHOWN, Block, blocks, markdown_files
from tests.docs.commands import Ran, Step, difference, matches, run, steps

EXAMPLES = ROOT / "examples"


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT))


def _skipped() -> list[Block]:
    return [block for path in markdown_files() for block in blocks(path) if block.skip]


@pytest.mark.parametrize("path", markdown_files(), ids=_name)
def test_doc_examples_run(path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every block of the file runs as documented (the message names file:line and the difference)."""
    (tmp_path / "examples").symlink_to(EXAMPLES, target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    names: dict[str, Any] = {"__name__": "__doc__"}
    failures = []
    for block in blocks(path):
        if block.skip is None:
            failures.extend(_run_block(block, tmp_path, names))
    assert not failures, "\n\n".join(failures)


@pytest.mark.parametrize("block", _skipped(), ids=lambda block: block.where)
def test_doc_example_skipped(block: Block) -> None:
    """Each block marked skip is one skipped test, so the run says how many and why."""
    pytest.skip(f"{block.where}: {block.skip}")


def test_every_block_says_whether_it_runs() -> None:
    """A block without a language would silently never run: each names one the docs test knows."""
    unknown = [
        f"{block.where}: fence language {block.lang!r} (use one of {', '.join(RUN + SHOWN)})"
        for path in markdown_files()
        for block in blocks(path)
        if block.lang not in RUN + SHOWN
    ]
    assert not unknown, "\n".join(unknown)


def _run_block(block: Block, folder: Path, names: dict[str, Any]) -> list[str]:
    if block.file is not None:
        (folder / block.file).write_text(block.text, encoding="utf-8")
        return []
    if block.lang == "python":
        return _python(block, names)
    if block.lang == "console":
        return _console(block, folder)
    if block.lang == "yaml":
        return _yaml(block, folder)
    return []


def _python(block: Block, names: dict[str, Any]) -> list[str]:
    if ">>>" in block.text:
        return _doctest(block, names)
    try:
        exec(compile("\n" * block.line + block.text, str(block.path), "exec"), names)
    except Exception as error:
        lines = [f.lineno for f in traceback.extract_tb(error.__traceback__) if f.filename == str(block.path)]
        where = f"{_name(block.path)}:{lines[-1] if lines else block.line}"
        return [f"{where}: the python block of line {block.line} raised {type(error).__name__}: {error}"]
    return []


def _doctest(block: Block, names: dict[str, Any]) -> list[str]:
    test = doctest.DocTestParser().get_doctest(block.text, names, block.where, str(block.path), block.line)
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.REPORT_UDIFF, verbose=False)
    runner.run(test, out=report.append, clear_globs=False)
    return [f"{block.where}: the python block's examples differ:\n" + "".join(report)] if report else []


def _console(block: Block, folder: Path) -> list[str]:
    try:
        commands = steps(block.text, block.line + 1)
    except ValueError as error:
        return [f"{_name(block.path)}:{error}"]
    return [problem for step in commands for problem in _checked(block, step, run(step.command, folder))]


def _checked(block: Block, step: Step, ran: Ran) -> list[str]:
    where = f"{_name(block.path)}:{step.line}: $ {step.command}"
    if ran.status != step.status:
        return [
            f"{where}: exit status {ran.status}, documented {step.status} ('$ echo $?' shows one):\n{ran.output}"
        ]
    if step.want is not None and not matches(step.want, ran.output):
        return [f"{where}: the output differs ('...' matches anything):\n{difference(step.want, ran.output)}"]
    return []


def _yaml(block: Block, folder: Path) -> list[str]:
    try:
        data = yaml.safe_load(block.text)
    except yaml.YAMLError as error:
        return [f"{block.where}: the yaml block does not parse: {error}"]
    if not (isinstance(data, dict) and "system" in data):
        return []
    scenario = folder / f"block-{block.line}.yaml"
    scenario.write_text(block.text, encoding="utf-8")
    ran = run(f"tactica check {scenario.name}", folder)
    return [f"{block.where}: the scenario fails 'tactica check':\n{ran.output}"] if ran.status else []


def test_the_runner_finds_drift(tmp_path: Path) -> None:
    """The docs test itself: a changed figure fails, naming the file:line, and '...' skips what it should."""
    assert matches("a\n...\nd", "a\nb\nc\nd\n") and matches("x ... z", "x yy z")
    assert not matches("a\nb", "a\nc") and not matches("a", "a\nb")
    block = Block(ROOT / "README.md", 3, "console", "$ tactica systems\nfuturepath  FuturePath\n")
    (failure,) = _console(block, tmp_path)
    assert failure.startswith("README.md:4: $ tactica systems: the output differs") and "+farrecon" in failure
    broken = Block(ROOT / "README.md", 10, "python", "x = 1\ny = x.missing\n")
    assert _python(broken, {}) == [
        "README.md:12: the python block of line 10 raised AttributeError: 'int' object has no attribute 'missing'"
    ]
