"""Attacks (rules 5-7, 13), damage (not in the seed: HERO-style, E1), attacks of opportunity (rules 8-12)
and defensive aborts (rule 21).

An attack is declared, then waits as a ``Suspended('attack')`` record while the decisions it raises are made:
readied actions it triggers (rule 20, decided first) and the target's Abort (rule 21). Then it is rolled.
"""

from __future__ import annotations

from collections.abc import Callable

from tactica.dice import D6, D20, parse
from tactica.engine.events import InitiativeRolled
from tactica.engine.interrupts import Decision, Suspended
from tactica.engine.system import Context
from tactica.grid import line_of_sight
from tactica.systems.phase3d6 import doors, items
from tactica.systems.phase3d6.events import (
    AttackRoll,
    AttackStopped,
    DamageDealt,
    FighterDown,
    ManeuverUsed,
    OpportunityOffered,
    PhaseActionLost,
    SkillRolled,
)
from tactica.systems.phase3d6.setup import Phase3d6Game
from tactica.systems.phase3d6.sheet import Weapon
from tactica.systems.phase3d6.state import Fighter, Phase3d6State

G = Phase3d6Game
S = Phase3d6State
Pos = tuple[int, int]
#: The guard a defence effect keeps for the next attack, by the kind of weapon it stops, and its name in
#: the log (Block, Missile Deflection).
STOPS = {"melee": "block", "ranged": "deflect"}
GUARD_NAMES = {"block": "block", "deflect": "missile-deflection"}
#: Hooks run when an attack or a move is declared, before it happens (readied actions, rule 20): called
#: with (game, state, the character acting, 'attacks' or 'moves', ctx); they push decisions.
DECLARE_HOOKS: list[Callable[[G, S, Fighter, str, Context], None]] = []


def rank(state: S) -> dict[str, int]:
    """Each character's place in the initiative order (0 = first)."""
    return {slot.key: i for i, slot in enumerate(state.order.slots)}


# -- manoeuvres and combat values (rule 13, E5) ---------------------------------------------------


def combined(game: G, names: list[str], which: str) -> int:
    """Rule 13: with several manoeuvres in a Phase the worst bonus counts and every penalty stacks."""
    values: list[int] = [getattr(game.maneuvers[n], which) for n in names]
    if not values:
        return 0
    if game.options.bonus_floor_zero:
        worst = min(max(0, v) for v in values)
    else:
        worst = min((v for v in values if v > 0), default=0)
    return worst + sum(v for v in values if v < 0)


def ocv(game: G, fighter: Fighter, weapon: Weapon, extra: str | None = None) -> int:
    """Rule 5: OCV with the weapon's modifier and the manoeuvres of this Phase (and ``extra``, the one
    being used now)."""
    names = fighter.maneuvers + ([extra] if extra else [])
    return game.sheet(fighter.id).base_ocv + weapon.ocv + combined(game, names, "ocv")


def dcv(game: G, state: S, fighter: Fighter) -> int:
    """Rule 5: DCV with its manoeuvres, the Surprise Phase penalty (rule 4, E12), Stunned (E1: half)."""
    surprised = not fighter.aware and surprise_penalty(game, state.surprise, state.order.round)
    return defence(game, fighter.id, fighter.maneuvers, surprised=surprised, stunned=fighter.stunned)


def defence(game: G, fid: str, maneuvers: list[str], *, surprised: bool, stunned: bool) -> int:
    """Rule 5: the DCV of ``fid`` with these manoeuvres, surprised or not, Stunned or not (what :func:`dcv`
    reads from the state; the odds ask it for states to come)."""
    value = game.sheet(fid).base_dcv + combined(game, maneuvers, "dcv")
    if surprised:
        value -= game.options.surprise_dcv_penalty
    if stunned and game.options.hero_stunned:
        value //= 2
    return value


def surprise_penalty(game: G, surprise: bool, phase: int) -> bool:
    """Rule 4 / E12: whether the unaware still have the DCV penalty in global Phase ``phase``."""
    if not surprise:
        return False
    return phase == 0 or game.options.surprise_penalty_ends == "first_own_phase"


def attack_maneuvers(game: G, weapon: Weapon | None = None) -> list[str]:
    """The manoeuvres an attack can use (verb ``attack``: the seed's attack actions with an attack roll, and
    a scenario's own), a Strike first; with ``weapon``, only those it may use (ranged: ``ranged`` rows)."""
    return list(game.attack_maneuvers[weapon is None or weapon.kind == "melee"])


def is_attack(game: G, name: str) -> bool:
    """Is ``name`` a manoeuvre an attack can use?"""
    row = game.maneuvers.get(name)
    return row is not None and row.verb == "attack"


def defensive_maneuvers(game: G) -> list[str]:
    """Rule 21: the defensive manoeuvres one can abort to (the Dodge first)."""
    names = [m.id for m in game.maneuvers.values() if m.defensive]
    return sorted(names, key=lambda n: n != "dodge")


def has_effect(game: G, name: str, effect: str) -> bool:
    """Does the manoeuvre ``name`` (none: ``""``) have ``effect``?"""
    row = game.maneuvers.get(name)
    return row is not None and effect in row.effects


def keeps_guard(game: G, name: str) -> bool:
    """A defence that waits for the next attack (a Block, Missile Deflection or Roll With A Punch)."""
    return any(has_effect(game, name, e) for e in ("block", "deflect", "roll"))


def use_maneuver(game: G, fighter: Fighter, name: str, ctx: Context) -> None:
    """Record a manoeuvre of the table as used in this Phase (its modifiers last until its next Phase)."""
    fighter.maneuvers.append(name)
    ctx.emit(ManeuverUsed(fighter.id, name, game.maneuvers[name].type))


# -- who can be attacked --------------------------------------------------------------------------


def weapon_of(game: G, fighter: Fighter, name: str | None) -> Weapon | None:
    """The weapon named (it must be in hand, or fists), or the one in hand, or fists."""
    name = name or fighter.drawn or "fists"
    for weapon in usable_weapons(game, fighter):
        if weapon.name == name:
            return weapon
    return None


def usable_weapons(game: G, fighter: Fighter) -> list[Weapon]:
    """What it can attack with now: the weapon in hand, and its fists (when its sheet has them)."""
    drawn = fighter.drawn
    usable = [] if drawn is None else [game.weapons[drawn]]
    if drawn != "fists" and "fists" in game.sheet(fighter.id).weapons:
        usable.append(game.weapons["fists"])
    return usable


def target_problem(game: G, state: S, attacker: Fighter, target: Fighter, weapon: Weapon) -> str | None:
    """Rule 7: melee within reach; ranged within range and in line of sight, with ammunition."""
    if target.id == attacker.id or target.side == attacker.side:
        return f"{target.id} is not an opponent of {attacker.id}"
    if target.out:
        return f"{target.id} is out of the fight"
    problem = reach_problem(game, state, attacker, target, weapon)
    if problem is None and weapon.kind == "ranged" and attacker.ammo.get(weapon.name, 1) <= 0:
        return f"{weapon.name} is empty: reload it"
    return problem


def reach_problem(game: G, state: S, attacker: Fighter, target: Fighter, weapon: Weapon) -> str | None:
    """Rule 7: melee within reach; ranged within range and in line of sight."""
    distance = game.board.distance(attacker.pos, target.pos)
    if weapon.kind == "melee":
        reach = game.sheet(attacker.id).reach
        if distance > reach:
            return f"{target.id} is {distance} hexes away; {attacker.id} strikes within {reach} (rule 7)"
        return None
    if distance > weapon.range:
        return f"{target.id} is {distance} hexes away; {weapon.name} reaches {weapon.range} (rule 7)"
    blockers = [f.pos for f in state.fighters.values() if f.id not in (attacker.id, target.id) and not f.out]
    blockers += doors.closed(state)
    if not line_of_sight(game.board, attacker.pos, target.pos, blockers=blockers):
        return f"{attacker.id} has no line of sight to {target.id} (rule 7)"
    return None


# -- declaring and resolving attacks --------------------------------------------------------------


def declare(
    game: G,
    state: S,
    attacker: Fighter,
    target: Fighter,
    weapon: Weapon,
    maneuver: str,
    ctx: Context,
    *,
    opportunity: bool = False,
) -> None:
    """Declare an attack: spend ammunition, then let readied actions (rule 20) and the target's Abort
    (rule 21) come first; the roll waits for them."""
    use_maneuver(game, attacker, maneuver, ctx)
    if weapon.ammo is not None:
        attacker.ammo[weapon.name] = attacker.ammo.get(weapon.name, weapon.ammo) - 1
    note = f"{attacker.id} {target.id} {weapon.name} {maneuver}"
    data = {"opportunity": int(opportunity), "stage": 0}
    state.suspended.append(Suspended(attacker.id, "attack", data=data, note=note))
    for hook in DECLARE_HOOKS:
        hook(game, state, attacker, "attacks", ctx)


def resume_attack(game: G, state: S, ctx: Context) -> None:
    """Go on with a declared attack once the decisions above it are made: first the readied actions it set
    off (rule 20), then the target's chance to Abort (rule 21), then the roll (if both are still in it)."""
    work = state.suspended[-1]
    attacker_id, target_id, weapon_name, maneuver = work.note.split()
    attacker, target = state.fighters[attacker_id], state.fighters[target_id]
    if not (attacker.out or target.out) and _lost(game, state, attacker, target, weapon_name, ctx):
        state.suspended.pop()
        return
    if work.data["stage"] == 0 and not (attacker.out or target.out) and can_abort(state, target):
        work.data["stage"] = 1
        state.pending.append(Decision(target.id, "abort", attacker.id, {"blocks": len(state.suspended) - 1}))
        return
    state.suspended.pop()
    if attacker.out or target.out:
        return
    roll(
        game,
        state,
        attacker,
        target,
        game.weapons[weapon_name],
        maneuver,
        bool(work.data["opportunity"]),
        ctx,
    )


def _lost(game: G, state: S, attacker: Fighter, target: Fighter, weapon_name: str, ctx: Context) -> bool:
    """Rule 20: a readied action that came first (a move away, a Disarm) may leave the declared attack
    impossible: the weapon is no longer in hand, or the target out of reach or sight. It is lost."""
    weapon = weapon_of(game, attacker, weapon_name)
    problem = (
        f"{weapon_name} is no longer in hand"
        if weapon is None
        else reach_problem(game, state, attacker, target, weapon)
    )
    if problem is not None:
        ctx.emit(PhaseActionLost(attacker.id, f"its attack on {target.id} is lost: {problem} (rule 20)"))
    return problem is not None


def roll(
    game: G,
    state: S,
    attacker: Fighter,
    target: Fighter,
    weapon: Weapon,
    maneuver: str,
    aoo: bool,
    ctx: Context,
) -> None:
    """Rule 5: 3d6 + OCV against 10 + DCV (a Block or Missile Deflection may stop it first)."""
    if _stopped(game, state, attacker, target, weapon, ctx):
        return
    faces = ctx.draw(D6, 3, f"{attacker.id} attack on {target.id}")
    mine, theirs = ocv(game, attacker, weapon), dcv(game, state, target)
    total, number = sum(faces) + mine, 10 + theirs
    hit = hits(game, sum(faces), mine, theirs)
    ctx.emit(
        AttackRoll(
            attacker.id, target.id, weapon.name, maneuver, faces, mine, theirs, total, number, hit, aoo
        )
    )
    if hit and has_effect(game, maneuver, "disarm"):
        items.knock_away(state, target, ctx)
    elif hit:
        damage(game, attacker, target, weapon, maneuver, ctx)


def hits(game: G, dice: int, ocv_: int, dcv_: int) -> bool:
    """Rules 5-6, E2: does a 3d6 total of ``dice`` hit with this OCV against this DCV?"""
    total, number = dice + ocv_, 10 + dcv_
    hit = total >= number if game.options.hit_on_equal else total > number
    if game.options.auto_hit_miss and dice in (3, 18):
        hit = dice == 3
    return hit


def guard_ocv(game: G, fighter: Fighter) -> int:
    """The OCV a Block or Missile Deflection rolls with: its OCV with the manoeuvres of this Phase."""
    return game.sheet(fighter.id).base_ocv + combined(game, fighter.maneuvers, "ocv")


def guarded(game: G, defender: Fighter, weapon: Weapon) -> bool:
    """Has ``defender`` a guard waiting that may stop an attack with ``weapon``: a Block (melee) or Missile
    Deflection (ranged)?"""
    return has_effect(game, defender.guard, STOPS[weapon.kind])


def stops(dice: int, mine: int, theirs: int) -> bool:
    """A Block or Missile Deflection: 3d6 + the defender's OCV meets 10 + the attacker's OCV."""
    return dice + mine >= 10 + theirs


def _stopped(game: G, state: S, attacker: Fighter, target: Fighter, weapon: Weapon, ctx: Context) -> bool:
    """Block (melee) or Missile Deflection (ranged): 3d6 + the defender's OCV against 10 + the attacker's."""
    if not guarded(game, target, weapon):
        return False
    wanted, used = GUARD_NAMES[STOPS[weapon.kind]], target.guard
    target.guard = ""
    faces = ctx.draw(D6, 3, f"{target.id} {wanted}")
    mine = guard_ocv(game, target)
    theirs = ocv(game, attacker, weapon)
    stopped = stops(sum(faces), mine, theirs)
    ctx.emit(
        AttackRoll(
            target.id,
            attacker.id,
            wanted,
            used,
            faces,
            mine,
            theirs,
            sum(faces) + mine,
            10 + theirs,
            stopped,
        )
    )
    if stopped:
        ctx.emit(AttackStopped(target.id, attacker.id, used))
    return stopped


def damage(game: G, attacker: Fighter, target: Fighter, weapon: Weapon, maneuver: str, ctx: Context) -> None:
    """Normal damage (E1, HERO): STUN = the dice total (with the expression's constant), BODY = 0 per 1, 2 per
    6, else 1; PD off both; Roll
    With A Punch halves what gets through. (A Disarm does no damage: :func:`items.knock_away`.)"""
    expr = parse(weapon.damage)
    rolled = ctx.roll(expr, f"{attacker.id} damage to {target.id}")
    faces = tuple(rolled.faces)
    extra = game.maneuvers[maneuver].extra_dice
    if extra:
        faces += ctx.draw(D6, extra, f"{attacker.id} {maneuver} dice")
    rolled_punch = has_effect(game, target.guard, "roll")
    if rolled_punch:
        target.guard = ""
    rolled_stun = max(0, sum(faces) + expr.constant)  # a constant (2d6+1) adds STUN, not BODY
    stun, body = taken(game, target.id, rolled_stun, sum(map(body_of, faces)), rolled_punch)
    target.stun -= stun
    target.body -= body
    ctx.emit(DamageDealt(attacker.id, target.id, faces, stun, body, target.stun, target.body))
    if stuns(game, target, stun):
        target.stunned = True
        ctx.emit(FighterDown(target.id, "stunned"))
    if target.stun <= 0 or target.body <= 0:
        target.out = True
        ctx.emit(FighterDown(target.id, "unconscious" if target.body > 0 else "down (BODY 0 or below)"))


def body_of(face: int) -> int:
    """HERO normal damage (E1): a die's BODY is 0 for a 1, 2 for a 6, else 1."""
    return 0 if face == 1 else 2 if face == 6 else 1


def taken(game: G, fid: str, stun: int, body: int, rolled_punch: bool = False) -> tuple[int, int]:
    """The STUN and BODY ``fid`` loses from a hit of ``stun`` and ``body``: its PD off both, halved by a
    Roll With A Punch."""
    pd = game.sheet(fid).pd
    stun, body = max(0, stun - pd), max(0, body - pd)
    if rolled_punch:
        stun, body = stun // 2, body // 2
    return stun, body


def stuns(game: G, target: Fighter, stun: int) -> bool:
    """E1 (option hero_stunned): STUN damage above CON Stuns a character not Stunned already."""
    return game.options.hero_stunned and stun > game.sheet(target.id).con and not target.stunned


# -- attacks of opportunity (rules 8-12) ----------------------------------------------------------


def threatens(game: G, state: S, enemy: Fighter, hex_: Pos) -> bool:
    """Rule 8: every hex it could make a melee attack into, even off its turn."""
    if enemy.out or enemy.stunned or (state.order.round == 0 and not enemy.aware):
        return False
    if not any(w.kind == "melee" for w in usable_weapons(game, enemy)):
        return False  # a gun in hand and no fists: no melee attack to make
    return game.board.distance(enemy.pos, hex_) <= game.sheet(enemy.id).reach


def may_take_opportunity(game: G, state: S, enemy: Fighter) -> bool:
    """Rules 11-12, E4: one per Phase (more with Combat Reflexes), none after a Dodge."""
    if enemy.dodge_until >= state.order.round:
        return False
    return enemy.aoo_used < 1 + game.sheet(enemy.id).combat_reflexes


LEAVING = "leaves a threatened hex"


def offer(game: G, state: S, provoker: Fighter, at: Pos, why: str, skill: bool, ctx: Context) -> bool:
    """Raise attacks of opportunity against ``provoker`` (in ``at``) from every enemy threatening it;
    ``skill``: an Acrobatics roll may negate them (E6). True when any decision was raised; they must be
    decided before the work about to be suspended (the move, the action) goes on."""
    leaving = why == LEAVING
    enemies = [
        e
        for e in state.fighters.values()
        if e.side != provoker.side
        and threatens(game, state, e, at)
        and may_take_opportunity(game, state, e)
        and not (leaving and provoker.id in e.aoo_movers)
    ]
    if not enemies:
        return False
    for e in enemies:  # leaving several of its hexes in a Phase is one opportunity (rule 12)
        if leaving:
            e.aoo_movers.append(provoker.id)
    if skill and _negated(game, provoker, ctx):
        return False
    order = rank(state)
    blocks = len(state.suspended)
    for e in sorted(enemies, key=lambda f: order.get(f.id, 99), reverse=True):
        ctx.emit(OpportunityOffered(e.id, provoker.id, why))
        state.pending.append(Decision(e.id, "opportunity", provoker.id, {"blocks": blocks}))
    return True


def _negated(game: G, provoker: Fighter, ctx: Context) -> bool:
    """E6: 'skill check negates': 3d6 under its Acrobatics (characters without it cannot try)."""
    skill = game.sheet(provoker.id).acrobatics
    if game.options.aoo_skill_negates == "never" or skill is None:
        return False
    faces = ctx.draw(D6, 3, f"{provoker.id} acrobatics")
    success = sum(faces) <= skill
    ctx.emit(SkillRolled(provoker.id, "acrobatics", faces, skill, success))
    return success


def opportunity(
    game: G, state: S, enemy: Fighter, provoker: Fighter, weapon: Weapon, maneuver: str, ctx: Context
) -> None:
    """Rule 10: a single melee attack, resolved at once."""
    enemy.aoo_used += 1
    declare(game, state, enemy, provoker, weapon, maneuver, ctx, opportunity=True)


# -- Abort (rule 21) ------------------------------------------------------------------------------


def can_abort(state: S, fighter: Fighter) -> bool:
    """Rule 21: conscious, not holding an aborted action already (until after its initiative then); the
    unaware do not act in the Surprise Phase (rule 4)."""
    if state.order.round == 0 and not fighter.aware:
        return False
    return not fighter.out and not fighter.stunned and fighter.lose_phase < state.order.round


def abort_cost(game: G, state: S, fighter: Fighter) -> int:
    """The global Phase whose action the Abort costs (rule 21): this one while its place in this Phase is
    still to come (a delay may have put it later, option ``abort_after_delay``), else the next."""
    to_come = _place_to_come(state, fighter)
    if fighter.done and game.options.abort_after_delay == "next_phase":
        to_come = False
    return state.order.round + (0 if to_come else 1)


def _place_to_come(state: S, fighter: Fighter) -> bool:
    """Its place in the order comes after the one now acting, so it has yet to act in this Phase."""
    return rank(state)[fighter.id] > state.order.index


def tie_break(ids: list[str], scores: dict[str, int], ctx: Context) -> list[str]:
    """Rule 3 / E13: tied characters are ordered by a d20 each (equal rolls roll again)."""
    rolls = {fid: ctx.die(D20, f"{fid} initiative tie-break") for fid in ids}
    for fid in ids:
        ctx.emit(InitiativeRolled(fid, scores[fid], f"tie-break d20 {rolls[fid]}"))
    out: list[str] = []
    for face in sorted(set(rolls.values()), reverse=True):
        group = [fid for fid in ids if rolls[fid] == face]
        out.extend(group if len(group) == 1 else tie_break(group, scores, ctx))
    return out
