"""Validation of Phase 3d6 setup data (the fight part of a scenario file) and building the static game."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tactica.engine.errors import SetupError
from tactica.engine.system import Game
from tactica.grid import Board
from tactica.systems.phase3d6.options import Phase3d6Options
from tactica.systems.phase3d6.placed import (
    AreaSpec,
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

Pos = tuple[int, int]


#: What a manoeuvre may do beyond its OCV, DCV and extra dice: the effects the engine carries out. An attack
#: manoeuvre may ``disarm`` (a hit knocks the weapon away instead of hurting); a defensive one (``abort``)
#: may forbid attacks of opportunity while it lasts (``no-opportunity``, the Dodge's), stop the next melee
#: attack (``block``) or ranged attack (``deflect``) on a 3d6 roll of OCV against OCV, or halve the next hit's
#: STUN and BODY after PD (``roll``, Roll With A Punch's).
ATTACK_EFFECTS = ("disarm",)
DEFENCE_EFFECTS = ("no-opportunity", "block", "deflect", "roll")
Effect = Literal["disarm", "no-opportunity", "block", "deflect", "roll"]
#: The verbs a scenario's own manoeuvre may name: ``attack`` (``attack T +M``, ``opportunity T +M``, ``ready
#: ... +M``) or ``abort`` (``abort +M``, with ``defensive: true``).
FILE_VERBS = ("attack", "abort")


class Maneuver(BaseModel):
    """One row of the seed's table (rule 16), with HERO's OCV/DCV modifiers for attack manoeuvres (E1), its
    damage modifier (``extra_dice`` d6) and its ``effects``; ``ranged``: an attack manoeuvre a ranged weapon
    may use too (else melee only)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    title: str
    type: Literal["attack", "move", "full", "free", "none"]
    provokes: Literal["no", "yes", "skill", "usually"]
    ocv: int = Field(0, ge=-20, le=20)
    dcv: int = Field(0, ge=-20, le=20)
    verb: str | None = None
    defensive: bool = False
    extra_dice: int = Field(0, ge=0, le=20)
    ranged: bool = False
    effects: tuple[Effect, ...] = ()


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
    maneuvers: dict[str, dict[str, Any]] = Field(
        default_factory=dict, description="manoeuvres added to the table or overriding its rows (rule 16)"
    )


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

    @cached_property
    def attack_maneuvers(self) -> dict[bool, tuple[str, ...]]:
        """The manoeuvres an attack can use (verb ``attack``: the table's and the scenario's own), a Strike
        first: with a melee weapon (``True``), or a ranged one (``False``: the ``ranged`` rows only)."""
        rows = [m for m in self.maneuvers.values() if m.verb == "attack"]
        return {
            melee: tuple(sorted((m.id for m in rows if melee or m.ranged), key=lambda n: n != "strike"))
            for melee in (True, False)
        }


def content(kind: str) -> dict[str, Any]:
    """A content file of the system ('weapons', 'characters', 'maneuvers') as data."""
    return load_content("tactica.systems.phase3d6", kind)


def build_game(system: Any, setup: Mapping[str, Any]) -> Phase3d6Game:
    """Validate ``setup`` and build the game; every problem becomes a :class:`SetupError`."""
    spec = validated(SetupSpec, _on_hexes(setup))
    board, markers = build_board(spec.map, allow_hex=True)
    weapons = _weapons(spec)
    maneuvers = maneuver_table(spec.maneuvers)
    sheets: dict[str, Character] = {}
    start: dict[str, Placement[CombatantSpec]] = {}
    problems = SetupProblems()
    for where, c in each_combatant(spec.combatants):
        with problems:
            sheets[c.id] = _character(c, weapons, where)
            start[c.id] = Placement(c.id, c.side, place(c.at, board, markers, where), c)
    problems.check()
    check_places(start)
    items = ground_items(spec.ground, weapons, board, markers)
    standing = {p.at: cid for cid, p in start.items()}
    shut = doors(spec.objects, board, markers, standing)
    dark = dark_hexes(spec.areas, board, markers)
    return Phase3d6Game(
        system, setup, spec.options, board, sheets, weapons, maneuvers, start, spec, items, shut, dark
    )


def maneuver_table(extra: Mapping[str, Mapping[str, Any]]) -> dict[str, Maneuver]:
    """The table of manoeuvres (``content/maneuvers.yaml``) with the scenario's rows added, or merged over
    the rows of the same id (issue 14 point 8); each row checked (:func:`_file_row`)."""
    table = {k: Maneuver.model_validate({"id": k, **v}) for k, v in content("maneuvers").items()}
    for key, row in extra.items():
        table[key] = _file_row(key, row, table.get(key))
    return table


def _file_row(key: str, row: Mapping[str, Any], built_in: Maneuver | None) -> Maneuver:
    """A scenario's manoeuvre: only the table's columns, effects of the vocabulary, a verb the engine
    carries out (an overridden row keeps its own), effects that fit that verb."""
    where = f"maneuvers.{key}"
    if not re.fullmatch(ID, key):
        raise SetupError(f"{where}: a manoeuvre id is one word (letters, digits, '-', '_')")
    columns = [c for c in Maneuver.model_fields if c != "id"]
    for column in row:
        if column not in columns:
            raise SetupError(f"{where}: unknown column '{column}'; columns: {', '.join(columns)}")
    base = built_in.model_dump() if built_in else {"id": key, "title": key, "provokes": "no"}
    for i, effect in enumerate(row.get("effects") or ()):
        if effect not in (*ATTACK_EFFECTS, *DEFENCE_EFFECTS):
            valid = ", ".join((*ATTACK_EFFECTS, *DEFENCE_EFFECTS))
            raise SetupError(f"{where}.effects[{i}]: unknown effect '{effect}'; effects: {valid}")
    maneuver = validated(Maneuver, {**base, **row}, where)
    return _fitting(maneuver, built_in, where)


def _fitting(m: Maneuver, built_in: Maneuver | None, where: str) -> Maneuver:
    """The verb and effects of a scenario's manoeuvre fit together (see :data:`FILE_VERBS`)."""
    problem = _verb_problem(m, built_in)
    if problem:
        raise SetupError(f"{where}.{problem}")
    allowed = ATTACK_EFFECTS if m.verb == "attack" else DEFENCE_EFFECTS if m.defensive else ()
    for i, effect in enumerate(m.effects):
        if effect not in allowed:
            fits = ", ".join(allowed) or "none (give it verb attack, or abort with defensive: true)"
            raise SetupError(f"{where}.effects[{i}]: '{effect}' does not fit this manoeuvre; allowed: {fits}")
    return m


def _verb_problem(m: Maneuver, built_in: Maneuver | None) -> str:
    """What is wrong with the verb, type and ``defensive`` of a scenario's manoeuvre ("" when nothing)."""
    if built_in is not None and m.verb != built_in.verb:
        return f"verb: the table's '{m.id}' is carried out by '{built_in.verb}'; keep it"
    if built_in is None and m.verb not in (None, *FILE_VERBS):
        return f"verb: '{m.verb}'; a new manoeuvre's verb is one of: {', '.join(FILE_VERBS)}"
    if m.verb in FILE_VERBS and m.type != "attack":
        return f"type: '{m.type}'; a manoeuvre with verb '{m.verb}' is an attack action"
    if m.verb == "abort" and not m.defensive:
        return "defensive: a manoeuvre one aborts to is defensive: say 'defensive: true'"
    return ""


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
    sheet = validated(Character, data, where, beside=CombatantSpec.model_fields)
    for i, w in enumerate(sheet.weapons):
        if w not in weapons:
            raise SetupError(
                f"{where}.weapons[{i}]: unknown weapon '{w}'; known: {', '.join(sorted(weapons))}"
            )
    if c.drawn is not None and c.drawn not in sheet.weapons:
        raise SetupError(f"{where}.drawn: '{c.drawn}' is not among its weapons ({', '.join(sheet.weapons)})")
    shots_at_start(c.ammo, sheet.weapons, weapons, where)
    return sheet
