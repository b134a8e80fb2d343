"""A script whose first action belongs to someone the initiative roll did not put first: the error says so and
how to fix the order, with an ``initiative:`` the rule system accepts and that does put the actor first
(issue 15 point 5; docs/scenarios.md, "Fixing the initiative").
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from tactica.dice import DiceError
from tactica.engine import Action, Fight, TacticaError
from tactica.scenario.expect import show
from tactica.scenario.model import Scenario

DOC = "docs/scenarios.md#fixing-the-initiative"


def initiative_hint(scenario: Scenario, fight: Fight, action: Action) -> str:
    """``; the initiative put tor first: give ...`` when ``action`` is the script's first and its actor may
    not act because the initiative the file leaves to the rules put someone else first; else ``""``."""
    if fight.history or "initiative" in scenario.setup or action.actor in fight.deciding():
        return ""
    fixed = next(
        (i for i in _candidates(scenario.setup, action.actor) if _puts_first(scenario, i, action)), None
    )
    give = f"give `initiative: {show(fixed)}`" if fixed else "give `initiative:` in the file"
    rolled = len(fight.faces)
    dice = f", or script the {rolled} initiative dice in `dice`" if rolled else ""
    return f"; the initiative put {' and '.join(fight.deciding())} first: {give}{dice} (see {DOC})"


def _candidates(setup: Mapping[str, Any], actor: str) -> Iterator[dict[str, int]]:
    """Initiatives putting ``actor`` first: by combatant (most systems), then by side (team initiative)."""
    entries = [c for c in setup.get("combatants") or [] if isinstance(c, Mapping)]
    ids = [str(c.get("id")) for c in entries]
    sides = list(dict.fromkeys(str(c.get("side")) for c in entries))
    own = next((str(c.get("side")) for c in entries if str(c.get("id")) == actor), None)
    for order in ([actor, *(i for i in ids if i != actor)], [own, *(s for s in sides if s != own)]):
        yield {str(key): len(order) - n for n, key in enumerate(order)}


def _puts_first(scenario: Scenario, initiative: dict[str, int], action: Action) -> bool:
    try:
        game = scenario.system.new_game({**scenario.setup, "initiative": initiative})
        return action.actor in Fight(game, seed=scenario.seed).deciding()
    except (TacticaError, DiceError):
        return False
