"""Issue 13 point 6: "the PostgreSQL variant against a real server that the tests start themselves
(initdb/pg_ctl into a temporary folder, on 127.0.0.1 or a unix socket)" — and that leave nothing behind."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest
from sqlalchemy.engine import make_url

from tactica.testing.postgres import fresh_database, temporary_postgres
from tests.conftest import postgres_or_skip


def conninfo(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://")


def test_a_temporary_server_answers_on_tcp_and_its_socket_then_is_gone() -> None:
    """Issue 13 point 6: the server listens on 127.0.0.1 and on a socket in its own temporary folder,
    runs with fsync off; on exit it is stopped and the folder removed."""
    postgres_or_skip()
    with temporary_postgres() as url:
        with psycopg.connect(conninfo(url)) as connection:
            folder = Path(str(connection.execute("SHOW unix_socket_directories").fetchone()[0]))
            assert connection.execute("SHOW fsync").fetchone() == ("off",)
        with psycopg.connect(host=str(folder), port=make_url(url).port, user="postgres") as socket:
            assert socket.execute("SELECT 1").fetchone() == (1,)
        assert folder.name.startswith("tactica-pg-") and (folder / "data").is_dir()
    assert not folder.exists()
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(conninfo(url), connect_timeout=5)


def test_fresh_databases_are_empty_and_apart(postgres_url: str) -> None:
    """Issue 13 point 6: each test gets its own empty database on the session's server."""
    first, second = fresh_database(postgres_url), fresh_database(postgres_url)
    assert first != second
    with psycopg.connect(conninfo(first)) as connection:
        connection.execute("CREATE TABLE mine (x int)")
    with psycopg.connect(conninfo(second)) as connection:
        assert connection.execute("SELECT count(*) FROM pg_tables WHERE tablename = 'mine'").fetchone() == (
            0,
        )
