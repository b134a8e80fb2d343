"""Moves along given waypoints (issue 14 point 9), the part every system shares.

A move may list waypoints before its destination: ``vex move @1,0 @3,0 @3,2``. Each **leg** goes from the
previous point (the mover's square, for the first) to the next waypoint by the cheapest path the system's own
step costs give between those two squares, ties broken as for any move; so a route that lists every square
(each waypoint adjacent to the one before) walks exactly those squares. The legs are joined into one path,
which the system then checks as one move (cost, allowance, where it may end) and walks square by square,
with everything a square sets off (attacks of opportunity, traps, falls) happening where the route passes.

A system gives :func:`plan` a ``leg`` function: the path between two squares, or why there is none.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from itertools import pairwise

from tactica.grid import Board, Path, find_path

Pos = tuple[int, int]
#: ``leg(a, b, last)``: the cheapest path from ``a`` to ``b`` (``last``: ``b`` is the destination, where the
#: move must be able to end), or the reason there is none.
Leg = Callable[[Pos, Pos, bool], "Path | str"]


def cost(path: Path) -> int:
    """What a leg costs in movement (the default measure)."""
    return path.cost


def _at(p: Pos) -> str:
    """A square as action text writes it."""
    return f"@{p[0]},{p[1]}"


def _leg_name(index: int, a: Pos, b: Pos) -> str:
    """``leg 2 (@1,0 to @3,0)``: legs are numbered from 1."""
    return f"leg {index} ({_at(a)} to {_at(b)})"


@dataclass(frozen=True, slots=True)
class Route:
    """A planned route: its points (the start, then each waypoint) and the path of each leg."""

    points: tuple[Pos, ...]
    legs: tuple[Path, ...]

    @property
    def path(self) -> Path:
        """The legs joined into one path, with the cost of reaching each square."""
        cells, cumulative = [self.points[0]], [0]
        for leg in self.legs:
            cells += leg.cells[1:]
            cumulative += [cumulative[-1] + c for c in leg.cumulative[1:]]
        return Path(tuple(cells), cumulative[-1], tuple(cumulative))

    def past(self, allowance: int, measure: Callable[[Path], int] = cost) -> tuple[str, int] | None:
        """The first leg that takes the route past ``allowance`` (as ``measure`` counts a leg: its cost by
        default), with the total so far; None when the whole route fits."""
        spent = 0
        for i, leg in enumerate(self.legs, 1):
            spent += measure(leg)
            if spent > allowance:
                return _leg_name(i, self.points[i - 1], self.points[i]), spent
        return None


def plan(start: Pos, route: Sequence[Pos], leg: Leg) -> Route | str:
    """The route from ``start`` through the squares of ``route`` (an action's waypoints and destination,
    :attr:`Action.route`), leg by leg, or why one of its legs cannot be walked (the message names the leg)."""
    points = (start, *route)
    legs: list[Path] = []
    for i, (a, b) in enumerate(pairwise(points), 1):
        if a == b:
            return f"{_leg_name(i, a, b)} goes nowhere: each waypoint must differ from the square before it"
        found = leg(a, b, i == len(points) - 1)
        if isinstance(found, str):
            return f"{_leg_name(i, a, b)}: {found}"
        legs.append(found)
    return Route(points, tuple(legs))


def over(
    route: Route, allowance: int, unit: str, what: str, measure: Callable[[Path], int] = cost
) -> str | None:
    """Why ``route`` costs too much for ``allowance`` (``what`` says whose allowance and for what), naming the
    leg that goes past it; None when it fits."""
    found = route.past(allowance, measure)
    if found is None:
        return None
    name, spent = found
    return f"{name} takes the route to {spent} {unit} of movement, more than the {allowance} {what}"


def grid_leg(
    board: Board,
    blocked: Collection[Pos],
    no_stop: Collection[Pos],
    *,
    difficult: Collection[Pos] = (),
    blockers: str,
    noun: str = "square",
) -> Leg:
    """The leg of a system whose costs are the board's (walls, difficult ground) plus ``difficult`` squares:
    ``blocked`` squares cannot be entered (``blockers`` says what blocks, with the rule), ``no_stop`` squares
    may be crossed but not ended in."""

    def cheapest(a: Pos, b: Pos) -> Path | None:
        return find_path(board, a, b, blocked=blocked, difficult=difficult)

    return leg_by(cheapest, board, blocked, no_stop, blockers=blockers, noun=noun)


def leg_by(
    cheapest: Callable[[Pos, Pos], Path | None],
    board: Board,
    blocked: Collection[Pos],
    no_stop: Collection[Pos],
    *,
    blockers: str,
    noun: str = "square",
) -> Leg:
    """The leg whose path ``cheapest`` finds (None: there is none), with the reasons every system gives: off
    the map, a wall, a ``blocked`` square (``blockers`` says what blocks, with the rule), a destination in
    ``no_stop``."""

    def leg(a: Pos, b: Pos, last: bool) -> Path | str:
        if not board.in_bounds(b):
            return f"{_at(b)} is off the map"
        if board.terrain(b).wall:
            return f"{_at(b)} is a wall"
        if b in blocked:
            return f"{_at(b)} cannot be entered ({blockers})"
        if last and b in no_stop:
            return f"{_at(b)} is taken: a move cannot end in another's {noun}"
        found = cheapest(a, b)
        return found or f"there is no way from {_at(a)} to {_at(b)} (walls block; {blockers})"

    return leg
