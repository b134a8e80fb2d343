"""THRUM time (THRUM 6-9): initiative, Round Zero, turns in initiative order, delay, end of combat."""

from __future__ import annotations

from tactica.dice import D20
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
from tactica.systems.thrum import dice, vitals
from tactica.systems.thrum.events import CombatReset, Delayed, Revived
from tactica.systems.thrum.setup import ThrumGame
from tactica.systems.thrum.state import Fighter, ThrumState

G = ThrumGame
S = ThrumState


def start_fight(game: G, state: S, ctx: Context) -> None:
    """THRUM 6: everyone rolls 2d6 + Initiative; Round Zero (if played), then round 1."""
    fixed = game.spec.initiative or {}
    totals: dict[str, int] = {}
    for fid in state.fighters:
        sheet = game.sheet(fid)
        if fid in fixed:
            totals[fid] = fixed[fid]
            ctx.emit(InitiativeRolled(fid, totals[fid], "fixed"))
        else:
            totals[fid] = dice.roll(ctx, fid, "initiative", sheet.initiative_mod)
            ctx.emit(InitiativeRolled(fid, totals[fid], f"2d6 {sheet.initiative_mod:+d}"))
    ordered = _order(game, state, totals, ctx)
    state.order.slots = [Slot(fid, [fid], totals[fid]) for fid in ordered]
    state.order.round = 0 if game.options.round_zero else 1
    ctx.emit(RoundStarted(state.order.round))
    begin_turn(game, state, ctx)


def _order(game: G, state: S, totals: dict[str, int], ctx: Context) -> list[str]:
    """C2: descending totals; ties by Initiative modifier, then PCs first, then a d20 roll-off."""

    def key(fid: str) -> tuple[int, ...]:
        if game.options.initiative_tie_break == "random":
            return (-totals[fid],)
        return (-totals[fid], -game.sheet(fid).initiative_mod, 0 if state.fighters[fid].pc else 1)

    ids = list(state.fighters)
    groups: dict[tuple[int, ...], list[str]] = {}
    for fid in ids:
        groups.setdefault(key(fid), []).append(fid)
    for fid in ties_broken(ids, totals.__getitem__, key):  # shown (issue 15 point 14)
        mod = game.sheet(fid).initiative_mod
        who = "a PC" if state.fighters[fid].pc else "not a PC"
        ctx.emit(InitiativeTieBroken(fid, totals[fid], f"Initiative modifier {mod:+d}, {who} (C2)"))
    out: list[str] = []
    for k in sorted(groups):
        tied = groups[k]
        out.extend(_roll_off(tied, totals, ctx) if len(tied) > 1 else tied)
    return out


def _roll_off(tied: list[str], totals: dict[str, int], ctx: Context, depth: int = 0) -> list[str]:
    """C2's last step: a d20 each, highest first; those still equal roll again (give up after 20 rounds)."""
    if depth >= 20:  # pragma: no cover - twenty equal rolls in a row
        return tied
    rolls = {fid: ctx.die(D20, f"{fid} initiative tie-break") for fid in tied}
    for fid in tied:
        ctx.emit(InitiativeRolled(fid, totals[fid], f"tie-break d20 {rolls[fid]}"))
    out: list[str] = []
    for face in sorted(set(rolls.values()), reverse=True):
        group = [fid for fid in tied if rolls[fid] == face]
        out.extend(group if len(group) == 1 else _roll_off(group, totals, ctx, depth + 1))
    return out


def begin_turn(game: G, state: S, ctx: Context) -> None:
    """THRUM 9a-b: open the turn of the slot now acting (a Panic Roll when Frayed, C17); an incapacitated
    character's turn ends at once (THRUM 38). A delayed turn coming round does not start again."""
    fid = state.order.current.key
    fighter = state.fighters[fid]
    ctx.emit(TurnStarted(state.order.round, fid, (fid,)))
    state.acting = fid
    if not fighter.started:
        fighter.started = True
        fighter.spent, fighter.moved, fighter.acted, fighter.stopped = 0, False, False, False
        fighter.began_incapacitated = fighter.incapacitated
        if state.order.round > 0 and _panics(game, fighter):
            vitals.panic_roll(game, fighter, ctx)
    if fighter.incapacitated:
        end_turn(game, state, ctx)


def _panics(game: G, fighter: Fighter) -> bool:
    """THRUM 34-35 / C17: Frayed at the start of its turn, a character makes a Panic Roll; an incapacitated
    one too unless the option ``panic_while_incapacitated`` is off."""
    return fighter.frayed and (game.options.panic_while_incapacitated or not fighter.incapacitated)


def end_turn(game: G, state: S, ctx: Context) -> None:
    """THRUM 9 End of Turn: end-of-turn effects (Burning), then statuses tick down (THRUM 43), then an
    incapacitated character's Tolerance and Load drop (THRUM 39-40)."""
    fighter = state.fighters[state.acting or ""]
    if state.order.round > 0:
        if "burning" in fighter.statuses:
            vitals.deal(
                fighter, "fatigue", game.options.unnumbered_deal, ctx, source="burning", by_enemy=False
            )
        vitals.tick_statuses(fighter, ctx)
        fresh = not fighter.began_incapacitated and not game.options.double_reduction_on_own_turn
        if fighter.incapacitated and not fresh:
            vitals.end_incapacitated_turn(game, fighter, ctx)
    fighter.started = False
    state.acting = None
    ctx.emit(TurnEnded(fighter.id))
    if fighter.removed:
        state.order.remove(fighter.id)


def delay(game: G, state: S, fighter: Fighter, behind: str, ctx: Context) -> None:
    """THRUM 8: the turn moves to just after ``behind`` and stays there for the rest of combat."""
    fighter.delayed_round = state.order.round
    state.order.move_behind(fighter.id, behind)
    state.acting = None
    ctx.emit(Delayed(fighter.id, behind))


def later_this_round(state: S, fighter_id: str) -> list[str]:
    """The characters whose turns come after ``fighter_id``'s in this round (delay targets)."""
    slots = state.order.slots
    here = next(i for i, s in enumerate(slots) if s.key == fighter_id)
    return [s.key for s in slots[here + 1 :]]


def settle(game: G, state: S, ctx: Context) -> None:
    """After each decision: end the fight if it is over, else open turns until someone must decide."""
    for _ in range(10_000):
        if state.over or check_end(game, state, ctx):
            return
        if state.pending or state.contests or state.acting is not None:
            return
        if state.order.advance():
            if state.order.round > game.options.max_rounds:
                state.cut_off = True
                finish(game, state, ctx, None, f"round limit {game.options.max_rounds} reached")
                return
            ctx.emit(RoundStarted(state.order.round))
        begin_turn(game, state, ctx)
    raise RuntimeError("THRUM turn loop did not settle")  # pragma: no cover - a bug guard


def check_end(game: G, state: S, ctx: Context) -> bool:
    """THRUM 6: the fight ends when only one side has characters neither incapacitated nor removed."""
    winner: str | None = None
    for f in state.fighters.values():
        if f.in_fight:
            if winner is None:
                winner = f.side
            elif f.side != winner:
                return False  # two sides still stand
    reason = (
        "every other side is incapacitated or removed" if winner is not None else "everyone is out of action"
    )
    finish(game, state, ctx, winner, reason)
    return True


def finish(game: G, state: S, ctx: Context, winner: str | None, reason: str) -> None:
    """THRUM 42 / C5: loads reset to 0; incapacitated PCs recover unless their Fatigue Tolerance is 0."""
    state.over, state.winner, state.end_reason = True, winner, reason
    state.acting = None
    state.pending.clear()
    state.contests.clear()
    for fighter in state.fighters.values():
        fighter.fatigue = fighter.stress = 0
        fighter.out_at_end = not fighter.in_fight
        recovers = game.options.end_of_combat_recovery == "all" or fighter.fatigue_tolerance > 0
        if fighter.incapacitated and fighter.pc and recovers and not fighter.removed:
            fighter.incapacitated = False
            ctx.emit(Revived(fighter.id, "end of combat"))
        ctx.emit(
            CombatReset(
                fighter.id,
                fighter.fatigue_tolerance,
                fighter.stress_tolerance,
                fighter.wounds,
                fighter.incapacitated,
            )
        )
    ctx.emit(FightEnded(winner, reason, state.cut_off))
