"""Attack verbs: Attack (rule 21), Full Attack (32), Bonus Attack (33), Tactical Opportunity (A9)."""

from __future__ import annotations

from collections.abc import Iterable

from tactica.engine.action import Action
from tactica.engine.system import Context
from tactica.systems.futurepath.attacks import Swing, plain_swing, strike, target_problem
from tactica.systems.futurepath.setup import FuturePathGame
from tactica.systems.futurepath.state import Fighter, FuturePathState
from tactica.systems.futurepath.verbs import Candidates, Verb, action_of, enemies, fixed

G = FuturePathGame
S = FuturePathState


def _weapon_problem(game: G, fighter: Fighter, action: Action, verb: str) -> str | None:
    if action.using is None:
        return f"say which weapon: '{fighter.id} {verb} {action.target or 'TARGET'} with WEAPON'"
    if action.using not in game.weapons:
        return f"unknown weapon '{action.using}'"
    if action.using not in fighter.hands:
        drawn = ", ".join(fighter.hands) or "nothing"
        return f"{action.using} is not drawn (drawn: {drawn}); drawing is a Simple action (FuturePath 19, 25)"
    if game.weapons[action.using].kind == "grenade":
        return f"{action.using} is thrown, not swung or fired: use 'throw'"
    return None


def _target_of(state: S, fighter: Fighter, action: Action) -> tuple[Fighter | None, str | None]:
    if action.target is None:
        return None, f"say whom to attack: '{fighter.id} {action.verb} TARGET with WEAPON'"
    target = state.fighters.get(action.target)
    if target is None:
        return None, f"no combatant '{action.target}' (combatants: {', '.join(state.fighters)})"
    if target.side == fighter.side:
        return None, f"{target.id} is on {fighter.id}'s own side"
    if target.status == "dead":
        return None, f"{target.id} is dead"
    return target, None


def attack_check(game: G, state: S, fighter: Fighter, action: Action) -> str | None:
    target, problem = _target_of(state, fighter, action)
    problem = problem or _weapon_problem(game, fighter, action, action.verb)
    if problem or target is None:
        return problem
    if action.verb == "full-attack" and not _has_full_attack(game, fighter):
        return "Full Attack needs Extra Attack or Extra Damage (FuturePath 32)"
    assert action.using is not None
    return target_problem(game, state, fighter, target, game.weapons[action.using])


def _has_full_attack(game: G, fighter: Fighter) -> bool:
    """Rule 32: a Full Attack needs Extra Attack or Extra Damage."""
    sheet = game.sheets[fighter.id]
    return bool(sheet.extra_attacks or sheet.extra_damage)


def attack_candidates(verb: str) -> Candidates:
    def candidates(game: G, state: S, fighter: Fighter) -> Iterable[Action]:
        if verb == "full-attack" and not _has_full_attack(game, fighter):
            return []  # attack_check refuses every one of them
        out = []
        for weapon in fighter.hands:
            for target in state.fighters.values():  # the enemies, in setup order
                if target.side == fighter.side or target.status == "dead":
                    continue
                action = action_of(fighter.id, verb, target.id, weapon)
                if attack_check(game, state, fighter, action) is None:
                    out.append(action)
        return out

    return candidates


def attack_resolve(game: G, state: S, fighter: Fighter, action: Action, ctx: Context) -> None:
    assert action.target and action.using
    fighter.budget.tag("standard-attack")
    strike(game, state, fighter, state.fighters[action.target], plain_swing(game, action.using), ctx)


def full_attack_resolve(game: G, state: S, fighter: Fighter, action: Action, ctx: Context) -> None:
    """Rule 32: the attack plus each Extra Attack; every hit gets the Extra Damage rolls.

    The attacks go on against a helpless (dying or stable) target, as any attack may (the seed's "Attack an
    Object/Helpless Target"); they stop when the target is dead, the attacker drops, or the target can no
    longer be attacked (out of reach, in Full cover, the weapon empty)."""
    assert action.target and action.using
    sheet = game.sheet(fighter.id)
    target = state.fighters[action.target]
    swing = Swing(game.weapons[action.using], purpose="full attack")
    for _ in range(1 + sheet.extra_attacks):
        if (
            target.status == "dead"
            or not fighter.is_up
            or target_problem(game, state, fighter, target, swing.weapon)
        ):
            break
        strike(game, state, fighter, target, swing, ctx, extra_damage=sheet.extra_damage)
    fighter.budget.tag("full-attack")
    fighter.full_attack_target = target.id
    if not bonus_candidates(game, state, fighter):
        fighter.budget.ended = True


# -- Bonus Attack --------------------------------------------------------------------------------


def bonus_weapon_problem(game: G, fighter: Fighter, name: str) -> str | None:
    """Rule 33.1-33.2: the off-hand weapon must be Light, or Medium and Versatile, and proficient."""
    if fighter.off_hand != name:
        return f"a Bonus Attack is made with the off-hand weapon; {name} is not in {fighter.id}'s off hand"
    weapon = game.weapons[name]
    if weapon.weight == "heavy" or (weapon.weight == "medium" and not weapon.versatile):
        light = "an off-hand weapon must be Light, or Medium with Versatile (FuturePath 33)"
        return f"{name} is {weapon.weight}; {light}"
    if not game.sheet(fighter.id).is_proficient(weapon):
        return f"{fighter.id} is not proficient with {name}, needed to use it off-hand (FuturePath 33)"
    return None


def bonus_check(game: G, state: S, fighter: Fighter, action: Action) -> str | None:
    problem = attack_check(game, state, fighter, action)
    if problem:
        return problem
    assert action.using is not None
    problem = bonus_weapon_problem(game, fighter, action.using)
    if problem:
        return problem
    if fighter.budget.has("full-attack") and action.target != fighter.full_attack_target:
        return (
            f"after a Full Attack the Bonus Attack can only aim at the Full Attack's target,"
            f" {fighter.full_attack_target} (FuturePath 33)"
        )
    return None


def bonus_candidates(game: G, state: S, fighter: Fighter) -> list[Action]:
    if fighter.off_hand is None:
        return []
    out = []
    for target in enemies(state, fighter):
        action = action_of(fighter.id, "bonus-attack", target.id, fighter.off_hand)
        if target.status != "dead" and bonus_check(game, state, fighter, action) is None:
            out.append(action)
    return out


def bonus_resolve(game: G, state: S, fighter: Fighter, action: Action, ctx: Context) -> None:
    assert action.target and action.using
    swing = Swing(game.weapons[action.using], off_hand=True, purpose="bonus attack")
    strike(game, state, fighter, state.fighters[action.target], swing, ctx)
    fighter.budget.tag("bonus-attack")
    if fighter.budget.has("full-attack"):
        fighter.budget.ended = True


# -- Tactical Opportunity (A9) -------------------------------------------------------------------


def opportunity_candidates(game: G, state: S, fighter: Fighter) -> Iterable[Action]:
    decision = state.pending[-1]
    mover = state.fighters[decision.trigger]
    out = [Action(fighter.id, "pass")]
    for name in fighter.hands:
        weapon = game.weapons[name]
        if weapon.is_melee and target_problem(game, state, fighter, mover, weapon) is None:
            out.append(Action(fighter.id, "opportunity", mover.id, using=name))
    return out


def opportunity_check(game: G, state: S, fighter: Fighter, action: Action) -> str | None:
    if action.verb == "pass":
        return None
    decision = state.pending[-1]
    if action.target != decision.trigger:
        return f"the Tactical Opportunity is against {decision.trigger}, who is leaving the Threat Range"
    problem = _weapon_problem(game, fighter, action, "opportunity")
    if problem:
        return problem
    assert action.using is not None
    if not game.weapons[action.using].is_melee:
        return "a Tactical Opportunity is a melee attack (A9)"
    return target_problem(game, state, fighter, state.fighters[decision.trigger], game.weapons[action.using])


def opportunity_resolve(game: G, state: S, fighter: Fighter, action: Action, ctx: Context) -> None:
    decision = state.pending.pop()
    if action.verb == "pass":
        return
    assert action.using is not None
    fighter.opportunities += 1
    swing = Swing(game.weapons[action.using], purpose="tactical opportunity")
    strike(game, state, fighter, state.fighters[decision.trigger], swing, ctx)


VERBS = [
    Verb(
        "attack",
        "Attack",
        fixed("standard"),
        attack_candidates("attack"),
        attack_check,
        attack_resolve,
        rule="FuturePath 21",
    ),
    Verb(
        "full-attack",
        "Full Attack",
        fixed("full"),
        attack_candidates("full-attack"),
        attack_check,
        full_attack_resolve,
        rule="FuturePath 32",
    ),
    Verb(
        "bonus-attack",
        "Bonus Attack",
        fixed("bonus"),
        bonus_candidates,
        bonus_check,
        bonus_resolve,
        rule="FuturePath 33",
    ),
    Verb(
        "opportunity",
        "Tactical Opportunity",
        fixed("none"),
        opportunity_candidates,
        opportunity_check,
        opportunity_resolve,
        answers="opportunity",
        rule="FuturePath A9",
    ),
    Verb(
        "pass",
        "Let the opportunity go",
        fixed("none"),
        lambda g, s, f: [],
        opportunity_check,
        opportunity_resolve,
        answers="opportunity",
        rule="FuturePath A9",
    ),
]
