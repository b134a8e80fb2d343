"""Weapons in hand, carried and on the ground (rule 16): drawing a weapon and sheathing it are a move action
each ("Draw or sheathe a focus"), dropping it is a free action ("Drop an item"), and a weapon on the ground
comes back only by picking it up ("Pick up an item", a move action that provokes); a Disarm knocks the
weapon in hand to the ground.

One weapon is in hand at a time (``drawn``); fists are no item (they cannot be dropped or disarmed)."""

from __future__ import annotations

from tactica.engine.action import Action
from tactica.engine.system import Context
from tactica.systems.listed import listed
from tactica.systems.phase3d6.events import FighterDown, ItemMoved, ManeuverUsed
from tactica.systems.phase3d6.state import Fighter, GroundItem, Phase3d6State

S = Phase3d6State
#: The turn verbs of this module, by the row of the seed's table they carry out.
ROWS = {"draw": "draw", "sheathe": "draw", "pickup": "pick-up", "drop": "drop-item"}


def candidates(state: S, f: Fighter, *, move_open: bool) -> list[Action]:
    """``draw W`` (hands empty), ``sheathe``, ``pickup W`` (an item in its hex) when a move action is open;
    ``drop`` (free) whenever a weapon is in hand."""
    out = [listed(f.id, "drop")] if f.drawn is not None else []
    if not move_open:
        return out
    if f.drawn is None:
        out += [listed(f.id, "draw", w) for w in f.carried]
    else:
        out.append(listed(f.id, "sheathe"))
    names = [i.name for i in state.ground if i.pos == f.pos and i.name not in f.carried]
    return out + [listed(f.id, "pickup", n) for n in dict.fromkeys(names)]


def refusal(state: S, f: Fighter, action: Action) -> str:
    """Why a draw, sheathe, pick-up or drop (move action open, or a free drop) is refused."""
    verb, name = action.verb, action.target
    if verb == "draw" and f.drawn is not None:
        return (
            f"{f.id} has the {f.drawn} in hand: sheathe it (a move action) or drop it (a free action)"
            " before drawing another (rule 16: draw or sheathe a focus)"
        )
    if verb == "draw":
        has = ", ".join(f.carried) or "nothing"
        return (
            f"{f.id} carries no {name} to draw (it carries: {has}); a weapon on the ground is picked up:"
            f" '{f.id} pickup {name}' in its hex (a move action)"
        )
    if verb in ("sheathe", "drop"):
        return f"{f.id} has nothing in hand to {verb}"
    here = ", ".join(dict.fromkeys(i.name for i in state.ground if i.pos == f.pos)) or "nothing"
    if name in f.carried:
        return f"{f.id} already has a {name}"
    return f"there is no {name} on the ground in {f.id}'s hex (there: {here}); pick up 'pickup ITEM'"


def draw(f: Fighter, name: str, ctx: Context) -> None:
    """A carried weapon comes into the empty hand."""
    f.drawn = name
    ctx.emit(ManeuverUsed(f.id, "draw", "move"))


def sheathe(f: Fighter, ctx: Context) -> None:
    """The weapon in hand is put away (still carried)."""
    f.drawn = None
    ctx.emit(ManeuverUsed(f.id, "sheathe", "move"))


def drop(state: S, f: Fighter, ctx: Context) -> None:
    """Drop an item (a free action): the weapon in hand lies in the character's hex."""
    ctx.emit(ManeuverUsed(f.id, "drop-item", "free"))
    to_ground(state, f, "dropped", ctx)


def knock_away(state: S, f: Fighter, ctx: Context) -> None:
    """A Disarm that hits: the weapon in hand falls to the ground in the target's hex (none in hand:
    nothing happens)."""
    if f.drawn is None:
        return
    ctx.emit(FighterDown(f.id, f"disarmed of {f.drawn}"))
    to_ground(state, f, "knocked away", ctx)


def to_ground(state: S, f: Fighter, how: str, ctx: Context) -> None:
    """The weapon in hand leaves ``f`` with the shots in it and lies in its hex."""
    name = f.drawn or ""
    f.drawn = None
    f.carried.remove(name)
    state.ground.append(GroundItem(name, f.pos, f.ammo.pop(name, None)))
    ctx.emit(ItemMoved(f.id, name, how, f.pos))


def pick_up(state: S, f: Fighter, name: str, ctx: Context) -> None:
    """Pick up an item from its own hex: the weapon is carried, in hand when the hand was empty."""
    item = next(i for i in state.ground if i.pos == f.pos and i.name == name)
    state.ground.remove(item)
    f.carried.append(name)
    if item.ammo is not None:
        f.ammo[name] = item.ammo
    if f.drawn is None:
        f.drawn = name
    ctx.emit(ManeuverUsed(f.id, "pick-up", "move"))
    ctx.emit(ItemMoved(f.id, name, "picked up", f.pos))


def still_possible(state: S, f: Fighter, action: Action) -> bool:
    """After the attacks of opportunity it provoked: is the item still there, the hand still holding?"""
    if action.verb == "pickup":
        return any(i.pos == f.pos and i.name == action.target for i in state.ground)
    if action.verb == "sheathe":
        return f.drawn is not None
    if action.verb == "draw":
        return f.drawn is None and action.target in f.carried
    return True
