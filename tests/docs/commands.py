"""The commands of a ``console`` block: each ``$ `` line with the output shown below it, run with the project's
command line (in this process through typer's CliRunner where it can) and compared with ``...`` wildcards."""

from __future__ import annotations

import dataclasses
import difflib
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from tactica.cli import app

PROMPT = "$ "
#: Commands that start a server, need make or run long: their block needs a ``doc-test: skip`` marker.
NEEDS_SKIP = ("make", "tactica serve")
SHELL_OPERATORS = set("|&;<>()")


@dataclasses.dataclass(frozen=True)
class Step:
    """One command, the documented output under it (None when the doc shows none), its line in the doc and
    the exit status it must end with (0 unless a ``$ echo $?`` after it shows another)."""

    command: str
    want: str | None
    line: int
    status: int = 0


@dataclasses.dataclass(frozen=True)
class Ran:
    """What a command did: its exit status and its output (stdout and stderr as a terminal shows them)."""

    status: int
    output: str


def steps(text: str, first_line: int) -> list[Step]:
    """The commands of a console block whose first line is line ``first_line`` of its file."""
    found: list[Step] = []
    for step in _commands(text, first_line):
        if step.command != "echo $?":
            found.append(step)
        elif found and step.want is not None and step.want.strip().isdigit():
            found[-1] = dataclasses.replace(found[-1], status=int(step.want))
        else:
            raise ValueError(f"line {step.line}: '$ echo $?' follows a command and shows its status")
    return found


def _commands(text: str, first_line: int) -> list[Step]:
    found: list[Step] = []
    for offset, line in enumerate(text.splitlines()):
        if line.startswith(PROMPT):
            found.append(Step(line[len(PROMPT) :].strip(), None, first_line + offset))
        elif not found:
            if line.strip():
                raise ValueError(f"line {first_line + offset}: a console block starts with a '$ ' command")
        else:
            shown = line if found[-1].want is None else f"{found[-1].want}\n{line}"
            found[-1] = dataclasses.replace(found[-1], want=shown)
    return found


def run(command: str, cwd: Path) -> Ran:
    """Run one command: ``tactica ...`` and ``printf ... | tactica ...`` in this process, others with bash."""
    if command.startswith(NEEDS_SKIP):
        raise AssertionError(f"'{command}' needs a '<!-- doc-test: skip (why) -->' line before its block")
    words = _words(command)
    if words[0] == "tactica" and _plain(words):
        return _invoke(words[1:], None)
    if words[0] == "printf" and words.count("|") == 1 and words[words.index("|") + 1] == "tactica":
        bar = command.index("|")
        typed = _bash(command[:bar], cwd).output
        return _invoke(words[words.index("|") + 2 :], typed)
    return _bash(command, cwd)


def _words(command: str) -> list[str]:
    """The command's words as the shell splits them, with its operators (``|``, ``>``, ``&&``) apart."""
    lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    return list(lexer)


def _plain(words: list[str]) -> bool:
    """No shell operators between the words (pipes, redirections, lists)."""
    return not any(word and set(word) <= SHELL_OPERATORS for word in words)


def _invoke(args: list[str], typed: str | None) -> Ran:
    result = CliRunner().invoke(app, args, input=typed)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"'tactica {shlex.join(args)}' raised:\n{_traceback(result)}")
    return Ran(result.exit_code, result.output)


def _traceback(result: object) -> str:
    import traceback

    info = getattr(result, "exc_info", None)
    return "".join(traceback.format_exception(*info)) if info else repr(result)


def _bash(command: str, cwd: Path) -> Ran:
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    done = subprocess.run(
        ["bash", "-c", command],
        cwd=cwd,
        env={**os.environ, "PATH": path},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return Ran(done.returncode, done.stdout + done.stderr)


def matches(want: str, got: str) -> bool:
    """Whether the output matches the documented one: ``...`` is any text (across lines too), a line of only
    ``...`` any number of lines; trailing spaces and blank lines at the ends do not count."""
    return re.fullmatch(_pattern(want), _lines(got) + "\n", flags=re.S) is not None


def _pattern(want: str) -> str:
    parts = []
    for line in _lines(want).splitlines():
        if line.strip() == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append(".*?".join(re.escape(piece) for piece in line.split("...")) + r"\n")
    return "".join(parts)


def _lines(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.strip("\n").splitlines())


def difference(want: str, got: str) -> str:
    """A unified diff of the documented and the actual output."""
    diff = difflib.unified_diff(
        _lines(want).splitlines(), _lines(got).splitlines(), "documented", "actual", lineterm=""
    )
    return "\n".join(diff)
