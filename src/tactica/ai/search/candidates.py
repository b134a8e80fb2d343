"""The moves a search compares: the default AI's choice and a few others worth a look.

A full list is often hundreds of actions (every square a move reaches); most differ by a square, and a search
over them would spend its budget on noise. So the search compares the default AI's choice (first: ties keep
it) with up to ``width - 1`` others, filled tier by tier (drawn at random within a tier):

1. the variations of the choice: every action aimed at an enemy (an attack on another foe, another attack
   where the default AI moves or waits), and the same verb at another target, with another weapon or flag
   (on the same square);
2. the default AI's verb at another square near its own (the ``NEAREST`` nearest squares: another
   destination of its move, a step aside), when there is room left;
3. the actions of the verbs ``also`` names (a system's settings name them in place of some verbs of the
   default AI: FuturePath's 5-foot step where it ends its turn), in the room still left.

Other verbs (dropping or storing a weapon, ending the turn early...) are not tried: they would spend the
budget on moves a fighter rarely wants.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from tactica.engine.action import Action, Pos

#: Tier 2 draws among this many squares nearest the default AI's (far squares are rarely the better move).
NEAREST = 6


def candidates(
    legal: Sequence[Action],
    preferred: Action,
    enemies: Collection[str],
    rng: random.Random,
    width: int,
    also: Collection[str] = (),
) -> list[Action]:
    """``preferred`` then up to ``width - 1`` others, each at most once, tier by tier (drawn by ``rng``)."""
    chosen = [preferred]
    for tier in _tiers(legal, preferred, enemies, also):
        fresh = [a for a in tier if a not in chosen]
        chosen += rng.sample(fresh, min(width - len(chosen), len(fresh)))
    return chosen


def _tiers(
    legal: Sequence[Action], preferred: Action, enemies: Collection[str], also: Collection[str]
) -> list[list[Action]]:
    """The three tiers of the module's docstring, in order."""
    others = [a for a in legal if a != preferred]
    varied = [a for a in others if _varies(a, preferred, enemies)]
    return [varied, _nearby(others, preferred), [a for a in others if a.verb in also]]


def _nearby(others: Sequence[Action], preferred: Action) -> list[Action]:
    """The ``NEAREST`` actions of the preferred verb at another square, nearest the preferred one first."""
    at = preferred.at
    if at is None:
        return []
    elsewhere = [a for a in others if a.verb == preferred.verb and a.at is not None and a.at != at]
    return sorted(elsewhere, key=lambda a: _apart(a.at or at, at))[:NEAREST]


def _varies(action: Action, preferred: Action, enemies: Collection[str]) -> bool:
    """Aimed at an enemy, or the preferred verb at another target, weapon or flag (on the same square)."""
    if action.target is not None and action.target in enemies:
        return True
    return action.verb == preferred.verb and action.at == preferred.at and action.via == preferred.via


def _apart(one: Pos, other: Pos) -> int:
    """Squares between two positions (king's moves)."""
    return max(abs(one[0] - other[0]), abs(one[1] - other[1]))
