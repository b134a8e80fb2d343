"""Text for Far Recon events (``tactica.systems.farrecon.events``), one formatter per event kind."""

from __future__ import annotations

from typing import Any

from tactica.render.futurepath import Formatter, Suffix, at
from tactica.render.result import plural

FACES = {1: "+", 0: "0", -1: "-"}
STATUS = {
    "active": "regains consciousness",
    "unconscious": "is unconscious and stable",
    "dying": "is DYING",
    "dead": "is DEAD",
}
DUTY = {
    "fit": "fit for duty",
    "off duty": "off duty until its Mind is restored (Mind 0)",
    "unfit": "unfit for further employment (negative Mind)",
    "dead": "dead",
    "down": "carried out (unconscious or dying)",
}


def _names(actors: Any) -> str:
    return ", ".join(actors) or "no one"


def rolled(e: Any) -> str | None:
    if e.what.startswith("initiative"):
        return None  # InitiativeRolled says it
    faces = " ".join(FACES.get(f, str(f)) for f in e.faces)
    line = f"{e.actor} {e.what}: {len(e.faces)}dF [{faces}] {e.modifier:+d} = {e.total}"
    if e.critical:
        line += f" — critical {e.critical}!"
    return line


def resolution(e: Any) -> str:
    parts = []
    if e.together:
        parts.append(f"{_names(e.together)} at once (results apply together at the end of the slot)")
    if e.serialized:
        parts.append(f"{_names(e.serialized)} one by one (conflicting actions)")
    return "Simultaneous actions: " + ("; ".join(parts) if parts else "nothing to resolve")


def strike(e: Any) -> str:
    if e.stage == "dodge":
        words = {
            "dodged": "dodged",
            "touch": "a tie: a touch, no damage and no Physical Defense roll",
            "through": "the dodge fails",
        }
        head = f"{e.attacker}'s {e.weapon} {e.attack_total} vs {e.defender}'s dodge {e.defense_total}"
        return f"{head}: {words[e.result]}"
    defence = "Will" if e.stage == "will" else "Physical Defense"
    head = f"{e.attacker}'s {e.weapon} {e.attack_total} vs {e.defender}'s {defence} {e.defense_total}: "
    if e.result == "hit":
        tiers = f"{e.tiers} increment" + ("s" if e.tiers != 1 else "")
        return head + f"hit by {e.margin} — {tiers}, {e.damage} damage"
    if e.result == "connect":
        return head + f"a tie, the touch attack connects — {e.damage} damage"
    if e.result == "graze":
        return head + "a tie: a graze, no serious injury"
    return head + "resisted"


def harm(e: Any) -> str:
    source = f" ({e.source})" if e.source else ""
    track = "Mind" if e.track == "mind" else "health"
    return f"{e.actor} loses {e.amount} {track} → {e.value}{source}"


def vitals(e: Any) -> str:
    reason = f" ({e.reason})" if e.reason else ""
    return f"{e.actor} {STATUS.get(e.status, e.status)}{reason}"


def landed(e: Any) -> str:
    line = f"{e.actor} throws the {e.weapon} at {at(e.aimed)} ({e.skill}, DC {e.dc})"
    if tuple(e.landed) != tuple(e.aimed):
        line += f": it lands short, at {at(e.landed)}"
    return line


def exposure(e: Any) -> str:
    cover = f" + {e.cover_increments} for cover" if e.cover_increments else ""
    effect = f"E {e.effective}" if e.effective > 0 else "shielded (E 0)"
    return f"{e.target} at {e.distance_ft} ft: {plural(e.increments, 'increments')}{cover} → {effect}"


def treated(e: Any) -> str:
    result = f"heals {e.amount}" if e.success else "fails"
    return f"{e.actor} treats {e.target}: Medicine {e.total} vs DC {e.dc} — {result}"


FORMATTERS: dict[str, Formatter] = {
    "FudgeRolled": rolled,
    "PlanDeclared": lambda e: f"{e.actor} declares: {e.action}",
    "SimultaneousResolution": resolution,
    "ConflictFound": lambda e: f"Conflict ({_names(e.actors)}): {'; '.join(e.reasons)}",
    "ConflictOrdered": lambda e: (
        f"1d{e.sides} among {_names(e.actors)} → {e.face}: {e.first}'s action is resolved next"
    ),
    "SimultaneousResults": lambda e: f"The simultaneous results apply together: {_names(e.actors)}",
    "StrikeResolved": strike,
    "HarmTaken": harm,
    "Mended": lambda e: f"{e.actor} is healed {e.amount} by {e.by} → health {e.health}",
    "VitalsChanged": vitals,
    "DyingRoll": lambda e: (
        f"{e.actor}'s Body roll {e.total} vs DC {e.dc}: {'stabilises' if e.survived else 'fails'}"
    ),
    "WakeScheduled": lambda e: (
        f"{e.actor} will wake at the start of its "
        + ("next turn" if e.turns == 1 else f"{e.turns}th turn from now")
    ),
    "Breakdown": lambda e: (
        f"{e.actor} suffers a {'PERMANENT' if e.permanent else 'temporary'} breakdown (Mind {e.mind})"
    ),
    "ThrowLanded": landed,
    "Detonated": lambda e: (
        f"The {e.weapon} goes off at {at(e.at)} (blast radius {e.radius}): {_names(e.targets)}"
    ),
    "BlastExposure": exposure,
    "ReconMoved": lambda e: f"{e.actor} moves to {at(e.path[-1])} ({plural(e.cost, 'squares')})",
    "MoveBlocked": lambda e: f"{e.actor} cannot move to {at(e.to)}: {e.reason}",
    "PlanLost": lambda e: f"{e.actor}'s '{e.action}' is lost: {e.reason}",
    "TurnHeld": lambda e: f"{e.actor} {'keeps waiting' if e.waiting else 'delays its turn'}",
    "HeldTurnTaken": lambda e: (
        f"{e.actor} acts on its delayed turn" + (f", after {e.after} (its new place)" if e.after else "")
    ),
    "HeldTurnLost": lambda e: f"{e.actor} loses its delayed action ({e.reason})",
    "LateJoined": lambda e: (
        f"{e.actor} joins the fight at {at(e.at)}" + (f", after {e.after}" if e.after else "")
    ),
    "TurnForfeited": lambda e: f"{e.actor} loses its turn: {e.reason}",
    "Complication": lambda e: (
        f"Complication for {e.actor}: {e.what}" + (f" — {e.detail}" if e.detail else "")
    ),
    "JamChanged": lambda e: f"{e.actor}'s {e.weapon} {'is jammed' if e.jammed else 'is cleared'}",
    "TouchEffect": lambda e: f"{e.attacker}'s touch attack {e.effect}s {e.target}: it loses its next turn",
    "CriticalExtra": lambda e: (
        f"{e.attacker}'s critical hit {e.extra}s {e.target}: on its next turn it can only move"
    ),
    "AspectTagged": lambda e: f"{e.actor} tags an aspect for its {e.roll} roll ({e.ap} AP left)",
    "Debriefed": lambda e: f"{e.actor}: {DUTY.get(e.duty, e.duty)} (health {e.health}, Mind {e.mind})",
    "WoundTreated": treated,
}
SUFFIXES: dict[str, Suffix] = {}
