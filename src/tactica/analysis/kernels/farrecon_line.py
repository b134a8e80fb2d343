"""The Far Recon line-up kernel (issue 16 part B): one or more melee fighters a side on a still map (every
square that is not a wall holds a combatant, no two allies next to each other), the default AI on both
sides, fixed initiative with no ties, played for thousands of fights at once.

On such a map the default AI (:mod:`tactica.systems.farrecon.ai`) never moves, throws nothing and treats
nobody but itself: a fighter's turn is Medicine on itself when it is a hurt medic (``ai._care``), else the
attack on the conscious enemy next to it that ``ai._attack`` values most (tagging an aspect while it has 2
Action Points), or the end of the turn (no such enemy, or panicked by a critical hit). The defender answers
as ``ai._answer`` does. What remains is the rules' bookkeeping, kept as the engine keeps it
(:mod:`tactica.systems.farrecon.turns`): one slot per fighter in initiative order, the dying roll at the
start of a dying fighter's slot, dodges back each round (or at each turn, option dodge_reset), the end of
the fight after the action that leaves at most one side fighting, the round limit, and the round each
combatant went out in as ``sim`` counts it. :func:`.farrecon_model.model_of` says why any
other fight is not covered; it runs on the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from tactica.analysis.kernels.base import DRAW, WIN, ModelKernel, Outcomes, Result
from tactica.analysis.kernels.dice import KernelDice
from tactica.analysis.kernels.farrecon_blows import ACTIVE, DYING, Bools, Ints, Lanes
from tactica.analysis.kernels.farrecon_model import Model, model_of
from tactica.engine import Game


class FarReconLine(ModelKernel[Model]):
    """N against M Far Recon melee fighters on a still map, default AI on both sides."""

    name = "farrecon-line"
    system = "farrecon"

    def build(self, game: Game, ai: Mapping[str, str]) -> Model | str:
        return model_of(game, ai)

    def play_model(self, model: Model, dice: KernelDice) -> Outcomes:
        lanes = Lanes(model, dice, dice.fights)
        result = Result(dice.fights)
        Play(model, lanes, result).fight()
        return Outcomes(
            model.ids,
            model.sides,
            result.winner,
            result.result,
            result.rounds,
            {f"{i}.health": lanes.health[c].astype(np.int32) for c, i in enumerate(model.ids)},
            lanes.taken.T,
            lanes.dealt.T,
            lanes.out_round.T,
        )


@dataclass
class Play:
    """The fights of one batch, slot by slot in the fixed initiative order."""

    model: Model
    lanes: Lanes
    result: Result
    round: int = 0

    def fight(self) -> None:
        """Play every fight to its end, round by round; fights where nothing can happen any more are cut
        off at the round limit (the engine plays them there rolling no die)."""
        going = np.arange(len(self.result.over))
        options = self.model.options
        for round_ in range(1, options.max_rounds + 1):
            self.round = round_
            if options.dodge_reset == "round":
                self.lanes.dodges.fill(0)  # the fights that are over keep no count worth keeping
            for k, c in enumerate(self.model.order):
                self.slot(k, c, going)
                going = going[~self.result.over[going]]
                if not going.size:
                    return
            going = going[~self.stalled(going)]
        self.result.rounds[going] = options.max_rounds

    def slot(self, k: int, c: int, going: Ints) -> None:
        """``turns._start_turn``: panic and (option dodge_reset 'own_turn') dodges; a dying fighter's Body
        roll; a conscious fighter becomes aware, and a stun costs it its turn; then its turn, unless
        panicked: Medicine on itself (a hurt medic), else its attack (none with no enemy to attack)."""
        state, model = self.lanes, self.model
        status = state.status[c, going]
        panicking = state.panic[c, going]
        state.panic[c, going[panicking]] = False
        if model.options.dodge_reset == "own_turn":
            state.dodges[c, going] = 0
        state.dying_roll(c, going[status == DYING])
        up = status == ACTIVE
        if not model.aware[c]:
            state.aware[c, going[up]] = True  # at its first turn (Far Recon 11)
        if model.stuns.any():
            stunned = up & state.stunned[c, going]
            state.stunned[c, going[stunned]] = False  # a stun costs the turn (Far Recon 13)
            up &= ~stunned
        lanes = going[up & ~panicking]
        if not lanes.size:
            return
        medic = state.hurt_medic(c, lanes)
        treated = lanes[medic]
        if treated.size:
            state.treat_self(c, treated)
        picked, tag = state.choose(c, lanes[~medic])
        chosen = picked >= 0
        struck = lanes[~medic][chosen]
        targets = state.blow(c, struck, picked[chosen], tag[chosen]) if struck.size else struck
        self.settle(k, c, np.concatenate([treated, struck]), struck, targets)

    def settle(self, k: int, c: int, acted: Ints, struck: Ints, targets: Ints) -> None:
        """``turns.check_end`` after the action of ``c`` in the lanes ``acted`` (its attack on ``targets`` in
        ``struck``): over when at most one side has anyone conscious; whoever went out (``c``, or its
        target) is counted in the round of the next decision — the next one when nobody conscious acts later
        in this round and the fight goes on."""
        state, model = self.lanes, self.model
        fell_self = acted[state.status[c, acted] != ACTIVE]
        hit = state.status[targets, struck] != ACTIVE
        fell, fell_target = struck[hit], targets[hit]
        lanes = np.union1d(fell_self, fell)
        if not lanes.size:
            return
        up = state.status[:, lanes] == ACTIVE
        standing = np.stack([up[model.side == s].any(axis=0) for s in range(len(model.sides))])
        over = standing.sum(axis=0) <= 1
        ended, left = lanes[over], standing[:, over]
        self.result.over[ended] = True
        self.result.winner[ended] = np.where(left.any(axis=0), left.argmax(axis=0), -1)
        self.result.result[ended] = np.where(left.any(axis=0), WIN, DRAW)
        self.result.rounds[ended] = self.round
        later = list(model.order[k + 1 :])
        waiting = up[later].any(axis=0) if later else np.zeros(lanes.size, dtype=bool)
        out = self.round + (~over & ~waiting).astype(np.int32)
        state.out_round[c, fell_self] = out[np.searchsorted(lanes, fell_self)]
        state.out_round[fell_target, fell] = out[np.searchsorted(lanes, fell)]

    def stalled(self, lanes: Ints) -> Bools:
        """Fights where nothing can happen any more: nobody conscious has a conscious enemy next to it or is a
        hurt medic, and nobody is dying (whose Body rolls are still to come). They are cut off at the round
        limit."""
        state = self.lanes
        up = state.status[:, lanes] == ACTIVE
        busy = (state.status[:, lanes] == DYING).any(axis=0)
        for c in range(len(self.model.ids)):
            busy |= up[c] & state.hurt_medic(c, lanes)
            for t in np.flatnonzero(self.model.foes[c]).tolist():
                busy |= up[c] & up[t]
        stuck = lanes[~busy]
        self.result.rounds[stuck] = self.model.options.max_rounds
        self.result.over[stuck] = True
        still: Bools = ~busy
        return still
