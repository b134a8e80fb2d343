"""Running a scenario: build the fight, take the script's actions, check expectations where they stand.

An illegal action or dice that run out stop the run with a :class:`ScenarioError` naming the script entry's
line and the rules' reason. A script that ends before the fight is over just stops.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from tactica.dice import DiceError, DiceSource
from tactica.engine import Fight, TacticaError
from tactica.scenario.expect import check_all
from tactica.scenario.initiative import initiative_hint
from tactica.scenario.leftover import leftover_dice
from tactica.scenario.locate import Problem, ScenarioError
from tactica.scenario.model import Result, Scenario, ScenarioRun, Step


def start_fight(scenario: Scenario, *, seed: int | None = None, then: DiceSource | None = None) -> Fight:
    """A fresh fight of the scenario; dice failing while it is set up (initiative) name the ``dice`` key."""
    try:
        return scenario.new_fight(seed, then)
    except DiceError as error:
        message = f"{error} while setting up the fight (initiative); {_dice_hint(scenario)}"
        raise ScenarioError([scenario.source.problem(("dice",), message)]) from None


def run_scenario(scenario: Scenario, *, seed: int | None = None) -> ScenarioRun:
    """Play the script and check every expectation in place (inline ones where they stand, the rest at
    the end); scripted faces left unrolled at the end are a failed result (issue 14 point 10)."""
    seed = scenario.seed if seed is None else seed
    run = ScenarioRun(scenario, start_fight(scenario, seed=seed), seed)
    mark = play_script(scenario, run.fight, scenario.script, run.results.extend)
    run.results.extend(check_all(scenario.expect, run.fight, mark))
    leftover = leftover_dice(scenario, run.fight)
    run.results.extend([leftover] if leftover else [])
    return run


def play_script(
    scenario: Scenario,
    fight: Fight,
    steps: Iterable[Step],
    report: Callable[[list[Result]], None],
    mark: int = 0,
) -> int:
    """Take each step's action, or check its expectations and ``report`` the results. Returns the event
    index of the last expectation point (where ``since: last`` windows start)."""
    for step in steps:
        if step.action is None:
            report(check_all(step.expect, fight, mark))
            mark = len(fight.events)
        else:
            take(scenario, fight, step)
    return mark


def take(scenario: Scenario, fight: Fight, step: Step) -> None:
    """Apply one script action; failures become a :class:`ScenarioError` at the entry's line."""
    try:
        fight.apply(step.action or "")
    except DiceError as error:
        message = f"{error} while taking '{step.action}'; {_dice_hint(scenario)}"
        raise ScenarioError([_at(scenario, step, message)]) from None
    except TacticaError as error:
        hint = initiative_hint(scenario, fight, step.action) if step.action else ""
        raise ScenarioError([_at(scenario, step, str(error) + hint)]) from None


def _at(scenario: Scenario, step: Step, message: str) -> Problem:
    return Problem(scenario.file, step.line, message, step.where)


def _dice_hint(scenario: Scenario) -> str:
    faces = len(scenario.dice)
    if scenario.dice_then == "stop":
        return f"the scenario scripts {faces} face(s) with 'then: stop': add faces or use 'then: seed'"
    return f"check the faces in 'dice' ({faces} scripted) against the dice the rules roll"
