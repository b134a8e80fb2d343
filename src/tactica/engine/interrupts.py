"""Pending decisions: interrupts that hand the decision to another actor mid-turn.

An attack of opportunity, a readied action, a stance trigger or a defender's choice before a roll is a
:class:`Decision` pushed on the state's stack. ``legal_actions()`` offers only the top decision's choices;
triggers raised together are pushed so that the first in initiative order is on top, and triggers raised
while resolving a trigger go on top of those (last in, first out). Work interrupted by a decision (the rest
of a move) waits as a :class:`Suspended` record, in plain data, so a paused fight still round-trips.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(slots=True)
class Decision:
    """A choice owed by ``actor`` now, raised by ``trigger`` (the actor whose action caused it)."""

    actor: str
    kind: str
    trigger: str
    data: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class Suspended:
    """Unfinished work of ``actor``, resumed when the decisions above it are resolved."""

    actor: str
    kind: str
    path: list[tuple[int, int]] = field(default_factory=list)
    data: dict[str, int] = field(default_factory=dict)
    note: str = ""


def push_in_initiative_order(stack: list[Decision], decisions: Sequence[Decision]) -> None:
    """Push decisions given in initiative order so that the first of them is decided first."""
    stack.extend(reversed(decisions))
