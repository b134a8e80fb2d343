"""Hands and items (rules 12, 15, 24): draw and store (move actions, free with Quick Draw), drop (no action),
pick up, clear a faulted weapon (critical failures 6 and 8), concentrate (critical failure 6 for powers),
and the Perception roll (a move action)."""

from __future__ import annotations

from tactica.dice import D20
from tactica.engine.action import Action
from tactica.engine.system import Context
from tactica.systems.srb import reloads
from tactica.systems.srb.economy import Cost
from tactica.systems.srb.events import SrbCheckRolled, SrbConditionChanged, SrbItemMoved, SrbWeaponChanged
from tactica.systems.srb.setup import SrbGame
from tactica.systems.srb.state import Fighter, Gear, GroundItem, Pos, SrbState

G = SrbGame
S = SrbState


def quick(game: G, f: Fighter) -> Cost:
    """Rules 15, 24: drawing or storing is a move action, a free action with Quick Draw."""
    return "free" if game.sheet(f.id).quick_draw else "move"


def held_weapons(game: G, f: Fighter) -> list[str]:
    """The weapons ``f`` has that are held in a hand (natural weapons are not)."""
    return [n for n in f.gear if game.weapons[n].in_hand]


# -- draw / store / drop -------------------------------------------------------------------------------


def draw_candidates(game: G, f: Fighter) -> list[Action]:
    """``draw W`` for each weapon at the ready, when the hand is free."""
    if f.hand is not None:
        return []
    return [Action(f.id, "draw", n) for n in held_weapons(game, f)]


def draw_problem(game: G, f: Fighter, action: Action) -> str | None:
    """Why ``f`` cannot draw the named weapon (cost aside)."""
    name = action.target
    if name is None or name not in held_weapons(game, f):
        have = ", ".join(held_weapons(game, f)) or "nothing"
        return f"Star Rangers 24: name a weapon {f.id} has at the ready: {f.id} draw WEAPON ({have})"
    if f.hand is not None:
        return f"Star Rangers 24: {f.id} already holds the {f.hand}: store or drop it first"
    return None


def draw(f: Fighter, action: Action, ctx: Context) -> None:
    """The weapon comes from its ready position to the hand."""
    f.hand = action.target
    ctx.emit(SrbItemMoved(f.id, action.target or "", "drawn"))


def hand_problem(f: Fighter, action: Action, verb: str) -> str | None:
    """Why ``f`` cannot store or drop the named item: it must be the one in hand."""
    rule = "Star Rangers 12" if verb == "drop" else "Star Rangers 15"
    if f.hand is None:
        return f"{rule}: {f.id} holds nothing to {verb}"
    if action.target != f.hand:
        return f"{rule}: {f.id} holds the {f.hand}: {f.id} {verb} {f.hand}"
    return None


def store(f: Fighter, ctx: Context) -> None:
    """The weapon in hand goes back to its ready position."""
    name = f.hand or ""
    f.hand = None
    ctx.emit(SrbItemMoved(f.id, name, "stored"))


def drop(state: S, f: Fighter, ctx: Context) -> None:
    """Rule 12: dropping a held item takes no action; it lies in the combatant's square."""
    to_ground(state, f, f.hand or "", f.pos, "dropped", ctx)


def to_ground(state: S, f: Fighter, name: str, at: Pos, how: str, ctx: Context) -> None:
    """A weapon leaves ``f`` (hand and gear) and lies on a square; a reload under way stops there."""
    gear = f.gear.pop(name)
    if f.hand == name:
        f.hand = None
    reloads.let_go(f, gear)
    state.ground.append(GroundItem(name, at, "weapon", name, gear))
    ctx.emit(SrbItemMoved(f.id, name, how, at))


# -- pick up ---------------------------------------------------------------------------------------------


def _here(state: S, f: Fighter) -> list[GroundItem]:
    return [item for item in state.ground if item.pos == f.pos]


def pickup_candidates(game: G, state: S, f: Fighter) -> list[Action]:
    """``pickup ITEM`` for every item in the combatant's square it may take."""
    names = [i.name for i in _here(state, f) if _take_problem(f, i) is None]
    return [Action(f.id, "pickup", n) for n in dict.fromkeys(names)]


def _take_problem(f: Fighter, item: GroundItem) -> str | None:
    if item.kind == "weapon" and item.weapon in f.gear:
        return f"{f.id} already has a {item.weapon}"
    return None


def pickup_problem(state: S, f: Fighter, action: Action) -> str | None:
    """Why ``f`` cannot pick up the named item (cost aside)."""
    items = [i for i in _here(state, f) if i.name == action.target]
    if not items:
        here = ", ".join(dict.fromkeys(i.name for i in _here(state, f))) or "nothing"
        return f"there is no '{action.target}' in {f.id}'s square (there: {here})"
    return _take_problem(f, items[0])


def pickup(state: S, f: Fighter, action: Action, ctx: Context) -> None:
    """Pick an item up from the combatant's own square (a move action): a weapon goes to the free hand (or
    to the ready), a magazine or belt to the spares, rounds to the loose rounds."""
    item = next(i for i in state.ground if i.pos == f.pos and i.name == action.target)
    state.ground.remove(item)
    if item.kind == "weapon":
        f.gear[item.weapon] = item.gear if item.gear is not None else Gear(item.weapon)
        if f.hand is None:
            f.hand = item.weapon
    elif item.kind == "magazine":
        f.mags.setdefault(item.weapon, []).append(item.rounds)
    else:
        f.rounds[item.weapon] = f.rounds.get(item.weapon, 0) + item.rounds
    ctx.emit(SrbItemMoved(f.id, item.name, "picked up", f.pos))


# -- clearing faults, concentrating, perceiving ----------------------------------------------------------


def clear_candidates(f: Fighter) -> list[Action]:
    """``clear W`` for the weapon in hand when a critical failure left it jammed, on safe or off."""
    if f.hand is not None and f.gear[f.hand].fault:
        return [Action(f.id, "clear", f.hand)]
    return []


def clear_problem(f: Fighter, action: Action) -> str | None:
    """Why ``f`` cannot clear the named weapon."""
    if f.hand is None or action.target != f.hand:
        return f"Star Rangers 22: {f.id} clears the weapon in hand: {f.id} clear {f.hand or 'WEAPON'}"
    if not f.gear[f.hand].fault:
        return f"Star Rangers 22: the {f.hand} is ready to fire; there is nothing to clear"
    return None


def clear(f: Fighter, ctx: Context) -> None:
    """Critical failures 6, 8: one action makes the weapon ready to fire again."""
    gear = f.gear[f.hand or ""]
    was = gear.fault
    gear.fault = ""
    ctx.emit(SrbWeaponChanged(f.id, gear.name, "ready", f"no longer {was}"))


def concentrate(f: Fighter, ctx: Context) -> None:
    """Critical failure 6 (powers): one action of concentration before any power can be used."""
    f.concentrate = False
    ctx.emit(SrbConditionChanged(f.id, "concentration lost", False, "concentrates"))


def perceive(game: G, f: Fighter, ctx: Context) -> None:
    """Rule 15: a Perception roll (search, spot, listen): d20 + Perception. The seed sets no DCs, so the
    result is reported."""
    bonus = game.sheet(f.id).perception
    face = ctx.die(D20, f"{f.id} Perception")
    ctx.emit(SrbCheckRolled(f.id, "Perception", face, bonus, face + bonus))
