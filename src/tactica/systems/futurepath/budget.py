"""FuturePath's action economy (rules 4-7, 20; ruling A3).

A turn is either one Full-Round action, or one Standard action (a Move or an Attack) + one Simple + one Free.
Free actions add up: the second takes the Simple slot, the third the Standard (tiered, A3), the fourth the
whole turn. A Full-Round action is the first and last thing done; one Free action may go with it (taken
just before it, it happens *during* it, rule 6). The engine's :class:`~tactica.engine.budget.Economy`
holds the slots; this module adds the free-action accounting and the seed's own wording for each refusal.
"""

from __future__ import annotations

from typing import Literal

from tactica.engine.budget import FULL, Economy
from tactica.systems.futurepath.options import FuturePathOptions
from tactica.systems.futurepath.state import Fighter

Cost = Literal["free", "simple", "standard", "full", "bonus", "none"]
COSTS: tuple[Cost, ...] = ("free", "simple", "standard", "full", "bonus", "none")

ECONOMY = Economy(
    slots={"standard": 1, "simple": 1}, costs={"standard": (("standard",),), "simple": (("simple",),)}
)
COST_NAMES = {"free": "a Free", "simple": "a Simple", "standard": "a Standard", "full": "a Full-Round"}


def free_slots_taken(options: FuturePathOptions, frees: int) -> tuple[int, int]:
    """(standard, simple) slots that ``frees`` free actions take (A3)."""
    if options.free_action_accounting == "tiered":
        return int(frees == 3), int(frees == 2)
    return int(frees >= 3), int(frees >= 2)


def used(options: FuturePathOptions, fighter: Fighter) -> tuple[int, int]:
    """(standard, simple) slots used so far this turn, by actions and by free actions."""
    spent = fighter.budget.spent
    std_free, simple_free = free_slots_taken(options, fighter.frees)
    return spent.get("standard", 0) + std_free, spent.get("simple", 0) + simple_free


def refusal(options: FuturePathOptions, fighter: Fighter, cost: Cost, what: str) -> str | None:
    """None if ``fighter`` can pay ``cost`` now, else the reason in the seed's words."""
    budget = fighter.budget
    if cost == "none":
        return None
    if budget.ended:
        return f"{fighter.id}'s turn is over"
    if cost == "bonus":
        return _bonus_refusal(options, fighter, what)
    if budget.full_round:
        return f"{what} cannot follow a Full-Round action, which is the first and last thing done in a turn"
    if cost == FULL:
        return _full_refusal(options, fighter, what)
    if cost == "free":
        return _free_refusal(options, fighter, what)
    std, simple = used(options, fighter)
    if cost == "standard" and std:
        return f"{what} is a Standard action; {fighter.id} already used the Standard action this turn"
    if cost == "simple" and simple:
        return f"{what} is a Simple action; {fighter.id} already used the Simple action this turn"
    return None


def _full_refusal(options: FuturePathOptions, fighter: Fighter, what: str) -> str | None:
    """Rules 5-6: a Full-Round action must be the first and last thing done. A single Free action already
    taken does not stop it: it happens during the Full-Round action (Free actions "can act during a Full
    Round action"); two or more take the Simple or Standard action, which do."""
    std, simple = used(options, fighter)
    if std or simple:
        done = "a Standard action" if std else "a Simple action"
        return (
            f"{what} is a Full-Round action; {fighter.id} already used {done} this turn"
            " (a Full-Round action must be the first and last thing done)"
        )
    return None


def _free_refusal(options: FuturePathOptions, fighter: Fighter, what: str) -> str | None:
    k = fighter.frees + 1
    actions = fighter.budget.spent
    if k > 4:
        return f"{what}: at most four Free actions fit in a turn, and the fourth takes the whole turn"
    if k == 4 and (actions.get("standard", 0) or actions.get("simple", 0)):
        return (
            f"{what}: a fourth Free action requires a Full-Round action, and {fighter.id} has acted this turn"
        )
    std_free, simple_free = free_slots_taken(options, k)
    if std_free and actions.get("standard", 0):
        return f"{what}: a third Free action requires the Standard action, already used this turn"
    if simple_free and actions.get("simple", 0):
        return f"{what}: a second Free action takes up the Simple action, already used this turn"
    return None


def _bonus_refusal(options: FuturePathOptions, fighter: Fighter, what: str) -> str | None:
    budget = fighter.budget
    if budget.has("bonus-attack"):
        return f"{fighter.id} already made a Bonus Attack this turn"
    if budget.has("full-attack"):
        return None
    if not budget.has("standard-attack"):
        return f"{what} can only be done after a Standard Attack action or a Full Attack"
    if budget.full_round:
        return f"{what} is blocked by a Full-Round action other than Full Attack"
    return refusal(options, fighter, "simple", what)


#: Whether each cost can be paid, by everything :func:`refusal` reads of the options and the budget.
_AFFORDABLE: dict[tuple[object, ...], frozenset[Cost]] = {}
#: Entries :data:`_AFFORDABLE` may hold before it starts over (budgets take few shapes).
AFFORDABLE_LIMIT = 4096


def affordable(options: FuturePathOptions, fighter: Fighter) -> frozenset[Cost]:
    """The costs ``fighter`` can pay now (:func:`refusal` is None), remembered by what :func:`refusal`
    depends on: the free-action accounting, the slots and tags spent, the free actions."""
    budget = fighter.budget
    spent = budget.spent
    key = (
        options.free_action_accounting,
        budget.ended,
        budget.full_round,
        spent.get("standard", 0),
        spent.get("simple", 0),
        fighter.frees,
        *budget.tags,
    )
    found = _AFFORDABLE.get(key)
    if found is None:
        if len(_AFFORDABLE) >= AFFORDABLE_LIMIT:
            _AFFORDABLE.clear()
        found = _AFFORDABLE[key] = _payable(options, fighter)
    return found


def _payable(options: FuturePathOptions, fighter: Fighter) -> frozenset[Cost]:
    """The costs :func:`refusal` lets ``fighter`` pay now, worked out afresh (in a function of its own: a
    generator over the arguments would make :func:`affordable` build a cell for each at every call)."""
    return frozenset(c for c in COSTS if refusal(options, fighter, c, "") is None)


def pay(options: FuturePathOptions, fighter: Fighter, cost: Cost) -> None:
    """Spend ``cost`` from the fighter's budget (call only after :func:`refusal` returned None)."""
    budget = fighter.budget
    if cost == "none" or (cost == "bonus" and budget.has("full-attack")):
        return
    if cost == "free":
        fighter.frees += 1
        if fighter.frees == 4:
            ECONOMY.pay(budget, FULL)
        return
    ECONOMY.pay(budget, "simple" if cost == "bonus" else cost)
