"""Plots open as images and show what their titles say (issue 6 acceptance)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactica.analysis.plots import plot_run, plot_sweep, pyplot, run_figure, sweep_figure
from tactica.analysis.sim import run_fights, sim_spec
from tactica.analysis.summary import summarize
from tactica.analysis.sweep import parse_vary, run_sweep
from tactica.engine import TacticaError
from tactica.scenario import load_scenario

pytest.importorskip("matplotlib")
DUEL = Path(__file__).resolve().parents[2] / "examples" / "futurepath" / "duel.yaml"


@pytest.fixture(scope="module")
def run():
    spec = sim_spec(load_scenario(DUEL), seed=4)
    rows = run_fights(spec, 30, workers=1)
    return summarize(spec, rows), rows


def test_the_run_plot_is_a_png_with_the_win_rates_and_intervals(run, tmp_path: Path) -> None:
    summary, rows = run
    path = plot_run(summary, rows, tmp_path / "run.png", "Duel")
    image = pyplot().imread(path)
    assert image.shape[0] > 300 and image.shape[1] > 1000
    fig = run_figure(pyplot(), summary, rows, "Duel")
    wins, length, harm = fig.axes
    assert wins.get_title() == "Win rate per side (95% Wilson interval)"
    heights = [bar.get_height() for bar in wins.patches]
    assert heights == pytest.approx(
        [r.rate for r in summary.wins.values()] + [summary.draws.rate, summary.cut_off.rate]
    )
    assert length.get_title() == "Fight length (rounds)"
    assert sum(bar.get_height() for bar in length.patches) == len(rows)
    assert harm.get_title().startswith("Harm dealt per fight")
    assert fig.get_suptitle() == "Duel — 30 fights, seed 4"


def test_the_sweep_plot_draws_one_point_per_value_and_side(tmp_path: Path) -> None:
    cells = run_sweep(load_scenario(DUEL), [parse_vary("combatants.ada.hp=5,20,60")], 10, seed=1, workers=1)
    fig = sweep_figure(pyplot(), cells, ["combatants.ada.hp"], "Duel")
    ax = fig.axes[0]
    assert ax.get_title() == "Duel: win rate against combatants.ada.hp"
    assert [t.get_text() for t in ax.get_xticklabels()] == ["5", "20", "60"]
    assert len(ax.get_lines()) >= 2
    path = plot_sweep(cells, ["combatants.ada.hp"], tmp_path / "sweep.png", "Duel")
    assert pyplot().imread(path).ndim == 3


def test_a_plot_must_be_a_png(run, tmp_path: Path) -> None:
    summary, rows = run
    with pytest.raises(TacticaError, match=r"name a \.png file"):
        plot_run(summary, rows, tmp_path / "run.jpg", "Duel")
