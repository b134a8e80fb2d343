"""Forced movement (THRUM 14, 18): pushes, chosen by the ability's user, and the falls they cause.

An effect ``{push: N}`` lets the user push the target up to N squares, every square in the same direction
and each one farther from the user (the published pushes: Point Blank Shot, Force Armor). The user decides
where (a pending ``push`` decision: ``ana push @X,Y`` or ``ana pass``). No one is pushed into a character's
square (allies included, THRUM 14), a wall, off the map, or up onto terrain two or more levels above where
the push started (ruling: that is a collision, as in the published Two Body Problem). A push that drops the
target two or more levels into a square makes it roll against the environment (THRUM 18).
"""

from __future__ import annotations

from itertools import pairwise

from tactica.engine.action import Action
from tactica.engine.interrupts import Decision
from tactica.engine.system import Context
from tactica.systems.thrum import dice, geometry, vitals
from tactica.systems.thrum.events import Descended, Stepped
from tactica.systems.thrum.movement import speed
from tactica.systems.thrum.setup import ThrumGame
from tactica.systems.thrum.state import Fighter, ThrumState

G = ThrumGame
S = ThrumState
Pos = tuple[int, int]
_DIRECTIONS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


def queue(state: S, user: Fighter, target: Fighter, squares: int) -> None:
    """Owe the user a push decision (decided before the attack stack below it goes on)."""
    if squares > 0 and target.id != user.id and not target.removed:
        depth = len(state.contests)
        state.pending.append(Decision(user.id, "push", target.id, {"depth": depth, "squares": squares}))


def destinations(game: G, state: S, decision: Decision) -> list[Pos]:
    """Every square the target can be pushed to, in a fixed order."""
    user = state.fighters[decision.actor]
    target = state.fighters[decision.trigger]
    taken = {f.pos for f in state.fighters.values() if not f.removed}
    board = game.board
    start_level = board.terrain(target.pos).elevation
    out: list[Pos] = []
    for dx, dy in _DIRECTIONS:
        here = target.pos
        for _ in range(decision.data["squares"]):
            step = (here[0] + dx, here[1] + dy)
            farther = board.distance(user.pos, step) > board.distance(user.pos, here)
            if not farther or not board.in_bounds(step) or board.terrain(step).wall or step in taken:
                break
            if board.terrain(step).elevation >= start_level + 2:
                break
            out.append(step)
            here = step
    return out


def candidates(game: G, state: S, decision: Decision) -> list[Action]:
    """``push @X,Y`` for every destination, and ``pass``."""
    pushes = [Action(decision.actor, "push", at=p) for p in destinations(game, state, decision)]
    return [*pushes, Action(decision.actor, "pass")]


def problem(game: G, state: S, decision: Decision, action: Action) -> str | None:
    """Why this push is not possible, or None."""
    if action.verb == "pass":
        return None
    squares = decision.data["squares"]
    if action.at is None or action.at not in destinations(game, state, decision):
        return (
            f"{decision.actor} may push {decision.trigger} up to {squares} square(s) in one direction, each"
            " farther away, not into anyone, a wall or terrain 2+ levels up (THRUM 14)"
        )
    return None


def push(game: G, state: S, decision: Decision, to: Pos, ctx: Context) -> None:
    """Move the target square by square to ``to``; a drop of 2+ levels into a square is rolled for."""
    target = state.fighters[decision.trigger]
    start = target.pos
    dx = (to[0] > start[0]) - (to[0] < start[0])
    dy = (to[1] > start[1]) - (to[1] < start[1])
    path = [start]
    while path[-1] != to:
        path.append((path[-1][0] + dx, path[-1][1] + dy))
    target.pos = to
    ctx.emit(Stepped(target.id, tuple(path), 0, "pushed"))
    for a, b in pairwise(path):
        if geometry.drop(game.board, a, b) >= 2:
            _fall(game, state, target, b, geometry.drop(game.board, a, b), ctx)


def _fall(game: G, state: S, target: Fighter, at: Pos, levels: int, ctx: Context) -> None:
    """THRUM 18 for involuntary movement: the better of Endurance and Reflex against 2d6 + the drop; a
    failure gives +1 Slowed (and Dazed, C8, when it happens in its own turn with its Speed spent)."""
    sheet = game.sheet(target.id)
    name, mod = max(
        (("endurance", sheet.defense("resilience")), ("reflex", sheet.defense("evasion"))), key=_mod
    )
    mine = dice.roll(ctx, target.id, f"{name} roll (pushed down {levels})", mod)
    theirs = dice.roll(ctx, "environment", f"drop of {levels}", levels)
    if mine > theirs or (mine == theirs and not game.options.descent_ties_to_environment):
        ctx.emit(Descended(target.id, at, levels, True))
        return
    vitals.add_status(target, "slowed", 1, ctx, "fell when pushed")
    own_turn = state.acting == target.id
    spent = own_turn and target.spent >= speed(game, target)
    ctx.emit(Descended(target.id, at, levels, False, stopped=spent))
    if spent and game.options.fall_dazed:
        vitals.apply_condition(target, "dazed", 0, ctx, "fell with no movement left")


def _mod(choice: tuple[str, int]) -> int:
    return choice[1]
