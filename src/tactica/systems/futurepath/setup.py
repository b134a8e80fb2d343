"""Validation of FuturePath setup data (the fight part of a scenario file) and building the static game."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from tactica.dice import parse
from tactica.engine.errors import SetupError
from tactica.engine.system import Game
from tactica.grid import Cover, SquareBoard
from tactica.systems.futurepath.options import FuturePathOptions
from tactica.systems.futurepath.sheet import Character, Weapon
from tactica.systems.futurepath.state import GroundItem
from tactica.systems.setup_common import (
    ID,
    GroundSpec,
    MapSpec,
    Markers,
    Position,
    SetupProblems,
    build_board,
    check_places,
    each_combatant,
    load_content,
    off_the_map,
    place,
    placed_items,
    sheet_data,
    validated,
)
from tactica.systems.validation import explain_validation_error

T = TypeVar("T")


class CombatantSpec(BaseModel):
    """One combatant: id, side, place, a template and/or sheet fields, weapons, what is drawn."""

    model_config = ConfigDict(extra="allow")
    id: str = Field(pattern=ID)
    side: str = Field(pattern=ID)
    at: Position
    template: str | None = None
    weapons: list[str | dict[str, Any]] | None = None
    drawn: list[str] | None = None
    posture: Literal["standing", "prone", "sitting", "kneeling"] = "standing"
    hp_now: int | None = None


class ObjectSpec(BaseModel):
    """An object: a door to break (rule 37) or a crate to drag (rule 17)."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=ID)
    at: tuple[int, int]
    hardness: int = Field(5, ge=0)
    blocks: bool = True
    movable: bool = False
    weak: bool = Field(False, description="rule 43 (l.263): a weak barrier ranged weapons fire through")
    door: bool = Field(False, description="l.108: a door, opened slowly with 'open'")
    opening: Literal["standard", "full"] = Field(
        "standard", description="l.108: opening this door slowly is a Standard or a Full-Round action"
    )

    @model_validator(mode="after")
    def _check(self) -> ObjectSpec:
        if self.opening != "standard" and not self.door:
            raise ValueError(f"'opening' is for doors; say 'door: true' for {self.id}, or drop 'opening'")
        return self


class TrapSpec(BaseModel):
    """A trap or mine (rule 42)."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=ID)
    at: tuple[int, int]
    perception_dc: int = Field(15, ge=0)
    disable_dc: int = Field(15, ge=0)
    damage: str = "2d6"
    radius_ft: int = Field(0, ge=0)

    @model_validator(mode="after")
    def _check(self) -> TrapSpec:
        parse(self.damage)
        return self


class SetupSpec(BaseModel):
    """The whole FuturePath setup."""

    model_config = ConfigDict(extra="forbid")
    system: Literal["futurepath"] = "futurepath"
    options: FuturePathOptions = Field(default_factory=lambda: FuturePathOptions.model_validate({}))
    map: MapSpec
    gravity: Literal["normal", "low", "zero"] = "normal"
    combatants: list[CombatantSpec] = Field(min_length=2)
    objects: list[ObjectSpec] = Field(default_factory=list)
    traps: list[TrapSpec] = Field(default_factory=list)
    initiative: dict[str, int] | None = Field(None, description="fixed team initiative by side")
    weapons: dict[str, dict[str, Any]] = Field(default_factory=dict, description="extra named weapons")
    weak: list[tuple[int, int]] = Field(
        default_factory=list, description="rule 43 (l.263): squares of weak walls or barriers (Full cover)"
    )
    ground: list[GroundSpec] = Field(default_factory=list, description="weapons lying on the map")


@dataclass(frozen=True, slots=True)
class Placement:
    """A combatant as the fight starts: resolved position, carried and drawn weapons."""

    id: str
    side: str
    at: tuple[int, int]
    weapons: tuple[str, ...]
    drawn: tuple[str, ...]
    posture: str
    hp_now: int | None


@dataclass(frozen=True)
class FuturePathGame(Game):
    """Static facts of one FuturePath fight."""

    options: FuturePathOptions
    board: SquareBoard
    gravity: str
    sheets: Mapping[str, Character]
    weapons: Mapping[str, Weapon]
    start: Mapping[str, Placement]
    spec: SetupSpec
    ground: tuple[GroundItem, ...] = ()

    @cached_property
    def sturdy_board(self) -> SquareBoard:
        """The board without its weak walls and barriers (rule 43: ranged weapons fire through them)."""
        board = self.board
        cells = {p: board.terrain(p) for p in board.cells()}
        for p in self.spec.weak:
            cells[p] = replace(cells[p], wall=False, cover=Cover.NONE)
        return board.with_terrains(cells)

    @cached_property
    def flat_board(self) -> SquareBoard:
        """The board with difficult terrain made ordinary (A18 'whole_move' halves the move instead)."""
        board = self.board
        cells = {p: replace(board.terrain(p), difficult=False) for p in board.cells()}
        return board.with_terrains(cells)

    def sheet(self, fighter_id: str) -> Character:
        """The static sheet of a combatant."""
        return self.sheets[fighter_id]

    @cached_property
    def memo(self) -> dict[str, dict[Hashable, Any]]:
        """Facts derived from the game alone, by table name and key (:meth:`remembered`)."""
        return {}

    def remembered(
        self, table: str, key: Hashable, make: Callable[..., T], limit: int = 1 << 16, *args: Any
    ) -> T:
        """The fact ``key`` of ``table`` (the teams and their initiative, damage dice, the AI's attack odds),
        made by ``make(*args)`` the first time it is asked for; a table holding ``limit`` facts starts over.
        (A caller asked many times a fight passes ``make``'s arguments rather than a closure, which would
        cost a function and a cell per captured name at every call, found or not.)"""
        known = self.memo.get(table)
        if known is None:
            known = self.memo[table] = {}
        found = known.get(key, known)  # the table itself: never one of its values
        if found is not known:
            kept: T = found
            return kept
        if len(known) >= limit:
            known.clear()
        value = known[key] = make(*args)
        return value


def content(kind: str) -> dict[str, Any]:
    """A content file of the system ('weapons' or 'characters') as data."""
    return load_content("tactica.systems.futurepath", kind)


def build_game(system: Any, setup: Mapping[str, Any]) -> FuturePathGame:
    """Validate ``setup`` and build the game; every problem becomes a :class:`SetupError`."""
    spec = validated(SetupSpec, setup)
    board, markers = build_board(spec.map)
    weapons = _weapons(spec)
    sheets: dict[str, Character] = {}
    start: dict[str, Placement] = {}
    problems = SetupProblems()
    for where, c in each_combatant(spec.combatants):
        with problems:
            sheets[c.id] = _character(c, where)
            pos = place(c.at, board, markers, where)
            loadout = _loadout(c, weapons, where)
            start[c.id] = Placement(
                c.id, c.side, pos, tuple(loadout[0]), tuple(loadout[1]), c.posture, c.hp_now
            )
    problems.check()
    _check_places(start, spec, board)
    items = _ground(spec, weapons, board, markers)
    return FuturePathGame(
        system, setup, spec.options, board, spec.gravity, sheets, weapons, start, spec, items
    )


def _ground(
    spec: SetupSpec, weapons: Mapping[str, Weapon], board: SquareBoard, markers: Markers
) -> tuple[GroundItem, ...]:
    """The weapons of ``ground:``: known ones, on the map, with at most a full magazine (default: full)."""
    out = []
    for where, item, at in placed_items(spec.ground, board, markers):
        weapon = weapons.get(item.item)
        if weapon is None:
            raise SetupError(
                f"{where}.item: unknown weapon '{item.item}'; known: {', '.join(sorted(weapons))}"
            )
        if item.ammo is not None and weapon.ammo is None:
            raise SetupError(f"{where}.ammo: the {weapon.name} takes no ammunition; leave 'ammo' out")
        if item.ammo is not None and weapon.ammo is not None and item.ammo > weapon.ammo:
            raise SetupError(
                f"{where}.ammo: {item.ammo} is more than the {weapon.name} holds ({weapon.ammo})"
            )
        out.append(GroundItem(weapon.name, at, weapon.ammo if item.ammo is None else item.ammo))
    return tuple(out)


def _weapons(spec: SetupSpec) -> dict[str, Weapon]:
    table = {**content("weapons"), **spec.weapons}
    out: dict[str, Weapon] = {}
    for name, data in table.items():
        try:
            out[name] = Weapon.model_validate({"name": name, **data})
        except ValidationError as error:
            raise SetupError(f"weapons.{name}: {explain_validation_error(error)}") from None
    return out


def _character(c: CombatantSpec, where: str) -> Character:
    data = sheet_data(c.template, c.model_extra or {}, c.id, content("characters"), where)
    data.pop("weapons", None)  # the template's loadout: see _loadout
    data.pop("drawn", None)
    return validated(Character, data, where, beside=CombatantSpec.model_fields)


def _loadout(c: CombatantSpec, weapons: dict[str, Weapon], where: str) -> tuple[list[str], list[str]]:
    template = content("characters").get(c.template or "", {})
    carried = c.weapons if c.weapons is not None else template.get("weapons", [])
    names: list[str] = []
    for i, w in enumerate(carried):
        if isinstance(w, dict):
            try:
                weapon = Weapon.model_validate(w)
            except ValidationError as error:
                raise SetupError(f"{where}.weapons[{i}]: {explain_validation_error(error)}") from None
            weapons[weapon.name] = weapon
            w = weapon.name
        if w not in weapons:
            raise SetupError(
                f"{where}.weapons[{i}]: unknown weapon '{w}'; known: {', '.join(sorted(weapons))}"
            )
        names.append(w)
    drawn = _drawn(c, template.get("drawn", []), names)
    for w in drawn:
        if w not in names:
            raise SetupError(f"{where}.drawn: '{w}' is not among its weapons ({', '.join(names) or 'none'})")
    if len(drawn) > 2:
        raise SetupError(f"{where}.drawn: at most two weapons can be drawn (main hand, off hand)")
    return names, list(drawn)


def _drawn(c: CombatantSpec, template: list[str], names: list[str]) -> list[str]:
    """What is drawn at the start: the combatant's ``drawn``, else its template's, where a weapon that the
    combatant's own ``weapons`` left out gives way to the first of them (issue 15 point 2)."""
    if c.drawn is not None or c.weapons is None:
        return list(c.drawn if c.drawn is not None else template)
    return list(dict.fromkeys(w if w in names else names[0] for w in template)) if names else []


def _check_places(start: Mapping[str, Placement], spec: SetupSpec, board: SquareBoard) -> None:
    check_places(start)
    for kind, items in (("objects", spec.objects), ("traps", spec.traps)):
        for item in items:
            if not board.in_bounds(item.at):
                raise SetupError(f"{kind}.{item.id}.at: {off_the_map(board, item.at)}")
    for i, at in enumerate(spec.weak):
        _check_weak(board, at, f"weak[{i}]")


def _check_weak(board: SquareBoard, at: tuple[int, int], where: str) -> None:
    """Rule 43: only a wall or Full-cover terrain on the map can be weak."""
    if not board.in_bounds(at):
        raise SetupError(f"{where}: {off_the_map(board, at)}")
    terrain = board.terrain(at)
    if not (terrain.wall or terrain.cover == Cover.FULL):
        raise SetupError(
            f"{where}: {list(at)} is {terrain.name}; only a wall or Full-cover terrain can be weak"
            " (FuturePath 43; a weak object says 'weak: true' in objects)"
        )
