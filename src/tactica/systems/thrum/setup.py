"""Validation of THRUM setup data (the fight part of a scenario file) and building the static game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tactica.engine.errors import SetupError
from tactica.engine.system import Game
from tactica.grid import SquareBoard
from tactica.systems.setup_common import (
    ID,
    MapSpec,
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
from tactica.systems.thrum.abilities import CONDITIONS, STATUSES, Ability
from tactica.systems.thrum.options import ThrumOptions
from tactica.systems.thrum.sheet import Character

Pos = tuple[int, int]
#: The Basic Combat Abilities every character has (THRUM 11).
BASIC_ACTIONS = ("basic-attack", "dash", "recover", "resuscitate")
BASIC_STANCES = ("brace", "dodge", "concentrate", "assist", "protect")


class CombatantSpec(BaseModel):
    """One combatant: id, side, place, PC or NPC, a template and/or sheet fields, and how it comes in."""

    model_config = ConfigDict(extra="allow")
    id: str = Field(pattern=ID)
    side: str = Field(pattern=ID)
    at: Position
    template: str | None = None
    pc: bool | None = Field(None, description="a player character (default: the first side's combatants)")
    fatigue: int = Field(0, ge=0)
    stress: int = Field(0, ge=0)
    statuses: dict[Literal[STATUSES], int] = Field(default_factory=dict)  # type: ignore[valid-type]
    conditions: list[Literal[CONDITIONS]] = Field(default_factory=list)  # type: ignore[valid-type]
    stance: str | None = None
    incapacitated: bool = False


class SetupSpec(BaseModel):
    """The whole THRUM setup."""

    model_config = ConfigDict(extra="forbid")
    system: Literal["thrum"] = "thrum"
    options: ThrumOptions = Field(default_factory=lambda: ThrumOptions.model_validate({}))
    map: MapSpec
    combatants: list[CombatantSpec] = Field(min_length=2)
    abilities: dict[str, dict[str, Any]] = Field(default_factory=dict, description="extra abilities by id")
    starting_area: str | list[tuple[int, int]] | None = Field(
        None, description="THRUM 6: where PCs may place themselves in Round Zero (a map marker or squares)"
    )
    initiative: dict[str, int] | None = Field(None, description="fixed initiative totals by combatant")


@dataclass(frozen=True, slots=True)
class Placement:
    """A combatant as the fight starts."""

    id: str
    side: str
    pc: bool
    at: Pos
    spec: CombatantSpec


@dataclass(frozen=True)
class ThrumGame(Game):
    """Static facts of one THRUM fight."""

    options: ThrumOptions
    board: SquareBoard
    sheets: Mapping[str, Character]
    abilities: Mapping[str, Ability]
    start: Mapping[str, Placement]
    starting_area: frozenset[Pos]
    spec: SetupSpec

    def sheet(self, fighter_id: str) -> Character:
        """The static sheet of a combatant."""
        return self.sheets[fighter_id]

    def actions_of(self, fighter_id: str) -> tuple[Ability, ...]:
        """The Actions a combatant has: the Basic ones, then its Art abilities (THRUM 11)."""
        return self._kind_of(fighter_id, "action")

    def moves_of(self, fighter_id: str) -> tuple[Ability, ...]:
        """Its abilities used during the Move, paid with movement (a Teleport, THRUM 15)."""
        return self._kind_of(fighter_id, "move")

    def stances_of(self, fighter_id: str) -> tuple[Ability, ...]:
        """The Stances a combatant has: the Basic ones, then its Art stances (THRUM 11)."""
        return self._kind_of(fighter_id, "stance")

    def acting_verbs(self, fighter_id: str) -> frozenset[str]:
        """The verbs of its Actions that attack, recover or resuscitate: those the default AI weighs first."""
        return self._acting[fighter_id]

    @cached_property
    def _acting(self) -> dict[str, frozenset[str]]:
        """Each combatant's :meth:`acting_verbs`, worked out once (the default AI asks at every turn)."""
        return {
            fighter: frozenset(
                a.id
                for a in self.actions_of(fighter)
                if a.is_attack or a.special in ("recover", "resuscitate")
            )
            for fighter in self.sheets
        }

    def _kind_of(self, fighter_id: str, kind: str) -> tuple[Ability, ...]:
        """A combatant's abilities of one kind."""
        return self._kinds[fighter_id, kind]

    @cached_property
    def _kinds(self) -> dict[tuple[str, str], tuple[Ability, ...]]:
        """Every combatant's abilities of each kind, worked out once (every listing asks)."""
        return {
            (f, kind): tuple(self._listed(f, kind))
            for f in self.sheets
            for kind in ("action", "move", "stance")
        }

    def _listed(self, fighter_id: str, kind: str) -> list[Ability]:
        own = self.sheets[fighter_id].abilities
        names = own if kind == "move" else dict.fromkeys([*_BASICS[kind], *own])
        return [self.abilities[n] for n in names if self.abilities[n].kind == kind]


_BASICS = {"action": BASIC_ACTIONS, "stance": BASIC_STANCES}


def content(kind: str) -> dict[str, Any]:
    """A content file of the system ('abilities', 'characters') as data."""
    return load_content("tactica.systems.thrum", kind)


def build_game(system: Any, setup: Mapping[str, Any]) -> ThrumGame:
    """Validate ``setup`` and build the game; every problem becomes a :class:`SetupError`."""
    spec = validated(SetupSpec, setup)
    board, markers = build_board(spec.map)
    abilities = _abilities(spec)
    first_side = spec.combatants[0].side
    sheets: dict[str, Character] = {}
    start: dict[str, Placement] = {}
    problems = SetupProblems()
    for where, c in each_combatant(spec.combatants):
        with problems:
            sheets[c.id] = _character(c, abilities, where)
            _check_stance(c, sheets[c.id], abilities, where)
            pc = c.pc if c.pc is not None else c.side == first_side
            start[c.id] = Placement(c.id, c.side, pc, place(c.at, board, markers, where), c)
    problems.check()
    check_places(start)
    area = _starting_area(spec, board, markers)
    return ThrumGame(system, setup, spec.options, board, sheets, abilities, start, area, spec)


def _abilities(spec: SetupSpec) -> dict[str, Ability]:
    table = {**content("abilities"), **spec.abilities}
    out = named_table(Ability, table, "abilities", key="id")
    for ability in out.values():
        if ability.counter is not None and ability.counter not in out:
            raise SetupError(f"abilities.{ability.id}.counter: unknown ability '{ability.counter}'")
    return out


def _character(c: CombatantSpec, abilities: Mapping[str, Ability], where: str) -> Character:
    data = sheet_data(c.template, c.model_extra or {}, c.id, content("characters"), where)
    sheet = validated(Character, data, where, beside=CombatantSpec.model_fields)
    for name in sheet.abilities:
        ability = abilities.get(name)
        if ability is None:
            raise SetupError(
                f"{where}.abilities: unknown ability '{name}'; known: {', '.join(sorted(abilities))}"
            )
        if ability.art is not None and ability.art not in sheet.arts:
            raise SetupError(
                f"{where}.abilities: '{name}' is a {ability.art} ability; add {ability.art} to its arts"
            )
    return sheet


def _check_stance(c: CombatantSpec, sheet: Character, abilities: Mapping[str, Ability], where: str) -> None:
    if c.stance is None:
        return
    known = [*BASIC_STANCES, *(a for a in sheet.abilities if abilities[a].kind == "stance")]
    if c.stance not in known:
        raise SetupError(f"{where}.stance: unknown stance '{c.stance}'; its stances: {', '.join(known)}")


def _starting_area(spec: SetupSpec, board: SquareBoard, markers: dict[str, list[Pos]]) -> frozenset[Pos]:
    area = spec.starting_area
    if area is None:
        return frozenset()
    if isinstance(area, str):
        cells = markers.get(area)
        if not cells:
            raise SetupError(
                f"starting_area: no marker '{area}' on the map (markers: {', '.join(sorted(markers))})"
            )
        return frozenset(cells)
    for p in area:
        if not board.in_bounds(p) or board.terrain(p).wall:
            raise SetupError(f"starting_area: {list(p)} is off the map or a wall")
    return frozenset(area)
