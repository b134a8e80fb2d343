"""What lies on a Phase 3d6 map when the fight starts (issue 14 point 8): weapons on the ground (rule 16,
"pick up an item") and doors (rule 16, "open or close a door"), in the shape FuturePath uses for its
objects (``{id, at}``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tactica.engine.errors import SetupError
from tactica.grid import Board
from tactica.systems.phase3d6.sheet import Weapon
from tactica.systems.phase3d6.state import Door, GroundItem
from tactica.systems.setup_common import ID, GroundSpec, Markers, Position, place, placed_items

Pos = tuple[int, int]


class ObjectSpec(BaseModel):
    """An object filling a hex; only doors: closed (the default) it blocks movement and sight."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=ID)
    at: Position
    kind: Literal["door"] = "door"
    open: bool = False


def ground_items(
    specs: Sequence[GroundSpec], weapons: Mapping[str, Weapon], board: Board, markers: Markers
) -> tuple[GroundItem, ...]:
    """The items of ``ground:``, each checked: a known weapon, on the map, shots within its magazine."""
    out = []
    for where, spec, at in placed_items(specs, board, markers):
        weapon = weapons.get(spec.item)
        if weapon is None:
            known = ", ".join(sorted(weapons))
            raise SetupError(f"{where}.item: unknown weapon '{spec.item}'; known: {known}")
        out.append(GroundItem(spec.item, at, _shots(spec.ammo, weapon, where)))
    return tuple(out)


def _shots(ammo: int | None, weapon: Weapon, where: str) -> int | None:
    """The shots in a weapon: ``ammo`` when given (at most its magazine), else a full magazine."""
    if ammo is None:
        return weapon.ammo
    if weapon.ammo is None:
        raise SetupError(f"{where}.ammo: {weapon.name} takes no ammunition; leave 'ammo' out")
    if ammo > weapon.ammo:
        raise SetupError(f"{where}.ammo: {ammo} is more than {weapon.name} holds ({weapon.ammo})")
    return ammo


def doors(
    specs: Sequence[ObjectSpec], board: Board, markers: Markers, standing: Mapping[Pos, str]
) -> dict[str, Door]:
    """The doors of ``objects:``: one per hex, each id once, none closed on a combatant."""
    out: dict[str, Door] = {}
    taken: dict[Pos, str] = {}
    for i, spec in enumerate(specs):
        where = f"objects[{i}] ({spec.id})"
        pos = place(spec.at, board, markers, where)
        if spec.id in out:
            raise SetupError(f"{where}.id: '{spec.id}' is used twice; every object needs its own id")
        if pos in taken:
            raise SetupError(f"{where}.at: {list(pos)} already holds '{taken[pos]}'")
        if pos in standing and not spec.open:
            raise SetupError(f"{where}.at: {standing[pos]} stands on {list(pos)}: that door must be open")
        out[spec.id], taken[pos] = Door(pos, spec.open), spec.id
    return out


def shots_at_start(
    ammo: Mapping[str, int], carried: Sequence[str], weapons: Mapping[str, Weapon], where: str
) -> dict[str, int]:
    """A combatant's shots per weapon with ammunition: a full magazine unless ``ammo`` gives fewer."""
    for name in ammo:
        if name not in carried:
            raise SetupError(f"{where}.ammo: '{name}' is not among its weapons ({', '.join(carried)})")
    out: dict[str, int] = {}
    for name in carried:
        shots = _shots(ammo.get(name), weapons[name], f"{where}.ammo.{name}")
        if shots is not None:
            out[name] = shots
    return out
