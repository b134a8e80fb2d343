"""What one key's holder sees of a table: built from the live fight for that key, so what a player must
not see is never put in their view (hidden combatants, their actions and the log lines naming them, other
combatants' exact harm when the GM shows only status, the GM's notes and links).

Each view, and each part that several keys' views share (the board per set of hidden combatants, the legal
actions, the log per way of hiding), is made once per state of the table (:meth:`LiveTable.memo`) and
forgotten at the next change: a change pushed to fifty clients holding three keys builds three views.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from tactica.engine import Action
from tactica.render.svg import board_svg, known_traps
from tactica.render.turn import combatant_lines, turn_line
from tactica.store import LogEntry
from tactica.table.access import Access
from tactica.table.live import UNDO, LiveTable

#: Log entries sent in a view (the newest); the GM's save holds them all.
LOG_ENTRIES = 300
#: Legal actions whose JSON is remembered (an action is a value: the same in every table and state).
ACTIONS_REMEMBERED = 20_000


def view_for(live: LiveTable, who: Access) -> dict[str, Any]:
    """The view of ``live`` for ``who`` (the JSON the page and the websocket send). Made once per state of
    the table and key: callers share it and must not change it."""
    return live.memo(("view", who), lambda: _view(live, who))


def _view(live: LiveTable, who: Access) -> dict[str, Any]:
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
        "turn": live.memo(("turn", hidden), lambda: turn_line(fight, hidden=hidden)),
        "combatants": (combatants := _combatants(live, who, hidden)),
        "board_svg": _board(live, hidden, {c["id"]: c["summary"] for c in combatants}, _traps_of(live, who)),
        "actions": _actions(live, who, hidden),
        "log": _log(live, _secrets(live, who), _sealed_from(live, who)),
    }
    if who.is_gm:
        view["gm"] = _gm(live)
    return view


def _board(live: LiveTable, hidden: frozenset[str], summaries: dict[str, str], traps: frozenset[str]) -> str:
    """The board without the ``hidden`` combatants, each token titled with its summary, showing the
    ``traps`` named (made once per state for the keys that hide, summarize and know alike)."""
    key = ("board", hidden, tuple(summaries.items()), traps)
    return live.memo(key, lambda: board_svg(live.fight, hidden=hidden, summaries=summaries, traps=traps))


def _unnoticed(live: LiveTable, who: Access) -> frozenset[str]:
    """The traps ``who`` does not know of (none for the GM)."""
    if who.is_gm:
        return frozenset()
    return live.memo("traps", lambda: frozenset(known_traps(live.fight))) - _traps_of(live, who)


def _traps_of(live: LiveTable, who: Access) -> frozenset[str]:
    """The traps ``who`` knows of: every one for the GM; for a player, those its seat's sides noticed."""
    if who.is_gm:
        return live.memo("traps", lambda: frozenset(known_traps(live.fight)))
    sides = frozenset(str(f.get("side")) for fid, f in _fighters(live).items() if fid in who.combatants)
    return live.memo(("traps", sides), lambda: frozenset(known_traps(live.fight, sides)))


def _fighters(live: LiveTable) -> Mapping[str, Any]:
    """Every combatant as the fight shows them (``observe()``, once per state)."""
    found: Mapping[str, Any] = live.memo("observe", live.fight.observe).get("fighters") or {}
    return found


def _combatants(live: LiveTable, who: Access, hidden: Collection[str]) -> list[dict[str, Any]]:
    fight = live.fight
    lines = live.memo("lines", lambda: combatant_lines(fight))
    vague = not who.is_gm and live.record.settings.get("harm") == "status"
    out_now = live.memo("out", lambda: set(fight.system.out_of_action(fight.game, fight.state)))
    shown = []
    for fid, f in _fighters(live).items():
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


def _actions(live: LiveTable, who: Access, hidden: frozenset[str]) -> dict[str, dict[str, list[str]]]:
    """The legal actions ``who`` may take now, by actor and verb: ``{"vex": {"move": ["@3,4", ...]}}``, each
    the action's text after its actor and verb (``vex move @3,4``). Made once per state for the keys that
    may act for the same combatants."""
    every = live.memo("actions", lambda: [_listed(a) for a in live.fight.legal_actions()])
    actors = live.memo("actors", lambda: {actor for actor, *_ in every})
    allowed = frozenset(actor for actor in actors if who.may_act_for(actor) and actor not in hidden)
    return live.memo(("actions", allowed, hidden), lambda: _grouped(every, allowed, hidden))


def _grouped(
    every: list[tuple[str, str, str | None, str]], actors: frozenset[str], hidden: frozenset[str]
) -> dict[str, dict[str, list[str]]]:
    grouped: dict[str, dict[str, list[str]]] = {}
    for actor, verb, target, rest in every:
        if actor in actors and target not in hidden:
            grouped.setdefault(actor, {}).setdefault(verb, []).append(rest)
    return grouped


@functools.lru_cache(maxsize=ACTIONS_REMEMBERED)
def _listed(action: Action) -> tuple[str, str, str | None, str]:
    """An action's actor, verb, target and the rest of its text (remembered: most of one state's legal
    actions are legal again in the next)."""
    return action.actor, action.verb, action.target, str(action)[len(action.actor) + len(action.verb) + 2 :]


def action_texts(actions: dict[str, dict[str, list[str]]]) -> list[str]:
    """The texts of a view's actions, in order (``"vex move @3,4"``)."""
    return [
        " ".join(filter(None, (actor, verb, rest)))
        for actor, verbs in actions.items()
        for verb, rests in verbs.items()
        for rest in rests
    ]


def lines_for(live: LiveTable, who: Access, seq: int) -> list[str]:
    """The log lines of entry ``seq`` as ``who`` may read them."""
    return _lines(live.lines_of(seq), _secrets(live, who))


def _secrets(live: LiveTable, who: Access) -> _Secrets:
    return _Secrets(_hidden_from(live, who), _vague_about(live, who), _unnoticed(live, who))


def _hidden_from(live: LiveTable, who: Access) -> frozenset[str]:
    return frozenset(live.record.settings.get("hidden", ())) if not who.is_gm else frozenset()


def _vague_about(live: LiveTable, who: Access) -> frozenset[str]:
    """The combatants whose harm this key sees only as in or out of the fight."""
    if who.is_gm or live.record.settings.get("harm") != "status":
        return frozenset()
    return frozenset(fid for fid in _fighters(live) if fid not in who.combatants)


def _sealed_from(live: LiveTable, who: Access) -> frozenset[int]:
    """The entries whose action is a declaration still secret from ``who`` (Far Recon's simultaneous
    declarations, until the slot resolves): each actor's latest action in effect."""
    fight = live.fight
    sealed = live.memo("sealed", lambda: fight.system.sealed(fight.game, fight.state))
    secret = {a for a in sealed if not who.may_act_for(a)}
    if not secret:
        return frozenset()
    latest = live.memo("latest", lambda: _latest_in_effect(live))
    return frozenset(latest[a] for a in secret if a in latest)


def _latest_in_effect(live: LiveTable) -> dict[str, int]:
    """Each actor's latest entry whose action is in effect."""
    in_effect = set(live.in_effect)
    return {entry.text.split(" ", 1)[0]: entry.seq for entry in live.entries if entry.seq in in_effect}


@dataclass(frozen=True)
class _Secrets:
    """What one key may not read in the log: lines naming ``hidden`` combatants, the harm left of ``vague``
    ones, and the noticing of traps its side has not noticed (FuturePath 42)."""

    hidden: frozenset[str]
    vague: frozenset[str]
    unnoticed: frozenset[str]


def _log(live: LiveTable, secrets: _Secrets, sealed: frozenset[int]) -> list[dict[str, Any]]:
    """The log as keys that keep the same secrets see it (made once per state for all of them)."""
    return live.memo(("log", secrets, sealed), lambda: _log_entries(live, secrets, sealed))


def _log_entries(live: LiveTable, secrets: _Secrets, sealed: Collection[int]) -> list[dict[str, Any]]:
    opening = _lines(live.opening_lines(), secrets)
    entries: list[dict[str, Any]] = [{"seq": 0, "kind": "start", "text": "set-up", "lines": opening}]
    for entry in live.entries[-LOG_ENTRIES:]:
        if _names_any(entry.text, secrets.hidden):
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
                "lines": _lines(lines, secrets),
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


def _lines(lines: list[str], secrets: _Secrets) -> list[str]:
    return [
        _redacted(line, secrets.vague)
        for line in lines
        if not _names_any(line, secrets.hidden) and not _notices_any(line, secrets.unnoticed)
    ]


def _notices_any(line: str, traps: Collection[str]) -> bool:
    """Whether ``line`` says one of ``traps`` was noticed (FuturePath's log: "sly: trap mine noticed")."""
    return any(f"trap {trap} noticed" in line for trap in traps)


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
