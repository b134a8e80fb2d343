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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import numpy as np
import numpy.typing as npt

from tactica.analysis.kernels.dice import GeneratorDice, KernelDice, TapeDice
from tactica.engine import Game

#: ``Outcomes.result`` codes, in the words of :attr:`tactica.engine.Outcome.result`.
RESULTS = ("win", "draw", "cut off")
WIN, DRAW, CUT_OFF = range(3)
#: ``Outcomes.out_round`` of a combatant who never went out of action.
NEVER = -1
#: Models this process keeps (per kernel, game and policies) before it forgets them all.
MODELS_KEPT = 64
M = TypeVar("M")
#: The models kept, by kernel (class and name), game (its id) and policies: the game, and its model.
_MODELS: dict[tuple[type, str, int, tuple[tuple[str, str], ...]], tuple[Game, Any]] = {}


@dataclass(frozen=True)
class Outcomes:
    """The results of ``n`` fights, one array entry per fight (per combatant: columns in setup order).

    ``winner``: index into ``sides``, -1 for none; ``result``: :data:`RESULTS` code; ``rounds``: as the
    engine's outcome counts them; ``remaining``: each harm track left at the end ("ada.hp", "bo.stun") — what
    lockstep compares; ``taken``/``dealt``: harm in the system's unit (``harm_done``); ``out_round``: the
    round each first went out of action, :data:`NEVER` if never; ``down``: (n, combatants) out of action at
    the end, where one may come back (Phase 3d6's waking, THRUM's recovery; None: whoever went out
    stayed out)."""

    names: tuple[str, ...]
    sides: tuple[str, ...]
    winner: npt.NDArray[np.int8]
    result: npt.NDArray[np.int8]
    rounds: npt.NDArray[np.int32]
    remaining: Mapping[str, npt.NDArray[np.int32]]
    taken: npt.NDArray[np.float64]
    dealt: npt.NDArray[np.float64]
    out_round: npt.NDArray[np.int32]
    down: npt.NDArray[np.bool_] | None = None

    def __len__(self) -> int:
        return len(self.winner)

    @property
    def out(self) -> npt.NDArray[np.bool_]:
        """(n, combatants): out of action at the end."""
        if self.down is not None:
            return self.down
        out: npt.NDArray[np.bool_] = self.out_round != NEVER
        return out

    @property
    def first_out(self) -> npt.NDArray[np.int32]:
        """Per fight, the first round anybody went out of action (:data:`NEVER` for nobody)."""
        first = np.full(len(self), NEVER, dtype=np.int32).view(np.uint32)
        for j in range(len(self.names)):  # column by column: far faster than a minimum across each row
            np.minimum(first, self.out_round[:, j].astype(np.uint32), out=first)  # NEVER: the largest
        return first.view(np.int32)


class Result:
    """How each fight of a batch ended, filled in as the fights end (a line-up kernel's bookkeeping):
    ``over`` per fight, then the winner (-1 for none), the result code and the rounds."""

    def __init__(self, fights: int) -> None:
        self.winner = np.full(fights, -1, dtype=np.int8)
        self.result = np.full(fights, CUT_OFF, dtype=np.int8)
        self.rounds = np.zeros(fights, dtype=np.int32)
        self.over = np.zeros(fights, dtype=bool)


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
        None if first.down is None else np.concatenate([p.out for p in parts]),
    )


class Kernel(ABC):
    """A fast player of one kind of fight of one system; ``name`` is shown as the tier that ran."""

    name: str
    system: str

    @abstractmethod
    def covers(self, game: Game, ai: Mapping[str, str]) -> str | None:
        """None when ``game`` played with each side's policy ``ai`` (side -> policy name) lies within the
        kernel's coverage; else the reason it does not, in a few words."""

    @abstractmethod
    def play(self, game: Game, ai: Mapping[str, str], dice: KernelDice) -> Outcomes:
        """Play ``dice.fights`` fights of a covered game to their ends, drawing dice in the engine's order."""

    def run(self, game: Game, ai: Mapping[str, str], fights: int, seed: int) -> Outcomes:
        """``fights`` fights on a NumPy generator seeded ``seed``."""
        return self.play(game, ai, GeneratorDice(fights, seed))

    def replay(self, game: Game, ai: Mapping[str, str], faces: Sequence[int]) -> Outcomes:
        """The one fight the engine played with these faces (its ``Fight.faces``), replayed by the kernel;
        :class:`~.dice.TapeMismatch` when the kernel does not use exactly those dice."""
        tape = TapeDice(faces)
        found = self.play(game, ai, tape)
        tape.finish()
        return found

    def remembered(
        self, game: Game, ai: Mapping[str, str], make: Callable[[Game, Mapping[str, str]], M]
    ) -> M:
        """``make(game, ai)`` (a kernel's model of the fight: worked out once per process, game and policies,
        as every batch and every replay asks for it again; a worker process is sent a copy of the kernel
        with each batch, and finds the model its first batch worked out, or the one the parent had when it
        forked)."""
        key = (type(self), self.name, id(game), tuple(sorted(ai.items())))
        found = _MODELS.get(key)
        if found is None or found[0] is not game:
            if len(_MODELS) >= MODELS_KEPT:
                _MODELS.clear()
            found = _MODELS[key] = (game, make(game, ai))
        model: M = found[1]
        return model


class ModelKernel(Kernel, Generic[M]):
    """A kernel that works out a model of the fight once per game and policies (or why it does not cover
    the fight) and plays batches of fights from that model."""

    @abstractmethod
    def build(self, game: Game, ai: Mapping[str, str]) -> M | str:
        """The model of ``game`` played with ``ai``, or why the kernel does not cover it."""

    @abstractmethod
    def play_model(self, model: M, dice: KernelDice) -> Outcomes:
        """Play ``dice.fights`` fights of ``model``."""

    def covers(self, game: Game, ai: Mapping[str, str]) -> str | None:
        found = self.model(game, ai)
        return found if isinstance(found, str) else None

    def play(self, game: Game, ai: Mapping[str, str], dice: KernelDice) -> Outcomes:
        found = self.model(game, ai)
        if isinstance(found, str):
            raise ValueError(f"the {self.name} kernel does not cover this fight: {found}")
        return self.play_model(found, dice)

    def model(self, game: Game, ai: Mapping[str, str]) -> M | str:
        """The model the kernel plays, or why it does not cover ``game`` with these policies."""
        return self.remembered(game, ai, self.build)


def duel_outcomes(
    names: tuple[str, str],
    sides: tuple[str, str],
    start: Sequence[int],
    left: npt.NDArray[np.int64],
    winner: npt.NDArray[np.int8],
    result: npt.NDArray[np.int8],
    rounds: npt.NDArray[np.int32],
    unit: str = "hp",
) -> Outcomes:
    """The outcomes of duels between fighter 0 and 1 (fighter i on side i) whose one harm track ``unit``
    went from ``start`` to ``left`` (n, 2); the loser of a won fight went out in its last round."""
    taken = (np.asarray(start, dtype=np.int64) - left).astype(np.float64)
    n = len(winner)
    out_round = np.full((n, 2), NEVER, dtype=np.int32)
    won = np.nonzero(result == WIN)[0]
    out_round[won, 1 - winner[won]] = rounds[won]
    return Outcomes(
        names,
        sides,
        winner,
        result,
        rounds,
        {f"{name}.{unit}": left[:, i].astype(np.int32) for i, name in enumerate(names)},
        taken,
        taken[:, ::-1].copy(),
        out_round,
    )
