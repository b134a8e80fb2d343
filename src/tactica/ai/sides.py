"""Which policy plays which side: the sides of a fight, the choice from a scenario and ``--ai`` options, and
one seeded policy per side."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from tactica.ai.policy import Policy, make_policy, policy_error, policy_names
from tactica.engine import Fight
from tactica.engine.errors import TacticaError

#: A side or a policy name in an ``--ai`` entry.
WORD = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_\-]*")
#: A policy name with the option some policies take after a colon (``search:200ms``).
NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_\-]*(:[A-Za-z0-9_.]+)?")


def combatants(fight: Fight) -> list[str]:
    """The combatants of the fight, in the order they were set up."""
    return list(next((getattr(e, "combatants", ()) for e in fight.events if e.kind == "FightStarted"), ()))


def sides(fight: Fight) -> list[str]:
    """The sides of the fight, in the order their first combatant was set up."""
    return list(dict.fromkeys(fight.side_of(c) for c in combatants(fight)))


def policy_choice(
    preset: Mapping[str, str], all_sides: Sequence[str], given: Sequence[str], system_id: str | None = None
) -> dict[str, str]:
    """Each side's policy: 'default', else the scenario's ``ai`` (``preset``), else ``--ai NAME`` (every side)
    or ``--ai SIDE=NAME``. A malformed entry, an unknown side or (given ``system_id``) an unknown policy is an
    error naming the valid ones."""
    chosen = {side: "default" for side in all_sides}
    chosen.update({k: v for k, v in preset.items() if k in chosen})
    chosen.update(given_choice(all_sides, given, system_id))
    return chosen


def given_choice(
    all_sides: Sequence[str], given: Sequence[str], system_id: str | None = None
) -> dict[str, str]:
    """The sides the ``--ai`` entries name, each with its policy (``NAME`` alone names every side; a later
    entry wins), in the order of ``all_sides``; errors as :func:`ai_entry`."""
    chosen: dict[str, str] = {}
    for spec in given:
        side, name = ai_entry(spec, all_sides, system_id)
        chosen.update(dict.fromkeys(all_sides if side is None else [side], name))
    return {side: chosen[side] for side in all_sides if side in chosen}


def ai_entry(spec: str, all_sides: Sequence[str], system_id: str | None = None) -> tuple[str | None, str]:
    """One ``--ai`` entry as (side, policy name); side None for ``NAME`` (every side)."""
    side, sep, name = spec.rpartition("=")
    names = policy_names(system_id) if system_id else []
    valid = f"sides: {', '.join(all_sides)}" + (f"; AIs: {', '.join(names)}" if names else "")
    if not NAME.fullmatch(name) or (sep and not WORD.fullmatch(side)):
        raise TacticaError(f"--ai {spec!r}: write NAME (every side) or SIDE=NAME ({valid})")
    if side and side not in all_sides:
        raise TacticaError(f"--ai {spec}: no side '{side}' in this fight ({valid})")
    if system_id and name.lower().partition(":")[0] not in names:
        raise TacticaError(f"--ai {spec}: unknown AI '{name}' ({valid})")
    error = policy_error(name, system_id) if system_id else None
    if error is not None:
        raise TacticaError(f"--ai {spec}: {error}")
    return side or None, name.lower()


def make_policies(system_id: str, chosen: Mapping[str, str], seed: int) -> dict[str, Policy]:
    """One seeded policy per side (an unknown name is an error listing the valid ones)."""
    return {
        side: make_policy(name, system_id, seed * 1000 + i) for i, (side, name) in enumerate(chosen.items())
    }
