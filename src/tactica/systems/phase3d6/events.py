"""Phase 3d6 events: frozen records of what happened. Faces render them (tactica.render.phase3d6)."""

from __future__ import annotations

from dataclasses import dataclass

from tactica.engine.events import Event

Pos = tuple[int, int]


@dataclass(frozen=True, slots=True)
class PhaseStarted(Event):
    """A Phase begins (``phase`` 0 is the Surprise Phase, rule 4)."""

    number: int
    turn: int
    phase: int


@dataclass(frozen=True, slots=True)
class PostTurn(Event):
    """Rule 1: the Post-Turn after Phase 4 of ``turn``."""

    turn: int


@dataclass(frozen=True, slots=True)
class RecoveryTaken(Event):
    """Rule 1 / E10: STUN regained (Post-Turn, or the Take a Recovery action)."""

    actor: str
    stun: int
    total: int
    why: str


@dataclass(frozen=True, slots=True)
class AttackRoll(Event):
    """Rule 5: 3d6 + OCV against 10 + DCV."""

    attacker: str
    target: str
    weapon: str
    maneuver: str
    faces: tuple[int, ...]
    ocv: int
    dcv: int
    total: int
    target_number: int
    hit: bool
    opportunity: bool = False


@dataclass(frozen=True, slots=True)
class DamageDealt(Event):
    """Damage (not in the seed: HERO-style normal damage, E1) after the defender's PD."""

    attacker: str
    target: str
    faces: tuple[int, ...]
    stun: int
    body: int
    stun_left: int
    body_left: int


@dataclass(frozen=True, slots=True)
class FighterDown(Event):
    """Out of the fight (STUN or BODY at 0 or below), or Stunned (option hero_stunned), or up again."""

    actor: str
    state: str


@dataclass(frozen=True, slots=True)
class HexesMoved(Event):
    """A character moved along ``path`` (start included)."""

    actor: str
    path: tuple[Pos, ...]
    how: str


@dataclass(frozen=True, slots=True)
class OpportunityOffered(Event):
    """Rules 9-10: ``attacker`` may make an attack of opportunity on ``provoker`` (``why``)."""

    attacker: str
    provoker: str
    why: str


@dataclass(frozen=True, slots=True)
class SkillRolled(Event):
    """A 3d6 roll-under skill check (E6: Acrobatics against an attack of opportunity)."""

    actor: str
    skill: str
    faces: tuple[int, ...]
    target: int
    success: bool


@dataclass(frozen=True, slots=True)
class ManeuverUsed(Event):
    """A manoeuvre or action of the table (rule 16) was taken, with its action type."""

    actor: str
    maneuver: str
    type: str


@dataclass(frozen=True, slots=True)
class InitiativeMoved(Event):
    """Rules 19-20: a character's place in the order changed (delay, ready): now ``where`` ``other``."""

    actor: str
    where: str
    other: str
    why: str


@dataclass(frozen=True, slots=True)
class ActionHeld(Event):
    """Rule 19, seed l.96: ``actor`` delays without naming a place: it may act between any two later places
    until its next place comes up."""

    actor: str


@dataclass(frozen=True, slots=True)
class HeldActionLost(Event):
    """Rule 19, seed l.97: ``actor``'s delayed action lapsed unused ("If you come to your next action and
    have not yet performed an action, you don't get to take a delayed action"); it acts on its place."""

    actor: str
    why: str


@dataclass(frozen=True, slots=True)
class ActionReadied(Event):
    """Rule 20: an action readied (``what``: an attack manoeuvre with ``weapon``, a Dodge, a move or free
    action) for the first enemy that ``trigger`` (only ``target`` when an attack names it)."""

    actor: str
    weapon: str
    trigger: str
    what: str = "strike"
    target: str = ""


@dataclass(frozen=True, slots=True)
class PhaseActionLost(Event):
    """Rules 19-21: a character does not act on its initiative in this Phase (``why``)."""

    actor: str
    why: str


@dataclass(frozen=True, slots=True)
class Aborted(Event):
    """Rule 21: a defensive action out of turn, costing this Phase's or the next Phase's action."""

    actor: str
    maneuver: str
    costs_phase: int


@dataclass(frozen=True, slots=True)
class AttackStopped(Event):
    """A Block or Missile Deflection stopped an attack (the defender's 3d6 + OCV against 10 + the
    attacker's OCV)."""

    defender: str
    attacker: str
    maneuver: str


@dataclass(frozen=True, slots=True)
class ItemMoved(Event):
    """Rule 16: a weapon went to or came from the ground in hex ``at`` (``how``: dropped, knocked away by a
    Disarm, picked up)."""

    actor: str
    item: str
    how: str
    at: Pos


@dataclass(frozen=True, slots=True)
class DoorMoved(Event):
    """Rule 16: a door was opened or closed (``how``)."""

    actor: str
    door: str
    how: str
