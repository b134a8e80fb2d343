"""The moves a search compares: the default AI's choice and a few variations on it.

A full list is often hundreds of actions (every square a move reaches); most differ by a square, and a search
over them would spend its budget on noise. So the search compares the default AI's choice (first: ties keep
it) with up to ``width - 1`` actions drawn from the variations worth a look: the same verb at another target,
with another weapon or flag (not another square), and every action aimed at an enemy (an attack on another
foe, another attack where the default AI moves or waits).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from tactica.engine.action import Action


def candidates(
    legal: Sequence[Action], preferred: Action, enemies: Collection[str], rng: random.Random, width: int
) -> list[Action]:
    """``preferred`` then up to ``width - 1`` of its variations (drawn by ``rng``), each at most once."""
    variations = [a for a in legal if a != preferred and _varies(a, preferred, enemies)]
    return [preferred, *rng.sample(variations, min(width - 1, len(variations)))]


def _varies(action: Action, preferred: Action, enemies: Collection[str]) -> bool:
    """Aimed at an enemy, or the preferred verb at another target, weapon or flag (on the same square)."""
    if action.target is not None and action.target in enemies:
        return True
    return action.verb == preferred.verb and action.at == preferred.at and action.via == preferred.via
