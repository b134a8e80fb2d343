"""The fenced blocks of the project's Markdown (README.md and every .md under docs/), read for the docs test.

Conventions (the README says them too, under "The docs run"):

- every fence names its language; ``python``, ``console`` and ``yaml`` blocks run, ``text`` (pictures,
  synopses, sample output of a hypothetical file) and configuration of other programs (``nginx``) do not;
- a ``console`` block is commands after ``$ `` with the output they print below them (``...`` stands for any
  text, a line of only ``...`` for any lines); ``$ echo $?`` shows the previous command's exit status;
- an HTML comment on the line before a fence steers it: ``<!-- doc-test: skip (why) -->`` does not run it
  (the test lists each one it skipped) and ``<!-- doc-test: file NAME -->`` writes the block to NAME in the
  doc's folder for the commands after it.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUN = ("python", "console", "yaml")
SHOWN = ("text", "nginx")
FENCE = re.compile(r"^(?P<indent> *)(?P<fence>```+|~~~+)\s*(?P<lang>[\w-]*)\s*$")
MARKER = re.compile(r"^<!--\s*doc-test:\s*(?P<verb>skip|file)\s*(?P<arg>.*?)\s*-->$")


@dataclasses.dataclass(frozen=True)
class Block:
    """One fenced block: where it is, its language, its text and what its marker asks."""

    path: Path
    line: int
    lang: str
    text: str
    skip: str | None = None
    file: str | None = None

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def markdown_files() -> list[Path]:
    """README.md and every Markdown file under docs/, in a fixed order."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def blocks(path: Path) -> list[Block]:
    """Every fenced block of a Markdown file, with the marker on the line before it."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found, index = [], 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if opening is None:
            index += 1
            continue
        end = _closing(lines, index, opening["fence"])
        if end is None:
            raise ValueError(f"{path.relative_to(ROOT)}:{index + 1}: the fence opened here is never closed")
        found.append(_block(path, lines, index, end, opening))
        index = end + 1
    return found


def _closing(lines: list[str], start: int, fence: str) -> int | None:
    """The index of the line that closes the fence opened at ``start``."""
    for index in range(start + 1, len(lines)):
        stripped = lines[index].strip()
        if stripped.startswith(fence) and not stripped.strip(fence[0]):
            return index
    return None


def _block(path: Path, lines: list[str], start: int, end: int, opening: re.Match[str]) -> Block:
    indent = len(opening["indent"])
    text = "\n".join(line[indent:] for line in lines[start + 1 : end])
    marker = MARKER.match(lines[start - 1].strip()) if start else None
    skip = marker["arg"].strip("() ") or "no reason given" if marker and marker["verb"] == "skip" else None
    file = marker["arg"] if marker and marker["verb"] == "file" else None
    return Block(path, start + 1, opening["lang"], text + "\n", skip, file)
