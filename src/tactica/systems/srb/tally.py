"""What a Star Rangers fight cost each combatant, for statistics: hit points lost (every loss goes through
:func:`tactica.systems.srb.attacks.hurt` and its :class:`~tactica.systems.srb.events.SrbDamageDealt`) and
who is out of the fight (down at 0 hit points or fewer, dead at -10 or fewer: the same test the end of the
fight uses).
"""

from __future__ import annotations

from collections.abc import Sequence

from tactica.engine.events import Event
from tactica.engine.system import Harm
from tactica.systems.srb.events import SrbDamageDealt
from tactica.systems.srb.setup import SrbGame
from tactica.systems.srb.state import SrbState


def harm_done(game: SrbGame, event: Event) -> Sequence[Harm]:
    """The hit points an event took away, with who dealt them: the attacker, also for a critical failure
    that hurt the attacker itself (entries 1, 2, 11, a revolver's ricochets: dealer = taker) or a
    bystander (a random attack, cook-off or multifire)."""
    if isinstance(event, SrbDamageDealt):
        return (Harm(event.target, float(event.amount), event.source),)
    return ()


def out_of_action(game: SrbGame, state: SrbState) -> list[str]:
    """The combatants down or dead, in setup order."""
    return [f.id for f in state.fighters.values() if not f.up]
