"""Issue 13 point 5 (Persistence): which databases a Store opens, where the default file lives, how the
schema is made (Alembic migrations on open, idempotent), and one clear line for every database it cannot
use — never with the URL's password in it."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from tactica.store import Store, StoreError, default_url
from tactica.store.migrate import HEAD, alembic_config, run_alembic
from tactica.store.schema import metadata
from tactica.testing.postgres import free_port, fresh_database

from .conftest import new_table


def test_the_default_database_is_in_xdg_data_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Issue 13 point 5: "a file in the user's data directory": $XDG_DATA_HOME/tactica/tables.db, the
    folder made on the way; Store() opens it."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_url() == f"sqlite:///{tmp_path}/data/tactica/tables.db"
    with Store() as store:
        table_id = new_table(store)
    assert (tmp_path / "data" / "tactica" / "tables.db").is_file()
    with Store(f"sqlite:///{tmp_path}/data/tactica/tables.db") as store:
        assert store.table(table_id).id == table_id


@pytest.mark.parametrize("xdg", ["", "relative/data"])
def test_without_a_usable_xdg_data_home_it_is_under_home(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, xdg: str
) -> None:
    """XDG Base Directory spec: an unset, empty or relative $XDG_DATA_HOME means ~/.local/share."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", xdg)
    assert default_url() == f"sqlite:///{tmp_path}/.local/share/tactica/tables.db"
    assert (tmp_path / ".local" / "share" / "tactica").is_dir()


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("tables.db", r"^not a database URL: 'tables.db' \(use sqlite:///PATH or postgresql\+psycopg://"),
        ("mysql://gm:sekrit@db/tables", r"^unsupported database URL 'mysql://gm:\*\*\*@db/tables' \(use "),
        (
            "postgresql+psycopg2://gm:sekrit@db/t",
            r"^unsupported database URL 'postgresql\+psycopg2://gm:\*\*\*@",
        ),
        ("sqlite://", r"^an in-memory SQLite database keeps no table: give a file, sqlite:///PATH$"),
        ("sqlite:////no/such/folder/t.db", r"^cannot open sqlite:////no/such/folder/t.db: the folder "),
    ],
)
def test_a_bad_url_is_one_line_without_its_password(url: str, message: str) -> None:
    """Issue 13 point 5 (house rule): a bad URL is one StoreError line naming what would be valid."""
    with pytest.raises(StoreError, match=message) as refused:
        Store(url)
    assert "sekrit" not in str(refused.value) and "\n" not in str(refused.value)


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("postgresql+psycopg://gm:sekrit@127.0.0.1:{port}/tables", "postgresql+psycopg://gm:***@127.0.0.1:"),
        ("postgresql://gm@127.0.0.1:{port}/tables?password=sekrit", "postgresql+psycopg://gm@127.0.0.1:"),
    ],
)
def test_an_unreachable_server_is_one_line_without_its_password(url: str, shown: str) -> None:
    """Issue 13 point 5: no server at the URL's address is one StoreError line that names the database
    (password hidden, in the URL or in its query) and what the driver said."""
    with pytest.raises(StoreError) as refused:
        Store(url.format(port=free_port()))
    said = str(refused.value)
    assert said.startswith(f"opening the database failed on {shown}")
    assert "Connection refused" in said and "sekrit" not in said and "\n" not in said


def test_a_postgresql_url_may_name_a_socket_folder(postgres_url: str) -> None:
    """Issue 13 point 5 (docs/table.md): `postgresql+psycopg://USER@/DB?host=/socket/folder` reaches the
    server through its unix socket."""
    database = make_url(fresh_database(postgres_url))
    engine = create_engine(database)
    with engine.connect() as connection:
        folder = connection.execute(text("SHOW unix_socket_directories")).scalar_one()
    engine.dispose()
    with Store(
        f"postgresql+psycopg://postgres@/{database.database}?host={folder}&port={database.port}"
    ) as store:
        assert store.url.startswith(f"postgresql+psycopg://postgres@/{database.database}?host=")
        assert store.table(new_table(store)).seed == 7


def test_a_file_that_is_no_database_is_one_line(tmp_path: Path) -> None:
    """Issue 13 point 5: `--db sqlite:///notes.txt` on a text file says so in one line."""
    (tmp_path / "notes.txt").write_text("not a database, " * 100)
    with pytest.raises(
        StoreError, match=r"^opening the database failed on sqlite:///.*notes.txt: file is not a database$"
    ):
        Store(f"sqlite:///{tmp_path}/notes.txt")


def test_sqlite_is_in_wal_mode(tmp_path: Path) -> None:
    """Issue 13 point 5: "Embedded SQLite by default (WAL ...)"."""
    Store(f"sqlite:///{tmp_path}/t.db").close()
    assert sqlite3.connect(tmp_path / "t.db").execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_opening_twice_migrates_once(store_url: str) -> None:
    """Issue 13 point 5: migrations run on open and are idempotent — a second open, or Alembic's upgrade
    run again, changes nothing, and the database records one revision, the newest."""
    with Store(store_url) as store:
        table = store.table(new_table(store))
    engine = create_engine(store_url)
    run_alembic(engine, store_url)
    with Store(store_url) as store:
        assert store.tables() == [table]
    with engine.connect() as connection:
        assert connection.execute(text("SELECT version_num FROM alembic_version")).all() == [(HEAD,)]
    engine.dispose()


def test_head_names_the_newest_migration() -> None:
    """Issue 13 point 5: the revision a Store checks for before skipping Alembic is Alembic's own head."""
    assert ScriptDirectory.from_config(alembic_config()).get_current_head() == HEAD


def test_the_migrations_make_the_schema_the_code_uses(store: Store, store_url: str) -> None:
    """Issue 13 point 5: the Alembic migrations give exactly the tables and columns of
    tactica.store.schema (Alembic's autogenerate comparison finds no difference)."""
    engine = create_engine(store_url)
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), metadata) == []
    engine.dispose()


def test_threads_opening_a_new_database_at_once_all_work(store_url: str) -> None:
    """Issue 13 point 5: stores opened at once in one process (Alembic's context is one module-level
    object) migrate one after the other and all open."""
    start = threading.Barrier(3)
    opened: list[Store | Exception] = []

    def open_store() -> None:
        start.wait(timeout=30)
        try:
            opened.append(Store(store_url))
        except Exception as error:
            opened.append(error)

    openers = [threading.Thread(target=open_store) for _ in range(3)]
    for opener in openers:
        opener.start()
    for opener in openers:
        opener.join(timeout=60)
    assert len(opened) == 3 and all(isinstance(store, Store) for store in opened), opened
    for store in opened:
        assert isinstance(store, Store)
        store.close()


def test_servers_opening_a_new_database_at_once_all_work(store_url: str) -> None:
    """Issue 13 point 5: servers (processes) starting on one new database at once migrate one after the
    other (SQLite's write lock, PostgreSQL's advisory lock) and all open it."""
    opening = "import sys; from tactica.store import Store; Store(sys.argv[1]).close()"
    servers = [
        subprocess.Popen([sys.executable, "-c", opening, store_url], stderr=subprocess.PIPE) for _ in range(2)
    ]
    said = [server.communicate(timeout=60)[1].decode() for server in servers]
    assert [server.returncode for server in servers] == [0, 0], said
    with Store(store_url) as store:
        assert store.tables() == []


def test_a_database_from_a_newer_tactica_is_refused(store_url: str) -> None:
    """Issue 13 point 5: a database whose schema revision this tactica does not know is one StoreError
    line naming the revision it knows, and is left as it was."""
    Store(store_url).close()
    engine = create_engine(store_url)
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '0099'"))
    with pytest.raises(
        StoreError,
        match=rf"^cannot bring .*{store_url[-12:]} up to schema revision {HEAD}: Can't locate revision identified by '0099'$",
    ):
        Store(store_url)
    with engine.connect() as connection:
        assert connection.execute(text("SELECT version_num FROM alembic_version")).all() == [("0099",)]
    engine.dispose()
