"""Builders for Phase 3d6 rule tests: small hex maps, fixed initiative, scripted dice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactica.dice import ScriptedDice
from tactica.engine import Action, Fight
from tactica.systems import get_system

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


def global_phase(fight: Fight) -> int:
    """The global Phase number (0 = the Surprise Phase)."""
    return int(fight.state.order.round)


def acting(fight: Fight) -> str | None:
    """The character whose place in the Phase it is."""
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
