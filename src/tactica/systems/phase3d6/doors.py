"""Doors (rule 16, "Open or close a door": a move action that provokes no attack of opportunity).

A door fills a hex of the map (``objects:`` of the setup). Closed, nobody enters its hex and nothing is seen
or shot through it; open, its hex is floor. A character opens or closes a door in a hex next to its own; a
door is closed only on an empty hex."""

from __future__ import annotations

from tactica.engine.action import Action
from tactica.engine.system import Context
from tactica.systems.listed import listed
from tactica.systems.phase3d6.events import DoorMoved, ManeuverUsed
from tactica.systems.phase3d6.setup import Phase3d6Game
from tactica.systems.phase3d6.state import Fighter, Phase3d6State

G = Phase3d6Game
S = Phase3d6State
Pos = tuple[int, int]


def closed(state: S) -> frozenset[Pos]:
    """The hexes of closed doors: they block movement and line of sight."""
    return frozenset(d.pos for d in state.objects.values() if not d.open)


def candidates(game: G, state: S, f: Fighter) -> list[Action]:
    """``open D`` for a closed door next to ``f``, ``close D`` for an open one nobody stands in."""
    taken = {o.pos for o in state.fighters.values() if not o.out}
    out = []
    for did, door in state.objects.items():
        if game.board.distance(f.pos, door.pos) != 1:
            continue
        if not door.open:
            out.append(listed(f.id, "open", did))
        elif door.pos not in taken:
            out.append(listed(f.id, "close", did))
    return out


def refusal(game: G, state: S, f: Fighter, action: Action) -> str:
    """Why opening or closing a door (a move action being open) is refused."""
    door = state.objects.get(action.target or "")
    if door is None:
        known = ", ".join(state.objects) or "none on this map"
        return f"no door '{action.target}' (doors: {known})"
    if game.board.distance(f.pos, door.pos) != 1:
        return f"{f.id} must stand next to {action.target} to {action.verb} it"
    if door.open == (action.verb == "open"):
        return f"{action.target} is {'open' if door.open else 'closed'} already"
    return f"someone stands in {action.target}'s doorway: it cannot be closed"


def swing(state: S, f: Fighter, action: Action, ctx: Context) -> None:
    """Open or close the door (a move action)."""
    did = action.target or ""
    state.objects[did].open = action.verb == "open"
    ctx.emit(ManeuverUsed(f.id, "door", "move"))
    ctx.emit(DoorMoved(f.id, did, "opened" if action.verb == "open" else "closed"))
