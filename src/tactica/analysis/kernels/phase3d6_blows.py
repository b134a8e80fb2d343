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
from typing import Any

import numpy as np
import numpy.typing as npt

from tactica.analysis.kernels.base import CUT_OFF, WIN, Outcomes, duel_outcomes
from tactica.analysis.kernels.dice import IntArray, KernelDice, outcome

Ints = IntArray
#: The attack roll (rule 5).
ATTACK_DICE = ((3, 6),)


@dataclass(frozen=True)
class Duel:
    """Everything one fight of the duel depends on; pairs are (fighter 0, fighter 1) in setup order.

    ``hits[x, s, o]``: x's Strike hits on the attack roll's outcome ``o`` (:func:`outcome`) when the other
    is Stunned (``s`` 1) or not; ``damage[x]``: the (count, sides) dice x's hit rolls, in the engine's order
    (the weapon's terms, then the Strike's extra d6); ``lost[x][o]``, ``wounds[x][o]``: the STUN and BODY
    the other loses on their outcome ``o``; ``scores``: initiative scores, ``rolled``: whose score adds 3d6
    (E14)."""

    names: tuple[str, str]
    sides: tuple[str, str]
    stun: tuple[int, int]
    body: tuple[int, int]
    stunned: tuple[bool, bool]
    max_stun: tuple[int, int]
    rec: tuple[int, int]
    con: tuple[int, int]
    hits: npt.NDArray[np.bool_]
    damage: tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]
    lost: tuple[Ints, Ints]
    wounds: tuple[Ints, Ints]
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
    """The fights still going, kept with those whose fighter 0 acts first ahead of the others (``split`` of
    them), so each place is two slices with one attacker each; per fighter (index 0 and 1) its STUN,
    BODY, Stunned flag and the STUN it lost; and the results of the fights that ended, by fight number."""

    def __init__(self, duel: Duel, n: int, first: Ints, tied: npt.NDArray[np.bool_]) -> None:
        self.duel = duel
        self.ids, self.first, self.tied = np.arange(n), first, tied
        self.stun = [np.full(n, duel.stun[i], dtype=np.int64) for i in (0, 1)]
        self.body = [np.full(n, duel.body[i], dtype=np.int64) for i in (0, 1)]
        self.stunned = [np.full(n, duel.stunned[i], dtype=np.bool_) for i in (0, 1)]
        self.taken = [np.zeros(n, dtype=np.int64) for _ in (0, 1)]
        self.left = np.zeros((n, 2), dtype=np.int64)
        self.left_body = np.zeros((n, 2), dtype=np.int64)
        self.taken_all = np.zeros((n, 2), dtype=np.int64)
        self.winner = np.full(n, -1, dtype=np.int8)
        self.result = np.full(n, CUT_OFF, dtype=np.int8)
        self.rounds = np.full(n, duel.phases, dtype=np.int32)
        self.split = 0
        self.sort()

    @property
    def size(self) -> int:
        return int(self.ids.size)

    def sort(self) -> None:
        """Put the fights whose fighter 0 acts first ahead of the others (after a tie-break)."""
        self._take(np.argsort(self.first, kind="stable"))
        self.split = int(np.count_nonzero(self.first == 0))

    def places(self, place: int) -> list[tuple[int, slice]]:
        """The attacker and the lanes of each slice at the first (0) or second (1) place of a Phase."""
        ahead, behind = slice(0, self.split), slice(self.split, self.size)
        return [(0, ahead), (1, behind)] if place == 0 else [(1, ahead), (0, behind)]

    def end(self, lanes: Ints, winners: Ints, phase: int) -> None:
        """The fights in ``lanes`` are won by ``winners`` in global Phase ``phase``."""
        ended = self.ids[lanes]
        self.winner[ended], self.result[ended], self.rounds[ended] = winners, WIN, phase
        self._write(lanes)
        keep = np.ones(self.size, dtype=np.bool_)
        keep[lanes] = False
        self.split -= int(np.count_nonzero(lanes < self.split))
        self._take(keep)

    def _take(self, which: Ints | npt.NDArray[np.bool_]) -> None:
        self.ids, self.first, self.tied = self.ids[which], self.first[which], self.tied[which]
        tracks: tuple[list[npt.NDArray[Any]], ...] = (self.stun, self.body, self.stunned, self.taken)
        for track in tracks:
            track[0], track[1] = track[0][which], track[1][which]

    def _write(self, lanes: Ints | slice) -> None:
        ended = self.ids[lanes]
        for i in (0, 1):
            self.left[ended, i] = self.stun[i][lanes]
            self.left_body[ended, i] = self.body[i][lanes]
            self.taken_all[ended, i] = self.taken[i][lanes]

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
        if duel.every_phase and phase > 1 and lanes.tied.any():
            tied = np.nonzero(lanes.tied)[0]
            lanes.first[tied] = tie_break(dice, lanes.first[tied])
            lanes.sort()
        for place in (0, 1):
            ended = [place_comes_up(duel, dice, lanes, x, where) for x, where in lanes.places(place)]
            out = np.concatenate([lanes for lanes, _ in ended])
            if out.size:
                lanes.end(out, np.concatenate([winners for _, winners in ended]), phase)
            if not lanes.size:
                return lanes.outcomes()
        if phase % 4 == 0:
            post_turn(duel, lanes)
    return lanes.outcomes()


def place_comes_up(duel: Duel, dice: KernelDice, lanes: Lanes, x: int, where: slice) -> tuple[Ints, Ints]:
    """In the fights ``where``, fighter ``x`` recovers from being Stunned, or Strikes the other: the fights
    it knocks out (lanes) and itself as their winner."""
    y = 1 - x
    who = np.arange(where.stop - where.start)
    if duel.hero_stunned:
        dazed = lanes.stunned[x][where]
        who = who[~dazed]
        dazed[:] = False
    rolled = outcome(dice, ATTACK_DICE, who.size)
    stunned = lanes.stunned[y][where]
    who = who[duel.hits[x, stunned[who].view(np.int8), rolled]]
    rolled = outcome(dice, duel.damage[x], who.size)
    lost, wounds = duel.lost[x][rolled], duel.wounds[x][rolled]
    stun, body = lanes.stun[y][where], lanes.body[y][where]
    stun[who] -= lost
    body[who] -= wounds
    lanes.taken[y][where][who] += lost
    if duel.hero_stunned:
        stunned[who] |= lost > duel.con[y]
    out = who[(stun[who] <= 0) | (body[who] <= 0)] + where.start
    return out, np.full(out.size, x, dtype=np.int64)


def post_turn(duel: Duel, lanes: Lanes) -> None:
    """Rule 1, E10: each fighter regains up to REC STUN, not above its maximum."""
    for i in (0, 1):
        lanes.stun[i] += np.clip(duel.max_stun[i] - lanes.stun[i], 0, duel.rec[i])
