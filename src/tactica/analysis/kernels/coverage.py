"""What the kernels' coverage checks share: the first reason a fight is not covered, the sides' AIs, a map
where nobody can move, and ``sim``'s action limit (a fight the engine would give up before its round limit is
not the kernel's to play).

>>> first_problem([None, "a free square", "2 sides"])
'a free square'
>>> default_ai_problem({"red": "default", "blue": "trading-blows"})
'side blue is not played by the default AI'
>>> action_limit(8 * 3, 10_000)
"max_rounds 10000 would let a fight outlast sim's 100,000 actions"
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tactica.analysis.sim import MAX_ACTIONS
from tactica.grid import Board


def first_problem(problems: Iterable[str | None]) -> str | None:
    """The first reason given (None where a part of the coverage holds), or None when every part holds."""
    return next((p for p in problems if p), None)


def default_ai_problem(policies: Mapping[str, str]) -> str | None:
    """Why a fight whose sides are not all played by the default AI is not covered (the first such side)."""
    others = sorted(side for side, name in policies.items() if name != "default")
    return f"side {others[0]} is not played by the default AI" if others else None


def action_limit(actions_per_round: int, max_rounds: int) -> str | None:
    """Why a fight that could outlast ``sim``'s action limit before its round limit is not covered, taking at
    most ``actions_per_round`` actions a round."""
    if actions_per_round * max_rounds <= MAX_ACTIONS:
        return None
    return f"max_rounds {max_rounds} would let a fight outlast sim's {MAX_ACTIONS:,} actions"


def full_map(board: Board, combatants: int) -> bool:
    """Every square that is not a wall holds one of the ``combatants``: no move can end anywhere (the downed
    keep their squares)."""
    return sum(1 for p in board.cells() if not board.terrain(p).wall) == combatants
