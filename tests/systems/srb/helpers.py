"""Builders for Star Rangers rule tests: tiny maps, fixed initiative, scripted dice (every die accounted
for: running out is an error)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactica.dice import ScriptedDice
from tactica.engine import Action, Fight
from tactica.systems import get_system

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


def fs(fight: Fight, fid: str) -> Any:
    """A combatant's state now."""
    return fight.state.fighters[fid]  # type: ignore[attr-defined]


def kinds(fight: Fight) -> list[str]:
    """Event kinds in order."""
    return [e.kind for e in fight.events]


def of(events: list[Any], kind: str) -> list[Any]:
    """The events of one kind."""
    return [e for e in events if e.kind == kind]


def last(fight: Fight, kind: str) -> Any:
    """The last event of a kind."""
    return of(fight.events, kind)[-1]


def order(fight: Fight) -> list[str]:
    """The initiative order now (first acts first)."""
    return [s.key for s in fight.state.order.slots]


def acting(fight: Fight) -> str | None:
    """The combatant whose turn it is."""
    return fight.state.acting  # type: ignore[attr-defined, no-any-return]


def offered(fight: Fight, verb: str | None = None) -> set[str]:
    """The legal actions (of one verb), as text; every legal action must pass ``why_illegal``."""
    actions = fight.legal_actions()
    for action in actions:
        assert fight.why_illegal(action) is None, str(action)
    return {str(a) for a in actions if verb is None or a.verb == verb}


def why(fight: Fight, text: str) -> str:
    """Why an action is refused (it must be)."""
    reason = fight.why_illegal(Action.parse(text))
    assert reason is not None, f"{text!r} is legal"
    return reason


def play(fight: Fight, *actions: str) -> list[Any]:
    """Apply actions in order; the events they caused."""
    out: list[Any] = []
    for text in actions:
        out += fight.apply(text)
    return out


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
