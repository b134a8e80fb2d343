"""What one key's holder sees of a table: built fresh from the live fight for that key, so what a player
must not see is never put in their view (hidden combatants, their actions and the log lines naming them,
other combatants' exact harm when the GM shows only status, the GM's notes and links).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from typing import Any

from tactica.engine import Action
from tactica.render.log import render_log
from tactica.render.svg import board_svg
from tactica.render.turn import combatant_lines, turn_line
from tactica.store import LogEntry
from tactica.table.access import Access
from tactica.table.live import UNDO, LiveTable

#: Log entries sent in a view (the newest); the GM's save holds them all.
LOG_ENTRIES = 300


def view_for(live: LiveTable, who: Access) -> dict[str, Any]:
    """The view of ``live`` for ``who`` (the JSON the page and the websocket send)."""
    fight, record = live.fight, live.record
    hidden = _hidden_from(live, who)
    view: dict[str, Any] = {
        "table": {
            "id": record.id,
            "name": record.name,
            "system": record.system,
            "system_name": fight.system.name,
        },
        "you": {"role": who.role, "seat": who.seat, "combatants": sorted(who.combatants)},
        "seq": live.seq,
        "over": fight.is_over(),
        "turn": turn_line(fight, hidden=hidden),
        "combatants": (combatants := _combatants(live, who, hidden)),
        "board_svg": board_svg(fight, hidden=hidden, summaries={c["id"]: c["summary"] for c in combatants}),
        "actions": [_action(a) for a in _actions(live, who, hidden)],
        "log": _log(live, hidden, _vague_about(live, who), _sealed_from(live, who)),
    }
    if who.is_gm:
        view["gm"] = _gm(live)
    return view


def _combatants(live: LiveTable, who: Access, hidden: Collection[str]) -> list[dict[str, Any]]:
    fight = live.fight
    fighters: Mapping[str, Any] = fight.observe().get("fighters") or {}
    lines = combatant_lines(fight)
    vague = not who.is_gm and live.record.settings.get("harm") == "status"
    out_now = set(fight.system.out_of_action(fight.game, fight.state))
    shown = []
    for fid, f in fighters.items():
        if fid in hidden:
            continue
        summary = lines.get(fid, "")
        if vague and fid not in who.combatants:
            summary = "out of the fight" if fid in out_now else "in the fight"
        shown.append(
            {
                "id": fid,
                "side": str(f.get("side")),
                "pos": list(f["pos"]) if f.get("pos") is not None else None,
                "summary": summary,
                "hidden": fid in live.record.settings.get("hidden", ()),
                "yours": who.may_act_for(fid),
            }
        )
    return shown


def _actions(live: LiveTable, who: Access, hidden: Collection[str]) -> Iterable[Action]:
    return (a for a in live.fight.legal_actions() if who.may_act_for(a.actor) and a.actor not in hidden)


def _action(action: Action) -> dict[str, Any]:
    return {
        "text": str(action),
        "actor": action.actor,
        "verb": action.verb,
        "target": action.target,
        "at": list(action.at) if action.at is not None else None,
        "to": list(action.to) if action.to is not None else None,
        "using": action.using,
    }


def lines_for(live: LiveTable, who: Access, seq: int) -> list[str]:
    """The log lines of entry ``seq`` as ``who`` may read them."""
    return _lines(live.lines_of(seq), _hidden_from(live, who), _vague_about(live, who))


def _hidden_from(live: LiveTable, who: Access) -> frozenset[str]:
    return frozenset(live.record.settings.get("hidden", ())) if not who.is_gm else frozenset()


def _vague_about(live: LiveTable, who: Access) -> frozenset[str]:
    """The combatants whose harm this key sees only as in or out of the fight."""
    if who.is_gm or live.record.settings.get("harm") != "status":
        return frozenset()
    return frozenset(fid for fid in live.fight.observe().get("fighters") or () if fid not in who.combatants)


def _sealed_from(live: LiveTable, who: Access) -> set[int]:
    """The entries whose action is a declaration still secret from ``who`` (Far Recon's simultaneous
    declarations, until the slot resolves): each actor's latest action in effect."""
    fight = live.fight
    secret = {a for a in fight.system.sealed(fight.game, fight.state) if not who.may_act_for(a)}
    latest = {}
    for entry in live.entries:
        if entry.seq in live.in_effect:
            latest[entry.text.split(" ", 1)[0]] = entry.seq
    return {latest[a] for a in secret if a in latest}


def _log(
    live: LiveTable, hidden: Collection[str], vague: Collection[str], sealed: Collection[int]
) -> list[dict[str, Any]]:
    opening = _lines(render_log(live.opening_events()), hidden, vague)
    entries: list[dict[str, Any]] = [{"seq": 0, "kind": "start", "text": "set-up", "lines": opening}]
    for entry in live.entries[-LOG_ENTRIES:]:
        if _names_any(entry.text, hidden):
            continue
        lines = live.lines_of(entry.seq) if entry.kind != UNDO else []
        if entry.seq in sealed:
            entries.append(_sealed_entry(entry))
            continue
        entries.append(
            {
                "seq": entry.seq,
                "kind": entry.kind,
                "text": entry.text,
                "seat": entry.seat,
                "undone": entry.seq in live.undone,
                "lines": _lines(lines, hidden, vague),
            }
        )
    return entries


def _sealed_entry(entry: LogEntry) -> dict[str, Any]:
    actor = entry.text.split(" ", 1)[0]
    text = f"{actor} declared an action (secret until every tied character has declared)"
    return {
        "seq": entry.seq,
        "kind": "sealed",
        "text": text,
        "seat": entry.seat,
        "undone": False,
        "lines": [],
    }


def _lines(lines: list[str], hidden: Collection[str], vague: Collection[str]) -> list[str]:
    return [_redacted(line, vague) for line in lines if not _names_any(line, hidden)]


#: How the logs of the five systems state what harm a combatant has left ("ada HP 15", "STUN 12").
_HARM_LEFT = r"(?:HP|STUN|BODY|Body|Mind|Fatigue|Stress|F|S)"


def _redacted(line: str, vague: Collection[str]) -> str:
    """``line`` with the harm left of the ``vague`` combatants replaced by ``?`` (the blow itself stays:
    the table sees it land)."""
    for fid in vague:
        line = re.sub(rf"((?<![\w-]){re.escape(fid)}\W{{0,3}}{_HARM_LEFT}\s*)-?\d+(?:/\d+)?", r"\1?", line)
    return line


def _names_any(text: str, ids: Collection[str]) -> bool:
    return any(re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text) for i in ids)


def _gm(live: LiveTable) -> dict[str, Any]:
    record = live.record
    return {
        "seats": {name: list(seat.combatants) for name, seat in record.seats.items()},
        "keys": {"gm": record.gm_secret, **{name: seat.secret for name, seat in record.seats.items()}},
        "settings": dict(record.settings),
        "scenario_file": record.scenario_file,
        "seed": record.seed,
    }
