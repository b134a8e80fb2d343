"""The two proofs that hold a kernel to the engine (docs/performance.md, "Tiers"), for the tests (small N)
and ``benchmarks/kernels.py`` (full N).

- :func:`lockstep`: the engine plays a fight with the sides' policies (on seeded dice, or on another source,
  such as loaded dice that make a rare branch common); the kernel replays its dice tape (``Fight.faces``) and
  must give the same winner, result, rounds and remaining harm.
- :func:`rows_lockstep`: the same on ``sim``'s rows: the engine's row of a fight and the kernel's row of its
  replay agree on every column a kernel gives (harm dealt and taken, who went out and when, too).
- :func:`distribution`: over many kernel fights, each side's win rate lies within a few standard errors of
  the exact odds; :func:`win_gap`, where there are none: against the engine's own fights.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from tactica.ai import make_policies
from tactica.analysis.kernels.base import RESULTS, Kernel, Outcomes
from tactica.analysis.kernels.tables import outcome_rows
from tactica.analysis.sim import MAX_ACTIONS, SimSpec, fight_seed, game_of, play_one, run_fights
from tactica.dice import DiceSource
from tactica.engine import Fight, Game


def engine_fight(game: Game, ai: Mapping[str, str], seed: int, dice: DiceSource | None = None) -> Fight:
    """The fight the engine plays on ``seed`` (or on ``dice``) with each side's policy (seeded as ``sim``
    seeds them)."""
    fight = Fight(game, seed=seed, dice=dice)
    policies = make_policies(game.system.id, ai, seed)
    for _ in range(MAX_ACTIONS):
        if fight.is_over():
            break
        fight.apply(policies[fight.side_of(fight.deciding()[0])].choose(fight))
    return fight


def engine_result(fight: Fight, tracks: Iterable[str]) -> dict[str, object]:
    """What lockstep compares, from an engine fight: winner, result, rounds and each harm track left
    (``NAME.FIELD`` of the fighter's state: ``ada.hp``, ``bo.stun``)."""
    outcome = fight.outcome()
    state = fight.state
    fighters: Mapping[str, Any] = state.fighters  # type: ignore[attr-defined]  # every system has them
    left = {}
    for track in tracks:
        name, _, field = track.partition(".")
        left[track] = int(getattr(fighters[name], field))
    return {
        "winner": outcome.winner if outcome else None,
        "result": outcome.result if outcome else "cut off",
        "rounds": outcome.round if outcome else state.order.round,
        **left,
    }


def kernel_result(found: Outcomes, i: int = 0) -> dict[str, object]:
    """The same, for fight ``i`` of a kernel's outcomes."""
    winner = int(found.winner[i])
    return {
        "winner": found.sides[winner] if winner >= 0 else None,
        "result": RESULTS[int(found.result[i])],
        "rounds": int(found.rounds[i]),
        **{track: int(left[i]) for track, left in found.remaining.items()},
    }


def lockstep(
    kernel: Kernel,
    game: Game,
    ai: Mapping[str, str],
    seeds: Iterable[int],
    dice: Callable[[int], DiceSource] | None = None,
) -> list[str]:
    """Every seed on which the kernel, fed the engine's dice, differs from the engine: one line each. The
    engine rolls ``dice(seed)`` when given, else dice seeded ``seed``."""
    differences = []
    for seed in seeds:
        fight = engine_fight(game, ai, seed, dice(seed) if dice is not None else None)
        mine = kernel_result(kernel.replay(game, ai, fight.faces))
        theirs = engine_result(fight, [t for t in mine if "." in t])
        if mine != theirs:
            differences.append(f"seed {seed}: kernel {mine}, engine {theirs}")
    return differences


def rows_lockstep(kernel: Kernel, spec: SimSpec, fights: Iterable[int]) -> list[str]:
    """:func:`lockstep` on fights of a ``sim`` run (by number), comparing also their rows: every column a
    kernel gives (harm dealt and taken, who went out and in which round) must be the engine's. One line for
    each fight that differs, naming what differs."""
    game = game_of(spec)
    differences = []
    for index in fights:
        fight = engine_fight(game, spec.ai, fight_seed(spec.seed, index))
        found = kernel.replay(game, spec.ai, fight.faces)
        mine = {**kernel_result(found), **outcome_rows(found, index)[0]}
        theirs = {**engine_result(fight, found.remaining), **play_one(spec, index)}
        wrong = [k for k, v in mine.items() if k not in ("seed", "actions") and theirs.get(k) != v]
        if wrong:
            differences.append(
                f"fight {index}: " + ", ".join(f"{k} kernel {mine[k]} engine {theirs.get(k)}" for k in wrong)
            )
    return differences


def win_gap(
    kernel: Kernel, spec: SimSpec, side: str, kernel_fights: int, engine_fights: int, workers: int
) -> float:
    """(kernel win rate - engine win rate) of ``side``, in standard errors of the difference: the kernel on a
    generator seeded ``spec.seed``, the engine on ``sim``'s own fights of the same seed."""
    found = kernel.run(game_of(spec), spec.ai, kernel_fights, spec.seed)
    p = float((found.winner == found.sides.index(side)).mean())
    q = sum(row["winner"] == side for row in run_fights(spec, engine_fights, workers=workers)) / engine_fights
    se = math.sqrt(p * (1 - p) / kernel_fights + q * (1 - q) / engine_fights)
    return (p - q) / se if se else 0.0


@dataclass(frozen=True)
class Agreement:
    """A side's win rate over ``fights`` kernel fights against the exact probability ``p``."""

    side: str
    fights: int
    wins: int
    p: float

    @property
    def rate(self) -> float:
        return self.wins / self.fights

    @property
    def standard_error(self) -> float:
        return math.sqrt(max(self.p * (1 - self.p), 1e-12) / self.fights)

    @property
    def errors(self) -> float:
        """How many standard errors the rate lies from ``p``."""
        return (self.rate - self.p) / self.standard_error


def distribution(
    kernel: Kernel, game: Game, ai: Mapping[str, str], exact: Mapping[str, float], fights: int, seed: int
) -> list[Agreement]:
    """Each side's kernel win rate over ``fights`` fights against its exact probability (``exact``)."""
    found = kernel.run(game, ai, fights, seed)
    won = found.result == RESULTS.index("win")
    return [
        Agreement(side, fights, int((won & (found.winner == i)).sum()), exact[side])
        for i, side in enumerate(found.sides)
    ]


def initiative_mixture(game: Game, first: Mapping[str, float], tries: int = 200) -> dict[str, float]:
    """The exact odds of a duel from its start, over the possible initiative orders: ``first`` gives the
    probability that each side's team acts first; the fight on the first seed that starts that way gives
    the odds from there (``system.duel_odds``)."""
    odds: dict[str, float] = {}
    found: set[str] = set()
    for seed in range(tries):
        fight = Fight(game, seed=seed)
        leader = fight.side_of(fight.deciding()[0])
        if leader in found or first.get(leader, 0.0) == 0.0:
            continue
        found.add(leader)
        for side, p in (game.system.duel_odds(game, fight.state) or {}).items():
            if side is not None:
                odds[str(side)] = odds.get(str(side), 0.0) + first[leader] * p
        if found == {s for s, p in first.items() if p > 0}:
            return odds
    raise ValueError(f"no seed under {tries} starts the fight with each of {sorted(first)} first")
