"""Helpless targets and the dying: Coup de grâce (rule 38, rulings A12-A13), dying (rule 39) and Stabilize
(rule 40, ruling A14).

* ``ACTOR coup-de-grace TARGET with WEAPON`` (Full-Round): the target must be Helpless (dying or stable: HP
  0 or below; or a Strength score of 0, l.195 "having a strength of 0").
  Melee: inside the Threat Range and not in Full cover (rule 43); ranged: within the weapon's
  range increment, not in Full cover (not even with an armour-piercing weapon) and loaded. No Accuracy
  check: an automatic hit and an automatic critical, so the damage dice are rolled ×the weapon's critical
  multiplier and flat damage is added once (A7). A target still alive afterwards (HP not below -CON, A13,
  handled by :func:`~tactica.systems.futurepath.vitals.deal_damage`) makes a CON save, d20 + CON modifier
  (of its current, possibly bled-down, CON score) against DC = the damage dealt, or dies. Each Extra Attack
  and Extra Damage of the attacker puts one die on that save: by default a disadvantage (A12), the target's
  own Advantage die subtracted (a flat 1 for a character without one), or an advantage with
  ``coup_de_grace_dice: advantage``; at most ``max_advantage_dice`` dice (rule 27).
* Dying (rule 39) lives in :mod:`~tactica.systems.futurepath.vitals` and
  :mod:`~tactica.systems.futurepath.turns`: HP 0 or below is dying, 1d4 CON is lost at the start of each
  of its team's turns, CON 0 is death, HP below -CON is death at once (A13).
* ``ACTOR stabilize TARGET`` (Full-Round): a dying character (of any side) in an adjacent square; the medic
  needs a field medical kit and at least 1 rank of Treat Injury. Treat Injury = d20 + ranks + WIS modifier
  against ``stabilize_dc`` (15). Success: the character is stable (unconscious, no more CON loss) with
  HP set to ``stabilize_sets_hp`` (1, A14); CON damage stays. A natural 1 always fails and costs the dying
  character 1d4 more CON (which may kill). Another failure with a total above ``stabilize_grace_above``
  (10) spares it the next CON loss. A stable character who takes damage down to 0 HP is dying again.
"""

from __future__ import annotations

from collections.abc import Iterable

from tactica.dice import D4, D20
from tactica.dice.die import die_for
from tactica.engine.action import Action
from tactica.engine.system import Context
from tactica.grid import Cover
from tactica.systems.futurepath.attacks import Swing, cover_of, roll_damage, spend_ammo
from tactica.systems.futurepath.events import (
    BleedingPaused,
    Checked,
    ConstitutionLost,
    HitPointsSet,
    SavingThrow,
)
from tactica.systems.futurepath.fighting import attack_check
from tactica.systems.futurepath.setup import FuturePathGame
from tactica.systems.futurepath.sheet import Weapon, modifier
from tactica.systems.futurepath.state import Fighter, FuturePathState
from tactica.systems.futurepath.verbs import Verb, action_of, enemies, fixed
from tactica.systems.futurepath.vitals import set_status

G = FuturePathGame
S = FuturePathState


# -- Coup de grâce (rule 38) ---------------------------------------------------------------------


def is_helpless(game: G, target: Fighter) -> bool:
    """Rule 38 (l.195): Helpless = unconscious, dying or stable (HP 0 or below), or a Strength score of 0."""
    return target.is_helpless or game.sheets[target.id].str_ == 0


def coup_check(game: G, state: S, fighter: Fighter, action: Action) -> str | None:
    """Why ``fighter`` cannot deliver this coup de grâce now (rule 38), or None."""
    problem = attack_check(game, state, fighter, action)
    if problem:
        return problem
    assert action.target is not None and action.using is not None
    target = state.fighters[action.target]
    if not is_helpless(game, target):
        strength = game.sheet(target.id).str_
        return (
            f"{target.id} is not Helpless (it is {target.status} with {target.hp} HP and Strength"
            f" {strength}); a coup de grâce needs a helpless target: unconscious, dying or stable at 0 HP or"
            " below, or Strength 0 (FuturePath 38)"
        )
    weapon = game.weapons[action.using]
    return None if weapon.is_melee else _ranged_coup_problem(game, state, fighter, target, weapon)


def _ranged_coup_problem(game: G, state: S, fighter: Fighter, target: Fighter, weapon: Weapon) -> str | None:
    """A ranged coup de grâce: inside the first range increment and not through Full cover."""
    assert weapon.range_ft is not None
    feet = game.board.distance(fighter.pos, target.pos) * game.board.scale.per_cell
    if feet > weapon.range_ft:
        return (
            f"{target.id} is {feet:g} ft away, beyond {weapon.name}'s range of {weapon.range_ft} ft;"
            " a ranged coup de grâce must be made within the weapon's range (FuturePath 38)"
        )
    if cover_of(game, state, fighter, target) == Cover.FULL:
        return f"{target.id} is in Full cover; a coup de grâce cannot be made through it (FuturePath 38, 43)"
    return None


def coup_candidates(game: G, state: S, fighter: Fighter) -> Iterable[Action]:
    """Every helpless enemy that each drawn weapon can finish off."""
    out = []
    for weapon in fighter.hands:
        for target in enemies(state, fighter):
            action = action_of(fighter.id, "coup-de-grace", target.id, weapon)
            if is_helpless(game, target) and coup_check(game, state, fighter, action) is None:
                out.append(action)
    return out


def coup_resolve(game: G, state: S, fighter: Fighter, action: Action, ctx: Context) -> None:
    """Rule 38: an automatic critical hit, then a CON save against DC = damage or death."""
    assert action.target is not None and action.using is not None
    weapon = game.weapons[action.using]
    target = state.fighters[action.target]
    spend_ammo(fighter, weapon)
    swing = Swing(weapon, purpose="coup de grace")
    damage = roll_damage(game, state, fighter, target, swing, weapon.crit_multiplier, ctx, "coup de grace")
    if target.status != "dead":
        _coup_save(game, state, fighter, target, damage, ctx)


def save_dice(game: G, attacker: Fighter) -> int:
    """A12: net dice on the victim's save, one per attacker Extra Attack/Damage; negative = disadvantages."""
    sheet = game.sheet(attacker.id)
    count = min(sheet.extra_attacks + sheet.extra_damage, game.options.max_advantage_dice)
    return count if game.options.coup_de_grace_dice == "advantage" else -count


def _coup_save(game: G, state: S, attacker: Fighter, target: Fighter, dc: int, ctx: Context) -> None:
    natural = ctx.die(D20, f"{target.id} Constitution save against {attacker.id}'s coup de grâce (DC {dc})")
    net = save_dice(game, attacker)
    sides = game.sheet(target.id).advantage_die
    if net == 0:
        faces: tuple[int, ...] = ()
    elif sides == 0:
        faces = (1,) * abs(net)
    else:
        faces = ctx.draw(die_for(sides), abs(net), f"{target.id} save dice {abs(net)}d{sides}")
    total = natural + modifier(target.con) + (1 if net > 0 else -1) * sum(faces)
    success = total >= dc
    ctx.emit(SavingThrow(target.id, "constitution vs coup de grace", natural, net, faces, total, dc, success))
    if not success:
        set_status(
            state, target.id, "dead", f"failed the Constitution save against a coup de grâce (DC {dc})", ctx
        )


# -- Stabilize (rule 40) -------------------------------------------------------------------------


def stabilize_check(game: G, state: S, fighter: Fighter, action: Action) -> str | None:
    """Why ``fighter`` cannot try to stabilize ``action.target`` now (rule 40), or None."""
    sheet = game.sheet(fighter.id)
    if not sheet.medkit:
        return f"{fighter.id} has no field medical kit, needed to stabilize a dying character (FuturePath 40)"
    if sheet.skill("treat_injury") < 1:
        return (
            f"{fighter.id} has no rank in Treat Injury, needed to stabilize a dying character (FuturePath 40)"
        )
    if action.target is None:
        return f"say whom to stabilize: '{fighter.id} stabilize TARGET'"
    target = state.fighters.get(action.target)
    if target is None:
        return f"no combatant '{action.target}' (combatants: {', '.join(state.fighters)})"
    if target.status != "dying":
        return (
            f"{target.id} is {target.status}, not dying;"
            " only a dying character can be stabilized (FuturePath 40)"
        )
    distance = game.board.distance(fighter.pos, target.pos)
    if distance > 1:
        return (
            f"{target.id} is {distance} squares away; the medic must be in an adjacent square (FuturePath 40)"
        )
    return None


def stabilize_candidates(game: G, state: S, fighter: Fighter) -> Iterable[Action]:
    """Every adjacent dying character this medic can work on."""
    out = []
    for target in state.fighters.values():
        action = action_of(fighter.id, "stabilize", target.id)
        if target.status == "dying" and stabilize_check(game, state, fighter, action) is None:
            out.append(action)
    return out


def stabilize_resolve(game: G, state: S, fighter: Fighter, action: Action, ctx: Context) -> None:
    """Rule 40: Treat Injury against the DC; success stabilizes at 1 HP, a natural 1 costs 1d4 CON."""
    assert action.target is not None
    target = state.fighters[action.target]
    options = game.options
    sheet = game.sheet(fighter.id)
    natural = ctx.die(D20, f"{fighter.id} Treat Injury to stabilize {target.id} (DC {options.stabilize_dc})")
    total = natural + sheet.skill("treat_injury") + sheet.mod("wis")
    fumble = natural == 1
    success = total >= options.stabilize_dc and not fumble
    ctx.emit(
        Checked(
            fighter.id, f"treat injury (stabilize {target.id})", natural, total, options.stabilize_dc, success
        )
    )
    if success:
        target.hp = options.stabilize_sets_hp
        target.skip_con_loss = False
        ctx.emit(HitPointsSet(target.id, target.hp, f"stabilized by {fighter.id}"))
        set_status(state, target.id, "stable", f"stabilized by {fighter.id}", ctx)
    elif fumble:
        _fumbled(state, fighter, target, ctx)
    elif total > options.stabilize_grace_above:
        target.skip_con_loss = True
        ctx.emit(BleedingPaused(target.id, fighter.id))


def _fumbled(state: S, medic: Fighter, target: Fighter, ctx: Context) -> None:
    """Rule 40: a natural 1 on the Treat Injury check costs the dying character 1d4 CON."""
    loss = ctx.die(D4, f"{medic.id} fumbled stabilizing {target.id}: CON loss 1d4")
    target.con = max(0, target.con - loss)
    ctx.emit(ConstitutionLost(target.id, loss, target.con))
    if target.con <= 0:
        set_status(state, target.id, "dead", f"Constitution reached 0 (fumbled stabilize by {medic.id})", ctx)


VERBS = [
    Verb(
        "coup-de-grace",
        "Coup de grâce",
        fixed("full"),
        coup_candidates,
        coup_check,
        coup_resolve,
        ends_turn=True,
        rule="FuturePath 38",
    ),
    Verb(
        "stabilize",
        "Stabilize a dying character",
        fixed("full"),
        stabilize_candidates,
        stabilize_check,
        stabilize_resolve,
        ends_turn=True,
        rule="FuturePath 40",
    ),
]
