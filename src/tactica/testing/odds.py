"""The odds check every rule system's ``exact_odds`` must pass: the exact distribution of an action against
many sampled resolutions of the same action through the engine. Every outcome class, every amount of harm
and the mean harm must lie within ``sigmas`` standard errors of the exact figure (the standard error of the
exact probability at that many samples); an outcome the exact odds call impossible must never be sampled.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from tactica.analysis.odds import ActionOdds, action_odds, sampled_odds
from tactica.engine import Action, Fight


class OddsMismatch(AssertionError):
    """Exact odds and sampled resolutions disagree beyond chance."""


def deviations(exact: ActionOdds, sampled: ActionOdds, sigmas: float = 4.0) -> list[str]:
    """The figures where ``sampled`` lies more than ``sigmas`` standard errors from ``exact``."""
    n = sampled.samples
    found: list[str] = []
    figures: list[tuple[str, float, float]] = []
    want_classes, got_classes = exact.classes(), sampled.classes()
    for name in sorted({*want_classes, *got_classes}):
        figures.append((f"outcome '{name}'", want_classes.get(name, 0.0), got_classes.get(name, 0.0)))
    want_harm, got_harm = exact.harm(), sampled.harm()
    for amount in sorted({*want_harm, *got_harm}):
        figures.append((f"harm {amount:g}", want_harm.get(amount, 0.0), got_harm.get(amount, 0.0)))
    for label, want, got in figures:
        error = math.sqrt(want * (1 - want) / n)
        if abs(got - want) > max(sigmas * error, 1e-12):
            found.append(f"{label}: exact {want:.5f}, sampled {got:.5f} ({_z(got - want, error)})")
    error = math.sqrt(exact.harm_variance() / n)
    gap = sampled.mean_harm() - exact.mean_harm()
    if abs(gap) > max(sigmas * error, 1e-9):
        found.append(
            f"mean harm: exact {exact.mean_harm():.4f}, sampled {sampled.mean_harm():.4f} ({_z(gap, error)})"
        )
    return found


def check_odds(
    fight: Fight,
    action: Action | str,
    then: Iterable[Action | str] = (),
    *,
    samples: int = 100_000,
    seed: int = 1,
    sigmas: float = 4.0,
) -> tuple[ActionOdds, ActionOdds]:
    """Exact odds of ``action`` against ``samples`` engine resolutions; raises :class:`OddsMismatch` when
    the system gives no exact odds or a figure is off by more than ``sigmas`` standard errors."""
    answers = list(then)
    exact = action_odds(fight, action, answers)
    if not exact.exact:
        raise OddsMismatch(f"'{action}': the {fight.system.name} rules gave no exact odds")
    sampled = sampled_odds(fight, action, answers, samples=samples, seed=seed)
    found = deviations(exact, sampled, sigmas)
    if found:
        raise OddsMismatch(f"'{action}' ({samples} samples):\n" + "\n".join(found))
    return exact, sampled


def _z(gap: float, error: float) -> str:
    return f"{gap / error:+.1f} SE" if error > 0 else "impossible by the exact odds"
