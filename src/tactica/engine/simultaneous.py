"""Simultaneous slots: characters tied in the turn order declare first and are resolved together.

What the engine shares with every system that has tied slots (Far Recon today): a
:class:`~tactica.engine.turn_order.Slot` with ``simultaneous=True`` holds the tied actors; the system
collects their declared plans, finds which pairs conflict (the order they resolve in would matter), groups
plans linked by conflicts (:func:`conflict_groups`), serializes each group by repeated 1dN rolls
(:func:`order_by_roll`), and applies the rest together, so two characters can take each other down in the
same slot.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tactica.dice import die_for
from tactica.engine.system import Context

Pair = tuple[str, str, str]


def conflict_groups(actors: Sequence[str], pairs: Sequence[Pair]) -> list[tuple[list[str], list[str]]]:
    """The groups of actors linked by conflicting pairs ``(a, b, reason)``, each with its reasons, in the
    order of ``actors``; actors in no conflict are in no group."""
    parent = {a: a for a in actors}

    def root(a: str) -> str:
        while parent[a] != a:
            a = parent[a]
        return a

    for a, b, _ in pairs:
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[rb] = ra
    out: dict[str, tuple[list[str], list[str]]] = {}
    for a in actors:
        out.setdefault(root(a), ([], []))[0].append(a)
    for a, _b, reason in pairs:
        out[root(a)][1].append(reason)
    return [g for g in out.values() if len(g[0]) > 1]


def order_by_roll(
    actors: Sequence[str], ctx: Context, on_roll: Callable[[tuple[str, ...], int, str], None] | None = None
) -> list[str]:
    """Serialize ``actors``: roll 1dN among the N still to order, the one rolled goes next; repeat.
    ``on_roll(candidates, face, chosen)`` is told each roll (to emit the system's event)."""
    rest = list(actors)
    out: list[str] = []
    while len(rest) > 1:
        face = ctx.die(die_for(len(rest)), f"1d{len(rest)}: which of {', '.join(rest)} resolves first")
        if on_roll is not None:
            on_roll(tuple(rest), face, rest[face - 1])
        out.append(rest.pop(face - 1))
    return out + rest
