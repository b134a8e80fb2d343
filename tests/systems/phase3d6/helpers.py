"""Builders for Phase 3d6 rule tests: small hex maps, fixed initiative, scripted dice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactica.dice import ScriptedDice
from tactica.engine import Fight
from tactica.systems import get_system
from tests.systems.common import acting, fs, kinds, last, of, offered, order, play, why  # noqa: F401 (re-exported)

#: A 7 x 5 open hex map (cell k of row r is hex (k, r)).
HEXMAP = "\n".join([". . . . . . ."] * 5)

#: A plain sheet: CV 3 (OCV = DCV = 3), movement 6, STUN 20, BODY 10, REC 4, PD 0 (damage = the dice),
#: fists (2d6 melee, reach 1), no Acrobatics, no Combat Reflexes.
PLAIN: dict[str, Any] = {"cv": 3, "move": 6, "stun": 20, "body": 10, "rec": 4, "pd": 0, "con": 10}

#: ``initiative=SHEET`` leaves the initiative to the sheets (rule 3: CV + Lightning Reflexes).
SHEET = "sheet"


def fighter(fid: str, side: str, at: tuple[int, int] | str, **sheet: Any) -> dict[str, Any]:
    """A combatant entry with the plain sheet unless overridden."""
    return {"id": fid, "side": side, "at": list(at) if isinstance(at, tuple) else at, **PLAIN, **sheet}


def setup(
    *combatants: dict[str, Any],
    text: str = HEXMAP,
    initiative: Mapping[str, int] | str | None = None,
    options: Mapping[str, Any] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """Setup data. Initiative is fixed in the order the combatants are given (the first acts first)
    unless ``initiative`` gives the scores, or is :data:`SHEET` (CV + Lightning Reflexes)."""
    assert len(combatants) >= 2
    data: dict[str, Any] = {
        "map": {"grid": "hex", "text": text},
        "combatants": list(combatants),
        "options": dict(options or {}),
    }
    if initiative is None:
        data["initiative"] = {c["id"]: 20 - i for i, c in enumerate(combatants)}
    elif initiative != SHEET:
        data["initiative"] = dict(initiative)  # type: ignore[arg-type]
    data.update(extra)
    return data


def new_fight(
    *combatants: dict[str, Any],
    dice: list[int] | None = None,
    text: str = HEXMAP,
    initiative: Mapping[str, int] | str | None = None,
    options: Mapping[str, Any] | None = None,
    **extra: Any,
) -> Fight:
    """A fight whose dice come from ``dice`` only (running out is an error: every die is accounted for)."""
    data = setup(*combatants, text=text, initiative=initiative, options=options, **extra)
    return Fight.new(get_system("phase3d6"), data, dice=ScriptedDice(dice or []))


def duel(dice: list[int] | None = None, **extra: Any) -> Fight:
    """ana (red, first) at (2, 2) next to orc (blue) at (3, 2)."""
    return new_fight(fighter("ana", "red", (2, 2)), fighter("orc", "blue", (3, 2)), dice=dice, **extra)


def global_phase(fight: Fight) -> int:
    """The global Phase number (0 = the Surprise Phase)."""
    return int(fight.state.order.round)


def pass_until(fight: Fight, actor: str, limit: int = 200) -> None:
    """Everyone else ends / passes until ``actor`` must decide."""
    for _ in range(limit):
        if fight.deciding() == [actor]:
            return
        who = fight.deciding()[0]
        verbs = {a.verb for a in fight.legal_actions_of(who)}
        fight.apply(f"{who} {'pass' if 'pass' in verbs else 'end'}")
    raise AssertionError(f"{actor} never came to decide")


def turns_started(fight: Fight) -> list[tuple[str, str]]:
    """(Phase label, character) of every place in a Phase that came up so far."""
    return [(e.label, e.slot) for e in of(fight.events, "TurnStarted")]


def phases_started(fight: Fight) -> list[tuple[int, int, int]]:
    """(global number, Turn, Phase in the Turn) of every Phase started so far."""
    return [(e.number, e.turn, e.phase) for e in of(fight.events, "PhaseStarted")]


def rolls(events: list[Any]) -> list[tuple[str, str, tuple[int, ...], int, int, int, int, bool]]:
    """Attack rolls as (attacker, target, faces, OCV, DCV, total, target number, hit)."""
    return [
        (e.attacker, e.target, e.faces, e.ocv, e.dcv, e.total, e.target_number, e.hit)
        for e in of(events, "AttackRoll")
    ]


def hit(fight: Fight, attacker: str, target: str, *flags: str) -> list[Any]:
    """``attacker`` attacks ``target`` and the target does not abort (if it is asked): the events."""
    events = fight.apply(" ".join([attacker, "attack", target, *flags]))
    if fight.deciding() == [target] and f"{target} pass" in offered(fight):
        events += fight.apply(f"{target} pass")
    return events
