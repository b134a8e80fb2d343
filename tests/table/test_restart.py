"""Issue 13 point 5: an action is committed before it is acknowledged. A real server (``tactica serve`` in
its own process) is killed with SIGKILL while a client keeps acting; after a restart every acknowledged
action is there, and the table resumes identically (the view rebuilt by replay equals the view a fresh
replay gives). Run on SQLite and on PostgreSQL (a throwaway server the tests start)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tactica.store import Store
from tactica.table.service import TableService
from tactica.testing.server import TableServer
from tests.table.conftest import DUEL, offered

SKIRMISH = Path(__file__).resolve().parents[2] / "examples" / "futurepath" / "skirmish.yaml"


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tables.db'}"
    else:
        yield request.getfixturevalue("postgres_url")


def acknowledged_actions(server: TableServer, table: str, key: str, until: float) -> list[int]:
    """Act as fast as the server answers until it dies (or ``until``); the seqs it acknowledged."""
    acked: list[int] = []
    with httpx.Client(base_url=server.url, headers={"X-Table-Key": key}, timeout=5) as client:
        while time.monotonic() < until:
            try:
                view = client.get(f"/api/t/{table}/view").json()
                if view["over"] or not offered(view):
                    break
                done = client.post(
                    f"/api/t/{table}/act", json={"seq": view["seq"], "action": offered(view)[0]["text"]}
                )
            except (httpx.TransportError, ValueError):
                break
            if done.status_code == 200:
                acked.append(done.json()["seq"])
    return acked


def test_no_acknowledged_action_is_lost_to_kill_9(database: str) -> None:
    store = Store(database)
    record = TableService(store).create(SKIRMISH.read_text(), "skirmish.yaml")
    server = TableServer(database)
    acked: list[int] = []
    try:
        for delay in (0.4, 0.9):
            server.start()
            server.view(record.id, record.gm_secret)  # the table is live in the server: kill it mid-play
            killer = subprocess.Popen(["sh", "-c", f"sleep {delay}; kill -9 {server.pid}"])
            acked += acknowledged_actions(server, record.id, record.gm_secret, time.monotonic() + 10)
            killer.wait()
            server.wait()
        assert acked, "the server acknowledged nothing before it was killed"
        stored = [entry.seq for entry in Store(database).log(record.id)]
        assert set(acked) <= set(stored)
        assert stored == list(range(1, len(stored) + 1))
        server.start()
        resumed = server.view(record.id, record.gm_secret)
        assert resumed == TableService(Store(database)).view(record.id, record.gm_secret)
        assert resumed["seq"] == stored[-1]
    finally:
        server.kill()
        store.close()


def test_table_create_prints_links(tmp_path: Path) -> None:
    """Issue 13 point 1: ``tactica table create FILE --json`` prints the table, the GM's link, one per seat."""
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    done = subprocess.run(
        [sys.executable, "-m", "tactica", "table", "create", str(DUEL), "--db", db, "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    data: dict[str, Any] = json.loads(done.stdout)
    assert set(data) == {"table", "gm_url", "player_urls"}
    assert set(data["player_urls"]) == {"red", "blue"}
    record = Store(db).table(data["table"])
    assert data["gm_url"].endswith(f"/t/{record.id}#k={record.gm_secret}")
