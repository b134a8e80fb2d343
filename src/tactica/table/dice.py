"""A table's dice: seeded by the table's seed, or manual (the engine's manual dice at a web table).

At a manual table the person acting rolls real dice and types the faces. A request carries the faces given
so far; when the action needs more, it is refused with :class:`FacesNeeded` naming the next roll (the die,
how many, what for) and nothing changes (``apply`` is all or nothing); the page asks for those faces and
sends the action again with them. Each log entry keeps the faces drawn for it, so a manual table replays
exactly. The set-up (initiative) and the scenario's own script always roll seeded dice.
"""

from __future__ import annotations

from collections.abc import Sequence

from tactica.dice import DiceError, Die, SeededDice
from tactica.dice.errors import DiceScriptError

SEEDED = "seeded"
MANUAL = "manual"
MODES = (SEEDED, MANUAL)


class FacesNeeded(DiceError):
    """A manual table's action needs more faces than were given: ``count`` of ``die`` for ``purpose``."""

    def __init__(self, die: Die, count: int, purpose: str, given: int) -> None:
        super().__init__(f"roll {count}{die_name(die)} for {purpose}")
        self.die, self.count, self.purpose, self.given = die, count, purpose, given

    def details(self) -> dict[str, object]:
        """What the page needs to ask for the roll."""
        low, high = self.die.min_face, self.die.max_face
        return {"die": die_name(self.die), "count": self.count, "purpose": self.purpose, "faces": [low, high]}


def die_name(die: Die) -> str:
    return "dF" if die.fudge else f"d{die.sides}"


class TableDice:
    """The dice source of a table's fight: seeded, or the faces offered for the action being taken."""

    def __init__(self, seed: int, mode: str = SEEDED) -> None:
        self.seeded = SeededDice(seed)
        self.manual = False
        self.mode = mode
        self.offered: list[int] = []
        self.fresh: list[int] = []

    def playing(self) -> None:
        """From now on, roll as the table's mode says (the set-up is always seeded)."""
        self.manual = self.mode == MANUAL

    def attempt(self, faces: Sequence[int] = ()) -> None:
        """Start an action with ``faces`` offered (manual tables)."""
        self.offered = list(faces)
        self.fresh = []

    def draw(self, die: Die, count: int, purpose: str) -> tuple[int, ...]:
        if not self.manual or count == 0:
            faces = self.seeded.draw(die, count, purpose)
        else:
            faces = self._typed(die, count, purpose)
        self.fresh.extend(faces)
        return faces

    @property
    def unused(self) -> list[int]:
        """Faces offered for this action and not needed by it."""
        return list(self.offered)

    def _typed(self, die: Die, count: int, purpose: str) -> tuple[int, ...]:
        if len(self.offered) < count:
            raise FacesNeeded(die, count, purpose, len(self.fresh))
        faces = tuple(self.offered[:count])
        for face in faces:
            if type(face) is not int or not die.min_face <= face <= die.max_face:
                faces_of = f"{die.min_face} to {die.max_face}"
                raise DiceScriptError(
                    f"{face!r} is not a face of a {die_name(die)} ({faces_of}), for {purpose}"
                )
        del self.offered[:count]
        return faces
