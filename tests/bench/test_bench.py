"""The benchmark script runs (with a handful of fights) and reports what `make bench` prints."""

from __future__ import annotations

import math
from types import ModuleType

import pytest

from tactica.ai import make_policies, run_fight
from tactica.analysis.sim import fight_seed, game_of, play_one, sim_spec
from tactica.cli.fights import load_demo
from tactica.engine import Fight
from tests.bench.scripts import load_script


@pytest.fixture(scope="module")
def run() -> ModuleType:
    return load_script("run")


@pytest.mark.parametrize(
    "name, fights", [("duel", 4), ("skirmish", 1), ("thrum", 1), ("phase3d6", 1), ("srb", 1), ("farrecon", 1)]
)
def test_each_benchmark_plays_its_fights_and_reports_a_median(
    run: ModuleType, name: str, fights: int
) -> None:
    result = run.bench(name, fights=fights, runs=2, warmup=0)
    assert len(result.rates) == 2 and result.median > 0
    assert sum(result.wins.values()) == 2 * fights
    text = run.report(result)
    assert text.startswith(name) and "fights/s" in text and "target" in text


def test_each_run_is_timed_in_cpu_time_too(run: ModuleType) -> None:
    """Issue 16 A: rates are compared in CPU time on a shared machine, so run.py reports them beside the wall
    clock's."""
    result = run.bench("duel", fights=3, runs=2, warmup=0)
    assert len(result.cpu_rates) == 2 and all(rate > 0 for rate in result.cpu_rates)
    assert "CPU time" in run.report(result)


def test_the_command_line_prints_the_cpu_count(run: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert run.main(["--runs", "1", "--duels", "2", "--only", "duel"]) == 0
    out = capsys.readouterr().out
    assert "os.cpu_count() =" in out and "duel" in out


@pytest.fixture(scope="module")
def studies() -> ModuleType:
    return load_script("studies")


def test_the_designer_benchmarks_measure_scaling_overhead_and_odds(studies: ModuleType) -> None:
    """Issue 6 benchmarks, in small: fights/s with 1, 2 and all workers, harness overhead, odds latency."""
    scaling = studies.scaling("futurepath", 4)
    assert set(scaling.rates) >= {1, 2} and all(rate > 0 for rate in scaling.rates.values())
    assert math.isfinite(studies.overhead("futurepath", 2, runs=1))
    assert studies.odds_latency(5) > 0


def test_the_overhead_compares_the_same_fights(studies: ModuleType) -> None:
    """Issue 14 point 12 (the old check, overhead > -1, held for any timing): the harness's overhead is
    only a cost if its loop and the bare engine loop play the same fights, action for action."""
    spec = sim_spec(load_demo("futurepath"), seed=1)
    for index in range(2):
        seed = fight_seed(spec.seed, index)
        bare = Fight(game_of(spec), seed=seed)
        outcome = run_fight(bare, make_policies(spec.system, spec.ai, seed))
        row = play_one(spec, index)
        assert outcome is not None and row["actions"] == len(bare.history) > 0
        assert (row["winner"] or None) == outcome.winner
