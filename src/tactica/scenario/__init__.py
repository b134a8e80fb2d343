"""Scenario files: a fight's setup in YAML, with a seed, scripted dice, a script of actions and expectations.

A scenario with expectations is an executable ruling; ``tactica verify`` runs them.

>>> from tactica.scenario import load_scenario_text, run_scenario
>>> text = '''
... system: futurepath
... map: {text: "a . b"}
... combatants:
...   - {id: vex, side: red, at: a, template: duelist}
...   - {id: rook, side: blue, at: b, template: duelist}
... initiative: {red: 5, blue: 3}
... script:
...   - vex move @1,0
... expect:
...   - state: {vex.pos: [1, 0], round: 1}
... '''
>>> run_scenario(load_scenario_text(text, "inline.yaml")).passed
True
"""

from tactica.engine import event_types
from tactica.scenario.expect import check, lookup, parse_expectation
from tactica.scenario.load import load_scenario, load_scenario_text, read_scenario
from tactica.scenario.locate import Problem, ScenarioError
from tactica.scenario.model import (
    EXPECTATION_KINDS,
    SCENARIO_KEYS,
    Expectation,
    Result,
    Scenario,
    ScenarioRun,
    Step,
)
from tactica.scenario.script import play_script, run_scenario, start_fight, take
from tactica.scenario.verify import FileReport, check_file, scenario_files, verify, verify_file

__all__ = [
    "EXPECTATION_KINDS",
    "SCENARIO_KEYS",
    "Expectation",
    "FileReport",
    "Problem",
    "Result",
    "Scenario",
    "ScenarioError",
    "ScenarioRun",
    "Step",
    "check",
    "check_file",
    "event_types",
    "load_scenario",
    "load_scenario_text",
    "lookup",
    "parse_expectation",
    "play_script",
    "read_scenario",
    "run_scenario",
    "scenario_files",
    "start_fight",
    "take",
    "verify",
    "verify_file",
]
