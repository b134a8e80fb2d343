"""Designer tools (issue 6): simulation fights/s with 1 and with all workers per system demo, scaling on 2
workers, the simulation harness's overhead over a bare engine loop, and the latency of one exact odds query.

Run by ``make bench`` after ``run.py``. Importable: :func:`scaling`, :func:`overhead`, :func:`odds_latency`
(the smoke test calls them with a handful of fights).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tactica.ai import make_policies, run_fight
from tactica.analysis import action_odds, scenario_fight
from tactica.analysis.sim import SimSpec, fight_seed, game_of, play_one, run_fights, sim_spec
from tactica.cli.fights import load_demo
from tactica.engine import Fight
from tactica.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[1]
#: Fights per timed batch for each system's demo (about four seconds on one core).
DEMO_FIGHTS = {"futurepath": 120, "thrum": 24, "phase3d6": 60, "srb": 120, "farrecon": 72}
#: The odds query of the issue: a FuturePath attack with advantage dice (d6) and an 18-20 critical range.
ODDS_FILE = ROOT / "examples" / "futurepath" / "odds.yaml"
ODDS_ACTION = "vex attack rook with great-axe"


@dataclass(frozen=True)
class Scaling:
    """Fights per second of one system's demo with 1, 2 and all workers."""

    system: str
    fights: int
    rates: dict[int, float]

    def speedup(self, workers: int) -> float:
        return self.rates[workers] / self.rates[1]


def _rate(spec: SimSpec, n: int, workers: int) -> float:
    start = time.perf_counter()
    run_fights(spec, n, workers=workers)
    return n / (time.perf_counter() - start)


def scaling(system: str, fights: int | None = None) -> Scaling:
    """Fights/s of ``tactica sim`` on the system's demo: 1 worker (this process), 2 and all workers."""
    spec = sim_spec(load_demo(system), seed=1)
    n = fights or DEMO_FIGHTS[system]
    run_fights(spec, max(1, n // 10), workers=1)  # warm-up
    counts = sorted({1, 2, os.cpu_count() or 1})
    return Scaling(system, n, {w: _rate(spec, n, w) for w in counts})


def overhead(system: str, fights: int | None = None, runs: int = 3) -> float:
    """How much more a fight costs through the simulation harness (with its tallies) than through a bare
    engine loop (``run_fight``), same fights and policies: the median ratio minus one."""
    spec = sim_spec(load_demo(system), seed=1)
    n = fights or DEMO_FIGHTS[system]
    game = game_of(spec)
    ratios = []
    for run in range(runs):
        indices = range(run * n, (run + 1) * n)
        start = time.perf_counter()
        for i in indices:
            seed = fight_seed(spec.seed, i)
            run_fight(Fight(game, seed=seed), make_policies(spec.system, spec.ai, seed))
        bare = time.perf_counter() - start
        start = time.perf_counter()
        for i in indices:
            play_one(spec, i)
        ratios.append((time.perf_counter() - start) / bare)
    return statistics.median(ratios) - 1


def odds_latency(queries: int = 200) -> float:
    """Median milliseconds of one exact odds query (after a warm-up)."""
    fight = scenario_fight(load_scenario(ODDS_FILE))
    action = ODDS_ACTION
    odds = action_odds(fight, action)
    assert odds.exact, "the benchmark's odds query must be exact"
    times = []
    for _ in range(queries):
        start = time.perf_counter()
        action_odds(fight, action)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``studies.py [--only SYSTEM] [--fights N]``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=sorted(DEMO_FIGHTS), help="one system's demo")
    parser.add_argument("--fights", type=int, help="fights per timed batch (default: per system)")
    args = parser.parse_args(argv)
    systems = [args.only] if args.only else list(DEMO_FIGHTS)
    print(f"tactica sim: os.cpu_count() = {os.cpu_count()}")
    for system in systems:
        s = scaling(system, args.fights)
        rates = ", ".join(f"{w} worker{'s' if w > 1 else ''} {r:.1f}/s" for w, r in s.rates.items())
        verdict = "meets" if s.speedup(2) >= 1.8 else "below"
        print(
            f"{system:10s} {s.fights} fights: {rates}; 2 workers x{s.speedup(2):.2f} ({verdict} target 1.8)"
        )
    for system in systems:
        extra = overhead(system, args.fights)
        verdict = "meets" if extra <= 0.10 else "above"
        print(f"{system:10s} harness overhead {extra:+.1%} per fight ({verdict} target 10%)")
    ms = odds_latency()
    print(
        f"odds       FuturePath attack, advantage dice, 18-20 crit: median {ms:.2f} ms per query"
        f" ({'meets' if ms < 5 else 'below'} target 5 ms)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
