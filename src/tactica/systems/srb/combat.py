"""Making an attack (rules 13, 17-22): what a weapon needs to be usable, spending the round (or arrow, or
power points), the d20 roll, natural 1 and natural 20, damage, Heavy melee and its knockback, thrown weapons
landing, and cook-offs from an overheated gun."""

from __future__ import annotations

from tactica.dice import D4, D20
from tactica.engine.system import Context
from tactica.systems.srb import attacks, durations, equipment, fumbles
from tactica.systems.srb.events import SrbAttackRolled, SrbResourceChanged
from tactica.systems.srb.setup import UNARMED, SrbGame
from tactica.systems.srb.sheet import Weapon
from tactica.systems.srb.state import Fighter, SrbState

G = SrbGame
S = SrbState
#: A chain of cook-offs stops after this many rounds (a bug guard; the magazine runs out first).
MAX_COOK_OFFS = 500


def attack_options(game: G, f: Fighter) -> list[Weapon]:
    """What ``f`` could attack with: the weapon in hand, natural weapons, an unarmed strike, its powers."""
    out: list[Weapon] = []
    if f.hand is not None:
        out.append(game.weapons[f.hand])
    out += [game.weapons[n] for n in f.gear if game.weapons[n].category == "natural"]
    out.append(game.weapons[UNARMED])
    out += [game.weapons[p] for p in game.sheet(f.id).powers]
    return out


def weapon_problem(game: G, state: S, f: Fighter, w: Weapon) -> str | None:
    """Why ``f`` cannot attack with ``w`` now (not counting the action it costs), or None."""
    if f.no_attacks:
        return (
            f"Star Rangers 22: {f.id} took an all-out defense instead of attacking this turn"
            " (critical failure 8)"
        )
    if game.options.off_target == "no_attacks":
        off = durations.find(state, f, "off-target")
        if off is not None:
            left = durations.remaining(state, off, f)
            return f"Star Rangers 22: {f.id} is off target for {left} more {off.unit} (critical failure 7)"
    if w.category == "power":
        return _power_problem(game, state, f, w)
    if w.category == "unarmed":
        return None
    if w.category == "natural":
        return None if w.name in f.gear else f"{f.id} has no {w.name}"
    if f.hand != w.name:
        return f"Star Rangers 15: {f.id} does not hold the {w.name}; draw it first"
    gear = f.gear[w.name]
    if gear.broken:
        return f"Star Rangers 22: the {w.name} is broken"
    if gear.fault:
        return (
            f"Star Rangers 22: the {w.name} is {_fault_words(gear.fault)}; one move action ('clear') makes it"
            " ready again"
        )
    cooling = durations.find(state, f, "cooling", w.name)
    if cooling is not None:
        return f"Star Rangers 22: the {w.name} has shut down to cool (overheat) until {f.id}'s next turn"
    if gear.step:
        return f"Star Rangers 16: the {w.name} is being reloaded (done: {gear.step}); finish the reload first"
    if w.loaded_feed and gear.loaded <= 0:
        return f"Star Rangers 16: the {w.name} is empty; reload it"
    if w.feed == "quiver" and f.rounds.get(w.name, 0) <= 0:
        return f"{f.id} has nothing left to shoot from the {w.name}"
    return None


def _fault_words(fault: str) -> str:
    return {
        "jammed": "jammed (misfire)",
        "safe": "on safe",
        "fuse": "off after its fuse triggered",
        "off": "turned off",
    }.get(fault, fault)


def _power_problem(game: G, state: S, f: Fighter, w: Weapon) -> str | None:
    if w.name not in game.sheet(f.id).powers:
        return f"{f.id} does not have the power {w.name}"
    if f.concentrate:
        return (
            f"Star Rangers 22: {f.id} must spend one action concentrating ('concentrate') before using a"
            " power again"
        )
    cooldown = durations.find(state, f, "cooldown", w.name)
    if cooldown is not None:
        left = durations.remaining(state, cooldown, f)
        return f"{w.name} is on cooldown for {left} more {cooldown.unit}"
    if w.resource and f.resources.get(w.resource, 0) < w.cost:
        have = f.resources.get(w.resource, 0)
        return f"{f.id} has {have} {w.resource} points; {w.name} costs {w.cost}"
    return None


def _spend(game: G, state: S, f: Fighter, w: Weapon, ctx: Context) -> None:
    """The shot: a round (magazine, belt, cell, cylinder), an arrow, or the power's points and cooldown."""
    if w.category == "power":
        if w.resource and w.cost:
            f.resources[w.resource] = f.resources.get(w.resource, 0) - w.cost
            ctx.emit(SrbResourceChanged(f.id, w.resource, -w.cost, f.resources[w.resource], w.name))
        if w.cooldown:
            durations.add_actions(game, state, f, "cooldown", w.cooldown, w.name)
    elif w.loaded_feed:
        f.gear[w.name].loaded -= 1
    elif w.feed == "quiver":
        f.rounds[w.name] = f.rounds.get(w.name, 0) - 1


def _refund(state: S, f: Fighter, w: Weapon, ctx: Context) -> None:
    """Critical failures 7-8: the shot did not happen."""
    if w.category == "power":
        if w.resource and w.cost:
            f.resources[w.resource] = f.resources.get(w.resource, 0) + w.cost
            ctx.emit(SrbResourceChanged(f.id, w.resource, w.cost, f.resources[w.resource], "not used"))
        durations.clear(state, f, "cooldown", w.name)
    elif w.loaded_feed and w.name in f.gear:
        f.gear[w.name].loaded += 1
    elif w.feed == "quiver":
        f.rounds[w.name] = f.rounds.get(w.name, 0) + 1


def attack(
    game: G, state: S, f: Fighter, w: Weapon, target: Fighter, ctx: Context, *, heavy: bool = False
) -> None:
    """Rules 17-20: d20 + attack bonus against Defense; a natural 1 misses and rolls on the critical-failure
    table (22), a natural 20 hits and threatens a critical hit (18, B3). Heavy melee (13): +2 damage and
    knockback on a hit."""
    hot = w.name in f.gear and f.gear[w.name].overheated
    _spend(game, state, f, w, ctx)
    bonus, detail = attacks.attack_bonus(game, state, f, w, target)
    value, flat = attacks.defense(game, state, target, w)
    face = ctx.die(D20, f"{f.id} attack on {target.id}")
    total = face + bonus
    hit = attacks.hits(face, total, value)
    ctx.emit(SrbAttackRolled(f.id, target.id, w.name, "attack", face, bonus, total, value, hit, flat, detail))
    fired = True
    land = target.pos if w.kind == "thrown" else None
    if face == 1:
        miss = fumbles.fumble(game, state, f, w, target, ctx, heavy)
        land = miss.land
        if miss.refund:
            _refund(state, f, w, ctx)
            fired = False
    elif hit:
        critical = face == 20 and attacks.confirm(game, f, w, target, bonus, value, ctx)
        faces, dbonus, amount = attacks.roll_damage(game, f, w, ctx, critical=critical, heavy=heavy)
        attacks.hurt(state, f.id, target, w.name, faces, dbonus, amount, ctx, critical=critical)
        if heavy and target.up:
            attacks.knockback(game, state, f, target, ctx)
    if land is not None and f.hand == w.name:
        equipment.to_ground(state, f, w.name, land, "thrown", ctx)
    if hot and fired:
        _cook_offs(game, state, f, w, target, ctx)


def _cook_offs(game: G, state: S, f: Fighter, w: Weapon, target: Fighter, ctx: Context) -> None:
    """Critical failure 10: after a shot from an overheated self-loading gun, each round chambered has 1 in 4
    (a d4 showing 1) to cook off, firing in a random direction right after the previous shot."""
    gear = f.gear.get(w.name)
    for _ in range(MAX_COOK_OFFS):
        if gear is None or gear.loaded <= 0 or gear.broken:
            return
        if ctx.die(D4, f"{f.id} {w.name} cook-off") != 1:
            return
        gear.loaded -= 1
        fumbles.stray(game, state, f, w, target.pos, "cook-off", ctx)
