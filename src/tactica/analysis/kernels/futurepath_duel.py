"""The FuturePath melee duel kernel: two fighters trading blows where they stand, each side's AI the default
(or ``trading-blows``), played for thousands of fights at once.

The model is the one behind ``odds --fight`` (:mod:`tactica.systems.futurepath.duel`): each fighter's turn
plan is found by letting its own policy play turns on a copy where nobody can drop (the plan must be the same
every turn), and every strike's numbers come from the rules' own helpers (``advantage_dice``, ``damage_dice``,
``flat_damage``, ``reaches_ac``) on the starting state. The kernel then resolves each strike die by die in the
engine's order (:func:`tactica.systems.futurepath.attacks.strike`): team initiative and its roll-off (rule 2),
the Accuracy d20 and the Advantage dice (rules 21, 27), damage rolled ``multiplier`` times on a critical
(A7), Extra Damage with critical checks (rule 31), a Full Attack's Extra Attacks going on against a dying
target until it is dead (rule 32, A13), the fight over after the action that drops a fighter, and cut off
after round ``max_rounds``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

import numpy as np

from tactica.ai import make_policies
from tactica.analysis.kernels.base import CUT_OFF, WIN, ModelKernel, Outcomes, duel_outcomes
from tactica.analysis.kernels.dice import KernelDice
from tactica.analysis.kernels.futurepath_strikes import Blow, Check, Ints, Rules, Target, act, table_of
from tactica.engine import Action, Fight, Game
from tactica.systems.futurepath import turns
from tactica.systems.futurepath.attacks import (
    Swing,
    accuracy_bonus,
    advantage_dice,
    damage_dice,
    flat_damage,
    reaches_ac,
    target_problem,
)
from tactica.systems.futurepath.odds import PURPOSES
from tactica.systems.futurepath.setup import FuturePathGame
from tactica.systems.futurepath.state import FuturePathState

#: The policies whose duel the kernel follows (each checked by playing it: its turns must all be the same).
POLICIES = ("default", "trading-blows")
#: The attacking verbs a turn plan may hold; a turn ends with ``end`` (or by itself after a Full Attack).
BLOWS = ("attack", "full-attack", "bonus-attack")
#: Hit points given to both fighters while the plans are played out (nobody drops there).
OUT_OF_REACH = 10**9
#: The hit points of both fighters in a fight that has ended while its lane waits to be dropped.
ENDED = 1 << 40
#: The d20 of initiative roll-offs, re-rolled while tied at most this often (rule 2, ``turns._roll_off``).
ROLL_OFFS = 20


# -- the numbers of each strike, from the rules' helpers -----------------------------------------------
def blow(game: FuturePathGame, state: FuturePathState, action: Action) -> Blow | str:
    """The numbers of one planned action, or why the kernel cannot follow it."""
    attacker, target = state.fighters[action.actor], state.fighters[action.target or ""]
    weapon = game.weapons[action.using or ""]
    if not weapon.is_melee or weapon.ammo is not None:
        return f"{action.actor} attacks with {weapon.name}, not a melee weapon"
    swing = Swing(weapon, off_hand=action.verb == "bonus-attack", purpose=PURPOSES[action.verb])
    expr = damage_dice(game, attacker, swing)
    if any(t.keep or t.sign < 0 or t.die.fudge or t.die.min_face != 1 for t in expr.terms):
        return f"{weapon.name}'s damage {expr} keeps, drops or subtracts dice"
    sheet, options = game.sheet(attacker.id), game.options
    ac = game.sheet(target.id).ac
    net = advantage_dice(game, state, attacker, target, swing, False)
    need = (ac if reaches_ac(game, ac, ac) else ac + 1) - sheet.mod("str") - accuracy_bonus(game, weapon)
    check = Check(
        need,
        abs(net),
        sheet.advantage_die,
        1 if net >= 0 else -1,
        options.critical_failure_natural,
        weapon.crit_range,
        options.critical_auto_hit,
    )
    full = action.verb == "full-attack"
    numbers = Blow(
        check,
        tuple((t.count, t.die.sides) for t in expr.terms),
        expr.constant,
        flat_damage(game, attacker, weapon),
        flat_damage(game, attacker, weapon, extra=True),
        weapon.crit_multiplier,
        sheet.extra_damage if full else 0,
        1 + sheet.extra_attacks if full else 1,
    )
    return replace(numbers, table=table_of(numbers, rules_of(game)))


def rules_of(game: FuturePathGame) -> Rules:
    options = game.options
    return Rules(
        options.critical_multiplies_flat,
        options.critical_multiplier_cap,
        options.critical_check_natural,
        options.critical_check_multiplier == "base",
        options.instant_death_below_negative_con,
    )


# -- coverage: the fight, and the plans the policies play ------------------------------------------------


def plans(game: FuturePathGame, ai: Mapping[str, str]) -> dict[str, tuple[Action, ...]] | str:
    """Each fighter's turn (its attacking actions), played by its side's policy on a copy where nobody can
    drop, for the first two rounds; or why the kernel cannot follow them."""
    fight = Fight(game, seed=0)
    state = fight.state
    assert isinstance(state, FuturePathState)
    for fighter in state.fighters.values():
        fighter.hp = fighter.con = OUT_OF_REACH
    policies = make_policies(game.system.id, ai, 0)
    seen: dict[str, dict[tuple[int, int], list[Action]]] = {f: {} for f in state.fighters}
    rounds = min(2, game.options.max_rounds)
    for _ in range(64 * rounds):
        if state.over or state.order.round > rounds:
            break
        if state.pending or state.suspended:
            return "a decision interrupts a turn"
        actor = fight.deciding()[0]
        action = policies[fight.side_of(actor)].choose(fight)
        if action.verb not in (*BLOWS, "end"):
            return f"{actor}'s AI does '{action.verb}'"
        if action.verb != "end":
            seen[actor].setdefault((state.order.round, state.order.index), []).append(action)
        fight.apply(action)
    return _same_turns(seen, rounds)


def _same_turns(
    seen: Mapping[str, Mapping[tuple[int, int], list[Action]]], rounds: int
) -> dict[str, tuple[Action, ...]] | str:
    out = {}
    for actor, by_turn in seen.items():
        plan = [tuple(turn) for turn in by_turn.values()]
        if len(plan) != rounds:
            return f"{actor} does not attack in every turn"
        if any(p != plan[0] for p in plan):
            return f"{actor}'s AI does not take the same turn every round"
        out[actor] = plan[0]
    return out


def fight_problem(game: FuturePathGame, state: FuturePathState) -> str | None:
    """Why the starting state is not a duel the kernel models, or None."""
    fighters = list(state.fighters.values())
    if len(fighters) != 2:
        return f"{len(fighters)} combatants, not two"
    a, b = fighters
    if a.side == b.side:
        return "both combatants on one side"
    if not (a.is_up and b.is_up):
        return "a combatant starts out of action"
    if state.conditions or state.traps or state.pending or state.suspended:
        return "conditions, traps or decisions on the map"
    return None


@dataclass(frozen=True)
class Duel:
    """Everything one fight of the duel depends on: fighter 0 and 1 (setup order, one per side)."""

    names: tuple[str, str]
    sides: tuple[str, str]
    hp: tuple[int, int]
    con: tuple[int, int]
    plans: tuple[tuple[Blow, ...], tuple[Blow, ...]]
    rules: Rules
    first: int | None  # the fighter whose team acts first; None: a roll-off decides (rule 2)
    max_rounds: int


def leader_odds(duel: Duel) -> dict[str, float]:
    """The probability that each side's team acts first: fixed, or a d20 roll-off re-rolled while tied (at
    most :data:`ROLL_OFFS` times; then the first side in setup order)."""
    if duel.first is not None:
        return {duel.sides[duel.first]: 1.0, duel.sides[1 - duel.first]: 0.0}
    tied = (1 / 20) ** ROLL_OFFS
    return {duel.sides[0]: (1 - tied) / 2 + tied, duel.sides[1]: (1 - tied) / 2}


def _duel(game: FuturePathGame, state: FuturePathState, blows: list[list[Blow]]) -> Duel:
    a, b = state.fighters.values()
    sides = [a.side, b.side]
    fixed = game.spec.initiative or {}
    scores = [fixed.get(s, turns.team_initiative(game, s)) for s in sides]
    dex = [max(game.sheet(i).dex for i in turns.members(game, s)) for s in sides]
    keys = [(scores[i], dex[i]) for i in (0, 1)]
    return Duel(
        (a.id, b.id),
        (a.side, b.side),
        (a.hp, b.hp),
        (a.con, b.con),
        (tuple(blows[0]), tuple(blows[1])),
        rules_of(game),
        None if keys[0] == keys[1] else int(keys[1] > keys[0]),
        game.options.max_rounds,
    )


class FuturePathDuel(ModelKernel[Duel]):
    """Two FuturePath melee fighters trading blows where they stand (docs/performance.md, "Tiers")."""

    name = "futurepath-duel"
    system = "futurepath"

    def build(self, game: Game, ai: Mapping[str, str]) -> Duel | str:
        return _model(game, ai)

    def play_model(self, model: Duel, dice: KernelDice) -> Outcomes:
        return play(model, dice)


def _model(game: Game, ai: Mapping[str, str]) -> Duel | str:
    assert isinstance(game, FuturePathGame)
    others = sorted(set(ai.values()) - set(POLICIES))
    if others:
        return f"the AI '{others[0]}' (the kernel follows {' and '.join(POLICIES)})"
    state = Fight(game, seed=0).state
    assert isinstance(state, FuturePathState)
    problem = fight_problem(game, state)
    if problem:
        return problem
    found = plans(game, ai)
    if isinstance(found, str):
        return found
    blows: list[list[Blow]] = []
    for actor, plan in found.items():
        mine = []
        for action in plan:
            target = state.fighters[action.target or ""]
            if target_problem(game, state, state.fighters[actor], target, game.weapons[action.using or ""]):
                return f"{actor} cannot reach {target.id} from the start"
            numbers = blow(game, state, action)
            if isinstance(numbers, str):
                return numbers
            mine.append(numbers)
        blows.append(mine)
    return _duel(game, state, blows)


# -- playing ---------------------------------------------------------------------------------------------


def play(duel: Duel, dice: KernelDice) -> Outcomes:
    """``dice.fights`` fights of the duel."""
    n = dice.fights
    first = initiative(duel, dice, n)
    ends = Ends(duel, n)
    for leader in (0, 1):
        lanes = np.nonzero(first == leader)[0]
        if lanes.size:
            _fight(duel, dice, Lanes(duel, lanes, ends), leader)
    return duel_outcomes(duel.names, duel.sides, duel.hp, ends.hp, ends.winner, ends.result, ends.rounds)


class Ends:
    """How each fight of a batch ended: hit points left, winner, result, rounds (cut off until it ends)."""

    def __init__(self, duel: Duel, n: int) -> None:
        self.hp = np.tile(np.array(duel.hp, dtype=np.int64), (n, 1))
        self.winner = np.full(n, -1, dtype=np.int8)
        self.result = np.full(n, CUT_OFF, dtype=np.int8)
        self.rounds = np.full(n, duel.max_rounds, dtype=np.int32)


class Lanes:
    """The fights being played, one lane each: both fighters' hit points. A fight that ends is written to
    its :class:`Ends` at once, and its lane is *frozen* (both fighters at :data:`ENDED` hit points: it cannot
    end again) until a quarter of the lanes are frozen, when they are dropped: fewer copies than dropping
    them after every action. A frozen lane's dice are drawn for nothing, which changes no other fight; with
    one lane (a tape), an ended fight is dropped before another die is read."""

    def __init__(self, duel: Duel, lanes: Ints, ends: Ends) -> None:
        rules = duel.rules
        self.fights = lanes
        self.fighters = [Target(ends.hp[lanes, i].copy(), duel.con[i], rules.instant_death) for i in (0, 1)]
        self.ends = ends
        self.going = np.ones(lanes.size, dtype=np.bool_)
        self.frozen = 0

    def end(self, winner: int, round_: int) -> bool:
        """Write out the fights ``winner`` has just won; False once no fight is left."""
        down = np.nonzero(self.fighters[1 - winner].hp <= 0)[0]
        if down.size:
            self._won(down, winner, round_)
            if 4 * self.frozen >= self.fights.size:
                self._drop()
        return bool(self.fights.size)

    def _won(self, down: Ints, winner: int, round_: int) -> None:
        fights, ends = self.fights[down], self.ends
        for i, fighter in enumerate(self.fighters):
            ends.hp[fights, i] = fighter.hp[down]
            fighter.hp[down] = ENDED
        ends.winner[fights], ends.result[fights], ends.rounds[fights] = winner, WIN, round_
        self.going[down] = False
        self.frozen += down.size

    def cut_off(self) -> None:
        """Write out the hit points of the fights still going at the round limit."""
        fights = self.fights[self.going]
        for i, fighter in enumerate(self.fighters):
            self.ends.hp[fights, i] = fighter.hp[self.going]

    def _drop(self) -> None:
        keep = self.going
        self.fights = self.fights[keep]
        for fighter in self.fighters:
            fighter.keep(keep)
        self.going = np.ones(self.fights.size, dtype=np.bool_)
        self.frozen = 0


def initiative(duel: Duel, dice: KernelDice, n: int) -> Ints:
    """Which fighter's team acts first in each fight: by score and DEX, else by d20 roll-offs (rule 2)."""
    if duel.first is not None:
        return np.full(n, duel.first, dtype=np.int64)
    first = np.zeros(n, dtype=np.int64)
    tied = np.arange(n)
    for _ in range(ROLL_OFFS):
        if not tied.size:
            break
        mine, theirs = dice.roll(20, 1, tied.size)[:, 0], dice.roll(20, 1, tied.size)[:, 0]
        first[tied] = (theirs > mine).astype(np.int64)
        tied = tied[mine == theirs]
    first[tied] = 0  # still tied after every roll-off: the first team in setup order (turns._roll_off)
    return first


def _fight(duel: Duel, dice: KernelDice, lanes: Lanes, leader: int) -> None:
    """Play the fights of ``lanes``, whose ``leader`` acts first each round, to their ends."""
    for round_ in range(1, duel.max_rounds + 1):
        for x in (leader, 1 - leader):
            for numbers in duel.plans[x]:
                act(numbers, duel.rules, dice, lanes.fighters[1 - x])
                if not lanes.end(x, round_):
                    return
    lanes.cut_off()
