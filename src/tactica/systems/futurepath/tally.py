"""Statistics for designers: the harm each event records and who is out of action (rules 38-40, A13).

FuturePath's harm is hit points: every ``Damaged`` event (attacks, Extra Damage, coup de grâce, grenades,
traps) counts, with its dealer (the attacker or thrower; None for a trap). Constitution lost while dying
(rule 39) is not hit points and is not counted. Out of action = not able to act: dying, stable or dead,
the same notion the end-of-fight check uses (a side with nobody active has lost).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from tactica.engine.events import Event
from tactica.engine.system import Harm
from tactica.systems.futurepath.events import Damaged
from tactica.systems.futurepath.setup import FuturePathGame
from tactica.systems.futurepath.state import FuturePathState


def harm_done(game: FuturePathGame, event: Event) -> Sequence[Harm]:
    """The hit points one event took away (only ``Damaged`` takes any)."""
    if isinstance(event, Damaged):
        return (Harm(event.target, float(event.amount), event.by),)
    return ()


def out_of_action(game: FuturePathGame, state: FuturePathState) -> Collection[str]:
    """Combatants who cannot act: dying, stable (unconscious) or dead."""
    return [f.id for f in state.fighters.values() if not f.is_up]
