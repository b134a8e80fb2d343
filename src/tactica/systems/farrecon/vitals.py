"""Body and Mind (Far Recon 17-20): damage and healing, unconscious, dying, the Body roll, death, waking,
breakdowns; results deferred to the end of a simultaneous slot (D11)."""

from __future__ import annotations

from tactica.dice import D4
from tactica.engine.system import Context
from tactica.systems.farrecon import dice
from tactica.systems.farrecon.events import (
    Breakdown,
    Complication,
    DyingRoll,
    HarmTaken,
    Mended,
    SimultaneousResults,
    VitalsChanged,
    WakeScheduled,
)
from tactica.systems.farrecon.setup import FarReconGame
from tactica.systems.farrecon.state import Effect, FarReconState, Fighter

G = FarReconGame
S = FarReconState


def harm(
    game: G,
    state: S,
    f: Fighter,
    track: str,
    amount: int,
    source: str,
    ctx: Context,
    *,
    deferred: bool,
    dealer: str = "",
) -> None:
    """Take ``amount`` Body ('body') or Mind ('mind') points off now, or at the end of the slot; ``dealer``
    is the character who dealt them."""
    if amount <= 0:
        return
    shares = ((dealer, amount),) if dealer else ()
    if deferred:
        state.deferred.append(Effect(f.id, track, amount, source, dealer))
    elif track == "mind":
        change_mind(f, amount, source, ctx, shares)
    else:
        change_body(game, state, f, amount, 0, source, "", ctx, shares)


def heal(game: G, state: S, f: Fighter, amount: int, by: str, ctx: Context, *, deferred: bool) -> None:
    """Restore ``amount`` health now, or at the end of the slot."""
    if deferred:
        state.deferred.append(Effect(f.id, "heal", amount, by))
    else:
        change_body(game, state, f, 0, amount, "", by, ctx)


def apply_deferred(game: G, state: S, ctx: Context) -> None:
    """D11: every result of the slot's simultaneous actions applies together: each character's damage and
    healing are summed and its state follows from the total."""
    if not state.deferred:
        return
    effects, state.deferred = state.deferred, []
    targets = [fid for fid in state.fighters if any(e.target == fid for e in effects)]
    ctx.emit(SimultaneousResults(tuple(targets)))
    for fid in targets:
        f = state.fighters[fid]
        mine = [e for e in effects if e.target == fid]
        body = sum(e.amount for e in mine if e.kind == "body")
        healed = sum(e.amount for e in mine if e.kind == "heal")
        if body or healed:
            source = ", ".join(dict.fromkeys(e.source for e in mine if e.kind == "body"))
            by = ", ".join(dict.fromkeys(e.source for e in mine if e.kind == "heal"))
            change_body(game, state, f, body, healed, source, by, ctx, _shares(mine, "body"))
        mind = sum(e.amount for e in mine if e.kind == "mind")
        if mind:
            source = ", ".join(dict.fromkeys(e.source for e in mine if e.kind == "mind"))
            change_mind(f, mind, source, ctx, _shares(mine, "mind"))


def _shares(effects: list[Effect], kind: str) -> tuple[tuple[str, int], ...]:
    """Who dealt how much of the summed damage of one kind (in the order they dealt it)."""
    out: dict[str, int] = {}
    for e in effects:
        if e.kind == kind and e.dealer:
            out[e.dealer] = out.get(e.dealer, 0) + e.amount
    return tuple(out.items())


def change_body(
    game: G,
    state: S,
    f: Fighter,
    damage: int,
    healed: int,
    source: str,
    by: str,
    ctx: Context,
    shares: tuple[tuple[str, int], ...] = (),
) -> None:
    """Far Recon 17-19: change health by ``healed - damage`` (never above its base Body) and settle the
    character's state; ``shares``: who dealt how much of the damage."""
    if f.status == "dead":
        return
    was = f.status
    if damage:
        f.health -= damage
        ctx.emit(HarmTaken(f.id, "body", damage, f.health, source, shares))
    if healed:
        healed = max(0, min(healed, game.sheet(f.id).body - f.health))
        f.health += healed
        ctx.emit(Mended(f.id, by, healed, f.health))
    _settle(game, f, was, healed - damage, healed > 0, ctx)


def _settle(game: G, f: Fighter, was: str, net: int, healed: bool, ctx: Context) -> None:
    base = game.sheet(f.id).body
    h = f.health
    if h < -base:
        set_status(f, "dead", f"health {h} is below -{base}, minus its base Body (Far Recon 19)", ctx)
    elif h < 0:
        if was == "active" or (net < 0 and was != "dying"):
            set_status(f, "dying", f"health {h} is below 0 (Far Recon 18)", ctx)
        f.wake_in = 0
    elif h == 0:
        if was == "active":
            set_status(f, "unconscious", "health 0: unconscious and stable (Far Recon 17)", ctx)
        elif was == "dying":
            set_status(f, "unconscious", "brought to 0: stops dying (Far Recon 18)", ctx)
        f.wake_in = 0
    elif was == "dying":
        set_status(f, "unconscious", "brought above 0: stops dying (Far Recon 18)", ctx)
        _schedule_wake(f, _wake_roll(game, f, "Far Recon 18", ctx), ctx)
    elif was == "unconscious" and healed and f.wake_in == 0:
        if game.options.wake_delay == "always":
            _schedule_wake(f, _wake_roll(game, f, "option wake_delay", ctx), ctx)
        else:
            _schedule_wake(f, 1, ctx)


def _wake_roll(game: G, f: Fighter, why: str, ctx: Context) -> int:
    """Far Recon 18: 1d4 turns until it wakes; option wake_count 'after': those turns pass unconscious and
    it wakes at the start of the next one."""
    turns = ctx.die(D4, f"{f.id} turns until it wakes (1d4, {why})")
    return turns + 1 if game.options.wake_count == "after" else turns


def _schedule_wake(f: Fighter, turns: int, ctx: Context) -> None:
    f.wake_in = turns
    ctx.emit(WakeScheduled(f.id, turns))


def set_status(f: Fighter, status: str, reason: str, ctx: Context) -> None:
    """Change the character's status; out of action, it no longer holds a delayed turn."""
    f.status = status
    if status != "active":
        f.holding = False
    ctx.emit(VitalsChanged(f.id, status, f.health, reason))


def change_mind(
    f: Fighter, amount: int, source: str, ctx: Context, shares: tuple[tuple[str, int], ...] = ()
) -> None:
    """Far Recon 20: Mind down by ``amount``; at 0 a temporary breakdown, below 0 a permanent one;
    ``shares``: who dealt how much of it."""
    before = f.mind
    f.mind -= amount
    ctx.emit(HarmTaken(f.id, "mind", amount, f.mind, source, shares))
    if f.mind <= 0 and (before > 0 or (f.mind < 0 <= before)):
        f.holding = False
        ctx.emit(Breakdown(f.id, f.mind, f.mind < 0))


def dying_roll(game: G, state: S, f: Fighter, ctx: Context) -> None:
    """Far Recon 18 / D10: still dying at the start of its turn: a Body roll against DC = its negative
    Body points; success: stable (health unchanged); failure: dead."""
    dc = -f.health
    sheet = game.sheet(f.id)
    modifier = sheet.body if game.options.body_roll == "base_body" else sheet.skill("body", game.options)
    result = dice.roll(ctx, game.options, f.id, "Body roll", modifier)
    survived = dice.passes(result, dc)
    ctx.emit(DyingRoll(f.id, dc, result.total, survived))
    if survived:
        set_status(f, "unconscious", "the Body roll succeeds: stable (Far Recon 18)", ctx)
    else:
        set_status(f, "dead", "the Body roll fails (Far Recon 18)", ctx)


def wake_tick(f: Fighter, ctx: Context) -> None:
    """Far Recon 17-18: an unconscious character due to wake counts down at the start of its turn and wakes
    at 0 (and acts in that turn)."""
    if f.status == "unconscious" and f.wake_in > 0 and f.health > 0:
        f.wake_in -= 1
        if f.wake_in == 0:
            set_status(f, "active", "regains consciousness (Far Recon 17)", ctx)


def stagger(f: Fighter, ctx: Context) -> None:
    """Far Recon 4: a defender's critical failure: it staggers and cannot move on its next turn."""
    f.stagger = True
    ctx.emit(Complication(f.id, "stagger", "cannot move on its next turn"))
