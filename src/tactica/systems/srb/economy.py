"""The Star Rangers action economy (rules 4, 10-12; rulings B1, B7, B12).

A turn is either one full-round action, or one standard + one move + one free action in any order; a
standard action may be spent as a move or a free action, a move action as a free action (rule 11). "No
action" things (dropping a held item) cost nothing (rule 12). In the surprise round an aware combatant has
one standard-or-move action and one free action (rule 4, B1). Payment takes the smallest slot that fits, so
every bundle of rule 11 (S+M+F, M+M+F, S+F+F, M+F+F, F+F+F) can be made in any order.
"""

from __future__ import annotations

from typing import Literal

from tactica.systems.srb.setup import SrbGame
from tactica.systems.srb.state import Fighter, SrbState

Cost = Literal["standard", "move", "free", "full", "none"]
#: Rule 11: the slots that may pay each cost, smallest first.
PAYERS: dict[str, tuple[str, ...]] = {
    "standard": ("standard",),
    "move": ("move", "standard"),
    "free": ("free", "move", "standard"),
}
NAMES = {"standard": "a standard", "move": "a move", "free": "a free", "full": "a full-round", "none": "no"}


def capacity(game: SrbGame, state: SrbState) -> dict[str, int]:
    """The turn's slots: S + M + F in regular rounds; in the surprise round one standard-or-move action
    and one free action (B1; option ``surprise_budget: one_action``: a single action)."""
    if state.order.round == 0:
        if game.options.surprise_budget == "one_action":
            return {"standard": 1}
        return {"standard": 1, "free": 1}
    return {"standard": 1, "move": 1, "free": 1}


def payment(game: SrbGame, state: SrbState, f: Fighter, cost: Cost) -> tuple[str, ...] | None:
    """The slots that would pay ``cost`` now (``()`` for no slot), or None when it cannot be paid."""
    if cost == "none":
        return ()
    slots = capacity(game, state)
    spent = f.spent
    free_left_after_full = game.options.full_round_free_action
    if cost == "full":
        if state.order.round == 0 or f.full:
            return None
        if free_left_after_full:
            ok = not spent.get("standard") and not spent.get("move")
            return ("standard", "move") if ok else None
        return tuple(slots) if not any(spent.values()) else None
    if f.full and not (cost == "free" and (free_left_after_full or game.options.free_actions == "unlimited")):
        return None
    if cost == "free" and game.options.free_actions == "unlimited":
        return ()
    for slot in PAYERS[cost]:
        if spent.get(slot, 0) < slots.get(slot, 0):
            return (slot,)
    return None


def refusal(game: SrbGame, state: SrbState, f: Fighter, cost: Cost, what: str) -> str | None:
    """None when ``cost`` can be paid now, else the reason in the rules' words."""
    if payment(game, state, f, cost) is not None:
        return None
    if state.order.round == 0:
        allowed = (
            "a single standard, move or free action"
            if game.options.surprise_budget == "one_action"
            else "one standard or move action and one free action"
        )
        return (
            f"Star Rangers 4: in the surprise round an aware combatant takes only {allowed};"
            f" {what} is {NAMES[cost]} action and {f.id} cannot pay for it"
        )
    if cost == "full":
        if f.full:
            return f"Star Rangers 10: {f.id} already took a full-round action this turn"
        return (
            f"Star Rangers 10: {what} is a full-round action, which takes the whole turn;"
            f" {f.id} has already acted this turn"
        )
    if f.full:
        return f"Star Rangers 10: {f.id} took a full-round action this turn; nothing else fits in it"
    if cost == "standard":
        return f"Star Rangers 10: {what} is a standard action; {f.id} has already used its standard action"
    if cost == "move":
        return (
            f"Star Rangers 10-11: {what} is a move action; {f.id} has used its move action and its standard"
            " action this turn"
        )
    return (
        f"Star Rangers 11, B12: {what} is a free action; {f.id} has used its free action and has no move or"
        " standard action left to spend as one"
    )


def pay(game: SrbGame, state: SrbState, f: Fighter, cost: Cost) -> tuple[str, ...]:
    """Spend the slots for ``cost`` (call only when :func:`payment` is not None); the slots used."""
    slots = payment(game, state, f, cost)
    if slots is None:
        raise ValueError(f"{f.id} cannot pay {cost}")
    for slot in slots:
        f.spent[slot] = f.spent.get(slot, 0) + 1
    if cost == "full":
        f.full = True
    return slots


def can_pay(game: SrbGame, state: SrbState, f: Fighter, cost: Cost) -> bool:
    """True when ``cost`` can be paid now."""
    return payment(game, state, f, cost) is not None


def spent_out(game: SrbGame, state: SrbState, f: Fighter) -> bool:
    """True when no standard, move or (limited) free action is left this turn."""
    return not any(can_pay(game, state, f, c) for c in ("standard", "move", "free", "full"))
