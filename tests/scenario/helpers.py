"""Small scenario texts for the scenario and command-line tests (no files outside the project)."""

from __future__ import annotations

from pathlib import Path

#: A 7x3 map: vex (trooper) and kat (brawler) for red; rook (gunslinger) and ash (medic) for blue.
#: Red acts first (fixed initiative). Dice: vex's attack d20 15, Advantage d4 3, rifle damage 4.
BASE = """\
name: Test
system: futurepath
map:
  text: |
    a . . . . . .
    . . # . + . d
    b . ~ ~ . c .
combatants:
  - {id: vex, side: red, at: a, template: trooper}
  - {id: kat, side: red, at: c, template: brawler}
  - {id: rook, side: blue, at: b, template: gunslinger}
  - {id: ash, side: blue, at: d, template: medic}
initiative: {red: 5, blue: 3}
seed: 7
"""

#: A duel that ends quickly: two fighters side by side with 1 HP each.
DUEL = """\
name: Quick duel
system: futurepath
map:
  text: |
    a b
combatants:
  - {id: ada, side: red, at: a, template: duelist, hp: 1}
  - {id: bo, side: blue, at: b, template: duelist, hp: 1}
initiative: {red: 5, blue: 3}
"""


def write(folder: Path, text: str, name: str = "scenario.yaml") -> Path:
    """Write a scenario file and return its path."""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def with_script(*entries: str, dice: str = "", expect: str = "", base: str = BASE) -> str:
    """``base`` plus ``dice``, a script of block-list entries and an ``expect`` block (YAML text)."""
    text = base + (f"dice: {dice}\n" if dice else "")
    if entries:
        text += "script:\n" + "".join(f"  - {e}\n" for e in entries)
    return text + (f"expect:\n{expect}" if expect else "")


def line_of(text: str, needle: str) -> int:
    """The 1-based line of the first line containing ``needle``."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)
