"""The Star Rangers melee kernel (issue 16 part B): one or more fighters a side on a still map (every square
that is not a wall holds a combatant), the default AI on both sides, played for thousands of fights at once.

On such a map the default AI (:mod:`tactica.systems.srb.ai`) never moves. A fighter's turn: stand up when a
fumble left it prone (a move action); pick up the first weapon lying on its square when its hand is empty (a
move action, paid with the standard one after standing); while a fumble leaves it off target, a Perception
roll (a d20) with the move action, then with the standard one (the AI's "wait out"); then, with the standard
action left, the attack with the best expected damage on an enemy it reaches — Heavy melee (a full-round
action, +2 damage, knockback rolls) when nothing of the turn is spent, a plain attack otherwise; then the end
of the turn. What remains is the rules' bookkeeping, kept as the engine keeps it
(:mod:`tactica.systems.srb.turns`): individual initiative (d20 + modifier; ties by modifier, then d20
roll-offs), the turn order fixed for the fight, the end of the fight after the action that leaves one side
standing, the round limit, and the round each combatant went out in as ``sim`` counts it.
:func:`tactica.analysis.kernels.srb_model.model_of` says why any other fight is not covered; it runs on the
engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from tactica.analysis.kernels.base import DRAW, WIN, ModelKernel, Outcomes, Result
from tactica.analysis.kernels.dice import KernelDice
from tactica.analysis.kernels.srb_blows import Bools, Ints, Lanes
from tactica.analysis.kernels.srb_model import Model, model_of
from tactica.engine import Game

Floats = npt.NDArray[np.floating[Any]]
#: Roll-offs among combatants tied again, at most this deep (``turns._roll_off``).
ROLL_OFFS = 20


class StarRangersMelee(ModelKernel[Model]):
    """N against M Star Rangers melee fighters on a still map, default AI on both sides."""

    name = "srb-melee"
    system = "srb"

    def build(self, game: Game, ai: Mapping[str, str]) -> Model | str:
        return model_of(game, ai)

    def play_model(self, model: Model, dice: KernelDice) -> Outcomes:
        lanes = Lanes(model, dice, dice.fights)
        result = Result(dice.fights)
        Play(model, lanes, result, initiative(model, dice)).fight()
        return Outcomes(
            model.ids,
            model.sides,
            result.winner,
            result.result,
            result.rounds,
            {f"{i}.hp": lanes.hp[c].astype(np.int32) for c, i in enumerate(model.ids)},
            lanes.taken.T,
            lanes.dealt.T,
            lanes.out_round.T,
        )


# -- initiative (rules 6-7) ------------------------------------------------------------------------------


def initiative(model: Model, dice: KernelDice) -> Ints:
    """Per fight, the combatants in turn order (fights, combatants): d20 + modifier in setup order (fixed
    results from the setup), highest first; ties by the modifier, then d20 roll-offs."""
    n = dice.fights
    scores = np.zeros((len(model.fighters), n), dtype=np.int64)
    for c, f in enumerate(model.fighters):
        fixed = f.fixed_initiative
        scores[c] = fixed if fixed is not None else dice.roll(20, 1, n)[:, 0] + f.initiative_mod
    mods = np.repeat(np.array([f.initiative_mod for f in model.fighters])[:, None], n, axis=1)
    order = np.lexsort((-mods, -scores), axis=0).T.copy()
    keys = np.stack([np.take_along_axis(k.T, order, axis=1) for k in (scores, mods)])
    tied = np.flatnonzero(((keys[:, :, 1:] == keys[:, :, :-1]).all(axis=0)).any(axis=1))
    if n == 1:  # one fight (a tape): the roll-offs die by die, in the engine's order
        for lane in tied.tolist():
            order[lane] = _broken_ties(order[lane].tolist(), keys[:, lane].T.tolist(), _die(dice))
    elif tied.size:
        order[tied] = _rolled_off(scores[:, tied], mods[:, tied], dice)
    return order


def _die(dice: KernelDice) -> Callable[[], int]:
    return lambda: int(dice.roll(20, 1, 1)[0, 0])


def _rolled_off(scores: Ints, mods: Ints, dice: KernelDice) -> Ints:
    """Many fights' orders at once, each combatant's roll-off d20s drawn ahead, one per depth (rule 7): a
    tied group sorts by its first roll-off faces, those equal again by the next, up to :data:`ROLL_OFFS`
    deep, then in setup order — what ``turns._roll_off`` does, where the engine draws only the faces a tie
    asks for (the same distribution; a tape is replayed die by die)."""
    fighters, lanes = scores.shape
    faces = dice.roll(20, fighters * ROLL_OFFS, lanes).reshape(lanes, fighters, ROLL_OFFS)
    setup = np.repeat(np.arange(fighters)[:, None], lanes, axis=1)
    rolls = [-faces[:, :, d].T for d in reversed(range(ROLL_OFFS))]
    order: Ints = np.lexsort((setup, *rolls, -mods, -scores), axis=0).T
    return order


def _broken_ties(order: list[int], keys: list[list[int]], face: Callable[[], int]) -> list[int]:
    """One fight's order with each group of equal (score, modifier) rolled off (groups in order)."""
    out: list[int] = []
    i = 0
    while i < len(order):
        j = i + 1
        while j < len(order) and keys[j] == keys[i]:
            j += 1
        out += _roll_off(order[i:j], face) if j - i > 1 else order[i:j]
        i = j
    return out


def _roll_off(tied: list[int], face: Callable[[], int], depth: int = 0) -> list[int]:
    """Rule 7: each rolls a d20 (in setup order), highest first; those equal again roll again."""
    if depth >= ROLL_OFFS:
        return tied
    rolls = {c: face() for c in tied}
    out: list[int] = []
    for value in sorted(set(rolls.values()), reverse=True):
        group = [c for c in tied if rolls[c] == value]
        out += group if len(group) == 1 else _roll_off(group, face, depth + 1)
    return out


# -- the fight --------------------------------------------------------------------------------------------


@dataclass
class Play:
    """The fights of one batch, each with its turn order (``order``: fights x slots)."""

    model: Model
    lanes: Lanes
    result: Result
    order: Ints
    round: int = 0

    def fight(self) -> None:
        """Play every fight to its end, slot by slot, round by round."""
        going = np.arange(len(self.result.over))
        slots = len(self.model.fighters)
        for round_ in range(1, self.model.max_rounds + 1):
            self.round = round_
            for k in range(slots):
                for c in range(slots):
                    mine = going[self.order[going, k] == c]
                    if mine.size:
                        self.turn(c, mine, k)
                going = going[~self.result.over[going]]
                if not going.size:
                    return
            going = going[~self.stalled(going)]
        self.result.rounds[going] = self.model.max_rounds  # cut off: the last round fought

    def stalled(self, lanes: Ints) -> Bools:
        """Fights where nothing can happen any more (the engine plays them to the round limit, rolling no
        die): nobody up is prone, off target (it rolls Perception) or could pick up a weapon, and nobody up
        reaches an enemy who is up with a weapon it can use. They are cut off at the round limit."""
        state = self.lanes
        busy = state.lying[lanes].copy()
        for c in range(len(self.model.fighters)):
            up = state.up[c, lanes]
            busy |= up & (state.prone[c, lanes] | state.frozen(c, lanes))
            for w, t in self.model.choices[c, "attack"]:
                busy |= self.usable(c, w, lanes, up & state.up[t, lanes])
        stuck = lanes[~busy]
        self.result.rounds[stuck] = self.model.max_rounds
        self.result.over[stuck] = True
        return ~busy

    def usable(self, c: int, w: int, lanes: Ints, up: Bools) -> Bools:
        """Per lane: is the target up (``up``) and can ``c`` attack with ``w`` (a held weapon: in its hand
        and not broken)?"""
        state = self.lanes
        if not self.model.arms[w].held:
            return up
        ok: Bools = up & (state.hand[c, lanes] == w) & ~state.broken[c, lanes]
        return ok

    def turn(self, c: int, lanes: Ints, k: int) -> None:
        """Rule 9: an all-out defense ends as its holder's count comes up; a fighter who is down passes.
        Otherwise: stand up, pick up, wait out being off target, attack (the AI's order)."""
        state = self.lanes
        state.defending[c, lanes] = False
        lanes = lanes[state.up[c, lanes]]
        moved = state.prone[c, lanes].copy()
        state.prone[c, lanes[moved]] = False
        state.actions[c, lanes[moved]] += 1
        standard = self.pick_up(c, lanes, moved)
        self.wait_out(c, lanes, moved, standard)
        free = ~standard & ~state.frozen(c, lanes)
        self.attack(c, lanes[free & ~moved], k, heavy=True)
        self.attack(c, lanes[free & moved], k, heavy=False)

    def pick_up(self, c: int, lanes: Ints, moved: Bools) -> Bools:
        """An empty hand picks up the first weapon on the fighter's square: a move action, paid with the
        standard action when the move action is spent (``moved`` is updated); per lane, whether the
        standard action is spent."""
        state = self.lanes
        spent = np.zeros(lanes.size, dtype=bool)
        empty = np.flatnonzero((state.hand[c, lanes] < 0) & state.lying[lanes])
        if not empty.size:
            return spent
        took = empty[state.pick_up(c, lanes[empty])]
        state.actions[c, lanes[took]] += 1
        spent[took] = moved[took]
        moved[took] = True
        return spent

    def wait_out(self, c: int, lanes: Ints, moved: Bools, standard: Bools) -> None:
        """``ai._wait_out``: off target (critical failure 7, counted in the holder's actions, B6), a
        Perception roll (a d20, nothing else) with the move action, then, still off target, with the
        standard action (``moved`` and ``standard`` are updated)."""
        state = self.lanes
        for spent in (moved, standard):
            rolled = np.flatnonzero(state.frozen(c, lanes) & ~spent)
            state.dice.roll(20, 1, rolled.size)
            state.actions[c, lanes[rolled]] += 1
            spent[rolled] = True

    def attack(self, c: int, lanes: Ints, k: int, *, heavy: bool) -> None:
        """The AI's attack (``ai._attack``) in each lane, then the engine's settling."""
        if not lanes.size:
            return
        choices = self.model.choices[c, "heavy-melee" if heavy else "attack"]
        picked = self.choose(c, lanes, heavy)
        lanes, picked = lanes[picked >= 0], picked[picked >= 0]
        before = self.lanes.up[:, lanes].copy()
        for i, (w, t) in enumerate(choices):
            sub = lanes[picked == i]
            if sub.size:
                self.lanes.strike(c, w, t, sub, heavy)
        if lanes.size:
            self.settle(c, lanes, k, before)

    def choose(self, c: int, lanes: Ints, heavy: bool) -> Ints:
        """Per lane, the index of the best (weapon, target) by ``ai._expected`` (hit chance times damage,
        x1.5 when the damage reaches the target's hit points, +0.5 for Heavy melee), then by the action's
        text; -1 when no enemy is in reach."""
        state = self.lanes
        best = np.full(lanes.size, -1)
        top = np.full(lanes.size, -np.inf)
        mod, more = state.attack_mod(c, lanes), state.damage_bonus(c, lanes, heavy)
        guards: dict[int, Ints] = {}
        for i, (w, t) in enumerate(self.model.choices[c, "heavy-melee" if heavy else "attack"]):
            ok = self.usable(c, w, lanes, state.up[t, lanes])
            if not ok.any():
                continue
            if t not in guards:
                guards[t] = state.guard(t, lanes)
            bonus = self.model.fighters[c].bab_size + self.model.arms[w].attack_bonus + mod
            need = state.base_defense(t, w) + guards[t] - bonus
            damage: Floats | float = self.model.arms[w].mean + more
            value = self.expected(need, damage, state.hp[t, lanes], heavy)
            better = ok & (value >= top)
            best[better], top[better] = i, value[better]
        return best

    @staticmethod
    def expected(need: Ints, damage: Floats | float, hp: Ints, heavy: bool) -> Floats:
        """``ai._expected``, in its order of operations (the same floats)."""
        chance = np.minimum(0.95, np.maximum(0.05, (21 - need) / 20))
        finishing = np.where(damage >= hp, 1.5, 1.0)
        value: Floats = chance * damage * finishing + (0.5 if heavy else 0.0)
        return value

    def settle(self, c: int, lanes: Ints, k: int, before: Bools) -> None:
        """After an action: the fight ends when at most one side has anyone up; whoever went out is counted
        in the round ``sim`` reads after the action — the next one when the actor's turn ended by itself
        (it went down, or its hand is empty with its actions spent) and nobody up acts after it."""
        state = self.lanes
        up = state.up[:, lanes]
        sides = np.array([f.side for f in self.model.fighters])
        standing = np.stack([up[sides == s].any(axis=0) for s in range(len(self.model.sides))])
        over = standing.sum(axis=0) <= 1
        ended, left = lanes[over], standing[:, over]
        self.result.over[ended] = True
        self.result.winner[ended] = np.where(left.any(axis=0), left.argmax(axis=0), -1)
        self.result.result[ended] = np.where(left.any(axis=0), WIN, DRAW)
        self.result.rounds[ended] = self.round
        later = self.order[lanes, k + 1 :]
        waiting = state.up[later, lanes[:, None]].any(axis=1)
        alone = ~up[c] | (state.hand[c, lanes] < 0)
        bump = (alone & ~over & ~waiting).astype(np.int32)
        fell = before & ~up
        for col in np.flatnonzero(fell.any(axis=1)).tolist():
            state.out_round[col, lanes[fell[col]]] = self.round + bump[fell[col]]
