"""Text for FuturePath events (``tactica.systems.futurepath.events``), one formatter per event kind.

Formatters take the event and return one line (or None when the event is not worth a line). ``SUFFIXES``
join an event onto the line of the event before it (the HP left after a damage roll).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Formatter = Callable[[Any], "str | None"]
Suffix = Callable[[Any, Any], "str | None"]

MOVE_VERBS = {
    "move": "moves",
    "walk": "walks",
    "sprint": "sprints",
    "crawl": "crawls",
    "climb": "climbs",
    "swim": "swims",
    "step": "takes a 5-foot step",
    "drag": "moves, dragging,",
}
POSTURES = {"prone": "drops prone", "standing": "stands up", "sitting": "sits down", "kneeling": "kneels"}
HANDLING = {
    "draw": "draws",
    "holster": "holsters",
    "switch": "switches to",
    "drop": "drops",
    "pickup": "picks up",
}
STATUS = {"active": "is back in the fight", "dying": "is dying", "stable": "is stable", "dead": "is dead"}


def at(pos: Any) -> str:
    """A square in action notation: ``@3,4``."""
    return f"@{pos[0]},{pos[1]}"


def signed(value: int) -> str:
    """``+3`` / ``-1``."""
    return f"{value:+d}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def moved(e: Any) -> str:
    verb = MOVE_VERBS.get(e.mode, f"moves ({e.mode})")
    return f"{e.actor} {verb} to {at(e.path[-1])} ({_plural(e.cost, 'square')})"


def checked(e: Any) -> str:
    roll = f"d20 {e.natural}" + (f" {signed(e.total - e.natural)}" if e.total != e.natural else "")
    if not e.dc:
        return f"{e.actor} {e.what}: {roll} = {e.total}"
    return (
        f"{e.actor} {e.what} check: {roll} = {e.total} vs DC {e.dc} — {'success' if e.success else 'failure'}"
    )


def attack_rolled(e: Any) -> str:
    sign = 1 if e.net_advantage >= 0 else -1
    dice = ""
    if e.advantage_faces:
        word = "+adv" if sign > 0 else "-dis"
        dice = f" {word} " + "+".join(str(f) for f in e.advantage_faces)
    modifier = e.total - e.natural - sign * sum(e.advantage_faces)
    roll = f"d20 {e.natural}{dice}" + (f" {signed(modifier)}" if modifier else "")
    line = f"{_attack_words(e)}: {roll} = {e.total} vs AC {e.ac}"
    return line if e.purpose == "critical check" else f"{line} — {_verdict(e)}"


def _attack_words(e: Any) -> str:
    who, whom, weapon = e.attacker, e.target, e.weapon
    return {
        "attack": f"{who} attacks {whom} with {weapon}",
        "full attack": f"{who} attacks {whom} with {weapon} (full attack)",
        "bonus attack": f"{who} makes a bonus attack on {whom} with {weapon}",
        "tactical opportunity": f"{who} strikes {whom} with {weapon} (Tactical Opportunity)",
        "critical check": f"{who} critical check against {whom}",
    }.get(e.purpose, f"{who} {e.purpose} on {whom} with {weapon}")


def _verdict(e: Any) -> str:
    if e.fumble:
        return f"critical failure (natural {e.natural})"
    if e.critical:
        return "critical hit" if e.hit else "critical, but a miss"
    return "hit" if e.hit else "miss"


def critical_checked(e: Any) -> str:
    return f"{e.attacker} critical check: d20 {e.natural} = {e.total} — {e.result}, ×{e.multiplier}"


def critical_suffix(previous: Any, e: Any) -> str | None:
    if getattr(previous, "purpose", None) == "critical check" and previous.attacker == e.attacker:
        return f" — {e.result}, ×{e.multiplier}"
    return None


def damage_rolled(e: Any) -> str:
    """``rook deals 7 (1d6: 4 ×1 +3) to vex``; a critical rolls the dice again: ``(1d6, 2 rolls: 2 6)``."""
    dice = getattr(e, "dice", None)
    faces = " ".join(str(f) for f in e.faces) or "no dice"
    rolls = f"{faces} ×1" if e.multiplier == 1 else f"{e.multiplier} rolls: {faces}"
    detail = (f"{dice}{':' if e.multiplier == 1 else ','} " if dice else "") + rolls
    detail += f" {signed(e.flat)}" if e.flat else ""
    if e.roll == "coup de grace":
        return f"{e.attacker} delivers a coup de grâce to {e.target}: {e.amount} damage ({detail})"
    extra = " extra damage" if "extra" in e.roll else ""
    kind = {"hit": "", "critical": " critical damage"}.get(e.roll, extra)
    return f"{e.attacker} deals {e.amount}{kind} ({detail}) to {e.target}"


def damaged(e: Any) -> str:
    return f"{e.target} takes {e.amount} damage — HP {e.hp}"


def damaged_suffix(previous: Any, e: Any) -> str | None:
    if getattr(previous, "kind", "") == "DamageRolled" and previous.target == e.target:
        return f" — {e.target} HP {e.hp}"
    return None


def status_changed(e: Any) -> str:
    return f"{e.actor} {STATUS.get(e.status, 'is ' + e.status)} ({e.cause})"


def weapon_handled(e: Any) -> str:
    if e.how == "reload":
        return f"{e.actor} reloads {e.weapon}" + (
            f" ({_plural(e.ammo, 'round')})" if e.ammo is not None else ""
        )
    return f"{e.actor} {HANDLING.get(e.how, e.how)} {e.weapon}"


def grenade_thrown(e: Any) -> str:
    cooked = " (cooked)" if e.cooked else ""
    where = "on target" if tuple(e.landed) == tuple(e.aimed) else f"at {at(e.landed)}"
    scatter = f"scatter {e.scatter[0]},{e.scatter[1]}"
    return f"{e.thrower} throws {e.weapon}{cooked} at {at(e.aimed)}: {scatter} — lands {where}"


def grenade_exploded(e: Any) -> str:
    return f"{e.weapon} explodes at {at(e.at)}, catching {', '.join(e.caught) or 'no one'}"


def saving_throw(e: Any) -> str:
    dice = "".join(f" {'+' if e.net_dice > 0 else '-'}{f}" for f in e.dice_faces)
    verdict = "success" if e.success else "failure"
    return f"{e.actor} {e.what} save: d20 {e.natural}{dice} = {e.total} vs DC {e.dc} — {verdict}"


def object_damaged(e: Any) -> str:
    state = f"{e.object} breaks" if e.broken else f"hardness {e.hardness}"
    return f"{e.actor} damages {e.object} by {e.amount} — {state}"


FORMATTERS: dict[str, Formatter] = {
    "Moved": moved,
    "Checked": checked,
    "Tripped": lambda e: f"{e.actor} trips and falls prone at {at(e.at)}; the action fails",
    "PostureChanged": lambda e: f"{e.actor} {POSTURES.get(e.posture, 'is now ' + e.posture)}",
    "WeaponHandled": weapon_handled,
    "AttackRolled": attack_rolled,
    "CriticalChecked": critical_checked,
    "DamageRolled": damage_rolled,
    "Damaged": damaged,
    "StatusChanged": status_changed,
    "ConstitutionLost": lambda e: f"{e.actor} loses {e.amount} CON while dying — CON {e.con}",
    "OpportunityRaised": lambda e: (
        f"Tactical Opportunity: {e.attacker} may strike {e.mover}, who is leaving {e.attacker}'s reach"
    ),
    "GrenadeThrown": grenade_thrown,
    "GrenadeExploded": grenade_exploded,
    "GrenadeTimed": lambda e: (
        f"{e.thrower}'s {e.weapon} at {at(e.at)} goes off at the {e.when} of team {e.team}'s turn"
    ),
    "GrenadeAirBurst": lambda e: f"{e.thrower}'s {e.weapon} bursts in the air (failed cook)",
    "SmokeSpread": lambda e: (
        f"{e.weapon} smoke fills {_plural(e.radius, 'square')} around {at(e.at)} until round {e.until_round}"
    ),
    "SmokeCleared": lambda e: f"the smoke at {at(e.at)} clears",
    "ObjectDamaged": object_damaged,
    "ObjectMoved": lambda e: f"{e.actor} drags {e.object} to {at(e.to)}",
    "DoorOpened": lambda e: f"{e.actor} opens {e.object}",
    "TrapEvent": lambda e: f"{e.actor}: trap {e.trap} {e.what}",
    "Readied": lambda e: f"{e.actor} readies {e.weapon or 'an action'} ({e.trigger})",
    "ReadyTriggered": lambda e: f"{e.trigger} sets off {e.actor}'s readied action at {at(e.at)} ({e.what})",
    "ReadyEnded": lambda e: f"{e.actor}'s readied action ends ({e.reason})",
    "ActionLost": lambda e: f"{e.actor} loses '{e.action}': {e.reason}",
    "Pushed": lambda e: f"{e.actor} pushes {e.target} to {at(e.to)}",
    "SavingThrow": saving_throw,
    "HitPointsSet": lambda e: f"{e.actor} now has {e.hp} HP ({e.cause})",
    "BleedingPaused": lambda e: f"{e.by}'s care spares {e.actor} the next CON loss",
}

SUFFIXES: dict[str, Suffix] = {"Damaged": damaged_suffix, "CriticalChecked": critical_suffix}
