"""Builders for Star Rangers rule tests: tiny maps, fixed initiative, scripted dice (every die accounted
for: running out is an error)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactica.dice import ScriptedDice
from tactica.engine import Fight
from tactica.systems import get_system
from tests.systems.common import acting, fs, kinds, last, of, offered, order, play, why  # noqa: F401 (re-exported)

#: A 10 x 5 open map.
OPEN = "\n".join([". . . . . . . . . ."] * 5)

#: A plain sheet: every ability 10 (modifiers +0), BAB 0, 20 HP, Defense 10, speed 9 m (6 squares),
#: Fortitude +0, no weapons (an unarmed strike, 1d3, is always there).
PLAIN: dict[str, Any] = {"str": 10, "dex": 10, "con": 10, "bab": 0, "hp": 20}

#: ``initiative=ROLLED`` leaves initiative to the dice (rule 6).
ROLLED = "rolled"


def fighter(fid: str, side: str, at: tuple[int, int] | str, **sheet: Any) -> dict[str, Any]:
    """A combatant entry with the plain sheet unless overridden."""
    return {"id": fid, "side": side, "at": list(at) if isinstance(at, tuple) else at, **PLAIN, **sheet}


def setup(
    *combatants: dict[str, Any],
    text: str = OPEN,
    initiative: Mapping[str, int] | str | None = None,
    options: Mapping[str, Any] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """Setup data. Initiative is fixed in the order the combatants are given (the first acts first)
    unless ``initiative`` gives the results, or is :data:`ROLLED`."""
    assert len(combatants) >= 2
    data: dict[str, Any] = {
        "map": {"text": text},
        "combatants": list(combatants),
        "options": dict(options or {}),
    }
    if initiative is None:
        data["initiative"] = {c["id"]: 20 - i for i, c in enumerate(combatants)}
    elif initiative != ROLLED:
        data["initiative"] = dict(initiative)  # type: ignore[arg-type]
    data.update(extra)
    return data


def new_fight(
    *combatants: dict[str, Any],
    dice: list[int] | None = None,
    text: str = OPEN,
    initiative: Mapping[str, int] | str | None = None,
    options: Mapping[str, Any] | None = None,
    **extra: Any,
) -> Fight:
    """A fight whose dice come from ``dice`` only."""
    data = setup(*combatants, text=text, initiative=initiative, options=options, **extra)
    return Fight.new(get_system("srb"), data, dice=ScriptedDice(dice or []))


def duel(dice: list[int] | None = None, a: Mapping[str, Any] | None = None, b: Mapping[str, Any] | None = None,
         **extra: Any) -> Fight:  # fmt: skip
    """ana (red, first) at (2, 2) next to orc (blue) at (3, 2)."""
    return new_fight(
        fighter("ana", "red", (2, 2), **(a or {})),
        fighter("orc", "blue", (3, 2), **(b or {})),
        dice=dice,
        **extra,
    )


def end_until(fight: Fight, actor: str, limit: int = 100) -> None:
    """Everyone else ends the turn until it is ``actor``'s turn."""
    for _ in range(limit):
        if acting(fight) == actor:
            return
        fight.apply(f"{acting(fight)} end")
    raise AssertionError(f"{actor} never came to act")


def rolls(events: list[Any]) -> list[tuple[str, str, str, int, int, int, int, bool]]:
    """Attack rolls as (attacker, target, roll kind, face, bonus, total, Defense, hit)."""
    return [
        (e.attacker, e.target, e.roll, e.face, e.bonus, e.total, e.defense, e.hit)
        for e in of(events, "SrbAttackRolled")
    ]


def fumbles(events: list[Any]) -> list[tuple[int, str]]:
    """Critical failures as (entry, effect)."""
    return [(e.entry, e.effect) for e in of(events, "SrbFumble")]


def steps(events: list[Any]) -> list[tuple[str, str, int, bool]]:
    """Reload steps as (who, step, rounds loaded after, done)."""
    return [(e.actor, e.step, e.loaded, e.done) for e in of(events, "SrbReloadStep")]
