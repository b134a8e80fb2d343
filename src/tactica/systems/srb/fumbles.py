"""The critical-failure table (rules 18, 22-23; ruling B2): a natural 1 on an attack rolls a d20 on the
table; each entry does something different for each category of weapon: guns (self-loading, revolvers,
multi-barrel), powered weapons, bows and crossbows and thrown weapons, powers, unpowered melee weapons,
unarmed and natural attacks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tactica.dice import D2, D4, D6, D12, MAX_EXPLOSIONS, die_for
from tactica.engine.system import Context
from tactica.systems.srb import attacks, durations, equipment, movement
from tactica.systems.srb.events import (
    SrbCheckRolled,
    SrbFumble,
    SrbItemMoved,
    SrbResourceChanged,
    SrbWeaponChanged,
)
from tactica.systems.srb.setup import SrbGame
from tactica.systems.srb.sheet import GUNS, Weapon
from tactica.systems.srb.state import Fighter, Gear, GroundItem, SrbState

G = SrbGame
S = SrbState
Pos = tuple[int, int]
Say = Callable[[str], None]
#: The table's last entry: "fail badly".
FAIL_BADLY = 21
#: Rule 22: misfire penalties, 'off target' and a doubled cooldown with none to double, in actions.
AWKWARD_ACTIONS = 2
OFF_TARGET_ACTIONS = 2
NO_COOLDOWN_DOUBLED = 2
#: B2: 'fail badly' re-rolls a 21 at most this many times in a row (the dice's limit on rolling again).
MAX_REROLLS = MAX_EXPLOSIONS


@dataclass(slots=True)
class Miss:
    """What a critical failure did to the attack itself: whether the shot happened (``refund``: it did
    not, so no round, arrow or power points are spent), and where a thrown weapon ends up (``land``:
    None while it stays in hand)."""

    target: Fighter
    land: Pos | None
    refund: bool = False


def group(w: Weapon) -> str:
    """The table's columns: 'gun', 'powered', 'bow' (bows, crossbows, thrown weapons), 'power', 'melee'
    (unpowered melee weapons), 'unarmed' (unarmed and natural attacks)."""
    if w.category in GUNS:
        return "gun"
    if w.category in ("bow", "thrown"):
        return "bow"
    if w.category == "natural":
        return "unarmed"
    return w.category


def fumble(game: G, state: S, f: Fighter, w: Weapon, target: Fighter, ctx: Context, heavy: bool) -> Miss:
    """Roll on the table (B2: d20 + ``fumble_modifier``, 1-21; option ``fumble_die: 21``) and apply the
    entry."""
    miss = Miss(target, target.pos if w.kind == "thrown" else None)
    entry = _roll(game, f, ctx)
    _apply(game, state, f, w, entry, miss, ctx, heavy)
    return miss


def entry_of(game: G, face: int) -> int:
    """B2: the table entry a face of the critical-failure die reaches: face + ``fumble_modifier``, within
    1-21."""
    return max(1, min(FAIL_BADLY, face + game.options.fumble_modifier))


def _roll(game: G, f: Fighter, ctx: Context) -> tuple[int, int]:
    face = ctx.die(die_for(game.options.fumble_die), f"{f.id} critical failure")
    return face, entry_of(game, face)


def _apply(
    game: G, state: S, f: Fighter, w: Weapon, rolled: tuple[int, int], miss: Miss, ctx: Context, heavy: bool
) -> None:
    face, entry = rolled
    kind = group(w)

    def say(effect: str) -> None:
        ctx.emit(SrbFumble(f.id, w.name, w.category, face, game.options.fumble_modifier, entry, effect))

    if entry == FAIL_BADLY:
        times = ctx.die(D4, f"{f.id} fail badly: times on the table")
        say(f"fail badly: {times} rolls on the table, every result applies")
        for _ in range(times):
            again = _roll(game, f, ctx)
            for _ in range(MAX_REROLLS):
                if again[1] != FAIL_BADLY:
                    break
                again = _roll(game, f, ctx)
            if again[1] != FAIL_BADLY:
                _apply(game, state, f, w, again, miss, ctx, heavy)
        return
    handler = HANDLERS.get(entry)
    if handler is None:
        say("normal miss")
        return
    handler(game, state, f, w, kind, miss, say, ctx, heavy)


# -- the entries ------------------------------------------------------------------------------------------


def _attack_self(
    game: G, state: S, f: Fighter, w: Weapon, kind: str, miss: Miss, say: Say, ctx: Context, heavy: bool
) -> None:
    """1: attack self, full damage."""
    say("attack self: full damage")
    faces, bonus, amount = attacks.roll_damage(game, f, w, ctx, heavy=heavy)
    attacks.hurt(state, f.id, f, w.name, faces, bonus, amount, ctx, note="critical failure 1")
    if miss.land is not None:
        miss.land = f.pos


def _attack_self_half(
    game: G, state: S, f: Fighter, w: Weapon, kind: str, miss: Miss, say: Say, ctx: Context, heavy: bool
) -> None:
    """2: attack self, half damage (rounded down, at least 1)."""
    say("attack self: half damage")
    faces, bonus, amount = attacks.roll_damage(game, f, w, ctx, heavy=heavy)
    attacks.hurt(state, f.id, f, w.name, faces, bonus, max(1, amount // 2), ctx, note="critical failure 2")
    if miss.land is not None:
        miss.land = f.pos


def _throw(
    game: G, state: S, f: Fighter, w: Weapon, kind: str, miss: Miss, say: Say, ctx: Context, heavy: bool
) -> None:
    """3: the weapon flies 1d6 squares in a random direction; powers: cooldown 1d6 times the normal and
    the power fails; unarmed and natural: fall down one square away in a random direction."""
    forward = movement.facing(f.pos, miss.target.pos)
    if kind == "power":
        times = ctx.die(D6, f"{f.id} {w.name} cooldown multiplier")
        length = times * max(1, w.cooldown)
        say(f"the power fails and goes on cooldown for {times} x {max(1, w.cooldown)} = {length} actions")
        _cooldown(game, state, f, w, length, ctx)
        return
    if kind == "unarmed":
        say("falls down one square away in a random direction")
        d = movement.random_direction(ctx, f.id, forward, "fall")
        dx, dy = movement.DIRS[d]
        to = (f.pos[0] + dx, f.pos[1] + dy)
        if movement.open_square(game, state, to):
            f.pos = to
            ctx.emit(SrbItemMoved(f.id, f.id, "falls", to))
        movement.fall_prone(f, "critical failure 3", ctx)
        return
    if f.hand != w.name:
        say("throw weapon: the weapon has already left the hand")
        return
    squares = ctx.die(D6, f"{f.id} {w.name} flies (squares)")
    say(f"throw weapon: it flies {squares} squares in a random direction")
    d = movement.random_direction(ctx, f.id, forward, "thrown weapon")
    at = movement.fly(game, f.pos, d, squares)
    equipment.to_ground(state, f, w.name, at, "flung", ctx)
    miss.land = None


def _drop(
    game: G, state: S, f: Fighter, w: Weapon, kind: str, miss: Miss, say: Say, ctx: Context, heavy: bool
) -> None:
    """4: drop the weapon in one's own square; powers: normal cooldown, the power fails; unarmed and
    natural: fall down."""
    if kind == "power":
        say("the power fails and goes on its normal cooldown")
        return
    if kind == "unarmed":
        say("falls down")
        movement.fall_prone(f, "critical failure 4", ctx)
        return
    if f.hand != w.name:
        say("drop weapon: the weapon has already left the hand")
        return
    say("drop weapon: it lies in the attacker's square")
    equipment.to_ground(state, f, w.name, f.pos, "dropped", ctx)
    miss.land = None


def _out_of_power(
    game: G, state: S, f: Fighter, w: Weapon, kind: str, miss: Miss, say: Say, ctx: Context, heavy: bool
) -> None:
    """5: powered weapons lose power until recharged (a cell changed); guns drop the magazine; bows and
    thrown: the projectile falls; powers: lose every point of the resource used; unarmed, natural and
    unpowered melee: become tired."""
    gear = f.gear.get(w.name)
    if kind == "powered" and gear is not None:
        say("out of power: unusable until its cell is changed (reload)")
        gear.loaded = 0
        ctx.emit(SrbWeaponChanged(f.id, w.name, "out of power", "critical failure 5"))
    elif kind == "gun" and gear is not None:
        _drop_magazine(state, f, w, gear, say, ctx)
    elif kind == "bow":
        _projectile_falls(state, f, w, miss, say, ctx)
    elif kind == "power":
        resource = w.resource or ""
        lost = f.resources.get(resource, 0)
        say(f"loses every {resource} point")
        f.resources[resource] = 0
        ctx.emit(SrbResourceChanged(f.id, resource, -lost, 0, "critical failure 5"))
    else:
        say("becomes tired (-2 STR and DEX)")
        if not f.tired:
            f.tired = True
            attacks.condition(f, "tired", "critical failure 5", ctx)


def _drop_magazine(state: S, f: Fighter, w: Weapon, gear: Gear, say: Say, ctx: Context) -> None:
    """Guns drop their magazine (or belt) to the ground; revolvers and internal magazines drop their
    rounds."""
    if w.feed in ("box", "belt"):
        if not gear.mag_in:
            say("drop magazine: no magazine in it")
            return
        say(f"drop magazine: it falls with {gear.loaded} rounds")
        state.ground.append(GroundItem(f"mag-{w.name}", f.pos, "magazine", w.name, None, gear.loaded))
        ctx.emit(SrbItemMoved(f.id, f"mag-{w.name}", "dropped", f.pos))
        gear.loaded, gear.mag_in = 0, False
        return
    say(f"drop magazine: its {gear.loaded} rounds fall out")
    if gear.loaded:
        state.ground.append(GroundItem(f"rounds-{w.name}", f.pos, "rounds", w.name, None, gear.loaded))
        ctx.emit(SrbItemMoved(f.id, f"rounds-{w.name}", "dropped", f.pos))
    gear.loaded = 0


def _projectile_falls(state: S, f: Fighter, w: Weapon, miss: Miss, say: Say, ctx: Context) -> None:
    """Bows: the arrow (already taken) falls in the archer's square; thrown weapons fall there."""
    say("the projectile falls down")
    if w.kind == "thrown":
        miss.land = f.pos
        return
    state.ground.append(GroundItem(f"rounds-{w.name}", f.pos, "rounds", w.name, None, 1))
    ctx.emit(SrbItemMoved(f.id, f"rounds-{w.name}", "dropped", f.pos))


def _misfire(
    game: G, state: S, f: Fighter, w: Weapon, kind: str, miss: Miss, say: Say, ctx: Context, heavy: bool
) -> None:
    """6: self-loading guns and powered weapons take one action to be ready again; revolvers and
    multi-barrel guns waste the round; bows and thrown: the projectile falls; powers: fail, and one action
    of concentration before any power; unarmed and melee: -2 to attack for one action, then -1."""
    gear = f.gear.get(w.name)
    if kind == "gun" and w.category == "self_loading" and gear is not None:
        say("misfire: one action to be ready to fire again")
        gear.fault = "jammed"
        ctx.emit(SrbWeaponChanged(f.id, w.name, "jammed", "critical failure 6"))
    elif kind == "gun":
        say("misfire: the round is wasted")
    elif kind == "powered" and gear is not None:
        say("misfire: fuse triggered, one action to be ready again")
        gear.fault = "fuse"
        ctx.emit(SrbWeaponChanged(f.id, w.name, "fuse", "critical failure 6"))
    elif kind == "bow":
        _projectile_falls(state, f, w, miss, say, ctx)
    elif kind == "power":
        say("the power does not work; one action of concentration before any power")
        f.concentrate = True
        attacks.condition(f, "concentration lost", "critical failure 6", ctx)
    else:
        say("awkward angle: -2 to attack for one action, then -1 for one action")
        durations.add_actions(game, state, f, "awkward", AWKWARD_ACTIONS)
        attacks.condition(f, "awkward", "critical failure 6", ctx)


def _distracted(
    game: G, state: S, f: Fighter, w: Weapon, kind: str, miss: Miss, say: Say, ctx: Context, heavy: bool
) -> None:
    """7: no attack actually happened; off target for the next 2 actions."""
    say("distracted: no attack happened; off target for the next 2 actions")
    miss.refund = True
    miss.land = None
    durations.add_actions(game, state, f, "off-target", OFF_TARGET_ACTIONS)
    attacks.condition(f, "off-target", "critical failure 7", ctx)


def _safe_mode(
    game: G, state: S, f: Fighter, w: Weapon, kind: str, miss: Miss, say: Say, ctx: Context, heavy: bool
) -> None:
    """8: guns: the safety was on, one action to be ready; powered weapons: turned off, one action; bows
    and thrown: holding on to the weapon loses the action; powers: resources spent, no effect, no
    cooldown; unarmed and melee: an all-out defense instead."""
    gear = f.gear.get(w.name)
    if kind in ("gun", "powered") and gear is not None:
        fault = "safe" if kind == "gun" else "off"
        say("safe mode: one action to be ready to fire again")
        gear.fault = fault
        miss.refund = True
        ctx.emit(SrbWeaponChanged(f.id, w.name, fault, "critical failure 8"))
    elif kind == "bow":
        say("almost drops the weapon: holding on loses this action")
        miss.refund = True
        miss.land = None
    elif kind == "power":
        say("loses concentration: resources spent, no effect, no cooldown")
        durations.clear(state, f, "cooldown", w.name)
    else:
        say("defensive stance: an all-out defense instead")
        durations.add_rounds(state, f, "all-out-defense", 1)
        f.no_attacks = True
        attacks.condition(f, "all-out-defense", "critical failure 8", ctx)


def _random_attack(
    game: G, state: S, f: Fighter, w: Weapon, kind: str, miss: Miss, say: Say, ctx: Context, heavy: bool
) -> None:
    """9: a random target (ranged and powers: in a cone as wide as long; melee: adjacent, or 2 squares
    away with a reach weapon) at half the normal attack bonus; a Heavy melee's keeps its +2 damage
    (option ``heavy_random_attack``)."""
    if w.in_hand and w.kind != "thrown" and f.hand != w.name:
        say("random attack: the weapon has already left the hand")
        return
    candidates = attacks.random_targets(game, state, f, w, miss.target)
    if not candidates:
        say("random attack: no one there to hit")
        return
    say("random attack at half the attack bonus")
    other = attacks.pick(ctx, f, candidates, "random target")
    assert other is not None
    if miss.land is not None:
        miss.land = other.pos
    attacks.unaimed(game, state, f, w, other, "random", ctx, heavy=attacks.random_heavy(game, heavy))


def _overheat(
    game: G, state: S, f: Fighter, w: Weapon, kind: str, miss: Miss, say: Say, ctx: Context, heavy: bool
) -> None:
    """10: self-loading guns overheat (rounds may cook off); multi-barrel guns and revolvers: 1 in 12 to
    multifire; powered weapons shut down to cool; powers: double cooldown; others: a normal miss."""
    gear = f.gear.get(w.name)
    if kind == "gun" and w.category == "self_loading" and gear is not None:
        say("overheat: each round chambered after a shot has 1 in 4 to cook off")
        gear.overheated = True
        ctx.emit(SrbWeaponChanged(f.id, w.name, "overheated", "critical failure 10"))
    elif kind == "gun" and gear is not None:
        _multifire(game, state, f, w, gear, miss, say, ctx)
    elif kind == "powered":
        say("overheat: the weapon shuts down until it cools (one round)")
        durations.add_rounds(state, f, "cooling", 1, w.name)
        ctx.emit(SrbWeaponChanged(f.id, w.name, "cooling", "critical failure 10"))
    elif kind == "power":
        length = 2 * w.cooldown if w.cooldown else NO_COOLDOWN_DOUBLED
        say(f"overheat: the power's cooldown doubles ({length} actions)")
        _cooldown(game, state, f, w, length, ctx)
    else:
        say("overheat: a normal miss")


def _multifire(
    game: G, state: S, f: Fighter, w: Weapon, gear: Gear, miss: Miss, say: Say, ctx: Context
) -> None:
    """Multi-barrel guns and revolvers: a d12; on a 1 every remaining shot goes off: a multi-barrel gun's
    in random directions; a revolver is ruined and each shot has 50% to hurt its shooter for half
    damage."""
    face = ctx.die(D12, f"{f.id} {w.name} multifire")
    if face != 1:
        say(f"overheat: no multifire (d12 {face}); a normal miss")
        return
    shots, gear.loaded = gear.loaded, 0
    if w.category == "multi_barrel":
        say(f"overheat: multifire (d12 1): {shots} remaining shots go off in random directions")
        for _ in range(shots):
            stray(game, state, f, w, miss.target.pos, "multifire", ctx)
        return
    say(f"overheat: multifire (d12 1): the revolver is ruined; {shots} shots go off")
    gear.broken = True
    ctx.emit(SrbWeaponChanged(f.id, w.name, "ruined", "critical failure 10"))
    for _ in range(shots):
        if ctx.die(D2, f"{f.id} ricochet") == 1:
            faces, bonus, amount = attacks.roll_damage(game, f, w, ctx)
            attacks.hurt(state, f.id, f, w.name, faces, bonus, max(1, amount // 2), ctx, note="ricochet")


def _object(
    game: G, state: S, f: Fighter, w: Weapon, kind: str, miss: Miss, say: Say, ctx: Context, heavy: bool
) -> None:
    """11: ranged attacks hit some inconvenient object; melee weapons make a Fortitude save DC 10 + the
    wielder's STR modifier or break; unarmed: 1 hit point of damage."""
    if kind == "unarmed":
        say("hits something hard: 1 hit point of damage")
        attacks.hurt(state, f.id, f, w.name, (), 0, 1, ctx, note="critical failure 11")
    elif w.ranged:
        say("hits some inconvenient object")
    else:
        dc = 10 + attacks.ability_mod(game, f, "str")
        face = ctx.die(die_for(20), f"{w.name} Fortitude save")
        saved = face + w.fort >= dc
        ctx.emit(SrbCheckRolled(f.id, f"{w.name} Fortitude save", face, w.fort, face + w.fort, dc, saved))
        say("hits an object: the weapon holds" if saved else "hits an object: the weapon breaks")
        gear = f.gear.get(w.name)
        if not saved and gear is not None:
            gear.broken = True
            ctx.emit(SrbWeaponChanged(f.id, w.name, "broken", "critical failure 11"))


HANDLERS = {
    1: _attack_self,
    2: _attack_self_half,
    3: _throw,
    4: _drop,
    5: _out_of_power,
    6: _misfire,
    7: _distracted,
    8: _safe_mode,
    9: _random_attack,
    10: _overheat,
    11: _object,
}


def _cooldown(game: G, state: S, f: Fighter, w: Weapon, length: int, ctx: Context) -> None:
    """Replace the power's cooldown by one of ``length`` actions."""
    durations.clear(state, f, "cooldown", w.name)
    durations.add_actions(game, state, f, "cooldown", length, w.name)


def stray(game: G, state: S, f: Fighter, w: Weapon, toward: Pos, roll: str, ctx: Context) -> None:
    """A shot in a random direction (rule 23, relative to the way the shooter faced): the first one
    standing on that line within the maximum range is attacked at half the attack bonus."""
    d = movement.random_direction(ctx, f.id, movement.facing(f.pos, toward), roll)
    other = movement.trace(game, state, f.pos, d, attacks.max_range(w), f.id)
    if other is not None:
        attacks.unaimed(game, state, f, w, other, roll, ctx)
