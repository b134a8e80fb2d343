"""Seats and the GM's settings of a table, checked before they are stored.

Seats map a player's name to the combatants they act for. Settings say what players see: ``hidden``
(combatants players do not see at all: no token, no actions, no log lines naming them), ``harm``
(``exact``: every combatant's harm in the system's terms; ``status``: players see the exact harm of their
own combatants only, and of the others only whether they are still in the fight) and ``notes`` (the GM's
own notes, never sent to a player).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from typing import Any

from tactica.files import brief, clip
from tactica.table.dice import MODES, SEEDED
from tactica.table.errors import Refused

MAX_SEATS = 12
MAX_NOTES = 20_000
HARM_CHOICES = ("exact", "status")
SEAT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.'-]{0,39}")


def default_settings(dice: str = SEEDED) -> dict[str, Any]:
    """A new table's settings; ``dice`` (seeded or manual) is chosen when the table is created."""
    if dice not in MODES:
        raise Refused(f"dice: one of {', '.join(MODES)}, got {brief(dice)}")
    return {"hidden": [], "harm": "exact", "notes": "", "dice": dice}


def default_seats(sides: Mapping[str, str]) -> dict[str, list[str]]:
    """One seat per side, named after it, holding that side's combatants."""
    seats: dict[str, list[str]] = {}
    for fid, side in sides.items():
        seats.setdefault(side, []).append(fid)
    return seats


def check_seats(seats: object, sides: Mapping[str, str]) -> dict[str, list[str]]:
    """``seats`` as stored (:class:`Refused` naming the seat and what would be valid)."""
    if not isinstance(seats, Mapping):
        raise Refused("'seats' must map each seat's name to a list of combatant ids")
    if len(seats) > MAX_SEATS:
        raise Refused(f"at most {MAX_SEATS} seats, got {len(seats)}")
    out: dict[str, list[str]] = {}
    for name, members in seats.items():
        if not isinstance(name, str) or not SEAT_NAME.fullmatch(name):
            raise Refused(f"seat name {brief(name)}: 1-40 letters, digits, spaces or _ . ' -")
        out[name] = _members(name, members, sides)
    return out


def _members(name: str, members: object, sides: Mapping[str, str]) -> list[str]:
    if not isinstance(members, list) or not all(isinstance(m, str) for m in members):
        raise Refused(f"seat '{name}': a list of combatant ids")
    unknown = [m for m in members if m not in sides]
    if unknown:
        raise Refused(f"seat '{name}': no combatant {brief(unknown[0])}; the combatants are {_listed(sides)}")
    return list(dict.fromkeys(members))


def check_settings(
    current: Mapping[str, Any], changes: object, combatants: Collection[str]
) -> dict[str, Any]:
    """The settings after ``changes`` (only the keys given change)."""
    if not isinstance(changes, Mapping):
        raise Refused("settings: an object with any of 'hidden', 'harm', 'notes'")
    unknown = sorted(set(changes) - {"hidden", "harm", "notes"})
    if unknown:
        raise Refused(f"settings: no setting {brief(unknown[0])}; the settings are hidden, harm, notes")
    out = {**default_settings(), **current}
    if "hidden" in changes:
        out["hidden"] = _hidden(changes["hidden"], combatants)
    if "harm" in changes:
        if changes["harm"] not in HARM_CHOICES:
            raise Refused(f"settings: 'harm' is one of {', '.join(HARM_CHOICES)}")
        out["harm"] = changes["harm"]
    if "notes" in changes:
        notes = changes["notes"]
        if not isinstance(notes, str) or len(notes) > MAX_NOTES:
            raise Refused(f"settings: 'notes' is text of at most {MAX_NOTES:,} characters")
        out["notes"] = notes
    return out


def _hidden(hidden: object, combatants: Collection[str]) -> list[str]:
    if not isinstance(hidden, list) or not all(isinstance(h, str) for h in hidden):
        raise Refused("settings: 'hidden' is a list of combatant ids")
    unknown = [h for h in hidden if h not in combatants]
    if unknown:
        raise Refused(f"settings: no combatant {brief(unknown[0])}; the combatants are {_listed(combatants)}")
    return sorted(set(hidden))


def _listed(names: Collection[str]) -> str:
    return clip(", ".join(names), 200)
