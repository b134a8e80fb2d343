"""The store's tests run on both backends: a SQLite file and a fresh database on the test PostgreSQL."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tactica.store import Store
from tactica.testing.postgres import fresh_database

SHM = Path("/dev/shm")


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    """A scratch folder in memory where there is one (SQLite's fsync per commit costs ~4 ms on disk)."""
    if not SHM.is_dir():
        yield tmp_path
        return
    with tempfile.TemporaryDirectory(dir=SHM, prefix="tactica-store-") as name:
        yield Path(name)


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, folder: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{folder / 'tables.db'}"
    return fresh_database(request.getfixturevalue("postgres_url"))


@pytest.fixture
def store(store_url: str) -> Iterator[Store]:
    with Store(store_url) as opened:
        yield opened


def new_table(store: Store, **changes: object) -> str:
    """A table with two seats; ``changes`` override the arguments. Returns its id."""
    arguments: dict[str, object] = {
        "name": "Ambush at the ford",
        "system": "futurepath",
        "scenario_text": "system: futurepath\n",
        "scenario_file": "ambush.yaml",
        "seed": 7,
        "seats": {"Bob": ["rook"], "Alice": ["vex", "kit"]},
        "settings": {"hidden": ["kit"], "harm": "exact"},
    }
    return store.create_table(**arguments | changes).id
