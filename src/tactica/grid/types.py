"""Cell coordinates shared by every board.

A :data:`Pos` is ``(x, y)``: on a square board column ``x`` grows to the east (right), row ``y`` grows to
the south (down) and ``(0, 0)`` is the top-left cell. Other boards (hexes, in axial coordinates) use the
same pair of integers with their own meaning; only the board knows how cells relate.
"""

from __future__ import annotations

from typing import TypeAlias

Pos: TypeAlias = tuple[int, int]
"""A cell: ``(x, y)``."""
