"""One FuturePath strike, vectorised over the lanes of a kernel's batch: the Accuracy check, damage on a
hit and the Extra Damage rolls, die by die in the order :func:`tactica.systems.futurepath.attacks.strike`
draws them (rules 21-23, 27-32; A7, A10, A13, A19). The numbers of a strike (:class:`Blow`) come from the
rules' own helpers (:mod:`.futurepath_duel`)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from tactica.analysis.kernels.dice import KernelDice

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class Check:
    """An Accuracy check (rules 21, 27, A7, A8): ``natural + sign * advantage dice >= need``."""

    need: int
    dice: int
    sides: int  # the Advantage die; 0: a flat 1 each, nothing rolled
    sign: int
    fumble: int
    critical: int
    auto_hit: bool


@dataclass(frozen=True)
class Blow:
    """One attacking action of a turn plan: ``strikes`` strikes with these numbers."""

    check: Check
    terms: tuple[tuple[int, int], ...]  # the damage dice (count, sides), in the order they are rolled
    constant: int
    flat: int  # flat damage of a hit (rule 23)
    flat_extra: int  # of an Extra Damage roll (A10)
    multiplier: int  # the weapon's critical multiplier
    extras: int  # Extra Damage rolls after each hit (rule 31)
    strikes: int  # 1, or 1 + Extra Attacks in a Full Attack (rule 32)


@dataclass(frozen=True)
class Rules:
    """The options the duel reads (A7, A13, A19, rule 31)."""

    multiplies_flat: bool
    cap: int
    explode_at: int
    base_on_success: bool
    instant_death: bool


class Target:
    """The fighter being struck, on every lane still going: hit points, and (with A13) whether dead."""

    def __init__(self, hp: Ints, con: int, instant_death: bool) -> None:
        self.hp = hp
        self.con = con
        self.dead: Bools | None = np.zeros(hp.size, dtype=np.bool_) if instant_death else None

    def take(self, lanes: Ints | None, amount: Ints) -> None:
        """Deal ``amount`` to ``lanes`` (None: every lane) unless dead there (A13: dead below -CON)."""
        if self.dead is None:
            if lanes is None:
                self.hp -= amount
            else:
                self.hp[lanes] -= amount
            return
        alive = ~self.dead if lanes is None else ~self.dead[lanes]
        dealt = alive & (amount > 0)
        where = slice(None) if lanes is None else lanes
        self.hp[where] -= np.where(dealt, amount, 0)
        self.dead[where] |= dealt & (self.hp[where] < -self.con)

    def standing(self) -> Ints | None:
        """The lanes a Full Attack's next strike goes on in (None: every lane)."""
        if self.dead is None or not self.dead.any():
            return None
        return np.nonzero(~self.dead)[0]

    def keep(self, keep: Bools) -> None:
        self.hp = self.hp[keep]
        if self.dead is not None:
            self.dead = self.dead[keep]


def act(numbers: Blow, rules: Rules, dice: KernelDice, target: Target) -> None:
    """One attacking action on every lane; a Full Attack's strikes go on against a dying target, not a dead
    one (rule 32, A13)."""
    strike(numbers, rules, dice, target, None)
    for _ in range(numbers.strikes - 1):
        lanes = target.standing()
        if lanes is not None and not lanes.size:
            return
        strike(numbers, rules, dice, target, lanes)


def check(c: Check, dice: KernelDice, m: int) -> tuple[Ints, Bools]:
    """``m`` Accuracy checks: the natural d20s, and whether each reaches the AC."""
    natural = dice.roll(20, 1, m)[:, 0]
    if c.dice and c.sides:
        extra = dice.roll(c.sides, c.dice, m)
        total = natural + c.sign * (extra[:, 0] if c.dice == 1 else extra.sum(axis=1))
    else:
        total = natural + c.sign * c.dice
    return natural, total >= c.need


def strike(numbers: Blow, rules: Rules, dice: KernelDice, target: Target, lanes: Ints | None) -> None:
    """One strike on ``lanes`` (None: every lane): the check, damage on a hit, then Extra Damage."""
    c = numbers.check
    natural, reached = check(c, dice, target.hp.size if lanes is None else lanes.size)
    critical = natural >= c.critical
    if c.fumble:
        fumble = natural == c.fumble
        critical &= ~fumble
        reached &= ~fumble
    hit = reached | critical if c.auto_hit else reached
    struck = np.nonzero(hit)[0] if lanes is None else lanes[hit]
    critical = critical[hit]
    multiplier = np.where(critical, numbers.multiplier, 1)
    damage(numbers, rules, dice, target, struck, multiplier, numbers.flat)
    if numbers.extras and struck.size:
        extra_damage(numbers, rules, dice, target, struck, np.where(critical, numbers.multiplier, 0))


def damage(
    numbers: Blow, rules: Rules, dice: KernelDice, target: Target, lanes: Ints, multiplier: Ints, flat: int
) -> None:
    """The damage dice rolled ``multiplier`` times (A7) plus flat damage, dealt unless the target is dead."""
    if not lanes.size:
        return
    total = _dice_total(numbers, dice, lanes.size)
    for i in range(1, int(multiplier.max())):
        again = np.nonzero(multiplier > i)[0]
        total[again] += _dice_total(numbers, dice, again.size)
    amount = np.maximum(0, total + flat * (multiplier if rules.multiplies_flat else 1))
    target.take(lanes, amount)


def _dice_total(numbers: Blow, dice: KernelDice, m: int) -> Ints:
    """One roll of the damage dice on ``m`` lanes (each term in order, as ``DiceExpr.roll`` draws them)."""
    total: Ints | None = None
    for count, sides in numbers.terms:
        faces = dice.roll(sides, count, m)
        rolled = faces[:, 0] if count == 1 else faces.sum(axis=1)
        total = rolled if total is None else total + rolled
    return (np.zeros(m, dtype=np.int64) if total is None else total) + numbers.constant


def extra_damage(
    numbers: Blow, rules: Rules, dice: KernelDice, target: Target, lanes: Ints, multiplier: Ints
) -> None:
    """Rule 31: the Extra Damage rolls after a hit (``multiplier`` 0) or a critical (the weapon's): each
    critical-checked while the checks hold (a fumble stops them, a natural from ``explode_at`` raises the
    multiplier up to the cap, a failure ends the checks)."""
    going = np.ones(lanes.size, dtype=np.bool_)
    c = numbers.check
    for _ in range(numbers.extras):
        used = np.ones(lanes.size, dtype=np.int64)
        checked = np.nonzero(going & (multiplier > 0))[0]
        if checked.size:
            natural, reached = check(c, dice, checked.size)
            fumble = natural == c.fumble
            explode = ~fumble & (natural >= rules.explode_at)
            success = ~fumble & ~explode & (reached | (natural >= c.critical))
            now = np.where(explode, np.minimum(rules.cap, multiplier[checked] + 1), multiplier[checked])
            kept = numbers.multiplier if rules.base_on_success else now
            failed = ~fumble & ~explode & ~success
            used[checked] = np.where(failed, 1, np.where(success, kept, now))
            multiplier[checked] = np.where(failed, 0, now)
            going[checked[fumble]] = False
        rolled = np.nonzero(going)[0]
        damage(numbers, rules, dice, target, lanes[rolled], used[rolled], numbers.flat_extra)
