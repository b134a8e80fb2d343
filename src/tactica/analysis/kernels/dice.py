"""Dice for a kernel: one interface over two sources, so one kernel body both simulates and replays.

A kernel plays many fights at once, keeping the ones still going as *lanes*, and asks for dice as arrays,
one row per lane it names by count. From a NumPy generator (:class:`GeneratorDice`) any number of lanes get
fresh faces. From a dice tape (:class:`TapeDice`: the faces one engine fight drew, in order) the kernel
plays that one fight, as one lane or none: the kernel must ask for the engine's dice in the engine's order
(initiative included), or a face will not fit its die, or faces will be missing or left over — all errors.

>>> tape = TapeDice([4, 2, 6])
>>> tape.roll(6, 2, 1).tolist(), tape.roll(6, 1, 0).tolist(), tape.roll(6, 1, 1).tolist()
([[4, 2]], [], [[6]])
>>> tape.finish()
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

import numpy as np
import numpy.typing as npt

from tactica.engine import TacticaError

IntArray = npt.NDArray[np.int64]
#: Dice of one kind: (count, sides).
Pair = tuple[int, int]


class TapeMismatch(TacticaError):
    """A kernel asked for dice the engine did not roll (a face that does not fit, or the tape ran out or was
    left over): the kernel left the engine's order."""


class KernelDice(Protocol):
    """Faces for the lanes of a batch of ``fights`` fights."""

    fights: int

    def roll(self, sides: int, count: int, lanes: int, low: int = 1) -> IntArray:
        """``count`` dice with faces ``low``..``sides`` for each of ``lanes`` lanes: an array (lanes,
        count)."""
        ...


class GeneratorDice:
    """Faces from a NumPy generator seeded ``seed``, for a batch of ``fights`` fights."""

    def __init__(self, fights: int, seed: int) -> None:
        self.fights = fights
        self.rng = np.random.default_rng(seed)

    def roll(self, sides: int, count: int, lanes: int, low: int = 1) -> IntArray:
        """Fresh faces."""
        return self.rng.integers(low, sides + 1, size=(lanes, count))


class TapeDice:
    """The faces of one engine fight, handed out in order to one kernel fight."""

    fights = 1

    def __init__(self, faces: Sequence[int]) -> None:
        self.faces = list(faces)
        self.pos = 0

    def roll(self, sides: int, count: int, lanes: int, low: int = 1) -> IntArray:
        """The next ``count`` faces of the tape for the one lane; nothing (reading nothing) for none."""
        if lanes == 0:
            return np.zeros((0, count), dtype=np.int64)
        got = self.faces[self.pos : self.pos + count]
        if len(got) < count:
            raise TapeMismatch(
                f"the kernel asked for {count} d{sides} at face {self.pos + 1}; the engine's tape has"
                f" {len(self.faces)} faces"
            )
        bad = [f for f in got if not low <= f <= sides]
        if bad:
            raise TapeMismatch(f"face {self.pos + 1} of the tape is {bad[0]}: it does not fit a d{sides}")
        self.pos += count
        return np.array([got], dtype=np.int64)

    def finish(self) -> None:
        """Refuse faces the kernel did not read (the engine rolled more dice than the kernel)."""
        if self.pos != len(self.faces):
            raise TapeMismatch(
                f"the kernel read {self.pos} of the tape's {len(self.faces)} faces: the engine rolled more"
            )


def outcome(dice: KernelDice, kinds: Sequence[Pair], lanes: int) -> IntArray:
    """The outcome of rolling ``kinds`` ((count, sides), in order) in each lane, numbered as in
    :func:`outcome_faces`: from the tape, the number of the faces the engine rolled; from a generator, a
    uniform number (every outcome of independent dice is equally likely: the same distribution)."""
    if isinstance(dice, GeneratorDice):
        return dice.rng.integers(0, outcomes_of(kinds), size=lanes)
    number = np.zeros(lanes, dtype=np.int64)
    for count, sides in kinds:
        for face in dice.roll(sides, count, lanes).T:
            number = number * sides + face - 1
    return number


def outcomes_of(kinds: Sequence[Pair]) -> int:
    """How many outcomes rolling ``kinds`` has."""
    return math.prod(sides**count for count, sides in kinds)


def outcome_faces(kinds: Sequence[Pair]) -> IntArray:
    """Every outcome of rolling ``kinds``, one row of faces each, in the order of :func:`outcome`'s numbers
    (the first die is the most significant digit)."""
    bases = [sides for count, sides in kinds for _ in range(count)]
    if not bases:
        return np.zeros((1, 0), dtype=np.int64)  # no dice: one outcome
    return np.indices(bases).reshape(len(bases), -1).T + 1
