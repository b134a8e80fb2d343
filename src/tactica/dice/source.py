"""Dice sources: where faces come from. A fight is given one, so the same rules code can run on seeded
pseudo-random dice, on a script of faces (tests, replays), or on real dice typed in by a person.

Every source has one method, ``draw(die, count, purpose)``, returning ``count`` faces of ``die``.
``purpose`` is a human description of the roll, such as "vex attacks rook: accuracy d20", used in errors.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from tactica.dice.die import Die
from tactica.dice.errors import DiceError, DiceExhausted, DiceScriptError
from tactica.dice.limits import MAX_DICE


@runtime_checkable
class DiceSource(Protocol):
    """Anything that hands out faces for dice."""

    def draw(self, die: Die, count: int, purpose: str) -> tuple[int, ...]:
        """Return ``count`` faces of ``die``, drawn for ``purpose`` (a human description of the roll)."""
        ...


def _check_count(count: int) -> None:
    if count < 0:
        raise ValueError(f"the number of dice to draw must be 0 or more, got {count}")


def _check_draw(count: int) -> None:
    """One draw is of 0 to :data:`MAX_DICE` dice: more is work no rule within the limits asks for."""
    _check_count(count)
    if count > MAX_DICE:
        raise DiceError(f"one draw is of at most {MAX_DICE} dice, got {count}")


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _fits(face: object, die: Die) -> bool:
    return type(face) is int and die.min_face <= face <= die.max_face


class SeededDice:
    """Reproducible pseudo-random dice: the same seed always gives the same faces.

    Each face costs exactly one ``rng.random()`` call: ``face = min_face + int(rng.random() * sides)``.
    Because the generator advances by one step per face whatever the die, the seed and the number of faces
    drawn so far (``draws``) completely describe the position: ``SeededDice(seed, draws=n)`` continues
    exactly where a source with that seed stood after ``n`` faces. (Dice with more than 2**53 sides would
    not be uniform; no game uses them.)
    """

    __slots__ = ("_random", "draws", "seed")

    def __init__(self, seed: int, draws: int = 0) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"the seed of seeded dice must be a whole number, got {seed!r}")
        if not isinstance(draws, int) or isinstance(draws, bool) or draws < 0:
            raise ValueError(
                f"draws (faces already drawn) must be a whole number of 0 or more, got {draws!r}"
            )
        self.seed = seed
        self.draws = 0
        self._random = random.Random(seed)
        self.skip(draws)

    def skip(self, count: int) -> None:
        """Advance by ``count`` faces without returning them."""
        _check_count(count)
        step = self._random.random
        for _ in range(count):
            step()
        self.draws += count

    def draw(self, die: Die, count: int, purpose: str) -> tuple[int, ...]:
        """``count`` pseudo-random faces of ``die`` (``purpose`` is not needed: seeded dice cannot fail)."""
        # The hot path of simulations: ``-1 if die.fudge else 1`` is ``die.min_face`` without a property call.
        sides = die.sides
        if count == 1:
            self.draws += 1
            return ((-1 if die.fudge else 1) + int(self._random.random() * sides),)
        _check_draw(count)
        self.draws += count
        return _faces(self._random.random, -1 if die.fudge else 1, sides, count)

    def to_dict(self) -> dict[str, int]:
        """The position as JSON-ready data: ``{"seed": ..., "draws": ...}``."""
        return {"seed": self.seed, "draws": self.draws}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SeededDice:
        """Restore a source saved by :meth:`to_dict`."""
        if "seed" not in data:
            raise ValueError(
                f"seeded dice data needs a 'seed' (and optionally 'draws'), got keys {sorted(data)}"
            )
        return cls(data["seed"], data.get("draws", 0))

    def __repr__(self) -> str:
        return f"SeededDice(seed={self.seed}, draws={self.draws})"


class ScriptedDice:
    """Hands out a fixed list of faces in order, checking each against the die it is drawn for.

    When the script runs out, drawing continues from ``then`` if given; otherwise it raises
    :class:`DiceExhausted`. A failed draw uses no faces.
    """

    __slots__ = ("_faces", "then", "used")

    def __init__(self, faces: Sequence[int], then: DiceSource | None = None) -> None:
        for index, face in enumerate(faces):
            if type(face) is not int:
                raise DiceScriptError(
                    f"scripted faces must be whole numbers, got {face!r} at position {index + 1}"
                )
        self._faces = tuple(faces)
        self.then = then
        self.used = 0

    @property
    def remaining(self) -> int:
        """How many scripted faces are left."""
        return len(self._faces) - self.used

    def draw(self, die: Die, count: int, purpose: str) -> tuple[int, ...]:
        """The next ``count`` scripted faces (then faces from ``then``, if the script runs out)."""
        _check_draw(count)
        start = self.used
        faces = self._faces[start : start + count]
        for face in faces:
            if not _fits(face, die):
                raise DiceScriptError(
                    f"scripted face {face} for {purpose!r} is not a face of a {die} (valid: {die.faces_text})"
                )
        missing = count - len(faces)
        if missing and self.then is None:
            raise DiceExhausted(self._exhausted(die, count, purpose))
        self.used = start + len(faces)
        if missing and self.then is not None:
            return faces + self.then.draw(die, missing, purpose)
        return faces

    def _exhausted(self, die: Die, count: int, purpose: str) -> str:
        wanted = f"scripted dice ran out: {purpose!r} wanted {_plural(count, 'face')} of a {die}"
        total = len(self._faces)
        if self.remaining == 0:
            return f"{wanted} after all {_plural(total, 'scripted face')} were used"
        return f"{wanted} but only {self.remaining} of the {_plural(total, 'scripted face')} remained"

    def __repr__(self) -> str:
        return f"ScriptedDice(used={self.used}, remaining={self.remaining}, then={self.then!r})"


Ask = Callable[[Die, int, str], Sequence[int]]


class ManualDice:
    """Real dice: a person rolls them and ``ask(die, count, purpose)`` returns the faces they typed.

    A wrong answer (the wrong number of faces, or a face the die does not have) is reported to ``tell``
    (if given) and asked again, up to ``attempts`` times in all; then :class:`DiceScriptError` is raised.
    """

    __slots__ = ("ask", "attempts", "tell")

    def __init__(self, ask: Ask, *, tell: Callable[[str], None] | None = None, attempts: int = 3) -> None:
        if attempts < 1:
            raise ValueError(f"attempts must be at least 1, got {attempts}")
        self.ask = ask
        self.tell = tell
        self.attempts = attempts

    def draw(self, die: Die, count: int, purpose: str) -> tuple[int, ...]:
        """Ask for ``count`` faces of ``die`` until the answer is valid (or the attempts are used up)."""
        _check_draw(count)
        if count == 0:
            return ()
        problem = ""
        for _ in range(self.attempts):
            answer = tuple(self.ask(die, count, purpose))
            problem = _answer_problem(answer, die, count)
            if not problem:
                return answer
            if self.tell is not None:
                self.tell(f"{problem} for {purpose!r}; please enter them again")
        raise DiceScriptError(
            f"no valid faces for {purpose!r} after {_plural(self.attempts, 'attempt')}: {problem}"
        )


def _answer_problem(answer: tuple[object, ...], die: Die, count: int) -> str:
    """What is wrong with a typed answer, or '' if nothing is."""
    if len(answer) != count:
        return f"expected {_plural(count, 'face')} of a {die}, got {len(answer)}"
    for face in answer:
        if not _fits(face, die):
            return f"{face!r} is not a face of a {die} (valid: {die.faces_text})"
    return ""


@dataclass(frozen=True, slots=True)
class Draw:
    """One draw from a source: the die, the faces drawn and what they were drawn for."""

    die: Die
    faces: tuple[int, ...]
    purpose: str


class RecordingDice:
    """Wraps a source and records every draw (die, faces, purpose) in ``records``."""

    __slots__ = ("records", "source")

    def __init__(self, source: DiceSource) -> None:
        self.source = source
        self.records: list[Draw] = []

    def draw(self, die: Die, count: int, purpose: str) -> tuple[int, ...]:
        """Draw from the wrapped source and record the draw."""
        faces = self.source.draw(die, count, purpose)
        self.records.append(Draw(die, faces, purpose))
        return faces

    @property
    def faces(self) -> list[int]:
        """Every face drawn so far, in order."""
        return [face for record in self.records for face in record.faces]

    def __repr__(self) -> str:
        return f"RecordingDice({self.source!r}, {_plural(len(self.records), 'draw')})"


def _faces(step: Callable[[], float], low: int, sides: int, count: int) -> tuple[int, ...]:
    """``count`` faces from ``low`` up, ``sides`` of them, each from one ``step()``. (A function of its own:
    the comprehension would make :meth:`SeededDice.draw` build a cell per name it reads at every draw.)"""
    return tuple([low + int(step() * sides) for _ in range(count)])
