"""Explosives and throwing (Far Recon 14-15, D2, D3): the throw at a square (Strength or Agility against a
Difficulty Check), where it lands, and the blast that hits everyone within its radius with damage falling
off by range increments (cover adds increments); each character resists with Physical Defense."""

from __future__ import annotations

import math
from fractions import Fraction

from tactica.engine.system import Context
from tactica.grid import cover_between, line_of_sight
from tactica.grid.memo import BoardMemo
from tactica.systems.farrecon import dice, vitals
from tactica.systems.farrecon.dice import Fixed, Scored
from tactica.systems.farrecon.events import (
    BlastExposure,
    Complication,
    Detonated,
    StrikeResolved,
    ThrowLanded,
)
from tactica.systems.farrecon.options import FarReconOptions
from tactica.systems.farrecon.setup import FarReconGame
from tactica.systems.farrecon.sheet import Weapon
from tactica.systems.farrecon.state import FarReconState, Fighter

G = FarReconGame
S = FarReconState
Pos = tuple[int, int]
#: Feet in a metre, exactly (1 ft = 0.3048 m).
FEET_PER_METRE = Fraction(1250, 381)


def increment_ft(weapon: Weapon, options: FarReconOptions) -> Fraction:
    """D2: the range increment in feet (option range_increment_unit 'm': the stated number is metres)."""
    return weapon.ri_ft * (FEET_PER_METRE if options.range_increment_unit == "m" else 1)


def effective(
    weapon: Weapon, distance_ft: Fraction, cover: int, options: FarReconOptions
) -> tuple[int, int, int]:
    """Far Recon 14: (range increments, increments added by ``cover`` levels, effective damage E).

    E = Base Damage - Blast Falloff x (floor(distance / RI) + cover increments); option blast_increments
    'ceil' counts every started increment. Example (D2): BD 10, RI 10 ft, BF 2 at 32 ft: 3 increments, E 4.
    """
    ratio = Fraction(distance_ft) / increment_ft(weapon, options)
    count = math.ceil(ratio) if options.blast_increments == "ceil" else math.floor(ratio)
    extra = cover * options.cover_increments
    return count, extra, weapon.blast - weapon.falloff * (count + extra)


def radius(game: G, weapon: Weapon) -> int:
    """Far Recon 14: the blast radius in squares, the farthest distance at which E is still above 0 in the
    open, with squares of ``map.scale_ft`` feet; no cap (without falloff it is the map's width or height).
    E > 0 while the increments stay at most ceil(BD / BF) - 1. Remembered per board, weapon and options."""
    return _RADII.get(game.board, (weapon, game.options), lambda: _radius(game, weapon))


#: Blast radii per board, by weapon and options.
_RADII: BoardMemo[int] = BoardMemo(256)


def _radius(game: G, weapon: Weapon) -> int:
    if weapon.blast <= 0:
        return 0
    if weapon.falloff <= 0:
        return max(game.board.width, game.board.height)
    most = math.ceil(Fraction(weapon.blast, weapon.falloff)) - 1
    per_ri = increment_ft(weapon, game.options) / Fraction(str(game.board.scale.per_cell))
    if game.options.blast_increments == "ceil":
        return math.floor(most * per_ri)
    return math.ceil((most + 1) * per_ri) - 1


def reaches(game: G, at: Pos, far: int, p: Pos) -> bool:
    """Whether a blast at ``at`` with radius ``far`` reaches square ``p``: within the radius and seen from
    ground zero (walls stop it)."""
    return game.board.distance(at, p) <= far and line_of_sight(game.board, at, p)


def distance_ft(game: G, a: Pos, b: Pos) -> Fraction:
    """The distance between two squares in feet: squares of ``map.scale_ft`` feet (the seed's distances
    are in feet, l.86)."""
    return Fraction(str(game.board.scale.per_cell)) * game.board.distance(a, b)


def in_blast(game: G, state: S, weapon: Weapon, at: Pos) -> list[Fighter]:
    """The characters (present, not dead; in setup order) a blast at ``at`` reaches: only their squares are
    looked at, so a wide radius costs nothing."""
    return within(game, state, at, radius(game, weapon))


def within(game: G, state: S, at: Pos, far: int) -> list[Fighter]:
    """The characters (present, not dead; in setup order) a blast at ``at`` of radius ``far`` reaches."""
    standing = (o for o in state.fighters.values() if o.present and o.status != "dead")
    return [o for o in standing if reaches(game, at, far, o.pos)]


def throw_skill(game: G, weapon: Weapon, distance: int, f: Fighter) -> str:
    """Far Recon 15: Strength for heavy objects and long throws, Agility for precision (the weapon's
    skill); option throw_skill 'better': the better of the two."""
    if game.options.throw_skill == "better":
        agility, strength = game.skill(f.id, "agility"), game.skill(f.id, "strength")
        return "strength" if strength > agility else "agility"
    if distance > game.options.long_throw:
        return "strength"
    return weapon.skill if weapon.skill in ("agility", "strength") else "agility"


def throw_dc(game: G, distance: int) -> int:
    """Far Recon 2, 15: the Difficulty Check of a throw at a square: ceil(distance / throw_dc_squares)."""
    return math.ceil(distance / game.options.throw_dc_squares)


def throw(
    game: G, state: S, f: Fighter, weapon: Weapon, aim: Pos, bonus: int, deferred: bool, ctx: Context
) -> None:
    """Far Recon 14-15: throw an explosive at a square: a success lands it there, a failure by k lands it
    k squares short, a failed critical failure (Far Recon 4) halfway at best (one that still passes lands,
    and the thrower staggers); then it goes off."""
    far = game.board.distance(f.pos, aim)
    skill = throw_skill(game, weapon, far, f)
    dc = throw_dc(game, far)
    f.carried[weapon.name] = f.carried.get(weapon.name, 0) - 1
    roll = dice.roll(
        ctx, game.options, f.id, f"{weapon.name} throw ({skill})", game.skill(f.id, skill) + bonus
    )
    passed = dice.passes(roll, dc)
    short = 0 if passed else dc - roll.total
    fumble = roll.critical == "failure" and game.options.critical_complications
    landed = landing(game, f.pos, aim, short, fumble and not passed)
    ctx.emit(ThrowLanded(f.id, weapon.name, aim, landed, skill, dc))
    if fumble and not passed:
        ctx.emit(Complication(f.id, "short", f"the {weapon.name} lands at @{landed[0]},{landed[1]}"))
    elif fumble:  # Far Recon 4: it still succeeds, with a complication: the thrower staggers
        vitals.stagger(f, ctx)
    detonate(game, state, f, weapon, landed, deferred, ctx)


def landing(game: G, origin: Pos, aim: Pos, short: int, fumble: bool) -> Pos:
    """Where a throw lands: ``short`` squares short of ``aim`` along the line from ``origin`` (at least 1
    square from the thrower), halfway at most after a critical failure; never in a wall."""
    board = game.board
    far = board.distance(origin, aim)
    reach = far - short
    if fumble:
        reach = min(reach, far // 2)
    reach = max(reach, 1)
    line = board.line(origin, aim)
    spot = origin
    for p in line[1:]:
        if board.distance(origin, p) > reach or board.terrain(p).wall:
            break
        spot = p
    return spot


def detonate(game: G, state: S, f: Fighter, weapon: Weapon, at: Pos, deferred: bool, ctx: Context) -> None:
    """Far Recon 14, D3: everyone in the blast resists its effective damage E with Physical Defense:
    damage = Base Damage x ceil((E - PDef) / DI) (option explosive_damage 'subtract': E - PDef)."""
    options = game.options
    hit = in_blast(game, state, weapon, at)
    ctx.emit(Detonated(f.id, weapon.name, at, radius(game, weapon), tuple(o.id for o in hit)))
    for o in hit:
        far_ft = distance_ft(game, at, o.pos)
        cover = min(int(cover_between(game.board, at, o.pos)), 2)
        count, extra, power = effective(weapon, far_ft, cover, options)
        ctx.emit(BlastExposure(f.id, o.id, int(far_ft), count, extra, power))
        if power <= 0:
            continue
        defence: Scored = Fixed(options.helpless_defense)
        if o.conscious:
            defence = dice.roll(ctx, options, o.id, "Physical Defense", game.skill(o.id, "pdef"))
        damage, tiers, result = blast_damage(weapon, power, defence, options)
        margin = max(power - defence.total, 0)
        ctx.emit(
            StrikeResolved(
                f.id, o.id, weapon.name, "pdef", power, defence.total, result, margin, tiers, damage
            )
        )
        vitals.harm(
            game, state, o, "body", damage, f"{f.id}'s {weapon.name}", ctx, deferred=deferred, dealer=f.id
        )
        if defence.critical == "failure" and options.critical_complications:
            vitals.stagger(o, ctx)


def blast_damage(
    weapon: Weapon, power: int, defence: Scored, options: FarReconOptions
) -> tuple[int, int, str]:
    """(damage, tiers, result) of E against a Physical Defense total (D3); a critical success resists."""
    if defence.critical == "success":
        return 0, 0, "resisted"
    margin = power - defence.total
    if options.explosive_damage == "subtract":
        damage = max(margin, 0)
        return damage, 0, "hit" if damage else ("graze" if margin == 0 else "resisted")
    count = dice.tiers(margin, weapon.di, options)
    if count:
        return count * weapon.base_damage, count, "hit"
    return 0, 0, "graze" if margin == 0 else "resisted"
