"""A kernel run cut into batches of :data:`BATCH` fights, each on its own generator seeded from the run's
seed and the batch's number: the results depend only on the scenario, the number of fights and the seed,
never on how many workers played the batches.

>>> batch_sizes(150_000)
[65536, 65536, 18928]
"""

from __future__ import annotations

import gc
import hashlib
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

from tactica.analysis.kernels.base import Kernel, Outcomes, joined
from tactica.analysis.kernels.counts import Counts, total
from tactica.analysis.sim import SimSpec, game_of
from tactica.analysis.workers import worker_context

#: Fights per batch: large enough that NumPy's per-call cost vanishes, small enough to share among workers
#: and to keep a batch's arrays in the processor's caches.
BATCH = 1 << 16

Progress = Callable[[int], None]
T = TypeVar("T")


def batch_seed(seed: int, batch: int) -> int:
    """The generator seed of batch number ``batch`` of a run seeded ``seed`` (63 bits)."""
    digest = hashlib.blake2b(f"tactica-kernel/{seed}/{batch}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def batch_sizes(n: int) -> list[int]:
    """The sizes of the batches of a run of ``n`` fights."""
    return [min(BATCH, n - start) for start in range(0, n, BATCH)]


def play_batch(kernel: Kernel, spec: SimSpec, batch: int, size: int) -> Outcomes:
    """Batch number ``batch`` of the run."""
    return kernel.run(game_of(spec), spec.ai, size, batch_seed(spec.seed, batch))


def count_batch(kernel: Kernel, spec: SimSpec, batch: int, size: int) -> Counts:
    """The counts of batch number ``batch`` (what a worker sends back for a summary)."""
    return Counts.of(play_batch(kernel, spec, batch, size))


def run_kernel(kernel: Kernel, spec: SimSpec, n: int, **how: Any) -> Outcomes:
    """Play ``n`` fights with ``kernel`` (``how``: as for :func:`batches`); the outcomes in fight order."""
    return joined(list(batches(play_batch, kernel, spec, n, **how)))


def count_kernel(kernel: Kernel, spec: SimSpec, n: int, **how: Any) -> Counts:
    """The counts of the ``n`` fights :func:`run_kernel` plays, each batch counted where it was played."""
    return total(batches(count_batch, kernel, spec, n, **how))


def batches(
    unit: Callable[[Kernel, SimSpec, int, int], T],
    kernel: Kernel,
    spec: SimSpec,
    n: int,
    *,
    workers: int = 1,
    progress: Progress | None = None,
    start_method: str | None = None,
) -> Iterator[T]:
    """``unit(kernel, spec, batch, size)`` of every batch of a run of ``n`` fights, in batch order: in this
    process (``workers=1``) or on local processes started by ``start_method``
    (:mod:`tactica.analysis.workers`)."""
    note = progress or (lambda _done: None)
    sizes = batch_sizes(n)
    if workers == 1 or len(sizes) == 1:
        pieces: Iterator[T] = (unit(kernel, spec, b, size) for b, size in enumerate(sizes))
    else:
        pieces = _on_processes(unit, kernel, spec, sizes, workers, start_method)
    for size, piece in zip(sizes, pieces, strict=True):
        note(size)
        yield piece


def _on_processes(
    unit: Callable[[Kernel, SimSpec, int, int], T],
    kernel: Kernel,
    spec: SimSpec,
    sizes: list[int],
    workers: int,
    start_method: str | None,
) -> Iterator[T]:
    context = worker_context(start_method)
    with ProcessPoolExecutor(max_workers=min(workers, len(sizes)), mp_context=context) as pool:
        gc.freeze()  # as in the engine's sim: forked workers need not copy the pages of what exists now
        try:
            futures = [pool.submit(unit, kernel, spec, b, size) for b, size in enumerate(sizes)]
        finally:
            gc.unfreeze()
        for future in futures:  # in batch order
            yield future.result()
