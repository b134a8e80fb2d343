"""Harm and out of action for statistics (THRUM 6, 32, 35, 37-40).

THRUM has no hit points: attacks deal Fatigue or Stress, added to the target's Loads (THRUM 32). Harm is
every point of Fatigue or Stress Load a character takes: from an ability (the dealer is its user; Overexert
is Stress its user deals itself), from Burning (no dealer recorded). A failed panic roll moves the Stress
Load onto the Fatigue Load (THRUM 35): no new load, so no harm. Recovering load is not negative harm.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from tactica.engine.events import Event
from tactica.engine.system import Harm
from tactica.systems.thrum.events import LoadChanged
from tactica.systems.thrum.setup import ThrumGame
from tactica.systems.thrum.state import ThrumState

#: Load changes that take nothing new from the character: a panic only moves Stress onto Fatigue.
NOT_HARM = frozenset({"panic"})


def harm_done(game: ThrumGame, event: Event) -> Sequence[Harm]:
    """THRUM 32: Fatigue or Stress Load taken, with the character whose ability dealt it."""
    if isinstance(event, LoadChanged) and event.amount > 0 and event.source not in NOT_HARM:
        return (Harm(event.actor, float(event.amount), event.dealer),)
    return ()


def out_of_action(game: ThrumGame, state: ThrumState) -> Collection[str]:
    """THRUM 6, 37-40: the incapacitated and the removed (three Wounds), the characters the end-of-combat
    check counts out; after the end, those who were out when it ended (before the end of combat revived
    them, THRUM 42)."""
    return [f.id for f in state.fighters.values() if not f.in_fight or (state.over and f.out_at_end)]
