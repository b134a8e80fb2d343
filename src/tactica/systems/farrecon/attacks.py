"""Attacks (Far Recon 10-13, 15-16): the attack roll, the defender's dodge then Physical Defense, ties,
touch attacks, damage by increments of the margin, critical successes and failures; treating wounds and
clearing jams (turn-consuming actions, Far Recon 9); aspects tagged for +2 (Far Recon 21)."""

from __future__ import annotations

import functools

from tactica.engine.action import Action
from tactica.engine.interrupts import Decision
from tactica.engine.system import Context
from tactica.grid import cover_between, line_of_sight
from tactica.systems.farrecon import dice, explosives, vitals
from tactica.systems.farrecon.dice import Fixed, Scored
from tactica.systems.farrecon.events import (
    AspectTagged,
    Complication,
    CriticalExtra,
    JamChanged,
    PlanLost,
    StrikeResolved,
    TouchEffect,
    WoundTreated,
)
from tactica.systems.farrecon.setup import FarReconGame
from tactica.systems.farrecon.sheet import Weapon
from tactica.systems.farrecon.state import FarReconState, Fighter, Job, Strike

G = FarReconGame
S = FarReconState
Pos = tuple[int, int]
#: Verbs that use up the turn (Far Recon 9): attacking, throwing, a skill used to act, a manoeuvre.
ACTING_VERBS = ("attack", "throw", "treat", "clear")


# -- what can be done -------------------------------------------------------------------------------


def cover_level(game: G, a: Pos, b: Pos) -> int:
    """Cover between two squares from the terrain: 0 none, 1 partial, 2 heavy (3: no line of sight)."""
    return int(cover_between(game.board, a, b))


def weapon_problem(game: G, f: Fighter, weapon: Weapon) -> str | None:
    """Why the character cannot use ``weapon`` now (a jam, nothing left to throw)."""
    if weapon.name in f.jammed:
        return f"{f.id}'s {weapon.name} is jammed: clear it first ({f.id} clear with {weapon.name})"
    if weapon.throwable and f.carried.get(weapon.name, 0) <= 0:
        return f"{f.id} has no {weapon.name} left to throw"
    return None


def target_problem(game: G, state: S, f: Fighter, origin: Pos, weapon: Weapon, target: Fighter) -> str | None:
    """Why ``target`` cannot be attacked with ``weapon`` from ``origin`` (None: it can)."""
    if target.id == f.id:
        return f"{f.id} cannot attack itself"
    if target.side == f.side and game.options.attack_targets == "enemies":
        return f"{target.id} is on {f.id}'s side: attacks are aimed at enemies (option attack_targets)"
    if not target.present:
        return f"{target.id} has not joined the fight yet (Far Recon 7)"
    if target.status == "dead":
        return f"{target.id} is dead"
    far = game.board.distance(origin, target.pos)
    if weapon.kind == "melee":
        if far > 1:
            return f"{target.id} is {far} squares away; a melee weapon reaches adjacent squares only"
        return None
    if far > weapon.range:
        return f"{target.id} is {far} squares away, beyond the {weapon.name}'s range of {weapon.range}"
    if not line_of_sight(game.board, origin, target.pos):
        return f"no line of sight from @{origin[0]},{origin[1]} to {target.id} (a wall is in the way)"
    return None


def square_problem(game: G, origin: Pos, weapon: Weapon, at: Pos) -> str | None:
    """Why an explosive cannot be thrown at ``at`` from ``origin`` (Far Recon 14-15)."""
    board = game.board
    if not board.in_bounds(at) or board.terrain(at).wall:
        return f"@{at[0]},{at[1]} is a wall or off the map"
    far = board.distance(origin, at)
    if far == 0:
        return "throw it at another square than the thrower's own"
    if far > weapon.range:
        return f"@{at[0]},{at[1]} is {far} squares away, beyond the {weapon.name}'s range of {weapon.range}"
    if not line_of_sight(board, origin, at):
        return f"no line of sight to @{at[0]},{at[1]} (a wall is in the way)"
    return None


def treat_problem(game: G, state: S, f: Fighter, origin: Pos, target: Fighter) -> str | None:
    """Why ``target`` cannot be treated from ``origin`` (Medicine: an adjacent, wounded, living character;
    Far Recon 9, seed l.23)."""
    if target.side != f.side and game.options.treat_targets == "allies":
        return f"{target.id} is not on {f.id}'s side: Medicine is for allies (option treat_targets)"
    if not target.present or target.status == "dead":
        return f"{target.id} cannot be treated (dead, or not in the fight)"
    if game.board.distance(origin, target.pos) > 1:
        return f"{target.id} is not adjacent: Medicine needs a hand on the patient"
    if target.health >= game.sheet(target.id).body:
        return f"{target.id} is not wounded (health {target.health} of {game.sheet(target.id).body})"
    return None


def can_tag(game: G, f: Fighter) -> bool:
    """Far Recon 21: an aspect to tag and an Action Point to spend."""
    return f.ap > 0 and bool(game.sheet(f.id).aspects)


def dodge_problem(game: G, state: S, d: Fighter, weapon: Weapon) -> str | None:
    """Far Recon 11: why the defender cannot dodge this attack (None: it may)."""
    if not weapon.dodgeable:
        return f"the {weapon.name} cannot be dodged"
    if not d.conscious:
        return f"{d.id} is unconscious"
    if not d.aware:
        return f"{d.id} is not aware of the attack"
    if d.restrained:
        return f"{d.id} is restrained"
    if confined(game, d.pos):
        return f"{d.id} is in a confined space"
    if d.dodges >= game.sheet(d.id).dodges_of(game.options):
        return f"{d.id} has already dodged this round (Far Recon 11)"
    return None


def confined(game: G, p: Pos) -> bool:
    """Far Recon 11: a square with few open neighbouring squares (option confined_open_neighbours)."""
    board = game.board
    open_around = sum(1 for q in board.neighbors(p) if not board.terrain(q).wall)
    return open_around <= game.options.confined_open_neighbours


def defence_answers(game: G, state: S, d: Fighter, weapon: Weapon) -> list[Action]:
    """The defender's answers: ``dodge`` (Agility first, Far Recon 10) or ``take`` (Physical Defense only),
    each also with ``+tag`` (Far Recon 21)."""
    verbs = ["take"] if dodge_problem(game, state, d, weapon) else ["dodge", "take"]
    tags: list[tuple[str, ...]] = [(), ("tag",)] if can_tag(game, d) else [()]
    return [Action(d.id, v, flags=t) for v in verbs for t in tags]


# -- carrying out -----------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1 << 12)
def parsed(text: str) -> Action:
    """The action written ``text`` (plans and jobs hold actions as text; each is read once)."""
    return Action.parse(text)


def carry_out(game: G, state: S, job: Job, ctx: Context) -> None:
    """Resolve a turn-consuming action (checked again from where things stand now)."""
    f = state.fighters[job.actor]
    action = parsed(job.text)
    if not f.present or not f.conscious:
        ctx.emit(PlanLost(f.id, job.text, f"{f.id} is out of action"))
        return
    if f.broken:
        ctx.emit(PlanLost(f.id, job.text, f"{f.id} has broken down (Far Recon 20)"))
        return
    problem = problem_now(game, state, f, action)
    if problem is not None:
        ctx.emit(PlanLost(f.id, job.text, problem))
        return
    tag = action.has_flag("tag") and can_tag(game, f)
    verb = action.verb
    if verb == "clear":
        f.jammed.remove(action.using or "")
        ctx.emit(JamChanged(f.id, action.using or "", False))
    elif verb == "treat":
        treat(game, state, f, state.fighters[action.target or ""], tag, job.deferred, ctx)
    else:
        weapon = game.weapons[action.using or ""]
        if weapon.kind == "explosive":
            assert action.at is not None
            bonus = _tag(game, f, "throw", tag, ctx)
            explosives.throw(game, state, f, weapon, action.at, bonus, job.deferred, ctx)
        else:
            attack(game, state, f, state.fighters[action.target or ""], weapon, tag, job.deferred, ctx)


def problem_now(game: G, state: S, f: Fighter, action: Action) -> str | None:
    """Why an action declared earlier can no longer be carried out (a target moved away, ...)."""
    if action.verb == "clear":
        return None if (action.using or "") in f.jammed else f"{f.id}'s weapon is no longer jammed"
    if action.verb == "treat":
        return treat_problem(game, state, f, f.pos, state.fighters[action.target or ""])
    weapon = game.weapons[action.using or ""]
    problem = weapon_problem(game, f, weapon)
    if problem is not None:
        return problem
    if action.at is not None:
        return square_problem(game, f.pos, weapon, action.at)
    return target_problem(game, state, f, f.pos, weapon, state.fighters[action.target or ""])


def _tag(game: G, f: Fighter, roll: str, tag: bool, ctx: Context) -> int:
    """Far Recon 21: spend an Action Point for +2 (option aspect_bonus) on this roll."""
    if not tag or f.ap <= 0:
        return 0
    f.ap -= 1
    ctx.emit(AspectTagged(f.id, roll, f.ap))
    return game.options.aspect_bonus


def attack(
    game: G, state: S, f: Fighter, target: Fighter, weapon: Weapon, tag: bool, deferred: bool, ctx: Context
) -> None:
    """Far Recon 10: the attack roll (skill + modifiers); then the defender answers (dodge or take it)."""
    far = game.board.distance(f.pos, target.pos)
    if weapon.throwable:
        f.carried[weapon.name] = f.carried.get(weapon.name, 0) - 1
        skill = explosives.throw_skill(game, weapon, far, f)
    else:
        skill = weapon.attack_skill
    bonus = _tag(game, f, "attack", tag, ctx)
    result = dice.roll(
        ctx, game.options, f.id, f"{weapon.name} attack ({skill})", game.skill(f.id, skill) + bonus
    )
    state.strike = Strike(f.id, target.id, weapon.name, result.total, result.critical, deferred)
    if target.conscious and len(defence_answers(game, state, target, weapon)) > 1:
        state.pending.append(Decision(target.id, "defend", f.id))
        return
    finish(game, state, dodge=False, tag=False, ctx=ctx)


def finish(game: G, state: S, *, dodge: bool, tag: bool, ctx: Context) -> None:
    """Far Recon 10-13: dodge (Agility) first if chosen, then Physical Defense; damage by the margin."""
    strike = state.strike
    assert strike is not None
    state.strike = None
    options = game.options
    a, d = state.fighters[strike.attacker], state.fighters[strike.defender]
    weapon = game.weapons[strike.weapon]
    cover = (
        cover_level(game, a.pos, d.pos) * options.cover_modifier if weapon.kind in ("ranged", "thrown") else 0
    )
    attacker_wins_ties = weapon.touch or options.combat_ties == "active"
    fumbled = False
    if dodge:
        d.dodges += 1
        bonus = _tag(game, d, "dodge", tag, ctx)
        roll = dice.roll(ctx, options, d.id, "dodge (agility)", game.skill(d.id, "agility") + cover + bonus)
        fumbled = roll.critical == "failure"
        won = dice.opposed(strike, roll, options)
        if won == "tie" and weapon.touch and options.touch_dodge_tie == "connect":
            _land(game, state, strike, roll, weapon, "dodge", fumbled, ctx)
            return
        tie_through = won == "tie" and attacker_wins_ties
        result = "through" if won == "active" or tie_through else ("touch" if won == "tie" else "dodged")
        ctx.emit(StrikeResolved(a.id, d.id, weapon.name, "dodge", strike.total, roll.total, result))
        tag = False
        if result != "through":
            _complications(game, state, a, d, weapon, strike, fumbled, ctx)
            return
    mind = weapon.harms == "mind"
    defence: Scored
    if d.conscious:
        skill = "will" if mind else "pdef"
        bonus = _tag(game, d, skill, tag, ctx)
        what = "Will" if mind else "Physical Defense"
        defence = dice.roll(
            ctx, options, d.id, what, game.skill(d.id, skill) + (0 if mind else cover) + bonus
        )
        fumbled = fumbled or defence.critical == "failure"
    else:
        defence = Fixed(options.helpless_defense)
    _land(game, state, strike, defence, weapon, "will" if mind else "pdef", fumbled, ctx)


def _land(
    game: G,
    state: S,
    strike: Strike,
    defence: Scored,
    weapon: Weapon,
    stage: str,
    fumbled: bool,
    ctx: Context,
) -> None:
    """The damage ``defence`` lets through, taken by the defender; then the critical failures'
    complications."""
    a, d = state.fighters[strike.attacker], state.fighters[strike.defender]
    ties = weapon.touch or game.options.combat_ties == "active"
    damage = _damage(game, state, strike, defence, weapon, ties, stage, ctx)
    vitals.harm(
        game,
        state,
        d,
        weapon.harms,
        damage,
        f"{a.id}'s {weapon.name}",
        ctx,
        deferred=strike.deferred,
        dealer=a.id,
    )
    _complications(game, state, a, d, weapon, strike, fumbled, ctx)


def _damage(
    game: G, state: S, strike: Strike, defence: Scored, weapon: Weapon, ties: bool, stage: str, ctx: Context
) -> int:
    """Far Recon 12-13, D1, D6, D8: the tiers of damage a won or tied defence roll lets through."""
    options = game.options
    won = dice.opposed(strike, defence, options)
    margin = strike.total - defence.total
    count, extra = 0, ""
    if won == "active":
        if strike.critical == "success":
            margin = max(margin, options.critical_min_margin)
        count = dice.tiers(margin, weapon.di, options)
        extra = _critical_extra(game, strike, defence, weapon)
        if extra == "tier":
            count += 1
        result = "hit" if count > 0 else "graze"
    elif won == "tie" and ties:
        count, result = options.touch_tie_tiers, "connect"
    else:
        result = "graze" if won == "tie" else "resisted"
    damage = count * weapon.base_damage
    ctx.emit(
        StrikeResolved(
            strike.attacker,
            strike.defender,
            weapon.name,
            stage,
            strike.total,
            defence.total,
            result,
            max(margin, 0),
            count,
            damage,
        )
    )
    if weapon.touch and weapon.effect == "stun" and result in ("hit", "connect"):
        state.fighters[strike.defender].stunned = True
        ctx.emit(TouchEffect(strike.attacker, strike.defender, "stun"))
    if result == "hit" and extra == "panic":
        state.fighters[strike.defender].panic = True
        ctx.emit(CriticalExtra(strike.attacker, strike.defender, "panic"))
    return damage


def _critical_extra(game: G, strike: Strike, defence: Scored, weapon: Weapon) -> str:
    """Far Recon 3, D7: what a won critical success adds ('tier', 'panic' or ''): "goes above and beyond
    ... such as disarming or panicking an opponent in melee" (option critical_extra)."""
    choice = game.options.critical_extra
    if choice == "none" or not dice.critical_counts(strike, defence, game.options):
        return ""
    return "panic" if choice == "panic_in_melee" and weapon.kind == "melee" else "tier"


def _complications(
    game: G, state: S, a: Fighter, d: Fighter, weapon: Weapon, strike: Strike, fumbled: bool, ctx: Context
) -> None:
    """Far Recon 4: critical failures' complications, whatever the outcome."""
    if not game.options.critical_complications:
        return
    if strike.critical == "failure":
        if weapon.kind == "melee":
            ctx.emit(Complication(a.id, "self-injury", f"hurts itself with its {weapon.name}"))
            vitals.harm(
                game,
                state,
                a,
                "body",
                weapon.base_damage,
                f"its own {weapon.name}",
                ctx,
                deferred=strike.deferred,
                dealer=a.id,
            )
        elif weapon.kind == "ranged":
            if weapon.name not in a.jammed:
                a.jammed.append(weapon.name)
            ctx.emit(Complication(a.id, "jam", f"its {weapon.name} jams"))
            ctx.emit(JamChanged(a.id, weapon.name, True))
        else:
            ctx.emit(Complication(a.id, "wild", f"the {weapon.name} flies wild"))
    if fumbled:
        vitals.stagger(d, ctx)


def treat(game: G, state: S, f: Fighter, target: Fighter, tag: bool, deferred: bool, ctx: Context) -> None:
    """Far Recon 2, 9: Medicine against the treatment DC; a success heals (double on a critical success,
    Far Recon 3); a critical failure hurts the patient instead (Far Recon 4)."""
    options = game.options
    bonus = _tag(game, f, "medicine", tag, ctx)
    roll = dice.roll(ctx, options, f.id, f"Medicine on {target.id}", game.skill(f.id, "medicine") + bonus)
    success = dice.passes(roll, options.treat_dc)
    amount = 0
    if success:
        amount = options.treat_heal * (
            2 if roll.critical == "success" and options.critical_extra != "none" else 1
        )
    ctx.emit(WoundTreated(f.id, target.id, options.treat_dc, roll.total, success, amount))
    if amount:
        vitals.heal(game, state, target, amount, f.id, ctx, deferred=deferred)
    if roll.critical == "failure" and options.critical_complications:
        ctx.emit(Complication(f.id, "mistreatment", f"{target.id} takes 1 damage"))
        vitals.harm(
            game, state, target, "body", 1, f"{f.id}'s mistreatment", ctx, deferred=deferred, dealer=f.id
        )
