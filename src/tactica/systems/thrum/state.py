"""THRUM state: what changes during a fight (positions, loads, tolerances, statuses, stances, contests)."""

from __future__ import annotations

from dataclasses import dataclass, field

from tactica.engine.system import State

Pos = tuple[int, int]
#: The conditions worked out from the loads rather than stored (THRUM 34, 36), shown in the observed state.
DERIVED = ("frayed", "exhausted")


@dataclass(slots=True)
class Fighter:
    """One combatant's changing state.

    ``statuses`` holds the parameterised statuses with their stacks (THRUM 43-44, Mark included);
    ``conditions`` the ones without a parameter (THRUM 45-46), each with the turns it has left (0: until
    something ends it). The turn fields say where the character is in its own turn (THRUM 9-10).
    """

    id: str
    side: str
    pc: bool
    pos: Pos
    fatigue: int = 0
    stress: int = 0
    fatigue_tolerance: int = 0
    stress_tolerance: int = 0
    wounds: int = 0
    incapacitated: bool = False
    removed: bool = False
    stance: str | None = None
    statuses: dict[str, int] = field(default_factory=dict)
    conditions: dict[str, int] = field(default_factory=dict)
    buff: str | None = None
    buff_from: str | None = None
    spent: int = 0
    moved: bool = False
    acted: bool = False
    stopped: bool = False
    started: bool = False
    began_incapacitated: bool = False
    delayed_round: int = -1
    #: Out of action (incapacitated or removed) when the fight ended, before the end of combat revived it.
    out_at_end: bool = False

    @property
    def frayed(self) -> bool:
        """THRUM 34: Stress Load above Stress Tolerance."""
        return self.stress > self.stress_tolerance

    @property
    def exhausted(self) -> bool:
        """THRUM 36: Fatigue Load above Fatigue Tolerance."""
        return self.fatigue > self.fatigue_tolerance

    @property
    def in_fight(self) -> bool:
        """Neither incapacitated nor removed: it counts for its side (THRUM 6)."""
        return not self.incapacitated and not self.removed

    def has(self, name: str) -> bool:
        """True when a status or condition of that name is on the character."""
        return name in self.statuses or name in self.conditions


@dataclass(slots=True)
class Contest:
    """An attack being resolved (THRUM 21, 30): who attacks with what, whom, and how far it has got.

    ``stage`` walks ``triggers`` -> ``defend`` -> ``roll``; triggered effects and defence choices are
    pending decisions above it. ``boons``/``banes`` hold what triggers added to each defender's roll,
    ``defenses`` each defender's declared roll. ``origin`` is 'action' for the turn's Action, 'trigger'
    for an attack made by a triggered effect.
    """

    actor: str
    ability: str
    targets: list[str]
    cells: list[Pos] = field(default_factory=list)
    stage: str = "triggers"
    boons: dict[str, int] = field(default_factory=dict)
    banes: dict[str, int] = field(default_factory=dict)
    defenses: dict[str, str] = field(default_factory=dict)
    overexert: bool = False
    origin: str = "action"


@dataclass(slots=True)
class TerrainEffect:
    """THRUM 29: an ongoing effect on squares, one per creator."""

    creator: str
    ability: str
    cells: list[Pos]


@dataclass(slots=True)
class ThrumState(State):
    """A THRUM fight in progress. ``acting`` is the character whose turn it is (None between turns)."""

    fighters: dict[str, Fighter] = field(default_factory=dict)
    acting: str | None = None
    contests: list[Contest] = field(default_factory=list)
    terrain: dict[str, TerrainEffect] = field(default_factory=dict)
    action: str | None = None
    offer: list[str] = field(default_factory=list)
