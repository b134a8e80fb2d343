"""Validation of Star Rangers setup data (the fight part of a scenario file) and building the static game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tactica.engine.errors import SetupError
from tactica.engine.system import Game
from tactica.grid import SquareBoard
from tactica.systems.setup_common import (
    ID,
    GroundSpec,
    MapSpec,
    Placement,
    Position,
    SetupProblems,
    build_board,
    check_places,
    each_combatant,
    load_content,
    named_table,
    place,
    sheet_data,
    validated,
)
from tactica.systems.srb.options import StarRangersOptions
from tactica.systems.srb.placed import ground_items
from tactica.systems.srb.sheet import Character, Weapon
from tactica.systems.srb.state import GroundItem

Pos = tuple[int, int]
#: Every combatant can strike unarmed.
UNARMED = "unarmed"


class CombatantSpec(BaseModel):
    """One combatant: id, side, place, a template and/or sheet fields, and how it comes into the fight."""

    model_config = ConfigDict(extra="allow")
    id: str = Field(pattern=ID)
    side: str = Field(pattern=ID)
    at: Position
    template: str | None = None
    aware: bool = Field(True, description="rules 3-5: unaware combatants are surprised")
    hp_now: int | None = Field(None, description="hit points at the start (default: the sheet's)")
    drawn: str | None = Field(
        None, description="the weapon in hand (default: its first held weapon; '' for an empty hand)"
    )
    loaded: dict[str, int] = Field(default_factory=dict, description="rounds in each weapon (default: full)")
    prone: bool = False
    tired: bool = False


class SetupSpec(BaseModel):
    """The whole Star Rangers setup."""

    model_config = ConfigDict(extra="forbid")
    system: Literal["srb"] = "srb"
    options: StarRangersOptions = Field(default_factory=lambda: StarRangersOptions.model_validate({}))
    map: MapSpec
    combatants: list[CombatantSpec] = Field(min_length=2)
    weapons: dict[str, dict[str, Any]] = Field(default_factory=dict, description="extra weapons and powers")
    initiative: dict[str, int] | None = Field(None, description="fixed initiative results by combatant")
    ground: list[GroundSpec] = Field(default_factory=list, description="items lying on the map")


@dataclass(frozen=True)
class SrbGame(Game):
    """Static facts of one Star Rangers fight."""

    options: StarRangersOptions
    board: SquareBoard
    sheets: Mapping[str, Character]
    weapons: Mapping[str, Weapon]
    start: Mapping[str, Placement[CombatantSpec]]
    sizes: Mapping[str, str]
    spec: SetupSpec
    ground: tuple[GroundItem, ...] = ()

    def sheet(self, fighter_id: str) -> Character:
        """The static sheet of a combatant."""
        return self.sheets[fighter_id]


def content(kind: str) -> dict[str, Any]:
    """A content file of the system ('weapons', 'characters') as data."""
    return load_content("tactica.systems.srb", kind)


def build_game(system: Any, setup: Mapping[str, Any]) -> SrbGame:
    """Validate ``setup`` and build the game; every problem becomes a :class:`SetupError`."""
    spec = validated(SetupSpec, setup)
    board, markers = build_board(spec.map)
    weapons = _weapons(spec)
    sheets: dict[str, Character] = {}
    start: dict[str, Placement[CombatantSpec]] = {}
    sizes: dict[str, str] = {}
    problems = SetupProblems()
    for where, c in each_combatant(spec.combatants):
        with problems:
            sheets[c.id] = _character(c, weapons, where)
            sizes[c.id] = sheets[c.id].size_category(spec.options.size_boundary)
            start[c.id] = Placement(c.id, c.side, place(c.at, board, markers, where), c)
    problems.check()
    check_places(start)
    if spec.initiative:
        for cid in spec.initiative:
            if cid not in sheets:
                raise SetupError(f"initiative: no combatant '{cid}' (combatants: {', '.join(sheets)})")
    items = ground_items(spec.ground, weapons, board, markers)
    return SrbGame(system, setup, spec.options, board, sheets, weapons, start, sizes, spec, items)


def _weapons(spec: SetupSpec) -> dict[str, Weapon]:
    out = named_table(Weapon, {**content("weapons"), **spec.weapons}, "weapons")
    if UNARMED not in out or out[UNARMED].category != "unarmed":
        raise SetupError("weapons.unarmed: the unarmed strike must stay an 'unarmed' attack")
    return out


def _character(c: CombatantSpec, weapons: Mapping[str, Weapon], where: str) -> Character:
    data = sheet_data(c.template, c.model_extra or {}, c.id, content("characters"), where)
    sheet = validated(Character, data, where, beside=CombatantSpec.model_fields)
    known = ", ".join(sorted(n for n, w in weapons.items() if w.category != "power"))
    for i, w in enumerate(sheet.weapons):
        if w not in weapons or weapons[w].category in ("power", "unarmed"):
            raise SetupError(f"{where}.weapons[{i}]: unknown weapon '{w}'; known: {known}")
    if len(set(sheet.weapons)) != len(sheet.weapons):
        raise SetupError(f"{where}.weapons: a weapon is listed twice")
    powers = ", ".join(sorted(n for n, w in weapons.items() if w.category == "power")) or "none"
    for i, p in enumerate(sheet.powers):
        if p not in weapons or weapons[p].category != "power":
            raise SetupError(f"{where}.powers[{i}]: unknown power '{p}'; known: {powers}")
    for name in sheet.magazines:
        fed = weapons.get(name)
        if fed is None or (fed.feed not in ("box", "belt", "cell") and not fed.speed_loader):
            raise SetupError(
                f"{where}.magazines.{name}: not a weapon that takes magazines, belts, cells or speed loaders"
            )
    for name in sheet.rounds:
        fed = weapons.get(name)
        if fed is None or fed.feed not in ("box", "revolver", "internal", "quiver"):
            raise SetupError(f"{where}.rounds.{name}: not a weapon loaded with loose rounds or arrows")
    held = [w for w in sheet.weapons if weapons[w].in_hand]
    if c.drawn and c.drawn not in held:
        raise SetupError(f"{where}.drawn: '{c.drawn}' is not among its held weapons ({', '.join(held)})")
    for name, n in c.loaded.items():
        if name not in sheet.weapons or not weapons[name].loaded_feed:
            raise SetupError(f"{where}.loaded.{name}: not one of its weapons that holds rounds")
        if not 0 <= n <= weapons[name].capacity:
            raise SetupError(f"{where}.loaded.{name}: must be 0-{weapons[name].capacity}")
    return sheet
