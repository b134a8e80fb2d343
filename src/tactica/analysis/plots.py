"""Pictures of a run (PNG, through matplotlib's Agg backend, the ``sim`` extra): win rates with their
intervals, the distribution of fight length and of harm dealt; and, for a sweep, win rate against the varied
values."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tactica.analysis.sim import Row
from tactica.analysis.summary import Rate, Summary
from tactica.engine import TacticaError

if TYPE_CHECKING:
    from tactica.analysis.sweep import Cell


def _pyplot(path: str | Path) -> Any:
    if Path(path).suffix.lower() != ".png":
        raise TacticaError(f"--plot {path}: name a .png file")
    return pyplot(f"--plot {path}: plots need matplotlib: pip install 'tactica[sim]'")


def pyplot(missing: str = "plots need matplotlib: pip install 'tactica[sim]'") -> Any:
    """matplotlib's pyplot on the Agg backend (files only, no window)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise TacticaError(missing) from None
    return plt


def _bar_of(ax: Any, labels: Sequence[str], rates: Sequence[Rate]) -> None:
    values = [r.rate for r in rates]
    low, high = _error_bars(rates)
    ax.bar(labels, values, yerr=[low, high], capsize=6, color="#4C72B0", edgecolor="black")
    for i, value in enumerate(values):
        ax.text(i, value + high[i] + 0.02, f"{value:.1%}", ha="center")
    ax.set_ylim(0, 1.1)
    ax.set_ylabel("share of fights")


def _error_bars(rates: Sequence[Rate]) -> tuple[list[float], list[float]]:
    """Distances from each rate down and up to its interval's ends (never negative by rounding)."""
    low = [max(0.0, r.rate - r.interval[0]) for r in rates]
    high = [max(0.0, r.interval[1] - r.rate) for r in rates]
    return low, high


def plot_run(summary: Summary, rows: Sequence[Row], path: str | Path, title: str) -> Path:
    """Win rates with 95% intervals, fight length and harm dealt per combatant, in one PNG."""
    plt = _pyplot(path)
    fig = run_figure(plt, summary, rows, title)
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return Path(path)


def run_figure(plt: Any, summary: Summary, rows: Sequence[Row], title: str) -> Any:
    """The figure :func:`plot_run` saves."""
    fig, axes = plt.subplots(1, 3, figsize=(16, 5))
    labels = [*summary.wins, "draw", "cut off"]
    _bar_of(axes[0], labels, [*summary.wins.values(), summary.draws, summary.cut_off])
    axes[0].set_title("Win rate per side (95% Wilson interval)")
    rounds = [int(r["rounds"]) for r in rows]
    bins = range(min(rounds), max(rounds) + 2)
    axes[1].hist(rounds, bins=bins, color="#55A868", edgecolor="black", align="left")
    axes[1].set_title(f"Fight length ({summary.round_unit})")
    axes[1].set_xlabel(summary.round_unit)
    axes[1].set_ylabel("fights")
    names = [c.name for c in summary.combatants]
    axes[2].boxplot([[float(r[f"{n}.dealt"]) for r in rows] for n in names], tick_labels=names)
    axes[2].set_title(f"Harm dealt per fight ({summary.harm_unit})")
    axes[2].set_ylabel(summary.harm_unit)
    axes[2].tick_params(axis="x", rotation=45)
    fig.suptitle(f"{title} — {summary.fights} fights, seed {summary.seed}")
    fig.tight_layout()
    return fig


def plot_sweep(cells: Sequence[Cell], paths: Sequence[str], path: str | Path, title: str) -> Path:
    """Win rate of each side against the first varied value, one line per combination of the others."""
    plt = _pyplot(path)
    fig = sweep_figure(plt, cells, paths, title)
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return Path(path)


def sweep_figure(plt: Any, cells: Sequence[Cell], paths: Sequence[str], title: str) -> Any:
    """The figure :func:`plot_sweep` saves."""
    fig, ax = plt.subplots(figsize=(9, 5.5))
    first = paths[0]
    xs = list(dict.fromkeys(str(c.values[first]) for c in cells))
    groups: dict[str, list[Cell]] = {}
    for cell in cells:
        rest = ", ".join(f"{p}={cell.values[p]}" for p in paths[1:])
        groups.setdefault(rest, []).append(cell)
    sides = list(cells[0].summary.wins)
    for rest, members in groups.items():
        for side in sides:
            rates = [m.summary.wins[side] for m in members]
            label = f"{side} wins" + (f" ({rest})" if rest else "")
            x = [xs.index(str(m.values[first])) for m in members]
            low, high = _error_bars(rates)
            ax.errorbar(x, [r.rate for r in rates], yerr=[low, high], capsize=5, marker="o", label=label)
    ax.set_xticks(range(len(xs)), xs)
    ax.set_xlabel(first)
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_ylim(0, 1)
    ax.set_title(f"{title}: win rate against {first}")
    ax.legend()
    fig.tight_layout()
    return fig
