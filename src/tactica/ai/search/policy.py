"""The search AI: flat Monte-Carlo look-ahead over the default AI's choice and a few alternatives.

For each candidate action (see :mod:`.candidates`) a playout applies it to a clone of the fight that rolls its
own seeded dice (never the real fight's dice to come), lets the system's default AI play every side for
``horizon`` actions (or to the end), and scores the position reached (:mod:`.standing`). Every candidate is
tried on the same dice seeds (common random numbers: the comparison is not drowned by luck); the best mean
wins if it beats the default AI's choice clearly (:func:`better`), else the default AI's choice stands. A
decision with one legal action is taken at once.

A system's settings may name scripts (other policies it registers): each is a plan compared beside the
candidates, its choice played out with the script playing the deciding side and the default AI the others, so
that a way of fighting the default AI would not take (holding ground, focusing fire) is judged by where it
leads, not by its first step alone (portfolio search, as Churchill and Buro's in real-time strategy games).
A system's settings may also name a guide (another policy it registers) to propose the move to beat and play
the deciding side in the candidates' playouts in the default AI's place; the default AI still plays the
other sides.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

from tactica.ai.policy import Policy, make_policy
from tactica.ai.search.budget import Budget, parse_budget
from tactica.ai.search.candidates import candidates
from tactica.ai.search.settings import Settings, settings_of
from tactica.ai.search.standing import standing
from tactica.ai.sides import combatants
from tactica.dice import SeededDice
from tactica.engine.action import Action
from tactica.engine.events import TurnStarted
from tactica.engine.fight import Fight


class SearchPolicy:
    """Looks ahead with the engine within a :class:`Budget`; deterministic for a seed with a playout budget
    (a time budget, counted in the CPU time of this process so that other jobs on the machine do not starve
    it, searches as far as the machine gets). ``default`` stands for the system's default AI: it plays the
    other sides in the playouts, and is the guide too where the settings name none (``guide="default"``);
    ``settings`` replace the system's own (:mod:`.settings`)."""

    def __init__(
        self,
        seed: int = 0,
        budget: str = "",
        *,
        settings: Settings | None = None,
        default: Policy | None = None,
    ) -> None:
        self.budget: Budget = parse_budget(budget)
        self.rng = random.Random(seed)
        self._settings = settings
        self._rollout = default
        self._scripts: list[Policy] | None = None
        self._guide: Policy | None = None

    def choose(self, fight: Fight) -> Action:
        """The guide's choice (the default AI's unless the settings name another), unless another candidate
        beats it clearly over the playouts the budget allows (:func:`better`)."""
        actor = fight.deciding()[0]
        legal = fight.legal_actions_of(actor)
        if len(legal) == 1:
            return legal[0]
        rollout = self._rollout_for(fight)
        guide = self._guide_for(fight)
        preferred = guide.choose(fight)
        side = fight.side_of(actor)
        enemies = {c for c in combatants(fight) if fight.side_of(c) != side}
        settings = self._settings_for(fight)
        seen = [a for a in legal if a.verb not in settings.unseen]
        also = settings.instead.get(preferred.verb, frozenset())
        plans = [Plan(a, guide) for a in candidates(seen, preferred, enemies, self.rng, settings.width, also)]
        plans += [Plan(script.choose(fight), script) for script in self._scripts_for(fight)]
        if len(plans) == 1:
            return preferred
        values = self._search(fight, side, plans, rollout)
        return plans[better(values, settings.margin, settings.evidence)].first

    def _rollout_for(self, fight: Fight) -> Policy:
        if self._rollout is None:
            self._rollout = make_policy("default", fight.system.id)
        return self._rollout

    def _guide_for(self, fight: Fight) -> Policy:
        """The policy the settings' ``guide`` names (made at the first decision), or the default AI."""
        if self._guide is None:
            name = self._settings_for(fight).guide
            self._guide = (
                self._rollout_for(fight)
                if name == "default"
                else make_policy(name, fight.system.id, self.rng.getrandbits(32))
            )
        return self._guide

    def _scripts_for(self, fight: Fight) -> list[Policy]:
        """The policies the settings' ``scripts`` name, made at the first decision."""
        if self._scripts is None:
            names = self._settings_for(fight).scripts
            self._scripts = [make_policy(name, fight.system.id, self.rng.getrandbits(32)) for name in names]
        return self._scripts

    def _settings_for(self, fight: Fight) -> Settings:
        """The settings given, else the system's (looked up at the first decision)."""
        if self._settings is None:
            self._settings = settings_of(fight.system.id)
        return self._settings

    def _search(self, fight: Fight, side: str, plans: Sequence[Plan], rollout: Policy) -> list[list[float]]:
        """The values of the first plans, one per round of playouts (one playout per plan per round, all on
        one dice seed), as many rounds as the budget allows (at least one). All the plans are played, except
        under a time budget that the first round would overrun: then only those whose first playout is
        expected to end within it (at least the first plan; the values are of ``plans[:len(values)]``)."""
        out = set(fight.system.out_of_action(fight.game, fight.state))
        people = [c for c in combatants(fight) if c not in out]
        values: list[list[float]] = [[] for _ in plans]
        start = time.process_time()
        rounds = 0
        while not rounds or self._more(rounds, len(values), start):
            seed = self.rng.getrandbits(63)
            for i, plan in enumerate(plans[: len(values)]):
                if not rounds and i and self._overrun(i, start):
                    del values[i:]
                    break
                end = self._playout(fight, plan, seed, rollout, side)
                values[i].append(standing(end, side, people, len(fight.events)))
            rounds += 1
        return values

    def _more(self, rounds: int, width: int, start: float) -> bool:
        """Whether another round of ``width`` playouts fits the budget, after ``rounds`` rounds."""
        if self.budget.ms is not None:
            spent = (time.process_time() - start) * 1000
            return spent * (rounds + 1) / rounds <= self.budget.ms
        return (rounds + 1) * width <= (self.budget.playouts or 0)

    def _overrun(self, played: int, start: float) -> bool:
        """Whether one more playout of the first round, after ``played`` of them, is expected to end past a
        time budget (a playout budget always plays the first round whole)."""
        if self.budget.ms is None:
            return False
        spent = (time.process_time() - start) * 1000
        return spent * (played + 1) / played > self.budget.ms

    def _playout(self, fight: Fight, plan: Plan, seed: int, rollout: Policy, side: str) -> Fight:
        """A clone of the fight rolling dice of ``seed``: the plan's first action, then the plan's policy for
        ``side`` and the default AI for the others, for the settings' ``horizon`` actions, or until ``turns``
        turns have started (fewer if the fight ends). Nobody undoes a playout: it keeps no checkpoints."""
        settings = self._settings_for(fight)
        sim = fight.clone(dice=SeededDice(seed))
        sim.checkpoints = False
        sim.apply(plan.first)
        turns, seen = settings.turns, len(fight.events)
        for _ in range(settings.horizon):
            if turns is not None:
                turns -= sum(isinstance(e, TurnStarted) for e in sim.events[seen:])
                seen = len(sim.events)
            if sim.is_over() or (turns is not None and turns <= 0):
                break
            mine = plan.then is not rollout and sim.side_of(sim.deciding()[0]) == side
            sim.apply((plan.then if mine else rollout).choose(sim))
        return sim


@dataclass(frozen=True, slots=True)
class Plan:
    """What a playout plays for the deciding side: ``first``, then whatever ``then`` chooses."""

    first: Action
    then: Policy


def better(values: Sequence[Sequence[float]], margin: float, evidence: float) -> int:
    """The index of the candidate to take: among those whose mean difference from candidate 0 (round by
    round) exceeds both ``margin`` and ``evidence`` standard errors, the one with the largest; else 0. With
    one round there is no standard error: a single lucky playout never overrules candidate 0 unless
    ``evidence`` is 0."""
    best, best_gain = 0, margin
    for i in range(1, len(values)):
        gains = [v - v0 for v, v0 in zip(values[i], values[0], strict=True)]
        gain = statistics.fmean(gains)
        spread = statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else math.inf
        if gain > best_gain and (evidence == 0 or gain > evidence * spread):
            best, best_gain = i, gain
    return best
