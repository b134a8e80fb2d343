"""The limits of a study: how many fights, samples, workers and sweep cells one run may ask for, checked
before any work starts (issue 12: no option makes the work unbounded)."""

from __future__ import annotations

import os

from tactica.engine import TacticaError

#: Fights in one run (``sim -n``; per cell for ``sweep``).
MAX_FIGHTS = 1_000_000
#: Resolutions sampled for one estimate (``odds --samples``).
MAX_SAMPLES = 1_000_000
#: Workers when the fights go to a Dask cluster (``--cluster``), or from Python; on the command line local
#: workers are at most the cores of this machine.
MAX_WORKERS = 256
#: Cells of one sweep (the product of the counts of the ``--vary`` values).
MAX_CELLS = 1_000


def require_range(option: str, value: int, low: int, high: int, unit: str = "", why: str = "") -> None:
    """Refuse ``value`` outside ``low``-``high`` with one line naming the option and what is valid."""
    if not low <= value <= high:
        words = f"{low:,} to {high:,}" + (f" {unit}" if unit else "")
        raise TacticaError(f"{option} {value}: give {words}" + (f" ({why})" if why else ""))


def cores() -> int:
    """The cores of this machine (1 when unknown)."""
    return os.cpu_count() or 1


def local_workers(workers: int | None, cluster: str | None) -> int:
    """The ``--workers`` of a command-line run: default every core; at most the cores unless ``cluster``."""
    if workers is None:
        return cores()
    if cluster is not None:
        most, why = MAX_WORKERS, "with --cluster"
    else:
        most, why = cores(), "the cores of this machine; more with --cluster"
    require_range("--workers", workers, 1, most, "workers", why)
    return workers
