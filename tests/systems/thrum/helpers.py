"""Builders for THRUM rule tests: tiny maps, fixed initiative, no Round Zero, scripted dice."""

from __future__ import annotations

from typing import Any

from tactica.dice import ScriptedDice
from tactica.engine import Fight
from tactica.systems import get_system

#: A plain sheet: every modifier 0, one Combat Art at +0, Speed 4 (Fatigue Tolerance 3, Stress Tolerance 2).
PLAIN: dict[str, Any] = {"end": 0, "ref": 0, "foc": 0, "arts": {"brawling": 0}, "speed": 4}


def fighter(fid: str, side: str, at: tuple[int, int] | str, **sheet: Any) -> dict[str, Any]:
    """A combatant entry with a plain sheet unless overridden."""
    return {"id": fid, "side": side, "at": list(at) if isinstance(at, tuple) else at, **PLAIN, **sheet}


def setup(*combatants: dict[str, Any], text: str = ". . . . . .", **extra: Any) -> dict[str, Any]:
    """Setup data: initiative fixed in the order the combatants are given (first acts first), no Round
    Zero (option round_zero: false) unless ``options`` says otherwise."""
    count = len(combatants)
    data: dict[str, Any] = {
        "map": {"text": text},
        "combatants": list(combatants),
        "initiative": {c["id"]: 20 - i for i, c in enumerate(combatants)},
        "options": {"round_zero": False},
    }
    assert count >= 2
    options = extra.pop("options", {})
    data["options"].update(options)
    data.update(extra)
    return data


def new_fight(*combatants: dict[str, Any], dice: list[int] | None = None, **extra: Any) -> Fight:
    """A fight whose d6 (and other) faces come from ``dice`` first, then from a seeded source."""
    data = setup(*combatants, **extra)
    source = ScriptedDice(dice or [], then=None) if dice is not None else None
    return Fight.new(get_system("thrum"), data, dice=source)


def fighter_state(fight: Fight, fid: str) -> Any:
    """A combatant's state now."""
    return fight.state.fighters[fid]  # type: ignore[attr-defined]


def kinds(fight: Fight) -> list[str]:
    """Event kinds in order."""
    return [e.kind for e in fight.events]


def last(fight: Fight, kind: str) -> Any:
    """The last event of a kind."""
    return [e for e in fight.events if e.kind == kind][-1]


def of(events: list[Any], kind: str) -> list[Any]:
    """The events of one kind."""
    return [e for e in events if e.kind == kind]


def offered(fight: Fight, verb: str | None = None) -> set[str]:
    """The legal actions (of one verb), as text; every legal action must pass ``why_illegal``."""
    actions = fight.legal_actions()
    for action in actions:
        assert fight.why_illegal(action) is None, str(action)
    return {str(a) for a in actions if verb is None or a.verb == verb}
