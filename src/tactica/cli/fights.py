"""``tactica demo`` and ``tactica fight``: AI-against-AI fights from a scenario, shown as a readable log with
the map at the start, every few rounds, and at the end."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence
from importlib import resources
from typing import Any

from tactica.ai import Policy, make_policies, policy_choice, run_fight, sides
from tactica.engine import Fight, TacticaError
from tactica.files import read_resource
from tactica.render import render_board, render_log
from tactica.render.result import plural, result_words
from tactica.scenario import Scenario, load_scenario_text
from tactica.systems import get_system


def load_demo(system_id: str) -> Scenario:
    """The demo scenario a system ships in its package (``content/demo.yaml``)."""
    system = get_system(system_id)
    package = type(system).__module__.rsplit(".", 1)[0]
    resource = resources.files(package).joinpath("content/demo.yaml")
    if not resource.is_file():
        raise TacticaError(
            f"the {system_id} system ships no demo scenario (content/demo.yaml in its package)"
        )
    return load_scenario_text(read_resource(package, "content/demo.yaml"), f"{system_id}:content/demo.yaml")


def with_max_rounds(scenario: Scenario, rounds: int | None) -> Scenario:
    """The scenario with the fight cut off after ``rounds`` rounds (the ``options.max_rounds`` option)."""
    if rounds is None:
        return scenario
    options = dict(scenario.setup.get("options") or {})
    setup = {**scenario.setup, "options": {**options, "max_rounds": rounds}}
    return dataclasses.replace(scenario, setup=setup, game=scenario.system.new_game(setup))


class _Watch:
    """Notes the map at the first decision of every ``every``-th round (keyed by the round's event index)."""

    def __init__(self, every: int) -> None:
        self.every = every
        self.seen = 0
        self.boards: dict[int, tuple[int, str]] = {}

    def look(self, fight: Fight) -> None:
        for index in range(self.seen, len(fight.events)):
            event = fight.events[index]
            number = getattr(event, "round", 0)
            if event.kind == "RoundStarted" and self.every and number > 1 and (number - 1) % self.every == 0:
                self.boards[index] = (number, render_board(fight))
        self.seen = len(fight.events)


@dataclasses.dataclass
class _Watched:
    inner: Policy
    watch: _Watch

    def choose(self, fight: Fight) -> Any:
        self.watch.look(fight)
        return self.inner.choose(fight)


@dataclasses.dataclass
class AIFight:
    """An AI-against-AI fight played out, with the maps noted along the way."""

    scenario: Scenario
    fight: Fight
    seed: int
    chosen: dict[str, str]
    start_board: str
    boards: dict[int, tuple[int, str]]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: scenario, seed, AI per side, outcome, actions and events."""
        outcome = self.fight.outcome()
        return {
            "scenario": self.scenario.name,
            "file": self.scenario.file,
            "system": self.scenario.system.id,
            "seed": self.seed,
            "ai": self.chosen,
            "outcome": {**dataclasses.asdict(outcome), "result": outcome.result} if outcome else None,
            "actions": [str(a) for a in self.fight.history],
            "events": [e.to_dict() for e in self.fight.events],
        }

    def lines(self) -> list[str]:
        """The readable report: title, map, log with maps between rounds, final map and outcome."""
        title = f"{self.scenario.name} — {self.scenario.system.name}, seed {self.seed}"
        ai = ", ".join(f"{side}: {name}" for side, name in self.chosen.items())
        out = [title, *([self.scenario.description] if self.scenario.description else []), f"AI — {ai}", ""]
        out += [self.start_board, ""]
        cuts = [0, *sorted(self.boards), len(self.fight.events)]
        for start, end in itertools.pairwise(cuts):
            if start in self.boards:
                number, board = self.boards[start]
                out += ["", f"Map at the start of round {number}:", board, ""]
            out += render_log(self.fight.events[start:end])
        return [*out, "", render_board(self.fight), "", self.summary()]

    def summary(self) -> str:
        """One line: who won, why, when."""
        outcome = self.fight.outcome()
        actions = len(self.fight.history)
        if outcome is None:
            return f"Stopped after {actions} actions without an outcome."
        result = result_words(outcome.winner, cut_off=outcome.cut_off)
        length = plural(outcome.round, self.scenario.system.round_unit)
        return f"Outcome: {result} — {outcome.reason} ({length}, {plural(actions, 'actions')})"


def play_ai(scenario: Scenario, *, seed: int | None, ai: Sequence[str], board_every: int) -> AIFight:
    """Play the scenario's fight with one policy per side, on seeded dice: the script and its scripted faces
    are ignored (the faces were written for the script's rolls, not the AI's)."""
    seed = scenario.seed if seed is None else seed
    fight = Fight(scenario.game, seed=seed)
    chosen = policy_choice(scenario.ai, sides(fight), ai, scenario.system.id)
    watch = _Watch(board_every)
    policies = {
        side: _Watched(p, watch) for side, p in make_policies(scenario.system.id, chosen, seed).items()
    }
    start = render_board(fight)
    run_fight(fight, policies)
    return AIFight(scenario, fight, seed, chosen, start, watch.boards)
