"""The observation: a fixed-shape float32 vector of the board and of every combatant (docs/agents.md,
"Observations").

Board channels come first (one H x W plane each, row by row), then one row of fields per combatant in the
scenario's order, then the round. A combatant's fields are read from ``fight.observe()`` (the system's
derived conditions included), flattened: a number or a truth value as it is, a mapping by its size
(``.count``) and key by key (``budget.spent``), a list by its length (``.count``), a position as ``pos.x``
and ``pos.y``, and a word (``status``, ``stance``) as 1.0 when it differs from the word the combatant
started with (``.changed``). The fields are fixed when the environment is made, from the first state of
the fight (and :data:`KNOWN_KEYS`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from tactica.engine import Fight, Game
from tactica.rl import vocabulary
from tactica.systems.thrum import abilities as thrum_abilities

Vector = npt.NDArray[np.float32]
#: The board's planes before the sides' ones: walls, difficult ground, elevation, cover (0 none .. full).
TERRAIN_CHANNELS = ("wall", "difficult", "elevation", "cover")
#: Fields every combatant has whatever its system: out of the fight, and deciding now.
COMMON_FIELDS = ("out", "deciding")
_SKIPPED = frozenset({"id", "side", "pos"})
#: Mapping fields whose keys come and go, with every key the system may put there: each key gets two fields
#: from the start, its value and ``.on`` (1.0 while the key is there; THRUM's statuses and conditions).
KNOWN_KEYS: dict[str, dict[str, tuple[str, ...]]] = {
    "thrum": {"statuses": thrum_abilities.STATUSES, "conditions": thrum_abilities.CONDITIONS},
}


class ObservationLayout:
    """Where each value sits in the vector: board channels, then each combatant's fields, then the round."""

    def __init__(self, fight: Fight) -> None:
        game = fight.game
        board: Any = cast(Any, game).board  # every system's game has one
        self.board = board
        self.width, self.height = board.width, board.height
        self.origin: tuple[int, int] = board.origin
        self.fighters = vocabulary.fighters(game)
        self.sides = tuple(sorted({fight.side_of(f) for f in self.fighters}))
        self.channels = (*TERRAIN_CHANNELS, *(f"side:{s}" for s in self.sides), "self")
        start = fight.observe()["fighters"]
        self.start = {fid: dict(_flatten(start[fid])) for fid in self.fighters}
        found = {key for flat in self.start.values() for key in flat}
        known = KNOWN_KEYS.get(game.system.id, {})
        self.known = [(name, key) for name, keys in known.items() for key in keys]
        found |= {f"{name}.{key}{on}" for name, key in self.known for on in ("", ".on")}
        self.fields = (*COMMON_FIELDS, "pos.x", "pos.y", *sorted(found))
        self.terrain = self._terrain(game)

    @property
    def size(self) -> int:
        """The length of the vector."""
        return int(len(self.channels) * self.width * self.height + len(self.fighters) * len(self.fields) + 1)

    def encode(self, fight: Fight, own: frozenset[str]) -> Vector:
        """The observation of the agent whose combatants are ``own``."""
        seen = fight.observe()
        planes = np.zeros((len(self.channels), self.height, self.width), np.float32)
        planes[: len(TERRAIN_CHANNELS)] = self.terrain
        rows = np.zeros((len(self.fighters), len(self.fields)), np.float32)
        out = set(fight.system.out_of_action(fight.game, fight.state))
        deciding = set(fight.deciding())
        for k, fid in enumerate(self.fighters):
            entry = seen["fighters"].get(fid)
            if entry is not None:
                rows[k] = self._row(fid, entry, fid in out, fid in deciding)
                self._place(planes, fight.side_of(fid), entry.get("pos"), fid in own)
        return np.concatenate([planes.ravel(), rows.ravel(), [np.float32(seen["order"]["round"])]])

    def field_names(self) -> list[str]:
        """The name of every value of the vector, in order (``wall@x,y``, ``vex.hp``, ``round``)."""
        ox, oy = self.origin
        cells = [(x + ox, y + oy) for y in range(self.height) for x in range(self.width)]
        names = [f"{c}@{x},{y}" for c in self.channels for x, y in cells]
        names += [f"{fid}.{field}" for fid in self.fighters for field in self.fields]
        return [*names, "round"]

    def _row(self, fid: str, entry: Mapping[str, Any], out: bool, deciding: bool) -> list[float]:
        flat = dict(_flatten(entry))
        flat.update({f"{name}.{key}.on": key in entry.get(name, {}) for name, key in self.known})
        pos = entry.get("pos") or (-1, -1)
        head = [float(out), float(deciding), float(pos[0]), float(pos[1])]
        return head + [_number(flat.get(f), self.start[fid].get(f)) for f in self.fields[4:]]

    def _place(self, planes: Vector, side: str, pos: Any, own: bool) -> None:
        if not pos:
            return
        x, y = pos[0] - self.origin[0], pos[1] - self.origin[1]
        if 0 <= x < self.width and 0 <= y < self.height:
            planes[len(TERRAIN_CHANNELS) + self.sides.index(side), y, x] = 1.0
            if own:
                planes[-1, y, x] = 1.0

    def _terrain(self, game: Game) -> Vector:
        planes = np.zeros((len(TERRAIN_CHANNELS), self.height, self.width), np.float32)
        for x, y in vocabulary.cells(game):
            t = self.board.terrain((x, y))
            values = (t.wall, t.difficult, t.elevation, int(t.cover))
            planes[:, y - self.origin[1], x - self.origin[0]] = values
        return planes


def _flatten(entry: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    """A combatant's entry as (field, value) pairs: numbers, truth values, words; mappings key by key,
    lists by their length."""
    for key, value in entry.items():
        name = f"{prefix}{key}"
        if not prefix and key in _SKIPPED:
            continue
        if isinstance(value, Mapping):
            yield f"{name}.count", len(value)
            yield from _flatten(value, f"{name}.")
        elif isinstance(value, (list, tuple)):
            yield f"{name}.count", len(value)
        elif isinstance(value, str):
            yield f"{name}.changed", value
        else:
            yield name, value


def _number(value: Any, start: Any) -> float:
    """One field as a number: a word by whether it changed since the start, None as 0."""
    if isinstance(value, str):
        return float(value != start)
    if isinstance(value, (int, float)):
        return float(value)
    return 0.0


def field_table(scenarios: Mapping[str, str]) -> str:
    """The combatant fields of each system's scenario (``{system: path}``), as the Markdown table
    docs/agents.md shows: one row per system, its fields in vector order."""
    from tactica.scenario import load_scenario

    rows = ["| system (scenario) | fields of each combatant, in order |", "| --- | --- |"]
    for system, path in scenarios.items():
        layout = ObservationLayout(Fight(load_scenario(path).game))
        rows.append(f"| {system} (`{path}`) | {', '.join(f'`{f}`' for f in layout.fields)} |")
    return "\n".join(rows) + "\n"
