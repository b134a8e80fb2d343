"""The web table under load (issue 13): a real ``tactica serve`` process on loopback, websocket clients.

- *crowd*: 50 clients on one table (the GM acts, 49 watch); every client must see every change once.
- *tables*: 20 tables at once, each with an acting GM and a watching player.
- *reopen*: a table with 1,000 recorded actions, opened by a fresh server process (replay from the log).

Actions alternate with undo when a fight ends, so a table never runs out of actions. Printed: actions in
all, lost or duplicated views, p50 and p95 of an action's round trip (sent to acknowledged), per database.
After its first view a client is sent patches (``tactica.table.wire``): the GM applies them; a watcher
reads each message's type and seq from its head and parses only its last message whole, so that the
server, not this process, is what is measured on a 2-core machine. Run by ``make bench``
(``.venv/bin/python benchmarks/table.py``); ``--quick`` is the smoke test's size.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

from tactica.store import Store
from tactica.table.service import TableService
from tactica.table.view import action_texts
from tactica.table.wire import apply_patch
from tactica.testing.server import TableServer

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "examples" / "futurepath" / "skirmish.yaml"
#: The top-level ``type`` and ``seq`` of a view or patch message, read from its head (in a view ``seq``
#: follows ``table`` and ``you``, a few hundred characters in; in a patch it comes first).
HEAD = re.compile(r'^\{"type": "(\w+)"(?:.{0,2000}?"seq": (\d+))?', re.DOTALL)


@dataclass(frozen=True)
class Sizes:
    """How much each part does."""

    watchers: int  # watchers of the crowded table (with its GM: the clients on it)
    crowd_actions: int
    tables: int
    table_actions: int  # per table
    reopen_actions: int
    think: float  # seconds each GM of the many tables waits, on average, before its next action


FULL = Sizes(watchers=49, crowd_actions=1000, tables=20, table_actions=50, reopen_actions=1000, think=1.0)
QUICK = Sizes(watchers=5, crowd_actions=20, tables=4, table_actions=10, reopen_actions=50, think=0.05)


@dataclass
class Tally:
    """Round trips of acknowledged actions, and the views each watcher saw."""

    trips: list[float] = field(default_factory=list)
    seen: dict[str, list[int]] = field(default_factory=dict)
    refused: int = 0
    seconds: float = 0.0  # from the first action to the last view

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
        last = json.loads(await ws.recv())
        seqs = tally.seen.setdefault(f"{table}/{name}", [])
        ready.set()
        while not done.is_set():
            try:
                text = await asyncio.wait_for(ws.recv(), 0.5)
            except TimeoutError:
                continue
            head = HEAD.match(text)
            if head is None or head[1] not in ("view", "patch"):
                raise AssertionError(f"a watcher got {text[:200]!r}")
            seqs.append(int(head[2]))
            last = text
        message = json.loads(last)
        if seqs and message.get("seq", message.get("view", {}).get("seq")) != seqs[-1]:
            raise AssertionError(f"a watcher's last message is not of seq {seqs[-1]}")


async def play(url: str, table: str, key: str, actions: int, tally: Tally, think: float) -> int:
    """The GM acts ``actions`` times (undoing when the fight is over), each ``think`` seconds (0.5 to 1.5
    times that, at random) after its view of the last one; returns the table's last seq."""
    pause = random.Random(table)
    async with websockets.connect(_ws(url, table), max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "key": key}))
        view = json.loads(await ws.recv())["view"]
        for _ in range(actions):
            await asyncio.sleep(think * pause.uniform(0.5, 1.5))
            message = {"type": "undo", "seq": view["seq"]}
            if view["actions"] and not view["over"]:
                message = {"type": "act", "seq": view["seq"], "action": action_texts(view["actions"])[0]}
            sent = time.perf_counter()
            await ws.send(json.dumps(message))
            view = await _until_view(ws, tally, sent, view)
        return int(view["seq"])


async def _until_view(ws: Any, tally: Tally, sent: float, view: dict[str, Any]) -> dict[str, Any]:
    """The view after the change just sent (patched onto ``view``)."""
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == "ack":
            tally.trips.append(time.perf_counter() - sent)
        elif message["type"] == "error":
            tally.refused += 1
        elif message["type"] == "view":
            return dict(message["view"])
        elif message["type"] == "patch":
            return apply_patch(view, message["patch"])


def _ws(url: str, table: str) -> str:
    return url.replace("http://", "ws://") + f"/ws/t/{table}"


async def crowd(
    url: str, records: list[Any], watchers: int, actions_each: int, think: float = 0.0
) -> tuple[Tally, dict[str, int]]:
    """Each table: ``watchers`` watching clients and one acting GM (who thinks ``think`` s a turn)."""
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
    started = time.perf_counter()
    lasts = await asyncio.gather(*(play(url, r.id, r.gm_secret, actions_each, tally, think) for r in records))
    tally.seconds = time.perf_counter() - started
    await asyncio.sleep(1.0)
    done.set()
    await asyncio.gather(*watching)
    return tally, {r.id: last for r, last in zip(records, lasts, strict=True)}


def report(name: str, tally: Tally, last: dict[str, int]) -> None:
    trips = sorted(tally.trips)
    p50 = statistics.median(trips) * 1000
    p95 = trips[min(len(trips) - 1, int(0.95 * len(trips)))] * 1000
    wrong = tally.lost_or_doubled(last)
    rate = len(trips) / tally.seconds if tally.seconds else 0.0
    print(
        f"  {name:<50} {len(trips):>5} actions ({rate:5.1f}/s)  lost/duplicated {wrong}"
        f"  p50 {p50:6.1f} ms  p95 {p95:6.1f} ms",
        flush=True,
    )


def reopen(db: str, actions: int) -> float:
    """Open a table of ``actions`` recorded actions in a fresh server; the seconds its first view took."""
    with Store(db) as store:
        service = TableService(store)
        record = service.create(SCENARIO.read_text(), "skirmish.yaml")
        seq = 0
        for _ in range(actions):
            fight = service.live(record.id).fight
            if fight.is_over():
                seq = service.undo(record.id, record.gm_secret, seq)["seq"]
            else:
                seq = service.act(record.id, record.gm_secret, seq, str(fight.legal_actions()[0]))["seq"]
    with TableServer(db) as running:
        started = time.perf_counter()
        running.view(record.id, record.gm_secret)
        return time.perf_counter() - started


def bench(db: str, label: str, sizes: Sizes) -> list[tuple[str, Tally, dict[str, int]]]:
    """Every part on one database; prints the figures and returns the crowd's and the tables' tallies."""
    with Store(db) as store:
        service = TableService(store)
        one = [service.create(SCENARIO.read_text(), "skirmish.yaml")]
        many = [service.create(SCENARIO.read_text(), "skirmish.yaml") for _ in range(sizes.tables)]
    print(f"{label}:", flush=True)
    runs = []
    with server(db) as url:
        tally, last = asyncio.run(crowd(url, one, sizes.watchers, sizes.crowd_actions))
        runs.append((f"1 table, GM + {sizes.watchers} watchers, no pause", tally, last))
        report(*runs[-1])
        tally, last = asyncio.run(crowd(url, many, 1, sizes.table_actions, sizes.think))
        runs.append((f"{len(many)} tables at once, GM + 1 watcher, ~{sizes.think:g} s a turn", tally, last))
        report(*runs[-1])
    took = reopen(db, sizes.reopen_actions)
    name = f"reopen a table of {sizes.reopen_actions} actions"
    print(f"  {name:<50} first view after a restart in {took:.2f} s", flush=True)
    return runs


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few actions (the smoke test's size)")
    parser.add_argument("--no-postgres", action="store_true", help="SQLite only")
    args = parser.parse_args(argv)
    sizes = QUICK if args.quick else FULL
    with tempfile.TemporaryDirectory() as folder:
        bench(f"sqlite:///{folder}/tables.db", "SQLite", sizes)
    if not args.no_postgres:
        from tactica.testing.postgres import temporary_postgres

        with temporary_postgres() as url:
            bench(url, "PostgreSQL", sizes)


if __name__ == "__main__":
    main()
