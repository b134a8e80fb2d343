"""Sweeps: ``--vary PATH=VALUES`` parsing, setting setup paths, every combination simulated on the same seeds."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactica.analysis.sweep import cell_specs, parse_vary, run_sweep, set_path
from tactica.engine import TacticaError
from tactica.scenario import load_scenario

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
