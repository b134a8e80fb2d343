"""Printing for the command line: plain text on stdout (rich, never wrapped), JSON for ``--json``, and
error paragraphs on stderr with exit status 2."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable, Iterable
from typing import Any, NoReturn, TypeVar

import typer
from rich.console import Console

from tactica.dice import DiceError
from tactica.engine import TacticaError
from tactica.files import FileError

#: Exit status for bad input (a malformed file, an unknown name, an illegal action).
BAD_INPUT = 2
F = TypeVar("F", bound=Callable[..., Any])


def console(*, stderr: bool = False) -> Console:
    """A console that prints text as given: no markup, no highlighting, no wrapping."""
    return Console(stderr=stderr, markup=False, highlight=False, emoji=False, soft_wrap=True)


def say(*lines: str, style: str | None = None) -> None:
    """Print lines on stdout."""
    out = console()
    for line in lines:
        out.print(line, style=style)


def say_all(lines: Iterable[str]) -> None:
    """Print many lines on stdout; pass and FAIL lines of ``verify`` in colour (on a terminal)."""
    out = console()
    for line in lines:
        out.print(line, style=STYLES.get(line[:6]))


#: Colours by line start (shown only on a terminal).
STYLES = {"  FAIL": "bold red", "  pass": "green", "error:": "red"}


def emit_json(data: Any) -> None:
    """Machine output: one JSON document on stdout."""
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def fail(message: str, *, as_json: bool = False) -> NoReturn:
    """One paragraph on stderr (each line starting 'error:'), then exit status 2."""
    lines = [line for line in message.splitlines() if line.strip()] or ["unknown error"]
    err = console(stderr=True)
    for line in lines:
        err.print(f"error: {line}", style="red")
    if as_json:
        emit_json({"error": lines})
    raise typer.Exit(BAD_INPUT)


def explain(error: BaseException) -> str:
    """The message of an error met at the command-line boundary."""
    if isinstance(error, OSError):
        name = f" {error.filename}" if error.filename else ""
        return f"cannot use{name}: {error.strerror or error}"
    return str(error)


def guarded(command: F) -> F:
    """Turn expected errors (bad files, unknown names, illegal actions, dice) into an error paragraph and
    exit status 2; never a traceback."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except (TacticaError, DiceError, FileError, OSError) as error:
            fail(explain(error), as_json=bool(kwargs.get("as_json", False)))

    return wrapper  # type: ignore[return-value]
