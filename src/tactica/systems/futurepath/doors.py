"""Opening a door slowly (seed l.104-110, the "Other Examples of Move Actions").

The seed: "Open a door slowly (Standard or Full Round). This is simply an example of other generic move
actions that can be done. Most any action that will take more than a split second to perform is considered a
move action while in combat." and, of the move actions done "without leaving your square": "Such as going
Prone or opening a door slowly".

* ``ACTOR open DOOR``: an object marked ``door: true`` that is intact and closed (it blocks), in a square next
  to the character (not across two solid corners). It costs what the door says, ``opening: standard``
  (default, a move action) or ``opening: full`` (a Full-Round action, a door that takes the whole turn). The
  character does not leave its square (no Tactical Opportunity); the door stops blocking: it no longer stops
  movement, sight or fire, and is no longer cover. Breaking a door is still ``attack-object`` (rule 37).
"""

from __future__ import annotations

from collections.abc import Iterable

from tactica.engine.action import Action
from tactica.engine.system import Context
from tactica.systems.futurepath.attacks import clear_line
from tactica.systems.futurepath.budget import Cost
from tactica.systems.futurepath.events import DoorOpened
from tactica.systems.futurepath.setup import FuturePathGame
from tactica.systems.futurepath.state import Fighter, FuturePathState, ObjectState
from tactica.systems.futurepath.verbs import Verb

G = FuturePathGame
S = FuturePathState


class OpeningCost:
    """The cost of opening the named door: the door's ``opening`` (Standard or Full-Round)."""

    costs: tuple[Cost, ...] = ("standard", "full")

    def __call__(self, game: G, fighter: Fighter, action: Action) -> Cost:
        spec = next((o for o in game.spec.objects if o.id == action.target), None)
        return spec.opening if spec is not None else "standard"


def _door(game: G, state: S, name: str | None) -> ObjectState | None:
    """The door object called ``name``, if there is one."""
    obj = state.objects.get(name or "")
    return obj if obj is not None and obj.door else None


def open_check(game: G, state: S, fighter: Fighter, action: Action) -> str | None:
    """A closed, intact door next to the character."""
    door = _door(game, state, action.target)
    if door is None:
        doors = ", ".join(o.id for o in state.objects.values() if o.door) or "none on this map"
        return f"say which door: '{fighter.id} open DOOR' (doors: {doors})"
    if action.using is not None or action.at is not None or action.flags:
        return f"open takes only the door: '{fighter.id} open {door.id}'"
    if door.broken or not door.blocks:
        return f"{door.id} is already open{' (broken)' if door.broken else ''}"
    near = game.board.distance(fighter.pos, door.pos) == 1
    if not near or not clear_line(game, state, fighter.pos, door.pos, ignore=door.pos):
        return f"{door.id} is not next to {fighter.id}; a door is opened from a neighbouring square"
    return None


def open_candidates(game: G, state: S, fighter: Fighter) -> Iterable[Action]:
    """Every closed door next to the character."""
    actions = (Action(fighter.id, "open", o.id) for o in state.objects.values() if o.door)
    return [a for a in actions if open_check(game, state, fighter, a) is None]


def open_resolve(game: G, state: S, fighter: Fighter, action: Action, ctx: Context) -> None:
    """The door swings open: it blocks nothing any more."""
    assert action.target is not None
    state.objects[action.target].blocks = False
    ctx.emit(DoorOpened(fighter.id, action.target))


VERBS = [
    Verb(
        "open",
        "Open a door slowly",
        OpeningCost(),
        open_candidates,
        open_check,
        open_resolve,
        rule="FuturePath l.108",
    ),
]
