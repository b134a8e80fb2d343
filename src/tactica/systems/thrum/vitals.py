"""Fatigue, Stress, statuses and incapacity (THRUM 32-46): the only way rules code changes them."""

from __future__ import annotations

from tactica.engine.system import Context
from tactica.systems.thrum import dice
from tactica.systems.thrum.abilities import TICKING
from tactica.systems.thrum.events import (
    Afflicted,
    Incapacitated,
    LoadChanged,
    Revived,
    StanceChanged,
    ToleranceChanged,
    Wounded,
)
from tactica.systems.thrum.setup import ThrumGame
from tactica.systems.thrum.state import Fighter, ThrumState

G = ThrumGame
S = ThrumState


def deal(
    fighter: Fighter,
    load: str,
    amount: int,
    ctx: Context,
    *,
    source: str,
    by_enemy: bool,
    dealer: str | None = None,
) -> None:
    """THRUM 32, 44-45: add Fatigue or Stress; Vulnerable adds its stacks once and ends; taking either
    from an enemy ability ends Dazed. ``dealer``: the character whose ability dealt it (None: no one)."""
    vulnerable = fighter.statuses.pop("vulnerable", 0)
    if vulnerable:
        ctx.emit(Afflicted(fighter.id, "vulnerable", 0, f"adds {vulnerable} {load}"))
    amount += vulnerable
    if load == "fatigue":
        fighter.fatigue += amount
        total = fighter.fatigue
    else:
        fighter.stress += amount
        total = fighter.stress
    ctx.emit(LoadChanged(fighter.id, load, amount, total, source, dealer))
    if by_enemy and "dazed" in fighter.conditions:
        end_condition(fighter, "dazed", ctx, f"took {load} from an enemy")


def reduce_load(fighter: Fighter, load: str, amount: int, ctx: Context, source: str) -> None:
    """Lower a load (never below 0); incapacity ends at Fatigue Load 0 (THRUM 41)."""
    before = fighter.fatigue if load == "fatigue" else fighter.stress
    after = max(0, before - amount)
    if load == "fatigue":
        fighter.fatigue = after
    else:
        fighter.stress = after
    ctx.emit(LoadChanged(fighter.id, load, after - before, after, source))
    if load == "fatigue" and after == 0 and fighter.incapacitated:
        revive(fighter, ctx, "Fatigue Load reached 0")


def add_status(fighter: Fighter, name: str, stacks: int, ctx: Context, reason: str = "") -> None:
    """THRUM 43: '+N Status' adds N stacks (or starts at N)."""
    fighter.statuses[name] = fighter.statuses.get(name, 0) + stacks
    ctx.emit(Afflicted(fighter.id, name, fighter.statuses[name], reason))


def end_status(fighter: Fighter, name: str, ctx: Context, reason: str) -> None:
    """Remove a status entirely."""
    if fighter.statuses.pop(name, None) is not None:
        ctx.emit(Afflicted(fighter.id, name, 0, reason))


def apply_condition(fighter: Fighter, name: str, turns: int, ctx: Context, reason: str = "") -> None:
    """THRUM 45-46: a condition without stacks; ``turns`` > 0 ends it after that many of its turns."""
    fighter.conditions[name] = max(turns, fighter.conditions.get(name, 0))
    ctx.emit(Afflicted(fighter.id, name, 1, reason))


def end_condition(fighter: Fighter, name: str, ctx: Context, reason: str) -> None:
    """Remove a condition."""
    if fighter.conditions.pop(name, None) is not None:
        ctx.emit(Afflicted(fighter.id, name, 0, reason))


def tick_statuses(fighter: Fighter, ctx: Context) -> None:
    """THRUM 43: at the end of the holder's turn every ticking status loses a stack; at 0 it ends.
    Conditions with a duration count down too (Stunned, C11; Immobilized)."""
    for name in [n for n in fighter.statuses if n in TICKING]:
        fighter.statuses[name] -= 1
        if fighter.statuses[name] <= 0:
            del fighter.statuses[name]
        ctx.emit(Afflicted(fighter.id, name, fighter.statuses.get(name, 0), "end of turn"))
    for name in [n for n, turns in fighter.conditions.items() if turns > 0]:
        fighter.conditions[name] -= 1
        if fighter.conditions[name] <= 0:
            end_condition(fighter, name, ctx, "end of turn")


def incapacity_roll(game: G, fighter: Fighter, ctx: Context, why: str) -> None:
    """THRUM 37: 2d6 + Resilience must exceed the Fatigue Load (Bleed: +1 Bane), else Incapacitated."""
    if fighter.incapacitated or fighter.removed:
        return
    sheet = game.sheet(fighter.id)
    banes = 1 if "bleed" in fighter.statuses else 0
    total = dice.roll(ctx, fighter.id, f"incapacity roll ({why})", sheet.defense("resilience"), 0, banes)
    if total <= fighter.fatigue:
        incapacitate(game, fighter, ctx, f"failed an incapacity roll ({total} vs Fatigue {fighter.fatigue})")


def panic_roll(game: G, fighter: Fighter, ctx: Context) -> None:
    """THRUM 35: 2d6 + Resolve must exceed the Stress Load (Shocked: +1 Bane); otherwise Stunned, Stress
    moves onto Fatigue and the Stress Tolerance drops by 1."""
    sheet = game.sheet(fighter.id)
    banes = 1 if "shocked" in fighter.statuses else 0
    total = dice.roll(ctx, fighter.id, "panic roll", sheet.defense("resolve"), 0, banes)
    if total > fighter.stress:
        return
    apply_condition(fighter, "stunned", 1, ctx, "failed the panic roll")
    stress = fighter.stress
    deal(fighter, "fatigue", stress, ctx, source="panic", by_enemy=False)
    reduce_load(fighter, "stress", stress, ctx, "panic")
    fighter.stress_tolerance = max(0, fighter.stress_tolerance - 1)
    ctx.emit(ToleranceChanged(fighter.id, "stress", fighter.stress_tolerance))


def incapacitate(game: G, fighter: Fighter, ctx: Context, reason: str) -> None:
    """THRUM 38-39: the stance ends; Fatigue Tolerance and Load each drop by 1 (floored at 0)."""
    fighter.incapacitated = True
    ctx.emit(Incapacitated(fighter.id, reason))
    if fighter.stance is not None:
        fighter.stance = None
        ctx.emit(StanceChanged(fighter.id, None, "incapacitated"))
    lose_fatigue_tolerance(fighter, ctx)


def lose_fatigue_tolerance(fighter: Fighter, ctx: Context, *, may_revive: bool = True) -> None:
    """THRUM 39: Fatigue Tolerance -1 and Fatigue Load -1 (both floored at 0); Load 0 ends incapacity."""
    fighter.fatigue_tolerance = max(0, fighter.fatigue_tolerance - 1)
    ctx.emit(ToleranceChanged(fighter.id, "fatigue", fighter.fatigue_tolerance))
    if may_revive:
        reduce_load(fighter, "fatigue", 1, ctx, "incapacitated")
        return
    after = max(0, fighter.fatigue - 1)
    ctx.emit(LoadChanged(fighter.id, "fatigue", after - fighter.fatigue, after, "incapacitated"))
    fighter.fatigue = after


def end_incapacitated_turn(game: G, fighter: Fighter, ctx: Context) -> None:
    """THRUM 40 / C7: FT-1 and FL-1; then at FL 0 incapacity ends, else at FT 0 a Wound ('wound_first':
    the Wound at FT 0 comes before recovering); three Wounds remove the character."""
    lose_fatigue_tolerance(fighter, ctx, may_revive=False)
    if game.options.incapacitated_end_order == "wound_first" and fighter.fatigue_tolerance == 0:
        wound(fighter, ctx)
        if fighter.fatigue == 0 and not fighter.removed:
            revive(fighter, ctx, "Fatigue Load reached 0")
        return
    if fighter.fatigue == 0:
        revive(fighter, ctx, "Fatigue Load reached 0")
    elif fighter.fatigue_tolerance == 0:
        wound(fighter, ctx)


def wound(fighter: Fighter, ctx: Context) -> None:
    """THRUM 40: one Wound; the third removes the character from combat."""
    fighter.wounds += 1
    fighter.removed = fighter.wounds >= 3
    ctx.emit(Wounded(fighter.id, fighter.wounds, fighter.removed))


def revive(fighter: Fighter, ctx: Context, how: str) -> None:
    """THRUM 41: no longer incapacitated."""
    fighter.incapacitated = False
    ctx.emit(Revived(fighter.id, how))
