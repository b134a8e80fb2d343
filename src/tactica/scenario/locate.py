"""Where things are in a YAML file: the composed node tree, and field paths mapped back to lines.

Rule systems report setup problems with a field path in front (``combatants[1] (rook).at: ...``,
``combatants.1.at: ...`` from pydantic, ``objects.door.at: ...``, ``map.text: line 3, column 5: ...``).
:func:`locate_message` finds the YAML node each path names and turns the message into
:class:`Problem` records that say ``file:line: path: what is wrong``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from tactica.engine.errors import TacticaError

Segment = str | int

_HEAD = re.compile(r"^(?P<head>\(top level\)|[A-Za-z_][\w\-]*(?:\[[^\]]*\]|\.[^\s.:\[]+|\s\([^()]*\))*):\s")
_TOKEN = re.compile(r"\[(\d+)\]|\[[^\]]*\]|\s\([^()]*\)|\.?([^\s.\[]+)")
#: Pydantic puts the member type of a union in error paths (``at.tuple[int, int]``); not a field.
_TYPE_TAG = re.compile(r"^(tuple|str|int|float|bool|list|dict|literal|union|function-\w+|json-or-python)$")
_MAP_SPOT = re.compile(r"^line (\d+), column (\d+): ")


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
        return f"{spot}: {self.where}: {self.message}" if self.where else f"{spot}: {self.message}"


class ScenarioError(TacticaError):
    """A scenario file that cannot be loaded or run; ``problems`` lists each place and what is wrong."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = list(problems)


@dataclass(frozen=True)
class Source:
    """A YAML file's text and its composed node tree (None for an empty file)."""

    name: str
    text: str
    root: Node | None

    def line_of(self, path: Sequence[Segment]) -> int | None:
        """The line (1-based) of the deepest node of ``path`` found in the file."""
        node, depth = node_at(self.root, path)
        if node is None:
            return None
        parent = node_at(self.root, path[: depth - 1])[0] if depth else None
        if (
            isinstance(parent, MappingNode)
            and isinstance(node, (MappingNode, SequenceNode))
            and not node.flow_style
        ):
            key = next(k for k, v in parent.value if v is node)  # a block collection: the line of its key
            return int(key.start_mark.line) + 1
        return int(node.start_mark.line) + 1

    def problem(self, path: Sequence[Segment], message: str) -> Problem:
        """A problem at the node of ``path``, named by that path."""
        return Problem(self.name, self.line_of(path), message, format_path(path))


def compose(text: str, name: str) -> Source:
    """Parse YAML text into a node tree; a syntax error becomes a :class:`ScenarioError` at line:column."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as error:
        raise ScenarioError([yaml_problem(error, name)]) from None
    except yaml.YAMLError as error:
        raise ScenarioError([Problem(name, None, f"not valid YAML: {error}")]) from None
    return Source(name, text, root)


def yaml_problem(error: yaml.MarkedYAMLError, name: str) -> Problem:
    """A YAML syntax error at its line and column, with a hint when the file seems cut short."""
    mark = error.problem_mark or error.context_mark
    parts = [p for p in (error.context, error.problem) if p]
    what = "; ".join(parts) or "malformed YAML"
    if mark is None:
        return Problem(name, None, f"not valid YAML: {what}")
    cut = "stream" in what and "end" in what
    hint = " (is the file cut short, or a bracket or quote left open?)" if cut else ""
    return Problem(name, mark.line + 1, f"not valid YAML: {what}{hint}", column=mark.column + 1)


def format_path(path: Iterable[Segment]) -> str:
    """``('combatants', 1, 'at')`` -> ``combatants[1].at``."""
    out = ""
    for segment in path:
        out += f"[{segment}]" if isinstance(segment, int) else (f".{segment}" if out else segment)
    return out


def node_at(root: Node | None, path: Sequence[Segment]) -> tuple[Node | None, int]:
    """The deepest node along ``path`` and how many segments were followed."""
    node, depth = root, 0
    for segment in path:
        child = _child(node, segment) if node is not None else None
        if child is None:
            break
        node, depth = child, depth + 1
    return node, depth


def _child(node: Node, segment: Segment) -> Node | None:
    if isinstance(node, MappingNode):
        return next((v for k, v in node.value if isinstance(k, ScalarNode) and k.value == str(segment)), None)
    if isinstance(node, SequenceNode):
        items: list[Node] = node.value
        if isinstance(segment, int) or segment.isdigit():
            index = int(segment)
            return items[index] if 0 <= index < len(items) else None
        return next((item for item in items if _id_of(item) == segment), None)
    return None


def _id_of(node: Node) -> str | None:
    """The ``id`` of a mapping item (combatants, objects and traps are named by it in messages)."""
    found = _child(node, "id") if isinstance(node, MappingNode) else None
    return str(found.value) if isinstance(found, ScalarNode) else None


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
    if node is None or not more or _child(node, more[0]) is None:
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
