"""How the sim's local workers start (issue 12 point 7): never forked while this process runs another thread,
and the same rows whichever way they start."""

from __future__ import annotations

import _thread
import multiprocessing
import os
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from tactica.analysis.sim import run_fights
from tactica.analysis.workers import THREADS_DIR, os_threads, worker_context
from tactica.engine import TacticaError

DUEL = Path(__file__).resolve().parents[2] / "examples" / "futurepath" / "duel.yaml"
needs_thread_count = pytest.mark.skipif(not os.path.isdir(THREADS_DIR), reason="the OS does not list threads")


@pytest.fixture
def bare_thread() -> Iterator[None]:
    """A thread started outside the threading module (as pytest-xdist's execnet does), so
    ``threading.active_count()`` does not see it; it waits until the test ends."""
    lock = _thread.allocate_lock()
    lock.acquire()
    _thread.start_new_thread(lock.acquire, ())
    yield
    lock.release()


@needs_thread_count
def test_no_worker_is_forked_while_another_thread_runs(
    spec, serial_rows, bare_thread, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 12 point 7: a fork copies only the calling thread (a lock another thread holds stays held in the
    child), so workers are not forked from this process while another thread runs here, and Python 3.12+
    has no "multi-threaded, use of fork()" warning to give."""
    fork, threads_at_fork = os.fork, []

    def counting_fork() -> int:
        threads_at_fork.append(os_threads())
        return fork()

    monkeypatch.setattr(os, "fork", counting_fork)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        rows = run_fights(spec, 24, workers=2)
    assert [n for n in threads_at_fork if n != 1] == []
    assert [str(w.message) for w in caught if "fork" in str(w.message)] == []
    assert rows == serial_rows


@needs_thread_count
def test_workers_are_forked_from_a_process_with_one_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """Forking stays the way while it is safe: it starts workers in milliseconds (docs/performance.md)."""
    monkeypatch.setattr("tactica.analysis.workers.os_threads", lambda: 1)
    assert worker_context().get_start_method() == "fork"
    monkeypatch.setattr("tactica.analysis.workers.os_threads", lambda: 2)
    assert worker_context().get_start_method() == "forkserver"


#: Three runs in a row from a process with one thread (as a sweep does), printing the threads at each fork.
RUNS_IN_A_ROW = """
import os, sys
from tactica.analysis.sim import run_fights, sim_spec
from tactica.analysis.workers import os_threads
from tactica.scenario import load_scenario

fork, threads_at_fork = os.fork, []
def counting_fork():
    threads_at_fork.append(os_threads())
    return fork()
os.fork = counting_fork
spec = sim_spec(load_scenario(sys.argv[1]), seed=7)
for _ in range(3):
    run_fights(spec, 4, workers=2)
print(threads_at_fork)
"""


@needs_thread_count
def test_runs_in_a_row_each_fork_their_workers_from_one_thread() -> None:
    """Issue 12 point 7: the threads of a run's pool outlive their join by a few milliseconds (before Python
    3.13); the next run (a sweep's next cell) waits for them to go, then forks with no other thread alive."""
    done = subprocess.run(
        [sys.executable, "-c", RUNS_IN_A_ROW, str(DUEL)], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str([1] * 6)


@pytest.mark.parametrize("method", multiprocessing.get_all_start_methods())
def test_rows_are_the_same_whichever_way_workers_start(spec, serial_rows, method: str) -> None:
    """Issue 12 point 7: the rows depend only on the scenario, N and the seed, not on the start method."""
    assert run_fights(spec, 24, workers=2, start_method=method) == serial_rows


def test_an_unknown_start_method_is_refused(spec) -> None:
    with pytest.raises(TacticaError, match=r"start method 'thread': this platform offers .*spawn"):
        run_fights(spec, 2, workers=2, start_method="thread")
