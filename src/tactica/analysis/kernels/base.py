"""What a kernel is: a fast, vectorised player of one kind of fight, with its declared coverage, and its
results as arrays (:class:`Outcomes`), which carry everything ``sim`` reports of a fight.

A kernel implements :meth:`Kernel.covers` (None when the fight lies within its coverage, else why not) and
:meth:`Kernel.play` (every fight of a batch at once, drawing its dice from a :class:`~.dice.KernelDice`);
:meth:`Kernel.run` plays on a NumPy generator and :meth:`Kernel.replay` on one engine fight's dice tape. The
engine stays the reference: a kernel never decides a rule the engine does not, and two proofs hold it to the
engine (docs/performance.md, "Tiers"): lockstep on the engine's tapes and the distribution of its win rate.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from tactica.analysis.kernels.dice import GeneratorDice, KernelDice, TapeDice
from tactica.engine import Game

#: ``Outcomes.result`` codes, in the words of :attr:`tactica.engine.Outcome.result`.
RESULTS = ("win", "draw", "cut off")
WIN, DRAW, CUT_OFF = range(3)
#: ``Outcomes.out_round`` of a combatant who never went out of action.
NEVER = -1


@dataclass(frozen=True)
class Outcomes:
    """The results of ``n`` fights, one array entry per fight (per combatant: columns in setup order).

    ``winner``: index into ``sides``, -1 for none; ``result``: :data:`RESULTS` code; ``rounds``: as the
    engine's outcome counts them; ``remaining``: each harm track left at the end ("ada.hp", "bo.stun") — what
    lockstep compares; ``taken``/``dealt``: harm in the system's unit (``harm_done``); ``out_round``: the
    round each first went out of action, :data:`NEVER` if never."""

    names: tuple[str, ...]
    sides: tuple[str, ...]
    winner: npt.NDArray[np.int8]
    result: npt.NDArray[np.int8]
    rounds: npt.NDArray[np.int32]
    remaining: Mapping[str, npt.NDArray[np.int32]]
    taken: npt.NDArray[np.float64]
    dealt: npt.NDArray[np.float64]
    out_round: npt.NDArray[np.int32]

    def __len__(self) -> int:
        return len(self.winner)

    @property
    def out(self) -> npt.NDArray[np.bool_]:
        """(n, combatants): out of action at the end."""
        out: npt.NDArray[np.bool_] = self.out_round != NEVER
        return out


def joined(parts: Sequence[Outcomes]) -> Outcomes:
    """Several batches' outcomes as one, in order."""
    first = parts[0]
    return Outcomes(
        first.names,
        first.sides,
        np.concatenate([p.winner for p in parts]),
        np.concatenate([p.result for p in parts]),
        np.concatenate([p.rounds for p in parts]),
        {k: np.concatenate([p.remaining[k] for p in parts]) for k in first.remaining},
        np.concatenate([p.taken for p in parts]),
        np.concatenate([p.dealt for p in parts]),
        np.concatenate([p.out_round for p in parts]),
    )


class Kernel(ABC):
    """A fast player of one kind of fight of one system; ``name`` is shown as the tier that ran."""

    name: str
    system: str
    #: What the kernel cannot give that the engine's rows carry (shown in the docs and by ``sim -v``).
    lacks = "the per-fight action log, the action count and an engine seed per fight"

    @abstractmethod
    def covers(self, game: Game, ai: Mapping[str, str]) -> str | None:
        """None when ``game`` played with each side's policy ``ai`` (side -> policy name) lies within the
        kernel's coverage; else the reason it does not, in a few words."""

    @abstractmethod
    def play(self, game: Game, dice: KernelDice) -> Outcomes:
        """Play ``dice.fights`` fights of a covered game to their ends, drawing dice in the engine's order."""

    def run(self, game: Game, fights: int, seed: int) -> Outcomes:
        """``fights`` fights on a NumPy generator seeded ``seed``."""
        return self.play(game, GeneratorDice(fights, seed))

    def replay(self, game: Game, faces: Sequence[int]) -> Outcomes:
        """The one fight the engine played with these faces (its ``Fight.faces``), replayed by the kernel;
        :class:`~.dice.TapeMismatch` when the kernel does not use exactly those dice."""
        tape = TapeDice(faces)
        found = self.play(game, tape)
        tape.finish()
        return found
