"""The web table's benchmark (issue 13): Python's full garbage collections, which stop the server for
100-300 ms when it holds many live fights, run when the server is idle, or at the latest ``most`` seconds
after the last one (tactica.table.collector)."""

from __future__ import annotations

import asyncio
import gc

from fastapi.testclient import TestClient

from tactica.store import Store
from tactica.table.app import create_app
from tactica.table.collector import NEVER, YOUNG_COLLECTIONS, QuietCollector


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_full_collection_waits_for_a_quiet_moment() -> None:
    clock = Clock()
    collector = QuietCollector(quiet=0.3, most=30.0, clock=clock)
    assert not collector.due(YOUNG_COLLECTIONS - 1)  # Python would not collect yet either
    collector.busy()
    clock.now += 5
    assert not collector.due(YOUNG_COLLECTIONS)  # a request is being answered
    collector.done()
    clock.now += 0.1
    assert not collector.due(YOUNG_COLLECTIONS)  # the last answer went 0.1 s ago
    clock.now += 0.3
    assert collector.due(YOUNG_COLLECTIONS)


def test_a_server_never_idle_still_collects() -> None:
    clock = Clock()
    collector = QuietCollector(quiet=0.3, most=30.0, clock=clock)
    for tenth in range(1, 291):  # a message every 0.1 s for 29 s
        clock.now = 100 + tenth / 10
        collector.touched()
        assert not collector.due(YOUNG_COLLECTIONS)
    clock.now = 130.0
    collector.touched()
    assert collector.due(YOUNG_COLLECTIONS)


def test_the_server_takes_over_full_collections_while_it_runs_and_gives_them_back(store: Store) -> None:
    before = gc.get_threshold()
    collector = QuietCollector(quiet=0.0, every=0.01)
    with TestClient(create_app(store, collector=collector)) as client:
        assert gc.get_threshold()[2] == NEVER
        assert client.get("/healthz").status_code == 200
        for _ in range(
            YOUNG_COLLECTIONS + 2
        ):  # objects that live long enough for a full collection to be due
            kept = [[] for _ in range(20_000)]
            del kept
        client.portal.call(asyncio.sleep, 0.2)  # type: ignore[union-attr]
        assert collector.collections >= 1
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0
