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

import dataclasses
import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tactica.ai import combatants
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
    and harm), kept as exact fractions. ``exact`` odds are computed; the others are estimated from
    ``samples`` engine resolutions (each probability a count over ``samples``). ``played_on``: the actions
    taken first to reach the actor's turn (the action was asked of someone not deciding); ``assumed``: the
    answers given for the action's own decisions that ``then`` left open (every one a ``pass``)."""

    action: str
    then: tuple[str, ...]
    system: str
    harm_unit: str
    exact: bool
    probabilities: Mapping[Resolution, Fraction]
    samples: int = 0
    order: tuple[str, ...] = ()
    counts: Mapping[Resolution, int] = field(default_factory=dict)
    played_on: tuple[str, ...] = ()
    assumed: tuple[str, ...] = ()

    def class_fractions(self) -> dict[str, Fraction]:
        """The exact probability of each outcome class, in the system's order."""
        totals: dict[str, Fraction] = {}
        for resolution, p in self.probabilities.items():
            totals[resolution.outcome] = totals.get(resolution.outcome, Fraction(0)) + p
        rank = {name: i for i, name in enumerate(self.order)}
        return dict(sorted(totals.items(), key=lambda kv: (rank.get(kv[0], len(rank)), kv[0])))

    def harm_fractions(self) -> dict[float, Fraction]:
        """The exact probability of each amount of harm, smallest first."""
        totals: dict[float, Fraction] = {}
        for resolution, p in self.probabilities.items():
            totals[resolution.harm] = totals.get(resolution.harm, Fraction(0)) + p
        return dict(sorted(totals.items()))

    def mean_fraction(self) -> Fraction:
        """The expected harm, exactly."""
        return sum((Fraction(r.harm) * p for r, p in self.probabilities.items()), Fraction(0))

    def classes(self) -> dict[str, float]:
        """The probability of each outcome class, in the system's order."""
        return {name: float(p) for name, p in self.class_fractions().items()}

    def harm(self) -> dict[float, float]:
        """The probability of each amount of harm, smallest first."""
        return {amount: float(p) for amount, p in self.harm_fractions().items()}

    def cumulative(self) -> list[tuple[float, Fraction, Fraction, Fraction]]:
        """Per amount of harm, smallest first: (amount, P(exactly), P(at least), P(at most))."""
        rows, below = [], Fraction(0)
        for amount, p in self.harm_fractions().items():
            rows.append((amount, p, 1 - below, below + p))
            below += p
        return rows

    def mean_harm(self) -> float:
        """The expected harm."""
        return float(self.mean_fraction())

    def harm_variance(self) -> float:
        """The variance of the harm."""
        m = self.mean_fraction()
        return float(
            sum(((Fraction(r.harm) - m) ** 2 * p for r, p in self.probabilities.items()), Fraction(0))
        )

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

    def to_dict(self, *, fractions: bool = False) -> dict[str, Any]:
        """JSON-ready. Every probability is the number nearest the exact one (its shortest decimal: 0.15, not
        0.15000000000000002), or with ``fractions`` a string such as ``"3/20"``; harm amounts and intervals
        are numbers."""

        def number(p: Fraction) -> float | str:
            return str(p) if fractions else float(p)

        return {
            "action": self.action,
            "then": list(self.then),
            "assumed": list(self.assumed),
            "played_on": list(self.played_on),
            "system": self.system,
            "method": "exact" if self.exact else "Monte Carlo estimate",
            "exact": self.exact,
            "samples": self.samples,
            "harm_unit": self.harm_unit,
            "outcomes": {
                name: {"probability": number(p), "interval": list(self.class_interval(name))}
                for name, p in self.class_fractions().items()
            },
            "harm": [
                {"amount": h, "probability": number(p), "at_least": number(up), "at_most": number(down)}
                for h, p, up, down in self.cumulative()
            ],
            "mean_harm": number(self.mean_fraction()),
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
    any_turn: bool = False,
) -> ActionOdds:
    """The odds of ``action`` taken now (followed by the answers ``then``, e.g. a defender's declaration;
    a decision ``then`` leaves open is answered ``pass`` where that is legal, and reported as assumed):
    exact when the rule system computes them (and ``estimate`` is not asked for), else estimated from
    ``samples`` resolutions through the engine on dice seeded with ``seed`` (``progress`` is told how many
    more are done, now and then). With ``any_turn``, an action of a combatant who is not deciding now is
    evaluated as if it were their turn: the fight is played on (on a copy) until they decide, every other
    decider ending its turn or passing (:func:`turn_of`)."""
    played_on: tuple[str, ...] = ()
    if any_turn:
        fight, played_on = turn_of(fight, action)
    asked = _checked(fight, action, list(then))
    system = fight.system
    try:
        exact = None if estimate else system.exact_odds(fight.game, fight.state, asked.action, asked.answers)
    except OddsTooLarge as error:
        raise TacticaError(f"{error}; use --estimate to sample instead (estimate=True)") from None
    if exact is None:
        found = sampled_odds(
            fight, asked.action, asked.answers, samples=samples, seed=seed, progress=progress
        )
    else:
        found = ActionOdds(
            action=str(asked.action),
            then=(),
            system=system.id,
            harm_unit=system.harm_unit,
            exact=True,
            probabilities={Resolution(*r): Fraction(p) for r, p in exact.items() if p > 0},
            order=system.outcome_classes,
        )
    given = tuple(map(str, asked.answers[: asked.given]))
    assumed = tuple(map(str, asked.answers[asked.given :]))
    return dataclasses.replace(found, then=given, assumed=assumed, played_on=played_on)


#: Verbs a combatant uses to let the fight go on without doing anything, most preferred first.
QUIET_VERBS = ("pass", "hold", "decline", "end")
#: How many actions :func:`turn_of` plays at most before giving up.
MAX_PLAYED_ON = 200


def turn_of(fight: Fight, action: Action | str) -> tuple[Fight, tuple[str, ...]]:
    """``fight`` when the action's actor decides now; else a copy played on until they do, every other
    decider taking its first legal quiet action (:data:`QUIET_VERBS`), and those actions."""
    actor = _actor_of(fight, action)
    if actor in fight.deciding() or fight.is_over():
        return fight, ()
    if actor not in combatants(fight):
        raise TacticaError(
            f"action '{action}': {actor} is not in this fight ({', '.join(combatants(fight))})"
        )
    copy, played = fight.clone(), []
    for _ in range(MAX_PLAYED_ON):
        if actor in copy.deciding() or copy.is_over():
            break
        step = _quiet(copy)
        if step is None:
            break
        copy.apply(step)
        played.append(str(step))
    if actor not in copy.deciding():
        raise TacticaError(
            f"'{action}': {actor} does not decide now, and the fight does not come to {actor}'s turn when"
            f" the others end their turns ({len(played)} actions played on a copy)"
        )
    return copy, tuple(played)


def _actor_of(fight: Fight, action: Action | str) -> str:
    try:
        return fight.normalize(action).actor
    except TacticaError as error:
        raise TacticaError(f"action '{action}': {error}") from None


def _quiet(fight: Fight) -> Action | None:
    """The first decider's most preferred quiet action (None when it has none)."""
    mine = fight.legal_actions_of(fight.deciding()[0])
    for verb in QUIET_VERBS:
        found = next((a for a in mine if a.verb == verb and a.target is None and not a.flags), None)
        if found is not None:
            return found
    return None


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
    asked = _checked(fight, action, list(then))
    chosen, answers = asked.action, asked.answers
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
        probabilities={r: Fraction(n, samples) for r, n in counts.items()},
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


@dataclass(frozen=True)
class _Asked:
    """An action and its answers in written form: the first ``given`` were asked for, the rest assumed."""

    action: Action
    answers: list[Action]
    given: int


def _checked(fight: Fight, action: Action | str, then: list[Action | str]) -> _Asked:
    """The action and answers in written form, checked by taking them once on a copy; a decision of the
    action's resolution that they leave open, and that may be answered ``pass``, is answered so."""
    chosen = _legal(fight, action, "action", "now")
    trial = fight.clone(dice=SeededDice(0))
    mark = len(trial.events)
    trial.apply(chosen)
    answers = []
    for i, answer in enumerate(then):
        step = _legal(trial, answer, f"then[{i}]", f"after '{chosen}'")
        _answer(trial, step, f"then[{i}]")
        answers.append(step)
    given = len(answers)
    for _ in range(MAX_PLAYED_ON):
        passing = _open_decision(trial, chosen, mark)
        if passing is None:
            break
        _answer(trial, passing, "assumed")
        answers.append(passing)
    return _Asked(chosen, answers, given)


def _answer(trial: Fight, step: Action, label: str) -> None:
    try:
        trial.apply(step)
    except DiceError as error:
        raise TacticaError(f"{label} '{step}': {error}") from None


def _open_decision(trial: Fight, chosen: Action, mark: int) -> Action | None:
    """The ``pass`` that answers a decision still open before ``chosen`` resolved; None when it resolved or
    no one may pass."""
    if (
        trial.system.resolution(trial.game, chosen, trial.events[mark:]) is not None
        or not trial.state.pending
    ):
        return None
    return next((a for a in trial.legal_actions() if a.verb == "pass" and a.actor != chosen.actor), None)


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
