"""The ``tactica`` command line: systems, demo, fight, play, verify, check, sim, sweep, odds, serve, table.

Every command takes ``--json`` (machine output on stdout, nothing else). Bad input — a malformed file, an
unknown name, a position off the map, an illegal action, dice running out, a missing file — prints one
paragraph on stderr naming the place and what is valid, and exits with status 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tactica.analysis.limits import local_workers, require_range
from tactica.analysis.tiers import MAX_KERNEL_FIGHTS
from tactica.cli import checks, studies
from tactica.cli.fights import AIFight, load_demo, play_ai, with_max_rounds
from tactica.cli.names import policies_help, systems_help, version
from tactica.cli.output import BAD_INPUT, console, emit_json, fail, guarded, say, say_all
from tactica.cli.play_run import play_saved, play_scenario
from tactica.cli.ranges import check_ranges
from tactica.cli.table import register as register_table
from tactica.render import render_log
from tactica.render.legend import legend as log_legend
from tactica.render.legend import legend_lines
from tactica.scenario import Problem, check_file, load_scenario, scenario_files, verify
from tactica.systems import all_systems

app = typer.Typer(
    name="tactica",
    help="A rules engine for tactical, turn-based tabletop-RPG combat.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

JsonFlag = Annotated[bool, typer.Option("--json", help="Machine output (JSON) on stdout, nothing else.")]
SeedOption = Annotated[
    int | None, typer.Option("--seed", metavar="SEED", help="Dice seed (default: the scenario's seed).")
]
NO_SCENARIOS = "no scenario files found (give files, or folders holding *.yaml scenarios)"
RoundsOption = Annotated[
    int | None,
    typer.Option(
        "--rounds", metavar="N", help="Cut the fight off after this many rounds (Phase 3d6: Turns)."
    ),
]
EveryOption = Annotated[
    int, typer.Option("--every", metavar="N", help="Show the map every N rounds (0: start and end).")
]
ScenarioFile = Annotated[Path, typer.Argument(metavar="FILE", help="Scenario file (its script is ignored).")]
AiOption = Annotated[list[str] | None, typer.Option("--ai", metavar="[SIDE=]NAME", help=policies_help())]


def _print_version(wanted: bool) -> None:
    if wanted:
        say(version())
        raise typer.Exit()


@app.callback()
def main(
    show_version: Annotated[
        bool,
        typer.Option(
            "--version", help="Print tactica's version and exit.", is_eager=True, callback=_print_version
        ),
    ] = False,
) -> None:
    """A rules engine for tactical, turn-based tabletop-RPG combat."""


@app.command()
@guarded
def systems(as_json: JsonFlag = False) -> None:
    """List the registered rule systems."""
    rows = [{"id": s.id, "name": s.name, "version": s.version} for s in all_systems()]
    if as_json:
        emit_json(rows)
        return
    width = max(len(r["id"]) for r in rows)
    say_all(f"{r['id']:<{width}}  {r['name']} — {r['version']}" for r in rows)


@app.command()
@guarded
def demo(
    system: Annotated[str, typer.Argument(metavar="SYSTEM", help=systems_help())] = "futurepath",
    seed: SeedOption = None,
    rounds: RoundsOption = None,
    every: EveryOption = 1,
    as_json: JsonFlag = False,
) -> None:
    """Run the system's demo skirmish, AI against AI, with the map and a round-by-round log."""
    check_ranges(seed=seed, rounds=rounds, every=every)
    scenario = with_max_rounds(load_demo(system), rounds)
    _show_fight(play_ai(scenario, seed=seed, ai=[], board_every=every), as_json)


@app.command()
@guarded
def fight(
    file: ScenarioFile,
    seed: SeedOption = None,
    ai: AiOption = None,
    rounds: RoundsOption = None,
    every: EveryOption = 0,
    as_json: JsonFlag = False,
) -> None:
    """One AI-against-AI fight from a scenario file, as a readable log (or data with --json)."""
    check_ranges(seed=seed, rounds=rounds, every=every)
    scenario = with_max_rounds(load_scenario(file), rounds)
    _show_fight(play_ai(scenario, seed=seed, ai=ai or [], board_every=every), as_json)


def _show_fight(played: AIFight, as_json: bool) -> None:
    if as_json:
        emit_json(played.to_dict())
    else:
        say_all(played.lines())


@app.command()
@guarded
def play(
    file: Annotated[Path | None, typer.Argument(metavar="FILE", help="Scenario file.")] = None,
    load: Annotated[
        Path | None,
        typer.Option("--load", metavar="SAVE", help="Resume a fight saved with 'save' (instead of FILE)."),
    ] = None,
    seed: SeedOption = None,
    dice: Annotated[
        str,
        typer.Option("--dice", metavar="seeded|manual", help="'manual': type every roll's faces."),
    ] = "seeded",
    ai: Annotated[
        list[str] | None, typer.Option("--ai", metavar="SIDE=NAME", help=policies_help(play=True))
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Run the scenario's script, then ask a person for each decision (read from stdin: a terminal or a
    pipe), an AI deciding for the sides --ai names; or resume a saved fight with --load."""
    if dice not in ("seeded", "manual"):
        fail(f"--dice {dice}: choose 'seeded' or 'manual'", as_json=as_json)
    if (file is None) == (load is None):
        fail("play takes a scenario FILE or --load SAVED_FIGHT (one of them)", as_json=as_json)
    check_ranges(seed=seed)
    if load is not None:
        play_saved(load, dice=dice, as_json=as_json, ai=ai or [])
    elif file is not None:
        play_scenario(file, seed=seed, dice=dice, as_json=as_json, ai=ai or [])


@app.command(name="verify")
@guarded
def verify_command(
    paths: Annotated[
        list[Path], typer.Argument(metavar="PATH...", help="Scenario files, or folders searched for *.yaml.")
    ],
    seed: SeedOption = None,
    as_json: JsonFlag = False,
    log: Annotated[bool, typer.Option("--log", help="Also print each scenario's event log.")] = False,
) -> None:
    """Run scenarios and check their expectations; exit 1 when any fails, 2 when a file is bad."""
    check_ranges(seed=seed)
    reports = verify(paths, seed=seed)
    if not reports:
        fail(NO_SCENARIOS, as_json=as_json)
    if as_json:
        emit_json({"files": [r.to_dict() for r in reports], "summary": checks.summary(reports)})
    else:
        for r in reports:
            if log and r.run is not None:
                say_all([f"{r.path}: the log", *render_log(r.run.fight.events)])
            say_all(checks.report_lines(r))
        say(checks.summary(reports))
        _errors([p for r in reports if r.error is not None for p in r.error.problems])
    if any(r.error for r in reports):
        raise typer.Exit(BAD_INPUT)
    if any(not r.passed for r in reports):
        raise typer.Exit(1)


def _errors(problems: list[Problem]) -> None:
    """Problems on stderr, one 'error:' line each."""
    if problems:
        console(stderr=True).print("\n".join(f"error: {p}" for p in problems), style="red")


@app.command()
@guarded
def check(
    paths: Annotated[
        list[Path], typer.Argument(metavar="PATH...", help="Scenario files, or folders searched for *.yaml.")
    ],
    as_json: JsonFlag = False,
) -> None:
    """Validate scenario files (setup, script syntax, expectations) and explain every problem."""
    files = scenario_files(paths)
    if not files:
        fail(NO_SCENARIOS, as_json=as_json)
    found = {str(f): check_file(f) for f in files}
    problems = [p for _, ps in found.values() for p in ps]
    if as_json:
        emit_json(
            [{"file": f, "ok": not ps, "problems": [str(p) for p in ps]} for f, (_, ps) in found.items()]
        )
    else:
        say_all(
            line for _, (s, ps) in found.items() if s is not None and not ps for line in checks.check_lines(s)
        )
    if problems:
        if not as_json:
            _errors(problems)
        raise typer.Exit(BAD_INPUT)


FightsOption = Annotated[
    int, typer.Option("-n", "--fights", metavar="N", help="How many fights (per cell for sweep).")
]
WorkersOption = Annotated[
    int | None,
    typer.Option(
        "--workers", metavar="W", help="Local worker processes (default: every core; 1: this process)."
    ),
]
ClusterOption = Annotated[
    str | None,
    typer.Option(
        "--cluster",
        metavar="ADDRESS",
        help="Run on the Dask scheduler at this address (needs tactica[cluster]).",
    ),
]

EngineOption = Annotated[
    str,
    typer.Option(
        "--engine",
        metavar="TIER",
        help="auto: a kernel when one covers the scenario, else the reference engine; reference; kernel.",
    ),
]


@app.command()
@guarded
def sim(
    file: ScenarioFile,
    n: FightsOption = 1000,
    seed: SeedOption = None,
    workers: WorkersOption = None,
    cluster: ClusterOption = None,
    ai: AiOption = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", metavar="FILE", help="Write one row per fight (.csv or .parquet)."),
    ] = None,
    plot: Annotated[
        Path | None, typer.Option("--plot", metavar="FILE", help="Write a PNG of the results.")
    ] = None,
    engine: EngineOption = "auto",
    verbose: Annotated[
        bool, typer.Option("-v", "--verbose", help="Say why each kernel covers the run or not.")
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """Simulate N fights of a scenario: win rates with 95% intervals, fight length, per-combatant figures."""
    check_ranges(seed=seed)
    require_range("-n", n, 1, MAX_KERNEL_FIGHTS, "fights", "at most 1,000,000 on the reference engine")
    workers = local_workers(workers, cluster)
    scenario_seed = load_scenario(file).seed if seed is None else seed
    run = studies.SimRequest(n, scenario_seed, workers, cluster, ai or [], engine, verbose)
    studies.sim(file, run, out, plot, as_json)


@app.command()
@guarded
def sweep(
    file: ScenarioFile,
    vary: Annotated[
        list[str],
        typer.Option(
            "--vary",
            metavar="PATH=VALUES",
            help="PATH=V1,V2,... : a setup path (options.X, combatants.ID.FIELD) or ai.SIDE.",
        ),
    ],
    n: FightsOption = 200,
    seed: SeedOption = None,
    workers: WorkersOption = None,
    cluster: ClusterOption = None,
    ai: AiOption = None,
    plot: Annotated[
        Path | None,
        typer.Option("--plot", metavar="FILE", help="Write a PNG of win rate against the values."),
    ] = None,
    engine: EngineOption = "auto",
    as_json: JsonFlag = False,
) -> None:
    """Simulate every combination of the varied values: a table (and plot) of win rates with intervals."""
    check_ranges(seed=seed)
    require_range("-n", n, 1, MAX_KERNEL_FIGHTS, "fights", "at most 1,000,000 on the reference engine")
    workers = local_workers(workers, cluster)
    scenario_seed = load_scenario(file).seed if seed is None else seed
    run = studies.SimRequest(n, scenario_seed, workers, cluster, ai or [], engine)
    studies.sweep(file, vary, run, plot, as_json)


@app.command()
@guarded
def odds(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="Scenario file: odds are for the state after its script.")
    ],
    action: Annotated[
        str | None,
        typer.Option("--action", metavar="ACTION", help="The action, e.g. 'vex attack rook with rifle'."),
    ] = None,
    then: Annotated[
        list[str] | None,
        typer.Option("--then", metavar="ANSWER", help="An answer that belongs to the action's resolution."),
    ] = None,
    fight_odds: Annotated[
        bool, typer.Option("--fight", help="Exact win odds of a 1-against-1 melee fight instead.")
    ] = False,
    estimate: Annotated[
        bool, typer.Option("--estimate", help="Sample the engine even when exact odds exist.")
    ] = False,
    samples: Annotated[
        int, typer.Option("--samples", metavar="N", help="Resolutions sampled for an estimate.")
    ] = 20_000,
    seed: Annotated[int, typer.Option("--seed", metavar="SEED", help="Dice seed of the samples.")] = 0,
    exact: Annotated[
        bool, typer.Option("--exact", help="Probabilities as exact fractions (3/20), in text and JSON.")
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """The exact distribution of one action's outcome (or a labelled estimate), or exact fight odds. The
    action may be any combatant's: one not deciding now is evaluated as if it were their turn."""
    check_ranges(seed=seed, samples=samples)
    if fight_odds:
        studies.duel(file, as_json, exact)
    elif action is None:
        fail(
            "give --action 'ACTOR VERB TARGET ...' (or --fight for the odds of the whole fight)",
            as_json=as_json,
        )
    else:
        studies.odds(file, action, then or [], estimate, samples, seed, as_json, exact)


@app.command()
@guarded
def legend(
    system: Annotated[str, typer.Argument(help="Rule system id.")] = "futurepath",
    as_json: JsonFlag = False,
) -> None:
    """How to read the log: the system's dice notation, each with an example line and its meaning."""
    entries = log_legend(system)
    if as_json:
        emit_json([e._asdict() for e in entries])
    else:
        say_all(legend_lines(system))


register_table(app)


def run() -> None:
    """The console script ``tactica``."""
    app()
