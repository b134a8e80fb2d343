"""What Phase 3d6 fights count for statistics: the STUN each hit takes away (with who dealt it) and who is
out of the fight.

STUN is the harm measure: it is what knocks a character out (STUN 0 or below), every hit takes some unless PD
stops it all, and Recoveries give it back. BODY (out for good at 0) is reported by the outcome class
``down`` of an attack's odds, not counted as harm.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from tactica.engine.events import Event
from tactica.engine.system import Harm
from tactica.systems.phase3d6.events import DamageDealt
from tactica.systems.phase3d6.setup import Phase3d6Game
from tactica.systems.phase3d6.state import Phase3d6State


def harm_done(game: Phase3d6Game, event: Event) -> Sequence[Harm]:
    """The STUN a hit took away (after PD and Roll With A Punch), dealt by the attacker; nothing else in
    Phase 3d6 takes STUN away."""
    if isinstance(event, DamageDealt):
        return (Harm(event.target, float(event.stun), event.attacker),)
    return ()


def out_of_action(game: Phase3d6Game, state: Phase3d6State) -> Collection[str]:
    """The characters out of the fight now (STUN or BODY 0 or below): the notion the end of the fight
    counts (phases.check_end). A Stunned character is still in it; one knocked out may wake at a Post-Turn."""
    return [f.id for f in state.fighters.values() if f.out]
