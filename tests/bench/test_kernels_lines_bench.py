"""The line-up kernels' benchmark script runs with small numbers and reports its proofs (issue 16 part B)."""

from __future__ import annotations

from tactica.analysis.sim import sim_spec
from tactica.scenario import load_scenario
from tests.bench.scripts import load_script


def test_rates_and_proofs_run_with_small_numbers() -> None:
    """Issue 16 B: `make bench` prints the kernel's and the engine's rates and both proofs' verdicts."""
    script = load_script("kernels_lines")
    spec = sim_spec(load_scenario(script.LINES["futurepath-lines"][0]), seed=1)
    found = script.rates(spec, "futurepath-lines", 2_000, 2)
    assert set(found) == {"kernel, 1 worker", "kernel, 2 workers", "engine, 1 worker"}
    assert all(rate > 0 for rate in found.values())
    lines = script.proofs(spec, "futurepath-lines", 3, 2_000, 20, 1)
    assert [line.rsplit(" — ", 1)[1] for line in lines] == ["ok", "ok"]


def test_the_srb_line_up_is_measured_and_proven() -> None:
    """Issue 16 B: the Star Rangers 4 v 4 in a pen is measured on srb-melee beside the engine, and proven."""
    script = load_script("kernels_lines")
    spec = sim_spec(load_scenario(script.LINES["srb-melee"][0]), seed=1)
    found = script.rates(spec, "srb-melee", 2_000, 2)
    assert all(rate > 0 for rate in found.values())
    lines = script.proofs(spec, "srb-melee", 3, 2_000, 20, 1)
    assert [line.rsplit(" — ", 1)[1] for line in lines] == ["ok", "ok"]


def test_the_farrecon_line_up_is_measured_and_proven() -> None:
    """Issue 16 B: the Far Recon 4 v 4 in rubble is measured on farrecon-line beside the engine, and proven."""
    script = load_script("kernels_lines")
    spec = sim_spec(load_scenario(script.LINES["farrecon-line"][0]), seed=1)
    assert all(rate > 0 for rate in script.rates(spec, "farrecon-line", 2_000, 2).values())
    lines = script.proofs(spec, "farrecon-line", 3, 2_000, 20, 1)
    assert [line.rsplit(" — ", 1)[1] for line in lines] == ["ok", "ok"]
