"""One FuturePath strike, vectorised over the lanes of a kernel's batch: the Accuracy check, damage on a
hit and the Extra Damage rolls, die by die in the order :func:`tactica.systems.futurepath.attacks.strike`
draws them (rules 21-23, 27-32; A7, A10, A13, A19). The numbers of a strike (:class:`Blow`) come from the
rules' own helpers (:mod:`.futurepath_duel`)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from tactica.analysis.kernels.dice import GeneratorDice, KernelDice, Pair, outcome, outcome_faces, outcomes_of

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
#: The most outcomes a strike's table may have (its dice as one number); a strike with more is played die by
#: die.
MAX_TABLE = 1 << 18


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


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: it holds arrays
class StrikeTable:
    """Every outcome of one strike without Extra Damage, numbered as one roll of all the dice it may read
    (the check's, then ``rolls`` rolls of the damage dice; the first die the most significant digit, as
    :func:`~.dice.outcome` numbers them): ``code[c]`` is the check's result on the check's outcome ``c`` (0
    a miss, 1 a hit, 2 a critical hit), ``amount[o]`` the damage the strike deals on the outcome ``o``."""

    check: tuple[Pair, ...]
    damage: tuple[Pair, ...]
    rolls: int
    code: Ints
    amount: Ints


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
    table: StrikeTable | None = None  # every outcome of a strike, when it has few enough (:func:`table_of`)


@dataclass(frozen=True)
class Rules:
    """The options the duel reads (A7, A13, A19, rule 31)."""

    multiplies_flat: bool
    cap: int
    explode_at: int
    base_on_success: bool
    instant_death: bool


class Target:
    """The fighter being struck, on every lane still going: its hit points. With A13 it is dead below -CON;
    hit points only fall during an action, and every action starts with the target above 0 in every lane,
    so a lane is dead exactly when the hit points are below -CON, and none is when every lane is struck."""

    def __init__(self, hp: Ints, con: int, instant_death: bool) -> None:
        self.hp = hp
        self.con = con
        self.instant_death = instant_death

    def take(self, lanes: Ints | None, amount: Ints) -> None:
        """Deal ``amount`` to ``lanes`` (None: every lane) unless dead there (A13: dead below -CON)."""
        if lanes is None:
            self.hp -= amount
        elif self.instant_death:
            self.hp[lanes] -= np.where(self.hp[lanes] >= -self.con, amount, 0)
        else:
            self.hp[lanes] -= amount

    def standing(self) -> Ints | None:
        """The lanes a Full Attack's next strike goes on in (None: every lane)."""
        if not self.instant_death:
            return None
        dead = self.hp < -self.con
        return np.nonzero(~dead)[0] if dead.any() else None

    def keep(self, keep: Bools) -> None:
        self.hp = self.hp[keep]


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
    extra = dice.roll(c.sides, c.dice, m) if c.dice and c.sides else None
    return natural, reaches(c, natural, extra)


def reaches(c: Check, natural: Ints, extra: Ints | None) -> Bools:
    """Whether each check with these natural d20s and Advantage dice (rows; None: nothing rolled, a flat 1
    each) reaches the AC."""
    bonus = c.dice if extra is None else (extra[:, 0] if c.dice == 1 else extra.sum(axis=1))
    reached: Bools = natural + c.sign * bonus >= c.need
    return reached


def verdict(c: Check, natural: Ints, reached: Bools) -> tuple[Bools, Bools]:
    """Which checks hit, and which are critical (among all): a fumble misses and is no critical, a critical
    hits by itself with ``auto_hit`` (rules 21, A7, A8)."""
    critical = natural >= c.critical
    if c.fumble:
        fumble = natural == c.fumble
        critical &= ~fumble
        reached &= ~fumble
    return (reached | critical if c.auto_hit else reached), critical


def table_of(numbers: Blow, rules: Rules) -> StrikeTable | None:
    """The table of a strike (:class:`StrikeTable`); None for a strike with Extra Damage or with more than
    :data:`MAX_TABLE` outcomes, which is played die by die."""
    c = numbers.check
    kinds = ((1, 20), *(((c.dice, c.sides),) if c.dice and c.sides else ()))
    rolls = max(1, numbers.multiplier)
    if numbers.extras or outcomes_of(kinds) * outcomes_of(numbers.terms) ** rolls > MAX_TABLE:
        return None
    faces = outcome_faces(kinds)
    natural = faces[:, 0]
    hit, critical = verdict(c, natural, reaches(c, natural, faces[:, 1:] if len(kinds) > 1 else None))
    code = hit.astype(np.int64) + (hit & critical)
    return StrikeTable(kinds, numbers.terms, rolls, code, _amounts(numbers, rules, code, rolls))


def _amounts(numbers: Blow, rules: Rules, code: Ints, rolls: int) -> Ints:
    """The damage of every outcome of the strike: none on a miss, one roll of the damage dice on a hit,
    ``rolls`` on a critical (A7), each with the flat damage as :func:`damage` adds it."""
    totals = outcome_faces(numbers.terms).sum(axis=1) + numbers.constant
    shape = (len(totals),) * rolls
    each = [totals.reshape([len(totals) if k == r else 1 for k in range(rolls)]) for r in range(rolls)]
    hit = np.maximum(0, each[0] + numbers.flat)
    crit = np.maximum(0, sum(each) + numbers.flat * (numbers.multiplier if rules.multiplies_flat else 1))
    by_code = np.stack([np.zeros(shape, dtype=np.int64), *np.broadcast_arrays(hit, crit)])
    amounts: Ints = by_code[code].reshape(-1)
    return amounts


def strike_outcome(table: StrikeTable, dice: KernelDice, m: int) -> Ints:
    """The outcomes of ``m`` strikes. From a generator, one uniform number each: every outcome of independent
    dice is equally likely, and the dice a strike does not read change nothing in its damage (the same
    distribution). From a tape, the dice the engine reads, die by die: the check's, a damage roll on a hit
    and the other rolls on a critical."""
    if isinstance(dice, GeneratorDice):
        return dice.rng.integers(0, len(table.amount), size=m)
    number = outcome(dice, table.check, m)
    code = table.code[number]
    for r in range(table.rolls):
        rolled = np.nonzero(code >= min(r + 1, 2))[0]
        number = number * outcomes_of(table.damage)
        number[rolled] += outcome(dice, table.damage, rolled.size)
    return number


def strike(numbers: Blow, rules: Rules, dice: KernelDice, target: Target, lanes: Ints | None) -> None:
    """One strike on ``lanes`` (None: every lane): the check, damage on a hit, then Extra Damage."""
    m = target.hp.size if lanes is None else lanes.size
    if numbers.table is not None:
        target.take(lanes, numbers.table.amount[strike_outcome(numbers.table, dice, m)])
        return
    c = numbers.check
    natural, reached = check(c, dice, m)
    hit, critical = verdict(c, natural, reached)
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
