"""What is wrong in a file and where: a :class:`Problem` (file, line, field, message), the :class:`FileError`
that carries them, and the rules that keep every message short.

A message echoes at most :data:`MAX_ECHO` characters of a value from the file (:func:`brief`), a problem
prints at most :data:`MAX_MESSAGE` characters, and a file reports at most :data:`MAX_PROBLEMS` problems
(:func:`capped`), so a hostile file never makes a long message.
"""

from __future__ import annotations

import difflib
import reprlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

#: Characters of a value from a file echoed back in a message.
MAX_ECHO = 60
#: Characters of one problem's field path and of its message, each.
MAX_MESSAGE = 300
#: Problems reported for one file; the rest are counted ("... and 95 more problems").
MAX_PROBLEMS = 10

_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = _REPR.maxlong = MAX_ECHO
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 6
_REPR.maxlevel = 3


def clip(text: str, limit: int = MAX_MESSAGE) -> str:
    """``text`` cut to ``limit`` characters, an ellipsis marking the cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def brief(value: object) -> str:
    """The ``repr`` of a value from a file, at most :data:`MAX_ECHO` characters, built without ever making
    the whole ``repr`` of a huge or deeply nested value."""
    return clip(_REPR.repr(value), MAX_ECHO)


#: Characters of a list of valid names in a message (the rest are counted).
MAX_LISTED = 160


def did_you_mean(name: str, valid: Iterable[str]) -> str:
    """`` did you mean 'hp'?`` naming the closest of ``valid`` (up to three), or ``""`` when none is close."""
    close = difflib.get_close_matches(name, list(valid), n=3, cutoff=0.6)
    return f" did you mean {' or '.join(repr(c) for c in close)}?" if close else ""


def listed(names: Iterable[str], limit: int = MAX_LISTED, every: str = "") -> str:
    """Names joined by commas, cut to about ``limit`` characters with how many are left out (and ``every``,
    where all of them are listed)."""
    names = list(names)
    shown: list[str] = []
    for name in names:
        if shown and len(", ".join([*shown, name])) > limit:
            where = f": {every}" if every else ""
            return f"{', '.join(shown)}, ... ({len(names) - len(shown)} more{where})"
        shown.append(name)
    return ", ".join(shown) or "none"


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem in a file: where (line, column, field path) and what is wrong."""

    file: str
    line: int | None
    message: str
    where: str = ""
    column: int | None = None

    def __str__(self) -> str:
        spot = self.file
        if self.line is not None:
            spot += f":{self.line}" + (f":{self.column}" if self.column is not None else "")
        message = clip(self.message)
        return f"{spot}: {clip(self.where)}: {message}" if self.where else f"{spot}: {message}"


def capped(problems: Sequence[Problem], limit: int = MAX_PROBLEMS) -> list[Problem]:
    """The first ``limit`` problems, and one more that counts the rest."""
    if len(problems) <= limit:
        return list(problems)
    rest = len(problems) - limit
    return [*problems[:limit], Problem(problems[limit].file, None, f"... and {rest} more problems")]


class FileError(Exception):
    """A file (or text) that cannot be read as tactica data; ``problems`` says where and why."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = capped(problems)
        super().__init__("\n".join(map(str, self.problems)))


def refuse(name: str, message: str, line: int | None = None) -> FileError:
    """A :class:`FileError` with one problem."""
    return FileError([Problem(name, line, message)])
