"""The board as a self-contained SVG for the web table (no scripts, no external references).

Squares or pointy-top hexes (:mod:`tactica.render.layout`); terrain by class (``wall``, ``difficult``,
``cover-partial``/``cover-heavy``/``cover-full``, ``raised`` with the elevation written in the cell); areas
(FuturePath smoke, THRUM terrain effects, THRUM's starting area in Round Zero, Phase 3d6 darkness); objects,
items on the ground and timed grenades; tokens: a disc in the side's colour with the combatant's letter
(:func:`~tactica.render.board.assign_letters`), a badge counting its conditions, faded when out of the
fight, crossed when dead, and a ``<title>`` with its id, side and summary. Coordinates run along every edge;
a legend of the sides and of every kind of mark drawn sits under the map.

Every cell carries ``data-x``/``data-y`` (the engine's coordinates) and every token ``data-id`` (and its
cell's ``data-x``/``data-y``), so a page maps clicks to ``@x,y`` and to combatants. Marks over the cells
ignore the pointer, so a click on them reaches the cell. The ``<style>`` block styles by class; a page may
restyle. Text from user files (ids, terrain names) is escaped.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from tactica.engine import Fight
from tactica.grid import Cover, HexBoard, SquareBoard, Terrain
from tactica.grid.memo import BoardMemo
from tactica.grid.types import Pos
from tactica.render.board import assign_letters
from tactica.render.harm import conditions, effects_on, is_dead, is_down, summary
from tactica.render.layout import CELL, Layout, layout

#: Side colours in side order (Okabe-Ito: told apart with the common colour blindnesses).
PALETTE = ("#D55E00", "#0072B2", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000")
#: A side named after one of the palette's colours gets that colour.
NAMED_COLOURS = {
    "red": "#D55E00",
    "blue": "#0072B2",
    "green": "#009E73",
    "purple": "#CC79A7",
    "pink": "#CC79A7",
    "orange": "#E69F00",
    "cyan": "#56B4E9",
    "yellow": "#F0E442",
    "black": "#000000",
}
#: Colours light enough to need a dark letter.
LIGHT = {"#E69F00", "#56B4E9", "#F0E442"}
#: The look, by class; every rule is scoped to the board so that a page embedding it keeps its own styles.
STYLE = """
svg.tactica-board { font-family: 'DejaVu Sans', Verdana, Arial, sans-serif; }
.tactica-board .cell { fill: #f3efe6; stroke: #b8b0a0; stroke-width: 1; }
.tactica-board .cell.raised { fill: #e2d5b8; }
.tactica-board .cell.difficult { fill: #e9e1cf; }
.tactica-board .cell.wall { fill: #3a3a3a; stroke: #2a2a2a; }
.tactica-board .cell.hl { fill: #ffe27a; stroke: #b8860b; stroke-width: 2; }
.tactica-board .hatch { fill: url(#tactica-hatch); }
.tactica-board .cover { fill: none; stroke: #7a4b1e; stroke-width: 2.5; }
.tactica-board .cover.core { fill: #7a4b1e; stroke: none; }
.tactica-board .cover.full { fill: #5b3a1a; }
.tactica-board .elev { font-size: 11px; font-weight: bold; fill: #6b5326; }
.tactica-board .area.smoke { fill: #8c8c8c; fill-opacity: 0.4; stroke: #6b6b6b; stroke-dasharray: 3 3; }
.tactica-board .area.effect { fill: #CC79A7; fill-opacity: 0.3; stroke: #8f4a73; stroke-dasharray: 4 2; }
.tactica-board .area.darkness { fill: #1a1a3a; fill-opacity: 0.45; stroke: #1a1a3a; }
.tactica-board .area.start { fill: #009E73; fill-opacity: 0.2; stroke: #00694d; stroke-dasharray: 2 2; }
.tactica-board .object { fill: #8a8a8a; stroke: #333; stroke-width: 1.5; }
.tactica-board .object.broken { fill: none; stroke-dasharray: 3 2; }
.tactica-board .item { fill: #F0E442; stroke: #333; stroke-width: 1; }
.tactica-board .trap { fill: #ffffff; stroke: #b00020; stroke-width: 2.5; }
.tactica-board .trap.spent { stroke: #7a7a7a; stroke-dasharray: 3 2; }
.tactica-board .grenade { fill: #1a1a1a; stroke: #F0E442; stroke-width: 2; }
.tactica-board .grenade-mark { fill: #F0E442; font-size: 13px; font-weight: bold; text-anchor: middle; }
.tactica-board .path { fill: none; stroke: #1a1a1a; stroke-width: 4; stroke-linecap: round;
  stroke-linejoin: round; stroke-opacity: 0.75; stroke-dasharray: 8 5; }
.tactica-board .path-end { fill: #1a1a1a; fill-opacity: 0.75; }
.tactica-board .disc { stroke: #1a1a1a; stroke-width: 2; }
.tactica-board .letter { font-size: 19px; font-weight: bold; text-anchor: middle; fill: #fff; }
.tactica-board .token.down .disc { fill-opacity: 0.4; stroke-dasharray: 4 3; }
.tactica-board .token.down .letter { fill: #1a1a1a; }
.tactica-board .token.dead .disc { fill: #9a9a9a; }
.tactica-board .cross { stroke: #1a1a1a; stroke-width: 3; stroke-linecap: round; }
.tactica-board .badge { fill: #1a1a1a; stroke: #fff; stroke-width: 1.5; }
.tactica-board .badge-count { fill: #fff; font-size: 10px; font-weight: bold; text-anchor: middle; }
.tactica-board .coord { font-size: 11px; fill: #555; text-anchor: middle; }
.tactica-board .legend text { font-size: 12px; fill: #333; }
.tactica-board .hatch, .tactica-board .cover, .tactica-board .elev, .tactica-board .area,
.tactica-board .object, .tactica-board .item, .tactica-board .trap, .tactica-board .grenade,
.tactica-board .grenade-mark, .tactica-board .path, .tactica-board .path-end,
.tactica-board .coord { pointer-events: none; }
"""
HATCH = (
    '<pattern id="tactica-hatch" width="8" height="8" patternUnits="userSpaceOnUse"'
    ' patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="8" stroke="#9c8a64" stroke-width="2"/>'
    "</pattern>"
)
SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" class="tactica-board" role="img"'
NO_MAP = f'{SVG_OPEN} viewBox="0 0 240 40" width="240" height="40"><text x="8" y="25">no map</text></svg>'


def board_svg(
    fight: Fight,
    *,
    hidden: Collection[str] = (),
    highlight: Collection[Pos] = (),
    path: Sequence[Pos] = (),
    summaries: Mapping[str, str] | None = None,
    traps: Collection[str] = (),
) -> str:
    """The board of ``fight`` as an ``<svg>`` document; ``hidden`` ids (combatants, objects) are not drawn,
    ``highlight`` cells get class ``hl`` and ``path`` is drawn as a line through the cells' centres. A
    token's tooltip says its harm and conditions, or ``summaries[id]`` where given (what a viewer may know
    of it, e.g. only "in the fight"). FuturePath traps are secret: only the ``traps`` named are drawn
    (:func:`known_traps` says which a side knows)."""
    board = getattr(fight.game, "board", None)
    if not isinstance(board, (SquareBoard, HexBoard)):
        return NO_MAP
    grid, data = layout(board), fight.observe()
    everyone: Mapping[str, Any] = data.get("fighters") or {}
    shown = {fid: f for fid, f in everyone.items() if fid not in hidden and _on_map(f)}
    colours = _side_colours(everyone)
    cells, terrain, coordinates = _static(grid, frozenset((int(x), int(y)) for x, y in highlight))
    layers = [
        cells,
        terrain,
        _areas(grid, fight, data, hidden),
        _path(grid, path),
        _objects(grid, data, hidden),
        _traps(grid, data, traps),
        _tokens(grid, shown, assign_letters(everyone), colours, data, summaries or {}),
        coordinates,
    ]
    body = [element for layer in layers for element in layer]
    width, height = grid.size()
    legend, legend_height = _legend(body, shown, colours, width, height)
    return _document(width, height + legend_height, colours, [*body, *legend])


def side_colours(fight: Fight) -> dict[str, str]:
    """Each side's colour on the board, so a page can use the same colours beside the map."""
    return _side_colours(fight.observe().get("fighters") or {})


def _document(width: float, height: float, colours: Mapping[str, str], body: Iterable[str]) -> str:
    style = STYLE + "".join(_side_style(i, colour) for i, colour in enumerate(colours.values()))
    size = f'viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" height="{height:.0f}"'
    return "\n".join(
        [f"{SVG_OPEN} {size}>", f"<style>{style}</style>", f"<defs>{HATCH}</defs>", *body, "</svg>"]
    )


def _side_style(index: int, colour: str) -> str:
    letter = "#1a1a1a" if colour in LIGHT else "#fff"
    scope = f".tactica-board .side-{index}"
    return f"{scope} .disc {{ fill: {colour}; }}\n{scope} .letter {{ fill: {letter}; }}\n"


def _on_map(f: Mapping[str, Any]) -> bool:
    """It has a square and (Far Recon's late joiners) has arrived."""
    pos = f.get("pos")
    return isinstance(pos, (list, tuple)) and len(pos) == 2 and f.get("present", True) is not False


def _side_colours(fighters: Mapping[str, Any]) -> dict[str, str]:
    """A colour per side, in side order: a side named after a palette colour takes it, the others the rest."""
    sides = list(dict.fromkeys(str(f.get("side")) for f in fighters.values()))
    named = {s: NAMED_COLOURS[s.lower()] for s in sides if s.lower() in NAMED_COLOURS}
    free = [c for c in PALETTE if c not in named.values()] or list(PALETTE)
    others = [s for s in sides if s not in named]
    return {s: named.get(s) or free[others.index(s) % len(free)] for s in sides}


# -- cells and terrain ----------------------------------------------------------------------------------


#: The layers that depend on the board alone (cells, terrain marks, coordinates), drawn once per board and
#: highlight: a table redraws its board at every change, and these are two thirds of the work.
_STATIC: BoardMemo[tuple[list[str], list[str], list[str]]] = BoardMemo(8)


def _static(grid: Layout, highlight: frozenset[Pos]) -> tuple[list[str], list[str], list[str]]:
    return _STATIC.get(
        grid.board, highlight, lambda: (_cells(grid, highlight), _terrain(grid), grid.coordinates())
    )


def _cells(grid: Layout, highlight: Collection[Pos]) -> list[str]:
    out = ['<g class="cells">']
    for p in grid.board.cells():
        terrain = grid.board.terrain(p)
        classes = " ".join(["cell", *_terrain_classes(terrain), *(["hl"] if p in highlight else [])])
        attrs = f'class="{classes}" data-x="{p[0]}" data-y="{p[1]}"'
        out.append(grid.shape(p, attrs, f"<title>{escape(_cell_title(p, terrain))}</title>"))
    return [*out, "</g>"]


def _terrain_classes(t: Terrain) -> list[str]:
    if t.wall:
        return ["wall"]
    classes = ["difficult"] if t.difficult else []
    if t.cover != Cover.NONE:
        classes.append(f"cover-{t.cover.name.lower()}")
    return classes + (["raised"] if t.elevation else [])


def _cell_title(p: Pos, t: Terrain) -> str:
    """``@3,4``, and the terrain when it is not plain floor: ``@3,4 crate: difficult, partial cover``."""
    traits = [
        word.replace("cover-", "") + (" cover" if "cover" in word else "") for word in _terrain_classes(t)
    ]
    traits = [f"elevation {t.elevation}" if word == "raised" else word for word in traits]
    return f"@{p[0]},{p[1]} {t.name}: {', '.join(traits)}" if traits else f"@{p[0]},{p[1]}"


def _terrain(grid: Layout) -> list[str]:
    """Hatching on difficult ground, a box for cover (open: partial, a dot in it: heavy, solid: full), the
    elevation number in the corner."""
    out = ['<g class="terrain">']
    for p, t in grid.board.terrain_map().items():
        if t.wall:
            continue
        if t.difficult:
            out.append(grid.shape(p, 'class="hatch"'))
        if t.cover != Cover.NONE:
            out.append(grid.shape(p, f'class="cover {t.cover.name.lower()}"', inset=0.28))
        if t.cover == Cover.HEAVY:
            out.append(grid.shape(p, 'class="cover core"', inset=0.38))
        if t.elevation:
            x, y = grid.center(p)
            out.append(
                f'<text class="elev" x="{x - CELL * 0.4:.1f}" y="{y - CELL * 0.2:.1f}">{t.elevation}</text>'
            )
    return [*out, "</g>"]


# -- areas, the path, objects ---------------------------------------------------------------------------


def _areas(grid: Layout, fight: Fight, data: Mapping[str, Any], hidden: Collection[str]) -> list[str]:
    """Smoke clouds (FuturePath 43), THRUM terrain effects (29), THRUM's starting area in Round Zero (6),
    Phase 3d6 darkness (rule 18)."""
    out = ['<g class="areas">']
    for c in data.get("conditions") or []:
        if c.get("name") == "smoke":
            centre, radius = (int(c["data"]["x"]), int(c["data"]["y"])), int(c["data"]["r"])
            title = f"smoke ({c.get('source')}) until the end of round {c.get('round')}"
            out += _area(grid, grid.board.cells_within(centre, radius), "smoke", title)
    for effect in (data.get("terrain") or {}).values():
        title = f"{effect.get('ability')} (terrain effect of {_who(effect.get('creator'), hidden)})"
        out += _area(grid, (tuple(p) for p in effect.get("cells") or []), "effect", title)
    out += _area(grid, (tuple(p) for p in data.get("darkness") or []), "darkness", "darkness")
    start = getattr(fight.game, "starting_area", None)
    if start and data["order"]["round"] == 0:
        out += _area(grid, sorted(start), "start", "starting area (Round Zero)")
    return [*out, "</g>"]


def _who(fid: Any, hidden: Collection[str]) -> str:
    """A combatant's id, or 'someone' when it is hidden."""
    return "someone" if fid in hidden else str(fid)


def _area(grid: Layout, cells: Iterable[Any], kind: str, title: str) -> list[str]:
    inner = f"<title>{escape(title)}</title>"
    return [grid.shape(p, f'class="area {kind}"', inner) for p in cells if grid.board.in_bounds(p)]


def _path(grid: Layout, path: Sequence[Pos]) -> list[str]:
    if not path:
        return []
    points = [grid.center((int(x), int(y))) for x, y in path]
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    end = f'<circle class="path-end" cx="{points[-1][0]:.1f}" cy="{points[-1][1]:.1f}" r="6"/>'
    return [f'<polyline class="path" points="{line}"/>', end]


def _objects(grid: Layout, data: Mapping[str, Any], hidden: Collection[str]) -> list[str]:
    """FuturePath objects and Phase 3d6 doors (a diamond), timed grenades, Star Rangers and Phase 3d6 items on
    the ground (a triangle)."""
    out = ['<g class="objects">']
    for oid, o in (data.get("objects") or {}).items():
        if oid not in hidden:
            out.append(_object(grid, str(oid), o))
    out += [_grenade(grid, c, hidden) for c in data.get("conditions") or [] if c.get("name") == "grenade"]
    items: dict[Pos, list[str]] = {}
    for item in data.get("ground") or []:
        items.setdefault((int(item["pos"][0]), int(item["pos"][1])), []).append(str(item.get("name")))
    out += [_item(grid, p, names) for p, names in items.items() if grid.board.in_bounds(p)]
    return [*out, "</g>"]


def known_traps(fight: Fight, sides: Collection[str] | None = None) -> set[str]:
    """The FuturePath traps known to any combatant of ``sides`` (a trap noticed is known to the whole side);
    every trap when ``sides`` is None (the GM)."""
    data = fight.observe()
    traps = data.get("traps") or {}
    if sides is None:
        return set(traps)
    fighters = (data.get("fighters") or {}).values()
    return {
        t for f in fighters if str(f.get("side")) in sides for t in f.get("known_traps") or () if t in traps
    }


def _traps(grid: Layout, data: Mapping[str, Any], shown: Collection[str]) -> list[str]:
    """FuturePath traps and mines (a spiked ring; dashed once disarmed or gone off)."""
    out = []
    for tid, trap in (data.get("traps") or {}).items():
        if tid in shown:
            x, y = grid.center((int(trap["pos"][0]), int(trap["pos"][1])))
            kind, state = ("trap", "armed") if trap.get("armed") else ("trap spent", "disarmed or gone off")
            title = "<title>" + escape(f"{tid} (trap, {state})") + "</title>"
            out.append(f'<g class="{kind}" data-trap={quoteattr(str(tid))}>{title}{_spikes(x, y)}</g>')
    return ['<g class="traps">', *out, "</g>"] if out else []


def _spikes(x: float, y: float, r: float = CELL * 0.18) -> str:
    ring = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}"/>'
    lines = "".join(
        f'<line x1="{x + dx * r:.1f}" y1="{y + dy * r:.1f}"'
        f' x2="{x + dx * r * 1.7:.1f}" y2="{y + dy * r * 1.7:.1f}"/>'
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (0.7, 0.7), (-0.7, 0.7), (0.7, -0.7), (-0.7, -0.7))
    )
    return ring + lines


def _object(grid: Layout, oid: str, o: Mapping[str, Any]) -> str:
    x, y = grid.center((int(o["pos"][0]), int(o["pos"][1])))
    s = CELL * 0.22
    traits = [f"hardness {o['hardness']}"] if "hardness" in o else []
    if "open" in o:  # a Phase 3d6 door
        traits.append("door, open" if o["open"] else "door, closed")
    traits += [word for word in ("blocks", "movable", "broken") if o.get(word)]
    title = "<title>" + escape(f"{oid} (object: {', '.join(traits)})") + "</title>"
    points = f"{x:.1f},{y - s:.1f} {x + s:.1f},{y:.1f} {x:.1f},{y + s:.1f} {x - s:.1f},{y:.1f}"
    kind = "object broken" if o.get("broken") or o.get("open") else "object"
    return f'<polygon class="{kind}" data-object={quoteattr(oid)} points="{points}">{title}</polygon>'


def _grenade(grid: Layout, c: Mapping[str, Any], hidden: Collection[str]) -> str:
    x, y = grid.center((int(c["data"]["x"]), int(c["data"]["y"])))
    when = "start" if c.get("until") == "turn_start" else "end"
    thrower = _who(c.get("holder"), hidden)
    what = f"{c.get('source')} thrown by {thrower}: goes off at the {when} of {c.get('actor')}'s turn"
    disc = f'<circle class="grenade" cx="{x:.1f}" cy="{y:.1f}" r="{CELL * 0.2:.1f}"/>'
    mark = f'<text class="grenade-mark" x="{x:.1f}" y="{y + 5:.1f}">!</text>'
    return f"<g><title>{escape(what)}</title>{disc}{mark}</g>"


def _item(grid: Layout, p: Pos, names: list[str]) -> str:
    x, y = grid.center(p)
    left, low, s = x - CELL * 0.47, y + CELL * 0.47, CELL * 0.26
    points = f"{left:.1f},{low:.1f} {left + s:.1f},{low:.1f} {left:.1f},{low - s:.1f}"
    title = escape(f"on the ground: {', '.join(names)}")
    return f'<polygon class="item" points="{points}"><title>{title}</title></polygon>'


# -- tokens ---------------------------------------------------------------------------------------------


def _tokens(
    grid: Layout,
    fighters: Mapping[str, Any],
    letters: Mapping[str, str],
    colours: Mapping[str, str],
    data: Mapping[str, Any],
    summaries: Mapping[str, str],
) -> list[str]:
    """The dead first, so a living combatant on the same square is drawn over them."""
    index = {side: i for i, side in enumerate(colours)}
    order = sorted(fighters, key=lambda fid: not is_dead(fighters[fid]))
    return [_token(grid, fid, fighters[fid], letters[fid], index, data, summaries.get(fid)) for fid in order]


def _token(
    grid: Layout,
    fid: str,
    f: Mapping[str, Any],
    letter: str,
    index: Mapping[str, int],
    data: Mapping[str, Any],
    told: str | None,
) -> str:
    p = (int(f["pos"][0]), int(f["pos"][1]))
    x, y = grid.center(p)
    state = " dead" if is_dead(f) else " down" if is_down(f) else ""
    side = str(f.get("side"))
    effects = effects_on(data, fid)
    marks = (
        _cross(x, y) if state == " dead" else _letter(x, y, letter) + _badge(x, y, conditions(f) + effects)
    )
    cell = f'data-x="{p[0]}" data-y="{p[1]}"'
    head = f'<g class="token side-{index[side]}{state}" data-id={quoteattr(fid)} {cell}>'
    said = told if told is not None else ", ".join(summary(f, effects))
    title = "<title>" + escape(f"{fid} ({side}): {said}") + "</title>"
    disc = f'<circle class="disc" cx="{x:.1f}" cy="{y:.1f}" r="{CELL * 0.38:.1f}"/>'
    return "".join([head, title, disc, *marks, "</g>"])


def _letter(x: float, y: float, letter: str) -> list[str]:
    return [f'<text class="letter" x="{x:.1f}" y="{y + 7:.1f}">{escape(letter)}</text>']


def _cross(x: float, y: float) -> list[str]:
    d = CELL * 0.24
    return [
        f'<line class="cross" x1="{x - d:.1f}" y1="{y - d:.1f}" x2="{x + d:.1f}" y2="{y + d:.1f}"/>',
        f'<line class="cross" x1="{x - d:.1f}" y1="{y + d:.1f}" x2="{x + d:.1f}" y2="{y - d:.1f}"/>',
    ]


def _badge(x: float, y: float, words: list[str]) -> list[str]:
    """A small disc at the token's upper right counting its conditions (9 at most)."""
    if not words:
        return []
    bx, by = x + CELL * 0.3, y - CELL * 0.3
    return [
        f'<circle class="badge" cx="{bx:.1f}" cy="{by:.1f}" r="{CELL * 0.17:.1f}"/>',
        f'<text class="badge-count" x="{bx:.1f}" y="{by + 3.5:.1f}">{min(len(words), 9)}</text>',
    ]


# -- legend ---------------------------------------------------------------------------------------------

_BOX = '<rect class="{}" x="0" y="-7" width="14" height="14"/>'
_DISC = '<circle class="disc" r="7" cx="7" cy="0"/>'
_COVER = '<rect class="cover{}" x="1" y="-6" width="12" height="12"/>'
#: What the legend may show, in this order: (the class that must be on the map, its swatch, its words).
LEGEND = (
    ("wall", _BOX.format("cell wall"), "wall"),
    ("difficult", _BOX.format("cell difficult") + _BOX.format("hatch"), "difficult"),
    ("cover-partial", _COVER.format(""), "partial cover"),
    (
        "cover-heavy",
        _COVER.format(" heavy") + '<rect class="cover core" x="5" y="-2" width="4" height="4"/>',
        "heavy cover",
    ),
    ("cover-full", _COVER.format(" full"), "full cover"),
    ("raised", _BOX.format("cell raised") + '<text class="elev" x="3" y="4">2</text>', "elevation"),
    ("smoke", _BOX.format("area smoke"), "smoke"),
    ("effect", _BOX.format("area effect"), "terrain effect"),
    ("start", _BOX.format("area start"), "starting area"),
    ("darkness", _BOX.format("area darkness"), "darkness"),
    ("object", '<polygon class="object" points="7,-7 14,0 7,7 0,0"/>', "object"),
    ("item", '<polygon class="item" points="0,7 10,7 0,-3"/>', "on the ground"),
    ("grenade", '<circle class="grenade" cx="7" cy="0" r="7"/>', "grenade"),
    ("trap", f'<g class="trap">{_spikes(7, 0, 4.2)}</g>', "trap"),
    (
        "badge",
        '<circle class="badge" cx="7" cy="0" r="7"/><text class="badge-count" x="7" y="3.5">2</text>',
        "conditions",
    ),
    ("down", f'<g class="token down">{_DISC}</g>', "out of the fight"),
    ("dead", f'<g class="token dead">{_DISC}</g>', "dead"),
)
_CLASS = re.compile(r'class="([^"]*)"')


def _legend(
    body: Sequence[str], fighters: Mapping[str, Any], colours: Mapping[str, str], width: float, top: float
) -> tuple[list[str], float]:
    """Swatches for the sides drawn and every kind of mark on the map, wrapped to the map's width; the
    elements and their height."""
    index = {side: i for i, side in enumerate(colours)}
    drawn = dict.fromkeys(str(f.get("side")) for f in fighters.values())
    entries = [(f'<g class="side-{index[side]}">{_DISC}</g>', side) for side in drawn]
    used = {word for element in body for classes in _CLASS.findall(element) for word in classes.split()}
    entries += [(swatch, words) for key, swatch, words in LEGEND if key in used]
    out, x, y = ['<g class="legend">'], 8.0, top + 4
    for swatch, label in entries:
        advance = 28 + 7 * len(label)
        if x + advance > width and x > 8:
            x, y = 8.0, y + 22
        words = f'<text x="20" y="4">{escape(label)}</text>'
        out.append(f'<g transform="translate({x:.0f},{y + 8:.0f})">{swatch}{words}</g>')
        x += advance
    return [*out, "</g>"], (y - top) + 26
