"""How the sim's local worker processes start: forked from this process only while it runs no other thread,
else forked from a clean server process that has imported tactica (``forkserver``), else spawned.

A fork copies only the thread that calls it: a lock that another thread held at that moment stays held in the
child for ever. ``threading.active_count()`` cannot tell whether it is safe, as it misses the threads started
outside the ``threading`` module (pytest-xdist's execnet, OpenBLAS once numpy is imported), so the threads are
counted by the operating system, which is what Python 3.12+ checks before warning about such a fork.

>>> worker_context("spawn").get_start_method()
'spawn'
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.context
import os
import time

from tactica.engine import TacticaError

#: What the fork server imports once, so that every worker forked from it starts with them loaded: the main
#: script (else each worker would run it again) and tactica's simulation code with every built-in system.
PRELOAD = ["__main__", "tactica.analysis.preload"]
#: Where Linux lists a process's threads (one entry each).
THREADS_DIR = "/proc/self/task"
#: Seconds that threads which are ending get to leave before workers are started another way than fork: the
#: threads of the previous run's pool outlive their join by a few milliseconds before Python 3.13 (a sweep).
THREAD_GRACE = 0.1


def worker_context(method: str | None = None) -> multiprocessing.context.BaseContext:
    """The multiprocessing context that starts workers by ``method``, by default the safe one."""
    method = method or safe_start_method()
    methods = multiprocessing.get_all_start_methods()
    if method not in methods:
        raise TacticaError(f"start method {method!r}: this platform offers {', '.join(methods)}")
    context = multiprocessing.get_context(method)
    if method == "forkserver":
        context.set_forkserver_preload(PRELOAD)
    return context


def safe_start_method() -> str:
    """``fork`` (the fastest) while this process has one thread, else ``forkserver``, else ``spawn``."""
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and is_single_threaded():
        return "fork"
    return "forkserver" if "forkserver" in methods else "spawn"


def is_single_threaded(grace: float = THREAD_GRACE) -> bool:
    """Whether this process runs one thread, once threads that are ending have had ``grace`` seconds to go."""
    deadline = time.monotonic() + grace
    while (threads := os_threads()) > 1 and time.monotonic() < deadline:
        time.sleep(0.001)
    return threads == 1


def os_threads() -> int:
    """The threads this process runs, as the operating system counts them; 0 where it cannot say."""
    try:
        return len(os.listdir(THREADS_DIR))
    except OSError:
        return 0
