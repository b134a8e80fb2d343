"""The FuturePath verb table: what each action costs, when it is legal, and how it resolves.

Each rules module contributes :class:`Verb` records; :mod:`tactica.systems.futurepath.rules` gathers them.
``candidates`` lists every legal action of the verb for one fighter (checked once more against ``check``
by the conformance tests), ``check`` explains refusals in the rules' own words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from tactica.engine.action import Action
from tactica.engine.system import Context
from tactica.systems.futurepath.budget import Cost
from tactica.systems.futurepath.setup import FuturePathGame
from tactica.systems.futurepath.state import Fighter, FuturePathState

G = FuturePathGame
S = FuturePathState
Candidates = Callable[[G, S, Fighter], Iterable[Action]]
Check = Callable[[G, S, Fighter, Action], "str | None"]
Resolve = Callable[[G, S, Fighter, Action, Context], None]
CostOf = Callable[[G, Fighter, Action], Cost]


@dataclass(frozen=True, slots=True)
class Verb:
    """One kind of action: its name in action text, its title in the rules, its cost and its hooks.

    ``answers`` names the pending decision kind the verb answers (None for turn actions); ``ends_turn``
    marks actions that declare the end of the turn (Full-Round actions, the 5-foot step).
    """

    name: str
    title: str
    cost: CostOf
    candidates: Candidates
    check: Check
    resolve: Resolve
    ends_turn: bool = False
    answers: str | None = None
    rule: str = ""


class FixedCost:
    """A cost that does not depend on the action (``costs`` lists it, so whole verbs can be skipped)."""

    __slots__ = ("cost", "costs")

    def __init__(self, cost: Cost) -> None:
        self.cost = cost
        self.costs: tuple[Cost, ...] = (cost,)

    def __call__(self, game: G, fighter: Fighter, action: Action) -> Cost:
        return self.cost


def fixed(cost: Cost) -> CostOf:
    """A cost that does not depend on the action."""
    return FixedCost(cost)


def possible_costs(cost: CostOf) -> tuple[Cost, ...] | None:
    """Every cost a verb's actions may have, when the verb says (None: unknown, check each action)."""
    return getattr(cost, "costs", None)


#: Actions already made, by (actor, verb, target, item): listings hand out the same object again.
_MADE: dict[tuple[str, str, str | None, str | None], Action] = {}
#: Entries :data:`_MADE` may hold before it starts over.
MADE_LIMIT = 4096


def action_of(actor: str, verb: str, target: str | None = None, using: str | None = None) -> Action:
    """``Action(actor, verb, target, using=using)``, made once: listings build the same few attack, draw,
    reload and end actions at every decision, and an action is an immutable value."""
    key = (actor, verb, target, using)
    found = _MADE.get(key)
    if found is None:
        if len(_MADE) >= MADE_LIMIT:
            _MADE.clear()
        found = _MADE[key] = Action(actor, verb, target, using=using)
    return found


def no_problem(game: G, state: S, fighter: Fighter, action: Action) -> str | None:
    """A check for verbs with no conditions of their own."""
    return None


def enemies(state: S, fighter: Fighter) -> list[Fighter]:
    """Fighters of other sides, in setup order."""
    return [f for f in state.fighters.values() if f.side != fighter.side]


def occupied(state: S) -> dict[tuple[int, int], Fighter]:
    """Squares with a fighter in them (dead bodies included: no one stops on them)."""
    return {f.pos: f for f in state.fighters.values()}
