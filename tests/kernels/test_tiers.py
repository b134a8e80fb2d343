"""Issue 16 part B: ``sim`` picks the first kernel that covers the scenario with the sides' policies, says which
tier ran, ``--engine reference`` forces the engine and ``--engine kernel`` refuses with the coverage reason;
both tiers give the same shape of rows, summary and JSON. Played with the test kernel (tests/kernels/coin.py)."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

from tactica.analysis.kernels import TapeDice, TapeMismatch, kernel_named
from tactica.analysis.kernels.batches import BATCH, batch_sizes, count_kernel, run_kernel
from tactica.analysis.kernels.counts import Counts
from tactica.analysis.kernels.tables import outcome_rows
from tactica.analysis.sim import game_of, run_fights, sim_spec
from tactica.analysis.summary import summarize
from tactica.analysis.tiers import choose_tier, simulate
from tactica.engine import TacticaError
from tactica.scenario import load_scenario
from tests.cli.test_commands import invoke
from tests.kernels.coin import CoinKernel
from tests.kernels.conftest import DUEL, SKIRMISH, shape


def _spec(path: Path = DUEL, ai: tuple[str, ...] = ()):
    return sim_spec(load_scenario(path), seed=3, ai=ai)


def test_the_first_covering_kernel_is_chosen(coin_only: CoinKernel) -> None:
    """Issue 16 B: a scenario within a kernel's coverage runs on that kernel."""
    tier = choose_tier(_spec())
    assert tier.kernel == "test-coin" and tier.text() == "kernel test-coin"
    assert tier.coverage == {"test-coin": None}


def test_outside_every_kernel_the_engine_runs_and_says_why(coin_only: CoinKernel) -> None:
    """Issue 16 B: a scenario outside every kernel's coverage runs on the engine, naming each kernel's reason."""
    tier = choose_tier(_spec(SKIRMISH))
    assert tier.kernel is None
    assert tier.text() == "reference engine (no kernel covers: test-coin: 8 combatants, not two)"
    assert (
        choose_tier(_spec(ai=("random",))).why == "no kernel covers: test-coin: an AI other than the default"
    )


def test_a_system_without_kernels_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    from tactica.analysis import kernels

    monkeypatch.setattr(kernels, "KERNELS", [])
    assert choose_tier(_spec()).why == "no kernel covers: there is no kernel for futurepath"


def test_engine_reference_forces_the_engine_and_kernel_refuses_without_coverage(
    coin_only: CoinKernel,
) -> None:
    assert choose_tier(_spec(), "reference").text() == "reference engine (--engine reference)"
    with pytest.raises(TacticaError, match="--engine kernel: no kernel covers: test-coin: 8 combatants"):
        choose_tier(_spec(SKIRMISH), "kernel")
    with pytest.raises(TacticaError, match="--engine fast: choose one of auto, reference, kernel"):
        choose_tier(_spec(), "fast")


def test_a_cluster_runs_the_engine_and_kernel_refuses_it(coin_only: CoinKernel) -> None:
    """What a kernel cannot do (run on a Dask cluster) falls back to the engine, saying so, or is refused."""
    assert "--cluster runs the engine" in choose_tier(_spec(), cluster="tcp://x:1").why
    with pytest.raises(TacticaError, match="not on a --cluster"):
        choose_tier(_spec(), "kernel", cluster="tcp://x:1")


def test_kernel_rows_and_summary_have_the_enginesshape(coin_only: CoinKernel) -> None:
    """Issue 16 B: the same rows (columns, order, types; seed and actions empty) and summary from either tier."""
    spec = _spec()
    engine_rows = run_fights(spec, 4, workers=1)
    kernel_rows = outcome_rows(coin_only.run(load_scenario(DUEL).game, {}, 4, seed=1))
    assert [list(r) for r in kernel_rows] == [list(r) for r in engine_rows]
    for mine, theirs in zip(kernel_rows, engine_rows, strict=True):
        assert mine["seed"] is None and mine["actions"] is None
        for key, value in mine.items():
            assert None in (value, theirs[key]) or type(value) is type(theirs[key]), key
    kernel = Counts.of(coin_only.run(load_scenario(DUEL).game, {}, 40, seed=1)).summary(spec)
    assert shape(kernel.to_dict()) == shape(summarize(spec, engine_rows).to_dict())


def test_kernel_summary_agrees_with_the_summary_of_its_rows(coin_only: CoinKernel) -> None:
    """The array summary is the engine's summary of the same rows (quantiles, means, rates)."""
    spec = _spec()
    found = coin_only.run(load_scenario(DUEL).game, {}, 101, seed=5)
    mine, theirs = Counts.of(found).summary(spec).to_dict(), summarize(spec, outcome_rows(found)).to_dict()
    assert _flat(mine) == pytest.approx(_flat(theirs))


def test_a_copy_of_a_kernel_finds_the_model_already_worked_out() -> None:
    """Issue 16 B, 2 workers: a worker is sent a copy of the kernel with every batch, and must not work the
    model out again for each (7-10 ms of a batch's 25 ms)."""
    kernel, spec = kernel_named("futurepath-duel"), _spec()
    model = kernel.model(game_of(spec), spec.ai)
    assert pickle.loads(pickle.dumps(kernel)).model(game_of(spec), spec.ai) is model


def test_batches_counted_on_workers_summarize_as_their_rows_do() -> None:
    """Issue 16 B, 2 workers: each worker sends back its batches' counts, not their arrays, and the summary of
    the summed counts is exactly the engine's summary of the same fights' rows (quantiles, means, rates)."""
    spec, n = _spec(), BATCH + 999
    kernel = kernel_named("futurepath-duel")
    counts = count_kernel(kernel, spec, n, workers=2, start_method="fork")
    assert counts.summary(spec) == summarize(spec, outcome_rows(run_kernel(kernel, spec, n)))


def _flat(value: object, at: str = "") -> dict[str, object]:
    if isinstance(value, dict):
        return {k: v for key, item in value.items() for k, v in _flat(item, f"{at}.{key}").items()}
    if isinstance(value, list):
        return {k: v for i, item in enumerate(value) for k, v in _flat(item, f"{at}[{i}]").items()}
    return {at: value}


def test_batches_do_not_depend_on_the_workers(coin_only: CoinKernel) -> None:
    """Like the engine's rows, a kernel run depends only on the scenario, N and the seed."""
    spec, n = _spec(), 2 * BATCH + 5
    assert batch_sizes(n) == [BATCH, BATCH, 5]
    one = run_kernel(coin_only, spec, n, workers=1)
    two = run_kernel(coin_only, spec, n, workers=2, start_method="fork")
    assert (one.winner == two.winner).all() and len(one) == n
    assert 0.49 < float((one.winner == 0).mean()) < 0.51


def test_simulate_limits_the_fights_by_tier(coin_only: CoinKernel) -> None:
    spec = _spec()
    with pytest.raises(
        TacticaError, match=r"-n 1000001: give 1 to 1,000,000 fights \(on the reference engine"
    ):
        simulate(spec, 1_000_001, choose_tier(spec, "reference"))
    with pytest.raises(TacticaError, match="-n 10000001: give 1 to 10,000,000 fights on the fast tier"):
        simulate(spec, 10_000_001, choose_tier(spec))


def test_a_tape_refuses_dice_the_engine_did_not_roll() -> None:
    """The lockstep proof's guard: a kernel that leaves the engine's order of dice fails loudly."""
    with pytest.raises(TapeMismatch, match="face 1 of the tape is 7: it does not fit a d6"):
        TapeDice([7]).roll(6, 1, 1)
    with pytest.raises(TapeMismatch, match="asked for 2 d20 at face 2; the engine's tape has 2 faces"):
        tape = TapeDice([3, 4])
        tape.roll(20, 1, 1)
        tape.roll(20, 2, 1)
    tape = TapeDice([3, 4])
    tape.roll(20, 1, 1)
    with pytest.raises(TapeMismatch, match="read 1 of the tape's 2 faces"):
        tape.finish()


def test_sim_says_which_tier_ran(coin_only: CoinKernel) -> None:
    """Issue 16 B: `sim` prints the tier; -v each kernel's coverage; --json carries it."""
    result = invoke("sim", DUEL, "-n", "50", "--workers", "1", "-v")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[1:3] == ["tier: kernel test-coin", "  test-coin: covers this run"]
    engine = invoke("sim", DUEL, "-n", "5", "--workers", "1", "--engine", "reference", "--json")
    kernel = invoke("sim", DUEL, "-n", "5", "--workers", "1", "--json")
    mine, theirs = json.loads(kernel.stdout), json.loads(engine.stdout)
    assert mine["tier"]["kernel"] == "test-coin" and theirs["tier"] == {
        "tier": "reference",
        "kernel": None,
        "why": "--engine reference",
        "coverage": {},
    }
    assert shape(mine) == shape(theirs) | {"tier": shape(mine["tier"])}


def test_sim_engine_kernel_refuses_in_one_line(coin_only: CoinKernel) -> None:
    result = invoke("sim", SKIRMISH, "-n", "5", "--engine", "kernel")
    assert result.exit_code == 2
    assert "--engine kernel: no kernel covers: test-coin: 8 combatants, not two" in result.output


def test_sim_out_has_the_engines_header(coin_only: CoinKernel, tmp_path: Path) -> None:
    for engine in ("reference", "auto"):
        result = invoke(
            "sim", DUEL, "-n", "3", "--workers", "1", "--engine", engine, "--out", tmp_path / f"{engine}.csv"
        )
        assert result.exit_code == 0, result.output
    heads = [(tmp_path / f"{e}.csv").read_text().splitlines()[0] for e in ("reference", "auto")]
    assert heads[0] == heads[1]


def test_sim_refuses_more_fights_than_the_engine_takes(coin_only: CoinKernel) -> None:
    """Issue 12's bounded work: the fast tier takes up to 10,000,000 fights, the engine 1,000,000."""
    result = invoke("sim", SKIRMISH, "-n", "5000000")
    assert result.exit_code == 2
    assert (
        "-n 5000000: give 1 to 1,000,000 fights (on the reference engine; more on the fast tier)"
        in result.output
    )
