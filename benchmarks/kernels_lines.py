"""Line-up kernels (issue 16 part B): fights per second of `sim`'s fast tier on a 4 v 4 line-up in contact
(target 25,000/s) and on two facing rows (FuturePath), on a Star Rangers 4 v 4 in a pen, a Phase 3d6 4 v 4 on
a cramped floor and a Far Recon 4 v 4 in rubble, with 1 and 2 workers, beside the reference engine on the same
scenario in the same run; then the two proofs at full N on each: lockstep on 1,000 engine dice tapes (sim's
rows too), and the kernel's win rate over 10^6 fights within 4 standard errors of 10^5 engine fights (on 2
workers; the script prints the estimated time first, measured from the engine's rate).

Run by ``make bench``. Options: ``--fights`` (kernel fights per timed run), ``--seeds`` (lockstep),
``--kernel-fights`` and ``--engine-fights`` (distribution; 0 skips it), ``--workers``. Importable:
:func:`rates`, :func:`proofs` (the smoke test calls them with small numbers).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from tactica.analysis.kernels import kernel_named
from tactica.analysis.kernels.batches import run_kernel
from tactica.analysis.kernels.proofs import rows_lockstep, win_gap
from tactica.analysis.sim import SimSpec, run_fights, sim_spec
from tactica.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[1]
#: Each line-up kernel's example scenarios: the 4 v 4 of the target first.
LINES = {
    "futurepath-lines": [
        ROOT / "examples" / "futurepath" / "line-4v4.yaml",
        ROOT / "examples" / "futurepath" / "line-rows.yaml",
    ],
    "srb-melee": [ROOT / "examples" / "srb" / "melee-line.yaml"],
    "phase3d6-lines": [ROOT / "examples" / "phase3d6" / "line-4v4.yaml"],
    "farrecon-line": [ROOT / "examples" / "farrecon" / "line-4v4.yaml"],
    "thrum-lines": [ROOT / "examples" / "thrum" / "line-4v4.yaml"],
}
TARGET = 25_000


def _timed(work: object) -> float:
    start = time.perf_counter()
    assert callable(work)
    work()
    return time.perf_counter() - start


def rates(spec: SimSpec, kernel: str, fights: int, engine_fights: int) -> dict[str, float]:
    """Fights per second: the kernel through sim's batches on 1 and 2 workers, the engine on 1."""
    found = kernel_named(kernel)
    out = {
        f"kernel, {w} worker{'s' * (w > 1)}": fights
        / _timed(lambda w=w: run_kernel(found, spec, fights, workers=w))
        for w in (1, 2)
    }
    out["engine, 1 worker"] = engine_fights / _timed(lambda: run_fights(spec, engine_fights, workers=1))
    return out


def proofs(
    spec: SimSpec, kernel: str, seeds: int, kernel_fights: int, engine_fights: int, workers: int
) -> list[str]:
    """The lockstep and distribution proofs, as report lines ending in 'ok' or 'FAILED'."""
    found = kernel_named(kernel)
    wrong = rows_lockstep(found, spec, range(seeds))
    lines = [f"  lockstep, {seeds} engine tapes: {len(wrong)} differ — {'FAILED' if wrong else 'ok'}"]
    lines += [f"    {line}" for line in wrong[:5]]
    if engine_fights:
        side = spec.sides[spec.combatants[0]]
        gap = win_gap(found, spec, side, kernel_fights, engine_fights, workers)
        verdict = "ok" if abs(gap) < 4 else "FAILED"
        lines.append(
            f"  {side}'s win rate, {kernel_fights:,} kernel vs {engine_fights:,} engine fights:"
            f" {gap:+.2f} standard errors apart (within 4) — {verdict}"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fights", type=int, default=1_000_000)
    parser.add_argument("--seeds", type=int, default=1_000)
    parser.add_argument("--kernel-fights", type=int, default=1_000_000)
    parser.add_argument("--engine-fights", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    print(f"Line-up kernels (os.cpu_count() = {os.cpu_count()})")
    failed = False
    for kernel, path in ((k, p) for k, paths in LINES.items() for p in paths):
        spec = sim_spec(load_scenario(path), seed=1)
        found = rates(spec, kernel, args.fights, 100)
        engine = found["engine, 1 worker"]
        print(f"{path.relative_to(ROOT)} (target {TARGET:,} fights/s on the fast tier)")
        for what, rate in found.items():
            print(f"  {what}: {rate:,.0f} fights/s ({rate / engine:,.0f}x the engine)")
        hours = args.engine_fights / engine / max(1, args.workers) / 3600
        print(
            f"  proofs: the engine's {args.engine_fights:,} fights take about {hours:.1f} h"
            f" on {args.workers} workers"
        )
        lines = proofs(spec, kernel, args.seeds, args.kernel_fights, args.engine_fights, args.workers)
        print("\n".join(lines))
        failed |= any(line.endswith("FAILED") for line in lines)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
