"""FuturePath state: what changes during a fight (positions, hit points, hands, ammunition, budgets)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tactica.engine.budget import Budget
from tactica.engine.conditions import Condition
from tactica.engine.system import State

Posture = Literal["standing", "prone", "sitting", "kneeling"]
Status = Literal["active", "dying", "stable", "dead"]


@dataclass(slots=True)
class Fighter:
    """One combatant's changing state."""

    id: str
    side: str
    pos: tuple[int, int]
    hp: int
    con: int
    posture: str = "standing"
    status: str = "active"
    hands: list[str] = field(default_factory=list)
    carried: list[str] = field(default_factory=list)
    ammo: dict[str, int] = field(default_factory=dict)
    budget: Budget = field(default_factory=Budget)
    frees: int = 0
    moved: int = 0
    opportunities: int = 0
    skip_con_loss: bool = False
    known_traps: list[str] = field(default_factory=list)
    full_attack_target: str | None = None

    @property
    def is_up(self) -> bool:
        """Conscious and able to act (HP above 0 and not dead)."""
        return self.status == "active"

    @property
    def is_helpless(self) -> bool:
        """Rule 38: unconscious, dying or at 0 HP or below."""
        return self.status in ("dying", "stable")

    @property
    def main_hand(self) -> str | None:
        """The weapon drawn in the main hand."""
        return self.hands[0] if self.hands else None

    @property
    def off_hand(self) -> str | None:
        """The weapon drawn in the off hand."""
        return self.hands[1] if len(self.hands) > 1 else None


@dataclass(slots=True)
class ObjectState:
    """An attackable or movable object on the map (rules 17, 37)."""

    id: str
    pos: tuple[int, int]
    hardness: int
    blocks: bool = True
    movable: bool = False
    broken: bool = False
    weak: bool = False
    door: bool = False


@dataclass(slots=True)
class TrapState:
    """A trap or mine (rule 42)."""

    id: str
    pos: tuple[int, int]
    armed: bool = True
    retry_round: int = 0


@dataclass(slots=True)
class GroundItem:
    """A weapon lying on a square (dropped, rule 7, or there from the start), with the rounds left in it
    (``ammo``; None for a weapon without ammunition)."""

    name: str
    pos: tuple[int, int]
    ammo: int | None = None


@dataclass(slots=True)
class FuturePathState(State):
    """A FuturePath fight in progress."""

    fighters: dict[str, Fighter] = field(default_factory=dict)
    acting: list[str] = field(default_factory=list)
    objects: dict[str, ObjectState] = field(default_factory=dict)
    traps: dict[str, TrapState] = field(default_factory=dict)
    ground: list[GroundItem] = field(default_factory=list)
    conditions: list[Condition] = field(default_factory=list)
