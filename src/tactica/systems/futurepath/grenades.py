"""Throwing grenades (rules 34-35, rulings A15-A16) and smoke (rule 43).

``vex throw @8,8 with frag [+cook]`` is a Full-Round action (no Bonus Attack can follow it, rule 34.1). The
grenade does not go off on landing: it waits as a ``grenade`` condition and explodes at the end of the turn
of the team it was thrown at (A15), or at the start of that turn when it was cooked (rule 34.4).

Choices made here where the seed is silent (each is documented with the FuturePath rules):

- **Carried is enough.** The grenade need only be carried, with at least one left (its ``ammo`` is how many
  the character carries); it need not be drawn and no hand need be free. A Draw is a Simple action and a
  Full-Round action must be the first and last thing done in a turn (rules 5-6), so requiring a drawn
  grenade would make the Full-Round throw impossible.
- **Aiming.** The thrower aims at a square it can see (line of sight from its own square; walls and intact
  blocking objects stop it, smoke does not), other than its own square, not a wall or an intact blocking
  object, within the maximum range (rule 34.2, at least ``throw_floor_ft``: 5 ft). Creatures in the aimed
  square do not matter: a grenade is thrown at an area and no Accuracy check is made.
- **Scatter** (rule 35, A16) is measured relative to the flight (:func:`tactica.grid.scatter_relative`) and
  clamped to the board. The grenade then flies along the straight line from the thrower: the first wall or
  intact blocking object on that line stops it in the last open square before it (so a wall in the landing
  square, or between the thrower and it, bounces the grenade back to the open square in front).
- **Which team's turn** (A15): the first team, in turn order after the thrower's, owning a creature (not
  dead) inside the blast area at landing; with none there, or with the option ``grenade_timing`` set to
  ``thrower_next_enemy_turn_end``, the thrower's next-following enemy team.
- **Blast.** Everyone (any side, the thrower included) inside the blast radius when the grenade goes off is
  caught; walls and intact blocking objects stop the blast (:func:`tactica.grid.burst`). Grenade damage is
  the weapon's dice plus its bonus damage (ranged damage, rule 23: no ability modifier). One roll for
  everyone or one per creature: the option ``blast_damage_roll`` (default one roll for all). Grenades do not
  damage objects.
- **Cooking** (rule 34.4): the Wisdom check is made before the throw. A critical failure (a natural 1, A8)
  explodes in the thrower's hand with full effect: the thrower takes the maximum damage; anyone else in the
  blast radius around the thrower is caught as by any explosion.
- **Smoke grenades** follow the same timing (they are grenades). When one goes off it leaves a ``smoke``
  cloud of its radius that gives Partial cover (rule 43) for the rest of that round and ``duration`` more
  rounds. A failed cook wastes it; a critical failure releases the cloud around the thrower.
"""

from __future__ import annotations

from collections.abc import Iterable

from tactica.dice import D10, D20, DiceExpr
from tactica.engine.action import Action
from tactica.engine.conditions import Condition, When
from tactica.engine.system import Context
from tactica.grid import burst, line_of_sight, scatter_relative
from tactica.grid.memo import BoardMemo
from tactica.systems.futurepath.attacks import Swing, blockers, damage_dice, flat_damage
from tactica.systems.futurepath.events import (
    Checked,
    DamageRolled,
    GrenadeAirBurst,
    GrenadeExploded,
    GrenadeThrown,
    GrenadeTimed,
    SmokeCleared,
    SmokeSpread,
)
from tactica.systems.futurepath.setup import FuturePathGame
from tactica.systems.futurepath.sheet import Weapon
from tactica.systems.futurepath.state import Fighter, FuturePathState
from tactica.systems.futurepath.verbs import Verb, fixed
from tactica.systems.futurepath.vitals import deal_damage

G = FuturePathGame
S = FuturePathState
Pos = tuple[int, int]

BASE_RANGE_FT = 30
"""Rule 34.2: the throw range before Strength and Dexterity."""


# -- range and aiming ----------------------------------------------------------------------------


def max_range_ft(game: G, fighter: Fighter) -> int:
    """Rule 34.2: 30 ft + 5 ft x (STR mod + DEX mod), at least ``throw_floor_ft`` (5 ft; with 0 a very weak
    and clumsy character may not be able to throw at all)."""
    sheet = game.sheet(fighter.id)
    return max(game.options.throw_floor_ft, BASE_RANGE_FT + 5 * (sheet.mod("str") + sheet.mod("dex")))


def range_squares(game: G, fighter: Fighter) -> int:
    """The maximum throw in whole squares."""
    return int(max_range_ft(game, fighter) // game.board.scale.per_cell)


def feet_to_squares(game: G, feet: float) -> int:
    """Whole squares in ``feet`` (toward zero for negative distances)."""
    squares = int(abs(feet) // game.board.scale.per_cell)
    return -squares if feet < 0 else squares


def radius_squares(game: G, weapon_radius_ft: int) -> int:
    """A blast radius in squares (0: the landing square only)."""
    return feet_to_squares(game, weapon_radius_ft)


def _open(game: G, state: S, p: Pos) -> bool:
    """A square a grenade can be aimed at or land in: on the board, not a wall, not an intact blocker."""
    return game.board.in_bounds(p) and not game.board.terrain(p).wall and p not in blockers(state)


def aim_problem(game: G, state: S, fighter: Fighter, at: Pos) -> str | None:
    """Why ``fighter`` cannot aim a grenade at ``at`` (rule 34.2 and the aiming choices above), or None."""
    where = f"@{at[0]},{at[1]}"
    if not game.board.in_bounds(at):
        return f"{where} is off the map"
    if at == fighter.pos:
        return f"{fighter.id} cannot throw a grenade at its own square; aim at another square"
    if not _open(game, state, at):
        return f"{where} is a wall or a blocking object; aim a grenade at an open square"
    distance = game.board.distance(fighter.pos, at)
    if distance > range_squares(game, fighter):
        feet = int(distance * game.board.scale.per_cell)
        return (
            f"{where} is {feet} ft away; {fighter.id} throws at most {max_range_ft(game, fighter)} ft"
            " (30 ft + 5 ft x (STR mod + DEX mod), FuturePath 34)"
        )
    if not line_of_sight(game.board, fighter.pos, at, blockers=blockers(state)):
        return f"{fighter.id} cannot see {where}; a grenade is aimed at a square in sight"
    return None


def grenades_left(game: G, fighter: Fighter) -> list[str]:
    """The grenades ``fighter`` carries with at least one left."""
    return [w for w in fighter.carried if game.weapons[w].kind == "grenade" and fighter.ammo.get(w, 0) > 0]


# -- the verb ------------------------------------------------------------------------------------


def throw_check(game: G, state: S, fighter: Fighter, action: Action) -> str | None:
    """Rule 34: a carried grenade with one left, thrown at a square in range and in sight."""
    if action.using is None:
        return f"say which grenade: '{fighter.id} throw @X,Y with GRENADE'"
    weapon = game.weapons.get(action.using)
    if weapon is None or action.using not in fighter.carried:
        carried = ", ".join(w for w in fighter.carried if game.weapons[w].kind == "grenade") or "none"
        return f"{fighter.id} carries no '{action.using}' (grenades carried: {carried})"
    if weapon.kind != "grenade":
        return f"{weapon.name} is not a grenade; only grenades are thrown (FuturePath 34)"
    if fighter.ammo.get(weapon.name, 0) <= 0:
        return f"{fighter.id} has no {weapon.name} left"
    if set(action.flags) - {"cook"}:
        return "unknown flag for throw: the only flag is +cook (FuturePath 34)"
    if action.target is not None or action.at is None:
        return f"a grenade is thrown at a square: '{fighter.id} throw @X,Y with {weapon.name} [+cook]'"
    return aim_problem(game, state, fighter, action.at)


def throw_candidates(game: G, state: S, fighter: Fighter) -> Iterable[Action]:
    """Every grenade left, at every square in range and sight, cooked or not (the list is remembered by
    what it depends on: the thrower, its square and range, its grenades, and what blocks sight)."""
    names = tuple(grenades_left(game, fighter))
    if not names:
        return []
    block = frozenset(blockers(state))
    reach = range_squares(game, fighter)
    key = (fighter.id, fighter.pos, reach, names, block)
    return list(_THROWS.get(game.board, key, lambda: _throws(game, fighter, names, reach, block)))


#: Throw lists remembered per board by what they depend on.
THROW_CACHE_LIMIT = 256
_THROWS: BoardMemo[tuple[Action, ...]] = BoardMemo(THROW_CACHE_LIMIT)


def _throws(
    game: G, fighter: Fighter, names: tuple[str, ...], reach: int, block: frozenset[tuple[int, int]]
) -> tuple[Action, ...]:
    board = game.board
    squares = [  # the same squares aim_problem accepts, with the blockers gathered once
        p
        for p in board.cells_within(fighter.pos, reach)
        if p != fighter.pos
        and not board.terrain(p).wall
        and p not in block
        and line_of_sight(board, fighter.pos, p, blockers=block)
    ]
    return tuple(
        Action(fighter.id, "throw", at=p, using=name, flags=flags)
        for name in names
        for p in squares
        for flags in ((), ("cook",))
    )


def throw_resolve(game: G, state: S, fighter: Fighter, action: Action, ctx: Context) -> None:
    """Rules 34-35: spend the grenade, cook it if asked, scatter it and set it to go off."""
    assert action.using is not None and action.at is not None
    weapon = game.weapons[action.using]
    fighter.ammo[weapon.name] -= 1
    cooked = action.has_flag("cook")
    if cooked:
        result = cook(game, fighter, weapon, ctx)
        if result == "air-burst":
            ctx.emit(GrenadeAirBurst(fighter.id, weapon.name, action.at))
            return
        if result == "in-hand":
            explode(game, state, fighter.id, weapon, fighter.pos, ctx, held=True)
            return
    faces = ctx.draw(D10, 2, f"{fighter.id} {weapon.name} scatter 2d10 (left/right, short/long)")
    landed = landing(game, state, fighter.pos, action.at, faces[0], faces[1])
    ctx.emit(GrenadeThrown(fighter.id, weapon.name, action.at, (faces[0], faces[1]), landed, cooked))
    team = target_team(game, state, fighter, weapon, landed)
    until: When = "turn_start" if cooked else "turn_end"
    data = {"x": landed[0], "y": landed[1]}
    state.conditions.append(
        Condition("grenade", fighter.id, until, team, state.order.round, source=weapon.name, data=data)
    )
    ctx.emit(GrenadeTimed(fighter.id, weapon.name, landed, team, until))


# -- cooking (rule 34.4) -------------------------------------------------------------------------


def cook(game: G, fighter: Fighter, weapon: Weapon, ctx: Context) -> str:
    """Rule 34.4: Wisdom check d20 + WIS mod against ``cooking_dc``: 'cooked', 'air-burst' or 'in-hand'."""
    sheet = game.sheet(fighter.id)
    natural = ctx.die(D20, f"{fighter.id} Wisdom check to cook the {weapon.name}")
    total = natural + sheet.mod("wis")
    dc = game.options.cooking_dc
    fumble = natural == game.options.critical_failure_natural
    success = total >= dc and not fumble
    ctx.emit(Checked(fighter.id, "cook grenade", natural, total, dc, success))
    if success:
        return "cooked"
    return "in-hand" if fumble else "air-burst"


# -- scatter (rule 35, A16) ----------------------------------------------------------------------


def scatter_feet(game: G, face: int) -> int:
    """Rule 35 / A16: a d10 face as feet off target: 3-8 on target, 2 / 9 = 5 ft, 1 / 10 = the extreme."""
    extreme = game.options.scatter_extreme_ft
    return {1: -extreme, 2: -5, 9: 5, 10: extreme}.get(face, 0)


def landing(game: G, state: S, origin: Pos, aimed: Pos, lateral_face: int, long_face: int) -> Pos:
    """Where a grenade aimed at ``aimed`` lands: scattered (first die left/right, second short/long),
    clamped to the board, stopped in front of the first wall or blocking object on its line of flight."""
    lateral = feet_to_squares(game, scatter_feet(game, lateral_face))
    longitudinal = feet_to_squares(game, scatter_feet(game, long_face))
    point = scatter_relative(game.board, origin, aimed, lateral, longitudinal)
    last = origin
    for p in game.board.line(origin, point)[1:]:
        if not _open(game, state, p):
            break
        last = p
    return last


# -- when it goes off (rule 34.3, A15) -----------------------------------------------------------


def blast_area(game: G, state: S, centre: Pos, radius: int) -> frozenset[Pos]:
    """Squares a blast of ``radius`` squares reaches: walls and intact blocking objects stop it."""
    stops = blockers(state)
    return frozenset(
        p for p in burst(game.board, centre, radius) if line_of_sight(game.board, centre, p, blockers=stops)
    )


def caught_in(game: G, state: S, centre: Pos, radius: int) -> list[str]:
    """Creatures (not dead) inside the blast area, in setup order."""
    area = blast_area(game, state, centre, radius)
    return [f.id for f in state.fighters.values() if f.pos in area and f.status != "dead"]


def _teams_after(state: S) -> list[str]:
    """Team slot keys in turn order starting after the slot now acting (the current one last)."""
    slots = state.order.slots
    n = len(slots)
    start = state.order.index
    return [slots[(start + k) % n].key for k in range(1, n + 1)]


def next_enemy_team(state: S, side: str) -> str:
    """A15: the first team after the current one, in turn order, that is not ``side``."""
    sides = {f.side for f in state.fighters.values()}
    return next(k for k in _teams_after(state) if k != side and k in sides)


def target_team(game: G, state: S, fighter: Fighter, weapon: Weapon, landed: Pos) -> str:
    """A15: the team whose turn sets the grenade off (see the module notes)."""
    fallback = next_enemy_team(state, fighter.side)
    if game.options.grenade_timing == "thrower_next_enemy_turn_end":
        return fallback
    radius = radius_squares(game, weapon.radius_ft)
    present = {state.fighters[c].side for c in caught_in(game, state, landed, radius)} - {fighter.side}
    return next((k for k in _teams_after(state) if k in present), fallback)


# -- explosions ----------------------------------------------------------------------------------


def detonate(game: G, state: S, condition: Condition, ctx: Context) -> None:
    """``ON_EXPIRE['grenade']``: a pending grenade goes off where it lies."""
    weapon = game.weapons[condition.source or ""]
    explode(game, state, condition.holder, weapon, (condition.data["x"], condition.data["y"]), ctx)


def explode(
    game: G, state: S, thrower: str, weapon: Weapon, at: Pos, ctx: Context, *, held: bool = False
) -> None:
    """A grenade goes off at ``at``: smoke spreads, or everyone in the blast takes damage.
    ``held``: rule 34.4's critical failure, the thrower takes the maximum damage."""
    radius = radius_squares(game, weapon.radius_ft)
    if weapon.effect == "smoke":
        ctx.emit(GrenadeExploded(weapon.name, at, ()))
        spread_smoke(state, weapon, at, radius, ctx)
        return
    caught = caught_in(game, state, at, radius)
    if held and thrower not in caught:
        caught.insert(0, thrower)
    ctx.emit(GrenadeExploded(weapon.name, at, tuple(caught)))
    holder = state.fighters[thrower]
    dice = damage_dice(game, holder, Swing(weapon))
    flat = flat_damage(game, holder, weapon)
    maximum = {thrower} if held else set()
    blast_damage(game, state, thrower, caught, dice, flat, ctx, "grenade", maximum=maximum)


def blast_damage(
    game: G,
    state: S,
    source: str,
    caught: list[str],
    dice: DiceExpr,
    flat: int,
    ctx: Context,
    kind: str,
    *,
    maximum: set[str] | None = None,
) -> None:
    """Damage everyone ``caught`` by a grenade or trap; ``maximum`` take the highest possible roll.

    The option ``blast_damage_roll`` chooses one roll shared by everyone or one roll per creature.
    """
    shared: tuple[tuple[int, ...], int] | None = None
    for fid in caught:
        if maximum and fid in maximum:
            faces: tuple[int, ...] = ()
            total = dice.max()
            roll_kind = f"{kind} (maximum)"
        else:
            each = game.options.blast_damage_roll == "per_creature"
            if shared is None or each:
                roll = ctx.roll(
                    dice, f"{kind} damage on {fid} ({dice})" if each else f"{kind} damage ({dice})"
                )
                shared = (roll.faces, roll.total)
            faces, total = shared
            roll_kind = kind
        amount = max(0, total + flat)
        ctx.emit(DamageRolled(source, fid, faces, 1, flat, amount, roll_kind, str(dice)))
        deal_damage(game, state, fid, amount, ctx, source if source in state.fighters else None)


# -- smoke (rule 43) -----------------------------------------------------------------------------


def spread_smoke(state: S, weapon: Weapon, at: Pos, radius: int, ctx: Context) -> None:
    """Rule 43: a cloud that gives Partial cover until the end of the round ``duration`` rounds on."""
    until_round = state.order.round + weapon.duration
    data = {"x": at[0], "y": at[1], "r": radius}
    state.conditions.append(
        Condition("smoke", f"@{at[0]},{at[1]}", "round_end", None, until_round, source=weapon.name, data=data)
    )
    ctx.emit(SmokeSpread(weapon.name, at, radius, until_round))


def clear_smoke(game: G, state: S, condition: Condition, ctx: Context) -> None:
    """``ON_EXPIRE['smoke']``: the cloud is gone."""
    ctx.emit(SmokeCleared((condition.data["x"], condition.data["y"])))


VERBS = [
    Verb(
        "throw",
        "Throw an Object (Grenade)",
        fixed("full"),
        throw_candidates,
        throw_check,
        throw_resolve,
        True,
        rule="FuturePath 34",
    ),
]

ON_EXPIRE = {"grenade": detonate, "smoke": clear_smoke}
