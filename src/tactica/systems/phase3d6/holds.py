"""Changing when one acts (rules 19-21): Delay, Ready and Abort, with their initiative consequences."""

from __future__ import annotations

from tactica.engine.interrupts import Decision, push_in_initiative_order
from tactica.engine.system import Context
from tactica.systems.phase3d6 import combat, readied
from tactica.systems.phase3d6.events import Aborted, ActionHeld, InitiativeMoved
from tactica.systems.phase3d6.setup import Phase3d6Game
from tactica.systems.phase3d6.state import Fighter, Phase3d6State

G = Phase3d6Game
S = Phase3d6State
#: dodge_until value meaning "until the start of its next Phase" (E4).
UNTIL_NEXT_PHASE = 1 << 30


def delay(state: S, fighter: Fighter, behind: str, ctx: Context) -> None:
    """Rule 19: no action now; act right after ``behind`` (later this Phase, or in the next Phase if
    ``behind`` has acted already: that Phase's regular action is then this one). The new place is kept.
    Without ``behind`` the action is held (seed l.96 "or just wait until some time later and act then"):
    see :func:`phases.step_in`."""
    fighter.done = True
    state.acting = None
    if not behind:
        fighter.held = "delay"
        ctx.emit(ActionHeld(fighter.id))
        return
    state.order.move_behind(fighter.id, behind)
    if fighter.id not in state.placed:
        state.placed.append(fighter.id)
    ctx.emit(InitiativeMoved(fighter.id, "after", behind, "delay"))


def raise_ready(game: G, state: S, actor: Fighter, kind: str, ctx: Context) -> None:
    """Rule 20: enemies with an action readied for ``kind`` that they can take on ``actor`` decide, first in
    initiative order first, before the action goes on."""
    holders = ready_holders(game, state, actor, kind)
    blocks = len(state.suspended) - 1 if kind == "attacks" else len(state.suspended)
    decisions = [Decision(h.id, "ready", actor.id, {"blocks": blocks}) for h in holders]
    push_in_initiative_order(state.pending, decisions)


def ready_holders(game: G, state: S, actor: Fighter, kind: str) -> list[Fighter]:
    """Rule 20: the enemies whose action readied for ``kind`` ``actor`` sets off, in initiative order."""
    holders = [h for h in state.fighters.values() if readied.sets_off(game, state, h, actor, kind)]
    if len(holders) > 1:
        order = combat.rank(state)
        holders.sort(key=lambda h: order.get(h.id, 99))
    return holders


def fire(game: G, state: S, holder: Fighter, trigger: Fighter, ctx: Context) -> None:
    """Rule 20: the readied action happens just before the triggering action (the caller carries it out);
    the readier's initiative is from now on immediately ahead of the triggering character (E11), so in a
    later Phase than the one it readied in, its regular action of this Phase is gone."""
    holder.held = ""
    if game.options.ready_moves_initiative and holder.id != trigger.id:
        state.order.move_ahead_of(holder.id, trigger.id)
        if holder.id not in state.placed:
            state.placed.append(holder.id)
        ctx.emit(InitiativeMoved(holder.id, "ahead of", trigger.id, "readied action"))


def abort(game: G, state: S, fighter: Fighter, maneuver: str, ctx: Context) -> None:
    """Rule 21: a defensive manoeuvre now, giving up this Phase's action (before its initiative) or the next
    Phase's (after it); a held delayed action is the action given up (E15, option ``abort_after_delay``)."""
    if fighter.held == "delay" and game.options.abort_after_delay == "delayed_action":
        fighter.held = ""  # E15: its next Action is the one it holds (seed l.96, l.102)
        ctx.emit(Aborted(fighter.id, maneuver, state.order.round))
    else:
        fighter.held = "" if fighter.held == "delay" else fighter.held
        fighter.lose_phase = combat.abort_cost(game, state, fighter)
        ctx.emit(Aborted(fighter.id, maneuver, fighter.lose_phase))
    defend(game, state, fighter, maneuver, ctx)


def defend(game: G, state: S, fighter: Fighter, maneuver: str, ctx: Context) -> None:
    """A defensive manoeuvre: its DCV (Dodge +3), no attacks of opportunity (``no-opportunity``, E4), a
    guard for the next attack (``block``, ``deflect``, ``roll``: Block, Missile Deflection, Roll With A
    Punch)."""
    combat.use_maneuver(game, fighter, maneuver, ctx)
    if combat.has_effect(game, maneuver, "no-opportunity"):
        until = UNTIL_NEXT_PHASE if game.options.dodge_blocks_aoo == "until_next_phase" else state.order.round
        fighter.dodge_until = until
    if combat.keeps_guard(game, maneuver):
        fighter.guard = maneuver


def wire() -> None:
    """Connect readied attacks to declared attacks (idempotent)."""
    if raise_ready not in combat.DECLARE_HOOKS:
        combat.DECLARE_HOOKS.append(raise_ready)
