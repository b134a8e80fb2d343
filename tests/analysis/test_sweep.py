"""Sweeps: ``--vary PATH=VALUES`` parsing, setting setup paths, every combination simulated on the same seeds."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactica.analysis.sweep import cell_specs, parse_vary, plan_sweep, run_sweep, set_path
from tactica.engine import TacticaError
from tactica.scenario import load_scenario
from tests.kernels.conftest import shape

DUEL = Path(__file__).resolve().parents[2] / "examples" / "futurepath" / "duel.yaml"


def test_values_are_read_as_yaml_scalars() -> None:
    v = parse_vary("combatants.ada.hp=5, 20,x")
    assert v.path == "combatants.ada.hp" and v.values == (5, 20, "x")
    assert parse_vary("options.flag=true").values == (True,)


@pytest.mark.parametrize("bad", ["nothing", "=1,2", "options.max_rounds=", "options.x=[1"])
def test_a_malformed_vary_is_refused(bad: str) -> None:
    with pytest.raises(TacticaError, match="--vary"):
        parse_vary(bad)


def test_set_path_finds_list_entries_by_id_and_index() -> None:
    data = {"combatants": [{"id": "ada", "hp": 20}, {"id": "bo", "hp": 20}]}
    set_path(data, "combatants.bo.hp", 5)
    set_path(data, "combatants.0.hp", 7)
    set_path(data, "options.max_rounds", 3)
    assert data == {
        "combatants": [{"id": "ada", "hp": 7}, {"id": "bo", "hp": 5}],
        "options": {"max_rounds": 3},
    }


@pytest.mark.parametrize(
    ("path", "needle"),
    [("combatants.zed.hp", "no 'zed' in 'combatants' (ids: ada, bo)"), ("mapp.text", "no 'mapp'")],
)
def test_set_path_names_what_is_there(path: str, needle: str) -> None:
    data = {"combatants": [{"id": "ada"}, {"id": "bo"}], "map": {"text": "a b"}}
    with pytest.raises(TacticaError) as error:
        set_path(data, path, 1)
    assert needle in str(error.value)


def test_every_combination_is_a_cell_and_rules_reject_bad_values() -> None:
    scenario = load_scenario(DUEL)
    cells = cell_specs(
        scenario, [parse_vary("combatants.ada.hp=5,40"), parse_vary("ai.blue=default,random")], seed=1
    )
    assert [values for values, _ in cells] == [
        {"combatants.ada.hp": 5, "ai.blue": "default"},
        {"combatants.ada.hp": 5, "ai.blue": "random"},
        {"combatants.ada.hp": 40, "ai.blue": "default"},
        {"combatants.ada.hp": 40, "ai.blue": "random"},
    ]
    assert cells[1][1].ai == {"red": "default", "blue": "random"}
    with pytest.raises(TacticaError, match=r"--vary combatants\.ada\.template=nobody"):
        cell_specs(scenario, [parse_vary("combatants.ada.template=nobody")], seed=1)


def test_more_hit_points_win_more_often() -> None:
    """A sweep over a stat moves the win rate the way it must: 5 HP against 20 loses more than 60 HP."""
    scenario = load_scenario(DUEL)
    cells = run_sweep(scenario, [parse_vary("combatants.ada.hp=5,60")], 40, seed=2, workers=1)
    weak, strong = (c.summary.wins["red"].rate for c in cells)
    assert weak < strong


def test_each_cell_runs_on_the_tier_sim_would_choose() -> None:
    """Issue 16 B (sweep on the fast tier): a cell a kernel covers runs on it, a cell outside every kernel's
    coverage on the engine, saying why; both tiers give cells of the same shape."""
    cells = run_sweep(load_scenario(DUEL), [parse_vary("ai.blue=default,random")], 30, seed=1, workers=1)
    assert [c.tier.name for c in cells] == ["kernel futurepath-duel", "reference engine"]
    assert "futurepath-duel: the AI 'random'" in cells[1].tier.why
    mine, theirs = (c.to_dict() for c in cells)
    assert mine["tier"].keys() == theirs["tier"].keys()
    assert shape({**mine, "tier": {}}) == shape({**theirs, "tier": {}})


def test_a_sweep_over_the_duel_agrees_on_both_tiers() -> None:
    """Issue 16 B: the same sweep on the kernel (20,000 fights a cell) and on the engine (400) gives each
    cell's red win rate within 4 standard errors of the difference."""
    scenario, vary = load_scenario(DUEL), [parse_vary("combatants.ada.hp=15,25")]
    kernel = run_sweep(scenario, vary, 20_000, seed=1, engine="kernel", workers=1)
    engine = run_sweep(scenario, vary, 400, seed=1, engine="reference", workers=1)
    for mine, theirs in zip(kernel, engine, strict=True):
        assert (mine.tier.kernel, theirs.tier.kernel) == ("futurepath-duel", None)
        assert mine.values == theirs.values
        p, q = mine.summary.wins["red"], theirs.summary.wins["red"]
        se = (p.rate * (1 - p.rate) / p.total + q.rate * (1 - q.rate) / q.total) ** 0.5
        assert abs(p.rate - q.rate) < 4 * se, (mine.values, p.rate, q.rate)


def test_a_cell_no_tier_can_play_is_refused_before_any_fight() -> None:
    """Issue 16 B: `--engine kernel` on a cell outside every kernel's coverage, or more fights than the
    engine takes in a cell that runs on it, is one error naming the cell."""
    scenario, vary = load_scenario(DUEL), [parse_vary("ai.blue=default,random")]
    with pytest.raises(TacticaError, match=r"^--vary ai.blue=random: --engine kernel: no kernel covers: fut"):
        plan_sweep(scenario, vary, 10, seed=1, engine="kernel")
    with pytest.raises(TacticaError, match=r"^--vary ai.blue=random: -n 2000000: give 1 to 1,000,000 fights"):
        plan_sweep(scenario, vary, 2_000_000, seed=1)
    fast = plan_sweep(scenario, [parse_vary("ai.blue=default")], 2_000_000, seed=1)
    assert fast[0].tier.kernel == "futurepath-duel"  # the fast tier takes up to 10,000,000 fights a cell
