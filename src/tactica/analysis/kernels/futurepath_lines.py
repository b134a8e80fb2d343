"""The FuturePath line-up kernel: two sides of melee fighters in contact, each side played by the default AI
(issue 16 part B), where nobody ever moves: either every fighter reaches every enemy from where it stands,
or every square that is not a wall holds a combatant.

In such a fight the default AI (:mod:`tactica.systems.futurepath.ai`) never moves, draws, reloads, throws or
stabilizes. A fighter's turn is its best attack on an enemy who is up and in reach (a Full Attack when it
has Extra Attack or Extra Damage), then a Bonus Attack with its off-hand weapon when it has one and the
rules allow it, then the end of its turn; with no enemy up in reach (only on a full map), a coup de grâce on
the dying enemy in reach with the fewest HP, else the end of its turn. What remains is the rules'
bookkeeping, kept here as the engine keeps it (:mod:`tactica.systems.futurepath.turns`): team initiative
with a d20 roll-off on a full tie, team turns in setup order, dying characters losing 1d4 CON at their
team's turn start, the fight ending after the action that leaves a side with nobody up, and the round
limit. :meth:`FuturePathLines.covers` says why any other fight is not covered; it runs on the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from tactica.analysis.kernels.base import WIN, Kernel, Outcomes, Result
from tactica.analysis.kernels.coverage import action_limit
from tactica.analysis.kernels.dice import KernelDice
from tactica.analysis.kernels.futurepath_blows import Arsenal, Choice, arsenal
from tactica.analysis.kernels.futurepath_melee import ACTIVE, DEAD, DYING, Ints, Melee
from tactica.engine import Game
from tactica.systems.futurepath import attacks, turns
from tactica.systems.futurepath.options import FuturePathOptions
from tactica.systems.futurepath.setup import FuturePathGame
from tactica.systems.futurepath.state import FuturePathState

#: The most actions a covered fighter takes in a turn: an attack, a Bonus Attack, the end.
ACTIONS_PER_TURN = 3
#: Tries of the initiative roll-off before the setup order decides (as the engine).
ROLL_OFFS = 20

#: More hit points than anyone has: the key of "no dying enemy there".
NOBODY = 1 << 40
Bools = npt.NDArray[np.bool_]
#: Whether an action ended its actor's turn, per lane it acted in.
Ending = Callable[[Ints], Bools]


@dataclass(frozen=True)
class Lineup:
    """The static facts of a covered fight."""

    ids: tuple[str, ...]
    sides: tuple[str, ...]
    side_of: tuple[int, ...]  # per column, the index of its side
    members: tuple[tuple[int, ...], ...]  # per side, its columns in setup order
    arsenals: tuple[Arsenal, ...]
    hp: tuple[int, ...]
    con: tuple[int, ...]
    first: int | None  # the side that acts first, None when a roll-off decides
    options: FuturePathOptions


class FuturePathLines(Kernel):
    """N against M FuturePath melee fighters in contact, default AI on both sides."""

    name = "futurepath-lines"
    system = "futurepath"

    def covers(self, game: Game, ai: Mapping[str, str]) -> str | None:
        if not isinstance(game, FuturePathGame):
            return "not a FuturePath fight"
        state = game.system.new_state(game)
        assert isinstance(state, FuturePathState)
        return next((why for why in _problems(game, state, ai) if why), None)

    def play(self, game: Game, ai: Mapping[str, str], dice: KernelDice) -> Outcomes:
        plan = self.remembered(game, ai, lambda g, _ai: lineup(g))
        melee = Melee(plan.options, dice, list(plan.hp), list(plan.con), dice.fights)
        result = Result(dice.fights)
        first = _initiative(plan, dice)
        for lead in (0, 1):
            lanes = np.flatnonzero(first == lead)
            Play(plan, melee, result, (lead, 1 - lead)).fight(lanes)
        remaining = {f"{i}.hp": melee.hp[c].astype(np.int32) for c, i in enumerate(plan.ids)}
        remaining |= {f"{i}.con": melee.con[c].astype(np.int32) for c, i in enumerate(plan.ids)}
        return Outcomes(
            plan.ids,
            plan.sides,
            result.winner,
            result.result,
            result.rounds,
            remaining,
            melee.taken.T,
            melee.dealt.T,
            melee.out_round.T,
        )


# -- coverage ----------------------------------------------------------------------------------------


def _problems(game: FuturePathGame, state: FuturePathState, ai: Mapping[str, str]) -> list[str | None]:
    """Each reason the fight lies outside the coverage (None where that part holds)."""
    sides = list(dict.fromkeys(f.side for f in state.fighters.values()))
    others = [s for s, name in ai.items() if name != "default"]
    return [
        f"side {others[0]} is not played by the default AI" if others else None,
        None if len(sides) == 2 else f"{len(sides)} sides (a line-up has two)",
        "objects, traps or conditions on the map"
        if state.objects or state.traps or state.conditions
        else None,
        *(_fighter_problem(game, state, f.id, packed(game, state)) for f in state.fighters.values()),
        action_limit(len(state.fighters) * ACTIONS_PER_TURN, game.options.max_rounds),
    ]


def packed(game: FuturePathGame, state: FuturePathState) -> bool:
    """Every square that is not a wall holds a combatant: nobody can move, ever (the dead keep theirs)."""
    board = game.board
    return sum(1 for p in board.cells() if not board.terrain(p).wall) == len(state.fighters)


def _fighter_problem(game: FuturePathGame, state: FuturePathState, fid: str, still: bool) -> str | None:
    """Why one fighter is outside the coverage: not up and standing, a grenade or a gun, or an enemy it
    cannot attack from where it stands (it would move), unless nobody can move (``still``: then a medic who
    could stabilize, or a Strength of 0, which makes a standing fighter Helpless)."""
    me = state.fighters[fid]
    sheet = game.sheet(fid)
    if still and (sheet.str_ == 0 or (sheet.medkit and sheet.skill("treat_injury") >= 1)):
        return f"{fid} is a medic who can stabilize, or has a Strength of 0"
    if not me.is_up or me.posture != "standing":
        return f"{fid} does not start up and standing"
    names = set(me.hands) | set(me.carried)
    if not me.hands or any(not game.weapons[n].is_melee for n in names):
        return f"{fid} carries a weapon that is not melee or has nothing drawn"
    for foe in (f for f in state.fighters.values() if f.side != me.side and not still):
        if all(attacks.target_problem(game, state, me, foe, game.weapons[w]) for w in me.hands):
            return f"{fid} cannot attack {foe.id} without moving"
    for w in me.hands:
        if any(t.keep is not None or t.die.fudge for t in attacks.weapon_dice(game, game.weapons[w]).terms):
            return f"{w}'s damage dice keep, drop or are Fudge dice"
    return None


def lineup(game: Game) -> Lineup:
    """The static facts of a covered fight."""
    assert isinstance(game, FuturePathGame)
    state = game.system.new_state(game)
    assert isinstance(state, FuturePathState)
    ids = tuple(state.fighters)
    sides = tuple(dict.fromkeys(f.side for f in state.fighters.values()))
    fixed = game.spec.initiative or {}
    scores = [fixed.get(s, turns.team_initiative(game, s)) for s in sides]
    top = [max(game.sheet(i).dex for i in turns.members(game, s)) for s in sides]
    keys = [(scores[k], top[k]) for k in range(2)]
    return Lineup(
        ids=ids,
        sides=sides,
        side_of=tuple(sides.index(f.side) for f in state.fighters.values()),
        members=tuple(tuple(ids.index(i) for i in turns.members(game, s)) for s in sides),
        arsenals=tuple(arsenal(game, state, f) for f in state.fighters.values()),
        hp=tuple(f.hp for f in state.fighters.values()),
        con=tuple(f.con for f in state.fighters.values()),
        first=None if keys[0] == keys[1] else int(keys[1] > keys[0]),
        options=game.options,
    )


def _initiative(plan: Lineup, dice: KernelDice) -> Ints:
    """Per fight, the side that acts first: the higher team score, then DEX, then a d20 roll-off each
    (rolled again while tied, at most :data:`ROLL_OFFS` times; then the setup order)."""
    first = np.zeros(dice.fights, dtype=np.int64)
    if plan.first is not None:
        return first + plan.first
    tied = np.arange(dice.fights)
    for _ in range(ROLL_OFFS):
        if not tied.size:
            break
        rolls = dice.roll(20, 2, tied.size)
        settled = rolls[:, 0] != rolls[:, 1]
        first[tied[settled]] = (rolls[settled, 1] > rolls[settled, 0]).astype(np.int64)
        tied = tied[~settled]
    return first


# -- the fight ---------------------------------------------------------------------------------------


@dataclass
class Play:
    """The fights with one initiative order (``slots``: the sides in turn order)."""

    plan: Lineup
    melee: Melee
    result: Result
    slots: tuple[int, int]
    round: int = 0
    closing: Bools = field(default_factory=lambda: np.zeros(0, dtype=bool))
    _keys: dict[int, list[tuple[int, int]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.closing = np.zeros(len(self.result.over), dtype=bool)

    def fight(self, lanes: Ints) -> None:
        """Play these fights to their ends."""
        for round_ in range(1, self.plan.options.max_rounds + 1):
            self.round = round_
            for k, side in enumerate(self.slots):
                self.team_turn(side, lanes, closes_round=k == len(self.slots) - 1)
                lanes = lanes[~self.result.over[lanes]]
                if not lanes.size:
                    return
        self.result.rounds[lanes] = self.plan.options.max_rounds  # cut off: the last round fought

    def team_turn(self, side: int, lanes: Ints, *, closes_round: bool) -> None:
        """Rule 3: the dying bleed (in setup order), then each member up at the start takes its turn."""
        members = self.plan.members[side]
        for column in members:
            self.melee.bleed(column, lanes)
        up = self.melee.status[list(members)][:, lanes].T == ACTIVE
        for j, column in enumerate(members):
            last = ~up[:, j + 1 :].any(axis=1)
            going = up[:, j] & ~self.result.over[lanes]
            self.turn(column, lanes[going], last[going] & closes_round)

    def turn(self, column: int, lanes: Ints, closes: Bools) -> None:
        """One fighter's turn: the best attack, the Bonus Attack when allowed, the end."""
        self.closing[lanes] = closes
        kit = self.plan.arsenals[column]
        picked = self.pick(kit.opening, lanes)
        self.finish_off(kit, lanes[picked < 0])
        for c, choice in enumerate(kit.opening):
            if choice.verb == "full-attack":
                self.full_attack(kit, choice, lanes[picked == c])
            else:
                self.attack(kit, choice, lanes[picked == c])

    def pick(self, choices: tuple[Choice, ...], lanes: Ints) -> Ints:
        """The AI's choice per lane (index into ``choices``; -1 for none): lexically the best of (fair and
        likely, lowest target HP, expected damage, first listed) among choices aimed at an enemy who is up.
        Choices on one target share its HP, so only each target's best static key takes part."""
        best = np.full(lanes.size, -1)
        if not lanes.size:
            return best
        top = np.full(lanes.size, -1)
        step = (len(choices) + 1) ** 2
        for c, key in self.keys(choices):
            t = choices[c].blow.target
            score = np.where(self.melee.status[t][lanes] == ACTIVE, key - step * self.melee.hp[t][lanes], -1)
            better = score > top
            best[better], top[better] = c, score[better]
        return best

    def keys(self, choices: tuple[Choice, ...]) -> list[tuple[int, int]]:
        """Per target, the choice with the best static key (fair and likely, expected damage, first listed)
        and that key as one number, to which the target's HP adds ``-(len(choices) + 1) ** 2`` per point."""
        found = self._keys.get(id(choices))
        if found is None:
            top, n = max(self.plan.hp) + 1, len(choices) + 1
            per_target: dict[int, tuple[int, int]] = {}
            for i, c in enumerate(choices):
                key = ((c.rank * top + top) * n + c.worth) * n + n - i
                t = c.blow.target
                if t not in per_target or key > per_target[t][1]:
                    per_target[t] = (i, key)
            found = self._keys[id(choices)] = list(per_target.values())
        return found

    def attack(self, kit: Arsenal, choice: Choice, lanes: Ints) -> None:
        """Rule 21: one attack; then a Bonus Attack on the best target (rule 33), if any; neither ends the
        turn by itself (the AI then ends it)."""
        self.act(choice, lanes)
        lanes = lanes[~self.result.over[lanes]]
        picked = self.pick(kit.bonus, lanes)
        for c, bonus in enumerate(kit.bonus):
            self.act(bonus, lanes[picked == c])

    def full_attack(self, kit: Arsenal, choice: Choice, lanes: Ints) -> None:
        """Rule 32: the attack and each Extra Attack while the target is not dead; the turn ends unless a
        Bonus Attack on the same target is possible, which the AI makes when that target is still up."""
        t = choice.blow.target
        bonus = next((b for b in kit.bonus if b.blow.target == t), None)
        if bonus is None:
            self.act(choice, lanes, strikes=1 + kit.extra_attacks, ends=lambda done: done >= 0)
            return
        self.act(
            choice, lanes, strikes=1 + kit.extra_attacks, ends=lambda done: self.melee.status[t][done] == DEAD
        )
        lanes = lanes[~self.result.over[lanes] & (self.melee.status[t][lanes] == ACTIVE)]
        self.act(bonus, lanes, ends=lambda done: done >= 0)

    def finish_off(self, kit: Arsenal, lanes: Ints) -> None:
        """With no enemy up in reach: a coup de grâce on the dying enemy in reach with the fewest HP, the
        first listed on a tie (``ai._finish_off``); with none either, the AI ends the turn (nobody can
        move)."""
        if not lanes.size or not kit.coups:
            return
        best = np.full(lanes.size, -1)
        low = np.full(lanes.size, NOBODY)
        for c, coup in enumerate(kit.coups):
            t = coup.blow.target
            hp = np.where(self.melee.status[t][lanes] == DYING, self.melee.hp[t][lanes], NOBODY)
            better = hp < low
            best[better], low[better] = c, hp[better]
        for c, coup in enumerate(kit.coups):
            self.melee.coup(coup, lanes[best == c])

    def standing(self, side: int, lanes: Ints) -> Bools:
        """Per lane: does ``side`` still have somebody up?"""
        up = np.zeros(lanes.size, dtype=bool)
        for column in self.plan.members[side]:
            up |= self.melee.status[column][lanes] == ACTIVE
        return up

    def act(self, choice: Choice, lanes: Ints, strikes: int = 1, ends: Ending | None = None) -> None:
        """One action: its strikes (stopping when the target is dead), then the engine's settling: the fight
        ends when a side has nobody up; a fighter who went out is counted in the round the action leaves the
        fight in (the next one when the action ended the round's last turn: ``ends``)."""
        if not lanes.size:
            return
        t = choice.blow.target
        was_up = self.melee.status[t][lanes] == ACTIVE
        for _ in range(strikes):
            self.melee.strike(choice.blow, lanes[self.melee.status[t][lanes] != DEAD])
        fell = was_up & (self.melee.status[t][lanes] != ACTIVE)
        side = self.plan.side_of[t]
        lost = ~self.standing(side, lanes)
        won = lanes[lost]
        self.result.over[won] = True
        self.result.winner[won] = 1 - side
        self.result.result[won] = WIN
        self.result.rounds[won] = self.round
        bump = self.closing[lanes] & ~lost & (ends(lanes) if ends else False)
        self.melee.out_round[t][lanes[fell]] = self.round + bump[fell]
