"""YAML read once, checked while it is read: the node tree (for line numbers) and the data built from it.

On top of PyYAML's safe loading (no Python objects), a tactica file may not use aliases (``*name``: a few
lines of them can stand for billions of values), may not nest lists and mappings deeper than
:data:`~tactica.files.limits.MAX_DEPTH` levels, and may not give a key twice in one mapping. Each is a
:class:`FileError` naming the line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.events import AliasEvent, MappingStartEvent, SequenceStartEvent
from yaml.nodes import MappingNode, Node, ScalarNode
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import Resolver
from yaml.scanner import Scanner

from tactica.files.limits import MAX_DEPTH, MAX_NODES, check_size, max_file_bytes
from tactica.files.problems import MAX_ECHO, FileError, Problem, brief, clip, refuse
from tactica.files.reading import read_text, utf8_size
from tactica.files.source import Source

_MERGE = "tag:yaml.org,2002:merge"


class _PythonParser(Reader, Scanner, Parser):
    """PyYAML's parser in Python: the events of a YAML text."""

    def __init__(self, text: str) -> None:
        Reader.__init__(self, text)
        Scanner.__init__(self)
        Parser.__init__(self)


try:  # libyaml, when PyYAML was built with it: the same events, four times as fast
    from yaml._yaml import CParser as _Parser
except ImportError:  # PyYAML without libyaml (tests/files/test_yaml.py builds the loader this way too)
    _Parser = _PythonParser  # type: ignore[misc, assignment]


def load_yaml(path: str | Path, *, max_bytes: int | None = None, max_depth: int = MAX_DEPTH) -> Source:
    """Read and parse the YAML file at ``path`` (see :func:`parse_yaml`)."""
    text = read_text(path, max_bytes=max_bytes)
    return parse_yaml(text, str(path), max_bytes=max_bytes, max_depth=max_depth)


def parse_yaml(text: str, name: str, *, max_bytes: int | None = None, max_depth: int = MAX_DEPTH) -> Source:
    """YAML text as a :class:`Source`: node tree and data from one pass; every problem is a
    :class:`FileError` at its line (``name`` is the file named in messages)."""
    check_size(utf8_size(text, name), max_file_bytes(max_bytes), name)
    try:
        return _read(text, name, max_depth)
    except yaml.MarkedYAMLError as error:
        raise FileError([yaml_problem(error, name, text)]) from None
    except yaml.reader.ReaderError as error:
        character = chr(error.character) if isinstance(error.character, int) else str(error.character)
        line = text.count("\n", 0, max(text.find(character), 0)) + 1
        raise refuse(name, f"not valid YAML: the character {character!r} is not allowed", line) from None
    except yaml.YAMLError as error:
        raise refuse(name, f"not valid YAML: {error}") from None


def _read(text: str, name: str, max_depth: int) -> Source:
    loader = _CheckedLoader(text, name, max_depth)
    try:
        root = loader.get_single_node()
        return Source(name, text, root, loader.construct_document(root) if root is not None else None)
    finally:
        loader.dispose()


def yaml_problem(error: yaml.MarkedYAMLError, name: str, text: str = "") -> Problem:
    """A YAML syntax error at its line and column, with a hint when it is at the end of ``text`` (the file
    seems cut short)."""
    mark = error.problem_mark or error.context_mark
    parts = [p for p in (error.context, error.problem) if p]
    what = "; ".join(parts) or "malformed YAML"
    if mark is None:
        return Problem(name, None, f"not valid YAML: {what}")
    spot, end = (mark.line, mark.column), _end(text)
    if spot < end:
        return Problem(name, spot[0] + 1, f"not valid YAML: {what}", column=spot[1] + 1)
    hint = " (is the file cut short, or a bracket or quote left open?)"
    return Problem(name, end[0] + 1, f"not valid YAML: {what}{hint}", column=end[1] + 1)


def _end(text: str) -> tuple[int, int]:
    """Line and column (0-based) just after the last character of ``text`` that is not blank."""
    body = text.rstrip()
    return body.count("\n"), len(body) - body.rfind("\n") - 1


class _CheckedLoader(Composer, SafeConstructor, Resolver, _Parser):
    """PyYAML's safe loading (no Python objects) over the parser's events, refusing aliases, deep nesting,
    too many values and repeated keys as it composes."""

    def __init__(self, text: str, name: str, max_depth: int) -> None:
        _Parser.__init__(self, text)
        SafeConstructor.__init__(self)
        Resolver.__init__(self)
        Composer.__init__(self)
        self.name = name
        self.max_depth = max_depth
        self.depth = 0
        self.nodes = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        if self.check_event(AliasEvent):
            event = self._next_event()
            anchor = clip(str(getattr(event, "anchor", "")), MAX_ECHO)
            raise self._refuse(
                event, f"aliases (*{anchor}) are not allowed in tactica files; write the value out"
            )
        self.nodes += 1
        if self.nodes > MAX_NODES:
            message = f"more than {MAX_NODES:,} values (lists, mappings, scalars); tactica files are smaller"
            raise self._refuse(self._next_event(), message)
        if not self.check_event(SequenceStartEvent, MappingStartEvent):
            return super().compose_node(parent, index)
        self.depth += 1
        try:
            if self.depth > self.max_depth:
                message = f"lists and mappings nest deeper than {self.max_depth} levels"
                raise self._refuse(self._next_event(), message)
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1

    def construct_object(self, node: Node, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep)
        except ValueError as error:  # a number too long for Python, a date that does not exist
            raise self._refuse(node, f"cannot read the value: {error}") from None

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[Any, Any]:
        if isinstance(node, MappingNode):
            self._refuse_repeated_keys(node)
        return super().construct_mapping(node, deep)

    def _refuse_repeated_keys(self, node: MappingNode) -> None:
        first: dict[Any, Node] = {}
        for key_node, _ in node.value:
            if not isinstance(key_node, ScalarNode) or key_node.tag == _MERGE:
                continue
            key = self.construct_object(key_node)
            if key in first:
                since = first[key].start_mark.line + 1
                raise self._refuse(key_node, f"key {brief(key)} appears twice (first on line {since})")
            first[key] = key_node

    def _next_event(self) -> yaml.Event:
        event = self.peek_event()
        assert event is not None
        return event

    def _refuse(self, where: Node | yaml.Event, message: str) -> FileError:
        mark = where.start_mark
        return FileError([Problem(self.name, mark.line + 1 if mark is not None else None, message)])
