"""Maps as text: parse a picture of a square board, and draw one back.

One character per cell, rows top to bottom. The default legend:

====  =============================================================
``.``  floor
``#``  wall
``~``  rough ground (difficult)
``+``  crate (difficult, partial cover)
``=``  barricade (difficult, heavy cover)
1-9    floor at that elevation
a-zA-Z a marker on floor (to place combatants by name or letter)
====  =============================================================

Cells may be written side by side (``#..#``) or separated by single spaces (``# . . #``): when every line
has a space at every second column, spaces are separators. Blank lines around the map and a common
indentation are ignored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from tactica.grid.board import check_size
from tactica.grid.hex import HexBoard
from tactica.grid.scale import FEET_5, Scale
from tactica.grid.square import SquareBoard
from tactica.grid.terrain import FLOOR, WALL, Cover, Terrain
from tactica.grid.types import Pos

DEFAULT_LEGEND: Mapping[str, Terrain] = MappingProxyType(
    {
        ".": FLOOR,
        "#": WALL,
        "~": Terrain(name="rough", difficult=True),
        "+": Terrain(name="crate", difficult=True, cover=Cover.PARTIAL),
        "=": Terrain(name="barricade", difficult=True, cover=Cover.HEAVY),
        **{digit: Terrain(elevation=int(digit)) for digit in "123456789"},
    }
)
"""The symbols :func:`parse_map` and :func:`render` use unless given others."""
_DIGITS = "123456789"


class MapError(ValueError):
    """A text map that cannot be read; ``line`` and ``column`` count from 1 in the text given."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.line = line
        self.column = column
        self.message = message


@dataclass(frozen=True)
class MapParse:
    """A parsed map: the board and where each marker letter was found (in reading order)."""

    board: SquareBoard
    markers: dict[str, list[Pos]]


@dataclass(frozen=True, slots=True)
class _Row:
    """One line of the map: its cells and where each cell sits in the text."""

    number: int
    cells: str
    columns: tuple[int, ...]
    end_column: int


def parse_map(
    text: str, legend: Mapping[str, Terrain] | None = None, *, scale: Scale = FEET_5, origin: Pos = (0, 0)
) -> MapParse:
    """Read a map drawn in text. ``legend`` adds to (or overrides) :data:`DEFAULT_LEGEND`; ``origin`` is
    the square of the text's top-left character (cell ``x`` of row ``y`` is ``(origin[0] + x, origin[1]
    + y)``).

    A letter that the legend does not define is a marker on floor. Ragged rows, unknown symbols and an
    empty map raise :class:`MapError` naming the line and column and listing the legend.
    """
    symbols = _merge(legend)
    rows = _rows(text, symbols)
    width = len(rows[0].cells)
    _check_size(rows, width)
    terrain: dict[Pos, Terrain] = {}
    markers: dict[str, list[Pos]] = {}
    for y, row in enumerate(rows, origin[1]):
        _check_width(row, width, symbols)
        for x, (symbol, column) in enumerate(zip(row.cells, row.columns, strict=True), origin[0]):
            if symbol in symbols:
                terrain[(x, y)] = symbols[symbol]
            elif symbol.isascii() and symbol.isalpha():
                markers.setdefault(symbol, []).append((x, y))
            else:
                raise MapError(row.number, column, f"unknown symbol {symbol!r}; {_describe(symbols)}")
    return MapParse(SquareBoard(width, len(rows), scale, terrain, origin), markers)


def render(
    board: SquareBoard,
    tokens: Mapping[Pos, str] | None = None,
    *,
    legend: Mapping[str, Terrain] | None = None,
    coordinates: bool = True,
) -> str:
    """Draw ``board`` with one character per cell, ``tokens`` (single characters) over the terrain.

    With ``coordinates`` the column numbers run across the top (read downwards when they have several
    digits or a minus sign) and the row numbers down the left, counted from the board's ``origin``;
    without, the text reads back with :func:`parse_map` (given the same origin).
    Terrain the legend lacks is drawn ``#`` if it is a wall, else ``?``.
    """
    tokens = tokens or {}
    for p, token in tokens.items():
        if len(token) != 1 or not board.in_bounds(p):
            raise ValueError(f"a token is one character on the board, got {token!r} at {p}")
    symbol_of: dict[Terrain, str] = {}
    for symbol, terrain in _merge(legend).items():
        symbol_of.setdefault(terrain, symbol)
    xs, ys = axes(board)
    rows = ["".join(tokens.get((x, y)) or _symbol(symbol_of, board.terrain((x, y))) for x in xs) for y in ys]
    if not coordinates:
        return "\n".join(rows)
    return "\n".join(_with_coordinates(rows, xs, ys))


def axes(board: SquareBoard | HexBoard) -> tuple[range, range]:
    """The board's columns (``x`` or ``q``) and rows (``y`` or ``r``), from its origin."""
    (x0, y0), (x1, y1) = board.origin, board.corner
    return range(x0, x1 + 1), range(y0, y1 + 1)


def column_labels(numbers: range, digits: int | None = None) -> list[str]:
    """Lines that write ``numbers`` downwards, one character per number: a line per digit (only the last
    ``digits`` when given), with a line of minus signs above when a number is negative."""
    words = [str(abs(n))[-digits:] if digits else str(abs(n)) for n in numbers]
    depth = max(len(w) for w in words)
    lines = ["".join(w.rjust(depth)[k] for w in words) for k in range(depth)]
    signs = "".join("-" if n < 0 else " " for n in numbers)
    return [signs, *lines] if "-" in signs else lines


def _merge(legend: Mapping[str, Terrain] | None) -> dict[str, Terrain]:
    """The default legend with ``legend`` on top."""
    merged = dict(DEFAULT_LEGEND)
    for symbol, terrain in (legend or {}).items():
        if len(symbol) != 1 or symbol.isspace():
            raise ValueError(f"a legend symbol is one visible character, got {symbol!r}")
        merged[symbol] = terrain
    return merged


def _rows(text: str, symbols: Mapping[str, Terrain]) -> list[_Row]:
    """The map's lines without surrounding blank lines and common indentation, split into cells."""
    lines = [line.rstrip() for line in text.splitlines()]
    filled = [i for i, line in enumerate(lines) if line]
    if not filled:
        raise MapError(1, 1, f"the map is empty; {_describe(symbols)}")
    first, last = filled[0], filled[-1]
    indent = min(len(lines[i]) - len(lines[i].lstrip()) for i in filled)
    body = [(i + 1, lines[i][indent:]) for i in range(first, last + 1)]
    spaced = all(line[1::2].strip() == "" for _, line in body)
    step = 2 if spaced else 1
    return [_split(number, line, indent, step) for number, line in body]


def _split(number: int, line: str, indent: int, step: int) -> _Row:
    """Cells of one line (every ``step``-th character) and their columns in the original text."""
    end = indent + len(line) + 1
    return _Row(number, line[::step], tuple(range(indent + 1, end, step)), end)


def _check_width(row: _Row, width: int, symbols: Mapping[str, Terrain]) -> None:
    """Raise :class:`MapError` at the first missing or extra cell of a ragged row."""
    if len(row.cells) == width:
        return
    column = row.end_column if len(row.cells) < width else row.columns[width]
    problem = f"this row has {len(row.cells)} cells but the first row has {width}"
    raise MapError(row.number, column, f"{problem}; {_describe(symbols)}")


def _describe(symbols: Mapping[str, Terrain]) -> str:
    """The legend in words, for error messages."""
    heights = all(symbols.get(digit) == DEFAULT_LEGEND[digit] for digit in _DIGITS)
    entries = [
        f"{symbol!r} {_terrain_words(terrain)}"
        for symbol, terrain in symbols.items()
        if not (heights and symbol in _DIGITS)
    ]
    if heights:
        entries.append("'1'-'9' floor at that elevation")
    return "legend: " + ", ".join(entries) + ", any other letter: a marker on floor"


def _terrain_words(terrain: Terrain) -> str:
    traits = [
        word
        for word, present in (
            ("wall", terrain.wall and terrain.name != "wall"),
            ("difficult", terrain.difficult),
            (f"elevation {terrain.elevation}", terrain.elevation != 0),
            (f"{terrain.cover.name.lower()} cover", bool(terrain.cover) and not terrain.wall),
        )
        if present
    ]
    return terrain.name + (f" ({', '.join(traits)})" if traits else "")


def _symbol(symbol_of: Mapping[Terrain, str], terrain: Terrain) -> str:
    """The legend symbol of ``terrain``, or a stand-in when the legend has none."""
    found = symbol_of.get(terrain)
    if found is not None:
        return found
    return "#" if terrain.wall else "?"


def _with_coordinates(rows: list[str], xs: range, ys: range) -> list[str]:
    """``rows`` with column numbers above (one line per digit) and row numbers on the left."""
    margin = max(len(str(y)) for y in ys)
    header = [" " * (margin + 1) + line for line in column_labels(xs)]
    return header + [f"{y:>{margin}} {row}" for y, row in zip(ys, rows, strict=True)]


def _check_size(rows: list[_Row], width: int) -> None:
    """Refuse a map over :data:`~tactica.grid.board.MAX_CELLS` before reading its cells."""
    try:
        check_size(width, len(rows), "map")
    except ValueError as error:
        raise MapError(rows[0].number, 1, str(error)) from None
