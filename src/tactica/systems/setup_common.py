"""Setup data every grid system shares: the map (text art with a legend, squares or hexes) and placing
combatants."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Generic, Literal, Protocol, TypeVar, overload

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, model_validator

from tactica.engine.errors import SetupError
from tactica.files import brief, parse_yaml, read_resource
from tactica.grid import (
    Board,
    Cover,
    HexBoard,
    MapError,
    Scale,
    SquareBoard,
    Terrain,
    parse_hex_map,
    parse_map,
)
from tactica.grid.board import MAX_ORIGIN, check_size, describe_extent
from tactica.systems.validation import validation_problems

ID = r"^[A-Za-z0-9_][A-Za-z0-9_\-]*$"
Markers = dict[str, list[tuple[int, int]]]


def _is_pair(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and len(value) == 2 and all(type(v) is int for v in value)


def check_origin_value(value: Any) -> Any:
    """Validator body for ``map.origin``: ``[x, y]``, whole numbers within ``MAX_ORIGIN`` of 0."""
    if _is_pair(value) and max(abs(v) for v in value) <= MAX_ORIGIN:
        return value
    raise ValueError(
        f"the origin is the top-left cell as [x, y] ([q, r] on hexes), two whole numbers from {-MAX_ORIGIN:,}"
        f" to {MAX_ORIGIN:,}; got {brief(value)}"
    )


class TerrainSpec(BaseModel):
    """A map legend entry."""

    model_config = ConfigDict(extra="forbid")
    name: str = "floor"
    wall: bool = False
    difficult: bool = False
    elevation: int = 0
    cover: Literal["none", "partial", "heavy", "full"] = "none"

    def terrain(self) -> Terrain:
        return Terrain(self.name, self.wall, self.difficult, self.elevation, Cover[self.cover.upper()])


class MapSpec(BaseModel):
    """The battle map: text art with a legend, or an empty width x height floor (any sides, at most
    :data:`~tactica.grid.board.MAX_CELLS` cells: a 1,000 x 10 map is the longest of 10 rows).

    ``grid: hex`` makes it a board of hexes (:class:`HexBoard`, text read by :func:`parse_hex_map`:
    cells separated by spaces, cell k of line r is the hex ``[k, r]``); ``scale_ft`` is then the width
    of one hex. ``origin`` names the top-left cell (``[0, 0]`` unless given): every position of the fight
    (the file's, the actions', the events', the drawings') counts from it, so a map may have negative
    coordinates.
    """

    model_config = ConfigDict(extra="forbid")
    grid: Literal["square", "hex"] = "square"
    text: str | None = None
    width: int | None = Field(None, ge=1)
    height: int | None = Field(None, ge=1)
    legend: dict[str, TerrainSpec] = Field(default_factory=dict)
    scale_ft: int = Field(5, ge=1)
    origin: Annotated[tuple[int, int], BeforeValidator(check_origin_value)] = (0, 0)

    @model_validator(mode="after")
    def _check(self) -> MapSpec:
        if self.text is None and (self.width is None or self.height is None):
            raise ValueError("a map needs either 'text' (text art) or both 'width' and 'height'")
        if self.text is None:
            check_size(self.width or 0, self.height or 0, "map")
        return self


@overload
def build_board(
    spec: MapSpec, legend: Mapping[str, Terrain] | None = None
) -> tuple[SquareBoard, Markers]: ...


@overload
def build_board(
    spec: MapSpec, legend: Mapping[str, Terrain] | None = None, *, allow_hex: bool
) -> tuple[Board, Markers]: ...


def build_board(
    spec: MapSpec, legend: Mapping[str, Terrain] | None = None, *, allow_hex: bool = False
) -> tuple[Board, Markers]:
    """The board and its marker letters; ``legend`` holds the system's own symbols (the map's win).

    A ``grid: hex`` map becomes a :class:`HexBoard` when the system says it plays on hexes
    (``allow_hex=True``); otherwise it is a :class:`SetupError`, so a system written for squares never
    meets a board it does not expect.
    """
    if spec.grid == "hex" and not allow_hex:
        raise SetupError("map.grid: this system plays on squares only; use grid: square (the default)")
    scale, origin = Scale(spec.scale_ft, "ft"), spec.origin
    if spec.text is None:
        assert spec.width is not None and spec.height is not None
        if spec.grid == "hex":
            return HexBoard(spec.width, spec.height, scale, origin=origin), {}
        return SquareBoard(spec.width, spec.height, scale, origin=origin), {}
    symbols = {**(legend or {}), **{k: v.terrain() for k, v in spec.legend.items()}}
    try:
        if spec.grid == "hex":
            hexes = parse_hex_map(spec.text, symbols or None, scale=scale, origin=origin)
            return hexes.board, hexes.markers
        parsed = parse_map(spec.text, symbols or None, scale=scale, origin=origin)
    except MapError as error:
        raise SetupError(f"map.text: {error}") from None
    return parsed.board, parsed.markers


def place(at: tuple[int, int] | str, board: Board, markers: Markers, where: str) -> tuple[int, int]:
    """A combatant's cell from a marker letter or ``[x, y]`` (``[q, r]`` on hexes); a clear
    :class:`SetupError` otherwise."""
    if isinstance(at, str):
        cells = markers.get(at)
        if not cells:
            raise SetupError(
                f"{where}.at: no marker '{at}' on the map (markers: {', '.join(sorted(markers)) or 'none'})"
            )
        if len(cells) > 1:
            raise SetupError(f"{where}.at: marker '{at}' appears {len(cells)} times on the map; use it once")
        return cells[0]
    if not board.in_bounds(at):
        raise SetupError(f"{where}.at: {off_the_map(board, at)}")
    if board.terrain(at).wall:
        raise SetupError(f"{where}.at: position {list(at)} is a wall")
    return at


def off_the_map(board: Board, at: tuple[int, int]) -> str:
    """``position [9, 0] is off the map (x 0-7, y 0-5)``: the board's coordinate ranges from its origin
    (``q``/``r`` on hexes), so a file using negative coordinates sees which are valid."""
    extent = ""
    if isinstance(board, (SquareBoard, HexBoard)):
        names = ("q", "r") if isinstance(board, HexBoard) else ("x", "y")
        extent = describe_extent(board.width, board.height, board.origin, names)
    return f"position {list(at)} is off the map{extent}"


def check_position(value: Any) -> Any:
    """Validator body for ``at`` fields: a marker letter or ``[x, y]``."""
    if isinstance(value, str) or _is_pair(value):
        return value
    raise ValueError(f"must be a marker letter from the map or [x, y] ([q, r] on hexes); got {brief(value)}")


#: A combatant's ``at`` in setup data: a marker letter from the map, or ``[x, y]`` (``[q, r]`` on hexes).
Position = Annotated[tuple[int, int] | str, BeforeValidator(check_position)]


class GroundSpec(BaseModel):
    """An item lying on the map when the fight starts (a ``ground:`` entry, issue 14 points 8 and 9): its
    name (a weapon of the content file or of ``weapons:``; Star Rangers also names a magazine ``mag-W`` and
    loose rounds ``rounds-W``), where it lies, and the shots or rounds in it (default: a full magazine)."""

    model_config = ConfigDict(extra="forbid")
    item: str = Field(pattern=ID)
    at: Position
    ammo: int | None = Field(None, ge=0)


def placed_items(
    specs: Sequence[GroundSpec], board: Board, markers: Markers
) -> Iterator[tuple[str, GroundSpec, tuple[int, int]]]:
    """Each ``ground:`` entry with the place to name in errors (``ground[1] (rifle)``) and its cell (on the
    map, not a wall); the system checks the item itself."""
    for i, spec in enumerate(specs):
        where = f"ground[{i}] ({spec.item})"
        yield where, spec, place(spec.at, board, markers, where)


S_co = TypeVar("S_co")


@dataclass(frozen=True, slots=True)
class Placement(Generic[S_co]):
    """A combatant as the fight starts: id, side, square and its validated setup entry."""

    id: str
    side: str
    at: tuple[int, int]
    spec: S_co


@cache
def load_content(package: str, kind: str) -> dict[str, Any]:
    """A system's content file (``content/<kind>.yaml`` in its package) as data, read once."""
    name = f"content/{kind}.yaml"
    data = parse_yaml(read_resource(package, name), f"{package}:{name}").data
    assert isinstance(data, dict)
    return data


def sheet_data(
    template: str | None,
    extra: Mapping[str, Any],
    name: str,
    templates: Mapping[str, Any],
    where: str,
) -> dict[str, Any]:
    """A combatant's sheet fields: its template's (if any), then the fields given in the setup, named after
    the combatant unless it says otherwise."""
    data: dict[str, Any] = {}
    if template is not None:
        if template not in templates:
            raise SetupError(
                f"{where}.template: unknown character '{template}'; known: {', '.join(sorted(templates))}"
            )
        data.update(templates[template])
    data.update(extra)
    data.setdefault("name", name)
    return data


class Placed(Protocol):
    """A combatant as placed at the start: its square and its side."""

    @property
    def at(self) -> tuple[int, int]: ...

    @property
    def side(self) -> str: ...


def check_places(start: Mapping[str, Placed]) -> None:
    """No two combatants on one square, and at least two sides."""
    seen: dict[tuple[int, int], str] = {}
    for cid, c in start.items():
        if c.at in seen:
            raise SetupError(f"combatants: '{cid}' and '{seen[c.at]}' both stand on {list(c.at)}")
        seen[c.at] = cid
    if len({c.side for c in start.values()}) < 2:
        raise SetupError("combatants: a fight needs at least two sides")


M = TypeVar("M", bound=BaseModel)


def validated(model: type[M], data: Mapping[str, Any], where: str = "", beside: Iterable[str] = ()) -> M:
    """``data`` as a ``model``; a validation failure becomes one :class:`SetupError` naming ``where`` (an
    unknown field lists the model's fields and ``beside``: a combatant's own fields beside its sheet's)."""
    try:
        return model.model_validate(dict(data))
    except ValidationError as error:
        prefix = f"{where}: " if where else ""
        problems = validation_problems(error, model, beside)
        raise SetupError("; ".join(prefix + problem for problem in problems)) from None


def named_table(
    model: type[M], table: Mapping[str, Mapping[str, Any]], kind: str, key: str = "name"
) -> dict[str, M]:
    """Every entry of a table of named things (weapons, abilities) as a ``model``, its name put in ``key``."""
    return {name: validated(model, {key: name, **data}, f"{kind}.{name}") for name, data in table.items()}


class Identified(Protocol):
    """A combatant entry of a setup: it has an id."""

    @property
    def id(self) -> str: ...


C = TypeVar("C", bound=Identified)


class SetupProblems:
    """Setup problems collected so that one bad combatant does not hide the next (issue 15 point 3):
    ``with problems:`` records a :class:`SetupError` raised inside and carries on; :meth:`check` then raises
    every one of them as one :class:`SetupError` ('; '-joined, each naming its place)."""

    def __init__(self) -> None:
        self.messages: list[str] = []

    def __enter__(self) -> SetupProblems:
        return self

    def __exit__(self, kind: object, error: BaseException | None, trace: object) -> bool:
        if isinstance(error, SetupError):
            self.messages.append(str(error))
            return True
        return False

    def check(self) -> None:
        """Raise the problems collected, if any."""
        if self.messages:
            raise SetupError("; ".join(self.messages))


def each_combatant(combatants: Sequence[C]) -> Iterator[tuple[str, C]]:
    """The combatants with the place to name in errors (``combatants[2] (ana)``); an id used twice is a
    :class:`SetupError`."""
    seen: set[str] = set()
    for i, c in enumerate(combatants):
        where = f"combatants[{i}] ({c.id})"
        if c.id in seen:
            raise SetupError(f"{where}: id '{c.id}' is used twice; every combatant needs its own id")
        seen.add(c.id)
        yield where, c
