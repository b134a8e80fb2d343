"""The state as a small text map: the board with a letter per combatant, and a legend.

Each combatant is the first letter of its id (uppercase for the first side, lowercase for the others;
another letter of the id when two would clash); the dead are ``x``; intact objects are ``*``; hexes in
darkness (Phase 3d6) with nothing on them are ``:``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactica.engine import Fight
from tactica.grid import Cover, HexBoard, SquareBoard, Terrain, render, render_hex
from tactica.render.harm import effects_on, summary

DEAD = "x"
OBJECT = "*"
DARK = ":"


def render_board(fight: Fight, *, coordinates: bool = True) -> str:
    """The map (squares or hexes) with combatants and objects drawn on it, then one legend line per side."""
    board = getattr(fight.game, "board", None)
    if not isinstance(board, (SquareBoard, HexBoard)):
        return "(no map for this system)"
    data = fight.observe()
    fighters: Mapping[str, Any] = data.get("fighters") or {}
    letters = assign_letters(fighters)
    tokens = {tuple(f["pos"]): letters[fid] for fid, f in fighters.items() if "pos" in f}
    objects = _objects(data, tokens)
    tokens.update(objects)
    dark = {tuple(p): DARK for p in data.get("darkness") or [] if tuple(p) not in tokens}
    tokens.update(dark)
    legend = _legend(fight.game.setup)
    if isinstance(board, SquareBoard):
        picture = render(board, tokens, legend=legend, coordinates=coordinates)
    else:
        picture = render_hex(board, tokens, legend=legend, coordinates=coordinates)
    notes = [*_object_legend(data, objects), *_dark_legend(data)]
    return "\n".join([picture, *legend_lines(fighters, letters, data), *notes])


def assign_letters(fighters: Mapping[str, Any]) -> dict[str, str]:
    """A distinct letter for each combatant (``x`` for the dead)."""
    sides = list(dict.fromkeys(f.get("side") for f in fighters.values()))
    taken: set[str] = {DEAD, DEAD.upper()}
    out: dict[str, str] = {}
    for fid, fighter in fighters.items():
        if fighter.get("status") == "dead":
            out[fid] = DEAD
            continue
        first_side = fighter.get("side") == sides[0]
        out[fid] = _free_letter(fid, taken, upper=first_side)
        taken.add(out[fid])
    return out


def _free_letter(fid: str, taken: set[str], *, upper: bool) -> str:
    candidates = [c for c in fid if c.isalpha()] + list("abcdefghijklmnopqrstuvwyz")
    for c in candidates:
        letter = c.upper() if upper else c.lower()
        if letter not in taken:
            return letter
    return "?"


def legend_lines(
    fighters: Mapping[str, Any], letters: Mapping[str, str], data: Mapping[str, Any] | None = None
) -> list[str]:
    """``red: V = vex (HP 18, active), K = kat (HP 3, dying, prone)``, one line per side; ``data`` (the
    observed state) adds the effects it keeps apart from the combatants."""
    by_side: dict[str, list[str]] = {}
    for fid, f in fighters.items():
        words = summary(f, effects_on(data or {}, fid))
        by_side.setdefault(str(f.get("side")), []).append(f"{letters[fid]} = {fid} ({', '.join(words)})")
    return [f"{side}: {', '.join(entries)}" for side, entries in by_side.items()]


def _objects(data: Mapping[str, Any], tokens: Mapping[Any, str]) -> dict[tuple[int, int], str]:
    objects = data.get("objects") or {}
    return {
        tuple(o["pos"]): OBJECT
        for o in objects.values()
        if isinstance(o, Mapping) and not o.get("broken") and tuple(o.get("pos", ())) not in tokens
    }


def _object_legend(data: Mapping[str, Any], drawn: Mapping[Any, str]) -> list[str]:
    names = [oid for oid, o in (data.get("objects") or {}).items() if tuple(o.get("pos", ())) in drawn]
    return [f"objects: {OBJECT} = {', '.join(names)}"] if names else []


def _dark_legend(data: Mapping[str, Any]) -> list[str]:
    dark = data.get("darkness") or []
    return [f"darkness: {DARK} ({len(dark)} hexes, drawn over the terrain)"] if dark else []


def _legend(setup: Mapping[str, Any]) -> dict[str, Terrain]:
    """The map's own legend symbols (``map.legend`` in the setup), so custom terrain draws as written."""
    legend = (setup.get("map") or {}).get("legend") if isinstance(setup.get("map"), Mapping) else None
    out: dict[str, Terrain] = {}
    for symbol, spec in (legend or {}).items():
        if isinstance(spec, Mapping) and len(str(symbol)) == 1:
            cover = Cover[str(spec.get("cover", "none")).upper()]
            out[str(symbol)] = Terrain(
                str(spec.get("name", "floor")),
                bool(spec.get("wall", False)),
                bool(spec.get("difficult", False)),
                int(spec.get("elevation", 0)),
                cover,
            )
    return out
