"""Harm and conditions of one combatant in its system's own terms, read from ``fight.observe()`` data.

Harm: hit points and status (FuturePath, Star Rangers), Body, Mind and status (Far Recon), STUN and BODY
(Phase 3d6), Fatigue and Stress loads against their tolerances (THRUM). Conditions: posture, flags such as
flat-footed or stunned, statuses with their stacks, a readied action, and the effects the state keeps apart
from the combatant (FuturePath conditions, Star Rangers timed effects).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: What a FuturePath condition held by a combatant is called (its ``source`` is filled in).
FUTUREPATH_CONDITIONS = {"ready": "readied action", "dragging": "dragging {source}"}
#: FuturePath conditions that are on the map, not on the combatant who made them.
MAP_CONDITIONS = {"grenade", "smoke"}
#: Statuses of a combatant out of the fight but not dead.
DOWN = {"dying", "stable", "down", "unconscious"}
#: Flags worth a word, by the field that holds them (Star Rangers, Far Recon, Phase 3d6).
FLAGS = {
    "prone": "prone",
    "flat_footed": "flat-footed",
    "tired": "tired",
    "out": "out",
    "stunned": "stunned",
    "pinned": "staggered",
    "stagger": "staggered next turn",
    "restrained": "restrained",
    "holding": "holding its turn",
}


def combatant_summaries(data: Mapping[str, Any]) -> dict[str, str]:
    """``{id: "HP 18, active, prone"}`` for every combatant of the observed data."""
    fighters: Mapping[str, Any] = data.get("fighters") or {}
    return {fid: ", ".join(summary(f, effects_on(data, fid))) for fid, f in fighters.items()}


def summary(f: Mapping[str, Any], effects: list[str] | None = None) -> list[str]:
    """The words for one combatant: its harm, then its conditions and ``effects``."""
    return harm(f) + conditions(f) + list(effects or [])


def harm(f: Mapping[str, Any]) -> list[str]:
    """The harm taken, in the system's units, and the status it leaves."""
    if "hp" in f:
        return [f"HP {f.get('hp')}", str(f.get("status", "active"))]
    if "health" in f and "mind" in f:
        return [f"Body {f.get('health')}", f"Mind {f.get('mind')}", str(f.get("status", ""))]
    if "stun" in f:
        return [f"STUN {f.get('stun')}", f"BODY {f.get('body')}"]
    loads = [
        f"F {f.get('fatigue')}/{f.get('fatigue_tolerance')}",
        f"S {f.get('stress')}/{f.get('stress_tolerance')}",
    ]
    return loads + ([f"wounds {f['wounds']}"] if f.get("wounds") else [])


def conditions(f: Mapping[str, Any]) -> list[str]:
    """Everything on the combatant besides its harm."""
    words = [str(f["posture"])] if f.get("posture", "standing") != "standing" else []
    words += [word for key, word in FLAGS.items() if f.get(key)]
    words += _thrum_conditions(f) + _far_recon_conditions(f)
    if f.get("held") == "ready":
        words.append(f"ready {f.get('ready_weapon')}")
    return words + (["unaware"] if f.get("aware") is False else [])


def effects_on(data: Mapping[str, Any], fid: str) -> list[str]:
    """Effects the state keeps apart from the combatant: FuturePath conditions, Star Rangers timed effects."""
    words = []
    for c in data.get("conditions") or []:
        if isinstance(c, Mapping) and c.get("holder") == fid and c.get("name") not in MAP_CONDITIONS:
            template = FUTUREPATH_CONDITIONS.get(str(c.get("name")), str(c.get("name")))
            words.append(template.format(source=c.get("source")))
    for t in data.get("timed") or []:
        if isinstance(t, Mapping) and t.get("holder") == fid:
            words.append(f"{t.get('name')} ({t.get('item')})" if t.get("item") else str(t.get("name")))
    return words


def is_dead(f: Mapping[str, Any]) -> bool:
    """Dead, or (THRUM) removed from the fight."""
    return f.get("status") == "dead" or bool(f.get("removed"))


def is_down(f: Mapping[str, Any]) -> bool:
    """Out of the fight but not dead: dying, stable, down, unconscious, out, incapacitated."""
    return f.get("status") in DOWN or bool(f.get("out") or f.get("incapacitated"))


def _thrum_conditions(f: Mapping[str, Any]) -> list[str]:
    """THRUM: out of action, the Stance, statuses with their stacks, conditions, a Buff."""
    words = ["removed"] if f.get("removed") else ["incapacitated"] if f.get("incapacitated") else []
    if f.get("stance"):
        words.append(f"stance {f['stance']}")
    words += [f"{k} {v}" for k, v in (f.get("statuses") or {}).items()]
    words += list(f.get("conditions") or {})
    return words + ([f"buff {f['buff']}"] if f.get("buff") else [])


def _far_recon_conditions(f: Mapping[str, Any]) -> list[str]:
    """Far Recon: not yet arrived, a breakdown (Mind 0 or below), jammed weapons."""
    if f.get("present") is False:
        return ["not yet in the fight"]
    words = ["breakdown"] if "mind" in f and int(f.get("mind") or 0) <= 0 else []
    return words + [f"jammed {weapon}" for weapon in f.get("jammed") or []]
