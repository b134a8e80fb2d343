"""Hex maps as text: parse a picture of a :class:`HexBoard`, and draw one back.

One line per row ``r``, top to bottom; the cells of a row are separated by single spaces and cell ``k``
of row ``r`` is the hex ``(k, r)`` (``(q0 + k, r0 + r)`` when the map's first hex is the origin
``(q0, r0)``). Leading indentation is ignored on every line, so a map may shift each row half a hex (one
space) further right than the row above, which draws the board as it lies::

    a . . #
     . ~ . .
      . . . b

or be written flush left. The symbols are those of :mod:`tactica.grid.textmap` (:data:`DEFAULT_LEGEND`):
digits are floor at that elevation and letters the legend lacks are markers on floor. Blank lines around
the map are ignored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tactica.grid.board import check_size
from tactica.grid.hex import HexBoard
from tactica.grid.scale import HEX_1, Scale
from tactica.grid.terrain import Terrain
from tactica.grid.textmap import MapError, _describe, _merge, _symbol, axes, column_labels
from tactica.grid.types import Pos

__all__ = ["HexMapParse", "parse_hex_map", "render_hex"]


@dataclass(frozen=True)
class HexMapParse:
    """A parsed hex map: the board and where each marker letter was found (in reading order).

    The hex counterpart of :class:`~tactica.grid.textmap.MapParse`, with the same fields.
    """

    board: HexBoard
    markers: dict[str, list[Pos]]


@dataclass(frozen=True, slots=True)
class _Row:
    """One line of the map: its cells and the column (from 1) of each in the text."""

    number: int
    cells: tuple[str, ...]
    columns: tuple[int, ...]
    end_column: int


def parse_hex_map(
    text: str, legend: Mapping[str, Terrain] | None = None, *, scale: Scale = HEX_1, origin: Pos = (0, 0)
) -> HexMapParse:
    """Read a hex map drawn in text. ``legend`` adds to (or overrides) the default legend; ``origin`` is
    the hex of the first cell of the first line.

    Ragged rows, cells not separated by single spaces, unknown symbols and an empty map raise
    :class:`MapError` naming the line and column and listing the legend.
    """
    symbols = _merge(legend)
    rows = _rows(text, symbols)
    width = len(rows[0].cells)
    _check_size(rows, width)
    terrain: dict[Pos, Terrain] = {}
    markers: dict[str, list[Pos]] = {}
    for r, row in enumerate(rows, origin[1]):
        _check_width(row, width, symbols)
        for q, (symbol, column) in enumerate(zip(row.cells, row.columns, strict=True), origin[0]):
            if symbol in symbols:
                terrain[(q, r)] = symbols[symbol]
            elif symbol.isascii() and symbol.isalpha():
                markers.setdefault(symbol, []).append((q, r))
            else:
                raise MapError(row.number, column, f"unknown symbol {symbol!r}; {_describe(symbols)}")
    return HexMapParse(HexBoard(width, len(rows), scale, terrain, origin), markers)


def render_hex(
    board: HexBoard,
    tokens: Mapping[Pos, str] | None = None,
    *,
    legend: Mapping[str, Terrain] | None = None,
    coordinates: bool = True,
) -> str:
    """Draw ``board`` with row ``r`` indented ``r`` spaces, so the hexes line up, and ``tokens`` (single
    characters) over the terrain.

    With ``coordinates`` a header gives each column's ``q`` (its last digit, under a minus sign when it is
    negative) above the first row and each row starts with its ``r``, counted from the board's ``origin``;
    without, the text reads back with :func:`parse_hex_map` (given the same origin). Terrain the legend
    lacks is drawn ``#`` if it is a wall, else ``?``.
    """
    tokens = tokens or {}
    for p, token in tokens.items():
        if len(token) != 1 or token.isspace() or not board.in_bounds(p):
            raise ValueError(f"a token is one visible character on the board, got {token!r} at {p}")
    symbol_of: dict[Terrain, str] = {}
    for symbol, terrain in _merge(legend).items():
        symbol_of.setdefault(terrain, symbol)
    columns, lines = axes(board)
    rows = [
        " " * k + " ".join(tokens.get((q, r)) or _symbol(symbol_of, board.terrain((q, r))) for q in columns)
        for k, r in enumerate(lines)
    ]
    if not coordinates:
        return "\n".join(rows)
    margin = max(len(str(r)) for r in lines)
    header = [" " * (margin + 1) + " ".join(line) for line in column_labels(columns, digits=1)]
    return "\n".join([*header, *(f"{r:>{margin}} {row}" for r, row in zip(lines, rows, strict=True))])


def _rows(text: str, symbols: Mapping[str, Terrain]) -> list[_Row]:
    """The map's lines without surrounding blank lines, each split into cells."""
    lines = [line.rstrip() for line in text.splitlines()]
    filled = [i for i, line in enumerate(lines) if line]
    if not filled:
        raise MapError(1, 1, f"the map is empty; {_describe(symbols)}")
    return [_split(i + 1, lines[i], symbols) for i in range(filled[0], filled[-1] + 1)]


def _split(number: int, line: str, symbols: Mapping[str, Terrain]) -> _Row:
    """The cells of one line: every other character after the indentation, the ones between spaces."""
    indent = len(line) - len(line.lstrip())
    body = line[indent:]
    for k, char in enumerate(body):
        if (k % 2 == 1) != char.isspace() or (char.isspace() and char != " "):
            found = "a space" if char == " " else repr(char)
            raise MapError(
                number,
                indent + k + 1,
                f"expected {'a single space' if k % 2 else 'a cell'} here, found {found}: cells are "
                f"separated by single spaces; {_describe(symbols)}",
            )
    cells = tuple(body[::2])
    columns = tuple(range(indent + 1, indent + len(body) + 1, 2))
    return _Row(number, cells, columns, indent + len(body) + 1)


def _check_width(row: _Row, width: int, symbols: Mapping[str, Terrain]) -> None:
    """Raise :class:`MapError` at the first missing or extra cell of a ragged row."""
    if len(row.cells) == width:
        return
    column = row.end_column if len(row.cells) < width else row.columns[width]
    problem = f"this row has {len(row.cells)} cells but the first row has {width}"
    raise MapError(row.number, column, f"{problem}; {_describe(symbols)}")


def _check_size(rows: list[_Row], width: int) -> None:
    """Refuse a map over :data:`~tactica.grid.board.MAX_CELLS` before reading its cells."""
    try:
        check_size(width, len(rows), "map")
    except ValueError as error:
        raise MapError(rows[0].number, 1, str(error)) from None
