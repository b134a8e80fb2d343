"""A kernel for the framework's tests: a FuturePath fight of two combatants is decided by one d2 (the first
combatant's side wins on a 1), in one round, the loser left at 0 hit points. It is not FuturePath's duel: it
exercises the tier choice, the batches and the outputs, whatever the real kernels do."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from tactica.analysis.kernels import Kernel, KernelDice, Outcomes
from tactica.analysis.kernels.base import NEVER
from tactica.engine import Game


class CoinKernel(Kernel):
    name = "test-coin"
    system = "futurepath"

    def covers(self, game: Game, ai: Mapping[str, str]) -> str | None:
        people = game.setup["combatants"]
        if len(people) != 2:
            return f"{len(people)} combatants, not two"
        return None if set(ai.values()) == {"default"} else "an AI other than the default"

    def play(self, game: Game, ai: Mapping[str, str], dice: KernelDice) -> Outcomes:
        people = game.setup["combatants"]
        names = tuple(c["id"] for c in people)
        sides = tuple(dict.fromkeys(c["side"] for c in people))
        loser = dice.roll(2, 1, dice.fights)[:, 0] % 2  # a 1 beats the second combatant
        n = dice.fights
        hp = np.array([c.get("hp", 10) for c in people], dtype=np.int32)
        remaining = np.tile(hp, (n, 1))
        remaining[np.arange(n), loser] = 0
        taken = (hp - remaining).astype(np.float64)
        out_round = np.full((n, 2), NEVER, dtype=np.int32)
        out_round[np.arange(n), loser] = 1
        return Outcomes(
            names,
            sides,
            winner=(1 - loser).astype(np.int8),
            result=np.zeros(n, dtype=np.int8),
            rounds=np.ones(n, dtype=np.int32),
            remaining={f"{name}.hp": remaining[:, j] for j, name in enumerate(names)},
            taken=taken,
            dealt=taken[:, ::-1].copy(),
            out_round=out_round,
        )
