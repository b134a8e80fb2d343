"""``tactica sim``, ``tactica sweep`` and ``tactica odds``: answers for designers, as text or ``--json``."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from tactica.analysis import action_odds, scenario_fight
from tactica.analysis.odds import ActionOdds
from tactica.analysis.plots import plot_run, plot_sweep
from tactica.analysis.sim import sim_spec
from tactica.analysis.sweep import Cell, parse_vary, plan_sweep, play_sweep
from tactica.analysis.table import write_rows
from tactica.analysis.tiers import choose_tier, simulate
from tactica.cli.output import console, emit_json, say, say_all
from tactica.dice import OddsTooLarge
from tactica.engine import CUT_OFF, Fight, TacticaError
from tactica.scenario import Scenario, load_scenario

#: Tells a progress bar how many more steps are done.
Advance = Callable[[int], None]


@contextmanager
def progress_bar(total: int, label: str, *, quiet: bool, lazy: bool = False) -> Iterator[Advance]:
    """A progress bar on stderr (none with ``quiet``); yields the function that advances it. It redraws when
    advanced, from this thread: no refresh thread, so worker processes can be forked safely. A ``lazy`` bar
    appears only once advanced (work that may finish without any, such as exact odds, shows none)."""
    if quiet:
        yield lambda _n: None
        return
    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console(stderr=True), transient=True, auto_refresh=False) as bar:
        task = bar.add_task(label, total=total, visible=not lazy)

        def advance(n: int) -> None:
            bar.update(task, advance=n, visible=True)
            bar.refresh()

        yield advance


def _check_outputs(out: Path | None, plot: Path | None) -> None:
    """Fail before any fight is played when an output cannot be written there."""
    for option, path in (("--out", out), ("--plot", plot)):
        if path is not None and not path.parent.resolve().is_dir():
            raise TacticaError(f"{option} {path}: the folder {path.parent} does not exist")
    if out is not None and out.suffix.lower() not in (".csv", ".parquet"):
        raise TacticaError(f"--out {out}: name a .csv or .parquet file")
    if plot is not None and plot.suffix.lower() != ".png":
        raise TacticaError(f"--plot {plot}: name a .png file")


@dataclass(frozen=True)
class SimRequest:
    """What ``tactica sim`` was asked for, besides the file and the outputs."""

    n: int
    seed: int
    workers: int | None
    cluster: str | None
    ai: Sequence[str]
    engine: str = "auto"
    verbose: bool = False


def sim(file: Path, ask: SimRequest, out: Path | None, plot: Path | None, as_json: bool) -> None:
    """N fights from a scenario on the tier ``ask.engine`` chooses, summarized; rows to ``out``, pictures to
    ``plot``."""
    _check_outputs(out, plot)
    scenario = load_scenario(file)
    spec = sim_spec(scenario, seed=ask.seed, ai=ask.ai)
    tier = choose_tier(spec, ask.engine, cluster=ask.cluster)
    with progress_bar(ask.n, f"{scenario.name}: fights", quiet=as_json) as advance:
        run = simulate(spec, ask.n, tier, workers=ask.workers, cluster=ask.cluster, progress=advance)
    rows = run.rows() if out or plot else []
    written = [str(write_rows(rows, out))] if out else []
    if plot:
        written.append(str(plot_run(run.summary, rows, plot, scenario.name)))
    if as_json:
        head = {"scenario": scenario.name, "file": scenario.file, "tier": tier.to_dict()}
        emit_json({**head, **run.summary.to_dict(), "written": written})
        return
    say(f"{scenario.name} — {scenario.system.name}", f"tier: {tier.text()}")
    if ask.verbose:
        say_all(tier.details())
    say_all(run.summary.lines())
    say_all(f"wrote {path}" for path in written)


def sweep(file: Path, vary: Sequence[str], ask: SimRequest, plot: Path | None, as_json: bool) -> None:
    """The sim summary for every combination of the varied values, each on the tier ``ask.engine`` chooses
    for it; a table and a plot."""
    _check_outputs(None, plot)
    scenario = load_scenario(file)
    variations = [parse_vary(v) for v in vary]
    plans = plan_sweep(
        scenario, variations, ask.n, seed=ask.seed, ai=ask.ai, engine=ask.engine, cluster=ask.cluster
    )
    label = f"{scenario.name}: {len(plans)} cells"
    with progress_bar(ask.n * len(plans), label, quiet=as_json) as advance:
        cells = play_sweep(plans, ask.n, workers=ask.workers, cluster=ask.cluster, progress=advance)
    paths = [v.path for v in variations]
    written = [str(plot_sweep(cells, paths, plot, scenario.name))] if plot else []
    if as_json:
        emit_json(
            {
                "scenario": scenario.name,
                "fights_per_cell": ask.n,
                "seed": ask.seed,
                "cells": [c.to_dict() for c in cells],
                "written": written,
            }
        )
        return
    say(
        f"{scenario.name} — {scenario.system.name}: {ask.n} fights per cell, seed {ask.seed}"
        " (the same seeds in every cell)"
    )
    say_all(f"tier: {text}" for text in dict.fromkeys(c.tier.text() for c in cells))
    say_all(sweep_table(cells, paths))
    say_all(f"wrote {path}" for path in written)


def sweep_table(cells: Sequence[Cell], paths: Sequence[str]) -> list[str]:
    """One line per cell: the varied values, each side's win rate with its interval, draws, length, the tier
    that played it."""
    sides = list(cells[0].summary.wins)
    unit = cells[0].summary.round_unit
    head = [*paths, *(f"{s} wins [95%]" for s in sides), "draw", "cut off", f"mean {unit}", "tier"]
    body = [
        [
            *(str(c.values[p]) for p in paths),
            *(c.summary.wins[s].text().strip() for s in sides),
            f"{c.summary.draws.rate:.1%}",
            f"{c.summary.cut_off.rate:.1%}",
            f"{c.summary.rounds.mean:.1f}",
            c.tier.name,
        ]
        for c in cells
    ]
    widths = [max(len(row[i]) for row in [head, *body]) for i in range(len(head))]
    return [
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in [head, *body]
    ]


def odds(
    file: Path,
    action: str,
    then: Sequence[str],
    estimate: bool,
    samples: int,
    seed: int,
    as_json: bool,
    fractions: bool = False,
) -> None:
    """The distribution of one action's outcome in the scenario's current state (after its script); an
    action of a combatant not deciding now is evaluated as if it were their turn."""
    scenario = load_scenario(file)
    with progress_bar(samples, f"{scenario.name}: resolutions", quiet=as_json, lazy=True) as tell:
        fight = scenario_fight(scenario)
        found = action_odds(
            fight, action, then, estimate=estimate, samples=samples, seed=seed, progress=tell, any_turn=True
        )
    if as_json:
        emit_json({"scenario": scenario.name, "file": scenario.file, **found.to_dict(fractions=fractions)})
        return
    say_all(odds_lines(scenario, found, fractions=fractions))


def odds_lines(scenario: Scenario, found: ActionOdds, *, fractions: bool = False) -> list[str]:
    """The odds as text: how they were found, the outcome classes, then the harm distribution (exactly, at
    least and at most each amount) and its mean; ``fractions`` prints exact fractions (3/20) for percents."""
    method = (
        "exact" if found.exact else f"Monte Carlo estimate from {found.samples} resolutions, 95% intervals"
    )
    then = "".join(f", then '{t}'" for t in found.then)
    out = [f"{scenario.name} — {scenario.system.name}", f"Odds of '{found.action}'{then} ({method})"]
    if found.played_on:
        actor = found.action.split()[0]
        steps = ", ".join(f"'{a}'" for a in found.played_on)
        out.append(f"Evaluated as if it were {actor}'s turn: played on (on a copy) with {steps}")
    if found.assumed:
        out.append(
            f"Assumed: {', '.join(repr(a) for a in found.assumed)} before the roll (give --then to answer"
            " otherwise)"
        )
    show = _fraction_text if fractions else _percent_text
    classes = found.class_fractions()
    width = max(map(len, classes))
    out.append("")
    for name, p in classes.items():
        low, high = found.class_interval(name)
        interval = "" if found.exact else f"  [{low:.2%}, {high:.2%}]"
        out.append(f"  {name:<{width}}  {show(p)}{interval}")
    out += ["", f"Harm ({found.harm_unit})", *_harm_table(found, show)]
    low, high = found.mean_harm_interval()
    mean = str(found.mean_fraction()) if fractions else f"{found.mean_harm():.4f}"
    mean += "" if found.exact else f"  [{low:.4f}, {high:.4f}]"
    return [*out, f"  mean   {mean}"]


def _harm_table(found: ActionOdds, show: Callable[[Fraction], str]) -> list[str]:
    """One row per amount of harm: the chance of exactly, at least and at most that much, and a bar."""
    head = ("amount", "exactly", "at least", "at most")
    cells = [(f"{h:g}", show(p), show(up), show(down)) for h, p, up, down in found.cumulative()]
    bars = ["", *("#" * round(p * 50) for _, p, _, _ in found.cumulative())]
    widths = [max(len(row[i]) for row in [head, *cells]) for i in range(len(head))]
    return [
        ("  " + "  ".join(c.rjust(w) for c, w in zip(row, widths, strict=True)) + "  " + bar).rstrip()
        for row, bar in zip([head, *cells], bars, strict=True)
    ]


def _percent_text(p: Fraction) -> str:
    return f"{float(p):8.3%}"


def _fraction_text(p: Fraction) -> str:
    return str(p)


def duel(file: Path, as_json: bool, fractions: bool = False) -> None:
    """The exact probability that each side wins a one-against-one melee fight (``duel_odds``), and that the
    fight is cut off by the round limit."""
    if fractions:
        raise TacticaError(
            "--exact: the fight odds are computed in floating point (a dynamic programme over every hit point"
            " total), not as fractions; --exact gives fractions for one action's odds (--action)"
        )
    scenario = load_scenario(file)
    fight = scenario_fight(scenario)
    try:
        result = fight.system.duel_odds(fight.game, fight.state)
    except OddsTooLarge as error:
        raise TacticaError(f"{file}: {error}; estimate the fight with 'tactica sim {file}' instead") from None
    if result is None:
        raise TacticaError(
            f"{file}: the {scenario.system.name} rules give no exact fight odds for this fight (only for two"
            " adjacent melee fighters trading blows, in the systems that support it)"
        )
    wins = {str(side): _clean(p) for side, p in result.items() if side is not None}
    unsettled = _unsettled(fight)
    rest = _clean(result.get(None, 0.0))
    if as_json:
        key = "cut_off" if unsettled == CUT_OFF else "draw"
        emit_json(
            {"scenario": scenario.name, "file": scenario.file, "method": "exact", "wins": wins, key: rest}
        )
        return
    say(f"{scenario.name} — {scenario.system.name}", "Exact fight odds (both sides trading blows):")
    rows = {**wins, unsettled: rest}
    width = max(map(len, rows))
    say_all(f"  {name:<{width}}  {p:8.4%}" for name, p in rows.items())


#: Decimal places kept of the fight odds: they are sums of floating-point products, exact to about 1e-15.
FIGHT_ODDS_PLACES = 12


def _clean(p: float) -> float:
    """``p`` without the noise of floating-point sums (``7.2e-16`` is 0): rounded to 12 decimal places."""
    return round(float(p), FIGHT_ODDS_PLACES) + 0.0


def _unsettled(fight: Fight) -> str:
    """What ``duel_odds`` calls None: the fight cut off by the round limit (the duels have no draw: one
    fighter strikes at a time), or for a fight already over without a winner, its own result."""
    outcome = fight.outcome()
    return outcome.result if outcome is not None and not outcome.cut_off else CUT_OFF
