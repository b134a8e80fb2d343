"""The table store (Issue 13 point 5): tables, seats, settings and each table's append-only log in SQLite or
PostgreSQL, one code path (SQLAlchemy 2 Core). Every write is committed before its method returns."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from datetime import UTC, datetime
from types import TracebackType
from typing import Any

from sqlalchemy import Connection, Insert, Row, Select, delete, func, insert, literal, select, update
from sqlalchemy.exc import IntegrityError

from tactica.store import schema
from tactica.store.checks import check_entry, check_kind, check_seats, check_seed, check_settings, check_texts
from tactica.store.database import WRITE, default_url, open_engine, parse_url, shown, translated
from tactica.store.errors import StaleSeq, StoreError, UnknownTable
from tactica.store.migrate import upgrade
from tactica.store.records import LogEntry, Seat, TableRecord

ID_BYTES = 6  # table ids: 8 url-safe characters
SECRET_BYTES = 24  # GM and seat secrets: 32 url-safe characters


class Store:
    """Tables and their logs in one database; ``url`` None means :func:`default_url` (a SQLite file).

    Opening brings the schema up to date. A Store is safe to share between threads.
    """

    def __init__(self, url: str | None = None) -> None:
        self._url = parse_url(default_url() if url is None else url)
        self.url = shown(self._url)
        self._engine = open_engine(self._url)
        self._writer = self._engine.execution_options(**{WRITE: True})
        #: SQLite takes one writer at a time, and one that finds the file locked sleeps in steps of up to
        #: 100 ms: this process's writers queue here instead (PostgreSQL writes concurrently).
        self._one_writer: AbstractContextManager[object] = (
            threading.Lock() if self._url.get_backend_name() == "sqlite" else nullcontext()
        )
        try:
            with translated("opening the database", self._url):
                upgrade(self._writer, self.url)
        except StoreError:
            self._engine.dispose()
            raise

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_: type[BaseException] | BaseException | TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        """Closes the database connections (the data stays)."""
        self._engine.dispose()

    def create_table(
        self,
        *,
        name: str,
        system: str,
        scenario_text: str,
        scenario_file: str,
        seed: int,
        seats: dict[str, list[str]],
        settings: dict[str, Any],
    ) -> TableRecord:
        """A new table: a new id, a GM secret, one secret per seat (``seats``: name -> combatant ids)."""
        texts = check_texts(
            name=name, system=system, scenario_text=scenario_text, scenario_file=scenario_file
        )
        row = texts | {"seed": check_seed(seed), "settings": check_settings(settings), "created_at": _now()}
        wanted = check_seats(seats)
        table_id = secrets.token_urlsafe(ID_BYTES)
        row |= {"id": table_id, "gm_secret": secrets.token_urlsafe(SECRET_BYTES)}
        with self._write("creating a table") as connection:
            connection.execute(insert(schema.tables), [row])
            _insert_seats(connection, table_id, wanted, {})
        return self.table(table_id)

    def table(self, table_id: str) -> TableRecord:
        """The table ``table_id``; StoreError when there is none."""
        with self._read(f"reading table {table_id!r}") as connection:
            return _record(connection, _table_row(connection, table_id))

    def tables(self) -> list[TableRecord]:
        """Every table, the newest first."""
        query = select(schema.tables).order_by(schema.tables.c.created_at.desc(), schema.tables.c.id)
        with self._read("listing the tables") as connection:
            return [_record(connection, row) for row in connection.execute(query)]

    def log(self, table_id: str) -> list[LogEntry]:
        """The table's log in seq order."""
        query = select(schema.log).where(schema.log.c.table_id == table_id).order_by(schema.log.c.seq)
        with self._read(f"reading the log of table {table_id!r}") as connection:
            _table_row(connection, table_id)
            return [_entry(row) for row in connection.execute(query)]

    def append(
        self, table_id: str, *, after: int, kind: str, text: str, seat: str | None, faces: list[int]
    ) -> LogEntry:
        """Writes the entry as seq ``after + 1`` iff the table's last seq is ``after``, and commits it.

        Otherwise raises :class:`StaleSeq` with the current last seq: of two appends acting on the same
        seq, exactly one is written.
        """
        check_entry(after, text, seat, faces)
        entry = LogEntry(table_id, after + 1, check_kind(kind), text, seat, list(faces), _now())
        with translated(f"appending to table {table_id!r}", self._url):
            try:
                with self._one_writer, self._writer.begin() as connection:
                    written = connection.execute(_append_if_last(entry)).first() is not None
            except IntegrityError:  # a concurrent writer took seq after + 1 first (or no such table)
                written = False
        if not written:
            raise self._refusal(table_id, after)
        return entry

    def set_seats(self, table_id: str, seats: dict[str, list[str]]) -> TableRecord:
        """Replaces the seats: a kept seat keeps its secret, a new one gets one, a removed one loses its."""
        wanted = check_seats(seats)
        with self._write(f"changing the seats of table {table_id!r}") as connection:
            _table_row(connection, table_id, lock=True)
            kept = _seat_secrets(connection, table_id)
            connection.execute(delete(schema.seats).where(schema.seats.c.table_id == table_id))
            _insert_seats(connection, table_id, wanted, kept)
        return self.table(table_id)

    def set_settings(self, table_id: str, settings: dict[str, Any]) -> TableRecord:
        """Replaces the table's settings (free JSON)."""
        check_settings(settings)
        change = update(schema.tables).where(schema.tables.c.id == table_id).values(settings=settings)
        with self._write(f"changing the settings of table {table_id!r}") as connection:
            if connection.execute(change).rowcount != 1:
                raise _no_table(table_id)
        return self.table(table_id)

    def _refusal(self, table_id: str, after: int) -> StoreError:
        with self._read(f"reading table {table_id!r}") as connection:
            _table_row(connection, table_id)
            return StaleSeq(_last_seq(connection, table_id), after=after)

    @contextmanager
    def _read(self, action: str) -> Iterator[Connection]:
        with translated(action, self._url), self._engine.connect() as connection:
            yield connection

    @contextmanager
    def _write(self, action: str) -> Iterator[Connection]:
        with translated(action, self._url), self._one_writer, self._writer.begin() as connection:
            yield connection


def _now() -> datetime:
    return datetime.now(UTC)


def _utc(moment: datetime) -> datetime:
    """SQLite gives naive UTC datetimes back, PostgreSQL aware ones in the session's zone."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _no_table(table_id: str) -> StoreError:
    return UnknownTable(f"no table {table_id!r}")


def _table_row(connection: Connection, table_id: str, *, lock: bool = False) -> Row[Any]:
    query = select(schema.tables).where(schema.tables.c.id == table_id)
    row = connection.execute(query.with_for_update() if lock else query).first()
    if row is None:
        raise _no_table(table_id)
    return row


def _last_seq_query(table_id: str) -> Select[int]:
    return select(func.coalesce(func.max(schema.log.c.seq), 0)).where(schema.log.c.table_id == table_id)


def _last_seq(connection: Connection, table_id: str) -> int:
    return int(connection.execute(_last_seq_query(table_id)).scalar_one())


def _seat_secrets(connection: Connection, table_id: str) -> dict[str, str]:
    query = select(schema.seats.c.name, schema.seats.c.secret).where(schema.seats.c.table_id == table_id)
    return {name: secret for name, secret in connection.execute(query)}


def _insert_seats(
    connection: Connection, table_id: str, wanted: Mapping[str, Sequence[str]], kept: Mapping[str, str]
) -> None:
    rows = [
        {
            "table_id": table_id,
            "name": name,
            "secret": kept.get(name) or secrets.token_urlsafe(SECRET_BYTES),
            "combatants": list(combatants),
        }
        for name, combatants in wanted.items()
    ]
    if rows:
        connection.execute(insert(schema.seats), rows)


def _record(connection: Connection, row: Row[Any]) -> TableRecord:
    query = select(schema.seats).where(schema.seats.c.table_id == row.id).order_by(schema.seats.c.name)
    seated = {
        seat.name: Seat(seat.name, seat.secret, tuple(seat.combatants)) for seat in connection.execute(query)
    }
    return TableRecord(
        id=row.id,
        name=row.name,
        system=row.system,
        scenario_text=row.scenario_text,
        scenario_file=row.scenario_file,
        seed=row.seed,
        gm_secret=row.gm_secret,
        seats=seated,
        settings=row.settings,
        created_at=_utc(row.created_at),
        last_seq=_last_seq(connection, row.id),
    )


def _entry(row: Row[Any]) -> LogEntry:
    return LogEntry(row.table_id, row.seq, row.kind, row.text, row.seat, list(row.faces), _utc(row.at))


def _append_if_last(entry: LogEntry) -> Insert:
    """INSERT ... SELECT the entry WHERE the table's last seq is ``entry.seq - 1``, one atomic statement;
    it returns the seq it wrote, or no row."""
    last = _last_seq_query(entry.table_id).scalar_subquery()
    values = [literal(getattr(entry, column.name), column.type) for column in schema.log.columns]
    source = select(*values).where(last == entry.seq - 1)
    return insert(schema.log).from_select(list(schema.log.columns), source).returning(schema.log.c.seq)
