"""A throwaway PostgreSQL server for tests (Issue 13 point 6): Debian's ``postgresql`` binaries, a fresh
cluster in a temporary folder, listening on 127.0.0.1 (a free port) and on a unix socket in that folder,
``fsync=off``; stopped and removed on exit. ``initdb`` refuses to run as root, so as root the server runs as
the ``postgres`` user (``runuser``).

Use ``with temporary_postgres() as url: ...``, and :func:`fresh_database` for one empty database per test.
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import psycopg
from sqlalchemy.engine import make_url

BIN_GLOB = "/usr/lib/postgresql/*/bin"
SERVER_USER = "postgres"
SETTINGS = ("fsync=off", "synchronous_commit=off", "full_page_writes=off", "shared_buffers=16MB")
TIMEOUT_S = 60


class PostgresUnavailable(RuntimeError):
    """No server can be started here: the message says what is missing or what the server said."""


def postgres_bin() -> Path | None:
    """The newest ``/usr/lib/postgresql/<version>/bin`` with ``initdb`` and ``pg_ctl``, if any."""
    found = [path for path in Path("/").glob(BIN_GLOB.lstrip("/")) if _has_server(path)]
    return max(found, key=lambda path: _version(path.parent.name), default=None)


def _has_server(folder: Path) -> bool:
    return all(os.access(folder / name, os.X_OK) for name in ("initdb", "pg_ctl"))


def _version(name: str) -> tuple[int, ...]:
    return tuple(int(part) for part in name.split(".") if part.isdigit())


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on (at the moment of asking)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _run(command: Sequence[str], folder: Path) -> None:
    """Runs a server command as the server's user (``postgres`` when we are root) in ``folder``."""
    as_user = ["runuser", "-u", SERVER_USER, "--"] if os.geteuid() == 0 else []
    done = subprocess.run(
        [*as_user, *command], cwd=folder, capture_output=True, text=True, timeout=TIMEOUT_S, check=False
    )
    if done.returncode != 0:
        log = folder / "server.log"
        said = log.read_text() if log.is_file() else done.stderr or done.stdout
        last = " / ".join(said.strip().splitlines()[-3:])
        raise PostgresUnavailable(f"{Path(command[0]).name} failed in {folder}: {last}")


def _make_folder() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="tactica-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, SERVER_USER, SERVER_USER)
    return folder


def _pg_ctl(bin_folder: Path, folder: Path, *arguments: str) -> None:
    _run(
        [str(bin_folder / "pg_ctl"), "-D", str(folder / "data"), "-w", "-t", str(TIMEOUT_S), *arguments],
        folder,
    )


def _start(bin_folder: Path, folder: Path, port: int) -> None:
    initdb = [str(bin_folder / "initdb"), "-D", str(folder / "data"), "-U", SERVER_USER, "-A", "trust"]
    _run([*initdb, "-E", "UTF8", "--no-sync"], folder)
    options = [f"-c listen_addresses=127.0.0.1 -p {port} -k {folder}", *(f"-c {s}" for s in SETTINGS)]
    _pg_ctl(bin_folder, folder, "-l", str(folder / "server.log"), "-o", " ".join(options), "start")


@contextmanager
def temporary_postgres() -> Iterator[str]:
    """A server running for the block; yields its URL, ``postgresql+psycopg://postgres@127.0.0.1:PORT/postgres``."""
    bin_folder = postgres_bin()
    if bin_folder is None:
        raise PostgresUnavailable(f"no initdb/pg_ctl under {BIN_GLOB}: install Debian's postgresql package")
    folder, port = _make_folder(), free_port()
    try:
        _start(bin_folder, folder, port)
        try:
            yield f"postgresql+psycopg://{SERVER_USER}@127.0.0.1:{port}/postgres"
        finally:
            _pg_ctl(bin_folder, folder, "-m", "immediate", "stop")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def fresh_database(url: str) -> str:
    """Creates an empty database on the server of ``url`` and returns its URL (one per test)."""
    server = make_url(url)
    name = "t_" + secrets.token_hex(6)
    conninfo = server.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(conninfo, autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    return server.set(database=name).render_as_string(hide_password=False)
