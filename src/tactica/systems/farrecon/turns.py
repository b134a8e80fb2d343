"""Far Recon time (Far Recon 5-9): Agility initiative, slots of tied characters acting simultaneously,
late joiners, delayed turns that move a character's slot, the start and end of turns, the end of the fight.

Between two slots the fight is at a *boundary*: characters holding a delayed turn may act there (their slot
moves there, Far Recon 8), late joiners enter there (Far Recon 7), then the next slot starts.
"""

from __future__ import annotations

from tactica.engine.action import Action
from tactica.engine.events import FightEnded, InitiativeRolled, RoundStarted, TurnEnded, TurnStarted
from tactica.engine.interrupts import Decision, push_in_initiative_order
from tactica.engine.system import Context
from tactica.engine.turn_order import Slot
from tactica.systems.farrecon import attacks, dice, movement, simultaneous, vitals
from tactica.systems.farrecon.events import (
    Debriefed,
    HeldTurnLost,
    HeldTurnTaken,
    LateJoined,
    PlanLost,
    TurnForfeited,
    TurnHeld,
)
from tactica.systems.farrecon.setup import FarReconGame
from tactica.systems.farrecon.state import FarReconState, Fighter, Plan

G = FarReconGame
S = FarReconState
Pos = tuple[int, int]


# -- initiative -------------------------------------------------------------------------------------


def start_fight(game: G, state: S, ctx: Context) -> None:
    """Far Recon 5: everyone in the fight rolls Agility (4dF + Agility) unless given a fixed total; slots in
    descending order, equal totals sharing one simultaneous slot. Late joiners roll nothing (Far Recon 7)."""
    fixed = game.spec.initiative or {}
    totals: dict[str, int] = {}
    for fid, f in state.fighters.items():
        if not f.present:
            continue
        if fid in fixed:
            totals[fid] = fixed[fid]
            ctx.emit(InitiativeRolled(fid, totals[fid], "fixed"))
        else:
            modifier = game.skill(fid, "agility")
            totals[fid] = dice.roll(ctx, game.options, fid, "initiative (agility)", modifier).total
            ctx.emit(InitiativeRolled(fid, totals[fid], f"4dF {modifier:+d}"))
    slots: list[Slot] = []
    for score in sorted(set(totals.values()), reverse=True):
        tied = [fid for fid in totals if totals[fid] == score]
        key = "+".join(tied)
        slots.append(Slot(key, tied, score, simultaneous=len(tied) > 1))
    state.order.slots = slots
    state.order.index = len(slots) - 1
    state.order.round = 0
    state.asked = True


# -- the flow ---------------------------------------------------------------------------------------


def settle(game: G, state: S, ctx: Context) -> None:
    """After each decision: resolve what is queued, end finished turns, cross boundaries and open slots
    until someone must decide or the fight is over."""
    for _ in range(1_000_000):  # every round takes a few steps; max_rounds is at most 10,000
        if state.over or state.pending:
            return
        if state.mode == "resolve":
            run_queue(game, state, ctx)
            if state.pending or state.over:
                return
            vitals.apply_deferred(game, state, ctx)
            end_slot(state, ctx)
            continue
        if check_end(game, state, ctx):
            return
        if state.mode == "turn":
            if state.acting and state.fighters[state.acting[0]].conscious:
                return
            end_slot(state, ctx)
        elif state.mode == "declare":
            if any(not p.done for p in state.plans.values()):
                return
            simultaneous.build_queue(game, state, ctx)
            state.mode = "resolve"
        elif boundary(state):
            next_slot(game, state, ctx)
    raise RuntimeError("Far Recon turn loop did not settle")  # pragma: no cover - a bug guard


def run_queue(game: G, state: S, ctx: Context) -> None:
    """Work through the queued moves and actions until a decision is needed or nothing is left."""
    while state.queue and not state.pending:
        job = state.queue.pop(0)
        f = state.fighters[job.actor]
        if job.kind == "move":
            assert job.to is not None
            if not f.conscious:
                move = str(Action(f.id, "move", at=job.to, via=job.via))
                ctx.emit(PlanLost(f.id, move, f"{f.id} is out of action"))
            else:
                movement.walk(game, state, f, job.to, ctx, job.via)
        else:
            attacks.carry_out(game, state, job, ctx)


def boundary(state: S) -> bool:
    """Far Recon 8: between slots, ask each character holding a delayed turn whether it acts now; True
    when no one is (still) to be asked."""
    if state.asked:
        return True
    state.asked = True
    holders = [f for f in state.fighters.values() if f.holding and f.conscious and f.present]
    if not holders:
        return True
    key = state.order.current.key if state.order.round > 0 else ""
    push_in_initiative_order(state.pending, [Decision(f.id, "interject", key) for f in holders])
    return False


def next_slot(game: G, state: S, ctx: Context) -> None:
    """Go on to the next slot: late joiners after the slot just played, holders whose delay reaches their own
    slot lose the delayed action, a new round when the order wraps (or a draw at max_rounds)."""
    order = state.order
    if order.round > 0:
        _join(game, state, ctx, after=order.current.actors)
    upcoming = order.slots[(order.index + 1) % len(order.slots)]
    for f in state.fighters.values():
        if f.holding and f.home == upcoming.key:
            f.holding = False
            ctx.emit(HeldTurnLost(f.id, "its delay reached its next turn (Far Recon 8)"))
    if order.advance():
        if order.round > game.options.max_rounds:
            state.cut_off = True
            finish(state, ctx, None, f"round limit {game.options.max_rounds} reached")
            return
        ctx.emit(RoundStarted(order.round))
        if game.options.dodge_reset == "round":
            for f in state.fighters.values():
                f.dodges = 0
        _join(game, state, ctx, after=None)
    begin_slot(game, state, ctx)


def _join(game: G, state: S, ctx: Context, after: list[str] | None) -> None:
    """Far Recon 7: late joiners due now enter without rolling: a slot of their own right here."""
    order = state.order
    for fid, f in state.fighters.items():
        spec = game.start[fid].spec
        if f.present or spec.joins != order.round:
            continue
        if (after is None) != (spec.joins_after is None) or (
            after is not None and spec.joins_after not in after
        ):
            continue
        f.present = True
        f.pos = _free_square(game, state, f)
        where = order.index + 1 if after is not None else order.index
        score = order.slots[min(where, len(order.slots) - 1)].score
        order.slots.insert(where, Slot(fid, [fid], score))
        ctx.emit(LateJoined(fid, f.pos, spec.joins_after or ""))


def _free_square(game: G, state: S, f: Fighter) -> Pos:
    """Its setup square, or the nearest free one when someone stands there."""
    taken = {o.pos for o in state.fighters.values() if o.present and o.id != f.id}
    if f.pos not in taken:
        return f.pos
    board = game.board
    free = [p for p in board.cells() if p not in taken and not board.terrain(p).wall]
    return min(free, key=lambda p: (board.distance(p, f.pos), p[1], p[0]))


def begin_slot(game: G, state: S, ctx: Context) -> None:
    """Open the slot now due: each character's start of turn (a dying Body roll, waking up, a stun that
    costs the turn); then one character acts, or tied characters declare (Far Recon 5)."""
    slot = state.order.current
    state.asked = False
    actors = [a for a in slot.actors if state.fighters[a].present and state.fighters[a].status != "dead"]
    if not actors:
        state.mode, state.acting = "", []
        return
    if all(_asleep(state.fighters[a]) for a in actors):
        for a in actors:
            _start_turn(game, state, state.fighters[a], ctx)
        state.mode, state.acting = "", []
        return
    together = slot.simultaneous and len(actors) > 1
    label = f"Round {state.order.round}, together" if together else ""
    ctx.emit(TurnStarted(state.order.round, slot.key, tuple(actors), label))
    able = [a for a in actors if _start_turn(game, state, state.fighters[a], ctx)]
    state.acting = able
    if len(able) <= 1 or not slot.simultaneous:
        state.mode = "turn"
    else:
        state.mode = "declare"
        state.plans = {a: Plan(a) for a in able}


def _asleep(f: Fighter) -> bool:
    """Unconscious and stable with nothing due at the start of its turn: its turn passes unnoticed."""
    return f.status == "unconscious" and f.wake_in == 0


def _start_turn(game: G, state: S, f: Fighter, ctx: Context) -> bool:
    """A character's start of turn; True when it can act in it."""
    f.spent = f.moves = 0
    f.interjected = False
    f.pinned, f.stagger = f.stagger, False
    f.panicking, f.panic = f.panic, False
    if game.options.dodge_reset == "own_turn":
        f.dodges = 0
    if f.status == "dying":
        vitals.dying_roll(game, state, f, ctx)
        return False
    if f.status == "unconscious":
        vitals.wake_tick(f, ctx)
        if not f.conscious:
            return False
    f.aware = True
    if f.stunned:
        f.stunned = False
        ctx.emit(TurnForfeited(f.id, "stunned by a touch attack: it loses this turn"))
        return False
    return True


def end_slot(state: S, ctx: Context) -> None:
    """The slot is over for everyone who acted in it."""
    for a in state.acting:
        ctx.emit(TurnEnded(a))
    state.mode, state.acting, state.plans = "", [], {}


# -- delay --------------------------------------------------------------------------------------------


def delay(state: S, f: Fighter, ctx: Context) -> None:
    """Far Recon 8: hold the turn; the character may act at any later boundary (its slot moves there)."""
    f.holding = True
    f.home = (state.order.slot_of(f.id) or state.order.current).key
    f.delayed_round = state.order.round
    ctx.emit(TurnHeld(f.id))
    if state.mode == "declare":
        del state.plans[f.id]
        state.acting.remove(f.id)
    else:
        state.acting = []
        end_slot(state, ctx)


def interject(game: G, state: S, f: Fighter, ctx: Context) -> None:
    """Far Recon 8: a holder acts now: its slot moves here for good and its turn begins."""
    state.pending[:] = [d for d in state.pending if d.kind != "interject"]
    order = state.order
    after = order.current.key if order.round > 0 else ""
    f.holding = False
    score = order.current.score
    order.remove(f.id)
    where = order.index + 1
    order.slots.insert(where, Slot(f.id, [f.id], score))
    order.index = where
    ctx.emit(HeldTurnTaken(f.id, after))
    begin_slot(game, state, ctx)
    f.interjected = True


# -- the end ------------------------------------------------------------------------------------------


def check_end(game: G, state: S, ctx: Context) -> bool:
    """The fight ends when at most one side has characters still fighting (conscious and not broken down,
    or still to join)."""
    standing = {f.side for f in state.fighters.values() if f.in_fight}
    if len(standing) > 1:
        return False
    winner = next(iter(standing)) if standing else None
    reason = "every other side is down, dead or broken" if standing else "no one is left standing"
    finish(state, ctx, winner, reason)
    return True


def finish(state: S, ctx: Context, winner: str | None, reason: str) -> None:
    """Far Recon 20: the fight is over; every character is debriefed (Mind 0: off duty, negative: unfit)."""
    state.over, state.winner, state.end_reason = True, winner, reason
    state.pending.clear()
    state.queue.clear()
    state.plans = {}
    state.strike = None
    state.mode, state.acting = "", []
    for f in state.fighters.values():
        if f.present:
            ctx.emit(Debriefed(f.id, f.status, f.health, f.mind, duty(f)))
    ctx.emit(FightEnded(winner, reason, state.cut_off))


def duty(f: Fighter) -> str:
    """Far Recon 20: what the character is fit for after the fight."""
    if f.status == "dead":
        return "dead"
    if f.mind < 0:
        return "unfit"
    if f.mind == 0:
        return "off duty"
    return "fit" if f.conscious else "down"
