"""A route over the board: its cells and what each step cost."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from tactica.grid.types import Pos


@dataclass(frozen=True, slots=True)
class Path:
    """Cells from start to goal inclusive and the total movement cost.

    ``cumulative[i]`` is the cost of reaching ``cells[i]`` (so ``cumulative[0] == 0`` and
    ``cumulative[-1] == cost``). It may be left out when every step costs 1.
    """

    cells: tuple[Pos, ...]
    cost: int
    cumulative: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not self.cells:
            raise ValueError("a path has at least its starting cell")
        if not self.cumulative:
            if self.cost != len(self.cells) - 1:
                raise ValueError("give the cumulative costs of a path whose steps do not all cost 1")
            object.__setattr__(self, "cumulative", tuple(range(len(self.cells))))
        elif len(self.cumulative) != len(self.cells) or self.cumulative[-1] != self.cost:
            raise ValueError("cumulative costs must match the cells and end at the total cost")

    @property
    def start(self) -> Pos:
        """The first cell."""
        return self.cells[0]

    @property
    def end(self) -> Pos:
        """The last cell."""
        return self.cells[-1]

    @property
    def steps(self) -> int:
        """The number of steps (cells after the start)."""
        return len(self.cells) - 1

    def cost_until(self, i: int) -> int:
        """The movement spent on arriving at ``cells[i]``."""
        return self.cumulative[i]

    def prefix(self, budget: int, *, no_stop: Collection[Pos] = ()) -> Path:
        """The longest start of this path that costs at most ``budget`` and ends where one may stop.

        Used to walk part of the way toward a goal out of reach; the start itself is always allowed.
        """
        end = 0
        for i in range(1, len(self.cells)):
            if self.cumulative[i] > budget:
                break
            if self.cells[i] not in no_stop:
                end = i
        return Path(self.cells[: end + 1], self.cumulative[end], self.cumulative[: end + 1])
