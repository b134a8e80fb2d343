"""Which tier plays a ``sim`` run: a kernel (the fast tier) when one covers the scenario with the sides'
policies, else the reference engine — never an approximation. ``engine`` is ``auto`` (that choice),
``reference`` (the engine, always) or ``kernel`` (a kernel, or an error giving each kernel's reason).

Both tiers give the same summary and rows (:mod:`.kernels.tables`); a kernel's rows leave ``seed`` and
``actions`` empty (it plays no engine fight and counts no actions)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tactica.analysis.limits import MAX_FIGHTS, MAX_WORKERS, cores, require_range
from tactica.analysis.sim import Progress, Row, SimSpec, game_of, run_fights
from tactica.analysis.summary import Summary, summarize
from tactica.engine import TacticaError

#: The values of ``sim --engine``.
ENGINES = ("auto", "reference", "kernel")
#: Fights in one run on the fast tier (``sim -n``; the engine's limit is ``limits.MAX_FIGHTS``).
MAX_KERNEL_FIGHTS = 10_000_000


@dataclass(frozen=True)
class Tier:
    """The tier chosen for a run: ``kernel`` (its name) or None for the engine, and why; ``coverage`` gives
    each kernel of the system: None when it covers the run, else why not."""

    kernel: str | None
    why: str = ""
    coverage: Mapping[str, str | None] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """'kernel NAME' or 'reference engine'."""
        return f"kernel {self.kernel}" if self.kernel else "reference engine"

    def text(self) -> str:
        """'kernel NAME' or 'reference engine (WHY)'."""
        return self.name if self.kernel else f"{self.name} ({self.why})"

    def details(self) -> list[str]:
        """Each kernel of the system and whether it covers the run (``sim -v``)."""
        lines = [f"  {name}: {reason or 'covers this run'}" for name, reason in self.coverage.items()]
        if self.kernel:
            lines.append("  a kernel's rows leave seed and actions empty: it plays no engine fight")
        return lines

    def to_dict(self) -> dict[str, Any]:
        return {
            "tier": "kernel" if self.kernel else "reference",
            "kernel": self.kernel,
            "why": self.why,
            "coverage": dict(self.coverage),
        }


def choose_tier(spec: SimSpec, engine: str = "auto", *, cluster: str | None = None) -> Tier:
    """The tier that plays ``spec``'s fights (see the module's docstring)."""
    from tactica.analysis.kernels import coverage

    require_engine(engine)
    if engine == "reference":
        return Tier(None, "--engine reference")
    found = coverage(game_of(spec), spec.ai)
    chosen = next((name for name, reason in found.items() if reason is None), None)
    if chosen is None:
        why = _uncovered(spec, found)
        if engine == "kernel":
            raise TacticaError(f"--engine kernel: {why}")
        return Tier(None, why, found)
    if cluster is not None:
        if engine == "kernel":
            raise TacticaError("--engine kernel: kernels run on local processes, not on a --cluster")
        return Tier(None, "--cluster runs the engine; kernels run on local processes", found)
    return Tier(chosen, "", found)


def require_engine(engine: str) -> None:
    """Refuse an ``--engine`` that is not one of :data:`ENGINES`."""
    if engine not in ENGINES:
        raise TacticaError(f"--engine {engine}: choose one of {', '.join(ENGINES)}")


def _uncovered(spec: SimSpec, found: Mapping[str, str | None]) -> str:
    if not found:
        return f"no kernel covers: there is no kernel for {spec.system}"
    return "no kernel covers: " + "; ".join(f"{name}: {reason}" for name, reason in found.items())


@dataclass(frozen=True)
class SimRun:
    """A run's summary, and its rows made on demand (a kernel's million rows are costly to build: its summary
    comes from each batch's counts, and its rows replay the same batches)."""

    tier: Tier
    summary: Summary
    rows: Callable[[], list[Row]]


def simulate(
    spec: SimSpec,
    n: int,
    tier: Tier,
    *,
    workers: int | None = None,
    cluster: str | None = None,
    progress: Progress | None = None,
) -> SimRun:
    """Play ``n`` fights of ``spec`` on ``tier``: the summary and the rows."""
    require_fights(n, tier)
    if tier.kernel is None:
        rows = run_fights(spec, n, workers=workers, cluster=cluster, progress=progress)
        return SimRun(tier, summarize(spec, rows), lambda: rows)
    from tactica.analysis.kernels import kernel_named
    from tactica.analysis.kernels.batches import count_kernel, run_kernel
    from tactica.analysis.kernels.tables import outcome_rows

    workers = cores() if workers is None else workers
    require_range("--workers", workers, 1, MAX_WORKERS, "workers")
    kernel = kernel_named(tier.kernel)
    counts = count_kernel(kernel, spec, n, workers=workers, progress=progress)
    # The rows, when asked for, replay the same batches (they depend only on the spec, N and the seed).
    return SimRun(
        tier, counts.summary(spec), lambda: outcome_rows(run_kernel(kernel, spec, n, workers=workers))
    )


def require_fights(n: int, tier: Tier) -> None:
    """Refuse ``n`` fights outside the tier's range."""
    if tier.kernel is None:
        require_range("-n", n, 1, MAX_FIGHTS, "fights", "on the reference engine; more on the fast tier")
    else:
        require_range("-n", n, 1, MAX_KERNEL_FIGHTS, "fights on the fast tier")
