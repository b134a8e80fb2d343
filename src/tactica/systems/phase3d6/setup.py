"""Validation of Phase 3d6 setup data (the fight part of a scenario file) and building the static game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tactica.engine.errors import SetupError
from tactica.engine.system import Game
from tactica.grid import Board
from tactica.systems.phase3d6.options import Phase3d6Options
from tactica.systems.phase3d6.placed import (
    AreaSpec,
    GroundSpec,
    ObjectSpec,
    dark_hexes,
    doors,
    ground_items,
    shots_at_start,
)
from tactica.systems.phase3d6.sheet import Character, Weapon
from tactica.systems.phase3d6.state import Door, GroundItem
from tactica.systems.setup_common import (
    ID,
    MapSpec,
    Placement,
    Position,
    build_board,
    check_places,
    each_combatant,
    load_content,
    named_table,
    place,
    sheet_data,
    validated,
)

Pos = tuple[int, int]


class Maneuver(BaseModel):
    """One row of the seed's table (rule 16), with HERO's OCV/DCV modifiers for attack manoeuvres (E1)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    title: str
    type: Literal["attack", "move", "full", "free", "none"]
    provokes: Literal["no", "yes", "skill", "usually"]
    ocv: int = 0
    dcv: int = 0
    verb: str | None = None
    defensive: bool = False
    extra_dice: int = 0


class CombatantSpec(BaseModel):
    """One combatant: id, side, place, a template and/or sheet fields, and how it comes into the fight."""

    model_config = ConfigDict(extra="allow")
    id: str = Field(pattern=ID)
    side: str = Field(pattern=ID)
    at: Position
    template: str | None = None
    aware: bool = Field(True, description="rule 4: unaware characters are surprised")
    prone: bool = False
    stun_now: int | None = None
    body_now: int | None = None
    drawn: str | None = Field(None, description="the weapon in hand (default: its first weapon)")
    ammo: dict[str, int] = Field(default_factory=dict, description="shots left per weapon (default: full)")


class SetupSpec(BaseModel):
    """The whole Phase 3d6 setup."""

    model_config = ConfigDict(extra="forbid")
    system: Literal["phase3d6"] = "phase3d6"
    options: Phase3d6Options = Field(default_factory=lambda: Phase3d6Options.model_validate({}))
    map: MapSpec
    combatants: list[CombatantSpec] = Field(min_length=2)
    weapons: dict[str, dict[str, Any]] = Field(default_factory=dict, description="extra named weapons")
    initiative: dict[str, int] | None = Field(None, description="fixed initiative scores by combatant")
    ground: list[GroundSpec] = Field(default_factory=list, description="weapons lying on the map")
    objects: list[ObjectSpec] = Field(default_factory=list, description="doors")
    areas: list[AreaSpec] = Field(default_factory=list, description="hexes in darkness (rule 18)")


@dataclass(frozen=True)
class Phase3d6Game(Game):
    """Static facts of one Phase 3d6 fight."""

    options: Phase3d6Options
    board: Board
    sheets: Mapping[str, Character]
    weapons: Mapping[str, Weapon]
    maneuvers: Mapping[str, Maneuver]
    start: Mapping[str, Placement[CombatantSpec]]
    spec: SetupSpec
    ground: tuple[GroundItem, ...] = ()
    doors: Mapping[str, Door] = field(default_factory=dict)
    dark: frozenset[Pos] = frozenset()

    def sheet(self, fighter_id: str) -> Character:
        """The static sheet of a combatant."""
        return self.sheets[fighter_id]


def content(kind: str) -> dict[str, Any]:
    """A content file of the system ('weapons', 'characters', 'maneuvers') as data."""
    return load_content("tactica.systems.phase3d6", kind)


def build_game(system: Any, setup: Mapping[str, Any]) -> Phase3d6Game:
    """Validate ``setup`` and build the game; every problem becomes a :class:`SetupError`."""
    spec = validated(SetupSpec, _on_hexes(setup))
    board, markers = build_board(spec.map, allow_hex=True)
    weapons = _weapons(spec)
    maneuvers = {k: Maneuver.model_validate({"id": k, **v}) for k, v in content("maneuvers").items()}
    sheets: dict[str, Character] = {}
    start: dict[str, Placement[CombatantSpec]] = {}
    for where, c in each_combatant(spec.combatants):
        sheets[c.id] = _character(c, weapons, where)
        start[c.id] = Placement(c.id, c.side, place(c.at, board, markers, where), c)
    check_places(start)
    items = ground_items(spec.ground, weapons, board, markers)
    standing = {p.at: cid for cid, p in start.items()}
    shut = doors(spec.objects, board, markers, standing)
    dark = dark_hexes(spec.areas, board, markers)
    return Phase3d6Game(
        system, setup, spec.options, board, sheets, weapons, maneuvers, start, spec, items, shut, dark
    )


def _on_hexes(setup: Mapping[str, Any]) -> dict[str, Any]:
    """The setup with its map on hexes unless it says otherwise (a map that is not a mapping is left for
    validation to name)."""
    given = setup.get("map") or {}
    return {**setup, "map": {"grid": "hex", **given}} if isinstance(given, Mapping) else dict(setup)


def _weapons(spec: SetupSpec) -> dict[str, Weapon]:
    out = named_table(Weapon, {**content("weapons"), **spec.weapons}, "weapons")
    return out


def _character(c: CombatantSpec, weapons: Mapping[str, Weapon], where: str) -> Character:
    data = sheet_data(c.template, c.model_extra or {}, c.id, content("characters"), where)
    sheet = validated(Character, data, where)
    for i, w in enumerate(sheet.weapons):
        if w not in weapons:
            raise SetupError(
                f"{where}.weapons[{i}]: unknown weapon '{w}'; known: {', '.join(sorted(weapons))}"
            )
    if c.drawn is not None and c.drawn not in sheet.weapons:
        raise SetupError(f"{where}.drawn: '{c.drawn}' is not among its weapons ({', '.join(sheet.weapons)})")
    shots_at_start(c.ammo, sheet.weapons, weapons, where)
    return sheet
