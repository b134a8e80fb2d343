"""FuturePath time: team initiative (rule 2), team turns (rule 3), rounds (rule 1) and the fight's end."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from tactica.dice import D4, D20
from tactica.engine.budget import Budget
from tactica.engine.conditions import Condition, Moment, When, expire
from tactica.engine.events import (
    FightEnded,
    InitiativeRolled,
    InitiativeTieBroken,
    RoundStarted,
    TurnEnded,
    TurnStarted,
)
from tactica.engine.system import Context
from tactica.engine.turn_order import Slot, ties_broken
from tactica.systems.futurepath.events import Checked, ConstitutionLost
from tactica.systems.futurepath.setup import FuturePathGame
from tactica.systems.futurepath.state import FuturePathState
from tactica.systems.futurepath.vitals import set_status

#: Handlers for conditions that do something when they end (a grenade going off); filled by the rules.
ON_EXPIRE: dict[str, Callable[[FuturePathGame, FuturePathState, Condition, Context], None]] = {}
#: Handlers that resume suspended work (the rest of a move) once the decisions above it are made.
RESUME: dict[str, Callable[[FuturePathGame, FuturePathState, Context], None]] = {}
#: Hooks run at the start of a team's turn for each member (e.g. trap noticing).
TURN_START_HOOKS: list[Callable[[FuturePathGame, FuturePathState, str, Context], None]] = []


def members(game: FuturePathGame, side: str) -> list[str]:
    """Combatants of a side, in setup order."""
    return [cid for cid, c in game.start.items() if c.side == side]


@dataclass(frozen=True)
class Teams:
    """The sides in setup order, their members, initiative scores (rule 2) and highest DEX: the same for
    every fight of a game."""

    sides: tuple[str, ...]
    members: Mapping[str, tuple[str, ...]]
    scores: Mapping[str, int]
    top_dex: Mapping[str, int]
    #: The groups of sides tied on score and highest DEX (a roll-off orders them), and the sides whose tie
    #: on score the highest DEX breaks (shown, issue 15 point 14).
    tied: tuple[tuple[str, ...], ...] = ()
    broken: tuple[str, ...] = ()


def teams(game: FuturePathGame) -> Teams:
    """The game's :class:`Teams`, worked out once per game."""
    return game.remembered("teams", None, lambda: _teams(game))


def _teams(game: FuturePathGame) -> Teams:
    sides = tuple(dict.fromkeys(c.side for c in game.start.values()))
    fixed = game.spec.initiative or {}
    scores = {s: fixed.get(s, team_initiative(game, s)) for s in sides}
    top_dex = {s: max(game.sheet(i).dex for i in members(game, s)) for s in sides}
    groups: dict[tuple[int, int], list[str]] = {}
    for s in sides:
        groups.setdefault((scores[s], top_dex[s]), []).append(s)
    return Teams(
        sides,
        {s: tuple(members(game, s)) for s in sides},
        scores,
        top_dex,
        tuple(tuple(g) for g in groups.values() if len(g) > 1),
        tuple(ties_broken(sides, scores.__getitem__, top_dex.__getitem__)),
    )


def initiative_score(game: FuturePathGame, fighter_id: str) -> int:
    """Initiative score = DEX + WIS modifiers + misc (Combat page)."""
    sheet = game.sheet(fighter_id)
    return sheet.mod("dex") + sheet.mod("wis") + sheet.initiative_misc


def team_initiative(game: FuturePathGame, side: str) -> int:
    """Rule 2: ceil(mean of members' scores), -1 per adverse condition on the team at the start."""
    ids = members(game, side)
    mean = math.ceil(sum(initiative_score(game, i) for i in ids) / len(ids))
    adverse = sum(1 for i in ids if game.start[i].posture != "standing")
    adverse += sum(1 for i in ids if (hp := game.start[i].hp_now) is not None and hp <= 0)
    return mean - adverse


def start_fight(game: FuturePathGame, state: FuturePathState, ctx: Context) -> None:
    """Roll team initiative, order the teams and open round 1."""
    known = teams(game)
    sides, scores = list(known.sides), known.scores
    fixed = game.spec.initiative or {}
    for side in sides:
        ctx.emit(InitiativeRolled(side, scores[side], "fixed" if side in fixed else "team average"))
    ordered = _order_teams(known, ctx)
    state.order.slots = [Slot(s, list(known.members[s]), scores[s]) for s in ordered]
    state.order.round = 1
    ctx.emit(RoundStarted(1))
    begin_turn(game, state, ctx)


def _order_teams(known: Teams, ctx: Context) -> list[str]:
    """Higher score first; tie -> team with the highest single DEX; still tied -> roll-off (Combat page)."""
    sides, scores, top_dex = known.sides, known.scores, known.top_dex
    rolloff: dict[str, int] = {}
    for tied in known.tied:
        rolloff.update(_roll_off(tied, scores, ctx))
    for s in known.broken:  # shown (issue 15 point 14)
        ctx.emit(InitiativeTieBroken(s, scores[s], f"highest DEX {top_dex[s]}"))
    return sorted(sides, key=lambda s: (-scores[s], -top_dex[s], -rolloff.get(s, 0)))


def _roll_off(tied: tuple[str, ...], scores: Mapping[str, int], ctx: Context) -> dict[str, int]:
    for _ in range(20):
        rolls = {s: ctx.die(D20, f"initiative roll-off for team {s}") + scores[s] for s in tied}
        for s, total in rolls.items():
            ctx.emit(Checked(s, "initiative roll-off", total - scores[s], total, 0, True))
        if len(set(rolls.values())) == len(rolls):
            return rolls
    return {s: -i for i, s in enumerate(tied)}


def begin_turn(game: FuturePathGame, state: FuturePathState, ctx: Context) -> None:
    """Open the current team's turn: fresh budgets, dying losses, start-of-turn effects."""
    slot = state.order.current
    ctx.emit(TurnStarted(state.order.round, slot.key, tuple(slot.actors)))
    if state.conditions:  # (no condition to end when none is on: no call)
        _expire(game, state, "turn_start", slot.key, state.order.round, ctx)
    for fid in slot.actors:
        fighter = state.fighters[fid]
        fighter.budget = Budget()
        fighter.frees = 0
        fighter.moved = 0
        fighter.full_attack_target = None
        if fighter.status == "dying":
            _bleed(game, state, fid, ctx)
        if fighter.status == "active":  # fighter.is_up, as below
            for hook in TURN_START_HOOKS:
                hook(game, state, fid, ctx)
    acting = []  # (a loop, not a comprehension: that would make ``state`` a cell at every call)
    for fid in slot.actors:
        if state.fighters[fid].status == "active":
            acting.append(fid)
    state.acting = acting


def _bleed(game: FuturePathGame, state: FuturePathState, fid: str, ctx: Context) -> None:
    """Rule 39: an unstable dying character loses 1d4 CON each round; CON 0 is death."""
    fighter = state.fighters[fid]
    if fighter.skip_con_loss:
        fighter.skip_con_loss = False
        return
    loss = ctx.die(D4, f"{fid} is dying: CON loss 1d4")
    fighter.con = max(0, fighter.con - loss)
    ctx.emit(ConstitutionLost(fid, loss, fighter.con))
    if fighter.con <= 0:
        set_status(state, fid, "dead", "Constitution reached 0", ctx)


def end_turn(game: FuturePathGame, state: FuturePathState, ctx: Context) -> None:
    """Close the current team's turn, move to the next team (and round) and open it."""
    slot = state.order.current
    if state.conditions:
        _expire(game, state, "turn_end", slot.key, state.order.round, ctx)
    if state.order.advance():
        if state.conditions:
            _expire(game, state, "round_end", None, state.order.round - 1, ctx)
        for fighter in state.fighters.values():
            fighter.opportunities = 0
        if state.order.round > game.options.max_rounds:
            state.cut_off = True
            finish(state, None, f"round limit ({game.options.max_rounds}) reached", ctx)
            return
        ctx.emit(RoundStarted(state.order.round))
    begin_turn(game, state, ctx)


def _expire(
    game: FuturePathGame, state: FuturePathState, when: When, side: str | None, round_: int, ctx: Context
) -> None:
    """End the conditions that end at this moment."""
    for condition in expire(state.conditions, Moment(when, side, round_)):
        handler = ON_EXPIRE.get(condition.name)
        if handler is not None:
            handler(game, state, condition, ctx)


def finish(state: FuturePathState, winner: str | None, reason: str, ctx: Context) -> None:
    """End the fight."""
    state.over, state.winner, state.end_reason = True, winner, reason
    state.acting = []
    state.pending.clear()
    state.suspended.clear()
    ctx.emit(FightEnded(winner, reason, state.cut_off))


def check_over(game: FuturePathGame, state: FuturePathState, ctx: Context) -> bool:
    """The fight ends when at most one side still has a character able to act."""
    if state.over:
        return True
    winner = None  # the one side standing, if only one is
    for fighter in state.fighters.values():
        if fighter.status == "active":  # fighter.is_up without a property call (after every action)
            if winner is None:
                winner = fighter.side
            elif fighter.side != winner:
                return False
    finish(state, winner, f"side {winner} is the last standing" if winner else "no one is left standing", ctx)
    return True


def settle(game: FuturePathGame, state: FuturePathState, ctx: Context) -> None:
    """After an action: resume interrupted work, close finished turns, open the next team's turn."""
    for _ in range(10_000):
        if check_over(game, state, ctx) or state.pending:
            return
        if state.suspended:
            RESUME[state.suspended[-1].kind](game, state, ctx)
            continue
        for fid in list(state.acting):
            fighter = state.fighters[fid]
            if fighter.budget.ended or fighter.status != "active":  # or not fighter.is_up
                state.acting.remove(fid)
                ctx.emit(TurnEnded(fid))
        if state.acting:
            return
        end_turn(game, state, ctx)
    raise RuntimeError("turn flow did not settle")  # pragma: no cover - guards against a rules bug
