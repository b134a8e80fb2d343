"""Conditions and timed effects with durations.

A condition sits on a holder (a character id, or a place for a smoke cloud) and ends at a :class:`Moment`:
the start or end of someone's turn, the end of a round, an initiative count, after N of the holder's actions,
or on a named event. Stacks count down (THRUM statuses). Systems call :func:`expire` at each moment they
reach and receive the conditions that ended.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

When = Literal["turn_start", "turn_end", "round_end", "initiative", "actions", "event", "never"]


@dataclass(frozen=True, slots=True)
class Moment:
    """A point in the fight at which durations are checked."""

    when: When
    actor: str | None = None
    round: int = 0
    initiative: int | None = None
    event: str | None = None


@dataclass(slots=True)
class Condition:
    """A named state on a holder, with the moment it ends.

    ``until`` says which kind of moment ends it; ``actor`` whose turn (for turn moments); ``round`` the
    earliest round it may end in; ``count`` the actions left (``actions``) or stacks; ``data`` holds
    system-specific numbers (a grenade's damage, a cloud's radius).
    """

    name: str
    holder: str
    until: When = "never"
    actor: str | None = None
    round: int = 0
    count: int = 1
    source: str | None = None
    data: dict[str, int] = field(default_factory=dict)

    def ends_at(self, moment: Moment) -> bool:
        """True when this condition ends at ``moment``."""
        if self.until != moment.when or moment.round < self.round:
            return False
        if self.until in ("turn_start", "turn_end"):
            return self.actor is None or self.actor == moment.actor
        if self.until == "initiative":
            return moment.initiative is not None and moment.initiative <= self.count
        if self.until == "event":
            return moment.event == self.source
        return self.until == "round_end"


def expire(conditions: list[Condition], moment: Moment) -> list[Condition]:
    """Remove and return the conditions that end at ``moment`` (in the order they were added)."""
    ended = [c for c in conditions if c.ends_at(moment)]
    if ended:
        conditions[:] = [c for c in conditions if c not in ended]
    return ended


def count_down(conditions: list[Condition], holder: str, name: str | None = None) -> list[Condition]:
    """Spend one action or stack of the holder's counted conditions; return those that ran out."""
    ended: list[Condition] = []
    for c in conditions:
        if c.holder == holder and c.until == "actions" and (name is None or c.name == name):
            c.count -= 1
            if c.count <= 0:
                ended.append(c)
    if ended:
        conditions[:] = [c for c in conditions if c not in ended]
    return ended


def find(conditions: list[Condition], holder: str, name: str) -> Condition | None:
    """The holder's condition of that name, if any."""
    for c in conditions:
        if c.holder == holder and c.name == name:
            return c
    return None
