"""Playing the Phase 3d6 line-up (:mod:`~.phase3d6_lines`) for many fights at once, die by die in the
engine's order: initiative scores (3d6 added with ``initiative_roll``, E14), equal scores ordered by d20s
re-rolled while equal, recursively (rule 3, E13; again at every Phase after the first with ``tie_break:
every_phase``); then every Phase, place by place in that order (``phases.begin_slot``), the fighter whose
place it is in each fight: loses it to an Abort it made (the Dodge stays in force, rule 21), or its
manoeuvres of the last Phase end (rule 13) and, knocked out, it does nothing; Stunned, it recovers (its
full Phase); else it attacks the enemy still in the fight with the least STUN (ties by id), with the
manoeuvre the default AI picks against that enemy's DCV of the moment; the target may Abort to a Dodge
(low on STUN, not Stunned, no Abort pending: the place it costs is this Phase's while the target's place is
still to come, else the next); 3d6 against the hit table, the damage dice on a hit (STUN and BODY lost by
the target's PD), Stunned on STUN taken above CON, knocked out at STUN or BODY 0 or below; the fight ends
when one side has nobody left in it. After every Phase 4 everybody (the knocked out too) takes a Post-Turn
Recovery, and one knocked out wakes when its STUN and BODY are above 0 again (rule 1, E10). Cut off after
Turn ``max_rounds``.

Every fighter's state is an array (fighters, fights); the fighter whose place it is differs from fight to
fight, so each place reads and writes its cells by flat index (``fighter * fights + fight``). Initiative on
a tape (one fight) rolls die by die as the engine does; on a generator each fight's tied fighters are put in
a uniformly random order (fresh random keys, drawn again while two are equal), which is the distribution of
the d20 roll-offs (the fighters' dice are alike, so every order of a tied group is equally likely).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import groupby
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from tactica.analysis.kernels.base import CUT_OFF, NEVER, WIN, Outcomes
from tactica.analysis.kernels.dice import KernelDice, outcome
from tactica.analysis.kernels.phase3d6_blows import (
    ATTACK_DICE,
    DEAD_SHARE,
    GUARDS,
    ROLLS,
    USED,
    Ints,
    harm_code,
)
from tactica.systems.phase3d6.ai import LOW_STUN

if TYPE_CHECKING:
    from tactica.analysis.kernels.phase3d6_lines import Lineup

Bools = npt.NDArray[np.bool_]
#: Random keys ordering tied fighters on a generator: drawn from 1 to this.
KEYS = 1 << 40
#: A fighter out of the fight counts as this much more STUN when targets are chosen (never the least).
OUT_BIT = 40
#: The tracks kept per fighter (rows of ``Places.data``), in this order.
TRACKS = ("stun", "body", "stunned", "out", "defence", "lose", "taken", "dealt", "out_round", "score", "rank")
#: The tracks written out for each fight when it ends.
KEPT = ("stun", "body", "out", "taken", "dealt", "out_round")


class Places:
    """The fights of a batch: per fight its number, whether it is still going and the fighter at each place
    (``order``: places x fights); per fighter and fight each of :data:`TRACKS`. The fights that ended stay,
    skipped and unchanged, until they are more than half of the arrays; then they are written out (by fight
    number) and dropped."""

    def __init__(self, model: Lineup, n: int) -> None:
        self.model = model
        size = model.size
        self.data = np.zeros((len(TRACKS), size, n), dtype=np.int64)
        for name, start in (("stun", model.stun), ("body", model.body), ("stunned", model.stunned)):
            self.data[TRACKS.index(name)] = start[:, None]
        self.data[TRACKS.index("lose")] = -1
        self.data[TRACKS.index("out_round")] = NEVER
        self.ids = np.arange(n)
        self.going = np.ones(n, dtype=np.bool_)
        self.order = np.zeros((size, n), dtype=np.int64)
        self.kept = {name: np.zeros((size, n), dtype=np.int64) for name in KEPT}
        self.winner = np.full(n, -1, dtype=np.int8)
        self.result = np.full(n, CUT_OFF, dtype=np.int8)
        self.rounds = np.full(n, model.phases, dtype=np.int32)
        self.live = n
        self._bind()

    def _bind(self) -> None:
        """Each track's (fighters, fights) view and its flat view (``fighter * fights + fight``)."""
        assert self.data.flags.c_contiguous, "each track's flat array must be a view"
        self.tracks = dict(zip(TRACKS, self.data, strict=True))
        self.flats = {name: track.reshape(-1) for name, track in self.tracks.items()}

    @property
    def size(self) -> int:
        return int(self.ids.size)

    def flat(self, name: str) -> Ints:
        """A track as one flat array (a view: ``fighter * size + fight``)."""
        flat: Ints = self.flats[name]
        return flat

    def track(self, name: str) -> Ints:
        """A track as (fighters, fights) (a view)."""
        track: Ints = self.tracks[name]
        return track

    def set_order(self, order: Ints) -> None:
        """The fighters in initiative order in each fight (places x fights), and each fighter's place."""
        self.order[:] = order
        np.put_along_axis(self.track("rank"), order, np.arange(self.model.size)[:, None], axis=0)

    def end(self, lanes: Ints, winners: Ints, phase: int) -> None:
        """The fights in ``lanes`` are won by side ``winners`` in global Phase ``phase``."""
        ended = self.ids[lanes]
        self.winner[ended], self.result[ended], self.rounds[ended] = winners, WIN, phase
        self.going[lanes] = False
        self.live -= lanes.size
        if self.live < self.size * DEAD_SHARE:
            self._write(~self.going)
            keep = np.flatnonzero(self.going)
            self.data = np.ascontiguousarray(self.data[:, :, keep])  # so each track's flat view is a view
            self.order = np.ascontiguousarray(self.order[:, keep])
            self.ids, self.going = self.ids[keep], self.going[keep]
            self._bind()

    def _write(self, lanes: Bools | slice) -> None:
        ended = self.ids[lanes]
        for name, track in self.kept.items():
            track[:, ended] = self.data[TRACKS.index(name)][:, lanes]

    def outcomes(self) -> Outcomes:
        """Every fight's outcome (those still going are cut off)."""
        self._write(slice(None))
        model, kept = self.model, self.kept
        return Outcomes(
            model.ids,
            model.sides,
            self.winner,
            self.result,
            self.rounds,
            {
                f"{name}.{t}": kept[t][i].astype(np.int32)
                for t in ("stun", "body")
                for i, name in enumerate(model.ids)
            },
            kept["taken"].T.astype(np.float64),
            kept["dealt"].T.astype(np.float64),
            kept["out_round"].T.astype(np.int32),
            kept["out"].T != 0,
        )


# -- initiative (rule 3, E13, E14) ------------------------------------------------------------------


def initiative(model: Lineup, dice: KernelDice, places: Places) -> None:
    """Each fight's scores (3d6 added for some, E14) and initiative order: highest first, ties rolled off."""
    score = places.track("score")
    score[:] = model.scores[:, None]
    for x in np.flatnonzero(model.rolled).tolist():
        score[x] += dice.roll(6, 3, places.size).sum(axis=1)
    order_ties(dice, places, np.argsort(-score[:, 0], kind="stable"))


def order_ties(dice: KernelDice, places: Places, current: Ints) -> None:
    """Each fight's order, highest score first, each run of equal scores rolled off (rule 3, E13): on a tape
    the fighters in the order ``current`` (its one fight's, by score, ties as they come) with their d20s as
    the engine rolls them; on a generator at random."""
    score = places.track("score")
    if places.size > 1:
        places.set_order(shuffled_ties(score, dice))
        return
    runs = groupby(current.tolist(), key=score[:, 0].tolist().__getitem__)
    order = [x for _, run in runs for x in _rolled_off(list(run), _d20(dice))]
    places.set_order(np.array(order)[:, None])


def _rolled_off(run: list[int], face: Callable[[], int]) -> list[int]:
    return run if len(run) == 1 else tie_break(run, face)


def _d20(dice: KernelDice) -> Callable[[], int]:
    return lambda: int(dice.roll(20, 1, 1)[0, 0])


def tie_break(tied: list[int], face: Callable[[], int]) -> list[int]:
    """Rule 3, E13 (``combat.tie_break``): a d20 each in this order, highest first, equal ones again."""
    rolls = [face() for _ in tied]
    out: list[int] = []
    for value in sorted(set(rolls), reverse=True):
        group = [x for x, r in zip(tied, rolls, strict=True) if r == value]
        out += group if len(group) == 1 else tie_break(group, face)
    return out


def shuffled_ties(scores: Ints, dice: KernelDice) -> Ints:
    """Many fights' orders at once: highest score first, tied fighters in a uniformly random order (random
    keys, drawn again in the fights where two tied fighters drew the same)."""
    size, n = scores.shape
    keys = dice.roll(KEYS, size, n).T
    lanes = np.arange(n)
    order = np.empty((size, n), dtype=np.int64)
    while lanes.size:
        found = np.lexsort((keys, -scores[:, lanes]), axis=0)
        order[:, lanes] = found
        ranked = (
            np.take_along_axis(scores[:, lanes], found, axis=0),
            np.take_along_axis(keys, found, axis=0),
        )
        clash = ((ranked[0][1:] == ranked[0][:-1]) & (ranked[1][1:] == ranked[1][:-1])).any(axis=0)
        lanes = lanes[clash]
        keys = dice.roll(KEYS, size, lanes.size).T
    return order


def reorder_ties(dice: KernelDice, places: Places) -> None:
    """E13 ``every_phase``: at each Phase after the first, each run of equal scores is rolled again (in the
    current order, on a tape)."""
    order_ties(dice, places, places.order[:, 0])


# -- the fight --------------------------------------------------------------------------------------


def play(model: Lineup, dice: KernelDice) -> Outcomes:
    """``dice.fights`` fights of the line-up."""
    places = Places(model, dice.fights)
    initiative(model, dice, places)
    ties = _has_ties(model)
    for phase in range(1, model.phases + 1):
        if model.every_phase and phase > 1 and ties:
            reorder_ties(dice, places)
        for k in range(model.size):
            place(model, dice, places, k, phase)
            if not places.live:
                return places.outcomes()
        if phase % 4 == 0:
            post_turn(model, places)
    return places.outcomes()


def _has_ties(model: Lineup) -> bool:
    """Whether two scores may be equal (with rolled scores, always assumed)."""
    return bool(model.rolled.any()) or len(set(model.scores.tolist())) < model.size


def place(model: Lineup, dice: KernelDice, places: Places, k: int, phase: int) -> None:
    """The k-th place of global Phase ``phase`` in every fight still going."""
    lanes = np.flatnonzero(places.going)
    cell = having_place(model, places, places.order[k, lanes] * places.size + lanes, phase)
    if model.guarded:
        places.flat("defence")[cell] = 0
    cell = recovered(model, places, cell[places.flat("out")[cell] == 0])
    if cell.size:
        attack(model, dice, places, cell, k, phase)


def having_place(model: Lineup, places: Places, cell: Ints, phase: int) -> Ints:
    """The cells (fighter and fight) of those who have this place: not those whose place an Abort cost
    (their Dodge stays in force; they may Abort again after it)."""
    if not model.dodges.any():
        return cell
    lose = places.flat("lose")
    lost = lose[cell] == phase
    lose[cell[lost]] = -1
    having: Ints = cell[~lost]
    return having


def recovered(model: Lineup, places: Places, cell: Ints) -> Ints:
    """The Stunned among ``cell`` recover (their full Phase, ``hero_stunned``): the cells of the others."""
    if not model.hero_stunned:
        return cell
    stunned = places.flat("stunned")
    dazed = stunned[cell] != 0
    stunned[cell[dazed]] = 0
    attackers: Ints = cell[~dazed]
    return attackers


def target_of(model: Lineup, places: Places, attacker: Ints, lanes: Ints) -> Ints:
    """The enemy still in the fight with the least STUN, ties by id (``ai._attack``), in each lane."""
    found = np.empty(lanes.size, dtype=np.int64)
    sides = model.side[attacker]
    for side, rows in enumerate(model.foes):
        these = np.flatnonzero(sides == side)
        if these.size:
            found[these] = least(model, places, rows)[lanes[these]]
    return found


def least(model: Lineup, places: Places, rows: Ints) -> Ints:
    """Per fight, which of the fighters ``rows`` has the least STUN and is still in the fight, ties by id
    (none in: any): the least of ``(STUN + out x 2^40) x fighters + rank of the id``, whose remainder by the
    number of fighters is the rank of its id."""
    key = (places.track("stun")[rows] + (places.track("out")[rows] << OUT_BIT)) * model.size + model.id_rank[
        rows, None
    ]
    found: Ints = model.by_rank[np.minimum.reduce(key, axis=0) % model.size]
    return found


def attack(model: Lineup, dice: KernelDice, places: Places, cell: Ints, k: int, phase: int) -> None:
    """The attacks of the fighters in ``cell`` (flat: attacker and lane)."""
    n, size = places.size, model.size
    attacker, lanes = np.divmod(cell, n)
    target = target_of(model, places, attacker, lanes)
    aimed = target * n + lanes
    column = _column(model, places, aimed)
    pair = attacker * size + target
    maneuver = model.choice.reshape(-1)[pair * GUARDS + column]
    if model.guarded:
        places.flat("defence")[cell] = maneuver * 2
    if model.dodges.any():
        column = dodge(model, places, target, aimed, column, k, phase)
    rolled = outcome(dice, ATTACK_DICE, cell.size)
    hit = model.hits[((pair * USED + maneuver) * GUARDS + column) * ROLLS + rolled]
    if hit.any():
        strike(model, dice, places, attacker[hit], target[hit], maneuver[hit], lanes[hit], phase)


def _column(model: Lineup, places: Places, aimed: Ints) -> Ints:
    """The targets' columns: defence state and Stunned flag (the flag alone when states change nothing)."""
    stunned = places.flat("stunned")[aimed]
    if not model.guarded:
        return stunned
    column: Ints = places.flat("defence")[aimed] * 2 + stunned
    return column


def dodge(model: Lineup, places: Places, target: Ints, aimed: Ints, column: Ints, k: int, phase: int) -> Ints:
    """The default AI's answer to the Abort offer (``ai._answer``, ``combat.can_abort``): a target low on
    STUN, not Stunned, with no Abort pending Aborts to a Dodge; its place in this Phase is lost while still
    to come, else the next Phase's (``combat.abort_cost``). The targets' columns after it."""
    lose = places.flat("lose")
    low = places.flat("stun")[aimed] * LOW_STUN < model.max_stun[target]
    able = low & (places.flat("stunned")[aimed] == 0) & (lose[aimed] < phase) & model.dodges[target]
    dodging = aimed[able]
    defence = places.flat("defence")
    defence[dodging] |= 1
    lose[dodging] = np.where(places.flat("rank")[dodging] > k, phase, phase + 1)
    out = column.copy()
    out[able] = defence[dodging] * 2 + places.flat("stunned")[dodging]
    return out


def strike(
    model: Lineup,
    dice: KernelDice,
    places: Places,
    attacker: Ints,
    target: Ints,
    maneuver: Ints,
    lanes: Ints,
    phase: int,
) -> None:
    """The hits: the damage dice of each (attacker, manoeuvre), STUN and BODY lost, Stunned, knocked out,
    and the fights that end."""
    n = places.size
    lost, wounds = damage(model, dice, attacker, target, maneuver)
    aimed = target * n + lanes
    stun, body = places.flat("stun"), places.flat("body")
    stun[aimed] -= lost
    body[aimed] -= wounds
    places.flat("taken")[aimed] += lost
    places.flat("dealt")[attacker * n + lanes] += lost  # one attack a fight: no cell twice
    if model.hero_stunned:
        places.flat("stunned")[aimed] |= lost > model.con[target]
    down = (stun[aimed] <= 0) | (body[aimed] <= 0)
    if down.any():
        knocked_out(model, places, aimed[down], attacker[down], phase)


def damage(
    model: Lineup, dice: KernelDice, attacker: Ints, target: Ints, maneuver: Ints
) -> tuple[Ints, Ints]:
    """The STUN and BODY each hit takes, rolling each (attacker, manoeuvre)'s dice for its lanes."""
    group = attacker * USED + maneuver
    lost = np.empty(group.size, dtype=np.int64)
    wounds = np.empty(group.size, dtype=np.int64)
    by_group = np.argsort(group, kind="stable")
    bounds = np.flatnonzero(np.diff(group[by_group])) + 1
    for these in np.split(by_group, bounds):
        x, m = divmod(int(group[these[0]]), USED)
        blow = model.blows[x][m - 1]
        code = harm_code(dice, blow, these.size)
        lost[these], wounds[these] = blow.lost[target[these], code], blow.wounds[target[these], code]
    return lost, wounds


def knocked_out(model: Lineup, places: Places, aimed: Ints, attacker: Ints, phase: int) -> None:
    """The targets in ``aimed`` go out of the fight; a fight ends when the target's side has nobody left."""
    n = places.size
    places.flat("out")[aimed] = 1
    first = places.flat("out_round")
    fresh = aimed[first[aimed] == NEVER]
    first[fresh] = phase
    target, lanes = np.divmod(aimed, n)
    side = model.side[target]
    standing = ((places.track("out")[:, lanes] == 0) & (model.side[:, None] == side)).any(axis=0)
    over = ~standing
    if over.any():
        places.end(lanes[over], model.side[attacker[over]], phase)


def post_turn(model: Lineup, places: Places) -> None:
    """Rule 1, E10: everyone regains up to REC STUN, not above its maximum; the knocked out wake when their
    STUN and BODY are above 0 (in the fights still going)."""
    stun, out = places.track("stun"), places.track("out")
    stun += np.clip(model.max_stun[:, None] - stun, 0, model.rec[:, None]) * places.going
    out[(out != 0) & (stun > 0) & (places.track("body") > 0)] = 0
