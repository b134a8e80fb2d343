"""Fuzz targets over scenario files: a mutated example or demo file through ``tactica check``, ``verify``,
``fight``, ``sim`` and ``odds``, in this process (typer's test runner on the real command-line app).

At the command line a failure is an exception in the result (a traceback), an exit status other than 0, 1 or
2, or an error paragraph over the line limit.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path

import yaml
from typer.testing import CliRunner

from tactica.analysis.odds import scenario_fight
from tactica.cli.main import app
from tactica.fuzz.corpus import Sample, samples
from tactica.fuzz.guard import Broken, Probe, check_message, is_deliberate
from tactica.fuzz.mutate import mutate_data, mutate_text, pick
from tactica.fuzz.texts import mutate_action_text
from tactica.scenario import load_scenario_text

EXIT_STATUSES = (0, 1, 2)
#: Odd option values tried now and then (each command picks those it takes).
ODD_SEEDS = ("-1", "0", "99999999999999999999", "1e3", "x")
ODD_AI = ("random", "default", "=random", "nobody", "red=random", "red=", "=", "red=nobody")
#: ``sim`` has no round limit, and a random-AI fight of a large example lasts its 100 rounds (FuturePath's
#: attacks.yaml: about 2,900 actions, over 10 s): slow, not broken, so sim fuzzes the other values.
SIM_AI = tuple(a for a in ODD_AI if not a.endswith("random"))


def mutated_file(probe: Probe) -> tuple[Sample, Path]:
    """A mutated example file written to this process's scratch folder."""
    sample = pick(probe.rng, samples())
    text = mutated_text(probe, sample)
    probe.note(f"mutation of {sample.name}", text)
    path = scratch() / Path(sample.name.replace(":", "-")).name
    path.write_text(text, encoding="utf-8", errors="surrogateescape")
    return sample, path


def mutated_text(probe: Probe, sample: Sample) -> str:
    """Half the time a text mutation, else one of the data (falling back to text when it cannot dump)."""
    others = [s.text for s in samples()]
    if probe.rng.random() < 0.5:
        return mutate_text(probe.rng, sample.text, others)
    try:
        return yaml.safe_dump(mutate_data(probe.rng, yaml.safe_load(sample.text)), sort_keys=False)
    except (yaml.YAMLError, RecursionError, ValueError, TypeError):
        return mutate_text(probe.rng, sample.text, others)


@cache
def scratch() -> Path:
    """A scratch folder of this process for the mutated files."""
    return Path(tempfile.mkdtemp(prefix="tactica-fuzz-"))


def invoke(probe: Probe, args: Sequence[str]) -> None:
    """Run the command line; raise what escaped it, or :class:`Broken` for a bad status or a long message."""
    probe.note("command", "tactica " + " ".join(repr(a) if " " in a or not a else a for a in args))
    result = CliRunner().invoke(app, list(args))
    error = result.exception
    if error is not None and not isinstance(error, SystemExit):
        if is_deliberate(error):
            raise Broken("uncaught error", f"{args[0]}: {type(error).__name__}: {error}"[:500], args[0])
        raise error
    if result.exit_code not in EXIT_STATUSES:
        raise Broken("exit status", f"{args[0]} exited {result.exit_code}", args[0])
    check_message(result.stderr, f"tactica {args[0]}")


def _maybe(probe: Probe, option: str, values: Sequence[str], chance: float = 0.1) -> list[str]:
    return [option, pick(probe.rng, values)] if probe.rng.random() < chance else []


def check_target(probe: Probe) -> None:
    """``tactica check`` on a mutated file."""
    _, path = mutated_file(probe)
    invoke(probe, ["check", str(path), *(["--json"] if probe.rng.random() < 0.3 else [])])


def verify_target(probe: Probe) -> None:
    """``tactica verify`` on a mutated file."""
    _, path = mutated_file(probe)
    invoke(probe, ["verify", str(path), *_maybe(probe, "--seed", ODD_SEEDS), *_json(probe)])


def fight_target(probe: Probe) -> None:
    """``tactica fight`` on a mutated file, a few rounds."""
    _, path = mutated_file(probe)
    rounds = pick(probe.rng, ("1", "2", "3", "5", "0", "-1"))
    options = [*_maybe(probe, "--seed", ODD_SEEDS), *_maybe(probe, "--ai", ODD_AI, 0.3), *_json(probe)]
    invoke(probe, ["fight", str(path), "--rounds", rounds, *options])


def sim_target(probe: Probe) -> None:
    """``tactica sim`` on a mutated file: one or two fights in this process."""
    _, path = mutated_file(probe)
    n = pick(probe.rng, ("1", "2", "2", "0", "-3"))
    options = [*_maybe(probe, "--seed", ODD_SEEDS), *_maybe(probe, "--ai", SIM_AI, 0.3), *_json(probe)]
    invoke(probe, ["sim", str(path), "-n", n, "--workers", "1", *options])


def odds_target(probe: Probe) -> None:
    """``tactica odds`` on a mutated file, with an action listed in the original (perhaps mutated). The
    sample count is always given: an estimate's 20,000 default resolutions of a heavy action (a grenade's
    blast on a big map, ~0.5 ms each) take longer than the 10-s hang limit by design, not by a fault."""
    sample, path = mutated_file(probe)
    listed = listed_after_script(sample)
    action = mutate_action_text(probe.rng, listed) if probe.rng.random() < 0.3 else pick(probe.rng, listed)
    options = ["--samples", pick(probe.rng, ("50", "200", "2000", "0", "-5"))]
    if probe.rng.random() < 0.3:
        options.append("--estimate")
    invoke(probe, ["odds", str(path), "--action", action, *options])


def _json(probe: Probe) -> list[str]:
    return ["--json"] if probe.rng.random() < 0.2 else []


@cache
def listed_after_script(sample: Sample) -> tuple[str, ...]:
    """The legal actions once the unmutated file's script has run (a made-up one when there are none)."""
    fight = scenario_fight(load_scenario_text(sample.text, sample.name))
    return tuple(str(a) for a in fight.legal_actions()) or ("vex attack rook",)


FILE_TARGETS: dict[str, Callable[[Probe], None]] = {
    "check": check_target,
    "verify": verify_target,
    "fight": fight_target,
    "sim": sim_target,
    "odds": odds_target,
}
