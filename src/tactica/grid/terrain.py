"""What a cell is made of: walls, difficult ground, elevation and the cover an object gives."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Cover(enum.IntEnum):
    """How well a target is protected; ordered, so ``max`` picks the best cover."""

    NONE = 0
    PARTIAL = 1
    HEAVY = 2
    FULL = 3


@dataclass(frozen=True, slots=True)
class Terrain:
    """The contents of one cell.

    ``wall`` blocks movement and line of sight. ``difficult`` doubles the cost of entering the cell.
    ``cover`` is what an object in this cell gives to a target behind it (seen from an attacker on the
    other side). ``elevation`` is carried for the rules systems; the grid itself does not use it.
    """

    name: str = "floor"
    wall: bool = False
    difficult: bool = False
    elevation: int = 0
    cover: Cover = Cover.NONE


FLOOR = Terrain()
"""Open, level ground."""
WALL = Terrain(name="wall", wall=True, cover=Cover.FULL)
"""A solid wall: impassable, blocks sight."""
