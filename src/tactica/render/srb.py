"""Text for Star Rangers events (``tactica.systems.srb.events``), one formatter per event kind."""

from __future__ import annotations

from typing import Any

from tactica.render.futurepath import Formatter, Suffix, at
from tactica.render.result import plural


def paid(e: Any) -> str | None:
    """Only a substitution is worth a line: a standard action spent as a move or free action."""
    if not e.paid or e.paid[0] == e.cost or e.cost == "full":
        return None
    return f"({e.actor} spends its {e.paid[0]} action as a {e.cost} action: {e.what})"


def attack(e: Any) -> str:
    verdict = "hit" if e.hit else "miss"
    natural = " (natural 20)" if e.face == 20 else " (natural 1)" if e.face == 1 else ""
    flat = ", flat-footed" if e.flat_footed else ""
    detail = f" [{e.detail}]" if e.detail else ""
    if e.roll == "attack":
        head = f"{e.attacker} attacks {e.target} with the {e.weapon}"
    elif e.roll == "confirm":
        head = f"{e.attacker} confirms the threat on {e.target}"
        verdict = "critical hit" if e.hit else "not confirmed"
    elif e.roll == "random":
        head = f"{e.attacker}'s {e.weapon} swings at a random target, {e.target}, at half bonus"
    else:
        head = f"{e.attacker}'s {e.weapon} {e.roll} hits at {e.target}, at half bonus"
    roll = f"d20 {e.face} {e.bonus:+d}{detail} = {e.total} vs Defense {e.defense}{flat}"
    return f"{head}: {roll} — {verdict}{natural}"


def damage(e: Any) -> str:
    dice = "+".join(map(str, e.faces)) or "—"
    bonus = f" {e.bonus:+d}" if e.bonus else ""
    crit = " (critical)" if e.critical else ""
    note = f" [{e.note}]" if e.note else ""
    whom = "itself" if e.source == e.target else e.target
    return f"{whom} takes {e.amount} damage{crit} ({dice}{bonus}){note} — {e.hp} HP left"


def fumble(e: Any) -> str:
    mod = f" {e.modifier:+d}" if e.modifier else ""
    return f"critical failure ({e.category}): d20 {e.face}{mod} → {e.entry}: {e.effect}"


def direction(e: Any) -> str:
    faces = " then ".join(map(str, e.faces))
    return f"random direction for the {e.purpose}: 1d6 {faces} → {e.direction}"


def moved_item(e: Any) -> str:
    where = f" at {at(e.at)}" if e.at is not None else ""
    if e.how == "falls":
        return f"{e.actor} falls to {at(e.at)}"
    verbs = {
        "drawn": "draws",
        "stored": "stores",
        "dropped": "drops",
        "picked up": "picks up",
        "thrown": "'s thrown",
        "flung": "flings",
    }
    if e.how == "thrown":
        return f"{e.actor}'s {e.item} lands{where}"
    return f"{e.actor} {verbs.get(e.how, e.how)} the {e.item}{where}"


def reload_step(e: Any) -> str:
    who = e.actor if e.actor == e.owner else f"{e.actor} (loader for {e.owner})"
    ready = " — ready to fire" if e.done else ""
    return f"{who} reloads the {e.weapon}: {e.step} ({e.loaded} loaded){ready}"


def check(e: Any) -> str:
    dc = f" vs DC {e.dc}" if e.dc is not None else ""
    verdict = "" if e.success is None else (" — success" if e.success else " — failure")
    return f"{e.actor} {e.what}: d20 {e.face} {e.bonus:+d} = {e.total}{dc}{verdict}"


def knockback(e: Any) -> str:
    if e.pushed:
        return f"{e.target} is knocked back to {at(e.to)}"
    return f"{e.target} is not knocked back ({e.reason})"


def condition(e: Any) -> str:
    reason = f" ({e.reason})" if e.reason else ""
    return (
        f"{e.actor} is {e.condition}{reason}" if e.active else f"{e.actor} is no longer {e.condition}{reason}"
    )


FORMATTERS: dict[str, Formatter] = {
    "SrbSurprise": lambda e: f"Surprise round: {', '.join(e.aware)} act; unaware: {', '.join(e.unaware)}",
    "SrbFlatFooted": lambda e: (
        f"{e.actor} is flat-footed ({e.reason})"
        if e.flat_footed
        else f"{e.actor} is no longer flat-footed ({e.reason})"
    ),
    "SrbTurnPassed": lambda e: f"{e.actor} cannot act ({e.reason})",
    "SrbActionPaid": paid,
    "SrbMoved": lambda e: (
        f"{e.actor} moves to {at(e.path[-1])} ({plural(e.squares, 'squares')}, {e.metres:g} m)"
    ),
    "SrbAttackRolled": attack,
    "SrbDamageDealt": damage,
    "SrbFighterDown": lambda e: f"{e.actor} is {'DEAD' if e.status == 'dead' else 'DOWN'} ({e.hp} HP)",
    "SrbFumble": fumble,
    "SrbDirection": direction,
    "SrbItemMoved": moved_item,
    "SrbWeaponChanged": lambda e: (
        f"{e.actor}'s {e.weapon}: {e.change}" + (f" ({e.reason})" if e.reason else "")
    ),
    "SrbConditionChanged": condition,
    "SrbReloadStep": reload_step,
    "SrbRefilled": lambda e: (
        f"{e.actor} refills a {e.weapon} magazine: {e.step} {e.rounds} ({e.magazine} in it)"
    ),
    "SrbCheckRolled": check,
    "SrbKnockback": knockback,
    "SrbResourceChanged": lambda e: (
        f"{e.actor} {e.resource} points {e.change:+d} → {e.total}" + (f" ({e.reason})" if e.reason else "")
    ),
}
SUFFIXES: dict[str, Suffix] = {}
