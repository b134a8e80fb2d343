"""Issue 12 point 4: the command line refuses unbounded work when a file or an option is read: exit 2, one
short 'error:' line naming the option (or file:line) and what is valid, no traceback, and promptly."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tactica.analysis.limits import cores
from tests.cli.test_commands import assert_bad_input, invoke
from tests.scenario.helpers import DUEL, line_of, write

HUGE = DUEL.replace(
    "template: duelist, hp: 1}", "template: duelist, hp: 1, weapons: [huge], drawn: [huge]}", 1
)
HUGE += "weapons:\n  huge: {damage: DICE, kind: melee}\n"


def one_error(stderr: str) -> str:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    return lines[0]


@pytest.mark.parametrize("command", [["fight"], ["sim", "-n", "3", "--workers", "1"], ["odds", "--fight"]])
def test_a_1000d4_weapon_is_refused_at_load_not_rolled(tmp_path: Path, command: list[str]) -> None:
    """Issue 12 point 4: before, `fight` rolled a thousand dice a hit and `odds` never finished."""
    text = HUGE.replace("DICE", "1000d4")
    path = write(tmp_path, text)
    started = time.monotonic()
    result = invoke(command[0], path, *command[1:])
    assert time.monotonic() - started < 30  # a refusal, not minutes of work
    line = one_error(assert_bad_input(result, "a dice term rolls at most 100 dice, got 1000"))
    assert line.startswith(f"error: {path}:{line_of(text, 'huge: {')}: weapons.huge:")


def test_exact_odds_too_large_suggest_an_estimate(tmp_path: Path) -> None:
    """Issue 12 point 4: 100d100 is within the notation's limits, but its exact odds would take minutes:
    refused before computing, with the way to sample instead; the estimate then works."""
    path = write(tmp_path, HUGE.replace("DICE", "100d100"))
    action = ["--action", "ada attack bo with huge"]
    line = one_error(
        assert_bad_input(invoke("odds", path, *action), "exact odds of 100d100 would take about")
    )
    assert line.endswith("use --estimate to sample instead (estimate=True)")
    fight = one_error(assert_bad_input(invoke("odds", path, "--fight"), "over the limit of 2,000,000"))
    assert fight.endswith(f"estimate the fight with 'tactica sim {path}' instead")
    estimated = invoke("odds", path, *action, "--estimate", "--samples", "50")
    assert estimated.exit_code == 0 and "Monte Carlo estimate from 50 resolutions" in estimated.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["sim", "--workers", "10000"],
            f"--workers 10000: give 1 to {cores():,} workers (the cores of this machine;",
        ),
        (
            ["sim", "--workers", "10000", "--cluster", "tcp://nowhere:1"],
            "give 1 to 256 workers (with --cluster)",
        ),
        (["sim", "-n", "0"], "-n 0: give 1 to 10,000,000 fights (at most 1,000,000 on the reference engine)"),
        (["sim", "-n", "50000000"], "-n 50000000: give 1 to 10,000,000 fights"),
        (
            ["sweep", "--vary", "options.max_rounds=1,2", "-n", "20000000"],
            "-n 20000000: give 1 to 10,000,000",
        ),
        (
            ["sweep", "--vary", "options.max_rounds=1,2", "-n", "2000000", "--engine", "reference"],
            "--vary options.max_rounds=1: -n 2000000: give 1 to 1,000,000 fights (on the reference engine",
        ),
        (["odds", "--action", "ada end", "--samples", "0"], "--samples 0: give 1 to 1,000,000"),
        (["odds", "--action", "ada end", "--samples", "1000001"], "--samples 1000001: give 1 to 1,000,000"),
        (["fight", "--rounds", "0"], "--rounds 0: give 1 to 10,000 rounds"),
        (["fight", "--rounds", "10001"], "--rounds 10001: give 1 to 10,000 rounds"),
        (["fight", "--every", "-1"], "--every -1: give 0 to 10,000 rounds"),
        (["fight", "--seed", "-1"], "--seed -1: give 0 to 9,223,372,036,854,775,807"),
        (["sim", "--seed", str(2**63)], f"--seed {2**63}: give 0 to"),
        (
            ["fight", "--ai", "=random"],
            "--ai '=random': write NAME (every side) or SIDE=NAME (sides: red, blue;",
        ),
        (["fight", "--ai", "red="], "--ai 'red=': write NAME (every side) or SIDE=NAME (sides: red, blue;"),
        (["sim", "--ai", "x=y=z"], "--ai 'x=y=z': write NAME (every side) or SIDE=NAME (sides: red, blue;"),
        (
            ["sim", "--ai", "green=random"],
            "--ai green=random: no side 'green' in this fight (sides: red, blue;",
        ),
        (
            ["fight", "--ai", "red=genius"],
            "--ai red=genius: unknown AI 'genius' (sides: red, blue; AIs: random,",
        ),
    ],
)
def test_out_of_range_options_get_one_line_naming_what_is_valid(
    tmp_path: Path, args: list[str], message: str
) -> None:
    """Issue 12 point 4: `sim --workers 10000` started ten thousand processes, `--samples` had no cap and
    `--ai =random` was accepted; every option is now checked before any work."""
    path = write(tmp_path, DUEL)
    result = invoke(args[0], path, *args[1:])
    assert one_error(assert_bad_input(result, message))


def test_a_sweep_of_too_many_cells_is_refused(tmp_path: Path) -> None:
    """Issue 12 point 4: a sweep's cells multiply; 40 x 40 values is refused before any fight."""
    values = ",".join(str(v) for v in range(1, 41))
    vary = ["--vary", f"options.max_rounds={values}", "--vary", f"combatants.ada.hp={values}"]
    result = invoke("sweep", write(tmp_path, DUEL), *vary, "-n", "1")
    assert one_error(
        assert_bad_input(result, "--vary: 1,600 combinations of values, over the limit of 1,000")
    )
