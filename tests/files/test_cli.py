"""Issue 12 point 3 at the command line: every command that reads a scenario gives a hostile file exit status
2 and a short paragraph naming file:line, never a traceback."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tactica.cli import app
from tactica.files import MAX_PROBLEMS
from tests.files.hostile import ALIAS_BOMB, nested
from tests.scenario.helpers import BASE, line_of, with_script, write

runner = CliRunner()
PHASE3D6 = Path(__file__).resolve().parents[2] / "examples" / "phase3d6" / "odds.yaml"

#: Each command that reads a scenario, with the options it needs to get that far.
COMMANDS = {
    "check": [],
    "verify": [],
    "fight": [],
    "play": [],
    "sim": ["-n", "2", "--workers", "1"],
    "sweep": ["--vary", "options.max_rounds=5", "-n", "2", "--workers", "1"],
    "odds": ["--action", "vex attack rook with rifle"],
}
#: A hostile scenario, the text its line is found by, and what the message says.
HOSTILE = {
    "alias bomb as seed": (BASE.replace("seed: 7\n", "") + ALIAS_BOMB + "seed: *h\n", "[*a", "aliases (*a)"),
    "500-deep nesting": (BASE + "options: {x: " + nested(500) + "}\n", "options:", "nest deeper than 64"),
    "key given twice": (
        BASE + "seed: 8\n",
        "seed: 8",
        f"key 'seed' appears twice (first on line {line_of(BASE, 'seed: 7')})",
    ),
    "map: 7 in Phase 3d6": (
        PHASE3D6.read_text().replace("map:", "map: 7\nold-map:"),
        "map: 7",
        "map: must be a mapping",
    ),
}


def invoke(*args: str | Path) -> Result:
    return runner.invoke(app, [str(a) for a in args])


def assert_short_bad_input(result: Result, *needles: str, lines: int = 3) -> None:
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    errors = result.stderr.strip().splitlines()
    assert 1 <= len(errors) <= lines and all(e.startswith("error: ") for e in errors), result.stderr
    assert len(result.stderr) < 300 * lines
    for needle in needles:
        assert needle in result.stderr


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("case", HOSTILE)
def test_a_hostile_file_is_a_short_message_at_its_line(tmp_path: Path, command: str, case: str) -> None:
    text, needle, message = HOSTILE[case]
    path = write(tmp_path, text)
    result = invoke(command, path, *COMMANDS[command])
    assert_short_bad_input(result, f"{path}:{line_of(text, needle)}", message)


def test_check_caps_a_long_list_of_problems(tmp_path: Path) -> None:
    """Issue 12 point 3: 10,000 bad script entries printed 10,000 lines on main."""
    text = with_script(*["vex attack rook with"] * 10_000)
    path = write(tmp_path, text)
    result = invoke("check", path)
    assert_short_bad_input(
        result,
        f"{path}:{line_of(text, 'script:') + 1}: script[0]",
        "... and 9990 more problems",
        lines=MAX_PROBLEMS + 1,
    )


@pytest.mark.parametrize("command", COMMANDS)
def test_a_device_a_fifo_and_a_folder_are_refused_promptly(tmp_path: Path, command: str) -> None:
    """Issue 12 point 3: `tactica check /dev/zero` read forever on main, and a FIFO waited for a writer."""
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    for path, message in [
        ("/dev/zero", "is a device, not a regular file"),
        (fifo, "is a pipe (FIFO), not a regular file"),
        (tmp_path, "is a folder, not a file"),
    ]:
        if command in ("verify", "check") and path == tmp_path:
            continue  # verify and check search a folder for scenarios (issue 15 point 3)
        started = time.monotonic()
        result = _bounded(lambda p=path: invoke(command, p, *COMMANDS[command]))
        assert time.monotonic() - started < 10
        assert_short_bad_input(result, f"{path}: {message}", lines=1)


def test_a_file_over_the_size_limit_is_refused_quickly(tmp_path: Path) -> None:
    path = write(tmp_path, BASE + "# " + "x" * 5_000_000 + "\n")
    started = time.monotonic()
    result = invoke("check", path)
    assert time.monotonic() - started < 10
    assert_short_bad_input(result, f"{path}: the file has more than 4,194,304 bytes", lines=1)


def _bounded(run: object) -> Result:
    """``run()`` in a thread, so a command that would hang fails the test instead of stalling it."""
    out: list[Result] = []
    thread = threading.Thread(target=lambda: out.append(run()), daemon=True)  # type: ignore[operator]
    thread.start()
    thread.join(30)
    assert out, "the command did not return within 30 s"
    return out[0]
