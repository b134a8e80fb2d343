"""The web table under load (issue 13): a real ``tactica serve`` process on loopback, websocket clients.

- *crowd*: 50 clients on one table (the GM acts, 49 watch); every client must see every change once.
- *tables*: 20 tables at once, each with an acting GM and a watching player.
- *reopen*: a table with 1,000 recorded actions, opened by a fresh server process (replay from the log).

Actions alternate with undo when a fight ends, so a table never runs out of actions. Printed: actions in
all, lost or duplicated views, p50 and p95 of an action's round trip (sent to acknowledged), per database.
Run by ``make bench`` (``.venv/bin/python benchmarks/table.py``); ``--quick`` is the smoke test's size.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

from tactica.store import Store
from tactica.table.service import TableService
from tactica.testing.server import TableServer

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "examples" / "futurepath" / "skirmish.yaml"


@dataclass
class Tally:
    """Round trips of acknowledged actions, and the views each watcher saw."""

    trips: list[float] = field(default_factory=list)
    seen: dict[str, list[int]] = field(default_factory=dict)
    refused: int = 0

    def lost_or_doubled(self, last: dict[str, int]) -> int:
        """Views missing or repeated: each watcher of table T must see seqs 1..last[T] exactly once."""
        wrong = 0
        for watcher, seqs in self.seen.items():
            table = watcher.split("/")[0]
            wrong += len(set(range(1, last[table] + 1)) ^ set(seqs)) + len(seqs) - len(set(seqs))
        return wrong


@contextmanager
def server(db: str) -> Iterator[str]:
    """``tactica serve`` on a free port until the block ends; yields its URL."""
    with TableServer(db) as running:
        yield running.url


async def watch(
    url: str, table: str, key: str, name: str, tally: Tally, ready: asyncio.Event, done: asyncio.Event
) -> None:
    """A client that only watches: records the seq of every view pushed to it."""
    async with websockets.connect(_ws(url, table), max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "key": key}))
        json.loads(await ws.recv())
        seqs = tally.seen.setdefault(f"{table}/{name}", [])
        ready.set()
        while not done.is_set():
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
            except TimeoutError:
                continue
            if message["type"] == "view":
                seqs.append(message["view"]["seq"])


async def play(url: str, table: str, key: str, actions: int, tally: Tally) -> int:
    """The GM acts ``actions`` times (undoing when the fight is over); returns the table's last seq."""
    async with websockets.connect(_ws(url, table), max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "key": key}))
        view = json.loads(await ws.recv())["view"]
        for _ in range(actions):
            message = {"type": "undo", "seq": view["seq"]}
            if view["actions"] and not view["over"]:
                message = {"type": "act", "seq": view["seq"], "action": view["actions"][0]["text"]}
            sent = time.perf_counter()
            await ws.send(json.dumps(message))
            view = await _until_view(ws, tally, sent)
        return int(view["seq"])


async def _until_view(ws: Any, tally: Tally, sent: float) -> dict[str, Any]:
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == "ack":
            tally.trips.append(time.perf_counter() - sent)
        elif message["type"] == "error":
            tally.refused += 1
        elif message["type"] == "view":
            return dict(message["view"])


def _ws(url: str, table: str) -> str:
    return url.replace("http://", "ws://") + f"/ws/t/{table}"


async def crowd(
    url: str, records: list[Any], watchers: int, actions_each: int
) -> tuple[Tally, dict[str, int]]:
    """Each table: ``watchers`` watching clients and one acting GM."""
    tally, done = Tally(), asyncio.Event()
    readies = []
    watching = []
    for record in records:
        seats = [s.secret for s in record.seats.values()]
        for k in range(watchers):
            ready = asyncio.Event()
            readies.append(ready)
            key = seats[k % len(seats)] if k % 3 else record.gm_secret
            watching.append(asyncio.create_task(watch(url, record.id, key, f"w{k}", tally, ready, done)))
    await asyncio.gather(*(r.wait() for r in readies))
    lasts = await asyncio.gather(*(play(url, r.id, r.gm_secret, actions_each, tally) for r in records))
    await asyncio.sleep(1.0)
    done.set()
    await asyncio.gather(*watching)
    return tally, {r.id: last for r, last in zip(records, lasts, strict=True)}


def report(name: str, tally: Tally, last: dict[str, int]) -> None:
    trips = sorted(tally.trips)
    p50 = statistics.median(trips) * 1000
    p95 = trips[min(len(trips) - 1, int(0.95 * len(trips)))] * 1000
    wrong = tally.lost_or_doubled(last)
    print(
        f"  {name:<34} {len(trips):>5} actions  lost/duplicated {wrong}  p50 {p50:6.1f} ms  p95 {p95:6.1f} ms"
    )


def reopen(db: str, actions: int) -> None:
    """Open a table of ``actions`` recorded actions in a fresh server; time the first view."""
    store = Store(db)
    service = TableService(store)
    record = service.create(SCENARIO.read_text(), "skirmish.yaml")
    seq = 0
    for _ in range(actions):
        view = service.view(record.id, record.gm_secret)
        if view["actions"] and not view["over"]:
            seq = service.act(record.id, record.gm_secret, seq, view["actions"][0]["text"])["seq"]
        else:
            seq = service.undo(record.id, record.gm_secret, seq)["seq"]
    with server(db) as url:
        started = time.perf_counter()
        httpx.get(
            f"{url}/api/t/{record.id}/view", headers={"X-Table-Key": record.gm_secret}, timeout=60
        ).raise_for_status()
        took = time.perf_counter() - started
    print(
        f"  {'reopen a table of ' + str(actions) + ' actions':<34} first view after a restart in {took:.2f} s"
    )
    store.close()


def bench(db: str, label: str, *, quick: bool) -> None:
    store = Store(db)
    service = TableService(store)
    one = [service.create(SCENARIO.read_text(), "skirmish.yaml")]
    many = [service.create(SCENARIO.read_text(), "skirmish.yaml") for _ in range(4 if quick else 20)]
    print(f"{label}:")
    with server(db) as url:
        tally, last = asyncio.run(crowd(url, one, 5 if quick else 49, 20 if quick else 1000))
        report(f"1 table, GM + {5 if quick else 49} watchers", tally, last)
        tally, last = asyncio.run(crowd(url, many, 1, 10 if quick else 50))
        report(f"{len(many)} tables at once, GM + 1 watcher", tally, last)
    reopen(db, 50 if quick else 1000)
    store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few actions (the smoke test's size)")
    parser.add_argument("--no-postgres", action="store_true", help="SQLite only")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        bench(f"sqlite:///{folder}/tables.db", "SQLite", quick=args.quick)
    if not args.no_postgres:
        from tactica.testing.postgres import temporary_postgres

        with temporary_postgres() as url:
            bench(url, "PostgreSQL", quick=args.quick)


if __name__ == "__main__":
    main()
