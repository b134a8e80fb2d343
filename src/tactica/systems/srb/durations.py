"""Durations (rule 9, ruling B6).

Round-denominated effects run from an initiative count to the same count later: they end just before the
holder's turn (its initiative count) the given number of rounds on. Action-denominated ones (misfire
penalties, 'off target', power cooldowns) count the holder's own actions (B6); option
``action_durations: rounds`` counts them as rounds instead.
"""

from __future__ import annotations

from tactica.engine.system import Context
from tactica.systems.srb.events import SrbConditionChanged
from tactica.systems.srb.setup import SrbGame
from tactica.systems.srb.state import Fighter, SrbState, Timed


def add_rounds(state: SrbState, f: Fighter, name: str, rounds: int, item: str = "") -> Timed:
    """An effect lasting ``rounds`` rounds from the current initiative count (rule 9)."""
    slot = state.order.current.key if state.order.slots else f.id
    score = state.order.current.score if state.order.slots else 0
    timed = Timed(name, f.id, "rounds", state.order.round, rounds, slot, score, item)
    state.timed.append(timed)
    return timed


def add_actions(game: SrbGame, state: SrbState, f: Fighter, name: str, actions: int, item: str = "") -> Timed:
    """An effect lasting the holder's next ``actions`` actions (B6), or as many rounds (option
    ``action_durations: rounds``). Called while the holder's action number ``f.actions + 1`` is under way
    (the counter goes up when it is over): that action does not count."""
    if game.options.action_durations == "rounds":
        return add_rounds(state, f, name, actions, item)
    timed = Timed(name, f.id, "actions", f.actions + 1, actions, item=item)
    state.timed.append(timed)
    return timed


def find(state: SrbState, f: Fighter, name: str, item: str | None = None) -> Timed | None:
    """The holder's effect of that name (and item) in force for its next action, if any."""
    for t in state.timed:
        if t.holder == f.id and t.name == name and (item is None or t.item == item) and _on(t, f):
            return t
    return None


def _on(t: Timed, f: Fighter) -> bool:
    if t.unit == "actions":
        return t.start < f.actions + 1 <= t.start + t.length
    return True


def step(state: SrbState, t: Timed, f: Fighter) -> int:
    """Which action (1, 2, ...) or round of the effect the holder's next action falls in."""
    if t.unit == "actions":
        return f.actions + 1 - t.start
    return state.order.round - t.start + 1


def remaining(state: SrbState, t: Timed, f: Fighter) -> int:
    """Actions (or rounds) of the effect left, counting the next one."""
    return t.length - step(state, t, f) + 1


def after_action(state: SrbState, f: Fighter, ctx: Context) -> None:
    """After each of the holder's actions: effects counted in its actions that are used up end."""
    ended = [
        t for t in state.timed if t.holder == f.id and t.unit == "actions" and f.actions >= t.start + t.length
    ]
    _end(state, ended, ctx)


def before_turn(state: SrbState, slot: str, ctx: Context) -> None:
    """Rule 9: just before an initiative count, the round effects that began on it rounds ago end."""
    r = state.order.round
    ended = [
        t
        for t in state.timed
        if t.unit == "rounds" and (r > t.start + t.length or (r == t.start + t.length and t.slot == slot))
    ]
    _end(state, ended, ctx)


def clear(state: SrbState, f: Fighter, name: str, item: str = "", ctx: Context | None = None) -> None:
    """End the holder's effects of that name (and item) now."""
    ended = [t for t in state.timed if t.holder == f.id and t.name == name and (not item or t.item == item)]
    if ctx is None:
        state.timed[:] = [t for t in state.timed if not any(t is e for e in ended)]
    else:
        _end(state, ended, ctx)


def _end(state: SrbState, ended: list[Timed], ctx: Context) -> None:
    if not ended:
        return
    state.timed[:] = [t for t in state.timed if not any(t is e for e in ended)]
    for t in ended:
        label = f"{t.name} ({t.item})" if t.item else t.name
        ctx.emit(SrbConditionChanged(t.holder, label, False, f"its {t.length} {t.unit} are over"))
