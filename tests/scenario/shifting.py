"""Moving a whole scenario by an offset: its map's origin, every position of its setup, its actions' ``@X,Y``
and, to compare fights, the positions in its events (issue 14 point 9)."""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from typing import Any

Offset = tuple[int, int]
#: Event fields that hold one position, and those that hold a list of positions.
POSITION_FIELDS = ("at", "aimed", "landed", "intended", "to")
PATH_FIELDS = ("path", "cells")
#: Setup lists whose entries stand at ``at``; setup keys that are lists of squares.
PLACED = ("combatants", "objects", "traps", "ground")
SQUARES = ("weak", "starting_area")
_AT = re.compile(r"@(-?\d+),(-?\d+)")


def moved(p: Any, by: Offset) -> list[int]:
    """``p`` moved by ``by``."""
    return [p[0] + by[0], p[1] + by[1]]


def shift_setup(setup: Mapping[str, Any], by: Offset) -> dict[str, Any]:
    """The setup with its origin and every position in it moved by ``by`` (marker letters stay)."""
    out = copy.deepcopy(dict(setup))
    out["map"] = {**out["map"], "origin": moved(out["map"].get("origin", (0, 0)), by)}
    for key in PLACED:
        for entry in out.get(key) or []:
            if isinstance(entry.get("at"), list):
                entry["at"] = moved(entry["at"], by)
    for key in SQUARES:
        if isinstance(out.get(key), list):
            out[key] = [moved(p, by) for p in out[key]]
    return out


def shift_text(text: str, by: Offset) -> str:
    """Every ``@X,Y`` in ``text`` moved by ``by``."""
    return _AT.sub(lambda m: f"@{int(m[1]) + by[0]},{int(m[2]) + by[1]}", text)


def shift_event(event: Mapping[str, Any], by: Offset) -> dict[str, Any]:
    """An event's data (``Event.to_dict()``) with its positions and the ``@X,Y`` in its texts moved."""
    out = {k: shift_text(v, by) if isinstance(v, str) else v for k, v in event.items()}
    for key in POSITION_FIELDS:
        if isinstance(out.get(key), list) and len(out[key]) == 2:
            out[key] = moved(out[key], by)
    for key in PATH_FIELDS:
        if isinstance(out.get(key), list):
            out[key] = [moved(p, by) for p in out[key]]
    return out
