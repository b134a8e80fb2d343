"""The two proofs that hold a kernel to the engine (issue 16 part B; docs/performance.md, "Tiers").

* :func:`lockstep`: the engine plays a fight with the sides' policies; the kernel replays it on the engine's
  own dice tape (``Fight.faces``) and must give the same winner, result, rounds, remaining harm of every
  combatant (each track the kernel reports, e.g. ``ada.hp``, read from the engine's fighter), harm dealt and
  taken, and the round each combatant first went out of action.
* :func:`win_gap`: the difference of one side's win rate between kernel fights and engine fights, in
  standard errors of that difference.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from tactica.ai.sides import make_policies
from tactica.analysis.kernels.base import NEVER, RESULTS, Kernel, Outcomes
from tactica.analysis.sim import SimSpec, game_of, run_fights
from tactica.engine import Fight, Game


@dataclass
class EngineFight:
    """One engine fight with its dice tape and what ``sim`` tallies of it."""

    fight: Fight
    taken: dict[str, float]
    dealt: dict[str, float]
    out_round: dict[str, int]


def engine_fight(game: Game, spec: SimSpec, seed: int) -> EngineFight:
    """Play one fight on the engine with the sides' policies, tallying harm and who went out when."""
    fight = Fight(game, seed=seed)
    policies = make_policies(spec.system, spec.ai, seed)
    played = EngineFight(fight, {}, {}, {})
    while not fight.state.over:
        actor = fight.deciding()[0]
        for event in fight.apply(policies[spec.sides[actor]].choose(fight)):
            for harm in fight.system.harm_done(game, event):
                played.taken[harm.taker] = played.taken.get(harm.taker, 0.0) + harm.amount
                if harm.dealer is not None and harm.dealer != harm.taker:
                    played.dealt[harm.dealer] = played.dealt.get(harm.dealer, 0.0) + harm.amount
        for name in fight.system.out_of_action(game, fight.state):
            played.out_round.setdefault(name, fight.state.order.round)
    return played


def differences(played: EngineFight, found: Outcomes) -> list[str]:
    """What the kernel's replay (one fight) says differently from the engine."""
    outcome = played.fight.outcome()
    assert outcome is not None
    winner = found.sides[found.winner[0]] if found.winner[0] >= 0 else None
    out = [
        f"{what}: engine {a}, kernel {b}"
        for what, a, b in (
            ("winner", outcome.winner, winner),
            ("result", outcome.result, RESULTS[found.result[0]]),
            ("rounds", outcome.round, int(found.rounds[0])),
        )
        if a != b
    ]
    fighters = played.fight.state.fighters  # type: ignore[attr-defined]
    for track, values in found.remaining.items():
        name, field = track.rsplit(".", 1)
        if getattr(fighters[name], field) != int(values[0]):
            out.append(f"{track}: engine {getattr(fighters[name], field)}, kernel {int(values[0])}")
    for j, name in enumerate(found.names):
        out_round = int(found.out_round[0][j])
        pairs = (
            ("taken", played.taken.get(name, 0.0), float(found.taken[0][j])),
            ("dealt", played.dealt.get(name, 0.0), float(found.dealt[0][j])),
            ("out round", played.out_round.get(name), None if out_round == NEVER else out_round),
        )
        out += [f"{name} {what}: engine {a}, kernel {b}" for what, a, b in pairs if a != b]
    return out


def lockstep(kernel: Kernel, spec: SimSpec, seeds: Iterable[int]) -> dict[int, list[str]]:
    """Per engine seed whose replay differs, what differs (empty: the kernel is the engine on these)."""
    game = game_of(spec)
    found: dict[int, list[str]] = {}
    for seed in seeds:
        played = engine_fight(game, spec, seed)
        problems = differences(played, kernel.replay(game, played.fight.faces))
        if problems:
            found[seed] = problems
    return found


def win_gap(
    kernel: Kernel, spec: SimSpec, side: str, kernel_fights: int, engine_fights: int, workers: int
) -> float:
    """(kernel win rate - engine win rate) of ``side`` in standard errors of the difference; the kernel on
    ``spec.seed``, the engine on ``sim``'s own fights of the same seed."""
    game = game_of(spec)
    found = kernel.run(game, kernel_fights, spec.seed)
    p = float((found.winner == found.sides.index(side)).mean())
    rows = run_fights(spec, engine_fights, workers=workers)
    q = sum(row["winner"] == side for row in rows) / engine_fights
    se = math.sqrt(p * (1 - p) / kernel_fights + q * (1 - q) / engine_fights)
    return (p - q) / se if se else 0.0
