"""Far Recon events: frozen records of what happened. Faces render them (tactica.render.farrecon).

Class names are unique across systems (the event registry is global); generic ones carry 'Recon'.
"""

from __future__ import annotations

from dataclasses import dataclass

from tactica.engine.events import Event

Pos = tuple[int, int]


@dataclass(frozen=True, slots=True)
class FudgeRolled(Event):
    """Far Recon 1: a 4dF roll: every face (-1, 0, +1), the modifier, the total and its critical
    ('success' all +, 'failure' all -, else '')."""

    actor: str
    what: str
    faces: tuple[int, ...]
    modifier: int
    total: int
    critical: str = ""


@dataclass(frozen=True, slots=True)
class PlanDeclared(Event):
    """Far Recon 5: in a simultaneous slot, a tied character declared an action; it is resolved when
    every tied character has declared."""

    actor: str
    action: str


@dataclass(frozen=True, slots=True)
class SimultaneousResolution(Event):
    """Far Recon 5-6: the tied characters' declared actions are resolved: ``together`` apply their results
    at once at the end of the slot; ``serialized`` (conflicting) are resolved one by one in 1dN order."""

    actors: tuple[str, ...]
    together: tuple[str, ...]
    serialized: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ConflictFound(Event):
    """Far Recon 6: these tied characters' actions cannot be resolved simultaneously, for ``reasons``."""

    actors: tuple[str, ...]
    reasons: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ConflictOrdered(Event):
    """Far Recon 6: a 1dN roll (N = ``sides``, the actions still to order) chose ``first`` among
    ``actors``; its action is resolved next."""

    actors: tuple[str, ...]
    sides: int
    face: int
    first: str


@dataclass(frozen=True, slots=True)
class SimultaneousResults(Event):
    """D11: the results of the slot's simultaneous actions apply together now."""

    actors: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class StrikeResolved(Event):
    """Far Recon 10-13: one stage of an attack: the attack total against the dodge ('dodge'), Physical
    Defense ('pdef') or Will ('will', Mind attacks) total.

    ``result``: 'dodged' (the dodge wins), 'touch' (a tied dodge: no damage, no PDef roll), 'through'
    (the dodge fails: on to PDef), 'hit' (damage by the margin), 'graze' (a tied PDef: no damage),
    'connect' (a touch attack's tie: D8), 'resisted' (the defence wins).
    """

    attacker: str
    defender: str
    weapon: str
    stage: str
    attack_total: int
    defense_total: int
    result: str
    margin: int = 0
    tiers: int = 0
    damage: int = 0


@dataclass(frozen=True, slots=True)
class HarmTaken(Event):
    """Body (health) or Mind points lost: ``amount`` off, ``value`` left (rules 12, 17-20). ``dealt_by``:
    who dealt how much of it, (character, points) each (several at the end of a simultaneous slot, D11)."""

    actor: str
    track: str
    amount: int
    value: int
    source: str = ""
    dealt_by: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Mended(Event):
    """Health restored by ``by`` (Medicine): ``amount`` up, ``health`` now."""

    actor: str
    by: str
    amount: int
    health: int


@dataclass(frozen=True, slots=True)
class VitalsChanged(Event):
    """Far Recon 17-19: the character's state is now ``status`` ('active', 'unconscious' (stable),
    'dying', 'dead') at ``health``, because of ``reason``."""

    actor: str
    status: str
    health: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class DyingRoll(Event):
    """Far Recon 18 / D10: the Body roll of a dying character at the start of its turn against DC =
    its negative Body points."""

    actor: str
    dc: int
    total: int
    survived: bool


@dataclass(frozen=True, slots=True)
class WakeScheduled(Event):
    """Far Recon 17-18 / D13: an unconscious character healed above 0 wakes at the start of its turn
    ``turns`` turns from now (1: its next turn)."""

    actor: str
    turns: int


@dataclass(frozen=True, slots=True)
class Breakdown(Event):
    """Far Recon 20: Mind 0 (temporary) or below 0 (``permanent``): the character can only move."""

    actor: str
    mind: int
    permanent: bool


@dataclass(frozen=True, slots=True)
class ThrowLanded(Event):
    """Far Recon 14-15: a thrown explosive aimed at ``aimed`` landed at ``landed`` (the throw rolled with
    ``skill`` against DC ``dc``)."""

    actor: str
    weapon: str
    aimed: Pos
    landed: Pos
    skill: str
    dc: int


@dataclass(frozen=True, slots=True)
class Detonated(Event):
    """Far Recon 14: an explosive went off at ``at``; its blast reaches ``radius`` squares and hits
    ``targets`` (everyone there)."""

    actor: str
    weapon: str
    at: Pos
    radius: int
    targets: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BlastExposure(Event):
    """Far Recon 14: a character in a blast: its distance, range increments (plus those its cover adds)
    and the effective damage E it resists with Physical Defense."""

    actor: str
    target: str
    distance_ft: int
    increments: int
    cover_increments: int
    effective: int


@dataclass(frozen=True, slots=True)
class ReconMoved(Event):
    """Far Recon 9: a move along ``path`` (start included) for ``cost`` squares of Speed."""

    actor: str
    path: tuple[Pos, ...]
    cost: int


@dataclass(frozen=True, slots=True)
class MoveBlocked(Event):
    """A declared move could not be made when it came to be resolved (someone got there first)."""

    actor: str
    to: Pos
    reason: str


@dataclass(frozen=True, slots=True)
class PlanLost(Event):
    """A declared action could not be carried out when it came to be resolved."""

    actor: str
    action: str
    reason: str


@dataclass(frozen=True, slots=True)
class TurnHeld(Event):
    """Far Recon 8: the character delays its turn (``waiting``: it keeps waiting between two slots)."""

    actor: str
    waiting: bool = False


@dataclass(frozen=True, slots=True)
class HeldTurnTaken(Event):
    """Far Recon 8: a delayed character acts now, after ``after``: this is its new slot in the order."""

    actor: str
    after: str


@dataclass(frozen=True, slots=True)
class HeldTurnLost(Event):
    """Far Recon 8: the delay reached the character's next turn: the delayed action is lost."""

    actor: str
    reason: str


@dataclass(frozen=True, slots=True)
class LateJoined(Event):
    """Far Recon 7: a character joins the fight without rolling initiative, in a slot after ``after``
    (empty: at the top of the round)."""

    actor: str
    at: Pos
    after: str


@dataclass(frozen=True, slots=True)
class TurnForfeited(Event):
    """The character's turn passes without it acting (stunned by a touch attack, unconscious, ...)."""

    actor: str
    reason: str


@dataclass(frozen=True, slots=True)
class Complication(Event):
    """Far Recon 4: a critical failure's complication ('self-injury', 'jam', 'short', 'stagger')."""

    actor: str
    what: str
    detail: str = ""


@dataclass(frozen=True, slots=True)
class JamChanged(Event):
    """A firearm jammed (critical failure) or was cleared (``jammed`` False)."""

    actor: str
    weapon: str
    jammed: bool


@dataclass(frozen=True, slots=True)
class TouchEffect(Event):
    """Far Recon 13: a touch attack connected: ``effect`` (e.g. 'stun': the target loses its next turn)."""

    attacker: str
    target: str
    effect: str


@dataclass(frozen=True, slots=True)
class CriticalExtra(Event):
    """Far Recon 3: a critical success's extra beyond a hit: ``extra`` 'panic' (a melee hit: on its next
    turn the target can only move or end it)."""

    attacker: str
    target: str
    extra: str


@dataclass(frozen=True, slots=True)
class AspectTagged(Event):
    """Far Recon 21: an aspect tagged for +2 on ``roll``, for 1 Action Point (``ap`` left)."""

    actor: str
    roll: str
    ap: int


@dataclass(frozen=True, slots=True)
class Debriefed(Event):
    """Far Recon 20: after the fight: ``duty`` is 'fit', 'off duty' (Mind 0), 'unfit' (negative Mind),
    'dead', or 'down' (unconscious or dying)."""

    actor: str
    status: str
    health: int
    mind: int
    duty: str


@dataclass(frozen=True, slots=True)
class WoundTreated(Event):
    """Far Recon 9: a Medicine roll to treat ``target`` against DC ``dc``; ``amount`` healed on a success."""

    actor: str
    target: str
    dc: int
    total: int
    success: bool
    amount: int
