"""Events as readable text: one line per event worth a line, with round and turn headings.

Formatters are looked up by event kind in :data:`FORMATTERS` (engine events here, each system's in its own
module); an event without one is written generically as ``Kind(field=value, ...)``.

>>> from tactica.engine import TurnStarted
>>> render_event(TurnStarted(2, "blue", ("rook", "ash")))
'Round 2 — team blue'
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from typing import Any

from tactica.engine import Event
from tactica.engine.codec import to_data
from tactica.render import farrecon, futurepath, phase3d6, srb, thrum
from tactica.render.futurepath import Formatter, Suffix
from tactica.render.result import result_words

#: How an action is shown when its events give it no line of its own (see :class:`_Log`); other verbs are
#: shown as ``actor: the action's text``.
QUIET_VERBS = {
    "end": "{actor} ends the turn",
    "pass": "{actor} passes",
    "hold": "{actor} holds its readied action",
    "decline": "{actor} declines",
    "push": "{actor} pushes",
}


def _turn_started(e: Any) -> str:
    if getattr(e, "label", ""):
        return f"{e.label} — {e.slot}"
    if tuple(e.actors) == (e.slot,):
        return f"Round {e.round} — {e.slot}"
    return f"Round {e.round} — team {e.slot}"


def _fight_ended(e: Any) -> str:
    return f"Fight over: {result_words(e.winner, cut_off=e.cut_off)} ({e.reason})"


def _tie_broken(e: Any) -> str:
    return f"Initiative: {e.holder} {e.score} (tied; {e.how} breaks the tie)"


def _initiative(e: Any) -> str:
    return f"Initiative: {e.holder} {e.score}" + (f" ({e.detail})" if e.detail else "")


ENGINE_FORMATTERS: dict[str, Formatter] = {
    "FightStarted": lambda e: f"Fight starts ({e.system}): {', '.join(e.combatants)}",
    "InitiativeRolled": _initiative,
    "InitiativeTieBroken": _tie_broken,
    "RoundStarted": lambda e: None,
    "TurnStarted": _turn_started,
    "TurnEnded": lambda e: None,
    "ActionTaken": lambda e: None,
    "FightEnded": _fight_ended,
}
#: Event kind -> formatter, for every system.
FORMATTERS: dict[str, Formatter] = {
    **ENGINE_FORMATTERS,
    **futurepath.FORMATTERS,
    **thrum.FORMATTERS,
    **phase3d6.FORMATTERS,
    **srb.FORMATTERS,
    **farrecon.FORMATTERS,
}
#: Event kind -> (previous event, event) -> text appended to the previous line (the event gets no line).
SUFFIXES: dict[str, Suffix] = {
    **futurepath.SUFFIXES,
    **thrum.SUFFIXES,
    **phase3d6.SUFFIXES,
    **srb.SUFFIXES,
    **farrecon.SUFFIXES,
}
#: Lines not indented under the turn headings.
TOP_LEVEL = {
    "FightStarted",
    "InitiativeRolled",
    "InitiativeTieBroken",
    "TurnStarted",
    "FightEnded",
    "PhaseStarted",
    "PostTurn",
}


def generic(event: Event) -> str:
    """``Kind(field=value, ...)`` for events without a formatter."""
    fields = ", ".join(f"{f.name}={to_data(getattr(event, f.name))}" for f in dataclasses.fields(event))
    return f"{event.kind}({fields})"


def render_event(event: Event) -> str | None:
    """One line for an event, or None when it is not worth a line."""
    formatter = FORMATTERS.get(event.kind)
    if formatter is None:
        return generic(event)
    try:
        return formatter(event)
    except (AttributeError, TypeError, KeyError, IndexError, ValueError):
        return generic(event)  # an event whose fields changed under its formatter


def _quiet_action(text: str) -> str:
    words = text.split()
    template = QUIET_VERBS.get(words[1] if len(words) > 1 else "", "{actor}: {text}")
    return template.format(actor=words[0], text=text)


def names(line: str, actor: str) -> bool:
    """The line names ``actor`` (as a whole id: ``ana`` and ``ana's``, not ``anatol``)."""
    return re.search(rf"(?<![\w-]){re.escape(actor)}(?![\w-])", line) is not None


class _Log:
    """Builds the lines of a log, one event at a time. Every action gets a line naming its actor (issue 15
    point 14): its first consequence when that names the actor (``vex attacks rook ...``), else the action
    itself first (``ana passes``, then what followed)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.previous: Event | None = None
        self.action: str | None = None

    def add(self, event: Event) -> None:
        if event.kind == "ActionTaken":
            self.flush()
            self.action = getattr(event, "action", "")
        elif not self._suffix(event):
            line = render_event(event)
            if line is not None:
                self._line(event, line)
        self.previous = event

    def _suffix(self, event: Event) -> bool:
        joiner = SUFFIXES.get(event.kind)
        extra = joiner(self.previous, event) if joiner and self.previous is not None and self.lines else None
        if extra is not None:
            self.lines[-1] += extra
        return extra is not None

    def _line(self, event: Event, line: str) -> None:
        if event.kind in TOP_LEVEL:
            self.flush()
        elif self.action is not None:
            if not names(line, self.action.split(" ", 1)[0]):
                self.flush()
            self.action = None
        self.lines.append(line if event.kind in TOP_LEVEL else "  " + line)

    def flush(self) -> None:
        """An action whose consequences printed nothing is shown itself."""
        if self.action:
            self.lines.append("  " + _quiet_action(self.action))
        self.action = None


def render_log(events: Iterable[Event]) -> list[str]:
    """The readable log: headings ``Round 2 — team blue``, then one indented line per event."""
    log = _Log()
    for event in events:
        log.add(event)
    log.flush()
    return log.lines
