"""A kernel run in ``sim``'s words: the same rows (one per fight, the engine's columns) as the reference
engine gives, computed from arrays (the summary comes from :mod:`.counts`).

What a kernel cannot give is empty in its rows: ``seed`` (a kernel fight is one lane of a batch, not an
engine fight with a seed of its own) and ``actions`` (a kernel does not count actions)."""

from __future__ import annotations

from tactica.analysis.kernels.base import NEVER, RESULTS, Outcomes
from tactica.analysis.sim import Row


def outcome_rows(found: Outcomes, first: int = 0) -> list[Row]:
    """One row per fight, numbered from ``first``, with the engine's columns in the engine's order."""
    winners = [found.sides[w] if w >= 0 else "" for w in found.winner.tolist()]
    results = [RESULTS[r] for r in found.result.tolist()]
    firsts = found.first_out.tolist()
    rounds = found.rounds.tolist()
    out_rounds, dealt, taken = found.out_round.tolist(), found.dealt.tolist(), found.taken.tolist()
    outs = found.out.tolist()
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
            row[f"{name}.out"] = outs[i][j]
            row[f"{name}.out_round"] = None if out_round == NEVER else out_round
            row[f"{name}.dealt"] = float(dealt[i][j])
            row[f"{name}.taken"] = float(taken[i][j])
        rows.append(row)
    return rows
