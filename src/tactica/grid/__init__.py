"""The battlefield: boards, terrain, movement, sight, areas of effect, scatter and text maps.

Geometry (distance, neighbours, lines, directions) belongs to the :class:`Board`; everything else goes
through it, so the same functions serve square boards and hex boards (axial coordinates).

>>> from tactica.grid import parse_map, reachable
>>> board = parse_map("a..#").board
>>> sorted(reachable(board, (0, 0), 2).items())
[((0, 0), 0), ((1, 0), 1), ((2, 0), 2)]
"""

from tactica.grid.areas import (
    aura,
    block_area,
    burst,
    cone,
    is_straight_line,
    line_area,
    square_area,
    straight_run,
)
from tactica.grid.board import Board
from tactica.grid.hex import HexBoard
from tactica.grid.hextext import HexMapParse, parse_hex_map, render_hex
from tactica.grid.movement import Reach, explore, find_path, reachable, reachable_paths
from tactica.grid.path import Path
from tactica.grid.scale import FEET_5, HEX_1, METRES_1_5, Scale
from tactica.grid.scatter import direction_from_face, offset, scatter_relative
from tactica.grid.sight import cover_between, line_of_sight
from tactica.grid.square import SquareBoard
from tactica.grid.terrain import FLOOR, WALL, Cover, Terrain
from tactica.grid.textmap import DEFAULT_LEGEND, MapError, MapParse, parse_map, render
from tactica.grid.types import Pos
from tactica.grid.weighted import StepCost, cheapest_costs, cheapest_path, cheapest_paths, elevation_extra

__all__ = [
    "DEFAULT_LEGEND",
    "FEET_5",
    "FLOOR",
    "HEX_1",
    "METRES_1_5",
    "WALL",
    "Board",
    "Cover",
    "HexBoard",
    "HexMapParse",
    "MapError",
    "MapParse",
    "Path",
    "Pos",
    "Reach",
    "Scale",
    "SquareBoard",
    "StepCost",
    "Terrain",
    "aura",
    "block_area",
    "burst",
    "cheapest_costs",
    "cheapest_path",
    "cheapest_paths",
    "cone",
    "cover_between",
    "direction_from_face",
    "elevation_extra",
    "explore",
    "find_path",
    "is_straight_line",
    "line_area",
    "line_of_sight",
    "offset",
    "parse_hex_map",
    "parse_map",
    "reachable",
    "reachable_paths",
    "render",
    "render_hex",
    "scatter_relative",
    "square_area",
    "straight_run",
]
