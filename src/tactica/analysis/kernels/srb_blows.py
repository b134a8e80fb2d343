"""Star Rangers melee blows for many fights at once (rules 13, 17-19, 22; B3, B5, B9): the attack roll, the
confirmation of a natural 20 and the damage dice rolled again on a critical, Heavy melee's +2 and its
knockback rolls, and every entry of the critical-failure table for melee weapons, natural weapons and
unarmed strikes, drawing the dice the engine draws in its order (:func:`tactica.systems.srb.combat.attack`,
:mod:`tactica.systems.srb.fumbles`).

:class:`Lanes` holds the fights' changing numbers as arrays, one row per combatant (setup order) and one
column per fight (a *lane*); each method takes the lanes it acts on as an index array. The rare entries that
move a weapon (flung, dropped) or pick a random victim are played lane by lane.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from tactica.analysis.kernels.base import NEVER
from tactica.analysis.kernels.dice import KernelDice
from tactica.analysis.kernels.srb_model import Model
from tactica.systems.srb.attacks import ALL_OUT_DEFENSE, HEAVY_DAMAGE, PRONE
from tactica.systems.srb.fumbles import AWKWARD_ACTIONS, OFF_TARGET_ACTIONS
from tactica.systems.srb.movement import SIDEWAYS

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
#: A timer start that covers no action.
NO_TIMER = -10


class Lanes:
    """Hit points, conditions, hands and timers of every combatant in ``fights`` fights."""

    def __init__(self, model: Model, dice: KernelDice, fights: int) -> None:
        self.model = model
        self.dice = dice
        columns = len(model.fighters)

        def each(values: list[int]) -> Ints:
            return np.repeat(np.array(values, dtype=np.int64)[:, None], fights, axis=1)

        self.hp = each([f.hp for f in model.fighters])
        self.hand = each([f.hand for f in model.fighters])
        self.up = np.ones((columns, fights), dtype=bool)
        self.prone, self.tired, self.defending, self.broken = (np.zeros_like(self.up) for _ in range(4))
        self.actions = np.zeros((columns, fights), dtype=np.int64)
        self.awkward_old, self.awkward_new, self.off_target = (each([NO_TIMER] * columns) for _ in range(3))
        self.taken = np.zeros((columns, fights))
        self.dealt = np.zeros((columns, fights))
        self.out_round = np.full((columns, fights), NEVER, dtype=np.int32)
        self.ground: dict[int, list[tuple[int, int]]] = {}  # lane -> [(square, weapon)] in the engine's order
        self.lying = np.zeros(fights, dtype=bool)  # per lane: does a weapon lie on the ground?

    # -- what the numbers are now --------------------------------------------------------------------

    def covered(self, start: Ints, lanes: Ints, c: int, length: int) -> Bools:
        """Whether timers started at the holder's action ``start`` and lasting ``length`` more actions cover
        its next action (B6, ``durations._on``)."""
        after = self.actions[c, lanes] + 1
        on: Bools = (start < after) & (after <= start + length)
        return on

    def frozen(self, c: int, lanes: Ints) -> Bools:
        """Critical failure 7, option ``off_target: no_attacks``: no attack for the next 2 actions."""
        return self.covered(self.off_target[c, lanes], lanes, c, OFF_TARGET_ACTIONS)

    def awkward(self, c: int, lanes: Ints) -> Ints:
        """Critical failure 6: -2 on the first action of the oldest timer in force, -1 on the second."""
        old, new = self.awkward_old[c, lanes], self.awkward_new[c, lanes]
        on_old, on_new = (self.covered(s, lanes, c, AWKWARD_ACTIONS) for s in (old, new))
        step = self.actions[c, lanes] + 1 - np.where(on_old, old, new)
        return np.where(on_old | on_new, np.where(step <= 1, -2, -1), 0)

    def strength(self, c: int, lanes: Ints) -> Ints:
        mods = self.model.fighters[c].str_mod
        return np.where(self.tired[c, lanes], mods[1], mods[0])

    def attack_mod(self, c: int, lanes: Ints) -> Ints:
        """What changes in ``c``'s melee attack bonus: STR (tired or not), awkward, prone (-4)."""
        mod: Ints = self.strength(c, lanes) + self.awkward(c, lanes) - PRONE * self.prone[c, lanes]
        return mod

    def bonus(self, c: int, w: int, lanes: Ints) -> Ints:
        """Rule 19: BAB + STR + size + the weapon's bonus + awkward (and prone, -4)."""
        base = self.model.fighters[c].bab_size + self.model.arms[w].attack_bonus
        return base + self.attack_mod(c, lanes)

    def guard(self, t: int, lanes: Ints) -> Ints:
        """What changes in ``t``'s Defense: DEX (tired or not), an all-out defense (+4), prone (-4 against
        melee)."""
        f = self.model.fighters[t]
        dex = np.where(self.tired[t, lanes], f.dex_mod[1], f.dex_mod[0])
        mod: Ints = dex + ALL_OUT_DEFENSE * self.defending[t, lanes] - PRONE * self.prone[t, lanes]
        return mod

    def base_defense(self, t: int, w: int) -> int:
        """B9: 10 + class + size, + equipment unless ``w`` is a touch attack."""
        f = self.model.fighters[t]
        return 10 + f.class_defense + f.size_mod + (0 if self.model.arms[w].touch else f.equipment_defense)

    def defense(self, t: int, w: int, lanes: Ints) -> Ints:
        """B9: 10 + DEX + class + size (+ equipment unless a touch attack), +4 in an all-out defense, -4
        prone against melee."""
        return self.base_defense(t, w) + self.guard(t, lanes)

    def damage_bonus(self, c: int, lanes: Ints, heavy: bool) -> Ints | int:
        """Heavy melee's +2 (rule 13); STR only with option ``strength_damage: melee_and_thrown``."""
        strong = self.strength(c, lanes) if self.model.strength_damage else 0
        return strong + (HEAVY_DAMAGE if heavy else 0)

    # -- a blow --------------------------------------------------------------------------------------

    def strike(self, c: int, w: int, t: int, lanes: Ints, heavy: bool) -> None:
        """One attack (or Heavy melee) of ``c`` with weapon ``w`` on ``t``: the action counts (B6)."""
        bonus, value = self.bonus(c, w, lanes), self.defense(t, w, lanes)
        face = self.dice.roll(20, 1, lanes.size)[:, 0]
        fumbled = face == 1
        if fumbled.any():
            self.fumble(c, w, t, lanes[fumbled], heavy, bonus[fumbled])
        hit = (face == 20) | (~fumbled & (face + bonus >= value))
        self.hit(c, w, t, lanes[hit], heavy, face[hit] == 20, bonus[hit], value[hit])
        self.actions[c, lanes] += 1

    def hit(
        self, c: int, w: int, t: int, lanes: Ints, heavy: bool, threat: Bools, bonus: Ints, value: Ints
    ) -> None:
        """B3: a natural 20 confirmed by a second roll is a critical (the dice rolled ``multiplier``
        times); rule 13: a Heavy melee then rolls for knockback against a target still up."""
        critical = threat.copy()
        if self.model.confirm and threat.any():
            again = self.dice.roll(20, 1, int(threat.sum()))[:, 0]
            critical[threat] = (again == 20) | ((again != 1) & (again + bonus[threat] >= value[threat]))
        for times, sub in ((1, lanes[~critical]), (self.model.multiplier, lanes[critical])):
            if sub.size:
                self.hurt(t, sub, self.damage(c, w, sub, times, heavy), c)
                self.knockback(c, t, sub[self.up[t, sub]] if heavy else sub[:0])

    def knockback(self, c: int, t: int, lanes: Ints) -> None:
        """Rule 13, B5: the STR check and the Fortitude save are rolled; the push finds the square taken."""
        rolls = self.model.knockback_dice[c, t]
        if rolls and lanes.size:
            self.dice.roll(20, rolls, lanes.size)

    def damage(self, c: int, w: int, lanes: Ints, times: int, heavy: bool) -> Ints:
        """The weapon's dice ``times`` times, its constant once, the bonus; at least 1 (``roll_damage``)."""
        arm = self.model.arms[w]
        total = np.full(lanes.size, arm.constant, dtype=np.int64)
        for _ in range(times):
            for count, sides in arm.terms:
                total += self.dice.roll(sides, count, lanes.size).sum(axis=1)
        amount: Ints = np.maximum(1, total + self.damage_bonus(c, lanes, heavy))
        return amount

    def hurt(self, t: int, lanes: Ints, amount: Ints, source: int) -> None:
        """Hit points lost; 0 or fewer is down (``attacks.hurt``); harm to oneself is taken, not dealt."""
        hp = self.hp[t, lanes] - amount
        self.hp[t, lanes] = hp
        self.up[t, lanes] &= hp > 0
        self.taken[t, lanes] += amount
        if source != t:
            self.dealt[source, lanes] += amount

    # -- the critical-failure table (rule 22), melee and unarmed columns --------------------------------

    def fumble(self, c: int, w: int, t: int, lanes: Ints, heavy: bool, bonus: Ints) -> None:
        """A d20 on the table (B2: 21 needs a modifier, which the coverage excludes)."""
        entry = self.dice.roll(20, 1, lanes.size)[:, 0]
        held = self.model.arms[w].held
        n = self.actions[c, lanes] + 1
        for e, sub in ((e, entry == e) for e in range(1, 12)):
            if sub.any():
                self.entry(e, c, w, t, lanes[sub], heavy, bonus[sub], n[sub], held)

    def entry(
        self, e: int, c: int, w: int, t: int, lanes: Ints, heavy: bool, bonus: Ints, n: Ints, held: bool
    ) -> None:
        if e in (1, 2):
            amount = self.damage(c, w, lanes, 1, heavy)
            self.hurt(c, lanes, amount if e == 1 else np.maximum(1, amount // 2), c)
        elif e == 3:
            self.flung(c, w, t, lanes) if held else self.fall(lanes, c, roll=True)
        elif e == 4:
            self.to_ground(c, w, lanes, [self.model.fighters[c].square] * lanes.size) if held else self.fall(
                lanes, c, roll=False
            )
        elif e == 5:
            self.tired[c, lanes] = True
        elif e == 6:
            self.awkward_old[c, lanes] = self.awkward_new[c, lanes]
            self.awkward_new[c, lanes] = n
        elif e == 7:
            self.off_target[c, lanes] = n
        elif e == 8:
            self.defending[c, lanes] = True
        elif e == 9:
            self.random_attacks(c, w, lanes, heavy, bonus)
        elif e == 11:
            self.object_hit(c, w, lanes, held)

    def direction(self, lanes: Ints) -> Ints:
        """Rule 23: 1d6 (1-2 forward, 3-4 backwards, 5-6 another 1d6 sideways): the turn from forward,
        in eighths clockwise (0-7)."""
        first = self.dice.roll(6, 1, lanes.size)[:, 0]
        turn = np.where(first <= 2, 0, 4)
        aside = first >= 5
        second = self.dice.roll(6, 1, int(aside.sum()))[:, 0]
        turn[aside] = [SIDEWAYS[int(s)][1] for s in second]
        return turn % 8

    def fall(self, lanes: Ints, c: int, *, roll: bool) -> None:
        """Unarmed 3 (a random direction, every square taken) and 4: the attacker falls prone."""
        if roll:
            self.direction(lanes)
        self.prone[c, lanes] = True

    def flung(self, c: int, w: int, t: int, lanes: Ints) -> None:
        """Melee 3: the weapon flies 1d6 squares in a random direction (``movement.fly``)."""
        squares = self.dice.roll(6, 1, lanes.size)[:, 0]
        turn = self.direction(lanes)
        path = self.model.flights[c, t]
        lands = [path[d][n] for d, n in zip(turn.tolist(), squares.tolist(), strict=True)]
        self.to_ground(c, w, lanes, lands)

    def to_ground(self, c: int, w: int, lanes: Ints, squares: list[int]) -> None:
        """The weapon leaves the hand and lies on a square (after what lay there before)."""
        self.hand[c, lanes] = -1
        self.lying[lanes] = True
        for lane, square in zip(lanes.tolist(), squares, strict=True):
            self.ground.setdefault(lane, []).append((square, w))

    def pick_up(self, c: int, lanes: Ints) -> Bools:
        """Per lane: whether ``c`` (empty-handed) picks up the first weapon lying on its square."""
        square = self.model.fighters[c].square
        done = np.zeros(lanes.size, dtype=bool)
        for i, lane in enumerate(lanes.tolist()):
            items = self.ground.get(lane, [])
            found = next((k for k, (s, _w) in enumerate(items) if s == square), None)
            if found is not None:
                self.hand[c, lane] = items.pop(found)[1]
                self.lying[lane] = bool(items)
                done[i] = True
        return done

    def random_attacks(self, c: int, w: int, lanes: Ints, heavy: bool, bonus: Ints) -> None:
        """Melee 9: a random one of those standing at the weapon's reach (a die with as many faces; none for
        one), at half the attack bonus: a natural 20 hits, no critical; Heavy melee's +2 by option."""
        near = self.model.strays[c, w]
        plus_two = heavy and self.model.heavy_random_plus_two
        for lane, full in zip(lanes.tolist(), bonus.tolist(), strict=True):
            one = np.array([lane])
            there = [o for o in near if self.up[o, lane]]
            if not there:
                continue
            o = there[0] if len(there) == 1 else there[int(self.dice.roll(len(there), 1, 1)[0, 0]) - 1]
            half = full // 2 if full >= 0 else -((-full) // 2)
            face = int(self.dice.roll(20, 1, 1)[0, 0])
            if face == 20 or (face != 1 and face + half >= int(self.defense(o, w, one)[0])):
                self.hurt(o, one, self.damage(c, w, one, 1, plus_two), c)

    def object_hit(self, c: int, w: int, lanes: Ints, held: bool) -> None:
        """Melee 11: the weapon saves (d20 + its Fortitude) against DC 10 + STR or breaks; unarmed: 1 hit
        point to the attacker."""
        if not held:
            self.hurt(c, lanes, np.ones(lanes.size, dtype=np.int64), c)
            return
        save = self.dice.roll(20, 1, lanes.size)[:, 0] + self.model.arms[w].fort
        self.broken[c, lanes[save < 10 + self.strength(c, lanes)]] = True
