"""Where things are in a YAML file: its composed node tree beside the data built from it, and field paths
(``combatants[1].at``) mapped back to lines."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from tactica.files.problems import Problem

#: One step of a field path: a mapping key, or a list index.
Segment = str | int


@dataclass(frozen=True)
class Source:
    """A YAML file's text, its composed node tree (None for an empty file) and the data built from it."""

    name: str
    text: str
    root: Node | None
    data: Any = None

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
