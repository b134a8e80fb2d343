"""Fights per second, one process, default AI: FuturePath duel and 4v4 skirmish, THRUM and Phase 3d6 4v4.

Run by ``make bench`` (``.venv/bin/python benchmarks/run.py``). Each benchmark plays a warm-up batch, then
``--runs`` batches of fights with fresh seeds, and reports the median rate. Importable: :func:`bench` runs one
benchmark and returns its figures (the smoke test calls it with a handful of fights).

``--compiled`` (``make bench-compiled``) plays the same batches on the pure sources and on the compiled tree
of ``make compiled`` (issue 16 A), each batch in a fresh interpreter, the two alternating, and prints both
CPU-time rates and their ratio; the two must play the same fights (same actions, rounds and winners).
"""

from __future__ import annotations

import argparse
import importlib.machinery
import json
import os
import platform
import statistics
import subprocess
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
#: The sources, and the tree ``make compiled`` builds from them (tools/compile.py).
PURE_TREE = ROOT / "src"
COMPILED_TREE = ROOT / "build" / "compiled" / "src"
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
    #: The same runs' rates in CPU time of this process (``time.process_time()``): steadier than the wall
    #: clock on a machine shared with other work.
    cpu_rates: tuple[float, ...] = ()

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
    rates, cpu_rates = [], []
    actions = rounds = 0
    wins: dict[str, int] = {}
    for run in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        a, r, w = play(game, range(run * n, (run + 1) * n), spec.system)
        rates.append(n / (time.perf_counter() - start))
        cpu_rates.append(n / (time.process_time() - start_cpu))
        actions, rounds = actions + a, rounds + r
        for side, k in w.items():
            wins[side] = wins.get(side, 0) + k
    total = n * runs
    return Result(name, n, tuple(rates), actions / total, rounds / total, wins, spec.target, tuple(cpu_rates))


@dataclass(frozen=True)
class Batch:
    """One batch played in a child interpreter: its CPU-time rate and what the fights looked like."""

    rate: float
    fights: tuple[int, int, dict[str, int]]
    compiled: bool


def batch(name: str, fights: int, first: int) -> Batch:
    """A warm-up, then fights ``first`` onward of benchmark ``name``, timed in this process's CPU time."""
    spec = BENCHMARKS[name]
    game = get_system(spec.system).new_game(load_setup(spec.path))
    play(game, range(10**6, 10**6 + fights // 10 + 1), spec.system)
    start = time.process_time()
    played = play(game, range(first, first + fights), spec.system)
    return Batch(fights / (time.process_time() - start), played, is_compiled())


def is_compiled() -> bool:
    """Whether the engine this process imported is the compiled one (an extension module)."""
    from tactica.engine import fight

    return str(fight.__file__).endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def batch_in(tree: Path, name: str, fights: int, first: int) -> Batch:
    """:func:`batch` in a fresh interpreter with ``tree`` first on its path."""
    argv = [sys.executable, __file__, "--batch", name, str(fights), str(first)]
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(argv, env=env, capture_output=True, text=True, check=True).stdout
    data = json.loads(out.splitlines()[-1])
    return Batch(data["rate"], tuple(data["fights"]), data["compiled"])  # type: ignore[arg-type]


@dataclass(frozen=True)
class Comparison:
    """CPU-time rates of the same batches on the pure and the compiled tree."""

    name: str
    fights: int
    pure: tuple[float, ...]
    compiled: tuple[float, ...]

    @property
    def ratio(self) -> float:
        """Median compiled rate over median pure rate."""
        return statistics.median(self.compiled) / statistics.median(self.pure)


def compare(name: str, fights: int, runs: int) -> Comparison:
    """Each batch on both trees, alternating which goes first; the two must play the same fights."""
    rates: dict[bool, list[float]] = {False: [], True: []}
    for run in range(runs):
        played = []
        for compiled in (False, True) if run % 2 == 0 else (True, False):
            result = batch_in(COMPILED_TREE if compiled else PURE_TREE, name, fights, run * fights)
            if result.compiled != compiled:
                raise SystemExit(
                    f"run.py --compiled: {COMPILED_TREE} is not a compiled build (make compiled)"
                )
            rates[compiled].append(result.rate)
            played.append(result.fights)
        if played[0] != played[1]:
            raise SystemExit(
                f"run.py --compiled: {name} batch {run}: pure and compiled played different fights"
            )
    return Comparison(name, fights, tuple(rates[False]), tuple(rates[True]))


def _listed(rates: tuple[float, ...]) -> str:
    """Rates as text: whole numbers from 100 up."""
    return ", ".join(f"{r:,.0f}" if r >= 100 else f"{r:.1f}" for r in rates)


def report_comparison(result: Comparison) -> str:
    """One comparison's figures as text."""

    pure, compiled = statistics.median(result.pure), statistics.median(result.compiled)
    return (
        f"{result.name:9s} pure {pure:9,.1f}  compiled {compiled:9,.1f} fights/s of CPU time:"
        f" {result.ratio:.2f}x\n"
        f"          runs of {result.fights}: pure {_listed(result.pure)}; compiled {_listed(result.compiled)}"
    )


def report(result: Result) -> str:
    """One benchmark's figures as text."""
    verdict = "meets" if result.median >= result.target else "below"
    wins = ", ".join(f"{side} {k}" for side, k in sorted(result.wins.items()))
    cpu = statistics.median(result.cpu_rates) if result.cpu_rates else 0.0
    return (
        f"{result.name:9s} median {result.median:9,.1f} fights/s  ({verdict} target {result.target:,.0f});"
        f" CPU time {cpu:,.1f} fights/s\n"
        f"          runs of {result.fights}: {_listed(result.rates)}; CPU time {_listed(result.cpu_rates)}\n"
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
    parser.add_argument(
        "--compiled", action="store_true", help=f"pure sources against {COMPILED_TREE} (make compiled)"
    )
    parser.add_argument("--batch", nargs=3, metavar=("NAME", "FIGHTS", "FIRST"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.batch:
        played = batch(args.batch[0], int(args.batch[1]), int(args.batch[2]))
        print(json.dumps({"rate": played.rate, "fights": played.fights, "compiled": played.compiled}))
        return 0
    if args.compiled and not COMPILED_TREE.is_dir():
        parser.error(f"--compiled: no compiled build in {COMPILED_TREE}; build it with `make compiled`")
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
    if args.compiled:
        print(f"pure {PURE_TREE} against compiled {COMPILED_TREE}; load average {os.getloadavg()[0]:.1f}")
    for name in [args.only] if args.only else list(BENCHMARKS):
        if args.compiled:
            print(report_comparison(compare(name, sizes[name], args.runs)), flush=True)
        else:
            print(report(bench(name, sizes[name], args.runs)), flush=True)
    if args.compiled:
        print(f"load average at the end {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
