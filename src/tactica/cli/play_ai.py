"""``tactica play --ai SIDE=NAME``: the sides an AI plays while a person plays the others.

The entries read as ``tactica fight``'s and ``sim``'s do (:func:`tactica.ai.given_choice`: the same grammar,
names and messages), but a side no entry names is the person's (a scenario's ``ai`` is for AI-against-AI
fights) and at least one side must be left to the person. The AI decides whenever the first deciding
character is on its side, as in :func:`tactica.ai.run_fight`; the person decides for the others only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tactica.ai import Policy, combatants, given_choice, make_policies, sides
from tactica.engine import Action, Fight, TacticaError


@dataclass(frozen=True)
class Opponents:
    """The AI of each side an AI plays (none: the person plays every side)."""

    #: Side -> the AI's name as given (``search:32``).
    names: Mapping[str, str] = field(default_factory=dict)
    #: Side -> the AI, seeded.
    policies: Mapping[str, Policy] = field(default_factory=dict)

    def plays(self, fight: Fight, actor: str) -> bool:
        """Whether an AI decides for ``actor``."""
        return fight.side_of(actor) in self.names

    def to_decide(self, fight: Fight) -> str | None:
        """The side whose AI decides now (the first deciding character's), or None when the person does."""
        deciding = fight.deciding()
        side = fight.side_of(deciding[0]) if deciding else None
        return side if side in self.names else None

    def yours(self, fight: Fight) -> list[Action]:
        """The legal actions of the characters the person plays."""
        return [a for a in fight.legal_actions() if not self.plays(fight, a.actor)]

    def refusal(self, fight: Fight, actor: str) -> str | None:
        """Why the person may not decide for ``actor`` (an AI plays its side), or None."""
        side = fight.side_of(actor) if actor in combatants(fight) else None
        if side is None or side not in self.names:
            return None
        mine = [a for a in fight.deciding() if not self.plays(fight, a)]
        ai = self.names[side]
        return f"{actor} is on side {side}, which the AI plays ({ai}); you decide for {', '.join(mine)}"


def opponents(fight: Fight, given: Sequence[str], seed: int) -> Opponents:
    """The AIs ``--ai`` entries name for a fight's sides, seeded with ``seed``; an entry that is not valid,
    or entries leaving no side to the person, raise :class:`TacticaError` saying what to write."""
    all_sides = sides(fight)
    chosen = given_choice(all_sides, given, fight.system.id)
    if chosen and len(chosen) == len(all_sides):
        entries = " ".join(f"--ai {spec}" for spec in given)
        raise TacticaError(
            f"{entries}: an AI for every side ({', '.join(all_sides)}) leaves you none to play; write"
            " SIDE=NAME for the sides the AI plays ('tactica fight' plays AI against AI)"
        )
    return Opponents(chosen, make_policies(fight.system.id, chosen, seed))
