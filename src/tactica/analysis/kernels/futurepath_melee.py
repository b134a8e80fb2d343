"""FuturePath melee blows resolved for many fights at once (rules 21-24, 27-31, 39; A7, A10, A13, A19),
drawing the dice the engine draws, in its order: the accuracy d20, then the advantage dice; on a hit the
damage dice (once per critical multiplier, term by term); then each Extra Damage roll, critical-checked after
a critical (:func:`tactica.systems.futurepath.attacks.strike`).

:class:`Melee` holds the fights' changing numbers as arrays, one row per fight (a *lane*) and one column per
combatant in setup order; each method takes the lanes it acts on, as an index array.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from tactica.analysis.kernels.base import NEVER
from tactica.analysis.kernels.dice import KernelDice
from tactica.analysis.kernels.futurepath_blows import Blow, Coup
from tactica.systems.futurepath.options import FuturePathOptions

Ints = npt.NDArray[np.int64]
#: Status codes (``Fighter.status``): able to act, dying, dead.
ACTIVE, DYING, DEAD = 0, 1, 2


class Melee:
    """Hit points, Constitution, status and harm of every combatant in ``fights`` fights."""

    def __init__(
        self, options: FuturePathOptions, dice: KernelDice, hp: list[int], con: list[int], fights: int
    ) -> None:
        self.options = options
        self.dice = dice
        columns = len(hp)
        self.hp = np.repeat(np.array(hp, dtype=np.int64)[:, None], fights, axis=1)
        self.con = np.repeat(np.array(con, dtype=np.int64)[:, None], fights, axis=1)
        self.status = np.zeros((columns, fights), dtype=np.int8)
        self.taken = np.zeros((columns, fights))
        self.dealt = np.zeros((columns, fights))
        self.out_round = np.full((columns, fights), NEVER, dtype=np.int32)

    def strike(self, b: Blow, lanes: Ints) -> None:
        """One attack (accuracy, damage on a hit, then its Extra Damage rolls)."""
        if not lanes.size:
            return
        natural, total = self.accuracy(b, lanes.size)
        fumble = natural == self.options.critical_failure_natural
        critical = (natural >= b.crit_range) & ~fumble
        hit = ~fumble & (self.reaches(total, b.ac) | (critical & self.options.critical_auto_hit))
        multiplier = np.where(critical, b.crit_multiplier, 1)[hit]
        self.damage(b, lanes[hit], multiplier, b.flat)
        if b.extra_damage:
            self.extra_rolls(b, lanes[hit], np.where(multiplier > 1, multiplier, 0))

    def accuracy(self, b: Blow, n: int) -> tuple[Ints, Ints]:
        """Rule 27: the natural d20 and the Accuracy Value of ``n`` checks."""
        natural = self.dice.roll(20, 1, n)[:, 0]
        count = abs(b.net)
        if not count:
            extra: Ints | int = 0
        elif b.advantage_die:
            extra = self.dice.roll(b.advantage_die, count, n).sum(axis=1)
        else:
            extra = count
        sign = 1 if b.net > 0 else -1
        return natural, natural + sign * extra + b.bonus

    def reaches(self, total: Ints, ac: int) -> npt.NDArray[np.bool_]:
        """Rule 21: an Accuracy Value that hits this AC."""
        return total >= ac if self.options.hit_on_equal else total > ac

    def coup(self, coup: Coup, lanes: Ints) -> None:
        """Rule 38: an automatic critical (the dice times the weapon's multiplier); a target still alive
        saves, d20 + CON modifier (of its CON now) with the attacker's dice (A12), against the damage, or
        dies."""
        b = coup.blow
        multiplier = np.full(lanes.size, b.crit_multiplier)
        dealt = self.damage(b, lanes, multiplier, b.flat)
        alive = self.status[b.target][lanes] != DEAD
        lanes, dealt = lanes[alive], dealt[alive]
        if not lanes.size:
            return
        natural = self.dice.roll(20, 1, lanes.size)[:, 0]
        count = abs(coup.save_net)
        extra: Ints | int = 0
        if count:
            extra = self.dice.roll(coup.save_die, count, lanes.size).sum(axis=1) if coup.save_die else count
        sign = 1 if coup.save_net > 0 else -1
        total = natural + (self.con[b.target][lanes] - 10) // 2 + sign * extra
        self.status[b.target][lanes[total < dealt]] = DEAD

    def damage(self, b: Blow, lanes: Ints, multiplier: Ints, flat: int) -> Ints:
        """Roll the damage dice ``multiplier`` times per lane, add flat damage, deal it (A7); the amounts."""
        dealt = np.zeros(lanes.size, dtype=np.int64)
        for m in sorted({1, b.crit_multiplier, *multiplier[multiplier > b.crit_multiplier].tolist()}):
            sub = lanes[multiplier == m]
            if not sub.size:
                continue
            total = np.full(sub.size, flat * (m if self.options.critical_multiplies_flat else 1))
            for _ in range(m):
                total += b.constant
                for count, sides, sign in b.terms:
                    total += sign * self.dice.roll(sides, count, sub.size).sum(axis=1)
            amount = np.maximum(total, 0)
            dealt[multiplier == m] = amount
            self.deal(b, sub, amount)
        return dealt

    def deal(self, b: Blow, lanes: Ints, amount: Ints) -> None:
        """Take hit points; 0 or below is dying (rule 39), below -CON dead (A13)."""
        t = b.target
        status = self.status[t]
        hurt = (amount > 0) & (status[lanes] != DEAD)
        lanes, amount = lanes[hurt], amount[hurt]
        hp = self.hp[t][lanes] - amount
        self.hp[t][lanes] = hp
        self.taken[t][lanes] += amount
        self.dealt[b.attacker][lanes] += amount
        dead = (hp < -self.con[t][lanes]) & self.options.instant_death_below_negative_con
        status[lanes[dead]] = DEAD
        dying = ~dead & (hp <= 0) & (status[lanes] == ACTIVE)
        status[lanes[dying]] = DYING

    def extra_rolls(self, b: Blow, lanes: Ints, critical: Ints) -> None:
        """Rule 31: the Extra Damage rolls; after a critical each is critical-checked until a check fails,
        a critical failure ending them (:func:`tactica.systems.futurepath.attacks.extra_rolls`)."""
        checking = critical > 1
        current = critical.copy()
        going = np.ones(lanes.size, dtype=bool)
        for _ in range(b.extra_damage):
            plain = going & ~checking
            self.damage(b, lanes[plain], np.ones(int(plain.sum()), dtype=np.int64), b.flat_extra)
            idx = np.flatnonzero(going & checking)
            if not idx.size:
                continue
            used = self.critical_check(b, idx, current, critical, going, checking)
            keep = going[idx]
            self.damage(b, lanes[idx[keep]], used[keep], b.flat_extra)

    def critical_check(
        self,
        b: Blow,
        idx: Ints,
        current: Ints,
        base: Ints,
        going: npt.NDArray[np.bool_],
        checking: npt.NDArray[np.bool_],
    ) -> Ints:
        """One critical check per lane ``idx`` (fumble, explode, success or fail); updates the lanes' state
        and returns the multiplier each damage roll uses (A19)."""
        options = self.options
        natural, total = self.accuracy(b, idx.size)
        fumble = natural == options.critical_failure_natural
        explode = ~fumble & (natural >= options.critical_check_natural)
        success = ~fumble & ~explode & (self.reaches(total, b.ac) | (natural >= b.crit_range))
        fail = ~fumble & ~explode & ~success
        going[idx[fumble]] = False
        current[idx[explode]] = np.minimum(options.critical_multiplier_cap, current[idx[explode]] + 1)
        checking[idx[fail]] = False
        used = current[idx].copy()
        if options.critical_check_multiplier == "base":
            used[success] = base[idx][success]
        used[fail] = 1
        return used

    def bleed(self, column: int, lanes: Ints) -> None:
        """Rule 39: each dying fighter among ``lanes`` loses 1d4 CON; CON 0 is death."""
        dying = lanes[self.status[column][lanes] == DYING]
        if not dying.size:
            return
        loss = self.dice.roll(4, 1, dying.size)[:, 0]
        con = np.maximum(0, self.con[column][dying] - loss)
        self.con[column][dying] = con
        self.status[column][dying[con <= 0]] = DEAD
