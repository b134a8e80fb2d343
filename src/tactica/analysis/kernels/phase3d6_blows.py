"""Playing the Phase 3d6 melee duel (:mod:`~.phase3d6_duel`) for many fights at once, die by die in the
engine's order: initiative scores (3d6 added with ``initiative_roll``, E14) and d20 tie-breaks re-rolled
while equal (rule 3, E13; again at every Phase after the first with ``tie_break: every_phase``); then every
Phase, in that order, each fighter's place: a Stunned fighter recovers (its full Phase, no dice), any other
Strikes — 3d6 against the hit table, then on a hit the weapon's damage dice (STUN: their total plus the
constant, never below 0; BODY: 0 per 1, 2 per 6, else 1; PD off both), Stunned on STUN taken above CON
(``hero_stunned``), out at STUN or BODY 0 or below, which ends the fight; a Post-Turn Recovery after every
Phase 4 (rule 1, E10); cut off after Turn ``max_rounds``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from tactica.analysis.kernels.base import CUT_OFF, WIN, Outcomes, duel_outcomes
from tactica.analysis.kernels.dice import IntArray, KernelDice

Ints = IntArray
Pair = tuple[int, int]


@dataclass(frozen=True)
class Duel:
    """Everything one fight of the duel depends on; pairs are (fighter 0, fighter 1) in setup order.

    ``hits[x, s, t]``: x's Strike hits on a 3d6 total ``t`` when the other is Stunned (``s`` 1) or not;
    ``damage[x]``: the (count, sides) dice x's hit rolls, in the engine's order (the weapon's terms, then
    the Strike's extra d6); ``constant[x]``: added to their total for STUN; ``scores``: initiative scores,
    ``rolled``: whose score adds 3d6 (E14)."""

    names: tuple[str, str]
    sides: tuple[str, str]
    stun: tuple[int, int]
    body: tuple[int, int]
    stunned: tuple[bool, bool]
    max_stun: tuple[int, int]
    rec: tuple[int, int]
    con: tuple[int, int]
    pd: tuple[int, int]
    hits: npt.NDArray[np.bool_]
    damage: tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]
    constant: tuple[int, int]
    scores: tuple[int, int]
    rolled: tuple[bool, bool]
    hero_stunned: bool
    every_phase: bool
    max_rounds: int

    @property
    def phases(self) -> int:
        """The last global Phase before the Turn limit cuts the fight off."""
        return 4 * self.max_rounds


class Lanes:
    """The fights still going (columns: lanes; rows: fighter 0 and 1), and the results of those that
    ended, by fight number."""

    def __init__(self, duel: Duel, n: int, first: Ints, tied: npt.NDArray[np.bool_]) -> None:
        self.duel = duel
        self.ids = np.arange(n)
        self.first, self.tied = first, tied
        self.stun = np.tile(np.array(duel.stun, dtype=np.int64)[:, None], (1, n))
        self.body = np.tile(np.array(duel.body, dtype=np.int64)[:, None], (1, n))
        self.stunned = np.tile(np.array(duel.stunned, dtype=np.bool_)[:, None], (1, n))
        self.taken = np.zeros((2, n), dtype=np.int64)
        self.left = np.zeros((n, 2), dtype=np.int64)
        self.left_body = np.zeros((n, 2), dtype=np.int64)
        self.taken_all = np.zeros((n, 2), dtype=np.int64)
        self.winner = np.full(n, -1, dtype=np.int8)
        self.result = np.full(n, CUT_OFF, dtype=np.int8)
        self.rounds = np.full(n, duel.phases, dtype=np.int32)

    @property
    def size(self) -> int:
        return int(self.ids.size)

    def end(self, lanes: Ints, winners: Ints, phase: int) -> None:
        """The fights in ``lanes`` are won by ``winners`` in global Phase ``phase``."""
        ended = self.ids[lanes]
        self.winner[ended], self.result[ended], self.rounds[ended] = winners, WIN, phase
        self._write(lanes)
        keep = np.ones(self.size, dtype=np.bool_)
        keep[lanes] = False
        self.ids, self.first, self.tied = self.ids[keep], self.first[keep], self.tied[keep]
        self.stun, self.body = self.stun[:, keep], self.body[:, keep]
        self.stunned, self.taken = self.stunned[:, keep], self.taken[:, keep]

    def _write(self, lanes: Ints | slice) -> None:
        ended = self.ids[lanes]
        self.left[ended] = self.stun[:, lanes].T
        self.left_body[ended] = self.body[:, lanes].T
        self.taken_all[ended] = self.taken[:, lanes].T

    def outcomes(self) -> Outcomes:
        """Every fight's outcome (those still going are cut off)."""
        self._write(slice(None))
        duel = self.duel
        found = duel_outcomes(
            duel.names, duel.sides, duel.stun, self.left, self.winner, self.result, self.rounds, "stun"
        )
        taken = self.taken_all.astype(np.float64)
        names = enumerate(duel.names)
        bodies = {f"{name}.body": self.left_body[:, i].astype(np.int32) for i, name in names}
        remaining = {**found.remaining, **bodies}
        return replace(found, remaining=remaining, taken=taken, dealt=taken[:, ::-1].copy())


# -- initiative (rule 3, E13, E14) -------------------------------------------------------------------


def initiative(duel: Duel, dice: KernelDice, n: int) -> tuple[Ints, npt.NDArray[np.bool_]]:
    """Which fighter acts first in each fight, and whether the two scores are equal."""
    scores = np.tile(np.array(duel.scores, dtype=np.int64)[:, None], (1, n))
    for i in (0, 1):
        if duel.rolled[i]:
            scores[i] += dice.roll(6, 3, n).sum(axis=1)
    first = (scores[1] > scores[0]).astype(np.int64)
    tied = scores[0] == scores[1]
    lanes = np.nonzero(tied)[0]
    first[lanes] = tie_break(dice, np.zeros(lanes.size, dtype=np.int64))
    return first, tied


def tie_break(dice: KernelDice, lead: Ints) -> Ints:
    """A d20 for the fighter listed first (``lead``), then one for the other; the higher goes first,
    equal rolls roll again (``combat.tie_break``)."""
    out = lead.copy()
    pending = np.arange(lead.size)
    while pending.size:
        mine, theirs = dice.roll(20, 1, pending.size)[:, 0], dice.roll(20, 1, pending.size)[:, 0]
        out[pending] = np.where(theirs > mine, 1 - lead[pending], lead[pending])
        pending = pending[mine == theirs]
    return out


# -- the fight ----------------------------------------------------------------------------------------


def play(duel: Duel, dice: KernelDice) -> Outcomes:
    """``dice.fights`` fights of the duel."""
    lanes = Lanes(duel, dice.fights, *initiative(duel, dice, dice.fights))
    for phase in range(1, duel.phases + 1):
        if duel.every_phase and phase > 1:
            tied = np.nonzero(lanes.tied)[0]
            lanes.first[tied] = tie_break(dice, lanes.first[tied])
        for place in (0, 1):
            place_comes_up(duel, dice, lanes, lanes.first if place == 0 else 1 - lanes.first, phase)
            if not lanes.size:
                return lanes.outcomes()
        if phase % 4 == 0:
            post_turn(duel, lanes)
    return lanes.outcomes()


def place_comes_up(duel: Duel, dice: KernelDice, lanes: Lanes, actor: Ints, phase: int) -> None:
    """Each fight's ``actor`` recovers from being Stunned, or Strikes the other."""
    every = np.arange(lanes.size)
    if duel.hero_stunned:
        dazed = lanes.stunned[actor, every]
        lanes.stunned[actor[dazed], every[dazed]] = False
        every, actor = every[~dazed], actor[~dazed]
    target = 1 - actor
    totals = dice.roll(6, 3, every.size).sum(axis=1)
    hit = duel.hits[actor, lanes.stunned[target, every].astype(np.int64), totals]
    every, actor, target = every[hit], actor[hit], target[hit]
    stun, body = damage(duel, dice, actor)
    pd = np.array(duel.pd)[target]
    lost, wounds = np.maximum(0, stun - pd), np.maximum(0, body - pd)
    lanes.stun[target, every] -= lost
    lanes.body[target, every] -= wounds
    lanes.taken[target, every] += lost
    if duel.hero_stunned:
        lanes.stunned[target, every] |= lost > np.array(duel.con)[target]
    out = (lanes.stun[target, every] <= 0) | (lanes.body[target, every] <= 0)
    if out.any():
        lanes.end(every[out], actor[out], phase)


def damage(duel: Duel, dice: KernelDice, actor: Ints) -> tuple[Ints, Ints]:
    """The STUN and BODY of each attacker's hit before PD (``combat.damage``)."""
    stun = np.zeros(actor.size, dtype=np.int64)
    body = np.zeros(actor.size, dtype=np.int64)
    for x in (0, 1):
        mine = np.nonzero(actor == x)[0]
        if not mine.size:
            continue
        total = np.full(mine.size, duel.constant[x], dtype=np.int64)
        for count, sides in duel.damage[x]:
            faces = dice.roll(sides, count, mine.size)
            total += faces.sum(axis=1)
            body[mine] += ((faces > 1).astype(np.int64) + (faces == 6)).sum(axis=1)
        stun[mine] = np.maximum(0, total)
    return stun, body


def post_turn(duel: Duel, lanes: Lanes) -> None:
    """Rule 1, E10: each fighter regains up to REC STUN, not above its maximum."""
    top = np.array(duel.max_stun, dtype=np.int64)[:, None]
    rec = np.array(duel.rec, dtype=np.int64)[:, None]
    lanes.stun += np.clip(top - lanes.stun, 0, rec)
