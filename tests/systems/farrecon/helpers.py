"""Builders for Far Recon rule tests: small maps, fixed initiative, scripted fudge dice."""

from __future__ import annotations

from typing import Any

from tactica.dice import ScriptedDice
from tactica.engine import Fight
from tactica.systems import get_system
from tests.systems.common import kinds, last, offered  # noqa: F401 (re-exported)

#: The Far Recon instance of these tests (conftest.py registers it while they run, if needed).
SYSTEM = get_system("farrecon")
#: A plain sheet: base Body 8, Mind 8, every skill 0, a pistol and a knife, Speed 6, no aspects.
PLAIN: dict[str, Any] = {"body": 8, "mind": 8, "skills": {}, "weapons": ["pistol", "knife"], "speed": 6}
#: An open 8 x 3 floor (no square is a confined space).
OPEN = ". . . . . . . .\n. . . . . . . .\n. . . . . . . ."
CRIT = [1, 1, 1, 1]
FUMBLE = [-1, -1, -1, -1]


def F(total: int) -> list[int]:
    """Four fudge faces summing to ``total`` (-4..4); only +/-4 are critical."""
    assert -4 <= total <= 4
    sign = 1 if total >= 0 else -1
    return [sign] * abs(total) + [0] * (4 - abs(total))


def fighter(fid: str, side: str, at: tuple[int, int] | str, **sheet: Any) -> dict[str, Any]:
    """A combatant entry with a plain sheet unless overridden."""
    return {"id": fid, "side": side, "at": list(at) if isinstance(at, tuple) else at, **PLAIN, **sheet}


def setup(*combatants: dict[str, Any], text: str = OPEN, **extra: Any) -> dict[str, Any]:
    """Setup data: initiative fixed in the order the combatants are given (first acts first) unless
    ``initiative`` is given; late joiners get none."""
    data: dict[str, Any] = {
        "system": "farrecon",
        "map": {"text": text},
        "combatants": list(combatants),
        "initiative": {c["id"]: 20 - i for i, c in enumerate(combatants) if "joins" not in c},
    }
    data.update(extra)
    return data


def new_fight(*combatants: dict[str, Any], dice: list[int] | None = None, **extra: Any) -> Fight:
    """A fight whose faces come from ``dice`` (then none: running out is an error)."""
    return Fight.new(SYSTEM, setup(*combatants, **extra), dice=ScriptedDice(dice or [], then=None))


def state_of(fight: Fight, fid: str) -> Any:
    """A combatant's state now."""
    return fight.state.fighters[fid]  # type: ignore[attr-defined]


def of(fight: Fight, kind: str) -> list[Any]:
    """The events of one kind."""
    return [e for e in fight.events if e.kind == kind]


def refused(fight: Fight, action: str) -> str:
    """The refusal of an action (it must be refused)."""
    reason = fight.why_illegal(action)
    assert reason is not None, f"{action} was accepted"
    return reason
