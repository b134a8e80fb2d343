"""Builders for THRUM rule tests: tiny maps, fixed initiative, no Round Zero, scripted dice."""

from __future__ import annotations

from typing import Any

from tactica.dice import ScriptedDice
from tactica.engine import Fight
from tactica.systems import get_system
from tests.systems.common import kinds, last, of, offered  # noqa: F401 (re-exported)

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
