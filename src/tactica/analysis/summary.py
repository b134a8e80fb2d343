"""The summary of a run of fights: win rates with Wilson 95% intervals, draws and fights cut off, fight
length, and per combatant survival, harm dealt and taken, and when they first went out of action."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tactica.analysis.sim import Row, SimSpec
from tactica.analysis.stats import mean, quantile, wilson
from tactica.systems import get_system


@dataclass(frozen=True)
class Rate:
    """A proportion with its Wilson 95% interval."""

    count: int
    total: int

    @property
    def rate(self) -> float:
        return self.count / self.total if self.total else math.nan

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.count, self.total)

    def to_dict(self) -> dict[str, Any]:
        low, high = self.interval
        return {"count": self.count, "rate": self.rate, "low": low, "high": high}

    def text(self) -> str:
        low, high = self.interval
        return f"{self.rate:6.1%}  [{low:.1%}, {high:.1%}]"


@dataclass(frozen=True)
class Spread:
    """Mean, median and 90th percentile of some figure over fights."""

    mean: float
    median: float
    p90: float
    count: int

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        return cls(mean(values), quantile(values, 0.5), quantile(values, 0.9), len(values))

    def to_dict(self) -> dict[str, Any]:
        return {
            "mean": _finite(self.mean),
            "median": _finite(self.median),
            "p90": _finite(self.p90),
            "count": self.count,
        }


@dataclass(frozen=True)
class CombatantSummary:
    """One combatant over the run."""

    name: str
    side: str
    survived: Rate
    dealt: float
    taken: float
    out_round: Spread

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "side": self.side,
            "survival": self.survived.to_dict(),
            "dealt_mean": self.dealt,
            "taken_mean": self.taken,
            "out_round": self.out_round.to_dict(),
        }


@dataclass(frozen=True)
class Summary:
    """What a run of fights says."""

    system: str
    fights: int
    seed: int
    ai: dict[str, str]
    harm_unit: str
    round_unit: str
    wins: dict[str, Rate]
    draws: Rate
    cut_off: Rate
    rounds: Spread
    first_out: Spread
    combatants: list[CombatantSummary]

    @classmethod
    def of_run(cls, spec: SimSpec, fights: int, **figures: Any) -> Summary:
        """The summary of ``fights`` fights of ``spec``'s run with these ``figures`` (wins, draws, cut_off,
        rounds, first_out, combatants): the run's system, seed, AI and units filled in."""
        system = get_system(spec.system)
        return cls(
            system=spec.system,
            fights=fights,
            seed=spec.seed,
            ai=dict(spec.ai),
            harm_unit=system.harm_unit,
            round_unit=system.round_unit,
            **figures,
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready; every figure a number (NaN as null)."""
        return {
            "system": self.system,
            "fights": self.fights,
            "seed": self.seed,
            "ai": self.ai,
            "harm_unit": self.harm_unit,
            "round_unit": self.round_unit,
            "wins": {side: rate.to_dict() for side, rate in self.wins.items()},
            "draws": self.draws.to_dict(),
            "cut_off": self.cut_off.to_dict(),
            "rounds": self.rounds.to_dict(),
            "first_out_round": self.first_out.to_dict(),
            "combatants": [c.to_dict() for c in self.combatants],
        }

    def lines(self) -> list[str]:
        """The summary as text."""
        ai = ", ".join(f"{side}: {name}" for side, name in self.ai.items())
        unit = self.round_unit
        out = [f"{self.fights} fights, seed {self.seed} — AI {ai}", "", "Win rate (95% Wilson interval)"]
        width = max(len(s) for s in [*self.wins, "draw", "cut off"])
        out += [f"  {side:<{width}}  {rate.text()}" for side, rate in self.wins.items()]
        out += [f"  {'draw':<{width}}  {self.draws.text()}", f"  {'cut off':<{width}}  {self.cut_off.text()}"]
        r = self.rounds
        out += ["", f"Length in {unit}: mean {r.mean:.1f}, median {r.median:g}, 90th percentile {r.p90:g}"]
        if self.first_out.count:
            f = self.first_out
            out.append(
                f"First out of action in {unit}: mean {f.mean:.1f}, median {f.median:g}"
                f" ({f.count} of {self.fights} fights)"
            )
        out += [
            "",
            f"Per combatant (harm in {self.harm_unit}; out = first {unit[:-1] or unit} out of action)",
        ]
        name_width = max(len(c.name) for c in self.combatants) if self.combatants else 4
        side_width = max([len("side"), *(len(c.side) for c in self.combatants)])
        head = f"{'side':<{side_width}}  {'survived [95%]':<22}   dealt   taken   out (mean)"
        out.append(f"  {'':<{name_width}}  {head}")
        for c in self.combatants:
            out_round = f"{c.out_round.mean:.1f}" if c.out_round.count else "—"
            harm = f"{c.dealt:6.1f}  {c.taken:6.1f}"
            survived = c.survived.text()
            out.append(
                f"  {c.name:<{name_width}}  {c.side:<{side_width}}  {survived:<22}  {harm}   {out_round}"
            )
        return out


def summarize(spec: SimSpec, rows: Sequence[Row]) -> Summary:
    """The summary of a run's rows."""
    n = len(rows)
    side_names = list(dict.fromkeys(spec.sides.values()))
    wins = {
        side: Rate(sum(1 for r in rows if r["winner"] == side and r["result"] == "win"), n)
        for side in side_names
    }
    first_out = [float(r["first_out_round"]) for r in rows if r["first_out_round"] is not None]
    return Summary.of_run(
        spec,
        n,
        wins=wins,
        draws=Rate(sum(1 for r in rows if r["result"] == "draw"), n),
        cut_off=Rate(sum(1 for r in rows if r["result"] == "cut off"), n),
        rounds=Spread.of([float(r["rounds"]) for r in rows]),
        first_out=Spread.of(first_out),
        combatants=[_combatant(name, spec.sides[name], rows) for name in spec.combatants],
    )


def _combatant(name: str, side: str, rows: Sequence[Row]) -> CombatantSummary:
    out_rounds = [float(r[f"{name}.out_round"]) for r in rows if r[f"{name}.out_round"] is not None]
    return CombatantSummary(
        name=name,
        side=side,
        survived=Rate(sum(1 for r in rows if not r[f"{name}.out"]), len(rows)),
        dealt=mean([r[f"{name}.dealt"] for r in rows]),
        taken=mean([r[f"{name}.taken"] for r in rows]),
        out_round=Spread.of(out_rounds),
    )


def _finite(value: float) -> float | None:
    return None if math.isnan(value) else value
