"""Fixtures of the web table's tests: a store in a temporary SQLite file, the app on it in-process
(FastAPI's TestClient), and a table of the FuturePath duel with one seat per side."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tactica.engine import Action
from tactica.store import Store, TableRecord
from tactica.table.app import create_app
from tactica.table.service import TableService
from tactica.table.view import action_texts

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


def offered(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The actions a view offers (listed there by actor and verb), each read back as the engine reads it:
    ``{"text", "actor", "verb", "target", "at", "to", "using"}``."""
    return [_fields(Action.parse(text), text) for text in action_texts(view["actions"])]


def _fields(action: Action, text: str) -> dict[str, Any]:
    return {
        "text": text,
        "actor": action.actor,
        "verb": action.verb,
        "target": action.target,
        "at": list(action.at) if action.at is not None else None,
        "to": list(action.to) if action.to is not None else None,
        "using": action.using,
    }
