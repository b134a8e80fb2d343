"""Weapons and body position: Draw/Holster, Switch, Drop, Reload (rule 19), postures (rule 18), End."""

from __future__ import annotations

from collections.abc import Iterable

from tactica.engine.action import Action
from tactica.engine.system import Context
from tactica.systems.futurepath import ground
from tactica.systems.futurepath.budget import Cost
from tactica.systems.futurepath.events import PostureChanged, WeaponHandled
from tactica.systems.futurepath.setup import FuturePathGame
from tactica.systems.futurepath.state import Fighter, FuturePathState
from tactica.systems.futurepath.verbs import Candidates, Verb, action_of, fixed, no_problem

G = FuturePathGame
S = FuturePathState


def _holstered(fighter: Fighter) -> list[str]:
    return [w for w in fighter.carried if w not in fighter.hands]


def draw_check(game: G, state: S, fighter: Fighter, action: Action) -> str | None:
    name = action.target
    if name is None or name not in fighter.carried:
        return f"{fighter.id} carries no '{name}' (carried: {', '.join(fighter.carried) or 'nothing'})"
    if action.verb == "holster":
        return None if name in fighter.hands else f"{name} is not drawn"
    if name in fighter.hands:
        return f"{name} is already drawn"
    if action.verb == "draw" and len(fighter.hands) >= 2:
        return f"{fighter.id}'s hands are full ({', '.join(fighter.hands)}); holster or drop something first"
    if action.verb == "switch" and not fighter.hands:
        return f"{fighter.id} has nothing drawn to switch; draw instead (a Simple action)"
    return None


def draw_candidates(verb: str) -> Candidates:
    def candidates(game: G, state: S, fighter: Fighter) -> Iterable[Action]:
        names = fighter.hands if verb == "holster" else _holstered(fighter)
        return [
            a for n in names if draw_check(game, state, fighter, a := action_of(fighter.id, verb, n)) is None
        ]

    return candidates


def draw_resolve(game: G, state: S, fighter: Fighter, action: Action, ctx: Context) -> None:
    name = action.target
    assert name is not None
    if action.verb == "holster":
        fighter.hands.remove(name)
    elif action.verb == "switch":
        fighter.hands[0] = name
    else:
        fighter.hands.append(name)
    ctx.emit(WeaponHandled(fighter.id, action.verb, name))


def drop_check(game: G, state: S, fighter: Fighter, action: Action) -> str | None:
    if action.target == "all":
        return None if fighter.hands else f"{fighter.id} holds nothing"
    return None if action.target in fighter.hands else f"{fighter.id} does not hold '{action.target}'"


def drop_candidates(game: G, state: S, fighter: Fighter) -> Iterable[Action]:
    """Each held weapon, and ``drop all`` whenever something is held (one item or several)."""
    out = [Action(fighter.id, "drop", w) for w in fighter.hands]
    return [*out, Action(fighter.id, "drop", "all")] if fighter.hands else out


def drop_resolve(game: G, state: S, fighter: Fighter, action: Action, ctx: Context) -> None:
    """Rule 7: dropping several objects at once is one Free action. Dropped weapons lie in the square, to be
    picked up (:mod:`~tactica.systems.futurepath.ground`)."""
    names = list(fighter.hands) if action.target == "all" else [action.target or ""]
    for name in names:
        ground.lay(state, fighter, name)
        ctx.emit(WeaponHandled(fighter.id, "drop", name))


def reload_cost(game: G, fighter: Fighter, action: Action) -> Cost:
    """A5: Reload is a Standard action unless the weapon's Reload Speed says otherwise."""
    weapon = game.weapons.get(action.target or "")
    return weapon.reload if weapon and weapon.reload else game.options.default_reload


def reload_check(game: G, state: S, fighter: Fighter, action: Action) -> str | None:
    weapon = game.weapons.get(action.target or "")
    if weapon is None or action.target not in fighter.carried:
        return f"{fighter.id} carries no '{action.target}'"
    if weapon.kind != "ranged" or weapon.ammo is None:
        return f"{weapon.name} takes no ammunition"
    if action.target not in fighter.hands:
        return f"{weapon.name} must be drawn to reload it"
    if fighter.ammo.get(weapon.name, 0) >= weapon.ammo:
        return f"{weapon.name} is fully loaded ({weapon.ammo})"
    return None


def reload_candidates(game: G, state: S, fighter: Fighter) -> Iterable[Action]:
    return [
        a
        for w in fighter.hands
        if reload_check(game, state, fighter, a := action_of(fighter.id, "reload", w)) is None
    ]


def reload_resolve(game: G, state: S, fighter: Fighter, action: Action, ctx: Context) -> None:
    weapon = game.weapons[action.target or ""]
    assert weapon.ammo is not None
    fighter.ammo[weapon.name] = weapon.ammo
    ctx.emit(WeaponHandled(fighter.id, "reload", weapon.name, weapon.ammo))


# -- postures (rule 18, A2) ----------------------------------------------------------------------

POSTURE_OF = {"prone": "prone", "sit": "sitting", "kneel": "kneeling", "stand": "standing"}


def posture_cost(game: G, fighter: Fighter, action: Action) -> Cost:
    """Rule 18 / A2: dropping prone is Free (an option) "as long as the Character is not in Low or Zero
    Gravity", where it is a Simple action like sitting, kneeling and standing up (the seed's table)."""
    free = action.verb == "prone" and game.options.prone_is_free and game.gravity == "normal"
    return "free" if free else "simple"


def posture_check(game: G, state: S, fighter: Fighter, action: Action) -> str | None:
    wanted = POSTURE_OF[action.verb]
    if fighter.posture == wanted:
        return f"{fighter.id} is already {wanted}"
    if action.verb != "stand" and fighter.posture != "standing":
        return f"{fighter.id} is {fighter.posture}; stand up first"
    return None


def posture_candidates(verb: str) -> Candidates:
    def candidates(game: G, state: S, fighter: Fighter) -> Iterable[Action]:
        action = action_of(fighter.id, verb)
        return [action] if posture_check(game, state, fighter, action) is None else []

    return candidates


def posture_resolve(game: G, state: S, fighter: Fighter, action: Action, ctx: Context) -> None:
    fighter.posture = POSTURE_OF[action.verb]
    ctx.emit(PostureChanged(fighter.id, fighter.posture))


def end_resolve(game: G, state: S, fighter: Fighter, action: Action, ctx: Context) -> None:
    fighter.budget.ended = True


VERBS = [
    Verb(
        "draw",
        "Draw",
        fixed("simple"),
        draw_candidates("draw"),
        draw_check,
        draw_resolve,
        rule="FuturePath 19",
    ),
    Verb(
        "holster",
        "Holster",
        fixed("simple"),
        draw_candidates("holster"),
        draw_check,
        draw_resolve,
        rule="FuturePath 19",
    ),
    Verb(
        "switch",
        "Switch Weapons",
        fixed("standard"),
        draw_candidates("switch"),
        draw_check,
        draw_resolve,
        rule="FuturePath 19",
    ),
    Verb(
        "drop",
        "Drop an object",
        fixed("free"),
        drop_candidates,
        drop_check,
        drop_resolve,
        rule="FuturePath 7",
    ),
    Verb(
        "reload", "Reload", reload_cost, reload_candidates, reload_check, reload_resolve, rule="FuturePath 19"
    ),
    *(
        Verb(
            v,
            f"{v.title()}",
            posture_cost,
            posture_candidates(v),
            posture_check,
            posture_resolve,
            rule="FuturePath 18",
        )
        for v in POSTURE_OF
    ),
    Verb("end", "End turn", fixed("none"), lambda g, s, f: [action_of(f.id, "end")], no_problem, end_resolve),
]
