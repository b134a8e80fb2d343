"""The odds of one action: the exact distribution of its outcome when the rule system can compute it (its
``exact_odds`` hook, icepool over the same rules and options the engine uses), else a Monte Carlo estimate
from the engine itself, labelled as such and given with intervals.

>>> from tactica.scenario import load_scenario_text
>>> scenario = load_scenario_text('''
... system: futurepath
... map: {text: "a b"}
... combatants:
...   - {id: vex, side: red, at: a, template: duelist}
...   - {id: rook, side: blue, at: b, template: duelist}
... initiative: {red: 5, blue: 3}
... ''', "inline.yaml")
>>> odds = action_odds(scenario_fight(scenario), "vex attack rook with short-sword")
>>> odds.exact, round(sum(odds.classes().values()), 9)
(True, 1.0)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tactica.analysis.limits import MAX_SAMPLES, require_range
from tactica.analysis.stats import Z95, wilson
from tactica.dice import DiceError, OddsTooLarge, SeededDice
from tactica.engine import Action, Fight, Resolution, TacticaError
from tactica.scenario import Scenario, play_script, start_fight

#: Resolutions sampled when an action's odds cannot be computed exactly (and by default for ``estimate``).
DEFAULT_SAMPLES = 20_000
#: How many resolutions of an estimate are reported to its progress callback at a time.
PROGRESS_EVERY = 500


@dataclass(frozen=True)
class ActionOdds:
    """The distribution of one action's outcome: the probability of each :class:`Resolution` (outcome class
    and harm). ``exact`` odds are computed; the others are estimated from ``samples`` engine resolutions."""

    action: str
    then: tuple[str, ...]
    system: str
    harm_unit: str
    exact: bool
    probabilities: Mapping[Resolution, float]
    samples: int = 0
    order: tuple[str, ...] = ()
    counts: Mapping[Resolution, int] = field(default_factory=dict)

    def classes(self) -> dict[str, float]:
        """The probability of each outcome class, in the system's order."""
        totals: dict[str, float] = {}
        for resolution, p in self.probabilities.items():
            totals[resolution.outcome] = totals.get(resolution.outcome, 0.0) + p
        rank = {name: i for i, name in enumerate(self.order)}
        return dict(sorted(totals.items(), key=lambda kv: (rank.get(kv[0], len(rank)), kv[0])))

    def harm(self) -> dict[float, float]:
        """The probability of each amount of harm, smallest first."""
        totals: dict[float, float] = {}
        for resolution, p in self.probabilities.items():
            totals[resolution.harm] = totals.get(resolution.harm, 0.0) + p
        return dict(sorted(totals.items()))

    def mean_harm(self) -> float:
        """The expected harm."""
        return sum(r.harm * p for r, p in self.probabilities.items())

    def harm_variance(self) -> float:
        """The variance of the harm."""
        m = self.mean_harm()
        return sum((r.harm - m) ** 2 * p for r, p in self.probabilities.items())

    def class_interval(self, name: str) -> tuple[float, float]:
        """The 95% Wilson interval of an outcome class's probability (a point for exact odds)."""
        p = self.classes().get(name, 0.0)
        if self.exact:
            return (p, p)
        hits = sum(n for r, n in self.counts.items() if r.outcome == name)
        return wilson(hits, self.samples)

    def mean_harm_interval(self) -> tuple[float, float]:
        """The 95% interval of the mean harm (normal approximation; a point for exact odds)."""
        m = self.mean_harm()
        if self.exact or self.samples < 2:
            return (m, m)
        half = Z95 * math.sqrt(self.harm_variance() * self.samples / (self.samples - 1) / self.samples)
        return (m - half, m + half)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, every figure a number."""
        return {
            "action": self.action,
            "then": list(self.then),
            "system": self.system,
            "method": "exact" if self.exact else "Monte Carlo estimate",
            "exact": self.exact,
            "samples": self.samples,
            "harm_unit": self.harm_unit,
            "outcomes": {
                name: {"probability": p, "interval": list(self.class_interval(name))}
                for name, p in self.classes().items()
            },
            "harm": [{"amount": h, "probability": p} for h, p in self.harm().items()],
            "mean_harm": self.mean_harm(),
            "mean_harm_interval": list(self.mean_harm_interval()),
        }


def scenario_fight(scenario: Scenario) -> Fight:
    """The scenario's fight with its script played (its expectations are not checked): the 'current state'
    odds are asked of."""
    fight = start_fight(scenario)
    play_script(scenario, fight, scenario.script, lambda _results: None)
    return fight


def action_odds(
    fight: Fight,
    action: Action | str,
    then: Iterable[Action | str] = (),
    *,
    estimate: bool = False,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> ActionOdds:
    """The odds of ``action`` taken now (followed by the answers ``then``, e.g. a defender's declaration):
    exact when the rule system computes them (and ``estimate`` is not asked for), else estimated from
    ``samples`` resolutions through the engine on dice seeded with ``seed`` (``progress`` is told how many
    more are done, now and then)."""
    chosen, answers = _checked(fight, action, list(then))
    system = fight.system
    try:
        exact = None if estimate else system.exact_odds(fight.game, fight.state, chosen, answers)
    except OddsTooLarge as error:
        raise TacticaError(f"{error}; use --estimate to sample instead (estimate=True)") from None
    if exact is None:
        return sampled_odds(fight, chosen, answers, samples=samples, seed=seed, progress=progress)
    return ActionOdds(
        action=str(chosen),
        then=tuple(map(str, answers)),
        system=system.id,
        harm_unit=system.harm_unit,
        exact=True,
        probabilities={Resolution(*r): float(p) for r, p in exact.items() if p > 0},
        order=system.outcome_classes,
    )


def sampled_odds(
    fight: Fight,
    action: Action | str,
    then: Iterable[Action | str] = (),
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> ActionOdds:
    """The odds of ``action`` estimated from ``samples`` resolutions through the engine: each on a copy of
    the fight rolling fresh dice (one seeded stream), read back by the system's ``resolution`` hook;
    ``progress`` is told of every ``PROGRESS_EVERY`` done."""
    require_range("--samples", samples, 1, MAX_SAMPLES, "resolutions to sample")
    chosen, answers = _checked(fight, action, list(then))
    dice = SeededDice(seed)
    counts: Counter[Resolution] = Counter()
    for done in range(1, samples + 1):
        counts[resolve_once(fight.clone(dice=dice), chosen, answers)] += 1
        if progress is not None and (done % PROGRESS_EVERY == 0 or done == samples):
            progress(done % PROGRESS_EVERY or PROGRESS_EVERY)
    system = fight.system
    return ActionOdds(
        action=str(chosen),
        then=tuple(map(str, answers)),
        system=system.id,
        harm_unit=system.harm_unit,
        exact=False,
        probabilities={r: n / samples for r, n in counts.items()},
        samples=samples,
        order=system.outcome_classes,
        counts=dict(counts),
    )


def resolve_once(fight: Fight, action: Action, then: Sequence[Action]) -> Resolution:
    """Take ``action`` and ``then`` on ``fight`` (changing it) and read how the action turned out."""
    mark = len(fight.events)
    fight.apply(action)
    for answer in then:
        reason = fight.why_illegal(answer)
        if reason is not None:
            raise TacticaError(f"then '{answer}': not legal after '{action}' on some rolls: {reason}")
        fight.apply(answer)
    found = fight.system.resolution(fight.game, action, fight.events[mark:])
    if found is None:
        waiting = ", ".join(sorted({str(a) for a in fight.legal_actions()})[:8])
        raise TacticaError(
            f"'{action}': the {fight.system.name} rules read no outcome from what it did (only actions that"
            " roll against a target have odds; one that waits for an answer needs it as --then / then)"
            + (f"\nlegal next: {waiting}" if waiting else "")
        )
    return Resolution(*found)


def _checked(fight: Fight, action: Action | str, then: list[Action | str]) -> tuple[Action, list[Action]]:
    """The action and answers in written form, checked by taking them once on a copy."""
    chosen = _legal(fight, action, "action", "now")
    trial = fight.clone(dice=SeededDice(0))
    trial.apply(chosen)
    answers = []
    for i, answer in enumerate(then):
        step = _legal(trial, answer, f"then[{i}]", f"after '{chosen}'")
        try:
            trial.apply(step)
        except DiceError as error:
            raise TacticaError(f"then[{i}] '{step}': {error}") from None
        answers.append(step)
    return chosen, answers


def _legal(fight: Fight, action: Action | str, label: str, when: str) -> Action:
    """``action`` in written form, or an error naming ``label``, why it is not legal ``when``, and what is."""
    try:
        written = fight.normalize(action)
    except TacticaError as error:
        raise TacticaError(f"{label} '{action}': {error}") from None
    reason = fight.why_illegal(written)
    if reason is not None:
        legal = ", ".join(sorted({str(a) for a in fight.legal_actions()})[:12])
        raise TacticaError(f"{label} '{written}' is not legal {when}: {reason}\nlegal {when}: {legal}")
    return written
