"""Turn order: initiative slots shared by every system.

A slot is held by one character, a team (FuturePath) or a group acting simultaneously (Far Recon ties); its
``actors`` are the characters who decide during it. Systems build the slots and move actors between them
(delay, ready, late joiners); the order walks the slots round after round.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

#: The most rounds (Phase 3d6: Turns) any system's ``max_rounds`` option, or ``--rounds``, may name.
MAX_ROUNDS = 10_000

T = TypeVar("T")


@dataclass(slots=True)
class Slot:
    """One place in the initiative order."""

    key: str
    actors: list[str]
    score: int = 0
    simultaneous: bool = False


@dataclass(slots=True)
class TurnOrder:
    """Slots in acting order, the slot now acting, and the round number (0 before the first round)."""

    slots: list[Slot] = field(default_factory=list)
    index: int = 0
    round: int = 0

    @property
    def current(self) -> Slot:
        """The slot now acting."""
        return self.slots[self.index]

    def advance(self) -> bool:
        """Move to the next slot; True when that starts a new round."""
        self.index += 1
        if self.index >= len(self.slots):
            self.index = 0
            self.round += 1
            return True
        return False

    def slot_of(self, actor: str) -> Slot | None:
        """The slot an actor acts in, if any."""
        for slot in self.slots:
            if actor in slot.actors:
                return slot
        return None

    def remove(self, actor: str) -> None:
        """Take an actor out of the order (defeated, fled); empty slots are dropped. When the slot now
        acting is dropped, the next :meth:`advance` goes on to the slot that followed it."""
        for i, slot in enumerate(list(self.slots)):
            if actor in slot.actors:
                slot.actors.remove(actor)
                if not slot.actors:
                    self._drop(i)
                return

    def insert(self, slot: Slot, position: int) -> None:
        """Add a slot (a late joiner, a delayed character) at a position in the order."""
        self.slots.insert(position, slot)
        if position <= self.index and self.round > 0:
            self.index += 1

    def move_ahead_of(self, actor: str, other: str) -> None:
        """Put ``actor`` in a slot of its own immediately ahead of ``other``'s slot (a readied action)."""
        self.remove(actor)
        target = next(i for i, s in enumerate(self.slots) if other in s.actors)
        self.slots.insert(target, Slot(actor, [actor], self.slots[target].score))
        if target <= self.index:
            self.index += 1

    def move_behind(self, actor: str, other: str) -> None:
        """Put ``actor`` in a slot of its own immediately after ``other``'s slot (a delayed turn).

        When ``actor`` held the slot now acting, the next :meth:`advance` goes on to the slot that followed
        it, so no one is skipped.
        """
        score = self.slots[next(i for i, s in enumerate(self.slots) if other in s.actors)].score
        self.remove(actor)
        target = next(i for i, s in enumerate(self.slots) if other in s.actors) + 1
        self.slots.insert(target, Slot(actor, [actor], score))
        if target <= self.index:
            self.index += 1

    def _drop(self, i: int) -> None:
        del self.slots[i]
        if i <= self.index:
            self.index -= 1  # keep the slot now acting, or (it was dropped) the place before the next one


def ties_broken(members: Sequence[T], score: Callable[[T], object], rank: Callable[[T], object]) -> list[T]:
    """The members whose tie on ``score`` the full ``rank`` breaks (another member has the same score but a
    different rank), in the given order: the ones a system shows a tie-break line for (issue 15 point 14)."""
    return [
        m for m in members if any(o != m and score(o) == score(m) and rank(o) != rank(m) for o in members)
    ]
