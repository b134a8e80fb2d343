"""Issue 13 point 5 (Persistence) and point 3 (Live): a table's log is append-only, numbered 1, 2, 3, ...;
an append acting on a seq that is not the last one is refused (StaleSeq) and writes nothing; of two
appends racing on the same seq exactly one is written; every entry is committed before append returns."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import create_engine, insert

from tactica.store import LogEntry, StaleSeq, Store, StoreError
from tactica.store.schema import log

from .conftest import new_table


def act(store: Store, table_id: str, after: int, text: str = "vex wait") -> LogEntry:
    return store.append(table_id, after=after, kind="action", text=text, seat="Alice", faces=[after])


def test_the_log_reads_back_in_seq_order(store: Store) -> None:
    """Issue 13 point 5: entries come back in seq order with their kind, text, seat (None = the GM),
    dice faces and UTC time; last_seq follows."""
    table_id = new_table(store)
    written = [
        store.append(table_id, after=0, kind="action", text="vex move @3,4", seat="Alice", faces=[]),
        store.append(table_id, after=1, kind="action", text="rook attack vex", seat=None, faces=[17, 4]),
        store.append(table_id, after=2, kind="undo", text="", seat=None, faces=[]),
    ]
    assert [entry.seq for entry in written] == [1, 2, 3]
    assert store.log(table_id) == written
    assert written[1] == LogEntry(table_id, 2, "action", "rook attack vex", None, [17, 4], written[1].at)
    assert abs(written[1].at - datetime.now(UTC)) < timedelta(minutes=1)
    assert store.table(table_id).last_seq == 3
    assert store.log(new_table(store)) == []


def test_a_stale_append_is_refused_and_writes_nothing(store: Store) -> None:
    """Issue 13 point 3: "a stale action is refused with the reason; nothing is applied twice" — the
    refusal carries the table's current seq."""
    table_id = new_table(store)
    act(store, table_id, 0)
    act(store, table_id, 1)
    with pytest.raises(StaleSeq, match=r"^stale: the table moved on to seq 2$") as behind:
        act(store, table_id, 1, "vex attack rook")
    assert behind.value.seq == 2
    with pytest.raises(StaleSeq, match=r"^stale: seq 7 is ahead of the table, which is at seq 2$") as ahead:
        act(store, table_id, 7)
    assert ahead.value.seq == 2
    assert [entry.seq for entry in store.log(table_id)] == [1, 2]


def test_logs_of_two_tables_count_apart(store: Store) -> None:
    """Issue 13 point 5: seq is per table."""
    first, second = new_table(store), new_table(store)
    act(store, first, 0)
    assert act(store, second, 0).seq == 1
    assert act(store, first, 1).seq == 2


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"kind": "redo"}, r"^kind: 'redo' is not one of action, undo$"),
        ({"faces": [3, "6"]}, r"^faces: expected a list of whole numbers, got \[3, '6'\]$"),
        ({"faces": [True]}, r"^faces: expected a list of whole numbers"),
        ({"after": -1}, r"^after: -1 is not a seq"),
        ({"seat": 3}, r"^seat: expected a seat name or None \(the GM\), got 3$"),
        ({"text": None}, r"^text: expected the entry's text, got NoneType$"),
    ],
)
def test_a_bad_entry_is_one_line_and_writes_nothing(
    store: Store, changes: dict[str, object], message: str
) -> None:
    """House rule: bad input never produces a traceback and never changes state."""
    table_id = new_table(store)
    entry: dict[str, object] = {"after": 0, "kind": "action", "text": "vex wait", "seat": None, "faces": []}
    with pytest.raises(StoreError, match=message):
        store.append(table_id, **entry | changes)
    assert store.log(table_id) == []


def test_two_servers_racing_on_one_seq_write_it_once(store_url: str) -> None:
    """Issue 13 point 3: "when two clients act at once ... nothing is applied twice" — two stores (two
    servers) append on the same seq at the same moment, 25 times: each time exactly one is written and the
    other gets StaleSeq carrying the winner's seq."""
    stores = {"a": Store(store_url), "b": Store(store_url)}
    table_id = new_table(stores["a"])
    start = threading.Barrier(2)
    outcomes: dict[str, list[int | str]] = {"a": [], "b": []}

    def race(name: str) -> None:
        for after in range(25):
            start.wait(timeout=30)
            try:
                outcomes[name].append(act(stores[name], table_id, after, name).seq)
            except StoreError as refused:  # StaleSeq is one
                outcomes[name].append(str(refused))
            start.wait(timeout=30)

    racers = [threading.Thread(target=race, args=(name,)) for name in stores]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join(timeout=120)
    winners = []
    for seq, pair in enumerate(zip(outcomes["a"], outcomes["b"], strict=True), start=1):
        assert set(pair) == {seq, f"stale: the table moved on to seq {seq}"}, pair
        winners.append("a" if pair[0] == seq else "b")
    assert len(winners) == 25
    assert [(entry.seq, entry.text) for entry in stores["a"].log(table_id)] == list(
        enumerate(winners, start=1)
    )
    for store in stores.values():
        store.close()


def test_an_append_waits_for_a_concurrent_writer_and_then_is_stale(store: Store, store_url: str) -> None:
    """Issue 13 point 5: another writer holding seq 1 uncommitted makes the append wait (SQLite's busy
    timeout, PostgreSQL's unique key); when that writer commits, the append is StaleSeq(1) — on
    PostgreSQL this is the unique-key violation turned into StaleSeq — and the log holds the other's entry."""
    table_id = new_table(store)
    other = create_engine(store_url)
    outcome: list[BaseException | LogEntry] = []

    def append() -> None:
        try:
            outcome.append(act(store, table_id, 0, "mine"))
        except BaseException as error:
            outcome.append(error)

    theirs = {"table_id": table_id, "seq": 1, "kind": "action", "text": "theirs", "seat": None}
    with other.connect() as connection:
        connection.execute(insert(log), [theirs | {"faces": [], "at": datetime.now(UTC)}])
        waiting = threading.Thread(target=append)
        waiting.start()
        time.sleep(0.5)
        assert waiting.is_alive() and outcome == []
        connection.commit()
    waiting.join(timeout=30)
    other.dispose()
    assert len(outcome) == 1 and isinstance(outcome[0], StaleSeq) and outcome[0].seq == 1
    assert [entry.text for entry in store.log(table_id)] == ["theirs"]


def test_a_reopened_store_keeps_everything(store_url: str) -> None:
    """Issue 13 point 5: "after kill -9 of the server at any moment and a restart, no acknowledged action
    is lost" — every append is committed when it returns; a table of 1,000 entries reopens whole."""
    first = Store(store_url)
    table_id = new_table(first)
    first.set_seats(table_id, {"Alice": ["vex"], "Dan": ["rook"]})
    for after in range(1_000):
        act(first, table_id, after, f"vex move @{after},0")
    table, entries = first.table(table_id), first.log(table_id)
    first.close()
    with Store(store_url) as reopened:
        assert reopened.table(table_id) == table
        assert reopened.log(table_id) == entries
        assert table.last_seq == 1_000 and entries[-1].text == "vex move @999,0"


APPENDER = """
import sys
from tactica.store import Store
store = Store(sys.argv[1])
for after in range(100_000):
    store.append(sys.argv[2], after=after, kind="action", text="vex wait", seat=None, faces=[after])
    print(after + 1, flush=True)
"""


def test_kill_9_loses_no_acknowledged_append(store_url: str) -> None:
    """Issue 13 point 5: "after kill -9 of the server at any moment and a restart, no acknowledged action
    is lost" — a process appending as fast as it can is killed after its 30th acknowledgement; the
    reopened log holds every acknowledged entry, numbered without a gap."""
    with Store(store_url) as store:
        table_id = new_table(store)
    appender = subprocess.Popen([sys.executable, "-c", APPENDER, store_url, table_id], stdout=subprocess.PIPE)
    assert appender.stdout is not None
    acknowledged = [int(appender.stdout.readline()) for _ in range(30)]
    os.kill(appender.pid, signal.SIGKILL)
    acknowledged += [int(line) for line in appender.stdout.read().split()]
    appender.wait(timeout=30)
    with Store(store_url) as reopened:
        seqs = [entry.seq for entry in reopened.log(table_id)]
    assert seqs == list(range(1, len(seqs) + 1))
    assert acknowledged == seqs[: len(acknowledged)] and len(seqs) >= 30
