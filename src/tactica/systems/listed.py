"""The actions the rules list, each made once: a listing is made afresh after every action, and most of
what it holds (``end``, a stance, an attack with a weapon on a target, a move to a square) was listed before.
An :class:`Action` is a frozen value, so one object serves every listing, and finding it costs less than
making it (issue 16 A; Phase 3d6 and THRUM list through it)."""

from __future__ import annotations

from functools import lru_cache

from tactica.engine.action import Action

Pos = tuple[int, int]


@lru_cache(maxsize=1 << 14)
def listed(
    actor: str,
    verb: str,
    target: str | None = None,
    at: Pos | None = None,
    using: str | None = None,
    flags: tuple[str, ...] = (),
) -> Action:
    """``Action(actor, verb, target, at, using, flags)``, the same object every time it is asked for (of
    the most recent ones)."""
    return Action(actor, verb, target, at, using, flags)
