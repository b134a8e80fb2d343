"""A table's fight, rebuilt from its log and kept in step with it.

The log is the truth (DESIGN.md, ``store/``): a table is its scenario text, its seed and its entries. The
fight starts as ``tactica odds`` and ``fight`` start it (the scenario's own script played), then every
``action`` entry is applied and every ``undo`` entry undone, in order. Each action entry also records the
dice faces it drew; replaying checks them, so a table that would no longer replay identically (an edited
database, an engine that changed a rule) is refused by name instead of quietly changing its past.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from tactica.dice import DiceError
from tactica.dice.errors import DiceScriptError
from tactica.engine import Action, Event, Fight, TacticaError
from tactica.render.log import render_log
from tactica.scenario import load_scenario_text, play_script, start_fight
from tactica.store import LogEntry, TableRecord
from tactica.table.dice import SEEDED, TableDice

ACTION = "action"
UNDO = "undo"

T = TypeVar("T")


class ReplayError(TacticaError):
    """A table whose log does not replay as it was recorded."""


@dataclass
class LiveTable:
    """The fight of one table, with the sequence number of its last log entry and, for each action in
    the fight's history, the entry that took it."""

    record: TableRecord
    fight: Fight
    dice: TableDice
    #: How many actions of the fight's history the scenario's own script took (the log's come after).
    base: int = 0
    seq: int = 0
    in_effect: list[int] = field(default_factory=list)
    undone: set[int] = field(default_factory=set)
    entries: list[LogEntry] = field(default_factory=list)
    _lines: dict[int, list[str]] = field(default_factory=dict)
    _opening: list[str] | None = None
    #: What :meth:`memo` remembers, and the state (seq, actions, events, record) it was made for.
    _memo: dict[Hashable, Any] = field(default_factory=dict)
    _memo_of: tuple[int, int, int, TableRecord | None] = (-1, -1, -1, None)

    @classmethod
    def rebuild(cls, record: TableRecord, entries: list[LogEntry]) -> LiveTable:
        """The table as its log leaves it (:class:`ReplayError` naming the first entry that differs)."""
        fight, dice = start(record)
        table = cls(record, fight, dice, base=len(fight.history))
        for entry in entries:
            table.replay(entry)
        return table

    def replay(self, entry: LogEntry) -> None:
        try:
            drawn = self.undo() if entry.kind == UNDO else self.take(entry.text, self._offered(entry))
        except (TacticaError, DiceError) as error:
            raise ReplayError(
                f"table {self.record.id}: log entry {entry.seq} ({entry.text}): {error}"
            ) from None
        if entry.kind == ACTION and list(drawn) != list(entry.faces):
            raise ReplayError(
                f"table {self.record.id}: log entry {entry.seq} ({entry.text}) rolls {list(drawn)} now, but"
                f" {list(entry.faces)} when it was taken"
            )
        self.record_entry(entry)

    def take(self, action: Action | str, faces: Sequence[int] = ()) -> list[int]:
        """Apply ``action`` (legal-only, all or nothing) and return the faces it drew from the table's dice
        (a manual table: from ``faces``, all of which it must use; faces an undo left ahead on the tape
        are rolled again first, as everywhere)."""
        dice = self.dice
        ahead = len(self.fight.tape.faces)
        dice.attempt(faces)
        try:
            self.fight.apply(action)
            if dice.unused:
                self.fight.undo()
                raise DiceScriptError(f"{len(dice.unused)} more faces than '{action}' rolls: {dice.unused}")
        except BaseException:
            del self.fight.tape.faces[ahead:]  # what this attempt rolled is not ahead for the next one
            raise
        return list(dice.fresh)

    def _offered(self, entry: LogEntry) -> Sequence[int]:
        return entry.faces if self.dice.manual else ()

    def undo(self) -> list[int]:
        self.fight.undo()
        return []

    def record_entry(self, entry: LogEntry) -> None:
        """Note an entry that has been applied to the fight and stored."""
        self.seq = entry.seq
        self.entries.append(entry)
        if entry.kind == UNDO:
            self.undone.add(self.in_effect.pop())
        else:
            self.in_effect.append(entry.seq)

    def events_of(self, seq: int) -> list[Event]:
        """The events the action of entry ``seq`` caused (none when it was undone)."""
        if seq not in self.in_effect:
            return []
        k = self.base + self.in_effect.index(seq)
        marks = self.fight.marks
        start = marks[k][1]
        end = marks[k + 1][1] if k + 1 < len(marks) else len(self.fight.events)
        return self.fight.events[start:end]

    def lines_of(self, seq: int) -> list[str]:
        """The log lines of entry ``seq``'s action (remembered: an action's events never change)."""
        if seq not in self.in_effect:
            return []
        found = self._lines.get(seq)
        if found is None:
            found = self._lines[seq] = render_log(self.events_of(seq))
        return found

    def opening_lines(self) -> list[str]:
        """The log lines of the set-up and the scenario's script (remembered: they never change)."""
        if self._opening is None:
            self._opening = render_log(self.opening_events())
        return self._opening

    def memo(self, key: Hashable, make: Callable[[], T]) -> T:
        """``make()`` as of the table now, made once for every view of this state: forgotten as soon as
        the table changes (an entry, an action or undo on the fight, new seats or settings)."""
        now = (self.seq, len(self.fight.history), len(self.fight.events), self.record)
        if now[:3] != self._memo_of[:3] or now[3] is not self._memo_of[3]:
            self._memo.clear()
            self._memo_of = now
        if key not in self._memo:
            self._memo[key] = make()
        found: T = self._memo[key]
        return found

    def opening_events(self) -> list[Event]:
        """The events before the first entry: the set-up and the scenario's own script."""
        marks = self.fight.marks
        return self.fight.events[: marks[self.base][1]] if len(marks) > self.base else list(self.fight.events)


def start(record: TableRecord) -> tuple[Fight, TableDice]:
    """A table's fight before its log: the scenario set up with the table's seed, its script played. A
    scenario's scripted faces are rolled first, then the table's dice (seeded with the table's seed until
    the script is played, then as the table's mode says): a table's dice never run out (``dice: {then:
    stop}`` is for checking a ruling, not for playing on)."""
    scenario = load_scenario_text(record.scenario_text, record.scenario_file)
    dice = TableDice(record.seed, record.settings.get("dice", SEEDED))
    fight = start_fight(scenario, seed=record.seed, then=dice)
    play_script(scenario, fight, scenario.script, lambda _results: None)
    dice.playing()
    return fight, dice
