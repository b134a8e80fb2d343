"""JSON read with the same limits as YAML: size, nesting, and no key twice in one object (with both lines).

The data comes from the ``json`` module (a 1,000-action save loads in a few milliseconds); a quick scan of
the text's strings and brackets beforehand checks nesting and repeated keys and knows their lines.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tactica.files.limits import MAX_DEPTH, check_size, max_file_bytes
from tactica.files.problems import brief, clip, refuse
from tactica.files.reading import read_text, utf8_size

#: A JSON string (a key when a colon follows), or a bracket.
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"(\s*:)?|[\[\]{}]', re.DOTALL)
SAVE_FIELDS = "format, system, setup, seed, actions, faces, state, steps"


def load_save(path: str | Path, *, max_bytes: int | None = None) -> dict[str, Any]:
    """The data of a saved fight (a JSON object; ``Fight.from_dict`` checks its fields and replays it)."""
    name = str(path)
    data = parse_json(read_text(path, max_bytes=max_bytes), name, max_bytes=max_bytes)
    if not isinstance(data, dict):
        raise refuse(name, f"a saved fight is a JSON object with {SAVE_FIELDS}; got {type(data).__name__}")
    return data


def parse_json(text: str, name: str, *, max_bytes: int | None = None, max_depth: int = MAX_DEPTH) -> Any:
    """JSON text as data; too big, too deep, a key twice or a syntax error is a :class:`FileError`."""
    check_size(utf8_size(text, name), max_file_bytes(max_bytes), name)
    _check_structure(text, name, max_depth)
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise refuse(name, f"not valid JSON: {error.msg} (column {error.colno})", error.lineno) from None
    except (ValueError, RecursionError) as error:  # e.g. a number too long for Python
        raise refuse(name, f"not valid JSON: {clip(str(error))}") from None


def _check_structure(text: str, name: str, max_depth: int = MAX_DEPTH) -> None:
    """Refuse nesting deeper than ``max_depth`` and a key given twice in one object, naming the lines."""
    open_objects: list[dict[str, int] | None] = []  # per open bracket: an object's keys and their offsets
    for token in _TOKEN.finditer(text):
        mark = token.group()
        if mark in ("[", "{"):
            open_objects.append({} if mark == "{" else None)
            if len(open_objects) > max_depth:
                message = f"lists and objects nest deeper than {max_depth} levels"
                raise refuse(name, message, _line(text, token.start()))
        elif mark in ("]", "}"):
            if open_objects:
                open_objects.pop()
        elif token.group(1) is not None and open_objects and open_objects[-1] is not None:
            _note_key(open_objects[-1], text, token, name)


def _note_key(keys: dict[str, int], text: str, token: re.Match[str], name: str) -> None:
    raw = token.group()[: token.start(1) - token.start()]
    key = _key_text(raw)
    if key in keys:
        message = f"key {brief(key)} appears twice (first on line {_line(text, keys[key])})"
        raise refuse(name, message, _line(text, token.start()))
    keys[key] = token.start()


def _key_text(raw: str) -> str:
    if "\\" not in raw:
        return raw[1:-1]
    try:
        return str(json.loads(raw))
    except ValueError:
        return raw[1:-1]


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1
