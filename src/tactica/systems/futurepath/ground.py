"""Weapons on the ground: a dropped weapon lies in the dropper's square (rule 7, "Drop an object (Free)"),
and picking one up is moving an object (rule 17, l.104 "Move a object (Standard or Full Round)"): a
Standard action from the character's own square, into a free hand, for a character of Strength 4 or more
(A11, l.106: "If a character has a Strength of 3 or below they are unable to even move" objects).

``vex pickup rifle``: the weapon is carried and drawn, with the rounds it lay there with."""

from __future__ import annotations

from collections.abc import Iterable

from tactica.engine.action import Action
from tactica.engine.system import Context
from tactica.systems.futurepath.events import WeaponHandled
from tactica.systems.futurepath.setup import FuturePathGame
from tactica.systems.futurepath.state import Fighter, FuturePathState, GroundItem
from tactica.systems.futurepath.verbs import Verb, fixed

G = FuturePathGame
S = FuturePathState


def lay(state: S, fighter: Fighter, name: str) -> None:
    """The weapon leaves ``fighter`` (hand, holster, rounds) and lies in its square."""
    if name in fighter.hands:
        fighter.hands.remove(name)
    fighter.carried.remove(name)
    state.ground.append(GroundItem(name, fighter.pos, fighter.ammo.pop(name, None)))


def _here(state: S, fighter: Fighter) -> list[GroundItem]:
    return [item for item in state.ground if item.pos == fighter.pos]


def pickup_check(game: G, state: S, fighter: Fighter, action: Action) -> str | None:
    name, here = action.target, [item.name for item in _here(state, fighter)]
    if name not in here:
        there = ", ".join(dict.fromkeys(here)) or "nothing"
        return f"there is no '{name}' on the ground in {fighter.id}'s square (there: {there})"
    if name in fighter.carried:
        return f"{fighter.id} already carries a {name}"
    if len(fighter.hands) >= 2:
        return f"{fighter.id}'s hands are full ({', '.join(fighter.hands)}); holster or drop something first"
    strength = game.sheet(fighter.id).str_
    if strength <= 3:
        return f"{fighter.id} has Strength {strength}: with Strength 3 or below it cannot move objects (A11)"
    return None


def pickup_candidates(game: G, state: S, fighter: Fighter) -> Iterable[Action]:
    names = dict.fromkeys(item.name for item in _here(state, fighter))
    actions = (Action(fighter.id, "pickup", name) for name in names)
    return [a for a in actions if pickup_check(game, state, fighter, a) is None]


def pickup_resolve(game: G, state: S, fighter: Fighter, action: Action, ctx: Context) -> None:
    """The first such weapon in the square comes into the free hand, with its rounds."""
    item = next(i for i in _here(state, fighter) if i.name == action.target)
    state.ground.remove(item)
    fighter.carried.append(item.name)
    fighter.hands.append(item.name)
    if item.ammo is not None:
        fighter.ammo[item.name] = item.ammo
    ctx.emit(WeaponHandled(fighter.id, "pickup", item.name, item.ammo))


VERBS = [
    Verb(
        "pickup",
        "Move an object (pick up)",
        fixed("standard"),
        pickup_candidates,
        pickup_check,
        pickup_resolve,
        rule="FuturePath 17",
    ),
]
