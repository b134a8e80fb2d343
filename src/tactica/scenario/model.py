"""Scenarios as loaded: the fight's setup, its dice, a script of steps and the expectations to check."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tactica.dice import DiceSource, ScriptedDice, SeededDice
from tactica.engine import Action, Fight, Game, RuleSystem
from tactica.scenario.locate import Source

#: Keys of a scenario file that are not part of the fight's setup.
SCENARIO_KEYS = ("name", "description", "seed", "dice", "script", "expect", "ai")
#: The kinds of expectation, each written as a one-key mapping (``- state: {vex.hp: 9}``).
EXPECTATION_KINDS = ("state", "event", "no_event", "rejects", "outcome", "legal", "not_legal", "order")


@dataclass(frozen=True)
class Expectation:
    """One expectation: its kind, its (normalised) body, and where it is written."""

    kind: str
    spec: Any
    line: int | None
    where: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: kind, body, line and field path."""
        return {"kind": self.kind, "spec": self.spec, "line": self.line, "where": self.where}


@dataclass(frozen=True)
class Step:
    """One entry of a script: an action to take, or expectations to check at that point."""

    index: int
    line: int | None
    action: Action | None = None
    expect: tuple[Expectation, ...] = ()

    @property
    def where(self) -> str:
        """The entry's field path, e.g. ``script[3]``."""
        return f"script[{self.index}]"


@dataclass(frozen=True)
class Scenario:
    """A loaded, validated scenario: the game is built, actions are parsed, expectations are checked for
    syntax."""

    file: str
    name: str
    description: str
    system: RuleSystem[Any, Any]
    game: Game
    setup: Mapping[str, Any]
    source: Source
    seed: int = 0
    dice: tuple[int, ...] = ()
    dice_then: str = "seed"
    script: tuple[Step, ...] = ()
    expect: tuple[Expectation, ...] = ()
    ai: Mapping[str, str] = field(default_factory=dict)

    @property
    def expectations(self) -> list[Expectation]:
        """Every expectation, inline ones first in script order, then the final ones."""
        return [e for step in self.script for e in step.expect] + list(self.expect)

    def dice_source(self, seed: int, then: DiceSource | None = None) -> DiceSource | None:
        """The scripted faces, then ``then`` (default: the seeded dice, unless the file says ``then: stop``).
        None means plain seeded dice."""
        if then is None and self.dice_then == "seed":
            if not self.dice:
                return None
            then = SeededDice(seed)
        return ScriptedDice(list(self.dice), then=then)

    def new_fight(self, seed: int | None = None, then: DiceSource | None = None) -> Fight:
        """A fresh fight of this scenario (nothing of the script applied)."""
        seed = self.seed if seed is None else seed
        return Fight(self.game, seed=seed, dice=self.dice_source(seed, then))


@dataclass(frozen=True)
class Result:
    """The outcome of checking one expectation: what was expected, what was found, and the difference."""

    expectation: Expectation
    passed: bool
    expected: Any
    actual: Any
    difference: str = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            **self.expectation.to_dict(),
            "passed": self.passed,
            "expected": self.expected,
            "actual": self.actual,
            "difference": self.difference,
        }


@dataclass
class ScenarioRun:
    """A scenario played: the fight as the script left it and every expectation's result."""

    scenario: Scenario
    fight: Fight
    seed: int
    results: list[Result] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        """True when every expectation held."""
        return all(r.passed for r in self.results)

    @property
    def failures(self) -> list[Result]:
        """The expectations that did not hold."""
        return [r for r in self.results if not r.passed]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready summary: file, name, seed, pass/fail, results, and how the fight stands."""
        outcome = self.fight.outcome()
        return {
            "file": self.scenario.file,
            "name": self.scenario.name,
            "seed": self.seed,
            "passed": self.passed,
            "actions": len(self.fight.history),
            "over": self.fight.is_over(),
            "winner": outcome.winner if outcome else None,
            "results": [r.to_dict() for r in self.results],
        }
