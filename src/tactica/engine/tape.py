"""The dice tape: every face a fight has drawn, in order, with a read position.

Rules code draws through the tape. Faces past the position (left there by :meth:`rewind`) are handed out
again before the live source is asked, so undoing an action and taking it again rolls the same faces, as a
seeded generator would. A face that does not fit the die now asked for ends the re-use.
"""

from __future__ import annotations

from tactica.dice import Die
from tactica.dice.source import DiceSource


class DiceTape:
    """Records faces drawn from a live source; can be rewound and replayed."""

    __slots__ = ("faces", "pos", "source")

    def __init__(self, source: DiceSource, faces: list[int] | None = None) -> None:
        self.source = source
        self.faces: list[int] = faces or []
        self.pos = len(self.faces)

    def draw(self, die: Die, count: int, purpose: str) -> tuple[int, ...]:
        """Faces for ``count`` dice, re-used from the tape where it runs ahead of the position."""
        pos = self.pos
        if pos == len(self.faces):
            got = self.source.draw(die, count, purpose)
            self.faces.extend(got)
            self.pos = pos + count
            return got
        return self._reuse(die, count, purpose)

    def _reuse(self, die: Die, count: int, purpose: str) -> tuple[int, ...]:
        ahead = self.faces[self.pos : self.pos + count]
        if len(ahead) == count and all(die.min_face <= f <= die.max_face for f in ahead):
            self.pos += count
            return tuple(ahead)
        del self.faces[self.pos :]
        return self.draw(die, count, purpose)

    def rewind(self, pos: int, *, keep_ahead: bool = True) -> None:
        """Move the read position back to ``pos``; without ``keep_ahead`` the later faces are dropped."""
        self.pos = pos
        if not keep_ahead:
            del self.faces[pos:]

    @property
    def used(self) -> list[int]:
        """The faces drawn up to the position: what a replay needs."""
        return self.faces[: self.pos]
