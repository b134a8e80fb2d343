"""Issue 13 point 2: the map as SVG for the web table (``tactica.render.svg.board_svg``), for the five systems'
demo fights and a few small scenarios."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections import Counter
from types import SimpleNamespace
from typing import Any

import pytest

from tactica.analysis.odds import scenario_fight
from tactica.engine import Fight
from tactica.grid import Cover, HexBoard, SquareBoard
from tactica.render.svg import board_svg, side_colours
from tactica.scenario import load_scenario_text
from tests.render.helpers import SYSTEMS, demo, play, play_out

SVG = "{http://www.w3.org/2000/svg}"
#: A small FuturePath yard: walls, rubble, a crate, a barricade, a pillar (full cover), raised ground, two
#: objects; vex throws smoke at @5,0 and kat a frag grenade at @6,4 (both go off at the end of blue's turn).
YARD = """\
name: Yard
system: futurepath
map:
  text: |
    a . . . . . . . . .
    . . # # . . + . . .
    . . . # . . = . . .
    . ~ ~ . . . . . 2 2
    b . . . . P . . 2 2
    . . . . . . . . . c
  legend:
    P: {name: pillar, cover: full}
combatants:
  - {id: vex, side: red, at: a, weapons: [smoke, frag]}
  - {id: kat, side: red, at: b, weapons: [frag]}
  - {id: rook, side: blue, at: c, template: gunslinger}
  - {id: ash, side: blue, at: [7, 0], template: medic}
objects:
  - {id: door, at: [4, 1], hardness: 3, blocks: true}
  - {id: crate, at: [1, 5], hardness: 10, blocks: true, movable: true}
initiative: {red: 5, blue: 3}
seed: 3
script:
  - vex throw @5,0 with smoke
  - kat throw @6,4 with frag
"""


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def without_legend(root: ET.Element) -> ET.Element:
    """The map alone (the legend's swatches use the map's classes)."""
    for group in root.findall(f"{SVG}g"):
        if "legend" in classes(group):
            root.remove(group)
    return root


def classes(element: ET.Element) -> set[str]:
    return set((element.get("class") or "").split())


def tokens(root: ET.Element) -> dict[str, ET.Element]:
    return {str(e.get("data-id")): e for e in root.iter() if "token" in classes(e) and e.get("data-id")}


def cells(root: ET.Element) -> dict[tuple[int, int], ET.Element]:
    found = [e for e in root.iter() if "cell" in classes(e) and e.get("data-x") is not None]
    return {(int(e.get("data-x", "")), int(e.get("data-y", ""))): e for e in found}


def board_of(fight: Fight) -> SquareBoard | HexBoard:
    board = getattr(fight.game, "board", None)
    assert isinstance(board, (SquareBoard, HexBoard))
    return board


def yard() -> Fight:
    return scenario_fight(load_scenario_text(YARD, "yard.yaml"))


@pytest.mark.parametrize("system", SYSTEMS)
def test_each_demo_board_is_svg_with_one_token_per_combatant_on_its_square(system: str) -> None:
    """Issue 13 point 2: the map as SVG, a token (with data-id) per combatant, on its own cell."""
    fight = demo(system)
    root = parse(board_svg(fight))
    assert root.tag == f"{SVG}svg" and root.get("viewBox")
    fighters = fight.observe()["fighters"]
    drawn = tokens(root)
    assert sorted(drawn) == sorted(fighters)
    for fid, token in drawn.items():
        assert [int(token.get("data-x", "")), int(token.get("data-y", ""))] == list(fighters[fid]["pos"])
        assert token.findtext(f"{SVG}title", "").startswith(f"{fid} ({fighters[fid]['side']}): ")


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_cell_is_drawn_once_with_the_engines_coordinates(system: str) -> None:
    """Issue 13 point 2: every cell carries data-x/data-y, so a click maps to '@x,y'."""
    fight = demo(system)
    root = parse(board_svg(fight))
    found = Counter(
        (int(e.get("data-x", "")), int(e.get("data-y", "")))
        for e in root.iter()
        if "cell" in classes(e) and e.get("data-x") is not None
    )
    assert found == Counter(board_of(fight).cells())


@pytest.mark.parametrize("system", SYSTEMS)
def test_walls_difficult_ground_cover_and_elevation_have_their_classes(system: str) -> None:
    """Issue 13 point 2: terrain and cover on the map, a class per kind (so a page can restyle)."""
    fight = demo(system)
    drawn = cells(parse(board_svg(fight)))
    for p, terrain in board_of(fight).terrain_map().items():
        kinds = classes(drawn[p])
        assert ("wall" in kinds) == terrain.wall
        if not terrain.wall:
            assert ("difficult" in kinds) == terrain.difficult
            assert ("raised" in kinds) == (terrain.elevation != 0)
            assert (f"cover-{terrain.cover.name.lower()}" in kinds) == (terrain.cover != Cover.NONE)


@pytest.mark.parametrize("system", SYSTEMS)
def test_hidden_combatants_are_not_drawn(system: str) -> None:
    """Issue 13 point 4: what the GM hides never reaches a player, not even in a tooltip or the legend."""
    fight = demo(system)
    fighters = fight.observe()["fighters"]
    last_side = list(fighters.values())[-1]["side"]
    hidden = {fid for fid, f in fighters.items() if f["side"] == last_side}
    svg = board_svg(fight, hidden=hidden)
    assert sorted(tokens(parse(svg))) == sorted(set(fighters) - hidden)
    assert all(f">{fid} (" not in svg for fid in hidden)
    assert f">{last_side}</text>" not in svg, "the legend names only the sides drawn"


@pytest.mark.parametrize("system", SYSTEMS)
def test_no_scripts_and_no_references_outside_the_document(system: str) -> None:
    """Issue 13 point 2: the page embeds the map as is: nothing in it runs or fetches anything."""
    svg = board_svg(demo(system), highlight=[(1, 1)], path=[(0, 0), (1, 1)])
    root = parse(svg)
    assert not [e for e in root.iter() if e.tag in (f"{SVG}script", f"{SVG}foreignObject", f"{SVG}image")]
    assert not [
        name for e in root.iter() for name in e.attrib if name.endswith("href") or name.startswith("on")
    ]
    assert svg.count("url(") == svg.count("url(#tactica-"), "url() refers only to the document's own pattern"


def test_highlighted_cells_have_class_hl_and_a_path_is_a_polyline_through_their_centres() -> None:
    """Issue 13 point 2: a move shows its path (and the cells it may reach) before it is confirmed."""
    fight = demo("futurepath")
    highlight, path = {(2, 4), (3, 4), (3, 5)}, [(1, 4), (2, 4), (3, 5)]
    root = parse(board_svg(fight, highlight=highlight, path=path))
    assert {p for p, e in cells(root).items() if "hl" in classes(e)} == highlight
    lines = [e for e in root.iter() if e.tag == f"{SVG}polyline" and "path" in classes(e)]
    assert len(lines) == 1
    points = [tuple(map(float, xy.split(","))) for xy in lines[0].get("points", "").split()]
    centres = [centre(cells(root)[p]) for p in path]
    assert all(math.dist(a, b) < 0.1 for a, b in zip(points, centres, strict=True))


def centre(cell: ET.Element) -> tuple[float, float]:
    """The centre of a drawn cell (a rect, or the mean of a hexagon's corners)."""
    if cell.tag == f"{SVG}rect":
        x, y, w, h = (float(cell.get(k, "")) for k in ("x", "y", "width", "height"))
        return (x + w / 2, y + h / 2)
    corners = corners_of(cell)
    return (sum(x for x, _ in corners) / 6, sum(y for _, y in corners) / 6)


def corners_of(cell: ET.Element) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in (xy.split(",") for xy in cell.get("points", "").split())]


def test_hexes_are_laid_out_by_the_boards_geometry_so_neighbours_share_an_edge() -> None:
    """Issue 13 point 2: hexes aligned: each hex shares an edge (two corners) with each of its neighbours
    and no corner with a hex two steps away."""
    fight = demo("phase3d6")
    board = board_of(fight)
    assert isinstance(board, HexBoard)
    drawn = cells(parse(board_svg(fight)))
    for p, cell in drawn.items():
        mine = corners_of(cell)
        assert len(mine) == 6
        for q in board.neighbors(p):
            shared = [c for c in corners_of(drawn[q]) if any(math.dist(c, m) < 0.2 for m in mine)]
            assert len(shared) == 2, (p, q)
        far = [q for q in drawn if board.distance(p, q) == 2]
        assert all(math.dist(centre(cell), centre(drawn[q])) > 60 for q in far)


def test_a_hostile_terrain_name_is_escaped() -> None:
    """Issue 13 point 4 and the house rule on bad input: text from a user's file (a map legend's terrain
    name) reaches the page as text, never as markup."""
    name = "<script>alert(\\\"x\\\")</script> & 'q'"
    text = YARD.replace("{name: pillar, cover: full}", f'{{name: "{name}", cover: full}}').split("script:")[0]
    svg = board_svg(scenario_fight(load_scenario_text(text, "hostile.yaml")))
    root = parse(svg)
    assert not [e for e in root.iter() if e.tag == f"{SVG}script"]
    assert "<script>" not in svg
    assert (
        cells(root)[(5, 4)].findtext(f"{SVG}title") == "@5,4 <script>alert(\"x\")</script> & 'q': full cover"
    )


def test_a_hostile_combatant_id_and_side_are_escaped(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 13 point 4: ids and sides are escaped in attributes and text, even if one ever held markup
    (the scenario loader refuses such ids today)."""
    fight = demo("futurepath")
    data = fight.observe()
    evil, side = "\"><script>alert('x')</script>", 'r"e<d'
    data["fighters"][evil] = {**data["fighters"].pop("vex"), "id": evil, "side": side}
    monkeypatch.setattr(fight, "observe", lambda side=None: data)
    svg = board_svg(fight)
    root = parse(svg)
    assert not [e for e in root.iter() if e.tag == f"{SVG}script"]
    assert tokens(root)[evil].findtext(f"{SVG}title", "").startswith(f"{evil} ({side}): HP ")


def test_side_colours_are_distinct_and_a_side_named_after_a_colour_gets_it() -> None:
    """Issue 13 point 2: tokens in side colours (FuturePath's red and blue are drawn red and blue)."""
    assert side_colours(demo("futurepath")) == {"red": "#D55E00", "blue": "#0072B2"}
    for system in SYSTEMS:
        colours = side_colours(demo(system))
        assert len(set(colours.values())) == len(colours) == 2


def test_smoke_objects_and_grenades_are_drawn() -> None:
    """Issue 13 point 2 (areas), FuturePath 34, 37, 43: a thrown grenade waits on its square until it goes
    off; smoke then covers every square within its radius; objects are drawn with their ids."""
    fight = yard()
    root = without_legend(parse(board_svg(fight)))
    assert len([e for e in root.iter() if "grenade" in classes(e)]) == 2
    assert {e.get("data-object") for e in root.iter() if "object" in classes(e)} == {"door", "crate"}
    play(fight, "rook end", "ash end")
    root = without_legend(parse(board_svg(fight)))
    smoke = [e for e in root.iter() if {"area", "smoke"} <= classes(e)]
    board = board_of(fight)
    assert sorted(map(centre, smoke)) == sorted(centre(cells(root)[p]) for p in board.cells_within((5, 0), 2))
    assert not [e for e in root.iter() if "grenade" in classes(e)], "both grenades went off"


def test_the_dead_are_crossed_and_those_out_of_the_fight_faded() -> None:
    """Issue 13 point 2: the dead crossed (no letter), the dying drawn apart from those still fighting."""
    fight = play_out(demo("futurepath"), "futurepath")
    fighters: dict[str, Any] = fight.observe()["fighters"]
    drawn = tokens(parse(board_svg(fight)))
    dead = {fid for fid, f in fighters.items() if f["status"] == "dead"}
    dying = {fid for fid, f in fighters.items() if f["status"] in ("dying", "stable")}
    assert dead and {fid for fid, e in drawn.items() if "dead" in classes(e)} == dead
    assert {fid for fid, e in drawn.items() if "down" in classes(e)} == dying
    for fid in dead:
        assert len(drawn[fid].findall(f"{SVG}line")) == 2 and drawn[fid].find(f"{SVG}text") is None


def test_conditions_are_counted_on_a_badge_and_named_in_the_title() -> None:
    """Issue 13 point 2, Star Rangers 3-4: dax, unaware in the surprise round, is flat-footed: two
    conditions on its token, both named in its tooltip."""
    drawn = tokens(parse(board_svg(demo("srb"))))
    badge = [e for e in drawn["dax"].iter() if "badge-count" in classes(e)]
    assert [e.text for e in badge] == ["2"]
    assert drawn["dax"].findtext(f"{SVG}title") == "dax (rangers): HP 18, ok, flat-footed, unaware"
    assert not [e for e in drawn["ash"].iter() if "badge" in classes(e)]


def test_marks_left_by_a_hidden_combatant_do_not_name_it() -> None:
    """Issue 13 point 4: a grenade thrown by a hidden combatant is on the map, its thrower is not."""
    svg = board_svg(yard(), hidden={"vex"})
    assert "vex" not in svg
    assert "smoke thrown by someone" in svg and "frag thrown by kat" in svg


def test_every_style_rule_is_scoped_to_the_board() -> None:
    """Issue 13 point 2: the page embeds the SVG inline, where its <style> applies to the whole page: each
    rule is scoped to the board, so the page's own classes (an 'item', a 'legend') keep their styles."""
    root = parse(board_svg(demo("futurepath")))
    css = "".join(e.text or "" for e in root.iter(f"{SVG}style"))
    selectors = [s.strip() for block in re.findall(r"([^{}]+)\{", css) for s in block.split(",")]
    assert selectors and all(s.startswith((".tactica-board ", "svg.tactica-board")) for s in selectors)


def test_a_fight_without_a_board_gets_a_small_svg_saying_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 13 point 2 (table design): a system may have no board; the page still gets an SVG."""
    fight = demo("farrecon")
    monkeypatch.setattr(fight, "game", SimpleNamespace(board=None))
    root = parse(board_svg(fight))
    assert root.tag == f"{SVG}svg" and "".join(root.itertext()) == "no map" and not cells(root)
