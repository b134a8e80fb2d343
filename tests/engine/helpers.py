"""What the engine tests share: random-legal play for a number of steps."""

from __future__ import annotations

from tactica.ai import RandomPolicy
from tactica.engine import Fight


def play(fight: Fight, steps: int, seed: int = 0) -> Fight:
    """``fight`` after up to ``steps`` random legal actions (fewer if it ends)."""
    policy = RandomPolicy(seed)
    for _ in range(steps):
        if fight.is_over():
            break
        fight.apply(policy.choose(fight))
    return fight
