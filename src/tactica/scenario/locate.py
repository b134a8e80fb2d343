"""Where a system's setup problems are in a scenario file: field paths mapped back to lines.

The file itself is read by :mod:`tactica.files` (node tree and data in one pass, with its limits); its
:class:`Source`, :class:`Problem` and path helpers are re-exported here under their old names.

Rule systems report setup problems with a field path in front (``combatants[1] (rook).at: ...``,
``combatants.1.at: ...`` from pydantic, ``objects.door.at: ...``, ``map.text: line 3, column 5: ...``).
:func:`locate_message` finds the YAML node each path names and turns the message into
:class:`Problem` records that say ``file:line: path: what is wrong``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from yaml.nodes import ScalarNode

from tactica.engine.errors import TacticaError
from tactica.files import (
    FileError,
    Problem,
    Segment,
    Source,
    format_path,
    node_at,
    parse_yaml,
    yaml_problem,
)

__all__ = [
    "Problem",
    "ScenarioError",
    "Segment",
    "Source",
    "compose",
    "format_path",
    "locate_message",
    "node_at",
    "parse_path",
    "reported",
    "split_problems",
    "yaml_problem",
]

_HEAD = re.compile(r"^(?P<head>\(top level\)|[A-Za-z_][\w\-]*(?:\[[^\]]*\]|\.[^\s.:\[]+|\s\([^()]*\))*):\s")
_TOKEN = re.compile(r"\[(\d+)\]|\[[^\]]*\]|\s\([^()]*\)|\.?([^\s.\[]+)")
#: Pydantic puts the member type of a union in error paths (``at.tuple[int, int]``); not a field.
_TYPE_TAG = re.compile(r"^(tuple|str|int|float|bool|list|dict|literal|union|function-\w+|json-or-python)$")
_MAP_SPOT = re.compile(r"^line (\d+), column (\d+): ")


class ScenarioError(TacticaError):
    """A scenario file that cannot be loaded or run; ``problems`` lists each place and what is wrong."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = list(problems)


@contextmanager
def reported() -> Iterator[None]:
    """Turn a :class:`~tactica.files.FileError` (a file that cannot be read) into a :class:`ScenarioError`."""
    try:
        yield
    except FileError as error:
        raise ScenarioError(error.problems) from None


def compose(text: str, name: str) -> Source:
    """YAML text as a :class:`Source` (node tree and data); any problem is a :class:`ScenarioError`."""
    with reported():
        return parse_yaml(text, name)


def parse_path(head: str) -> list[Segment]:
    """Segments of a field path as systems write them (``combatants[1] (rook).at``, ``combatants.1.at``)."""
    if head == "(top level)":
        return []
    segments: list[Segment] = []
    for match in _TOKEN.finditer(head):
        index, name = match.group(1), match.group(2)
        if index is not None:
            segments.append(int(index))
        elif name is not None:
            segments.append(int(name) if name.isdigit() else name)
    return segments


def locate_message(source: Source, message: str, base: Sequence[Segment] = ()) -> list[Problem]:
    """Turn a system's message (one or several '; '-joined problems) into located problems."""
    return [_locate_one(source, piece, base) for piece in split_problems(source, message, base)]


def split_problems(source: Source, message: str, base: Sequence[Segment] = ()) -> list[str]:
    """Split ``a.b: x; c: y`` into its problems, only where a known top-level field starts a piece."""
    pieces = message.split("; ")
    out = [pieces[0]]
    for piece in pieces[1:]:
        match = _HEAD.match(piece)
        required = match is not None and piece[match.end() :].startswith("Field required")
        if match is not None and (required or _exists(source, base, match["head"])):
            out.append(piece)
        else:
            out[-1] += "; " + piece
    return out


def _exists(source: Source, base: Sequence[Segment], head: str) -> bool:
    return node_at(source.root, [*base, *parse_path(head)[:1]])[1] > len(base)


def _locate_one(source: Source, message: str, base: Sequence[Segment]) -> Problem:
    match = _HEAD.match(message)
    if match is None:
        return Problem(source.name, source.line_of(base), message, format_path(base))
    path = [*base, *parse_path(match["head"])]
    rest = message[match.end() :]
    path, rest = _descend(source, path, rest)
    node, depth = node_at(source.root, path)
    path = path[:depth] + [s for s in path[depth:] if not _TYPE_TAG.match(str(s))]
    spot = _MAP_SPOT.match(rest)
    if spot and isinstance(node, ScalarNode) and node.style == "|":
        row, column = _block_spot(source, node, int(spot[1]), int(spot[2]))
        return Problem(source.name, row, rest[spot.end() :], format_path(path), column)
    return Problem(source.name, source.line_of(path), rest, format_path(path))


def _descend(source: Source, path: list[Segment], rest: str) -> tuple[list[Segment], str]:
    """Follow a second path at the start of ``rest`` (``combatants[1] (rook): hp: ...``) if it exists."""
    match = _HEAD.match(rest)
    if match is None:
        return path, rest
    if match["head"] == "(top level)":
        return path, rest[match.end() :]
    more = parse_path(match["head"])
    node, _ = node_at(source.root, path)
    if node is None or not more or node_at(node, more[:1])[1] == 0:
        return path, rest
    return [*path, *more], rest[match.end() :]


def _block_spot(source: Source, node: ScalarNode, line: int, column: int) -> tuple[int, int]:
    """File line and column of (line, column) inside a literal block scalar (``text: |``)."""
    lines = source.text.splitlines()
    first = node.start_mark.line + 1
    indent = next(
        (len(text) - len(text.lstrip()) for text in lines[first:] if text.strip()),
        0,
    )
    return first + line, indent + column
