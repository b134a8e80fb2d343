"""Opening the table database (Issue 13 point 5): which URLs, where the default file lives, how SQLite is
set up, and how a database's failure becomes one :class:`StoreError` line without a password in it."""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, SQLAlchemyError

from tactica.store.errors import StoreError

URL_FORMS = "sqlite:///PATH or postgresql+psycopg://USER@HOST/DB"
BUSY_TIMEOUT_MS = 5_000
WRITE = "tactica_store_write"  # execution option: this transaction writes (SQLite: BEGIN IMMEDIATE)


def default_url() -> str:
    """``sqlite:///`` + ($XDG_DATA_HOME or ~/.local/share)/tactica/tables.db; creates the folder."""
    data_home = os.environ.get("XDG_DATA_HOME", "")
    base = Path(data_home) if os.path.isabs(data_home) else Path.home() / ".local" / "share"
    folder = base / "tactica"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'tables.db'}"


def redacted(text: str) -> str:
    """A URL-like text with the password between ``user:`` and ``@`` hidden."""
    return re.sub(r"(://[^:/@]*):[^@/]*@", r"\1:***@", text)


def shown(url: URL) -> str:
    """The URL for messages and logs: the password hidden (also one given as ``?password=``)."""
    if "password" in url.query:
        url = url.update_query_dict({"password": "***"})
    return url.render_as_string(hide_password=True)


def _passwords(url: URL) -> list[str]:
    given = [url.password, url.query.get("password")]
    return [password for password in given if isinstance(password, str) and password]


def parse_url(text: str) -> URL:
    """A database URL tactica can use: SQLite on a file, or PostgreSQL through psycopg 3."""
    try:
        url = make_url(text)
    except ArgumentError:
        raise StoreError(f"not a database URL: {redacted(text)!r} (use {URL_FORMS})") from None
    backend, _, driver = url.drivername.partition("+")
    if backend == "sqlite" and driver in ("", "pysqlite"):
        return _sqlite_file(url)
    if backend == "postgresql" and driver in ("", "psycopg"):
        return url.set(drivername="postgresql+psycopg")
    raise StoreError(f"unsupported database URL {shown(url)!r} (use {URL_FORMS})")


def _sqlite_file(url: URL) -> URL:
    if url.database in (None, "", ":memory:"):
        raise StoreError("an in-memory SQLite database keeps no table: give a file, sqlite:///PATH")
    folder = Path(url.database).parent
    if "uri" not in url.query and not folder.is_dir():
        raise StoreError(f"cannot open {shown(url)}: the folder {folder} does not exist")
    return url


def open_engine(url: URL) -> Engine:
    """An engine for ``url``; SQLite gets WAL, foreign keys, a busy timeout and real transactions."""
    if url.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True, hide_parameters=True)
    engine = create_engine(url, hide_parameters=True)
    event.listen(engine, "connect", _sqlite_connected)
    event.listen(engine, "begin", _sqlite_begin)
    return engine


#: Connections of one process set their pragmas one at a time: switching a new file to WAL takes a lock that
#: SQLite's busy timeout does not wait for, so threads opening one new database at once met "database is
#: locked" (tests/store/test_open.py, about 1 run in 6).
_PRAGMAS = threading.Lock()


def _sqlite_connected(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None  # SQLAlchemy emits BEGIN itself (_sqlite_begin)
    with _PRAGMAS:
        _set_pragmas(dbapi_connection)


def _set_pragmas(dbapi_connection: Any) -> None:
    for pragma in (
        f"busy_timeout={BUSY_TIMEOUT_MS}",
        "journal_mode=WAL",
        "synchronous=FULL",
        "foreign_keys=ON",
    ):
        dbapi_connection.execute(f"PRAGMA {pragma}")


def _sqlite_begin(connection: Connection) -> None:
    writes = connection.get_execution_options().get(WRITE, False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if writes else "BEGIN")


@contextmanager
def translated(action: str, url: URL) -> Iterator[None]:
    """Turns a database failure during ``action`` into one StoreError line naming the database."""
    try:
        yield
    except SQLAlchemyError as error:
        raise StoreError(f"{action} failed on {shown(url)}: {reason(error, url)}") from error


def reason(error: SQLAlchemyError, url: URL) -> str:
    """The first line of what the database said, without the URL's password."""
    said = str(error.orig) if isinstance(error, DBAPIError) else str(error)
    line = said.strip().splitlines()[0] if said.strip() else type(error).__name__
    for password in _passwords(url):
        line = line.replace(password, "***")
    return line
