"""A kernel run in ``sim``'s words: the same summary (:class:`~tactica.analysis.summary.Summary`) and the
same rows (one per fight, the engine's columns) as the reference engine gives, computed from arrays.

What a kernel cannot give is empty in its rows: ``seed`` (a kernel fight is one lane of a batch, not an
engine fight with a seed of its own) and ``actions`` (a kernel does not count actions)."""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from tactica.analysis.kernels.base import NEVER, RESULTS, WIN, Outcomes
from tactica.analysis.sim import Row, SimSpec
from tactica.analysis.summary import CombatantSummary, Rate, Spread, Summary


def outcome_rows(found: Outcomes, first: int = 0) -> list[Row]:
    """One row per fight, numbered from ``first``, with the engine's columns in the engine's order."""
    winners = [found.sides[w] if w >= 0 else "" for w in found.winner.tolist()]
    results = [RESULTS[r] for r in found.result.tolist()]
    firsts = _first_out(found).tolist()
    rounds = found.rounds.tolist()
    out_rounds, dealt, taken = found.out_round.tolist(), found.dealt.tolist(), found.taken.tolist()
    rows: list[Row] = []
    for i in range(len(found)):
        row: Row = {
            "fight": first + i,
            "seed": None,
            "winner": winners[i],
            "result": results[i],
            "rounds": rounds[i],
            "actions": None,
            "first_out_round": None if firsts[i] == NEVER else firsts[i],
        }
        for j, name in enumerate(found.names):
            out_round = out_rounds[i][j]
            row[f"{name}.out"] = out_round != NEVER
            row[f"{name}.out_round"] = None if out_round == NEVER else out_round
            row[f"{name}.dealt"] = float(dealt[i][j])
            row[f"{name}.taken"] = float(taken[i][j])
        rows.append(row)
    return rows


def _first_out(found: Outcomes) -> npt.NDArray[np.int32]:
    """Per fight, the first round anybody went out of action (:data:`NEVER` for nobody)."""
    if not found.names:
        return np.full(len(found), NEVER, dtype=np.int32)
    rounds = np.where(found.out, found.out_round, np.iinfo(np.int32).max)
    first = rounds.min(axis=1)
    return np.where(first == np.iinfo(np.int32).max, NEVER, first).astype(np.int32)


def summarize_outcomes(spec: SimSpec, found: Outcomes) -> Summary:
    """The summary the engine's rows of these fights would give (:func:`~tactica.analysis.summarize`)."""
    n = len(found)
    won = found.result == WIN
    sides = list(dict.fromkeys(spec.sides.values()))
    wins = {side: Rate(int(np.sum(won & (found.winner == found.sides.index(side)))), n) for side in sides}
    first = _first_out(found)
    return Summary.of_run(
        spec,
        n,
        wins=wins,
        draws=Rate(int(np.sum(found.result == RESULTS.index("draw"))), n),
        cut_off=Rate(int(np.sum(found.result == RESULTS.index("cut off"))), n),
        rounds=spread(found.rounds),
        first_out=spread(first[first != NEVER]),
        combatants=[_combatant(spec, found, j) for j in range(len(found.names))],
    )


def _combatant(spec: SimSpec, found: Outcomes, j: int) -> CombatantSummary:
    name = found.names[j]
    out = found.out[:, j]
    return CombatantSummary(
        name=name,
        side=spec.sides[name],
        survived=Rate(int(np.sum(~out)), len(found)),
        dealt=_mean(found.dealt[:, j]),
        taken=_mean(found.taken[:, j]),
        out_round=spread(found.out_round[out, j]),
    )


def spread(values: npt.NDArray[np.generic]) -> Spread:
    """Mean, median and 90th percentile (linear interpolation, as :func:`~tactica.analysis.quantile`)."""
    if not len(values):
        return Spread(math.nan, math.nan, math.nan, 0)
    v = values.astype(np.float64)
    return Spread(float(v.mean()), float(np.quantile(v, 0.5)), float(np.quantile(v, 0.9)), len(v))


def _mean(values: npt.NDArray[np.float64]) -> float:
    return float(values.mean()) if len(values) else math.nan
