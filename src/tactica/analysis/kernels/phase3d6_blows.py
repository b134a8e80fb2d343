"""Playing the Phase 3d6 melee duel (:mod:`~.phase3d6_duel`) for many fights at once, die by die in the
engine's order: initiative scores (3d6 added with ``initiative_roll``, E14) and d20 tie-breaks re-rolled
while equal (rule 3, E13; again at every Phase after the first with ``tie_break: every_phase``); then every
Phase, in that order, each fighter's place (``phases.begin_slot``): lost to an Abort it made (rule 21:
the Dodge it bought stays in force), else its manoeuvres of the last Phase end and it recovers from being
Stunned (its full Phase, no dice) or attacks the other with the manoeuvre its policy picks from the other's
DCV of the moment (the default AI's Haymaker) — the other may Abort to a Dodge first (the default AI, low on
STUN: +3 DCV, its next place lost) — 3d6 against the hit table, then on a hit the damage dice (the weapon's,
then the manoeuvre's extra d6; STUN: their total plus the constant, never below 0; BODY: 0 per 1, 2 per 6,
else 1; PD off both), Stunned on STUN taken above CON (``hero_stunned``), out at STUN or BODY 0 or below,
which ends the fight; a Post-Turn Recovery after every Phase 4 (rule 1, E10); cut off after Turn
``max_rounds``.

A fighter's *defence state* between its places is what its DCV depends on: the manoeuvre it attacked with
at its last place (0 none, else 1 + its index in ``Duel.maneuvers``) times 2, plus 1 once it aborted to a
Dodge since; with its Stunned flag it indexes the tables (``defence * 2 + stunned``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from tactica.analysis.kernels.base import CUT_OFF, WIN, Outcomes, duel_outcomes
from tactica.analysis.kernels.dice import IntArray, KernelDice, Pair, outcome
from tactica.systems.phase3d6.ai import LOW_STUN

Ints = IntArray
#: The attack roll (rule 5).
ATTACK_DICE = ((3, 6),)
#: Outcomes of the attack roll.
ROLLS = 6**3
#: Manoeuvres a fighter may attack with, plus none: the defence states are twice as many (a Dodge or not).
USED = 3
#: The defence states times the Stunned flag: the columns of ``Duel.choice`` and ``Duel.hits``.
GUARDS = USED * 2 * 2
#: The share of a batch's lanes that must be still going; below it the fights that ended are dropped.
DEAD_SHARE = 0.5


@dataclass(frozen=True)
class Harm:
    """What one fighter's hit with one manoeuvre does: its dice (count, sides) in the engine's order, cut into
    ``chunks`` each rolled as one outcome number (:func:`outcome`); ``codes[c][o]``: the total and the BODY
    of chunk c's outcome o as ``total * radix + body`` (so the chunks' codes add up); ``lost[code]``,
    ``wounds[code]``: the STUN and BODY the target loses (with one chunk, by its outcome number)."""

    chunks: tuple[tuple[Pair, ...], ...]
    codes: tuple[Ints, ...]
    lost: Ints
    wounds: Ints


@dataclass(frozen=True)
class Duel:
    """Everything one fight of the duel depends on; pairs are (fighter 0, fighter 1) in setup order.

    ``maneuvers[x]``: the attack manoeuvres x may use (the defence states number them from 1);
    ``choice[x, g]``: the one (1-based) x attacks with when the other's defence state and Stunned flag are
    ``g`` (:data:`GUARDS` columns); ``hits[x, m, g * ROLLS + o]``: x's attack with manoeuvre m hits on the
    attack roll's outcome ``o``; ``harm[x][m - 1]``: what it does; ``dodges[x]``: x Aborts to a Dodge when
    attacked with its STUN below a third of its maximum (the default AI); ``guarded``: whether the defence
    states change anything (a Dodge, or a manoeuvre changing the other's pick or its odds to hit; else the
    kernel does not keep them); ``scores``: initiative scores, ``rolled``: whose score adds 3d6 (E14)."""

    names: tuple[str, str]
    sides: tuple[str, str]
    stun: tuple[int, int]
    body: tuple[int, int]
    stunned: tuple[bool, bool]
    max_stun: tuple[int, int]
    rec: tuple[int, int]
    con: tuple[int, int]
    maneuvers: tuple[tuple[str, ...], tuple[str, ...]]
    choice: Ints
    hits: npt.NDArray[np.bool_]
    harm: tuple[tuple[Harm, ...], tuple[Harm, ...]]
    dodges: tuple[bool, bool]
    guarded: bool
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
    """The fights of a batch, kept with those whose fighter 0 acts first ahead of the others (``split`` of
    them), so each place is two slices with one attacker each; per fight whether it is still going, and per
    fighter (index 0 and 1) its STUN, BODY, Stunned flag (0 or 1), the STUN it lost, its defence state and
    the global Phase whose place an Abort cost it (-1: none); and the results of the fights that ended, by
    fight number. Every track is a row of one array; the fights that ended stay in it, skipped and unchanged,
    until they are more than half of it (:data:`DEAD_SHARE`), then they are written out and dropped at
    once."""

    def __init__(self, duel: Duel, n: int, first: Ints, tied: npt.NDArray[np.bool_]) -> None:
        self.duel = duel
        starts = [duel.stun, duel.body, duel.stunned, (0, 0), (0, 0), (-1, -1)]
        self.data = np.empty((4 + 2 * len(starts), n), dtype=np.int64)
        self.data[0], self.data[1], self.data[2], self.data[3] = np.arange(n), first, tied, 1
        for k, start in enumerate(starts):
            self.data[4 + 2 * k], self.data[5 + 2 * k] = start
        self.left = np.zeros((2, n), dtype=np.int64)
        self.left_body = np.zeros((2, n), dtype=np.int64)
        self.taken_all = np.zeros((2, n), dtype=np.int64)
        self.winner = np.full(n, -1, dtype=np.int8)
        self.result = np.full(n, CUT_OFF, dtype=np.int8)
        self.rounds = np.full(n, duel.phases, dtype=np.int32)
        self.split, self.live = 0, n
        self._bind()
        self.sort()

    def _bind(self) -> None:
        """Name the rows: fight numbers, who acts first, tied scores, going, then each track per fighter."""
        rows = list(self.data)
        self.ids, self.first, self.tied, self.going = rows[:4]
        self.stun, self.body, self.stunned, self.taken, self.defence, self.lose = (
            rows[4 + k : 6 + k] for k in range(0, 12, 2)
        )

    def still_going(self, where: slice) -> Ints:
        """The lanes of ``where`` (numbered within it) whose fights are still going."""
        return np.flatnonzero(self.going[where])

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
        """The fights in ``lanes`` are won by ``winners`` in global Phase ``phase`` (their tracks stay as
        they are until they are written out, when they are dropped or at the end)."""
        ended = self.ids[lanes]
        self.winner[ended], self.result[ended], self.rounds[ended] = winners, WIN, phase
        self.going[lanes] = 0
        self.live -= lanes.size
        if self.live < self.size * DEAD_SHARE:
            going = self.going != 0
            self._write(~going)
            self.split = int(np.count_nonzero(going[: self.split]))
            self._take(going)

    def _take(self, which: Ints | npt.NDArray[np.bool_]) -> None:
        self.data = self.data[:, which]
        self._bind()

    def _write(self, lanes: npt.NDArray[np.bool_] | slice) -> None:
        """Keep the STUN, BODY and STUN lost of the fights in ``lanes``, by fight number."""
        ended = self.ids[lanes]
        for i in (0, 1):
            self.left[i, ended] = self.stun[i][lanes]
            self.left_body[i, ended] = self.body[i][lanes]
            self.taken_all[i, ended] = self.taken[i][lanes]

    def outcomes(self) -> Outcomes:
        """Every fight's outcome (those still going are cut off)."""
        self._write(slice(None))
        duel = self.duel
        found = duel_outcomes(
            duel.names, duel.sides, duel.stun, self.left.T, self.winner, self.result, self.rounds, "stun"
        )
        taken = self.taken_all.T.astype(np.float64)
        names = enumerate(duel.names)
        bodies = {f"{name}.body": self.left_body[i].astype(np.int32) for i, name in names}
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
            tied = np.flatnonzero(lanes.tied & lanes.going)
            lanes.first[tied] = tie_break(dice, lanes.first[tied])
            lanes.sort()
        for place in (0, 1):
            ended = [
                place_comes_up(duel, dice, lanes, x, where, Place(phase, place == 0))
                for x, where in lanes.places(place)
            ]
            out = np.concatenate([lanes for lanes, _ in ended])
            if out.size:
                lanes.end(out, np.concatenate([winners for _, winners in ended]), phase)
            if not lanes.live:
                return lanes.outcomes()
        if phase % 4 == 0:
            post_turn(duel, lanes)
    return lanes.outcomes()


@dataclass(frozen=True)
class Place:
    """A place in global Phase ``phase``: the first of the Phase (the other fighter's is still to come)
    or the second."""

    phase: int
    first: bool

    @property
    def abort_costs(self) -> int:
        """The global Phase whose place an Abort made now costs the other fighter (``combat.abort_cost``):
        this one while its place is still to come, else the next."""
        return self.phase if self.first else self.phase + 1


def place_comes_up(
    duel: Duel, dice: KernelDice, lanes: Lanes, x: int, where: slice, place: Place
) -> tuple[Ints, Ints]:
    """In the fights ``where``, fighter ``x``'s place: lost to its Abort, or it recovers from being
    Stunned, or attacks the other: the fights it knocks out (lanes) and itself as their winner."""
    who = acting(duel, lanes, x, where, place.phase)
    guard, stunned = lanes.defence[1 - x][where], lanes.stunned[1 - x][where]
    column = guard[who] * 2 + stunned[who] if duel.guarded else stunned[who]
    choice = None if len(duel.maneuvers[x]) == 1 else duel.choice[x][column]
    maneuver = 1 if choice is None else choice
    if duel.guarded:
        lanes.defence[x][where][who] = maneuver * 2
    if duel.dodges[1 - x]:
        dodge(duel, lanes, 1 - x, where, who, place)
        column = guard[who] * 2 + stunned[who]
    rolled = outcome(dice, ATTACK_DICE, who.size)
    hit = duel.hits[x].ravel()[(maneuver * GUARDS + column) * ROLLS + rolled]
    return strike(duel, dice, lanes, x, where, who[hit], 1 if choice is None else choice[hit])


def acting(duel: Duel, lanes: Lanes, x: int, where: slice, phase: int) -> Ints:
    """The lanes (within ``where``) in which ``x`` attacks at its place: not those where an Abort costs it
    this place (they keep the Dodge it bought, rule 21), nor those where it recovers from being Stunned
    (its full Phase); the others' manoeuvres of its last Phase end (rule 13)."""
    who = lanes.still_going(where)
    if duel.dodges[x]:
        lose = lanes.lose[x][where]
        lost = lose[who] == phase
        lose[who[lost]] = -1
        who = who[~lost]
    if duel.guarded:
        lanes.defence[x][where][who] = 0
    if duel.hero_stunned:
        dazed = lanes.stunned[x][where]
        who = who[dazed[who] == 0]
        dazed[:] = 0  # those who recover, and the fights that ended (their flags are not kept)
    return who


def dodge(duel: Duel, lanes: Lanes, y: int, where: slice, who: Ints, place: Place) -> None:
    """The default AI's answer to the Abort offer (``ai._answer``): fighter ``y``, attacked in lanes
    ``who``, Aborts to a Dodge where it may (not Stunned, no Abort pending, ``combat.can_abort``) and its
    STUN is below a third of its maximum."""
    lose = lanes.lose[y][where]
    low = lanes.stun[y][where][who] * LOW_STUN < duel.max_stun[y]
    dodging = who[low & (lanes.stunned[y][where][who] == 0) & (lose[who] < place.phase)]
    lanes.defence[y][where][dodging] |= 1
    lose[dodging] = place.abort_costs


def strike(
    duel: Duel, dice: KernelDice, lanes: Lanes, x: int, where: slice, who: Ints, maneuver: Ints | int
) -> tuple[Ints, Ints]:
    """``x``'s hits in lanes ``who`` with these manoeuvres: the damage dice of each, the harm, Stunned,
    and the fights it knocks out (lanes) with itself as their winner."""
    y = 1 - x
    lost, wounds = harm_of(duel.harm[x], dice, maneuver, who.size)
    stun, body = lanes.stun[y][where], lanes.body[y][where]
    stun_left, body_left = stun[who] - lost, body[who] - wounds
    stun[who], body[who] = stun_left, body_left
    lanes.taken[y][where][who] += lost
    if duel.hero_stunned:
        lanes.stunned[y][where][who] |= lost > duel.con[y]
    out = who[(stun_left <= 0) | (body_left <= 0)] + where.start
    return out, np.full(out.size, x, dtype=np.int64)


def harm_of(harms: Sequence[Harm], dice: KernelDice, maneuver: Ints | int, hits: int) -> tuple[Ints, Ints]:
    """The STUN and BODY lost to ``hits`` hits with these manoeuvres (1-based in ``harms``; one number
    when there is one), rolling each one's dice for the lanes that use it."""
    if len(harms) == 1:
        code = harm_code(dice, harms[0], hits)
        return harms[0].lost[code], harms[0].wounds[code]
    lost = np.empty(hits, dtype=np.int64)
    wounds = np.empty(hits, dtype=np.int64)
    for m, harm in enumerate(harms, 1):
        these = np.flatnonzero(np.equal(maneuver, m))
        code = harm_code(dice, harm, these.size)
        lost[these], wounds[these] = harm.lost[code], harm.wounds[code]
    return lost, wounds


def harm_code(dice: KernelDice, harm: Harm, lanes: int) -> Ints:
    """The damage roll's total and BODY, coded (``Harm.codes``), in each of ``lanes`` lanes."""
    if len(harm.chunks) == 1:
        return outcome(dice, harm.chunks[0], lanes)
    code = harm.codes[0][outcome(dice, harm.chunks[0], lanes)]
    for chunk, codes in zip(harm.chunks[1:], harm.codes[1:], strict=True):
        code = code + codes[outcome(dice, chunk, lanes)]
    return code


def post_turn(duel: Duel, lanes: Lanes) -> None:
    """Rule 1, E10: each fighter regains up to REC STUN, not above its maximum (in the fights still going)."""
    for i in (0, 1):
        lanes.stun[i] += np.clip(duel.max_stun[i] - lanes.stun[i], 0, duel.rec[i]) * lanes.going
