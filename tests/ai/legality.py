"""A fight of a default AI against random play in which every AI choice is checked (issue 14 point 12)."""

from __future__ import annotations

from tactica.ai import Policy
from tactica.engine import Fight


def play_checked(fight: Fight, ai: Policy, ai_side: str, other: Policy, max_actions: int = 5_000) -> int:
    """Play to the end; each choice of ``ai`` must be listed as legal and be the deciding actor's. Returns how
    many choices the AI made (a fight it never decides in checks nothing)."""
    decisions = 0
    for _ in range(max_actions):
        if fight.is_over():
            break
        actor = fight.deciding()[0]
        if fight.side_of(actor) != ai_side:
            fight.apply(other.choose(fight))
            continue
        action = ai.choose(fight)
        assert action in fight.legal_actions() and action.actor == actor, f"{action}: not legal for {actor}"
        fight.apply(action)
        decisions += 1
    assert fight.is_over(), f"the fight did not end within {max_actions} actions"
    return decisions
