"""Issue 16 B acceptance: `make bench` runs the kernels' benchmark, which prints each kernel's fights/s through
`sim` beside the reference engine's (and their ratio), the 2-worker speed-up, and the lockstep and
distribution proofs; here with a handful of fights."""

from __future__ import annotations

from types import ModuleType

import pytest

from tactica.analysis.tiers import choose_tier
from tests.bench.scripts import load_script


@pytest.fixture(scope="module")
def kernels() -> ModuleType:
    return load_script("kernels")


def test_the_fast_tier_is_measured_beside_the_engine(kernels: ModuleType) -> None:
    speed = kernels.through_sim("futurepath duel", 2000, 3)
    assert speed.tier.kernel == "futurepath-duel" and speed.kernel_rate > speed.engine_rate > 0
    assert "ratio" in speed.line() and "target 1,000,000/s" in speed.line()


def test_the_phase3d6_duel_runs_on_its_kernel_and_is_proven(kernels: ModuleType) -> None:
    """Issue 16 B: the Phase 3d6 duel (trading-blows) is measured on its kernel, against its 500,000/s."""
    speed = kernels.through_sim("phase3d6 trading blows", 2000, 2)
    assert speed.tier.kernel == "phase3d6-duel" and speed.kernel_rate > speed.engine_rate > 0
    assert "target 500,000/s" in speed.line()
    assert kernels.lockstep_check("phase3d6 trading blows", 5) == []
    lines = kernels.distribution_check("phase3d6 trading blows", 20_000)
    assert len(lines) == 2 and all("(within 4)" in line for line in lines)


def test_the_phase3d6_default_ai_duel_is_measured_and_proven_against_the_engine(kernels: ModuleType) -> None:
    """Issue 16 B: the Phase 3d6 duel with the default AI runs on its kernel, against its 500,000/s; with no
    exact odds for that AI, its win rate is held to the engine's own fights."""
    speed = kernels.through_sim("phase3d6 duel", 2000, 2)
    assert speed.tier.kernel == "phase3d6-duel" and "target 500,000/s" in speed.line()
    assert kernels.lockstep_check("phase3d6 duel", 5) == []
    [line] = kernels.distribution_check("phase3d6 duel", 20_000, 200)
    assert "against 200 engine fights" in line and "(within 4)" in line


def test_a_scenario_without_a_kernel_says_so(kernels: ModuleType) -> None:
    spec = kernels.spec_of(kernels.SCENARIOS["phase3d6 trading blows"][0])
    tier = choose_tier(spec, "reference")
    line = kernels.Speed("phase3d6 trading blows", tier, None, 20.0, 500_000).line()
    assert "reference engine (--engine reference)" in line and "not met" in line


def test_the_proofs_run_at_any_size(kernels: ModuleType) -> None:
    assert kernels.lockstep_check("futurepath trading blows", 5) == []
    lines = kernels.distribution_check("futurepath duel", 20_000)
    assert len(lines) == 2 and all("(within 4)" in line for line in lines)


def test_the_srb_duel_runs_on_its_kernel_and_is_held_to_the_engine(kernels: ModuleType) -> None:
    """Issue 16 B: the Star Rangers melee duel is measured on srb-melee (the issue sets no target) and, with
    no exact odds, its win rate is held to the engine's own fights."""
    speed = kernels.through_sim("srb melee duel", 2000, 2)
    assert speed.tier.kernel == "srb-melee" and speed.kernel_rate > speed.engine_rate > 0
    assert "no target in the issue" in speed.line()
    assert kernels.lockstep_check("srb melee duel", 5) == []
    lines = kernels.distribution_check("srb melee duel", 20_000, 40)
    assert len(lines) == 1 and "against 40 engine fights" in lines[0] and "(within 4)" in lines[0]
