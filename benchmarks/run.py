"""Fights per second, one process, default AI: FuturePath duel and 4v4 skirmish, THRUM and Phase 3d6 4v4.

Run by ``make bench`` (``.venv/bin/python benchmarks/run.py``). Each benchmark plays a warm-up batch, then
``--runs`` batches of fights with fresh seeds, and reports the median rate. Importable: :func:`bench` runs one
benchmark and returns its figures (the smoke test calls it with a handful of fights).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from tactica.ai import make_policy, run_fight
from tactica.engine import Fight
from tactica.systems import get_system

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "futurepath"
PACKAGES = ROOT / "src" / "tactica" / "systems"
#: Keys of a scenario file that are not part of the fight's setup.
SCENARIO_ONLY = {"name", "description", "seed", "dice", "script", "expect", "ai"}


@dataclass(frozen=True)
class Benchmark:
    """One benchmark: a system, a scenario file, a default batch size and the target rate (2 cores)."""

    name: str
    system: str
    path: Path
    fights: int
    target: float


#: Targets of issue 16 A on this 2-core machine: the FuturePath duel 2,600/s and skirmish 120/s; every other
#: demo twice its rate when the issue was written (THRUM 11, Phase 3d6 22, Star Rangers 37, Far Recon 23/s).
BENCHMARKS = {
    "duel": Benchmark("duel", "futurepath", EXAMPLES / "duel.yaml", 1000, 2600.0),
    "skirmish": Benchmark("skirmish", "futurepath", EXAMPLES / "skirmish.yaml", 40, 120.0),
    "thrum": Benchmark("thrum", "thrum", PACKAGES / "thrum" / "content" / "demo.yaml", 20, 22.0),
    "phase3d6": Benchmark("phase3d6", "phase3d6", PACKAGES / "phase3d6" / "content" / "demo.yaml", 40, 44.0),
    "srb": Benchmark("srb", "srb", PACKAGES / "srb" / "content" / "demo.yaml", 40, 74.0),
    "farrecon": Benchmark("farrecon", "farrecon", PACKAGES / "farrecon" / "content" / "demo.yaml", 40, 46.0),
}


@dataclass(frozen=True)
class Result:
    """Fights per second of each run, their median, and what the fights looked like."""

    name: str
    fights: int
    rates: tuple[float, ...]
    actions_per_fight: float
    rounds_per_fight: float
    wins: Mapping[str, int]
    target: float

    @property
    def median(self) -> float:
        """The median rate, fights per second."""
        return statistics.median(self.rates)


def load_setup(path: Path) -> dict[str, Any]:
    """The fight setup of a scenario file (scenario-only keys removed)."""
    data = yaml.safe_load(path.read_text())
    return {k: v for k, v in data.items() if k not in SCENARIO_ONLY}


def play(game: Any, seeds: range, system: str = "futurepath") -> tuple[int, int, dict[str, int]]:
    """Play one fight per seed with the default AI on every side: (actions, rounds, wins by side)."""
    actions = rounds = 0
    wins: dict[str, int] = {}
    for seed in seeds:
        fight = Fight(game, seed=seed, checkpoints=False)
        policy = make_policy("default", system, seed)
        sides = {game.start[c].side for c in game.start}
        outcome = run_fight(fight, dict.fromkeys(sides, policy))
        assert outcome is not None, f"seed {seed}: the fight did not end"
        actions += len(fight.history)
        rounds += outcome.round
        winner = outcome.winner or "draw"
        wins[winner] = wins.get(winner, 0) + 1
    return actions, rounds, wins


def bench(name: str, fights: int | None = None, runs: int = 5, warmup: int | None = None) -> Result:
    """Run benchmark ``name`` ('duel', 'skirmish', 'thrum'): a warm-up batch, then ``runs`` timed batches."""
    spec = BENCHMARKS[name]
    n = fights or spec.fights
    game = get_system(spec.system).new_game(load_setup(spec.path))
    play(game, range(10**6, 10**6 + (n // 10 + 1 if warmup is None else warmup)), spec.system)
    rates = []
    actions = rounds = 0
    wins: dict[str, int] = {}
    for run in range(runs):
        start = time.perf_counter()
        a, r, w = play(game, range(run * n, (run + 1) * n), spec.system)
        rates.append(n / (time.perf_counter() - start))
        actions, rounds = actions + a, rounds + r
        for side, k in w.items():
            wins[side] = wins.get(side, 0) + k
    total = n * runs
    return Result(name, n, tuple(rates), actions / total, rounds / total, wins, spec.target)


def report(result: Result) -> str:
    """One benchmark's figures as text."""
    verdict = "meets" if result.median >= result.target else "below"
    rates = ", ".join(f"{r:,.0f}" if r >= 100 else f"{r:.1f}" for r in result.rates)
    wins = ", ".join(f"{side} {k}" for side, k in sorted(result.wins.items()))
    return (
        f"{result.name:9s} median {result.median:9,.1f} fights/s  ({verdict} target {result.target:,.0f})\n"
        f"          runs of {result.fights}: {rates}\n"
        f"          {result.actions_per_fight:.1f} actions, {result.rounds_per_fight:.1f} rounds per fight;"
        f" wins: {wins}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``run.py [--runs R] [--duels N] [--skirmishes N] [--thrum N] [--phase3d6 N]``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="timed batches per benchmark (median reported)")
    parser.add_argument("--duels", type=int, default=BENCHMARKS["duel"].fights, help="duels per batch")
    parser.add_argument("--skirmishes", type=int, default=BENCHMARKS["skirmish"].fights, help="per batch")
    parser.add_argument(
        "--thrum", type=int, default=BENCHMARKS["thrum"].fights, help="THRUM fights per batch"
    )
    parser.add_argument("--phase3d6", type=int, default=BENCHMARKS["phase3d6"].fights, help="per batch")
    parser.add_argument("--srb", type=int, default=BENCHMARKS["srb"].fights, help="Star Rangers per batch")
    parser.add_argument(
        "--farrecon", type=int, default=BENCHMARKS["farrecon"].fights, help="Far Recon per batch"
    )
    parser.add_argument("--only", choices=sorted(BENCHMARKS), help="run one benchmark")
    args = parser.parse_args(argv)
    print(
        f"tactica benchmarks: Python {platform.python_version()} ({platform.python_implementation()}),"
        f" {platform.machine()}, os.cpu_count() = {os.cpu_count()}, single process"
    )
    sizes = {
        "duel": args.duels,
        "skirmish": args.skirmishes,
        "thrum": args.thrum,
        "phase3d6": args.phase3d6,
        "srb": args.srb,
        "farrecon": args.farrecon,
    }
    for name in [args.only] if args.only else list(BENCHMARKS):
        print(report(bench(name, sizes[name], args.runs)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
