"""Text for THRUM events (``tactica.systems.thrum.events``), one formatter per event kind."""

from __future__ import annotations

from typing import Any

from tactica.render.futurepath import Formatter, Suffix, at
from tactica.render.result import plural


def rolled(e: Any) -> str | None:
    if e.what == "initiative":
        return None  # InitiativeRolled says it
    dice = " ".join(str(f) for f in e.faces)
    extra = []
    if e.boons:
        extra.append(f"{e.boons} boon" + ("s" if e.boons > 1 else ""))
    if e.banes:
        extra.append(f"{e.banes} bane" + ("s" if e.banes > 1 else ""))
    net = (
        f" ({', '.join(extra)}; kept {' '.join(map(str, e.kept))})"
        if len(e.faces) > 2
        else (f" ({', '.join(extra)})" if extra else "")
    )
    return f"{e.actor} {e.what}: 2d6 [{dice}]{net} {e.modifier:+d} = {e.total}"


def contest(e: Any) -> str:
    words = {"critical": "CRITICAL", "success": "success", "failure": "fails"}
    line = f"{e.attacker} {e.ability} vs {e.defender} ({e.defense}): {e.attack_total} vs {e.defense_total} — "
    line += words[e.outcome]
    if e.defense == "evasion":
        line += f" (Evasion: {e.defender_outcome})"
    return line


def targeted(e: Any) -> str:
    whom = ", ".join(e.targets) or "no one"
    cells = f" on {plural(len(e.cells), 'squares')}" if e.cells else ""
    over = " (Overexert)" if e.overexert else ""
    return f"{e.actor} uses {e.ability}{over}{cells}: {whom}"


def defense(e: Any) -> str:
    how = "declares" if e.chosen else "can only use"
    return f"{e.actor} {how} {e.defense.capitalize()} against {e.attacker} (before the roll)"


def triggered(e: Any) -> str:
    if e.declined:
        return f"{e.actor} lets {e.stance} pass ({e.attacker} → {e.target})"
    return f"{e.actor}'s {e.stance.capitalize()} triggers on {e.attacker} → {e.target}: {e.effect}"


def stance(e: Any) -> str:
    if e.stance is None:
        return f"{e.actor}'s stance ends ({e.reason})"
    return f"{e.actor} takes the {e.stance.capitalize()} stance"


def load(e: Any) -> str:
    change = f"{e.amount:+d}" if e.amount else "±0"
    source = f" ({e.source})" if e.source else ""
    return f"{e.actor} {e.load.capitalize()} {change} → {e.total}{source}"


def afflicted(e: Any) -> str:
    reason = f" ({e.reason})" if e.reason else ""
    if e.stacks == 0:
        return f"{e.actor} is no longer {e.status.capitalize()}{reason}"
    return f"{e.actor} is {e.status.capitalize()} {e.stacks}{reason}"


def stepped(e: Any) -> str:
    if e.how == "pushed":
        return f"{e.actor} is pushed to {at(e.path[-1])} ({plural(len(e.path) - 1, 'squares')})"
    verb = "dashes" if e.how == "dash" else "moves"
    return f"{e.actor} {verb} to {at(e.path[-1])} ({plural(e.cost, 'squares')})"


def redirected(e: Any) -> str:
    if e.landed is None:
        return f"{e.actor} is Disoriented (rolled {e.total}): the step toward {at(e.intended)} is lost"
    return f"{e.actor} is Disoriented (rolled {e.total}): steps to {at(e.landed)} instead of {at(e.intended)}"


def descended(e: Any) -> str:
    result = "lands safely" if e.success else "lands badly" + (" and stops" if e.stopped else "")
    return f"{e.actor} drops {plural(e.levels, 'levels')} to {at(e.at)}: {result}"


FORMATTERS: dict[str, Formatter] = {
    "Rolled2d6": rolled,
    "ContestDecided": contest,
    "Targeted": targeted,
    "DefenseDeclared": defense,
    "StanceTriggered": triggered,
    "StanceChanged": stance,
    "LoadChanged": load,
    "ToleranceChanged": lambda e: f"{e.actor} {e.tolerance.capitalize()} Tolerance → {e.value}",
    "Afflicted": afflicted,
    "Incapacitated": lambda e: f"{e.actor} is INCAPACITATED ({e.reason})",
    "Revived": lambda e: f"{e.actor} is back in action ({e.how})",
    "Wounded": lambda e: (
        f"{e.actor} takes a Wound ({e.wounds})" + (" and is removed from combat" if e.removed else "")
    ),
    "Stepped": stepped,
    "StepRedirected": redirected,
    "Descended": descended,
    "Delayed": lambda e: f"{e.actor} delays until after {e.behind}",
    "Placed": lambda e: f"{e.actor} takes its starting square {at(e.at)}",
    "BuffChanged": lambda e: f"{e.actor}: {e.buff} from {e.creator} {e.change}",
    "TerrainChanged": lambda e: (
        f"{e.creator}'s {e.ability} {'fades' if e.removed else 'covers ' + plural(len(e.cells), 'squares')}"
    ),
    "ActionFizzled": lambda e: f"{e.actor}'s {e.ability} fizzles: {e.reason}",
    "CombatReset": lambda e: None,
}
SUFFIXES: dict[str, Suffix] = {}
