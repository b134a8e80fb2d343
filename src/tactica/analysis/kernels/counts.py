"""What ``sim``'s summary needs of a kernel's fights, as counts that add up: each batch is counted where it is
played (a worker sends back a few hundred numbers, not its arrays) and the run's summary is made from the sum.

Fight lengths and rounds are whole numbers, so their spread comes from a histogram (how many fights had each
value), with the mean and the quantiles of :func:`tactica.analysis.stats` — the same figures the engine's
summary gives from the rows.

>>> spread_of(np.bincount([1, 2, 2, 3, 7])) == Spread.of([1, 2, 2, 3, 7]) == Spread(3.0, 2.0, 5.4, 5)
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from tactica.analysis.kernels.base import RESULTS, WIN, Outcomes
from tactica.analysis.sim import SimSpec
from tactica.analysis.summary import CombatantSummary, Rate, Spread, Summary

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Counts:
    """The counts of some fights: won per side (index into ``sides``), per result code (:data:`RESULTS`),
    histograms of the rounds and of the first round anybody went out, and per combatant: fights survived,
    harm dealt and taken (sums), and a histogram of the round it went out."""

    names: tuple[str, ...]
    sides: tuple[str, ...]
    fights: int
    wins: Ints
    results: Ints
    rounds: Ints
    first_out: Ints
    survived: Ints
    dealt: Floats
    taken: Floats
    out_round: tuple[Ints, ...]

    @classmethod
    def of(cls, found: Outcomes) -> Counts:
        """The counts of a batch's outcomes (column by column: reducing across the rows of an array with a
        column per combatant is far slower)."""
        columns = range(len(found.names))
        out_rounds = [found.out_round[:, j] for j in columns]
        out = found.out
        return cls(
            found.names,
            found.sides,
            len(found),
            np.bincount(found.winner[found.result == WIN], minlength=len(found.sides)),
            np.bincount(found.result, minlength=len(RESULTS)),
            np.bincount(found.rounds),
            _histogram(found.first_out),
            np.array([len(found) - np.count_nonzero(out[:, j]) for j in columns], dtype=np.int64),
            np.array([found.dealt[:, j].sum() for j in columns], dtype=np.float64),
            np.array([found.taken[:, j].sum() for j in columns], dtype=np.float64),
            tuple(_histogram(r) for r in out_rounds),
        )

    def __add__(self, other: Counts) -> Counts:
        return Counts(
            self.names,
            self.sides,
            self.fights + other.fights,
            self.wins + other.wins,
            self.results + other.results,
            _added(self.rounds, other.rounds),
            _added(self.first_out, other.first_out),
            self.survived + other.survived,
            self.dealt + other.dealt,
            self.taken + other.taken,
            tuple(_added(a, b) for a, b in zip(self.out_round, other.out_round, strict=True)),
        )

    def summary(self, spec: SimSpec) -> Summary:
        """The summary the engine's rows of these fights would give (:func:`~tactica.analysis.summarize`)."""
        n = self.fights
        sides = list(dict.fromkeys(spec.sides.values()))
        return Summary.of_run(
            spec,
            n,
            wins={side: Rate(int(self.wins[self.sides.index(side)]), n) for side in sides},
            draws=Rate(int(self.results[RESULTS.index("draw")]), n),
            cut_off=Rate(int(self.results[RESULTS.index("cut off")]), n),
            rounds=spread_of(self.rounds),
            first_out=spread_of(self.first_out),
            combatants=[self._combatant(spec, j) for j in range(len(self.names))],
        )

    def _combatant(self, spec: SimSpec, j: int) -> CombatantSummary:
        n = self.fights
        return CombatantSummary(
            name=self.names[j],
            side=spec.sides[self.names[j]],
            survived=Rate(int(self.survived[j]), n),
            dealt=float(self.dealt[j]) / n if n else math.nan,
            taken=float(self.taken[j]) / n if n else math.nan,
            out_round=spread_of(self.out_round[j]),
        )


def total(parts: Iterable[Counts]) -> Counts:
    """The counts of several batches together."""
    found: Counts | None = None
    for part in parts:
        found = part if found is None else found + part
    if found is None:
        raise ValueError("no batches to count")
    return found


def spread_of(histogram: Ints) -> Spread:
    """Mean, median and 90th percentile of the values a histogram counts (value v: ``histogram[v]`` times),
    by the formulas of :func:`~tactica.analysis.stats.mean` and :func:`~tactica.analysis.stats.quantile`."""
    n = int(histogram.sum())
    if not n:
        return Spread(math.nan, math.nan, math.nan, 0)
    mean = int(np.dot(np.arange(len(histogram)), histogram)) / n
    ends = np.cumsum(histogram)
    return Spread(mean, _quantile(ends, 0.5), _quantile(ends, 0.9), n)


def _quantile(ends: Ints, q: float) -> float:
    """The ``q`` quantile of the values whose cumulative histogram is ``ends``: linear interpolation between
    the closest ranks."""
    position = q * (int(ends[-1]) - 1)
    low = math.floor(position)
    high = min(low + 1, int(ends[-1]) - 1)
    at_low, at_high = (int(v) for v in np.searchsorted(ends, [low, high], side="right"))
    return at_low + (at_high - at_low) * (position - low)


def _histogram(values: npt.NDArray[np.int32]) -> Ints:
    """How many of ``values`` are each whole number, leaving out :data:`NEVER` (-1, counted first here)."""
    counts: Ints = np.bincount(values + 1)[1:]
    return counts


def _added(a: Ints, b: Ints) -> Ints:
    """Two histograms added (the shorter one padded with zeros)."""
    if len(a) < len(b):
        a, b = b, a
    out = a.copy()
    out[: len(b)] += b
    return out
