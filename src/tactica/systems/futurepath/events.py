"""FuturePath events: frozen records of what happened. Faces render them."""

from __future__ import annotations

from dataclasses import dataclass

from tactica.engine.events import Event

Pos = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """A character moved along ``path`` (start included) in a movement ``mode``."""

    actor: str
    path: tuple[Pos, ...]
    cost: int
    mode: str


@dataclass(frozen=True, slots=True)
class Checked(Event):
    """A d20 check (skill, save, Wisdom, initiative roll-off) against a DC."""

    actor: str
    what: str
    natural: int
    total: int
    dc: int
    success: bool


@dataclass(frozen=True, slots=True)
class Tripped(Event):
    """Rule 16: a failed Acrobatics check; the character falls prone partway and the action fails."""

    actor: str
    at: Pos


@dataclass(frozen=True, slots=True)
class PostureChanged(Event):
    """Standing, prone, sitting or kneeling (rule 18)."""

    actor: str
    posture: str


@dataclass(frozen=True, slots=True)
class WeaponHandled(Event):
    """Draw, holster, switch, drop or reload (rule 19)."""

    actor: str
    how: str
    weapon: str
    ammo: int | None = None


@dataclass(frozen=True, slots=True)
class AttackRolled(Event):
    """An Accuracy check (rules 21-22, 26-29): natural d20, advantage dice, total against AC."""

    attacker: str
    target: str
    weapon: str
    natural: int
    net_advantage: int
    advantage_faces: tuple[int, ...]
    total: int
    ac: int
    hit: bool
    critical: bool
    fumble: bool
    purpose: str = "attack"


@dataclass(frozen=True, slots=True)
class CriticalChecked(Event):
    """Rule 31: a critical check before an Extra Damage roll."""

    attacker: str
    natural: int
    total: int
    result: str
    multiplier: int


@dataclass(frozen=True, slots=True)
class DamageRolled(Event):
    """A damage roll: its faces, the multiplier applied to the dice, flat damage and the amount."""

    attacker: str
    target: str
    faces: tuple[int, ...]
    multiplier: int
    flat: int
    amount: int
    roll: str = "hit"
    dice: str = ""


@dataclass(frozen=True, slots=True)
class Damaged(Event):
    """A character lost hit points (``by``: who dealt them, None for a trap)."""

    target: str
    amount: int
    hp: int
    by: str | None = None


@dataclass(frozen=True, slots=True)
class StatusChanged(Event):
    """Dying, stable, dead or back in the fight (rules 38-40)."""

    actor: str
    status: str
    cause: str


@dataclass(frozen=True, slots=True)
class ConstitutionLost(Event):
    """Rule 39: CON damage while dying (or from a fumbled stabilize)."""

    actor: str
    amount: int
    con: int


@dataclass(frozen=True, slots=True)
class OpportunityRaised(Event):
    """A9: leaving a Threat Range gives the threatening enemy a Tactical Opportunity."""

    attacker: str
    mover: str
    at: Pos


@dataclass(frozen=True, slots=True)
class GrenadeThrown(Event):
    """Rules 34-35: where it was aimed, the scatter dice and where it landed."""

    thrower: str
    weapon: str
    aimed: Pos
    scatter: tuple[int, int]
    landed: Pos
    cooked: bool


@dataclass(frozen=True, slots=True)
class GrenadeExploded(Event):
    """A grenade went off at ``at``, catching ``caught``."""

    weapon: str
    at: Pos
    caught: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ObjectDamaged(Event):
    """Rule 37: an object's Hardness went down; it breaks below zero."""

    actor: str
    object: str
    amount: int
    hardness: int
    broken: bool


@dataclass(frozen=True, slots=True)
class ObjectMoved(Event):
    """Rule 17: an object was dragged to a new square."""

    actor: str
    object: str
    to: Pos


@dataclass(frozen=True, slots=True)
class DoorOpened(Event):
    """Seed l.108: a door was opened slowly; it blocks nothing any more."""

    actor: str
    object: str


@dataclass(frozen=True, slots=True)
class TrapEvent(Event):
    """Rule 42: a trap was noticed, disarmed, left armed, or detonated."""

    actor: str
    trap: str
    what: str


@dataclass(frozen=True, slots=True)
class Readied(Event):
    """Rule 41: a character sacrificed its turn to wait for a trigger."""

    actor: str
    trigger: str
    weapon: str


@dataclass(frozen=True, slots=True)
class Pushed(Event):
    """A Combat Technique (Bull Rush) pushed a character."""

    actor: str
    target: str
    to: Pos


# -- care, readiness and techniques (rules 36, 38-41, 44) ----------------------------------------


@dataclass(frozen=True, slots=True)
class SavingThrow(Event):
    """A save modified by dice: rule 38's CON save against a coup de grâce (A12: one die per attacker
    Extra Attack/Extra Damage, subtracted as disadvantages or added as advantages)."""

    actor: str
    what: str
    natural: int
    net_dice: int
    dice_faces: tuple[int, ...]
    total: int
    dc: int
    success: bool


@dataclass(frozen=True, slots=True)
class HitPointsSet(Event):
    """A character's hit points were set (rule 40: a stabilized character has 1 HP)."""

    actor: str
    hp: int
    cause: str


@dataclass(frozen=True, slots=True)
class BleedingPaused(Event):
    """Rule 40: a failed stabilize above 10 spares the dying character its next CON loss."""

    actor: str
    by: str


@dataclass(frozen=True, slots=True)
class ReadyTriggered(Event):
    """Rule 41: an enemy set off a readied action (moved into the line of fire, or declared an attack)."""

    actor: str
    trigger: str
    at: Pos
    what: str


@dataclass(frozen=True, slots=True)
class ReadyEnded(Event):
    """Rule 41: a readied action was used, or lapsed at the start of its team's next turn."""

    actor: str
    reason: str


@dataclass(frozen=True, slots=True)
class ActionLost(Event):
    """Rule 41: a declared action that an instant (readied) action made impossible before it resolved."""

    actor: str
    action: str
    reason: str


@dataclass(frozen=True, slots=True)
class GrenadeTimed(Event):
    """Rules 34.3-34.4, A15: a landed grenade goes off at the start or end (``when``) of ``team``'s turn."""

    thrower: str
    weapon: str
    at: Pos
    team: str
    when: str


@dataclass(frozen=True, slots=True)
class GrenadeAirBurst(Event):
    """Rule 34.4: a failed cook; the grenade burst harmlessly in the air (grenade and turn wasted)."""

    thrower: str
    weapon: str
    aimed: Pos


@dataclass(frozen=True, slots=True)
class SmokeSpread(Event):
    """Rule 43: a smoke cloud (Partial cover) of ``radius`` squares; it clears when ``until_round`` ends."""

    weapon: str
    at: Pos
    radius: int
    until_round: int


@dataclass(frozen=True, slots=True)
class SmokeCleared(Event):
    """Rule 43: a smoke cloud is gone."""

    at: Pos
