"""How good a position is for one side, in the system's own terms, between -1 and 1.

A fight that is over is worth 1 won, -1 lost, 0 drawn or cut off. Otherwise two things count, both read
through the rule system's statistics hooks (the ones ``tactica sim`` counts with): who is out of action
(``out_of_action``: down, dying, incapacitated, knocked out...) and the harm taken since the search began
(``harm_done``: hit points in FuturePath and Star Rangers, STUN in Phase 3d6, Fatigue and Stress Load in
THRUM, Body and Mind in Far Recon). Healing is not counted back.
"""

from __future__ import annotations

from collections.abc import Sequence

from tactica.engine.fight import Fight

#: The weight of the share of each side out of action; the rest of the value is the share of harm.
OUT_WEIGHT = 0.6


def standing(fight: Fight, side: str, people: Sequence[str], since: int) -> float:
    """The value for ``side`` of the fight now: ``people`` are the combatants who count (those still in
    action when the search began: harm to a fallen enemy, a coup de grâce, is no gain), ``since`` the index of
    the first event of the search (harm before it is the same whatever the search chose)."""
    if fight.is_over():
        winner = fight.state.winner
        return 0.0 if winner is None or fight.state.cut_off else (1.0 if winner == side else -1.0)
    mine = {p for p in people if fight.side_of(p) == side}
    theirs = set(people) - mine
    out = set(fight.system.out_of_action(fight.game, fight.state))
    theirs_out = len(out & theirs) / max(1, len(theirs))
    mine_out = len(out & mine) / max(1, len(mine))
    return OUT_WEIGHT * (theirs_out - mine_out) + (1 - OUT_WEIGHT) * _harm_share(fight, mine, theirs, since)


def _harm_share(fight: Fight, mine: set[str], theirs: set[str], since: int) -> float:
    """(harm ``theirs`` took - harm ``mine`` took) / (both + 1), since event ``since``."""
    taken = dealt = 0.0
    for event in fight.events[since:]:
        for harm in fight.system.harm_done(fight.game, event):
            if harm.taker in mine:
                taken += harm.amount
            elif harm.taker in theirs:
                dealt += harm.amount
    return (dealt - taken) / (dealt + taken + 1.0)
