"""The table's operations: one call per request, permissions checked first, the log committed before an
answer. The web layer (``app.py``) only turns requests into these calls and their results into JSON.

Each table's live fight is kept in memory (rebuilt from the log when missing) and guarded by its own lock,
so two actions at once are taken one after the other: the second is then on an older ``seq`` and refused as
stale. When the database refuses an entry the table is dropped from memory and rebuilt from the log on its
next use, so memory never runs ahead of what was stored.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, TypeVar

from tactica.analysis.odds import action_odds, scenario_fight
from tactica.dice import DiceError, SeededDice
from tactica.engine import Action, Fight, TacticaError
from tactica.files import clip
from tactica.render.log import render_log
from tactica.scenario import load_scenario_text
from tactica.store import StaleSeq, Store, StoreError, TableRecord, UnknownTable
from tactica.table.access import Access, access_for
from tactica.table.dice import SEEDED, FacesNeeded
from tactica.table.errors import Forbidden, NeedFaces, Refused, Stale, TableRequestError, Unavailable, Unknown
from tactica.table.live import ACTION, UNDO, LiveTable, ReplayError
from tactica.table.settings import check_seats, check_settings, default_seats, default_settings
from tactica.table.view import lines_for, view_for

T = TypeVar("T")

#: Live tables kept in memory at once (the least recently used is rebuilt from its log when needed again).
LIVE_TABLES = 64
#: The most dice faces one request may carry (a manual table's action).
MAX_FACES = 100
#: Resolutions behind the odds shown before an action whose odds are not exact.
PREVIEW_SAMPLES = 2_000


class TableService:
    """Every operation on the tables of one store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._live: OrderedDict[str, LiveTable] = OrderedDict()
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()

    # -- tables ---------------------------------------------------------------------------------------

    def create(
        self,
        scenario_text: str,
        scenario_file: str,
        *,
        seats: Mapping[str, list[str]] | None = None,
        seed: int | None = None,
        name: str | None = None,
        dice: str = SEEDED,
    ) -> TableRecord:
        """A new table from a scenario's text (:class:`Refused` naming file:line when it does not load);
        without ``seats``, one seat per side holding that side's combatants; ``dice`` seeded, or manual
        (players type the faces of real dice, :mod:`tactica.table.dice`)."""
        scenario = _scenario(scenario_text, scenario_file)
        combatants = sides_of(_opening(scenario))
        chosen = check_seats(seats, combatants) if seats is not None else default_seats(combatants)
        record = self._stored(
            lambda: self.store.create_table(
                name=clip(name or scenario.name, 80),
                system=scenario.system.id,
                scenario_text=scenario_text,
                scenario_file=scenario_file,
                seed=scenario.seed if seed is None else seed,
                seats=chosen,
                settings=default_settings(dice),
            )
        )
        self.live(record.id)
        return record

    def access(self, table_id: str, key: str | None) -> Access:
        """What ``key`` may do at the table (:class:`Unknown`, :class:`Forbidden`)."""
        return self._access(self._record(table_id), key)

    def view(self, table_id: str, key: str | None) -> dict[str, Any]:
        """Everything the key's holder may see of the table now."""
        with self._table(table_id) as live:
            return view_for(live, self._access(live.record, key))

    def live(self, table_id: str) -> LiveTable:
        """The table's live fight and log as this service holds them (read them; change them only
        through this service)."""
        with self._table(table_id) as live:
            return live

    # -- play -----------------------------------------------------------------------------------------

    def act(
        self, table_id: str, key: str | None, seq: object, text: object, faces: object = ()
    ) -> dict[str, Any]:
        """Take one action for the key's holder on the table as of ``seq``; answer once it is stored. At a
        manual table ``faces`` are the dice rolled for it (:class:`NeedFaces` asks for the next roll)."""
        with self._table(table_id) as live:
            who = self._access(live.record, key)
            _check_seq(live, seq)
            action = _action(live, text)
            who.check_act(action, live.record.settings.get("hidden", ()))
            try:
                drawn = live.take(action, _faces(faces))
            except FacesNeeded as need:
                raise NeedFaces(str(need), needed=need.details(), given=list(_faces(faces))) from None
            except (TacticaError, DiceError) as error:
                raise Refused(clip(str(error), 300)) from None
            written = str(live.fight.history[-1])
            entry = self._append(live, ACTION, written, who.seat, drawn)
            return {
                "ok": True,
                "seq": entry.seq,
                "action": written,
                "lines": lines_for(live, who, entry.seq),
            }

    def undo(self, table_id: str, key: str | None, seq: object) -> dict[str, Any]:
        """The GM takes back the last action in effect (the dice it rolled stay ahead: taken again, it rolls
        the same)."""
        with self._table(table_id) as live:
            self._access(live.record, key).check_gm("undo")
            _check_seq(live, seq)
            if not live.in_effect:
                raise Refused("nothing to undo: no action of this table is in effect")
            undone = live.fight.history[-1]
            live.undo()
            entry = self._append(live, UNDO, str(undone), None, [])
            return {"ok": True, "seq": entry.seq, "undone": str(undone)}

    def odds(self, table_id: str, key: str | None, text: object) -> dict[str, Any]:
        """The odds of one action the key's holder may take now (exact, or sampled on a copy)."""
        with self._table(table_id) as live:
            who = self._access(live.record, key)
            action = _action(live, text)
            who.check_act(action, live.record.settings.get("hidden", ()))
            fight = live.fight.clone()
            try:
                found = action_odds(fight, action, samples=PREVIEW_SAMPLES)
            except (TacticaError, DiceError) as error:
                raise Refused(clip(str(error).splitlines()[0], 300)) from None
            return found.to_dict()

    def preview(self, table_id: str, key: str | None, text: object) -> dict[str, Any]:
        """Where a move would go and what it would cost, before it is confirmed: the action taken on a
        copy of the fight (its own dice; nothing of it is kept), read back from the events that carry a
        path. ``path`` is empty for an action that moves no one."""
        with self._table(table_id) as live:
            who = self._access(live.record, key)
            action = _action(live, text)
            who.check_act(action, live.record.settings.get("hidden", ()))
            trial = live.fight.clone(dice=SeededDice(0))
            try:
                events = trial.apply(action)
            except (TacticaError, DiceError) as error:
                raise Refused(clip(str(error), 300)) from None
            moves = [e for e in events if isinstance(getattr(e, "path", None), tuple)]
            path = [list(p) for e in moves for p in e.path]  # type: ignore[attr-defined]
            return {
                "action": str(action),
                "path": path,
                "lines": [line.strip() for line in render_log(moves)],
            }

    # -- the GM's controls ----------------------------------------------------------------------------

    def set_seats(self, table_id: str, key: str | None, seats: object) -> TableRecord:
        with self._table(table_id) as live:
            self._access(live.record, key).check_gm("assign seats")
            chosen = check_seats(seats, sides_of(live.fight))
            live.record = self._stored(lambda: self.store.set_seats(table_id, chosen))
            return live.record

    def set_settings(self, table_id: str, key: str | None, changes: object) -> TableRecord:
        with self._table(table_id) as live:
            self._access(live.record, key).check_gm("change what players see")
            settings = check_settings(live.record.settings, changes, set(sides_of(live.fight)))
            live.record = self._stored(lambda: self.store.set_settings(table_id, settings))
            return live.record

    def save(self, table_id: str, key: str | None) -> dict[str, Any]:
        """The table's fight in the save format (``tactica.engine.save``), for the GM."""
        with self._table(table_id) as live:
            self._access(live.record, key).check_gm("export the fight")
            return live.fight.to_dict()

    # -- internals ------------------------------------------------------------------------------------

    @contextmanager
    def _table(self, table_id: str) -> Iterator[LiveTable]:
        """The live table, under its lock."""
        with self._guard:
            lock = self._locks.setdefault(table_id, threading.Lock())
        with lock:
            yield self._open(table_id)

    def _open(self, table_id: str) -> LiveTable:
        live = self._live.get(table_id)
        if live is None:
            record = self._record(table_id)
            entries = self._stored(lambda: self.store.log(table_id))
            try:
                live = LiveTable.rebuild(record, entries)
            except ReplayError as error:
                raise Unavailable(str(error)) from None
            with self._guard:
                self._live[table_id] = live
                while len(self._live) > LIVE_TABLES:
                    self._live.popitem(last=False)
        with self._guard:
            self._live.move_to_end(table_id)
        return live

    def _record(self, table_id: str) -> TableRecord:
        try:
            return self.store.table(table_id)
        except UnknownTable:
            raise Unknown(f"no table '{clip(table_id, 40)}'") from None
        except StoreError as error:
            raise Unavailable(str(error)) from None

    def _access(self, record: TableRecord, key: str | None) -> Access:
        found = access_for(record, key)
        if found is None:
            raise Forbidden("this key opens no seat at this table (ask the GM for your link)")
        return found

    def _append(self, live: LiveTable, kind: str, text: str, seat: str | None, faces: list[int]) -> Any:
        """Store an entry already applied to the live fight; on failure forget the live fight (it ran
        ahead of the log) so it is rebuilt from what was stored."""
        try:
            entry = self.store.append(
                live.record.id, after=live.seq, kind=kind, text=text, seat=seat, faces=faces
            )
        except StaleSeq as stale:
            self._forget(live.record.id)
            raise Stale(f"stale: the table moved on to seq {stale.seq}", seq=stale.seq) from None
        except StoreError as error:
            self._forget(live.record.id)
            raise Unavailable(f"{error}; nothing was changed") from None
        except BaseException:
            self._forget(live.record.id)
            raise
        live.record_entry(entry)
        return entry

    def _forget(self, table_id: str) -> None:
        with self._guard:
            self._live.pop(table_id, None)

    def _stored(self, call: Callable[[], T]) -> T:
        try:
            return call()
        except StoreError as error:
            raise Unavailable(str(error)) from None


def _check_seq(live: LiveTable, seq: object) -> None:
    if not isinstance(seq, int) or isinstance(seq, bool):
        raise Refused(f"'seq' must be the number of the table's last entry (now {live.seq})")
    if seq != live.seq:
        raise Stale(f"stale: sent on seq {seq}, but the table is at seq {live.seq}", seq=live.seq)


def _faces(faces: object) -> list[int]:
    """The faces sent with an action: a list of at most 100 whole numbers."""
    if not isinstance(faces, (list, tuple)) or len(faces) > MAX_FACES:
        raise Refused(f"'faces' is a list of at most {MAX_FACES} dice faces")
    if not all(type(f) is int for f in faces):
        raise Refused("'faces' holds whole numbers: the faces of the dice rolled")
    return list(faces)


def _action(live: LiveTable, text: object) -> Action:
    if not isinstance(text, str):
        raise Refused("'action' must be the text of an action, e.g. 'vex attack rook'")
    try:
        return live.fight.normalize(text)
    except TacticaError as error:
        raise Refused(clip(str(error), 300)) from None


def _scenario(text: str, name: str) -> Any:
    try:
        return load_scenario_text(text, name)
    except TacticaError as error:
        raise Refused(clip(str(error), 600)) from None


def _opening(scenario: Any) -> Fight:
    try:
        return scenario_fight(scenario)
    except (TacticaError, DiceError) as error:
        raise Refused(clip(str(error), 600)) from None


def sides_of(fight: Fight) -> dict[str, str]:
    """Each combatant's side, in the order the fight lists them."""
    return {fid: str(f.get("side")) for fid, f in (fight.observe().get("fighters") or {}).items()}


__all__ = ["TableRequestError", "TableService"]
