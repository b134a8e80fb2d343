"""Where a board's cells sit in pixels, for drawing it as SVG: squares in rows and columns, or pointy-top
hexes laid out by :meth:`tactica.grid.HexBoard.center` (each row half a hex right of the one above)."""

from __future__ import annotations

import math

from tactica.grid import HexBoard, SquareBoard
from tactica.grid.textmap import axes
from tactica.grid.types import Pos

#: Pixels per square (and the width of a hex).
CELL = 40
#: Room for the coordinates around the map.
MARGIN = 26


class Layout:
    """Squares ``CELL`` pixels wide, column ``x`` left to right and row ``y`` top to bottom, the board's
    origin (its top-left cell) in the top-left corner."""

    def __init__(self, board: SquareBoard | HexBoard) -> None:
        self.board = board

    def center(self, p: Pos) -> tuple[float, float]:
        """The pixel centre of a cell."""
        x0, y0 = self.board.origin
        return (MARGIN + (p[0] - x0 + 0.5) * CELL, MARGIN + (p[1] - y0 + 0.5) * CELL)

    def shape(self, p: Pos, attrs: str, inner: str = "", inset: float = 0.0) -> str:
        """The cell's outline as an element with ``attrs`` around ``inner`` (``inset``: smaller by that
        fraction of the cell on each side)."""
        x, y = self.center(p)
        half = CELL * (0.5 - inset)
        body = f'x="{x - half:.1f}" y="{y - half:.1f}" width="{2 * half:.1f}" height="{2 * half:.1f}"'
        return _element("rect", f"{attrs} {body}", inner)

    def size(self) -> tuple[float, float]:
        """The map's width and height, margins included."""
        return (2 * MARGIN + self.board.width * CELL, 2 * MARGIN + self.board.height * CELL)

    def coordinates(self) -> list[str]:
        """Column numbers above and below the map, row numbers left and right of it."""
        (xs, ys), (x0, y0) = axes(self.board), self.board.origin
        width, height = self.size()
        out = []
        for x in xs:
            cx = self.center((x, y0))[0]
            out += [coordinate(cx, MARGIN - 8, x), coordinate(cx, height - MARGIN + 17, x)]
        for y in ys:
            cy = self.center((x0, y))[1] + 4
            out += [coordinate(MARGIN / 2, cy, y), coordinate(width - MARGIN / 2, cy, y)]
        return out


class HexLayout(Layout):
    """Pointy-top hexes ``CELL`` wide: the board's own centres, scaled by ``CELL``."""

    RADIUS = CELL / math.sqrt(3)

    def center(self, p: Pos) -> tuple[float, float]:
        (x, y), (x0, y0) = self.board.center(p), self.board.center(self.board.origin)
        return (MARGIN + CELL / 2 + (x - x0) * CELL, MARGIN + self.RADIUS + (y - y0) * CELL)

    def shape(self, p: Pos, attrs: str, inner: str = "", inset: float = 0.0) -> str:
        cx, cy = self.center(p)
        r = self.RADIUS * (1 - 2 * inset)
        corners = (math.radians(-90 + 60 * k) for k in range(6))
        points = " ".join(f"{cx + r * math.cos(a):.1f},{cy + r * math.sin(a):.1f}" for a in corners)
        return _element("polygon", f'{attrs} points="{points}"', inner)

    def size(self) -> tuple[float, float]:
        w, h = self.board.width, self.board.height
        rows = 2 * self.RADIUS + (h - 1) * 1.5 * self.RADIUS
        return (2 * MARGIN + (w + (h - 1) / 2) * CELL, 2 * MARGIN + rows)

    def coordinates(self) -> list[str]:
        """``q`` above the first row and below the last, ``r`` left and right of each row."""
        (qs, rs), (first, last) = axes(self.board), (self.board.origin, self.board.corner)
        out = []
        for q in qs:
            (tx, _), (bx, by) = self.center((q, first[1])), self.center((q, last[1]))
            out += [coordinate(tx, MARGIN - 8, q), coordinate(bx, by + self.RADIUS + 17, q)]
        for r in rs:
            (lx, cy), (rx, _) = self.center((first[0], r)), self.center((last[0], r))
            out += [coordinate(lx - CELL / 2 - 11, cy + 4, r), coordinate(rx + CELL / 2 + 11, cy + 4, r)]
        return out


def layout(board: SquareBoard | HexBoard) -> Layout:
    """The layout for a board of squares or of hexes."""
    return HexLayout(board) if isinstance(board, HexBoard) else Layout(board)


def coordinate(x: float, y: float, n: int) -> str:
    """A coordinate number at ``(x, y)``."""
    return f'<text class="coord" x="{x:.1f}" y="{y:.1f}">{n}</text>'


def _element(tag: str, attrs: str, inner: str) -> str:
    return f"<{tag} {attrs}>{inner}</{tag}>" if inner else f"<{tag} {attrs}/>"
