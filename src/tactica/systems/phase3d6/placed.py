"""What lies on a Phase 3d6 map when the fight starts (issue 14 point 8): weapons on the ground (rule 16,
"pick up an item"), doors (rule 16, "open or close a door"), in the shape FuturePath uses for its
objects (``{id, at}``), and areas of darkness (rule 18, seed l.94: no 1-hex step "hampered by ...
darkness")."""

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


class AreaSpec(BaseModel):
    """An area of the map: its ``kind`` (only ``darkness``) and its ``hexes``, each ``[q, r]`` or a marker
    letter of the map text (every hex drawn with that letter)."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["darkness"]
    hexes: list[Position] = Field(min_length=1)


def dark_hexes(specs: Sequence[AreaSpec], board: Board, markers: Markers) -> frozenset[Pos]:
    """The hexes in darkness (``areas:`` of kind ``darkness``), each on the map."""
    out: set[Pos] = set()
    for i, spec in enumerate(specs):
        for j, at in enumerate(spec.hexes):
            out.update(_area_hexes(at, board, markers, f"areas[{i}].hexes[{j}]"))
    return frozenset(out)


def _area_hexes(at: Pos | str, board: Board, markers: Markers, where: str) -> list[Pos]:
    """The hexes one entry of an area names: ``[q, r]`` on the map, or every hex marked with a letter."""
    if isinstance(at, str):
        if at not in markers:
            known = ", ".join(sorted(markers)) or "none"
            raise SetupError(f"{where}: no marker '{at}' on the map (markers: {known})")
        return list(markers[at])
    if not board.in_bounds(at):
        raise SetupError(f"{where}: position {list(at)} is off the map")
    return [at]


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
