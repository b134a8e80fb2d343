"""Action budgets described as data.

An :class:`Economy` names a turn's slots and their capacity (``standard: 1, simple: 1, free: 1``) and says
how each kind of cost may be paid: a list of alternatives, each a bundle of slots, tried in order
(``move`` paid by ``move``, or else by ``standard``). The cost :data:`FULL` takes a whole, untouched turn.
A :class:`Budget` is what one actor has spent this turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

FULL = "full"


@dataclass(frozen=True, slots=True)
class Economy:
    """The shape of one system's turn: slot capacities and how each cost is paid."""

    slots: Mapping[str, int]
    costs: Mapping[str, tuple[tuple[str, ...], ...]]

    def fresh(self) -> Budget:
        """An unspent budget for a new turn."""
        return Budget()

    def payment(self, budget: Budget, cost: str) -> tuple[str, ...] | None:
        """The slots that would pay ``cost`` now, or None when it cannot be paid."""
        if budget.ended:
            return None
        if cost == FULL:
            return tuple(self.slots) if budget.untouched else None
        for bundle in self.costs.get(cost, ((cost,),)):
            if len(bundle) == 1:  # the usual bundle, one slot: is one of it left?
                if budget.spent.get(bundle[0], 0) < self.slots.get(bundle[0], 0):
                    return bundle
            elif self._fits(budget, bundle):
                return bundle
        return None

    def _fits(self, budget: Budget, bundle: tuple[str, ...]) -> bool:
        """Whether every slot of a many-slot ``bundle`` is left. (A method of its own: the generator would
        make :meth:`payment` build a cell per name it reads at every call.)"""
        return all(budget.spent.get(s, 0) + bundle.count(s) <= self.slots.get(s, 0) for s in set(bundle))

    def can_pay(self, budget: Budget, cost: str) -> bool:
        """True when ``cost`` can be paid from what is left of the budget."""
        return self.payment(budget, cost) is not None

    def pay(self, budget: Budget, cost: str) -> None:
        """Spend the slots for ``cost``; a full-round cost marks the budget as a full-round turn."""
        bundle = self.payment(budget, cost)
        if bundle is None:
            raise ValueError(f"cannot pay {cost!r} from {budget.spent}")
        if cost == FULL:
            budget.spent.update(self.slots)
        else:
            for slot in bundle:
                budget.spent[slot] = budget.spent.get(slot, 0) + 1
        if cost == FULL:
            budget.full_round = True

    def left(self, budget: Budget, slot: str) -> int:
        """How many of ``slot`` remain."""
        return self.slots.get(slot, 0) - budget.spent.get(slot, 0)


@dataclass(slots=True)
class Budget:
    """What one actor has spent in the current turn."""

    spent: dict[str, int] = field(default_factory=dict)
    full_round: bool = False
    ended: bool = False
    tags: list[str] = field(default_factory=list)

    @property
    def untouched(self) -> bool:
        """Nothing spent yet this turn."""
        return not any(self.spent.values()) and not self.full_round

    def tag(self, name: str) -> None:
        """Remember something done this turn (e.g. 'standard-attack')."""
        if name not in self.tags:
            self.tags.append(name)

    def has(self, name: str) -> bool:
        """True when :meth:`tag` was called with ``name`` this turn."""
        return name in self.tags
