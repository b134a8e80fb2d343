"""Attack rolls (rules 17-21): the attack bonus with size and range penalties, maximum ranges, Defense and
flat-footed Defense (B9), damage and critical hits (B3), unaimed shots at half the attack bonus (rule 22),
and Heavy melee knockback (rule 13, B5)."""

from __future__ import annotations

import functools
import math
from fractions import Fraction

from tactica.dice import D20, die_for, parse
from tactica.engine.system import Context
from tactica.grid import cone, line_of_sight
from tactica.systems.srb import durations, movement
from tactica.systems.srb.events import (
    SrbAttackRolled,
    SrbCheckRolled,
    SrbConditionChanged,
    SrbDamageDealt,
    SrbFighterDown,
    SrbKnockback,
)
from tactica.systems.srb.setup import SrbGame
from tactica.systems.srb.sheet import SQUARE_M, Weapon, modifier, size_modifier, size_rank
from tactica.systems.srb.state import Fighter, SrbState

G = SrbGame
S = SrbState
Pos = tuple[int, int]
#: B9: the all-out defense a critical failure (8) forces gives this dodge bonus to Defense (d20 Modern).
ALL_OUT_DEFENSE = 4
#: d20 Modern's prone modifiers: Defense +4 against ranged, -4 against melee; melee attacks at -4.
PRONE = 4
#: B9: option ``off_target: penalty``: attacks at this penalty while off target.
OFF_TARGET_PENALTY = -4
#: Rule 13: Heavy melee's damage bonus.
HEAVY_DAMAGE = 2


def ability_mod(game: G, f: Fighter, which: str) -> int:
    """The STR or DEX modifier; tired (critical failure 5) is -2 STR and DEX, d20 Modern's fatigued."""
    sheet = game.sheet(f.id)
    score = sheet.str_ if which == "str" else sheet.dex
    return modifier(score - (2 if f.tired else 0))


def metres(squares: int) -> Fraction:
    """Rule 1: squares to metres (1.5 m each)."""
    return squares * SQUARE_M


def increments(game: G, w: Weapon, squares: int) -> int:
    """Rule 20 / B4: the full range increments counted for the penalty: floor(d / increment); option
    ``range_penalty: ceil_minus_one``: ceil(d / increment) - 1."""
    return _increments(squares, w.increment_m, game.options.range_penalty == "floor")


@functools.cache
def _increments(squares: int, increment_m: float | None, floor: bool) -> int:
    ratio = metres(squares) / Fraction(str(increment_m or 1))
    return math.floor(ratio) if floor else max(0, math.ceil(ratio) - 1)


def max_range(w: Weapon) -> int:
    """Rule 20: the farthest square a ranged or thrown weapon reaches (its maximum increments)."""
    return _max_range(w.increment_m, w.max_increments)


@functools.cache
def _max_range(increment_m: float | None, max_increments: int) -> int:
    return math.floor(Fraction(str(increment_m or 0)) * max_increments / SQUARE_M)


def attack_bonus(game: G, state: S, f: Fighter, w: Weapon, target: Fighter) -> tuple[int, str]:
    """Rule 19: BAB + STR (melee) or DEX (ranged, thrown, ranged touch) + size + range penalty + other
    modifiers; with the parts, for the log."""
    sheet = game.sheet(f.id)
    parts: list[tuple[str, int]] = [("BAB", sheet.bab)]
    parts.append(("DEX", ability_mod(game, f, "dex")) if w.ranged else ("STR", ability_mod(game, f, "str")))
    parts.append(("size", size_modifier(game.sizes[f.id])))
    if w.ranged:
        squares = game.board.distance(f.pos, target.pos)
        parts.append(("range", -2 * increments(game, w, squares)))
    parts.append(("weapon", w.attack_bonus))
    awkward = durations.find(state, f, "awkward")
    if awkward is not None:
        parts.append(("awkward", -2 if durations.step(state, awkward, f) <= 1 else -1))
    if game.options.off_target == "penalty" and durations.find(state, f, "off-target") is not None:
        parts.append(("off target", OFF_TARGET_PENALTY))
    if f.prone and not w.ranged:
        parts.append(("prone", -PRONE))
    total = sum(v for _n, v in parts)
    return total, " ".join(f"{n} {v:+d}" for n, v in parts if v)


def defense(game: G, state: S, target: Fighter, w: Weapon) -> tuple[int, bool]:
    """Defense (B9, d20 Modern): 10 + DEX + class + equipment (not against touch attacks) + size, +4 in an
    all-out defense, prone +4 against ranged and -4 against melee. Flat-footed (rule 4) it loses its DEX
    bonus and dodge bonuses (option ``flat_footed_defense``). Also whether it was flat-footed."""
    sheet = game.sheet(target.id)
    flat = target.flat_footed and game.options.flat_footed_defense == "no_dex_bonus"
    dex = ability_mod(game, target, "dex")
    value = 10 + (min(dex, 0) if flat else dex) + sheet.class_defense + size_modifier(game.sizes[target.id])
    if not w.touch:
        value += sheet.equipment_defense
    if not flat and durations.find(state, target, "all-out-defense") is not None:
        value += ALL_OUT_DEFENSE
    if target.prone:
        value += PRONE if w.ranged else -PRONE
    return value, target.flat_footed


def target_problem(game: G, state: S, f: Fighter, w: Weapon, target: Fighter) -> str | None:
    """Why ``target`` cannot be attacked with ``w`` now (reach, maximum range, sight), or None."""
    if target.id == f.id:
        return f"{f.id} cannot attack itself"
    if target.side == f.side:
        return f"{target.id} is on {f.id}'s side: attacks name an enemy"
    if not target.up:
        return f"{target.id} is already down"
    squares = game.board.distance(f.pos, target.pos)
    if not w.ranged:
        if squares > w.reach:
            return f"Star Rangers 19: {target.id} is {squares} squares away; the {w.name} reaches {w.reach}"
    elif squares > max_range(w):
        return (
            f"Star Rangers 20: {target.id} is {float(metres(squares)):g} m away, beyond the {w.name}'s"
            f" maximum range of {w.max_increments} increments ({float(metres(max_range(w))):g} m)"
        )
    if not line_of_sight(game.board, f.pos, target.pos):
        return f"{f.id} has no line of sight to {target.id} (a wall is in the way)"
    return None


def damage_bonus(game: G, f: Fighter, w: Weapon, heavy: bool) -> int:
    """+2 for Heavy melee (rule 13); the STR modifier only with option ``strength_damage:
    melee_and_thrown`` (d20 Modern), for melee and thrown weapons (issue 14: the seed gives STR to attack
    rolls, not damage)."""
    melee_or_thrown = w.kind != "ranged" and w.category != "power"
    strong = game.options.strength_damage == "melee_and_thrown" and melee_or_thrown
    return (ability_mod(game, f, "str") if strong else 0) + (HEAVY_DAMAGE if heavy else 0)


def roll_damage(
    game: G, f: Fighter, w: Weapon, ctx: Context, *, critical: bool = False, heavy: bool = False
) -> tuple[tuple[int, ...], int, int]:
    """The weapon's damage dice (rolled ``critical_multiplier`` times on a critical, B3) + the bonus;
    (faces, bonus, amount), at least 1."""
    expr = parse(w.damage)
    times = game.options.critical_multiplier if critical else 1
    rolls = [ctx.roll(expr, f"{f.id} {w.name} damage") for _ in range(times)]
    faces = tuple(face for r in rolls for face in r.faces)
    total = sum(r.total for r in rolls) - (times - 1) * expr.constant
    bonus = damage_bonus(game, f, w, heavy)
    return faces, bonus, max(1, total + bonus)


def hurt(
    state: S, source: str, target: Fighter, w: str, faces: tuple[int, ...], bonus: int, amount: int,
    ctx: Context, *, critical: bool = False, note: str = "",
) -> None:  # fmt: skip
    """Take ``amount`` hit points; at 0 or fewer the combatant is down, at -10 or fewer dead."""
    target.hp -= amount
    ctx.emit(SrbDamageDealt(source, target.id, w, faces, bonus, amount, target.hp, critical, note))
    status = "dead" if target.hp <= -10 else "down" if target.hp <= 0 else "ok"
    if status != target.status and status != "ok":
        target.status = status
        ctx.emit(SrbFighterDown(target.id, target.hp, status))


def hits(face: int, total: int, value: int) -> bool:
    """Rules 17-18: a natural 20 always hits, a natural 1 always misses, else the total must meet the
    Defense."""
    return face == 20 or (face != 1 and total >= value)


def confirm(game: G, f: Fighter, w: Weapon, target: Fighter, bonus: int, value: int, ctx: Context) -> bool:
    """B3: a threat (natural 20) is a critical hit when a second attack roll meets the same Defense
    (option ``critical_confirm: false``: always)."""
    if not game.options.critical_confirm:
        return True
    face = ctx.die(D20, f"{f.id} confirms a critical on {target.id}")
    total = face + bonus
    hit = hits(face, total, value)
    ctx.emit(SrbAttackRolled(f.id, target.id, w.name, "confirm", face, bonus, total, value, hit))
    return hit


def random_heavy(game: G, heavy: bool) -> bool:
    """Whether the random attack (critical failure 9) of a fumbled attack deals Heavy melee's +2: for a
    Heavy melee, unless option ``heavy_random_attack: plain``."""
    return heavy and game.options.heavy_random_attack == "plus_two"


def half(bonus: int) -> int:
    """Half an attack bonus, rounded toward zero."""
    return bonus // 2 if bonus >= 0 else -((-bonus) // 2)


def unaimed(
    game: G, state: S, f: Fighter, w: Weapon, target: Fighter, roll: str, ctx: Context, *, heavy: bool = False
) -> bool:
    """An attack at half the normal attack bonus (critical failure 9, cook-offs and multifire, rule 22): a
    natural 20 hits, a natural 1 misses, no critical and no further critical failure; ``heavy``: +2
    damage (:func:`random_heavy`), no knockback. True on a hit."""
    full, _detail = attack_bonus(game, state, f, w, target)
    bonus = half(full)
    value, flat = defense(game, state, target, w)
    face = ctx.die(D20, f"{f.id} {roll} at {target.id}")
    total = face + bonus
    hit = hits(face, total, value)
    ctx.emit(
        SrbAttackRolled(
            f.id, target.id, w.name, roll, face, bonus, total, value, hit, flat, f"half of {full:+d}"
        )
    )
    if hit:
        faces, dbonus, amount = roll_damage(game, f, w, ctx, heavy=heavy)
        hurt(state, f.id, target, w.name, faces, dbonus, amount, ctx, note=roll)
    return hit


def random_targets(game: G, state: S, f: Fighter, w: Weapon, target: Fighter) -> list[Fighter]:
    """Critical failure 9: ranged attacks and powers: everyone standing in a cone as wide as it is long
    (90°) toward the target, out to the maximum range, in sight; melee: everyone standing adjacent (at 2
    squares with a reach weapon)."""
    others = [o for o in state.fighters.values() if o.up and o.id != f.id]
    if w.ranged:
        cells = cone(game.board, f.pos, target.pos, max_range(w))
        return [o for o in others if o.pos in cells and line_of_sight(game.board, f.pos, o.pos)]
    return [o for o in others if game.board.distance(f.pos, o.pos) == w.reach]


def pick(ctx: Context, f: Fighter, candidates: list[Fighter], purpose: str) -> Fighter | None:
    """One of the candidates at random (a die with as many faces; no roll for a single one)."""
    if not candidates:
        return None
    if len(candidates) == 1:
        return candidates[0]
    face = ctx.die(die_for(len(candidates)), f"{f.id} {purpose}")
    return candidates[face - 1]


def knockback(game: G, state: S, f: Fighter, target: Fighter, ctx: Context) -> None:
    """Rule 13 / B5: against a target of the same or a smaller size category, the attacker rolls a STR
    check and its total is the DC of the target's Fortitude save (option ``knockback_dc: fixed``: DC 10 +
    STR modifier, no roll); a failed save pushes the target 1 square directly away; a blocked push does
    nothing."""
    if size_rank(game.sizes[target.id]) > size_rank(game.sizes[f.id]):
        ctx.emit(SrbKnockback(f.id, target.id, False, None, f"{target.id} is larger than {f.id}"))
        return
    strength = ability_mod(game, f, "str")
    if game.options.knockback_dc == "str_check":
        face = ctx.die(D20, f"{f.id} STR check (knockback)")
        dc = face + strength
        ctx.emit(SrbCheckRolled(f.id, "STR check", face, strength, dc))
    else:
        dc = 10 + strength
    fort = game.sheet(target.id).fort_bonus
    save = ctx.die(D20, f"{target.id} Fortitude save (knockback)")
    saved = save + fort >= dc
    ctx.emit(SrbCheckRolled(target.id, "Fortitude save", save, fort, save + fort, dc, saved))
    if saved:
        ctx.emit(SrbKnockback(f.id, target.id, False, None, "saved"))
        return
    dx, dy = movement.DIRS[movement.facing(f.pos, target.pos)]
    to = (target.pos[0] + dx, target.pos[1] + dy)
    if not movement.open_square(game, state, to):
        ctx.emit(SrbKnockback(f.id, target.id, False, None, "blocked"))
        return
    target.pos = to
    ctx.emit(SrbKnockback(f.id, target.id, True, to, ""))


def condition(f: Fighter, name: str, reason: str, ctx: Context) -> None:
    """Announce a condition starting."""
    ctx.emit(SrbConditionChanged(f.id, name, True, reason))
