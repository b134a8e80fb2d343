"""Issue 17 point 3: the search AI against the default AI on each system's demo, with 95% intervals.

Run by ``make bench`` (``.venv/bin/python benchmarks/agents.py``). Mirror matches: fight ``i`` of a system
gives the search AI the demo's first side when ``i`` is even and its second side when ``i`` is odd (so neither
side's build decides the result), the other side plays the default AI, and each fight rolls its own seeded
dice. A win is the search side winning; a loss, a draw or a fight cut off (the demo's round limit, or
``MAX_ACTIONS``) is not a win. Prints, per system: the fights, wins, draws and cut-offs, the win rate with its
Wilson 95% interval, the wins of the default AI in the search's place on the same dice (the demos' sides are
not even: this is what a search that never overrules its guide would score) and how many fights' results the
search changed, and the mean and largest time of a search decision, in wall-clock time and in CPU time
(``time.process_time()`` of the worker: what the decision cost whatever else the machine runs), decisions with
one legal action included (they cost nothing). ``--budget`` is a number of playouts (deterministic for a seed)
or a time (``200ms``). Two worker processes by default.
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
from tactica.engine import Action, Fight, TacticaError

SYSTEMS = ("futurepath", "srb", "thrum", "farrecon", "phase3d6")
#: A fight still going after this many actions counts as cut off.
MAX_ACTIONS = 20_000
#: The target of issue 17 point 3: a win rate of at least this against the default AI.
TARGET = 0.60


@dataclass(frozen=True)
class Played:
    """One fight: the search side's result ('win', 'loss', 'draw', 'cut off'), its decisions' wall-clock and
    CPU times (s), and the result of the default AI in its place on the same dice (``baseline``)."""

    system: str
    result: str
    times: tuple[float, ...]
    cpu: tuple[float, ...]
    baseline: str


class Timed:
    """A policy whose every decision is timed, in wall-clock and in CPU time."""

    def __init__(self, inner: Policy) -> None:
        self.inner = inner
        self.times: list[float] = []
        self.cpu: list[float] = []

    def choose(self, fight: Fight) -> Action:
        start, start_cpu = time.perf_counter(), time.process_time()
        action = self.inner.choose(fight)
        self.times.append(time.perf_counter() - start)
        self.cpu.append(time.process_time() - start_cpu)
        return action


def play(task: tuple[str, int, str, str]) -> Played:
    """Fight ``index`` of a system: ``player`` (the search, with ``budget``, or another policy the system
    registers) against the default AI; and the same fight (the same dice) with the default AI in its place."""
    system_id, index, budget, player = task
    name = f"{player}:{budget}" if budget and player == "search" else player
    search = Timed(make_policy(name, system_id, seed=index))
    result = _fight(system_id, index, search)
    return Played(system_id, result, tuple(search.times), tuple(search.cpu), _fight(system_id, index, None))


def _fight(system_id: str, index: int, player: Policy | None) -> str:
    """The result of fight ``index`` for the side ``player`` plays (the default AI if None) against the
    default AI."""
    fight = load_demo(system_id).new_fight(seed=1_000_003 * index + 17)
    mine = sides(fight)[index % 2]
    other = make_policy("default", system_id)
    player = player or other
    for _ in range(MAX_ACTIONS):
        if fight.is_over():
            break
        actor = fight.deciding()[0]
        fight.apply((player if fight.side_of(actor) == mine else other).choose(fight))
    return _result(fight, mine)


def tasks(
    system_id: str, first: int, fights: int, budget: str, player: str = "search"
) -> list[tuple[str, int, str, str]]:
    """The :func:`play` tasks of fights ``first`` to ``first + fights - 1`` of a system (a later batch adds
    fights of its own dice to an earlier one)."""
    return [(system_id, i, budget, player) for i in range(first, first + fights)]


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
    cpu = [t for p in played for t in p.cpu]
    changed = sum(p.result != p.baseline for p in played)
    verdict = "meets" if low >= TARGET else ("below" if high < TARGET else "unsure of")
    return (
        f"{system_id:<10} fights {len(played):>3}: wins {count['win']:>3}, losses {count['loss']:>3},"
        f" draws {count['draw']}, cut off {count['cut off']}; win rate {count['win'] / len(played):5.1%}"
        f" [95% {low:.1%}-{high:.1%}] ({verdict} the {TARGET:.0%} target);"
        f" decision {_ms(times)} wall, {_ms(cpu)} CPU over {len(times)};"
        f" the default AI in its place wins {sum(p.baseline == 'win' for p in played)}, changed {changed};"
        f" {seconds:.0f} s"
    )


def _ms(seconds: Sequence[float]) -> str:
    """The mean and largest of some times, in milliseconds."""
    mean = 1000 * sum(seconds) / max(1, len(seconds))
    return f"{mean:.1f} ms mean, {1000 * max(seconds, default=0):.0f} ms max"


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``agents.py [--fights N] [--first I] [--budget 64|200ms] [--workers W]
    [--systems ID ...] [--player NAME]``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fights", type=int, default=10, help="fights per system (half on each side)")
    parser.add_argument("--first", type=int, default=0, help="number of the first fight (its seed and side)")
    parser.add_argument("--budget", default="", help="search budget: playouts (64) or time (200ms)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes")
    parser.add_argument("--systems", nargs="*", default=list(SYSTEMS), choices=SYSTEMS)
    parser.add_argument(
        "--player", default="search", help="the policy measured: search, or another the systems register"
    )
    args = parser.parse_args(argv)
    budget = args.budget if args.player == "search" else ""
    for system_id in args.systems:  # a bad name or budget is one line here, not a traceback from a worker
        try:
            make_policy(f"{args.player}:{budget}" if budget else args.player, system_id)
        except TacticaError as error:
            parser.error(f"--player {args.player} --budget {args.budget or '(none)'}: {error}")
    print(
        f"{args.player}{':' + budget if budget else ''} against default, {args.fights} fights per system"
        f" from fight {args.first} (half on each side of the demo), {args.workers} workers;"
        " draws and cut-offs are not wins"
    )
    with multiprocessing.Pool(args.workers) as pool:
        for system_id in args.systems:
            start = time.perf_counter()
            work = tasks(system_id, args.first, args.fights, budget, args.player)
            played = pool.map(play, work, chunksize=1)
            print(report(system_id, played, time.perf_counter() - start), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
