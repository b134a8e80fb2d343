"""Far Recon state: what changes during a fight (health, Mind, positions, the slot being played, declared
plans and the work of resolving them)."""

from __future__ import annotations

from dataclasses import dataclass, field

from tactica.engine.system import State

Pos = tuple[int, int]
#: Fighter statuses (Far Recon 17-19): conscious; unconscious (stable, or waiting to wake); dying; dead.
STATUSES = ("active", "unconscious", "dying", "dead")


@dataclass(slots=True)
class Fighter:
    """One combatant's changing state.

    ``health`` is current Body points, ``mind`` current Mind points (Far Recon 17-20). ``wake_in``: an
    unconscious character with health above 0 wakes at the start of its turn when this counts down to 0.
    ``present`` is False for a late joiner not yet in the fight (Far Recon 7). ``holding``: it delayed its
    turn and may act at any later point (Far Recon 8); ``home`` is the key of the slot it delayed from.
    Per turn: ``spent`` Speed, ``moves`` made, ``pinned`` (staggered: no moving this turn), ``panicking``
    (a critical hit in melee: it can only move or end this turn); ``stagger``, ``panic`` and ``stunned``
    take effect at its next turn.
    """

    id: str
    side: str
    pos: Pos
    health: int
    mind: int
    ap: int = 0
    status: str = "active"
    wake_in: int = 0
    present: bool = True
    aware: bool = True
    restrained: bool = False
    dodges: int = 0
    spent: int = 0
    moves: int = 0
    pinned: bool = False
    stagger: bool = False
    stunned: bool = False
    panic: bool = False
    panicking: bool = False
    jammed: list[str] = field(default_factory=list)
    carried: dict[str, int] = field(default_factory=dict)
    holding: bool = False
    home: str = ""
    delayed_round: int = 0
    interjected: bool = False

    @property
    def conscious(self) -> bool:
        """Awake and alive (Far Recon 17: the unconscious are helpless)."""
        return self.status == "active"

    @property
    def broken(self) -> bool:
        """Far Recon 20: Mind 0 or below: a breakdown; it can only move (follow the party, flee)."""
        return self.mind <= 0

    @property
    def in_fight(self) -> bool:
        """Counts for its side: conscious, not broken down (a late joiner still to come counts too)."""
        return not self.present or (self.status == "active" and self.mind > 0)  # conscious, not broken


@dataclass(slots=True)
class Plan:
    """Far Recon 5: what a tied character declared in a simultaneous slot: a move (``move_to``, by the
    waypoints ``move_via`` when it named a route), then an action (``act``, its text), or nothing; ``done``
    when its declaration is complete."""

    actor: str
    move_to: Pos | None = None
    move_via: tuple[Pos, ...] = ()
    act: str = ""
    done: bool = False


@dataclass(slots=True)
class Job:
    """A piece of work to resolve: a move to ``to`` (by the waypoints ``via``, if any) or an action
    (``text``). ``deferred``: its results wait for the end of the slot and apply together with the others
    (D11)."""

    actor: str
    kind: str
    text: str = ""
    to: Pos | None = None
    via: tuple[Pos, ...] = ()
    deferred: bool = False


@dataclass(slots=True)
class Strike:
    """An attack rolled and waiting for the defender's answer (dodge or take it on Physical Defense)."""

    attacker: str
    defender: str
    weapon: str
    total: int
    critical: str
    deferred: bool


@dataclass(slots=True)
class Effect:
    """A result waiting for the end of a simultaneous slot: ``kind`` 'body' or 'mind' (damage) or 'heal';
    ``dealer``: the character who dealt the damage."""

    target: str
    kind: str
    amount: int
    source: str
    dealer: str = ""


@dataclass(slots=True)
class FarReconState(State):
    """A Far Recon fight in progress.

    ``mode``: '' between slots, 'turn' (one character acting, its actions resolved at once), 'declare'
    (tied characters declaring their plans) or 'resolve' (working through ``queue``). ``acting``: who may
    act in the slot now being played.
    """

    fighters: dict[str, Fighter] = field(default_factory=dict)
    mode: str = ""
    acting: list[str] = field(default_factory=list)
    plans: dict[str, Plan] = field(default_factory=dict)
    queue: list[Job] = field(default_factory=list)
    strike: Strike | None = None
    deferred: list[Effect] = field(default_factory=list)
    together: bool = False
    asked: bool = False
