"""The Far Recon line-up kernel's blows, for many fights at once (each array has one column per lane): the
fudge rolls, the AI's choice of weapon and target, the defender's answer, dodge then Physical Defense,
damage by increments of the margin, critical extras and complications, Body and the dying roll
(:mod:`tactica.systems.farrecon.attacks`, :mod:`~tactica.systems.farrecon.vitals`, rules 1-4, 10-13, 17-19,
21)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from tactica.analysis.kernels.base import NEVER
from tactica.analysis.kernels.dice import GeneratorDice, KernelDice
from tactica.analysis.kernels.farrecon_model import Model

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
#: Statuses (``state.STATUSES``).
ACTIVE, UNCONSCIOUS, DYING, DEAD = range(4)
#: Who wins an opposed roll (``dice.opposed``).
PASSIVE, TIE, ACTIVE_WINS = -1, 0, 1


@dataclass(frozen=True)
class Roll:
    """Fudge rolls of a few lanes: totals, and whether each is a critical success or failure."""

    total: Ints
    success: Bools
    failure: Bools


def fudge(model: Model, dice: KernelDice, modifier: Ints) -> Roll:
    """Far Recon 1, 3-4: 4dF (option fudge_dice) + ``modifier`` in each lane, as one outcome of the dice
    (:func:`fudge_outcome`) looked up in the model's tables of the faces' sum and criticals."""
    number = fudge_outcome(dice, model.options.fudge_dice, len(modifier))
    return Roll(model.fudge_sum[number] + modifier, model.fudge_success[number], model.fudge_failure[number])


def fudge_outcome(dice: KernelDice, count: int, lanes: int) -> Ints:
    """The outcome of ``count`` fudge dice in each lane, numbered with the first die the most significant
    base-3 digit (face -1 as 0): from a tape, the engine's faces; from a generator, a uniform number (every
    outcome of independent dice is equally likely: the same distribution)."""
    if isinstance(dice, GeneratorDice):
        return dice.rng.integers(0, 3**count, size=lanes)
    number = np.zeros(lanes, dtype=np.int64)
    for face in dice.roll(1, count, lanes, low=-1).T:
        number = number * 3 + face + 1
    return number


def opposed(model: Model, active: Roll, passive: Roll) -> Ints:
    """``dice.opposed``: a lone critical success wins; two compare totals (or the defender wins, option
    double_critical); else the higher total, equal ones tie."""
    compare = np.sign(active.total - passive.total)
    both = active.success & passive.success
    if model.options.double_critical == "defender":
        compare = np.where(both, PASSIVE, compare)
    lone = active.success ^ passive.success
    won: Ints = np.where(lone, np.where(active.success, ACTIVE_WINS, PASSIVE), compare)
    return won


class Lanes:
    """Every fighter's changing state in each fight of a batch: (fighters, fights) arrays."""

    def __init__(self, model: Model, dice: KernelDice, fights: int) -> None:
        self.model, self.dice = model, dice
        count = len(model.ids)

        def per(values: Ints) -> Ints:
            return np.repeat(values[:, None], fights, axis=1)

        self.health = per(model.health)
        self.ap = per(model.ap)
        self.status = np.zeros((count, fights), dtype=np.int64)
        self.dodges = np.zeros((count, fights), dtype=np.int64)
        self.panic = np.zeros((count, fights), dtype=bool)
        self.stunned = np.zeros((count, fights), dtype=bool)
        self.aware: Bools = np.repeat(model.aware[:, None], fights, axis=1)
        self.taken = np.zeros((count, fights), dtype=np.float64)
        self.dealt = np.zeros((count, fights), dtype=np.float64)
        self.out_round = np.full((count, fights), NEVER, dtype=np.int32)

    def dying_roll(self, c: int, lanes: Ints) -> None:
        """Far Recon 18 / D10: a dying fighter's Body roll at the start of its turn (in ``lanes``, where it
        is dying) against DC = its negative Body points: stable (unconscious) on a success, dead on a
        failure."""
        if not lanes.size:
            return
        roll = fudge(self.model, self.dice, np.full(lanes.size, self.model.body_roll[c]))
        survived = roll.success | (roll.total >= -self.health[c, lanes])
        self.status[c, lanes] = np.where(survived, UNCONSCIOUS, DEAD)

    def hurt_medic(self, c: int, lanes: Ints) -> Bools:
        """``ai._hurt_medic``: Medicine 1 or more and health at a third of its base Body or less (it treats
        itself, ``ai._care``)."""
        if self.model.medicine[c] < 1:
            return np.zeros(lanes.size, dtype=bool)
        hurt: Bools = self.health[c, lanes] * 3 <= self.model.body[c]
        return hurt

    def treat_self(self, c: int, lanes: Ints) -> None:
        """``attacks.treat`` on itself, untagged (Far Recon 2-4, 9): Medicine against option treat_dc heals
        treat_heal (double on a critical success), never above base Body; a critical failure deals it 1."""
        model, options = self.model, self.model.options
        roll = fudge(model, self.dice, np.full(lanes.size, model.medicine[c]))
        success = roll.success | (roll.total >= options.treat_dc)
        double = roll.success & (options.critical_extra != "none")
        amount = np.where(success, options.treat_heal * np.where(double, 2, 1), 0)
        self.health[c, lanes] += np.minimum(amount, model.body[c] - self.health[c, lanes])
        if options.critical_complications:
            self.harm(np.full(lanes.size, c), lanes, roll.failure.astype(np.int64), dealer=c)

    def choose(self, c: int, lanes: Ints) -> tuple[Ints, Bools]:
        """``ai._attack`` in each lane: the index into ``model.choices[c]`` of the best (worth less 0.3 x the
        target's health, then the greatest action's text), -1 with no conscious enemy next to it; and
        whether it tags an aspect (2 Action Points or more, an aspect to tag)."""
        tag = (self.ap[c, lanes] >= 2) & self.model.aspects[c]
        choices = self.model.choices[c]
        best = np.full(lanes.size, -1)
        if not choices.target.size:
            return best, tag
        rows = choices.target[:, None]
        able = self.status[rows, lanes] == ACTIVE
        value = np.where(able, choices.worth[:, None] - 0.3 * self.health[rows, lanes], -np.inf)
        some = able.any(axis=0)
        best[some] = choices.by_text[value[choices.by_text].argmax(axis=0)][some]
        return best, tag

    def blow(self, c: int, lanes: Ints, picked: Ints, tag: Bools) -> Ints:
        """Far Recon 10-13, 21: the attack roll, the defender's answer (``ai._answer``), its dodge then its
        Physical Defense, the damage; then the attacker's critical failure. Per lane, the target."""
        model = self.model
        w, t = model.choices[c].weapon[picked], model.choices[c].target[picked]
        self.ap[c, lanes] -= tag
        strike = fudge(model, self.dice, model.skill[c, w] + model.options.aspect_bonus * tag)
        dodging, dodge_tag, take_tag = self.answer(t, lanes, w, strike)
        through = np.ones(lanes.size, dtype=bool)
        sub = np.flatnonzero(dodging)
        if sub.size:
            won = self.dodge(t[sub], lanes[sub], strike, sub, dodge_tag[sub])
            through[sub] = (won == ACTIVE_WINS) | ((won == TIE) & self.ties(w[sub]))
            if model.options.touch_dodge_tie == "connect":
                at_once = sub[(won == TIE) & model.touch[w[sub]]]
                through[at_once] = False
                self.connect(c, t[at_once], w[at_once], lanes[at_once])
        sub = np.flatnonzero(through)
        if sub.size:
            self.defend(c, t[sub], w[sub], lanes[sub], _part(strike, sub), take_tag[sub])
        self.fumble(c, w, lanes, strike.failure)
        return t

    def answer(self, t: Ints, lanes: Ints, w: Ints, strike: Roll) -> tuple[Bools, Bools, Bools]:
        """``ai._answer``: dodge an attack whose total beats its Physical Defense when it may (rule 11);
        tag an aspect when at half health or less and the total is 2 over it. Per lane: dodging, tagging
        the dodge, tagging Physical Defense."""
        model = self.model
        may = model.dodgeable[w] & model.may_dodge[t] & self.aware[t, lanes]
        may &= self.dodges[t, lanes] < model.dodges[t]
        can_tag = model.aspects[t] & (self.ap[t, lanes] > 0)
        guard = model.pdef[t]
        hurt = self.health[t, lanes] * 2 <= model.body[t]
        dodging = may & (strike.total > guard)
        tagging = can_tag & hurt & (strike.total >= guard + 2)
        return dodging, tagging & dodging, tagging & ~dodging

    def dodge(self, t: Ints, lanes: Ints, strike: Roll, sub: Ints, tag: Bools) -> Ints:
        """The dodge (Agility, Far Recon 10-11): per lane, who wins it (the attack goes through to Physical
        Defense when the attacker wins, or ties with a touch attack or option combat_ties 'active')."""
        self.dodges[t, lanes] += 1
        self.ap[t, lanes] -= tag
        roll = fudge(self.model, self.dice, self.model.agility[t] + self.model.options.aspect_bonus * tag)
        return opposed(self.model, _part(strike, sub), roll)

    def ties(self, w: Ints) -> Bools:
        """Far Recon 13, D5: whether the attacker wins ties: with a touch attack, or option combat_ties
        'active'."""
        won: Bools = self.model.touch[w] | (self.model.options.combat_ties == "active")
        return won

    def connect(self, c: int, t: Ints, w: Ints, lanes: Ints) -> None:
        """Option touch_dodge_tie 'connect': a touch attack that ties the dodge connects at once, with
        touch_tie_tiers increments and its effect, no Physical Defense roll (D8)."""
        self.stunned[t[self.model.stuns[w]], lanes[self.model.stuns[w]]] = True
        self.harm(t, lanes, self.model.options.touch_tie_tiers * self.model.base_damage[w], dealer=c)

    def defend(self, c: int, t: Ints, w: Ints, lanes: Ints, strike: Roll, tag: Bools) -> None:
        """Physical Defense and the damage it lets through (Far Recon 12-13, D1, D6, D7, D8); a critical
        hit's extra: panic (a melee hit) or one more increment (option critical_extra); a touch attack's
        stun on a hit or a tie."""
        options = self.model.options
        self.ap[t, lanes] -= tag
        defence = fudge(self.model, self.dice, self.model.pdef[t] + options.aspect_bonus * tag)
        won = opposed(self.model, strike, defence)
        hit = won == ACTIVE_WINS
        margin = strike.total - defence.total
        margin = np.where(hit & strike.success, np.maximum(margin, options.critical_min_margin), margin)
        count = np.where(hit, self.tiers(margin, w), 0)
        extra = hit & strike.success & (~defence.success | (options.double_critical_extra == "keep"))
        extra &= options.critical_extra != "none"
        if options.critical_extra == "extra_tier":
            count = count + extra
        connect = (won == TIE) & self.ties(w)
        count = np.where(connect, options.touch_tie_tiers, count)
        if options.critical_extra == "panic_in_melee":
            self.panic[t[extra & (count > 0)], lanes[extra & (count > 0)]] = True
        stun = self.model.stuns[w] & ((hit & (count > 0)) | connect)
        self.stunned[t[stun], lanes[stun]] = True
        self.harm(t, lanes, count * self.model.base_damage[w], dealer=c)

    def tiers(self, margin: Ints, w: Ints) -> Ints:
        """Far Recon 12 / D1: ceil(margin / DI) in exact integers (option damage_tiers 'meet_or_beat':
        floor(margin / DI) + 1); no margin, no tiers."""
        num, den = self.model.di_num[w], self.model.di_den[w]
        if self.model.options.damage_tiers == "meet_or_beat":
            count = (margin * den) // num + 1
        else:
            count = -((-margin * den) // num)
        found: Ints = np.where(margin > 0, count, 0)
        return found

    def fumble(self, c: int, w: Ints, lanes: Ints, failure: Bools) -> None:
        """Far Recon 4: a melee attacker's critical failure hurts it (one Base Damage), whatever the outcome
        (a defender's stagger only pins it on a map where nobody can move)."""
        if not self.model.options.critical_complications or not failure.any():
            return
        bd = self.model.base_damage[w[failure]]
        self.harm(np.full(bd.size, c), lanes[failure], bd, dealer=c)

    def harm(self, t: Ints, lanes: Ints, amount: Ints, dealer: int) -> None:
        """Far Recon 17-19: Body points off (none: nothing happens) and the status that follows from
        conscious: 0 unconscious, below 0 dying, below minus base Body dead."""
        hit = amount > 0
        t, lanes, amount = t[hit], lanes[hit], amount[hit]
        if not t.size:
            return
        self.health[t, lanes] -= amount
        self.taken[t, lanes] += amount
        others = t != dealer
        self.dealt[dealer, lanes[others]] += amount[others]
        left = self.health[t, lanes]
        fell = np.where(left < -self.model.body[t], DEAD, np.where(left < 0, DYING, UNCONSCIOUS))
        self.status[t, lanes] = np.where(left > 0, ACTIVE, fell)


def _part(roll: Roll, sub: Ints) -> Roll:
    return Roll(roll.total[sub], roll.success[sub], roll.failure[sub])
