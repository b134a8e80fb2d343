"""``make fuzz``: every target's cases spread over worker processes, with a watchdog, then a report.

Each worker caps its address space and runs chunks of cases (one seed each) under :func:`guard.run_one`. The
parent hands out chunks, and kills and replaces a worker whose input runs far over the time limit (a hang
the worker's own alarm could not break, e.g. inside C code) or that dies, counting that input as failed.
A worker whose peak memory passed the limit is replaced too (its peak would hide the next input's).
"""

from __future__ import annotations

import multiprocessing
import queue
import sys
import time
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from multiprocessing.sharedctypes import SynchronizedArray
from pathlib import Path
from typing import Any

from tactica.fuzz.guard import TIME_LIMIT, Verdict, cap_address_space

#: Cases per target in a full run (``--scale`` multiplies them). Targets that try several inputs per case
#: (an action at several points of one fight, several typed lines) count each input.
QUOTAS: Mapping[str, int] = {
    "dice": 40_000,
    "action-text": 4_000,
    "action-object": 3_000,
    "play": 2_500,
    "check": 1_500,
    "verify": 800,
    "fight": 600,
    "sim": 400,
    "odds": 600,
}
CONFORMANCE_FIGHTS = 1_000
#: Cases per chunk handed to a worker.
CHUNK = {"dice": 2_000, "action-text": 50, "action-object": 50, "play": 50}
DEFAULT_CHUNK = 20
#: A worker silent on one input this long (on the wall clock) is killed; its own alarm fires at TIME_LIMIT
#: seconds of CPU time, unless the input is stuck where Python cannot interrupt it.
KILL_AFTER = 12 * TIME_LIMIT
#: At most this many saved files per cause of failure and target.
SAVED_PER_CAUSE = 3
FAILURES = Path(".fuzz/failures")
#: Seconds between progress lines on stderr.
PROGRESS_EVERY = 60

Chunk = tuple[str, int, int]


def plan(quotas: Mapping[str, int], scale: float) -> list[Chunk]:
    """The chunks of a run, slow and fast targets interleaved so both workers finish together."""
    chunks: list[list[Chunk]] = []
    for name, total in quotas.items():
        size, count = CHUNK.get(name, DEFAULT_CHUNK), max(1, round(total * scale))
        chunks.append([(name, first, min(size, count - first)) for first in range(0, count, size)])
    longest = max(map(len, chunks))
    return [c[k] for k in range(longest) for c in chunks if k < len(c)]


def work(tasks: Any, results: Any, status: SynchronizedArray[float]) -> None:
    """A worker: run chunks until told to stop; report each chunk (and stop after a memory failure)."""
    from tactica.fuzz import TARGETS, run_target

    cap_address_space()
    names = list(TARGETS)
    while (task := tasks.get()) is not None:
        name, first, count = task
        tried, verdicts, done = 0, [], 0
        for seed in range(first, first + count):
            status[:] = [names.index(name), first, count, seed, time.monotonic()]
            inputs, verdict = run_target(name, seed)
            tried, done = tried + inputs, done + 1
            if verdict is not None:
                verdicts.append(verdict)
                if verdict.kind == "memory":
                    break
        status[4] = 0.0
        results.put((task, done, tried, verdicts))
        if verdicts and verdicts[-1].kind == "memory":
            return


@dataclass
class Tally:
    """Inputs tried per target, and the failures found."""

    tried: Counter[str] = field(default_factory=Counter)
    verdicts: list[Verdict] = field(default_factory=list)

    def add(self, name: str, tried: int, verdicts: Iterable[Verdict]) -> None:
        self.tried[name] += tried
        self.verdicts += verdicts


class Pool:
    """Worker processes fed from one task queue, watched by the parent."""

    def __init__(self, workers: int) -> None:
        self.context = multiprocessing.get_context("spawn")
        self.tasks = self.context.Queue()
        self.results = self.context.Queue()
        self.procs: list[tuple[Any, SynchronizedArray[float]]] = [self.start() for _ in range(workers)]

    def start(self) -> tuple[Any, SynchronizedArray[float]]:
        status = self.context.Array("d", 5)
        proc = self.context.Process(target=work, args=(self.tasks, self.results, status), daemon=True)
        proc.start()
        return proc, status

    def run(self, chunks: list[Chunk], tally: Tally, names: list[str], minutes: float) -> bool:
        """Run every chunk, or those begun within ``minutes`` (False when some were left out). Lost inputs
        (a killed or dead worker) count as failures; the rest of their chunk is re-queued."""
        for chunk in chunks:
            self.tasks.put(chunk)
        pending, shown = len(chunks), time.monotonic()
        deadline, complete = shown + 60 * minutes, True
        while pending:
            if complete and time.monotonic() > deadline:
                left = self.drain()
                pending, complete = pending - left, left == 0
            if time.monotonic() - shown > PROGRESS_EVERY:
                shown = time.monotonic()
                so_far = sum(tally.tried.values())
                print(f"fuzz: {so_far:,} inputs tried, {pending} chunks to go", file=sys.stderr)
            try:
                (name, first, count), done, tried, verdicts = self.results.get(timeout=1.0)
            except queue.Empty:
                pending += self.watch(tally, names)
                continue
            tally.add(name, tried, verdicts)
            pending -= 1
            if done < count:
                self.tasks.put((name, first + done, count - done))
                pending += 1
                self.replace_finished()
        for _ in self.procs:
            self.tasks.put(None)
        for proc, _status in self.procs:
            proc.join()
        return complete

    def drain(self) -> int:
        """Take every chunk not begun off the queue; how many there were."""
        taken = 0
        while True:
            try:
                self.tasks.get(timeout=0.5)
            except queue.Empty:
                return taken
            taken += 1

    def watch(self, tally: Tally, names: list[str]) -> int:
        """Kill stuck workers and replace dead ones; re-queue the rest of their chunk. Chunks added."""
        added = 0
        for k, (proc, status) in enumerate(self.procs):
            target, first, count, seed, started = status[:]
            stuck = started and time.monotonic() - started > KILL_AFTER
            if proc.is_alive() and not stuck:
                continue
            if proc.is_alive():
                proc.kill()
            proc.join()
            self.procs[k] = self.start()
            if not started:
                continue
            name, seed = names[int(target)], int(seed)
            kind = "hang" if stuck else "crash"
            detail = f"killed after {KILL_AFTER:g} s" if stuck else f"worker died ({proc.exitcode})"
            tally.add(name, 1, [Verdict(name, seed, kind, f"{kind} (worker)", detail)])
            rest = int(first + count) - seed - 1
            if rest > 0:
                self.tasks.put((name, seed + 1, rest))
                added += 1
            added -= 1
        return added

    def replace_finished(self) -> None:
        """Start a worker in place of each that stopped by itself (after a memory failure)."""
        for k, (proc, _status) in enumerate(self.procs):
            if not proc.is_alive():
                proc.join()
                self.procs[k] = self.start()
