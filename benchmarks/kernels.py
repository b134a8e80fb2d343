"""The fast tier of ``tactica sim`` (issue 16 part B): each kernel's fights per second through ``sim``
beside the reference engine's on the same scenario (measured in the same run, and their ratio), ``sim``'s
speed-up with 2 workers over 1 on each tier, median of 3 (the FuturePath duel: 10 x ``--fights``, at most
10,000,000, on the kernel, 4 x ``--engine-fights`` on the engine; ``benchmarks/studies.py`` gives the
engine's on every system's demo), and
the two proofs at full N: lockstep on the engine's dice tapes (1,000 seeds per scenario) and the win rates of
1,000,000 kernel fights against the exact odds, or, where there are none (the Phase 3d6 default AI, Star
Rangers), against ``--engine-proof`` (100,000) engine fights on 2 workers. Wall-clock figures: run it on an
idle machine (the load average is printed with the speed-ups).

Run by ``make bench``. Importable: :func:`through_sim`, :func:`scaling`, :func:`lockstep_check`,
:func:`distribution_check` (the smoke test calls them with small numbers). Flags: ``--fights``, ``--seeds``,
``--engine-fights``, ``--engine-proof``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tactica.analysis.kernels import Kernel, covering, futurepath_duel, phase3d6_duel
from tactica.analysis.kernels.proofs import distribution, initiative_mixture, lockstep, win_gap
from tactica.analysis.sim import SimSpec, game_of, sim_spec
from tactica.analysis.tiers import MAX_KERNEL_FIGHTS, Tier, choose_tier, simulate
from tactica.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
#: The scenarios measured and proven, with the issue's target in fights per second on the fast tier (None:
#: the issue sets none).
SCENARIOS: dict[str, tuple[Path, int | None]] = {
    "futurepath duel": (EXAMPLES / "futurepath" / "duel.yaml", 1_000_000),
    "futurepath trading blows": (EXAMPLES / "futurepath" / "trading-blows.yaml", 1_000_000),
    "phase3d6 trading blows": (EXAMPLES / "phase3d6" / "trading-blows.yaml", 500_000),
    "phase3d6 duel": (EXAMPLES / "phase3d6" / "duel.yaml", 500_000),
    "srb melee duel": (EXAMPLES / "srb" / "melee-duel.yaml", None),
}
#: Workers for the engine's fights of a distribution proof without exact odds.
PROOF_WORKERS = 2
#: The issue's target for 2 workers over 1, on both tiers.
SCALING_TARGET = 1.8


def spec_of(path: Path) -> SimSpec:
    return sim_spec(load_scenario(path), seed=1)


@dataclass(frozen=True)
class Speed:
    """One scenario through ``sim``: the tier that ran, fights/s on it and on the reference engine."""

    name: str
    tier: Tier
    kernel_rate: float | None
    engine_rate: float
    target: int | None

    def line(self) -> str:
        engine = f"reference engine {self.engine_rate:,.0f}/s"
        if self.kernel_rate is None:
            return f"{self.name}: {self.tier.text()}; {engine}; {self.verdict(0.0)}"
        ratio = self.kernel_rate / self.engine_rate
        return (
            f"{self.name}: {self.tier.text()} {self.kernel_rate:,.0f} fights/s; {engine};"
            f" ratio {ratio:,.0f}x; {self.verdict(self.kernel_rate)}"
        )

    def verdict(self, rate: float) -> str:
        if self.target is None:
            return "no target in the issue"
        return f"target {self.target:,}/s: {'met' if rate >= self.target else 'not met'}"


def _rate(spec: SimSpec, n: int, tier: Tier, workers: int = 1) -> float:
    start = time.perf_counter()
    simulate(spec, n, tier, workers=workers)
    return n / (time.perf_counter() - start)


def through_sim(name: str, fights: int, engine_fights: int) -> Speed:
    """Fights per second of ``sim`` (summary included) on each tier, after a warm-up of each."""
    path, target = SCENARIOS[name]
    spec = spec_of(path)
    tier = choose_tier(spec)
    engine = choose_tier(spec, "reference")
    _rate(spec, min(engine_fights, 5), engine)
    engine_rate = _rate(spec, engine_fights, engine)
    if tier.kernel is None:
        return Speed(name, tier, None, engine_rate, target)
    _rate(spec, 1000, tier)
    return Speed(name, tier, _rate(spec, fights, tier), engine_rate, target)


def scaling(name: str, fights: int, engine: str = "kernel") -> tuple[float, float]:
    """``sim``'s fights per second on the tier ``engine`` (kernel or reference) with 1 and with 2 workers."""
    spec = spec_of(SCENARIOS[name][0])
    tier = choose_tier(spec, engine)
    return _rate(spec, fights, tier, 1), _rate(spec, fights, tier, 2)


def scaling_line(name: str, fights: int, engine: str, repeats: int = 3) -> str:
    """The speed-up of 2 workers over 1 on a tier, measured ``repeats`` times (single runs of a few seconds
    swing by half on this kind of VM), their median against the issue's target."""
    pairs = [scaling(name, fights, engine) for _ in range(repeats)]
    ratios = sorted(two / one for one, two in pairs)
    median = ratios[len(ratios) // 2]
    met = "met" if median >= SCALING_TARGET else "not met"
    tier = "the kernel tier" if engine == "kernel" else "the reference engine"
    runs = "; ".join(f"{one:,.0f}/s to {two:,.0f}/s" for one, two in pairs)
    return (
        f"sim on {tier}, {name}, {fights:,} fights, 1 worker to 2: {runs}; median {median:.2f}x"
        f" (target {SCALING_TARGET}x: {met}; load {os.getloadavg()[0]:.2f})"
    )


def lockstep_check(name: str, seeds: int) -> list[str]:
    """The seeds (of ``seeds``) on which the kernel fed the engine's dice differs from the engine."""
    spec = spec_of(SCENARIOS[name][0])
    game = game_of(spec)
    kernel = covering(game, spec.ai)
    assert kernel is not None, name
    return lockstep(kernel, game, spec.ai, range(seeds))


def distribution_check(name: str, fights: int, engine_fights: int = 100_000) -> list[str]:
    """Each side's win rate over ``fights`` kernel fights against the exact duel odds; without them (the
    Phase 3d6 default AI), the first side's against ``engine_fights`` engine fights."""
    spec = spec_of(SCENARIOS[name][0])
    game = game_of(spec)
    kernel = covering(game, spec.ai)
    exact = _exact_odds(kernel, spec)
    if exact is None:
        assert kernel is not None, name
        side = spec.sides[spec.combatants[0]]
        gap = win_gap(kernel, spec, side, fights, engine_fights, PROOF_WORKERS)
        return [
            f"{side}'s win rate against {engine_fights:,} engine fights: {gap:+.2f} standard errors of the"
            f" difference ({'within' if abs(gap) < 4 else 'OUTSIDE'} 4)"
        ]
    return [
        f"{a.side} wins {a.rate:.5f}, exact {a.p:.5f}, {a.errors:+.2f} standard errors"
        f" ({'within' if abs(a.errors) < 4 else 'OUTSIDE'} 4)"
        for a in distribution(kernel, game, spec.ai, exact, fights, seed=2)
    ]


def _exact_odds(kernel: Kernel | None, spec: SimSpec) -> dict[str, float] | None:
    """The exact odds of the duel (the rules' ``duel_odds``, over the initiative orders), where the kernel's
    policies are the ones they follow; else None."""
    game = game_of(spec)
    if isinstance(kernel, futurepath_duel.FuturePathDuel):
        duel = kernel.model(game, spec.ai)
        assert not isinstance(duel, str), duel
        return initiative_mixture(game, futurepath_duel.leader_odds(duel))
    if not isinstance(kernel, phase3d6_duel.Phase3d6Duel) or set(spec.ai.values()) != {"trading-blows"}:
        return None  # the Phase 3d6 default AI; Star Rangers has no exact duel odds
    found = kernel.model(game, spec.ai)
    assert not isinstance(found, str), found
    return initiative_mixture(game, phase3d6_duel.leader_odds(found))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fights", type=int, default=1_000_000, help="kernel fights per measurement")
    parser.add_argument("--seeds", type=int, default=1000, help="lockstep seeds per scenario")
    parser.add_argument("--engine-fights", type=int, default=300, help="engine fights per measurement")
    parser.add_argument(
        "--engine-proof", type=int, default=100_000, help="engine fights of a distribution without exact odds"
    )
    args = parser.parse_args(argv)
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"Kernels (issue 16 B) — os.cpu_count() = {os.cpu_count()}, Python {sys.version.split()[0]},"
        f" load average {load}"
    )
    failed = False
    for name in SCENARIOS:
        speed = through_sim(name, args.fights, args.engine_fights)
        print(speed.line())
        if speed.kernel_rate is None:
            continue
        differences = lockstep_check(name, args.seeds)
        print(f"  lockstep: {args.seeds - len(differences)} of {args.seeds} seeds identical")
        for line in differences[:5]:
            print(f"    {line}")
        for line in distribution_check(name, args.fights, args.engine_proof):
            print(f"  distribution over {args.fights:,} fights: {line}")
        failed |= bool(differences)
    print(scaling_line("futurepath duel", min(10 * args.fights, MAX_KERNEL_FIGHTS), "kernel"))
    print(scaling_line("futurepath duel", 4 * args.engine_fights, "reference"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
