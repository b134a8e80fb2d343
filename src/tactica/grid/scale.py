"""How big a cell is in the rules' units (5 ft, 1.5 m, one hex)."""

from __future__ import annotations

import math
from dataclasses import dataclass

_ROUNDING = 9  # decimals kept before rounding up, so 1.1 m / 0.1 m is 11 cells and not 12


@dataclass(frozen=True, slots=True)
class Scale:
    """The length of one cell: ``per_cell`` units of ``unit``."""

    per_cell: float
    unit: str

    def __post_init__(self) -> None:
        if not self.per_cell > 0:
            raise ValueError(f"a cell must have a positive size, got {self.per_cell}")

    def cells(self, distance: float) -> int:
        """The number of cells needed to cover ``distance`` units (rounded up: 30 ft at 5 ft is 6)."""
        if distance < 0:
            raise ValueError(f"a distance cannot be negative, got {distance}")
        return math.ceil(round(distance / self.per_cell, _ROUNDING))

    def units(self, cells: int) -> float:
        """The length of ``cells`` cells in units."""
        return cells * self.per_cell

    def __str__(self) -> str:
        return f"{self.per_cell:g} {self.unit}"


FEET_5 = Scale(5, "ft")
"""Five-foot squares."""
METRES_1_5 = Scale(1.5, "m")
"""One-and-a-half-metre squares."""
HEX_1 = Scale(1, "hex")
"""Distances counted in hexes."""
