"""Validation of Far Recon setup data (the fight part of a scenario file) and building the static game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tactica.engine.errors import SetupError
from tactica.engine.system import Game
from tactica.grid import SquareBoard
from tactica.systems.farrecon.options import FarReconOptions
from tactica.systems.farrecon.sheet import Character, Weapon
from tactica.systems.setup_common import (
    ID,
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

Pos = tuple[int, int]
#: Sheet fields that are mappings: a combatant's entries are merged into its template's.
MERGED = ("skills", "carry")


class CombatantSpec(BaseModel):
    """One combatant: id, side, place, a template and/or sheet fields, and how it comes into the fight."""

    model_config = ConfigDict(extra="allow")
    id: str = Field(pattern=ID)
    side: str = Field(pattern=ID)
    at: Position
    template: str | None = None
    health_now: int | None = Field(None, description="current health (default: its base Body)")
    mind_now: int | None = Field(None, description="current Mind (default: its base Mind)")
    stable: bool = Field(False, description="with negative health: stable rather than dying (Far Recon 18)")
    aware: bool = Field(True, description="Far Recon 11: the unaware cannot dodge until their first turn")
    restrained: bool = Field(False, description="Far Recon 11: cannot dodge (nor move)")
    joins: int | None = Field(None, ge=1, description="Far Recon 7: the round it enters the fight in")
    joins_after: str | None = Field(None, description="Far Recon 7: it enters after this character's slot")

    @model_validator(mode="after")
    def _join(self) -> CombatantSpec:
        if self.joins_after is not None and self.joins is None:
            raise ValueError("joins_after needs joins (the round it enters the fight in)")
        return self


class SetupSpec(BaseModel):
    """The whole Far Recon setup."""

    model_config = ConfigDict(extra="forbid")
    system: Literal["farrecon"] = "farrecon"
    options: FarReconOptions = Field(default_factory=lambda: FarReconOptions.model_validate({}))
    map: MapSpec
    combatants: list[CombatantSpec] = Field(min_length=2)
    weapons: dict[str, dict[str, Any]] = Field(default_factory=dict, description="extra named weapons")
    initiative: dict[str, int] | None = Field(None, description="fixed initiative totals by combatant")


@dataclass(frozen=True)
class FarReconGame(Game):
    """Static facts of one Far Recon fight."""

    options: FarReconOptions
    board: SquareBoard
    sheets: Mapping[str, Character]
    weapons: Mapping[str, Weapon]
    start: Mapping[str, Placement[CombatantSpec]]
    spec: SetupSpec

    def sheet(self, fighter_id: str) -> Character:
        """The static sheet of a combatant."""
        return self.sheets[fighter_id]

    def skill(self, fighter_id: str, name: str) -> int:
        """A combatant's skill modifier."""
        return self.sheets[fighter_id].skill(name, self.options)

    def weapons_of(self, fighter_id: str) -> list[Weapon]:
        """A combatant's weapons, in sheet order."""
        return [self.weapons[w] for w in self.sheets[fighter_id].weapons]


def content(kind: str) -> dict[str, Any]:
    """A content file of the system ('weapons', 'characters') as data."""
    return load_content("tactica.systems.farrecon", kind)


def build_game(system: Any, setup: Mapping[str, Any]) -> FarReconGame:
    """Validate ``setup`` and build the game; every problem becomes a :class:`SetupError`."""
    spec = validated(SetupSpec, setup)
    board, markers = build_board(spec.map)
    weapons = _weapons(spec)
    sheets: dict[str, Character] = {}
    start: dict[str, Placement[CombatantSpec]] = {}
    problems = SetupProblems()
    for where, c in each_combatant(spec.combatants):
        with problems:
            sheets[c.id] = _character(c, weapons, where)
            _check_health(c, sheets[c.id], where)
            start[c.id] = Placement(c.id, c.side, place(c.at, board, markers, where), c)
    problems.check()
    check_places(start)
    _check_joins(spec, start)
    _check_initiative(spec, start)
    return FarReconGame(system, setup, spec.options, board, sheets, weapons, start, spec)


def _weapons(spec: SetupSpec) -> dict[str, Weapon]:
    out = named_table(Weapon, {**content("weapons"), **spec.weapons}, "weapons")
    return out


def _character(c: CombatantSpec, weapons: Mapping[str, Weapon], where: str) -> Character:
    extra = dict(c.model_extra or {})
    templates = content("characters")
    data = sheet_data(c.template, extra, c.id, templates, where)
    if c.template is not None:
        for key in MERGED:
            if isinstance(extra.get(key), dict) and isinstance(templates[c.template].get(key), dict):
                data[key] = {**templates[c.template][key], **extra[key]}
    sheet = validated(Character, data, where, beside=CombatantSpec.model_fields)
    for i, w in enumerate(sheet.weapons):
        if w not in weapons:
            raise SetupError(
                f"{where}.weapons[{i}]: unknown weapon '{w}'; known: {', '.join(sorted(weapons))}"
            )
    for w in sheet.carry:
        if w not in sheet.weapons or not weapons[w].throwable:
            raise SetupError(f"{where}.carry: '{w}' is not one of its thrown weapons or explosives")
    return sheet


def _check_health(c: CombatantSpec, sheet: Character, where: str) -> None:
    """Far Recon 17-19: current health lies between minus the base Body (below it a character is dead) and
    the base Body."""
    if c.health_now is not None and not -sheet.body <= c.health_now <= sheet.body:
        raise SetupError(
            f"{where}.health_now: {c.health_now} is outside -{sheet.body}..{sheet.body} (its base Body is"
            f" {sheet.body}; below -{sheet.body} a character is dead, Far Recon 19)"
        )


def _check_joins(spec: SetupSpec, start: Mapping[str, Placement[CombatantSpec]]) -> None:
    for i, c in enumerate(spec.combatants):
        if c.joins_after is not None and c.joins_after not in start:
            raise SetupError(f"combatants[{i}] ({c.id}).joins_after: no combatant '{c.joins_after}'")
        if c.joins_after == c.id:
            raise SetupError(f"combatants[{i}] ({c.id}).joins_after: a character cannot join after itself")
        after = start[c.joins_after].spec if c.joins_after else None
        if after is not None and after.joins is not None:
            raise SetupError(
                f"combatants[{i}] ({c.id}).joins_after: '{c.joins_after}' joins late too; name someone"
                " who starts in the fight"
            )
    if all(c.joins is not None for c in spec.combatants):
        raise SetupError("combatants: someone must be in the fight from the start")


def _check_initiative(spec: SetupSpec, start: Mapping[str, Placement[CombatantSpec]]) -> None:
    for cid in spec.initiative or {}:
        if cid not in start:
            raise SetupError(f"initiative: no combatant '{cid}' (combatants: {', '.join(start)})")
        if start[cid].spec.joins is not None:
            raise SetupError(f"initiative: '{cid}' joins late and rolls no initiative (Far Recon 7)")
