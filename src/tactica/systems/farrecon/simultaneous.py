"""Simultaneous slots (Far Recon 5-6, D11): tied characters declare their actions, then they are resolved
together; actions that cannot be resolved simultaneously are ordered by 1dN rolls.

Two declared plans conflict when the order they are resolved in matters:

- both move and their paths share a square (start and end included; a route's path is along its waypoints);
- one moves and the other's action targets it (an attack, a throw, a treatment);
- one moves and the other's explosive blast reaches a square of its path;
- both attack the same defender, who can still dodge (one dodge a round, Far Recon 11).

Conflicting plans form groups (connected by conflicts). Each group is ordered by 1dN (N = its plans still to
order), repeatedly; its plans are resolved one after another and their results apply at once. The other
plans are resolved first and their results (damage, healing) apply together at the end of the slot, so two
tied characters can take each other down. Option simultaneous 'serialize' orders every tied plan by 1dN.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from tactica.engine.simultaneous import conflict_groups, order_by_roll
from tactica.engine.system import Context
from tactica.grid import Path
from tactica.systems.farrecon import attacks, explosives, movement
from tactica.systems.farrecon.events import ConflictFound, ConflictOrdered, SimultaneousResolution
from tactica.systems.farrecon.setup import FarReconGame
from tactica.systems.farrecon.state import FarReconState, Job, Plan

G = FarReconGame
S = FarReconState
Pos = tuple[int, int]


@dataclass
class Intent:
    """What a plan will touch: the squares its move crosses, whom its action aims at, its blast."""

    actor: str
    path: frozenset[Pos] = frozenset()
    target: str | None = None
    dodgeable_at: str | None = None
    blast: Callable[[Pos], bool] | None = None


def intent(game: G, state: S, plan: Plan) -> Intent:
    """The squares and characters a declared plan involves."""
    f = state.fighters[plan.actor]
    out = Intent(plan.actor)
    if plan.move_to is not None:
        found = (
            movement.route_path(game, state, f, plan.move_to, plan.move_via)
            if plan.move_via
            else movement.path_to(game, state, f, plan.move_to)
        )
        path = found if isinstance(found, Path) else None
        out.path = frozenset(path.cells) if path is not None else frozenset((f.pos, plan.move_to))
    if plan.act:
        action = attacks.parsed(plan.act)
        weapon = game.weapons.get(action.using or "")
        if action.at is not None and weapon is not None:
            out.blast = partial(explosives.reaches, game, action.at, explosives.radius(game, weapon))
        elif action.target is not None:
            out.target = action.target
            target = state.fighters[action.target]
            if weapon is not None and attacks.dodge_problem(game, state, target, weapon) is None:
                out.dodgeable_at = action.target
    return out


def conflicts(intents: list[Intent]) -> list[tuple[str, str, str]]:
    """Every conflicting pair (a, b, reason), ``a`` before ``b`` in the slot."""
    found: list[tuple[str, str, str]] = []
    for i, a in enumerate(intents):
        for b in intents[i + 1 :]:
            reason = _conflict(a, b) or _conflict(b, a, mirrored=True)
            if reason is not None:
                found.append((a.actor, b.actor, reason))
    return found


def _conflict(a: Intent, b: Intent, *, mirrored: bool = False) -> str | None:
    if not mirrored:
        shared = a.path & b.path
        if shared:
            x, y = min(shared)
            return f"{a.actor} and {b.actor} both move through @{x},{y}"
        if a.dodgeable_at is not None and a.dodgeable_at == b.dodgeable_at:
            return f"{a.actor} and {b.actor} both attack {a.dodgeable_at}, who can dodge one attack a round"
    if b.path and a.target == b.actor:
        return f"{b.actor} moves while {a.actor}'s action aims at {b.actor}"
    if a.blast is not None and any(a.blast(p) for p in b.path):
        return f"{b.actor} moves through the blast of {a.actor}'s explosive"
    return None


def groups(actors: list[str], pairs: list[tuple[str, str, str]]) -> list[tuple[list[str], list[str]]]:
    """The conflict groups (in slot order) with their reasons: plans linked by conflicts."""
    return conflict_groups(actors, pairs)


def order(actors: list[str], ctx: Context) -> list[str]:
    """Far Recon 6: roll 1dN among the N actions still to order; the rolled one goes next; repeat."""

    def told(rest: tuple[str, ...], face: int, chosen: str) -> None:
        ctx.emit(ConflictOrdered(rest, len(rest), face, chosen))

    return order_by_roll(actors, ctx, told)


def plan_jobs(plan: Plan, *, deferred: bool) -> list[Job]:
    """A plan's work: its move, then its action."""
    jobs = []
    if plan.move_to is not None:
        jobs.append(Job(plan.actor, "move", to=plan.move_to, via=plan.move_via, deferred=deferred))
    if plan.act:
        jobs.append(Job(plan.actor, "act", text=plan.act, deferred=deferred))
    return jobs


def build_queue(game: G, state: S, ctx: Context) -> None:
    """D11: every tied character has declared: find the conflicts, order them by 1dN, queue the work."""
    plans = [state.plans[a] for a in state.plans if state.plans[a].move_to is not None or state.plans[a].act]
    actors = [p.actor for p in plans]
    if game.options.simultaneous == "serialize" and len(actors) > 1:
        found = [(actors, ["option simultaneous: serialize (every tied action is resolved separately)"])]
    else:
        found = groups(actors, conflicts([intent(game, state, p) for p in plans]))
    serialized = [a for g, _ in found for a in g]
    together = [a for a in actors if a not in serialized]
    ctx.emit(SimultaneousResolution(tuple(actors), tuple(together), tuple(serialized)))
    jobs: list[Job] = []
    for a in together:
        jobs += plan_jobs(state.plans[a], deferred=True)
    for members, reasons in found:
        ctx.emit(ConflictFound(tuple(members), tuple(reasons)))
        for a in order(members, ctx):
            jobs += plan_jobs(state.plans[a], deferred=False)
    state.queue = jobs
    state.plans = {}
