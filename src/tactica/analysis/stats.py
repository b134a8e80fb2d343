"""Small statistics for simulation summaries: Wilson intervals, quantiles, means with standard errors.

>>> low, high = wilson(60, 100)
>>> round(low, 3), round(high, 3)
(0.502, 0.691)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) when there are no trials."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) by linear interpolation between closest ranks (numpy's default); NaN when
    there are no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def mean(values: Sequence[float]) -> float:
    """The arithmetic mean; NaN when there are no values."""
    return sum(values) / len(values) if values else math.nan


def standard_error(values: Sequence[float]) -> float:
    """The standard error of the mean (sample standard deviation over root n); NaN below two values."""
    n = len(values)
    if n < 2:
        return math.nan
    m = mean(values)
    return math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1) / n)
