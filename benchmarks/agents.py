"""Issue 17 point 3: the search AI against the default AI on each system's demo, with 95% intervals.

Run by ``make bench`` (``.venv/bin/python benchmarks/agents.py``). Mirror matches: fight ``i`` of a system
gives the search AI the demo's first side when ``i`` is even and its second side when ``i`` is odd (so neither
side's build decides the result), the other side plays the default AI, and each fight rolls its own seeded
dice. A win is the search side winning; a loss, a draw or a fight cut off (the demo's round limit, or
``MAX_ACTIONS``) is not a win. Prints, per system: the fights, wins, draws and cut-offs, the win rate with its
Wilson 95% interval, and the mean and largest time of a search decision (decisions with one legal action
included: they cost nothing). Two worker processes by default.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from tactica.ai import Policy, make_policy, sides
from tactica.analysis.stats import wilson
from tactica.cli.fights import load_demo
from tactica.engine import Action, Fight

SYSTEMS = ("futurepath", "srb", "thrum", "farrecon", "phase3d6")
#: A fight still going after this many actions counts as cut off.
MAX_ACTIONS = 20_000
#: The target of issue 17 point 3: a win rate of at least this against the default AI.
TARGET = 0.60


@dataclass(frozen=True)
class Played:
    """One fight: the search side's result ('win', 'loss', 'draw', 'cut off') and its decisions' times (s)."""

    system: str
    result: str
    times: tuple[float, ...]


class Timed:
    """A policy whose every decision is timed."""

    def __init__(self, inner: Policy) -> None:
        self.inner = inner
        self.times: list[float] = []

    def choose(self, fight: Fight) -> Action:
        start = time.perf_counter()
        action = self.inner.choose(fight)
        self.times.append(time.perf_counter() - start)
        return action


def play(task: tuple[str, int, str]) -> Played:
    """Fight ``index`` of a system: search (with ``budget``) against the default AI."""
    system_id, index, budget = task
    fight = load_demo(system_id).new_fight(seed=1_000_003 * index + 17)
    both = sides(fight)
    mine = both[index % 2]
    search = Timed(make_policy(f"search:{budget}" if budget else "search", system_id, seed=index))
    other = make_policy("default", system_id)
    for _ in range(MAX_ACTIONS):
        if fight.is_over():
            break
        actor = fight.deciding()[0]
        fight.apply((search if fight.side_of(actor) == mine else other).choose(fight))
    return Played(system_id, _result(fight, mine), tuple(search.times))


def _result(fight: Fight, mine: str) -> str:
    outcome = fight.outcome()
    if outcome is None or outcome.cut_off:
        return "cut off"
    if outcome.winner is None:
        return "draw"
    return "win" if outcome.winner == mine else "loss"


def report(system_id: str, played: Sequence[Played], seconds: float) -> str:
    """One line of figures for a system."""
    count = {r: sum(p.result == r for p in played) for r in ("win", "loss", "draw", "cut off")}
    low, high = wilson(count["win"], len(played))
    times = [t for p in played for t in p.times]
    mean_ms = 1000 * sum(times) / max(1, len(times))
    verdict = "meets" if low >= TARGET else ("below" if high < TARGET else "unsure of")
    return (
        f"{system_id:<10} fights {len(played):>3}: wins {count['win']:>3}, losses {count['loss']:>3},"
        f" draws {count['draw']}, cut off {count['cut off']}; win rate {count['win'] / len(played):5.1%}"
        f" [95% {low:.1%}-{high:.1%}] ({verdict} the {TARGET:.0%} target);"
        f" decision {mean_ms:.1f} ms mean, {1000 * max(times, default=0):.0f} ms max over {len(times)};"
        f" {seconds:.0f} s"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``agents.py [--fights N] [--budget 64|200ms] [--workers W] [--systems ID ...]``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fights", type=int, default=10, help="fights per system (half on each side)")
    parser.add_argument("--budget", default="", help="search budget: playouts (64) or time (200ms)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes")
    parser.add_argument("--systems", nargs="*", default=list(SYSTEMS), choices=SYSTEMS)
    args = parser.parse_args(argv)
    print(
        f"search{':' + args.budget if args.budget else ''} against default, {args.fights} fights per system"
        f" (half on each side of the demo), {args.workers} workers; draws and cut-offs are not wins"
    )
    with multiprocessing.Pool(args.workers) as pool:
        for system_id in args.systems:
            start = time.perf_counter()
            tasks = [(system_id, i, args.budget) for i in range(args.fights)]
            played = pool.map(play, tasks, chunksize=1)
            print(report(system_id, played, time.perf_counter() - start), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
