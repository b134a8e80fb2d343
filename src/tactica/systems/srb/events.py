"""Star Rangers events: frozen records of what happened. Faces render them (tactica.render.srb).

Every class name starts with ``Srb`` so that no other system's event kind can clash with them.
"""

from __future__ import annotations

from dataclasses import dataclass

from tactica.engine.events import Event

Pos = tuple[int, int]


@dataclass(frozen=True, slots=True)
class SrbSurprise(Event):
    """Rules 3-4: a surprise round: the aware act in it, the unaware do not (and are flat-footed)."""

    aware: tuple[str, ...]
    unaware: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SrbFlatFooted(Event):
    """Rule 4: a combatant is flat-footed (its flat-footed Defense counts) or no longer is."""

    actor: str
    flat_footed: bool
    reason: str


@dataclass(frozen=True, slots=True)
class SrbTurnPassed(Event):
    """Rule 8: a combatant who cannot act (down) keeps its initiative count; its turn passes."""

    actor: str
    reason: str


@dataclass(frozen=True, slots=True)
class SrbActionPaid(Event):
    """Rules 10-12: what an action cost and which of the turn's actions paid for it (a standard action
    spent as a move action: cost 'move', paid ('standard',))."""

    actor: str
    what: str
    cost: str
    paid: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SrbMoved(Event):
    """A move action: the squares walked (rule 1: 1.5 m each)."""

    actor: str
    path: tuple[Pos, ...]
    squares: int
    metres: float


@dataclass(frozen=True, slots=True)
class SrbAttackRolled(Event):
    """Rules 17-20: d20 + attack bonus against Defense. ``roll`` is 'attack', 'confirm' (a threat's
    confirmation, B3), 'random' (critical failure 9), 'cook-off' or 'multifire' (critical failure 10);
    ``detail`` lists the parts of the bonus."""

    attacker: str
    target: str
    weapon: str
    roll: str
    face: int
    bonus: int
    total: int
    defense: int
    hit: bool
    flat_footed: bool = False
    detail: str = ""


@dataclass(frozen=True, slots=True)
class SrbDamageDealt(Event):
    """Damage taken: the dice faces, the bonus, the amount and the hit points left."""

    source: str
    target: str
    weapon: str
    faces: tuple[int, ...]
    bonus: int
    amount: int
    hp: int
    critical: bool = False
    note: str = ""


@dataclass(frozen=True, slots=True)
class SrbFighterDown(Event):
    """A combatant at 0 hit points or fewer is down ('dead' at -10 or fewer)."""

    actor: str
    hp: int
    status: str


@dataclass(frozen=True, slots=True)
class SrbFumble(Event):
    """Rules 18, 22: a natural 1: the critical-failure roll (``face`` + ``modifier`` -> ``entry``) and what
    it did for the weapon's category."""

    actor: str
    weapon: str
    category: str
    face: int
    modifier: int
    entry: int
    effect: str


@dataclass(frozen=True, slots=True)
class SrbDirection(Event):
    """Rule 23: a random direction (1d6, and a second 1d6 on a 5-6), relative to the way the actor faced."""

    actor: str
    faces: tuple[int, ...]
    direction: str
    purpose: str


@dataclass(frozen=True, slots=True)
class SrbItemMoved(Event):
    """An item changes place: drawn, stored, dropped, picked up, thrown, flung by a critical failure."""

    actor: str
    item: str
    how: str
    at: Pos | None = None


@dataclass(frozen=True, slots=True)
class SrbWeaponChanged(Event):
    """A weapon's state changes: a fault ('jammed', 'safe', 'fuse', 'off') or its clearing, 'broken',
    'ruined', 'overheated', 'out of power', 'cooling', 'cool'."""

    actor: str
    weapon: str
    change: str
    reason: str = ""


@dataclass(frozen=True, slots=True)
class SrbConditionChanged(Event):
    """A condition starts or ends: prone, tired, awkward, off-target, all-out-defense, concentration,
    cooldown."""

    actor: str
    condition: str
    active: bool
    reason: str = ""


@dataclass(frozen=True, slots=True)
class SrbReloadStep(Event):
    """Rule 16: one step of a reload, done by ``actor`` (the owner, or a loader) on ``owner``'s weapon;
    ``loaded`` is the rounds in it afterwards, ``done`` whether it is ready to fire again."""

    actor: str
    owner: str
    weapon: str
    step: str
    loaded: int
    done: bool


@dataclass(frozen=True, slots=True)
class SrbRefilled(Event):
    """Rule 16 / B8: refilling a carried magazine: rounds drawn, or rounds inserted (``magazine`` holds
    the rounds in it afterwards)."""

    actor: str
    weapon: str
    step: str
    rounds: int
    magazine: int


@dataclass(frozen=True, slots=True)
class SrbCheckRolled(Event):
    """A d20 check or save: a STR check, a Fortitude save, a Perception roll, a weapon's save."""

    actor: str
    what: str
    face: int
    bonus: int
    total: int
    dc: int | None = None
    success: bool | None = None


@dataclass(frozen=True, slots=True)
class SrbKnockback(Event):
    """Rule 13: Heavy melee knockback: pushed 1 square directly away, or why not."""

    attacker: str
    target: str
    pushed: bool
    to: Pos | None
    reason: str


@dataclass(frozen=True, slots=True)
class SrbResourceChanged(Event):
    """Power resources spent or lost (rule 22, entry 5)."""

    actor: str
    resource: str
    change: int
    total: int
    reason: str = ""
