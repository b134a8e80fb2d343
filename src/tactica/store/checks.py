"""What the store accepts (Issue 13 point 5): each check raises one StoreError line naming the field and
what would be valid, before anything is written."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TypeGuard

from tactica.files import brief
from tactica.store.errors import StoreError
from tactica.store.records import KINDS, Kind

MAX_SEED = 2**63 - 1  # a signed 64-bit column


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_str_list(value: object) -> bool:
    return isinstance(value, list | tuple) and all(isinstance(item, str) for item in value)


def check_texts(**texts: object) -> dict[str, object]:
    for field, value in texts.items():
        if not isinstance(value, str):
            raise StoreError(f"{field}: expected a text, got {type(value).__name__}")
    return texts


def check_seed(seed: object) -> int:
    if not _is_int(seed) or not -MAX_SEED - 1 <= seed <= MAX_SEED:
        raise StoreError(f"seed: {brief(seed)} is not a whole number between {-MAX_SEED - 1} and {MAX_SEED}")
    return seed


def check_seats(seats: object) -> dict[str, list[str]]:
    if not isinstance(seats, Mapping):
        raise StoreError("seats: expected a mapping of seat names to lists of combatant ids")
    for name, combatants in seats.items():
        if not isinstance(name, str) or not name.strip():
            raise StoreError(f"seats: {brief(name)} is not a seat name (a non-empty text)")
        if not _is_str_list(combatants):
            raise StoreError(
                f"seats: {brief(name)}: expected a list of combatant ids, got {brief(combatants)}"
            )
    return {name: list(combatants) for name, combatants in seats.items()}


def check_settings(settings: object) -> dict[str, Any]:
    if not isinstance(settings, dict):
        raise StoreError(f"settings: expected a JSON object (a dict), got {type(settings).__name__}")
    try:
        stored = json.loads(json.dumps(settings, allow_nan=False))
    except (TypeError, ValueError) as error:
        raise StoreError(f"settings: not storable as JSON: {error}") from None
    if stored != settings:
        raise StoreError("settings: would not read back the same from JSON (keys must be texts; no tuples)")
    return settings


def check_kind(kind: object) -> Kind:
    for known in KINDS:
        if kind == known:
            return known
    raise StoreError(f"kind: {brief(kind)} is not one of {', '.join(KINDS)}")


def check_entry(after: object, text: object, seat: object, faces: object) -> None:
    if not _is_int(after) or after < 0:
        raise StoreError(f"after: {brief(after)} is not a seq (a whole number, 0 or more)")
    if not isinstance(text, str):
        raise StoreError(f"text: expected the entry's text, got {type(text).__name__}")
    if seat is not None and not isinstance(seat, str):
        raise StoreError(f"seat: expected a seat name or None (the GM), got {brief(seat)}")
    if not isinstance(faces, list | tuple) or not all(_is_int(face) for face in faces):
        raise StoreError(f"faces: expected a list of whole numbers, got {brief(faces)}")
