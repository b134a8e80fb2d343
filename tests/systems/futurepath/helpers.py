"""Builders for FuturePath rule tests: tiny maps, fixed team initiative, scripted dice."""

from __future__ import annotations

from typing import Any

from tactica.dice import ScriptedDice
from tactica.engine import Fight
from tactica.systems import get_system
from tests.systems.common import kinds, last  # noqa: F401 (re-exported)

PLAIN = {"advantage_die": 0, "proficient": []}
#: The end of the refusal for a move out of reach.
OUT_OF_REACH = "squares of movement for this (difficult terrain and friends' squares cost 2; enemies block)"
#: The end of the refusal for a drag out of reach.
DRAG_REACH = "squares (half Speed; +fast: full Speed as a Full-Round action) and not through anyone's square"


def fighter(fid: str, side: str, at: tuple[int, int] | str, **sheet: Any) -> dict[str, Any]:
    """A combatant entry: plain sheet (no advantage dice, no proficiency) unless overridden."""
    return {"id": fid, "side": side, "at": list(at) if isinstance(at, tuple) else at, **PLAIN, **sheet}


def setup(*combatants: dict[str, Any], text: str = ". . . . .", **extra: Any) -> dict[str, Any]:
    """Setup data with fixed initiative red 5, blue 1 (red acts first; no roll-off dice)."""
    data: dict[str, Any] = {
        "map": {"text": text},
        "combatants": list(combatants),
        "initiative": {"red": 5, "blue": 1},
    }
    data.update(extra)
    return data


def new_fight(*combatants: dict[str, Any], dice: list[int] | None = None, **extra: Any) -> Fight:
    """A fight whose dice come from ``dice`` (then a seeded source)."""
    data = setup(*combatants, **extra)
    source = ScriptedDice(dice or [], then=None) if dice is not None else None
    return Fight.new(get_system("futurepath"), data, dice=source)


def hp(fight: Fight, fid: str) -> int:
    """A fighter's hit points now."""
    return fight.state.fighters[fid].hp  # type: ignore[attr-defined, no-any-return]


def offered(fight: Fight, verb: str) -> set[str]:
    """The legal actions of one verb, as text; every legal action must pass ``why_illegal``."""
    actions = fight.legal_actions()
    for action in actions:
        assert fight.why_illegal(action) is None, str(action)
    return {str(a) for a in actions if a.verb == verb}


def of(events: list[Any], kind: type) -> list[Any]:
    """The events of one class."""
    return [e for e in events if isinstance(e, kind)]
