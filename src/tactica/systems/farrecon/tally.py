"""Far Recon statistics hooks: the harm each event records and who is out of action.

Harm is counted in **Body and Mind points** lost (Far Recon 12, 17-20): every ``HarmTaken`` event, Body
(health) or Mind, with the character who dealt each share of it (several dealers when the results of a
simultaneous slot apply together, D11). Healing is not negative harm. Out of action is the notion the end of
the fight uses (``turns.check_end``): a character in the fight who is unconscious, dying, dead (Far Recon
17-19) or broken down (Mind 0 or below, Far Recon 20); a late joiner still to come is not.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from tactica.engine.events import Event
from tactica.engine.system import Harm
from tactica.systems.farrecon.events import HarmTaken
from tactica.systems.farrecon.state import FarReconState


def harm_done(event: Event) -> Sequence[Harm]:
    """The Body or Mind points one event takes away, split by dealer (None: not recorded)."""
    if not isinstance(event, HarmTaken):
        return ()
    out = [Harm(event.actor, amount, dealer) for dealer, amount in event.dealt_by if amount]
    rest = event.amount - sum(amount for _, amount in event.dealt_by)
    if rest > 0:
        out.append(Harm(event.actor, rest, None))
    return out


def out_of_action(state: FarReconState) -> Collection[str]:
    """Who is in the fight but no longer fighting: unconscious, dying, dead or broken down."""
    return [f.id for f in state.fighters.values() if f.present and not f.in_fight]
