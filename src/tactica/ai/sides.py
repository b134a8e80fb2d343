"""Which policy plays which side: the sides of a fight, the choice from a scenario and ``--ai`` options, and
one seeded policy per side."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tactica.ai.policy import Policy, make_policy
from tactica.engine import Fight
from tactica.engine.errors import TacticaError


def combatants(fight: Fight) -> list[str]:
    """The combatants of the fight, in the order they were set up."""
    return list(next((getattr(e, "combatants", ()) for e in fight.events if e.kind == "FightStarted"), ()))


def sides(fight: Fight) -> list[str]:
    """The sides of the fight, in the order their first combatant was set up."""
    return list(dict.fromkeys(fight.side_of(c) for c in combatants(fight)))


def policy_choice(
    preset: Mapping[str, str], all_sides: Sequence[str], given: Sequence[str]
) -> dict[str, str]:
    """Each side's policy: 'default', else the scenario's ``ai`` (``preset``), else ``--ai NAME`` (every side)
    or ``--ai SIDE=NAME``."""
    chosen = {side: "default" for side in all_sides}
    chosen.update({k: v for k, v in preset.items() if k in chosen})
    for spec in given:
        side, _, name = spec.rpartition("=")
        if not side:
            chosen = dict.fromkeys(all_sides, name)
        elif side not in chosen:
            raise TacticaError(f"--ai {spec}: no side '{side}' in this fight (sides: {', '.join(all_sides)})")
        else:
            chosen[side] = name
    return chosen


def make_policies(system_id: str, chosen: Mapping[str, str], seed: int) -> dict[str, Policy]:
    """One seeded policy per side (an unknown name is an error listing the valid ones)."""
    return {
        side: make_policy(name, system_id, seed * 1000 + i) for i, (side, name) in enumerate(chosen.items())
    }
