"""Text for Phase 3d6 events (``tactica.systems.phase3d6.events``), one formatter per event kind."""

from __future__ import annotations

from typing import Any

from tactica.render.futurepath import Formatter, Suffix, at
from tactica.render.result import plural


def phase_started(e: Any) -> str:
    return "Surprise Phase" if e.number == 0 else f"Turn {e.turn}, Phase {e.phase}"


def attack_roll(e: Any) -> str:
    kind = "attack of opportunity" if e.opportunity else (e.maneuver if e.maneuver != "strike" else "attacks")
    dice = "+".join(map(str, e.faces))
    verdict = "hit" if e.hit else "miss"
    if e.weapon in ("block", "missile-deflection"):  # a guard's roll: ``maneuver`` names the guard
        verdict = "stopped" if e.hit else "not stopped"
        roll = f"3d6 {dice} + OCV {e.ocv} = {e.total} vs {e.target_number}"
        return f"{e.attacker} {e.maneuver} against {e.target}: {roll} — {verdict}"
    what = (
        f"{e.attacker} {kind} {e.target} with {e.weapon}"
        if kind == "attacks"
        else f"{e.attacker} {kind} on {e.target} ({e.weapon})"
    )
    return f"{what}: 3d6 {dice} + OCV {e.ocv} = {e.total} vs 10 + DCV {e.dcv} = {e.target_number} — {verdict}"


def damage(e: Any) -> str:
    return (
        f"{e.target} takes {e.stun} STUN, {e.body} BODY ({'+'.join(map(str, e.faces))}) — "
        f"STUN {e.stun_left}, BODY {e.body_left}"
    )


def moved(e: Any) -> str:
    how = {"move": "moves", "step": "takes a 1-hex step", "withdraw": "withdraws", "crawl": "crawls"}
    return f"{e.actor} {how.get(e.how, e.how)} to {at(e.path[-1])} ({plural(len(e.path) - 1, 'hexes')})"


def skill(e: Any) -> str:
    verdict = "success: no attack of opportunity" if e.success else "failure"
    return (
        f"{e.actor} {e.skill}: 3d6 {'+'.join(map(str, e.faces))} = {sum(e.faces)} vs {e.target}- — {verdict}"
    )


def maneuver(e: Any) -> str | None:
    if e.maneuver in ("half-move", "full-move", "step", "withdraw", "crawl", "pick-up", "door"):
        return None  # the move's or the item's own line says it
    kind = f"{e.type} action" if " " not in e.type else e.type
    return f"{e.actor} uses {e.maneuver} ({kind})"


def readied(e: Any) -> str:
    if e.weapon:
        how = "an attack" if e.what == "strike" else f"a {e.what}"
        whom = e.target or "the first enemy"
        return f"{e.actor} readies {how} with {e.weapon} for when {whom} {e.trigger}"
    what = f"{e.what} {e.target}" if e.target else e.what
    return f"{e.actor} readies '{what}' for the first enemy that {e.trigger}"


FORMATTERS: dict[str, Formatter] = {
    "PhaseStarted": phase_started,
    "PostTurn": lambda e: f"Post-Turn {e.turn}: everyone Takes a Recovery",
    "RecoveryTaken": lambda e: f"{e.actor} recovers {e.stun} STUN → {e.total} ({e.why})",
    "AttackRoll": attack_roll,
    "DamageDealt": damage,
    "FighterDown": lambda e: f"{e.actor} is {e.state}",
    "HexesMoved": moved,
    "OpportunityOffered": lambda e: f"{e.provoker} {e.why}: {e.attacker} may make an attack of opportunity",
    "SkillRolled": skill,
    "ManeuverUsed": maneuver,
    "InitiativeMoved": lambda e: f"{e.actor}'s initiative is now {e.where} {e.other} ({e.why})",
    "ActionReadied": readied,
    "ActionHeld": lambda e: f"{e.actor} delays: it may act between any two places until its next one",
    "HeldActionLost": lambda e: f"{e.actor}'s delayed action lapses: {e.why}",
    "PhaseActionLost": lambda e: f"{e.actor} does not act: {e.why}",
    "Aborted": lambda e: f"{e.actor} aborts to {e.maneuver} (gives up its action of Phase #{e.costs_phase})",
    "AttackStopped": lambda e: f"{e.defender}'s {e.maneuver} stops {e.attacker}'s attack",
    "ItemMoved": lambda e: f"{e.actor}'s {e.item}: {e.how} at {at(e.at)}",
    "DoorMoved": lambda e: f"{e.actor} {e.how} {e.door}",
}
SUFFIXES: dict[str, Suffix] = {}
