"""Fixtures of the web table's tests: a store in a temporary SQLite file, the app on it in-process
(FastAPI's TestClient), and a table of the FuturePath duel with one seat per side."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tactica.store import Store, TableRecord
from tactica.table.app import create_app
from tactica.table.service import TableService

ROOT = Path(__file__).resolve().parents[2]
DUEL = ROOT / "examples" / "futurepath" / "duel.yaml"
HOST_KEY = "host-key-for-tests"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    yield opened
    opened.close()


@pytest.fixture
def service(store: Store) -> TableService:
    return TableService(store)


@pytest.fixture
def duel(service: TableService) -> TableRecord:
    """The duel (ada, red; bo, blue), seats 'red' and 'blue'."""
    return service.create(DUEL.read_text(encoding="utf-8"), "duel.yaml")


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    with TestClient(create_app(store, host_key=HOST_KEY)) as test_client:
        yield test_client


def keys(record: TableRecord) -> dict[str, str]:
    """The GM's key and each seat's."""
    return {"gm": record.gm_secret, **{name: seat.secret for name, seat in record.seats.items()}}
