"""Dice: a number of sides and whether the die is a fudge die (faces -1, 0, +1)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True, slots=True)
class Die:
    """One kind of die: ``Die(6)`` has faces 1-6; ``Die(3, fudge=True)`` has faces -1, 0 and +1."""

    sides: int
    fudge: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.sides, int) or isinstance(self.sides, bool) or self.sides < 1:
            raise ValueError(f"a die needs a whole number of sides of at least 1, got {self.sides!r}")
        if self.fudge and self.sides != 3:
            raise ValueError(f"a fudge die has exactly 3 sides (faces -1, 0, +1), got {self.sides}")

    @property
    def min_face(self) -> int:
        """The lowest face: 1, or -1 for a fudge die."""
        return -1 if self.fudge else 1

    @property
    def max_face(self) -> int:
        """The highest face: the number of sides, or +1 for a fudge die."""
        return 1 if self.fudge else self.sides

    @property
    def faces(self) -> range:
        """Every face, lowest first."""
        return range(self.min_face, self.max_face + 1)

    @property
    def label(self) -> str:
        """The die in dice notation: 'd20', or 'dF' for a fudge die."""
        return "dF" if self.fudge else f"d{self.sides}"

    @property
    def faces_text(self) -> str:
        """The valid faces as text for messages: '1-6', or '-1 to +1' for a fudge die."""
        return "-1 to +1" if self.fudge else f"1-{self.sides}"

    def __str__(self) -> str:
        return self.label


@lru_cache(maxsize=1024)
def die_for(sides: int) -> Die:
    """The (shared) ordinary die with ``sides`` sides; raises ValueError for fewer than 1 side."""
    return Die(sides)


D2 = die_for(2)
D3 = die_for(3)
D4 = die_for(4)
D6 = die_for(6)
D8 = die_for(8)
D10 = die_for(10)
D12 = die_for(12)
D20 = die_for(20)
D100 = die_for(100)
DF = Die(3, fudge=True)
