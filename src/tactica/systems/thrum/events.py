"""THRUM events: frozen records of what happened. Faces render them (tactica.render.thrum)."""

from __future__ import annotations

from dataclasses import dataclass

from tactica.engine.events import Event

Pos = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Rolled2d6(Event):
    """A 2d6 roll with Boons and Banes (THRUM 2): every face, the two kept, the modifier and the total."""

    actor: str
    what: str
    faces: tuple[int, ...]
    kept: tuple[int, ...]
    modifier: int
    boons: int
    banes: int
    total: int


@dataclass(frozen=True, slots=True)
class ContestDecided(Event):
    """An attack against one defender: both totals and the outcome (THRUM 3, 4, 22-24).

    ``outcome`` is the attacker's: 'critical', 'success' or 'failure'; ``defender_outcome`` the
    defender's own words for Evasion ('critical', 'success', 'failure').
    """

    attacker: str
    defender: str
    ability: str
    defense: str
    attack_total: int
    defense_total: int
    outcome: str
    defender_outcome: str


@dataclass(frozen=True, slots=True)
class Targeted(Event):
    """An ability was aimed: at characters and/or squares (THRUM 16, 20)."""

    actor: str
    ability: str
    targets: tuple[str, ...]
    cells: tuple[Pos, ...] = ()
    overexert: bool = False


@dataclass(frozen=True, slots=True)
class DefenseDeclared(Event):
    """THRUM 21: the defender's roll, declared before the attack roll (``chosen`` False: the only one)."""

    actor: str
    defense: str
    attacker: str
    chosen: bool = True


@dataclass(frozen=True, slots=True)
class StanceTriggered(Event):
    """THRUM 30: a triggered stance effect was used (or ``declined``) for an attack by ``attacker``."""

    actor: str
    stance: str
    attacker: str
    target: str
    effect: str
    declined: bool = False


@dataclass(frozen=True, slots=True)
class StanceChanged(Event):
    """A character took a Stance, or its Stance ended (``stance`` None) for ``reason``."""

    actor: str
    stance: str | None
    reason: str = ""


@dataclass(frozen=True, slots=True)
class LoadChanged(Event):
    """Fatigue or Stress Load changed by ``amount`` to ``total`` (THRUM 32, 35, 41); ``dealer``: the
    character whose ability dealt it (the user itself for Overexert; None for Burning, panics, recovery)."""

    actor: str
    load: str
    amount: int
    total: int
    source: str = ""
    dealer: str | None = None


@dataclass(frozen=True, slots=True)
class ToleranceChanged(Event):
    """Fatigue or Stress Tolerance changed to ``value`` (THRUM 35, 39)."""

    actor: str
    tolerance: str
    value: int


@dataclass(frozen=True, slots=True)
class Afflicted(Event):
    """A status's stacks (or a condition, 1/0) changed to ``stacks``; 0 means it ended."""

    actor: str
    status: str
    stacks: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Incapacitated(Event):
    """THRUM 37-38: the character is out of action."""

    actor: str
    reason: str


@dataclass(frozen=True, slots=True)
class Revived(Event):
    """THRUM 41: incapacity ended (Fatigue Load 0, Resuscitate, end of combat)."""

    actor: str
    how: str


@dataclass(frozen=True, slots=True)
class Wounded(Event):
    """THRUM 40: a Wound; at three the character is removed from combat."""

    actor: str
    wounds: int
    removed: bool


@dataclass(frozen=True, slots=True)
class Stepped(Event):
    """A character moved along ``path`` (start included) for ``cost`` squares of movement."""

    actor: str
    path: tuple[Pos, ...]
    cost: int
    how: str = "move"


@dataclass(frozen=True, slots=True)
class StepRedirected(Event):
    """THRUM 45 Disoriented: a step meant for ``intended`` went to ``landed`` (None: the step was lost)."""

    actor: str
    intended: Pos
    landed: Pos | None
    total: int


@dataclass(frozen=True, slots=True)
class Descended(Event):
    """THRUM 18: a drop of ``levels`` rolled against the environment; on a failure maybe ``stopped``."""

    actor: str
    at: Pos
    levels: int
    success: bool
    stopped: bool = False


@dataclass(frozen=True, slots=True)
class Delayed(Event):
    """THRUM 8: the character's turn moves to just after ``behind``, for the rest of combat."""

    actor: str
    behind: str


@dataclass(frozen=True, slots=True)
class Placed(Event):
    """THRUM 6 Round Zero: a PC took its starting square."""

    actor: str
    at: Pos


@dataclass(frozen=True, slots=True)
class BuffChanged(Event):
    """THRUM 29: a Buff from ``creator`` was taken, declined or ended."""

    actor: str
    buff: str
    creator: str
    change: str


@dataclass(frozen=True, slots=True)
class TerrainChanged(Event):
    """THRUM 29: a Terrain Effect appeared (or, ``removed``, disappeared)."""

    creator: str
    ability: str
    cells: tuple[Pos, ...]
    removed: bool = False


@dataclass(frozen=True, slots=True)
class ActionFizzled(Event):
    """A declared attack could not go on (its user was incapacitated by a triggered effect)."""

    actor: str
    ability: str
    reason: str


@dataclass(frozen=True, slots=True)
class CombatReset(Event):
    """THRUM 42: end of combat: loads back to 0; what stays (Tolerances, Wounds)."""

    actor: str
    fatigue_tolerance: int
    stress_tolerance: int
    wounds: int
    incapacitated: bool
