"""Objects and traps: attacking objects (rule 37), dragging them (rule 17, A11), traps and mines (rule 42).

Choices made here where the seed is silent (each is documented with the FuturePath rules):

- **Attack an object** (``vex attack-object door with knife``, Standard): any intact object on the map. A
  melee weapon needs the object inside its Threat Range (rule 25); a ranged weapon needs a round loaded and
  the object within the weapon's range (with no Accuracy check, range increments cannot be paid for in
  disadvantages, so the shot must be within the first increment). Either needs line of sight. No Accuracy
  check; the damage roll is a hit's (rule 23: STR for melee), never critical. It is not a Standard *Attack*
  on a creature, so no Bonus Attack follows it.
- **Drag an object** (``vex drag crate @3,4 [+fast]``): every movable object counts as medium weight or
  heavier. The character must stand next to it; it moves up to half its Speed (Standard) or its full Speed
  (``+fast``: Full-Round), and the object follows one square behind, ending in the last square the
  character left. The path may not cross another character's square (the object would pass through it). The
  move is an ordinary move otherwise: Tactical Opportunities and traps apply. A character with Strength 3 or
  below cannot drag (A11; both values of ``weak_strength_blocks`` forbid moving objects).
- **Noticing traps** is passive: 10 + Perception ranks + WIS mod against the trap's Perception DC, for each
  armed trap within ``trap_notice_range`` squares in line of sight, when a character starts its team's turn
  or ends a step. A noticed trap is known to the character's whole side.
- **Stepping into** an armed trap's square sets it off, known or not (walking into a known trap is legal: the
  player's choice; the AI is the place to avoid it). Everyone within its radius is caught (walls and blocking
  objects stop the blast), damage as for a grenade blast (the option ``blast_damage_roll``), and the move
  ends there. A trap goes off once.
- **Disarm** (``vex disarm mine``, Full-Round): next to (or on) a trap the side knows; d20 + Disable Device
  ranks + INT mod minus one Advantage-die roll (one Disadvantage, rule 27; a character without an Advantage
  die loses a flat 1); always rolled (no Take 20). Success: disarmed. A natural 1 or failing by more than
  ``trap_fail_margin`` sets it off, and the disarmer is caught even outside its radius. Failing by less: the
  trap stays armed and no one may try it again until the round after next.
"""

from __future__ import annotations

from collections.abc import Iterable

from tactica.dice import D20, parse
from tactica.engine.action import Action
from tactica.engine.conditions import Condition, find
from tactica.engine.system import Context
from tactica.grid import Path, line_of_sight
from tactica.systems.futurepath import movement
from tactica.systems.futurepath.attacks import (
    Swing,
    advantage_faces,
    blockers,
    clear_line,
    damage_dice,
    flat_damage,
    reach_squares,
    spend_ammo,
)
from tactica.systems.futurepath.budget import Cost
from tactica.systems.futurepath.events import (
    Checked,
    DamageRolled,
    ObjectDamaged,
    ObjectMoved,
    TrapEvent,
)
from tactica.systems.futurepath.grenades import blast_damage, caught_in, radius_squares
from tactica.systems.futurepath.setup import FuturePathGame, TrapSpec
from tactica.systems.futurepath.state import Fighter, FuturePathState, ObjectState, TrapState
from tactica.systems.futurepath.verbs import Verb, fixed

G = FuturePathGame
S = FuturePathState
Pos = tuple[int, int]


def _where(p: Pos) -> str:
    return f"@{p[0]},{p[1]}"


# -- attack an object (rule 37) ------------------------------------------------------------------


def object_attack_check(game: G, state: S, fighter: Fighter, action: Action) -> str | None:
    """Rule 37: an intact object, a drawn weapon, in reach (melee) or range (ranged), in sight."""
    obj = state.objects.get(action.target or "")
    if obj is None:
        known = ", ".join(state.objects) or "none on this map"
        return f"say which object: '{fighter.id} attack-object OBJECT with WEAPON' (objects: {known})"
    if obj.broken:
        return f"{obj.id} is already broken (FuturePath 37)"
    if action.using is None:
        return f"say which weapon: '{fighter.id} attack-object {obj.id} with WEAPON'"
    weapon = game.weapons.get(action.using)
    if weapon is None or action.using not in fighter.hands:
        drawn = ", ".join(fighter.hands) or "nothing"
        return f"{action.using} is not drawn (drawn: {drawn}); drawing is a Simple action (FuturePath 19)"
    if weapon.kind == "grenade":
        return f"{weapon.name} is thrown at a square: use 'throw'"
    if action.at is not None or action.flags:
        return f"attack-object takes no position or flags: '{fighter.id} attack-object {obj.id} with WEAPON'"
    return _object_reach_problem(game, state, fighter, obj, action.using)


def _object_reach_problem(game: G, state: S, fighter: Fighter, obj: ObjectState, name: str) -> str | None:
    weapon = game.weapons[name]
    distance = game.board.distance(fighter.pos, obj.pos)
    if weapon.is_melee and distance > reach_squares(game, weapon):
        return (
            f"{obj.id} is outside {fighter.id}'s Threat Range with {name}"
            f" ({distance} squares away, reach {reach_squares(game, weapon)}) (FuturePath 25)"
        )
    if not weapon.is_melee:
        if weapon.ammo is not None and fighter.ammo.get(name, 0) <= 0:
            return f"{name} is empty; reload it first (FuturePath 19)"
        feet = distance * game.board.scale.per_cell
        if weapon.range_ft is not None and feet > weapon.range_ft:
            return (
                f"{obj.id} is {feet:g} ft away, beyond {name}'s range of {weapon.range_ft} ft; with no"
                " Accuracy check an object must be within the weapon's range (FuturePath 37)"
            )
    if not clear_line(game, state, fighter.pos, obj.pos, ignore=obj.pos):
        return f"{fighter.id} cannot see {obj.id} (a wall or object is in the way)"
    return None


def object_attack_candidates(game: G, state: S, fighter: Fighter) -> Iterable[Action]:
    """Every drawn weapon against every intact object it can reach."""
    out = []
    for name in fighter.hands:
        for obj in state.objects.values():
            action = Action(fighter.id, "attack-object", obj.id, using=name)
            if object_attack_check(game, state, fighter, action) is None:
                out.append(action)
    return out


def object_attack_resolve(game: G, state: S, fighter: Fighter, action: Action, ctx: Context) -> None:
    """Rule 37: no Accuracy check; the damage comes off the Hardness; below zero the object breaks."""
    assert action.target is not None and action.using is not None
    obj = state.objects[action.target]
    weapon = game.weapons[action.using]
    spend_ammo(fighter, weapon)
    dice = damage_dice(game, fighter, Swing(weapon, purpose="attack an object"))
    flat = flat_damage(game, fighter, weapon)
    roll = ctx.roll(dice, f"{fighter.id} damage on {obj.id} with {weapon.name}")
    amount = max(0, roll.total + flat)
    ctx.emit(DamageRolled(fighter.id, obj.id, roll.faces, 1, flat, amount, "object", str(dice)))
    obj.hardness -= amount
    obj.broken = obj.hardness < 0
    ctx.emit(ObjectDamaged(fighter.id, obj.id, amount, obj.hardness, obj.broken))


# -- drag an object (rule 17, A11) ---------------------------------------------------------------


def drag_cost(game: G, fighter: Fighter, action: Action) -> Cost:
    """Rule 17: Standard at half Speed; Full-Round (``+fast``) doubles it."""
    return "full" if action.has_flag("fast") else "standard"


def drag_allowance(game: G, fighter: Fighter, fast: bool) -> int:
    """Rule 17: squares of movement while dragging: half Speed, or full Speed as a Full-Round action."""
    return movement.allowance(game, fighter, "move" if fast else "walk", False)


def drag_problem(game: G, state: S, fighter: Fighter, name: str | None) -> str | None:
    """Why ``fighter`` cannot drag the object ``name`` at all now (rule 17, A11), or None."""
    obj = state.objects.get(name or "")
    if obj is None:
        movable = ", ".join(o.id for o in state.objects.values() if o.movable) or "none on this map"
        return f"say which object: '{fighter.id} drag OBJECT @X,Y' (movable objects: {movable})"
    if not obj.movable:
        return f"{obj.id} cannot be moved"
    if obj.broken:
        return f"{obj.id} is broken"
    strength = game.sheet(fighter.id).str_
    if strength <= 3:
        return f"{fighter.id} has Strength {strength}: with Strength 3 or below it cannot move objects (A11)"
    if fighter.posture != "standing":
        return f"{fighter.id} is {fighter.posture}; dragging an object needs the character standing"
    if game.board.distance(fighter.pos, obj.pos) != 1:
        return f"{fighter.id} must stand next to {obj.id} to drag it"
    return None


def drag_paths(game: G, state: S, fighter: Fighter, budget: int) -> dict[Pos, Path]:
    """Destinations of a drag with this allowance and the path to each (no other character on the way)."""
    others = {f.pos for f in state.fighters.values() if f is not fighter}
    out: dict[Pos, Path] = {}
    for reach in movement.reaches(game, state, fighter, budget):
        for p in reach.destinations():
            path = reach.path_to(p)
            if p != fighter.pos and path is not None:
                out[p] = path
    return {p: path for p, path in out.items() if not others.intersection(path.cells[1:])}


def drag_check(game: G, state: S, fighter: Fighter, action: Action) -> str | None:
    """Rule 17: a movable object next to the character, to a square it can reach at the allowance."""
    problem = drag_problem(game, state, fighter, action.target)
    if problem:
        return problem
    if action.at is None or action.using is not None:
        return f"say where to: '{fighter.id} drag {action.target} @X,Y [+fast]'"
    if set(action.flags) - {"fast"}:
        return "unknown flag for drag: the only flag is +fast (a Full-Round action at full Speed)"
    budget = drag_allowance(game, fighter, action.has_flag("fast"))
    if action.at not in drag_paths(game, state, fighter, budget):
        return (
            f"{_where(action.at)} is out of reach: dragging, {fighter.id} moves up to {budget} squares"
            " (half Speed; +fast: full Speed as a Full-Round action) and not through anyone's square"
        )
    return None


def drag_candidates(game: G, state: S, fighter: Fighter) -> Iterable[Action]:
    """Every movable object next to the character, to every square in reach, at half or full Speed."""
    names = [o.id for o in state.objects.values() if drag_problem(game, state, fighter, o.id) is None]
    if not names:
        return []
    out = []
    for flags in ((), ("fast",)):
        squares = drag_paths(game, state, fighter, drag_allowance(game, fighter, bool(flags)))
        out += [Action(fighter.id, "drag", n, at=p, flags=flags) for n in names for p in squares]
    return out


def drag_resolve(game: G, state: S, fighter: Fighter, action: Action, ctx: Context) -> None:
    """Walk the path; a ``dragging`` condition makes :func:`drag_along` pull the object behind."""
    assert action.target is not None and action.at is not None
    budget = drag_allowance(game, fighter, action.has_flag("fast"))
    cells = list(drag_paths(game, state, fighter, budget)[action.at].cells[1:])
    start = {"x": fighter.pos[0], "y": fighter.pos[1]}
    state.conditions.append(
        Condition(
            "dragging",
            fighter.id,
            "turn_end",
            fighter.side,
            state.order.round,
            count=len(cells),
            source=action.target,
            data=start,
        )
    )
    movement.walk(game, state, fighter.id, cells, "drag", ctx)
    if not any(s.actor == fighter.id and s.kind == "move" for s in state.suspended):
        stop_dragging(state, fighter.id)


def stop_dragging(state: S, fid: str) -> None:
    """Let go of a dragged object (the move is over or cut short)."""
    condition = find(state.conditions, fid, "dragging")
    if condition is not None:
        state.conditions.remove(condition)


def drag_along(game: G, state: S, fid: str, pos: Pos, ctx: Context) -> bool:
    """Step hook: the dragged object moves into the square the character just left."""
    condition = find(state.conditions, fid, "dragging")
    if condition is None:
        return False
    obj = state.objects[condition.source or ""]
    obj.pos = (condition.data["x"], condition.data["y"])
    condition.data["x"], condition.data["y"] = pos
    condition.count -= 1
    ctx.emit(ObjectMoved(fid, obj.id, obj.pos))
    if condition.count <= 0:
        stop_dragging(state, fid)
    return False


# -- traps and mines (rule 42) -------------------------------------------------------------------


def trap_spec(game: G, trap_id: str) -> TrapSpec:
    """The static description of a trap (its DCs, damage and radius)."""
    return next(t for t in game.spec.traps if t.id == trap_id)


def passive_perception(game: G, fid: str) -> int:
    """Rule 42: 10 + Perception ranks + WIS modifier."""
    sheet = game.sheet(fid)
    return 10 + sheet.skill("perception") + sheet.mod("wis")


def notice(game: G, state: S, fighter: Fighter, ctx: Context) -> None:
    """Rule 42: passive Perception against each armed, unknown trap in range and in sight."""
    for trap in state.traps.values():
        if not trap.armed or trap.id in fighter.known_traps:
            continue
        if game.board.distance(fighter.pos, trap.pos) > game.options.trap_notice_range:
            continue
        if not line_of_sight(game.board, fighter.pos, trap.pos, blockers=blockers(state)):
            continue
        if passive_perception(game, fighter.id) >= trap_spec(game, trap.id).perception_dc:
            for friend in state.fighters.values():
                if friend.side == fighter.side and trap.id not in friend.known_traps:
                    friend.known_traps.append(trap.id)
            ctx.emit(TrapEvent(fighter.id, trap.id, "noticed"))


def notice_at_turn_start(game: G, state: S, fid: str, ctx: Context) -> None:
    """Turn-start hook: look around for traps (when there are any)."""
    if state.traps:
        notice(game, state, state.fighters[fid], ctx)


def trap_step(game: G, state: S, fid: str, pos: Pos, ctx: Context) -> bool:
    """Step hook: an armed trap in the square goes off and ends the move (returns True); else look around."""
    for trap in state.traps.values():
        if trap.armed and trap.pos == pos:
            stop_dragging(state, fid)
            set_off(game, state, trap, fid, ctx)
            return True
    notice(game, state, state.fighters[fid], ctx)
    return False


def set_off(game: G, state: S, trap: TrapState, by: str, ctx: Context, *, also: str | None = None) -> None:
    """A trap detonates: everyone within its radius (and ``also``, a disarmer) takes its damage."""
    spec = trap_spec(game, trap.id)
    trap.armed = False
    ctx.emit(TrapEvent(by, trap.id, "detonated"))
    caught = caught_in(game, state, trap.pos, radius_squares(game, spec.radius_ft))
    if also is not None and also not in caught:
        caught.insert(0, also)
    blast_damage(game, state, trap.id, caught, parse(spec.damage), 0, ctx, "trap")


def disarm_check(game: G, state: S, fighter: Fighter, action: Action) -> str | None:
    """Rule 42: a known, armed trap next to the character, not in its waiting time after a failure."""
    trap = state.traps.get(action.target or "")
    if trap is None or trap.id not in fighter.known_traps:
        known = ", ".join(t for t in fighter.known_traps if state.traps[t].armed) or "none"
        return f"{fighter.id} knows of no trap '{action.target}' (known armed traps: {known})"
    if action.at is not None or action.using is not None or action.flags:
        return f"disarm names only the trap: '{fighter.id} disarm {trap.id}'"
    if not trap.armed:
        return f"{trap.id} is no longer armed"
    if game.board.distance(fighter.pos, trap.pos) > 1:
        return f"{fighter.id} must be next to {trap.id} ({_where(trap.pos)}) to disarm it"
    if state.order.round < trap.retry_round:
        return (
            f"after a failed attempt {trap.id} cannot be tried again before round {trap.retry_round}"
            " (FuturePath 42: wait 1 round)"
        )
    return None


def disarm_candidates(game: G, state: S, fighter: Fighter) -> Iterable[Action]:
    """Every known trap the character can try to disarm now."""
    actions = (Action(fighter.id, "disarm", t) for t in fighter.known_traps if t in state.traps)
    return [a for a in actions if disarm_check(game, state, fighter, a) is None]


def disarm_resolve(game: G, state: S, fighter: Fighter, action: Action, ctx: Context) -> None:
    """Rule 42: Disable Device with 1 Disadvantage: disarmed, still armed (wait), or detonated."""
    assert action.target is not None
    trap = state.traps[action.target]
    dc = trap_spec(game, trap.id).disable_dc
    sheet = game.sheet(fighter.id)
    natural = ctx.die(D20, f"{fighter.id} Disable Device on {trap.id}")
    penalty = sum(advantage_faces(game, fighter, min(1, game.options.max_advantage_dice), ctx))
    total = natural + sheet.skill("disable_device") + sheet.mod("int") - penalty
    fumble = natural == game.options.critical_failure_natural
    success = total >= dc and not fumble
    ctx.emit(Checked(fighter.id, "disable device", natural, total, dc, success))
    if success:
        trap.armed = False
        ctx.emit(TrapEvent(fighter.id, trap.id, "disarmed"))
    elif fumble or dc - total > game.options.trap_fail_margin:
        set_off(game, state, trap, fighter.id, ctx, also=fighter.id)
    else:
        trap.retry_round = state.order.round + 2
        ctx.emit(TrapEvent(fighter.id, trap.id, "still armed"))


VERBS = [
    Verb(
        "attack-object",
        "Attack an Object",
        fixed("standard"),
        object_attack_candidates,
        object_attack_check,
        object_attack_resolve,
        rule="FuturePath 37",
    ),
    Verb(
        "drag", "Move an object", drag_cost, drag_candidates, drag_check, drag_resolve, rule="FuturePath 17"
    ),
    Verb(
        "disarm",
        "Disable a trap",
        fixed("full"),
        disarm_candidates,
        disarm_check,
        disarm_resolve,
        True,
        rule="FuturePath 42",
    ),
]

#: Step hooks return True to end the move at this square (a trap went off).
STEP_HOOKS = [drag_along, trap_step]
TURN_START_HOOKS = [notice_at_turn_start]
