"""Running scripts: scripted dice, illegal actions and dice running out named by line, and the action
notation round trip (an AI fight's log, written as a script, replays to the identical events)."""

from __future__ import annotations

from importlib import resources

import pytest
import yaml

from tactica.ai import make_policy, run_fight
from tactica.scenario import ScenarioError, load_scenario_text, run_scenario, start_fight
from tests.scenario.helpers import BASE, line_of, with_script


def run(text: str) -> object:
    return run_scenario(load_scenario_text(text, "x.yaml"))


def error_of(text: str) -> str:
    with pytest.raises(ScenarioError) as caught:
        run(text)
    (problem,) = caught.value.problems
    return str(problem)


def test_scripted_faces_come_first_then_the_seed() -> None:
    scenario = load_scenario_text(with_script("vex attack rook with rifle", dice="[15, 3, 4]"), "x.yaml")
    first = run_scenario(scenario)
    assert first.fight.faces[:3] == [15, 3, 4]
    again = run_scenario(scenario)
    assert again.fight.events == first.fight.events
    other_seed = run_scenario(scenario, seed=99)
    assert other_seed.seed == 99 and other_seed.fight.faces[:3] == [15, 3, 4]


def test_an_illegal_script_action_names_its_line_and_the_rules_reason() -> None:
    """FuturePath 4: a Full-Round Sprint cannot follow a Standard action."""
    text = with_script("vex attack rook with rifle", "vex sprint @3,0", dice="[15, 3, 4]")
    assert error_of(text) == (
        f"x.yaml:{line_of(text, 'vex sprint')}: script[1]: illegal action 'vex sprint @3,0': Sprint is a"
        " Full-Round action; vex already used a Standard action this turn (a Full-Round action must be the"
        " first and last thing done)"
    )


def test_an_unknown_actor_is_illegal_at_its_line() -> None:
    text = with_script("vexx end")
    assert error_of(text).startswith(f"x.yaml:{line_of(text, 'vexx')}: script[0]: illegal action 'vexx end'")


def test_scripted_dice_running_out_names_the_script_line() -> None:
    text = with_script("vex attack rook with rifle", dice="{faces: [15, 3], then: stop}")
    problem = error_of(text)
    assert problem.startswith(f"x.yaml:{line_of(text, 'vex attack')}: script[0]: scripted dice ran out")
    assert "add faces or use 'then: seed'" in problem


def test_a_scripted_face_that_does_not_fit_its_die_names_the_line() -> None:
    text = with_script("vex attack rook with rifle", dice="[15, 9]")
    assert "is not a face of a d4" in error_of(text)


def test_dice_running_out_while_setting_up_names_the_dice_key() -> None:
    """FuturePath 2: tied teams roll off, which needs dice before any action."""
    text = BASE.replace("initiative: {red: 5, blue: 3}", "initiative: {red: 3, blue: 3}")
    text = text.replace("template: brawler}", "template: brawler, dex: 16}").replace(
        "template: gunslinger}", "template: gunslinger, dex: 16}"
    )
    problem = error_of(text + "dice: {faces: [], then: stop}\n")
    assert problem.startswith(f"x.yaml:{line_of(text + 'dice:', 'dice:')}: dice: scripted dice ran out")


def test_a_script_that_ends_before_the_fight_is_over_just_stops() -> None:
    done = run(with_script("vex end"))
    assert not done.fight.is_over() and done.passed and len(done.fight.history) == 1


def test_a_script_action_after_the_fight_is_over_is_an_error() -> None:
    from tests.scenario.helpers import DUEL

    text = DUEL + "dice: [18, 2, 2]\nscript:\n  - ada attack bo with short-sword\n  - bo end\n"
    assert "the fight is over" in error_of(text)


def test_the_log_of_an_ai_fight_replays_as_a_script() -> None:
    """The action notation round-trips: history -> script text -> the identical event list."""
    text = resources.files("tactica.systems.futurepath").joinpath("content/demo.yaml").read_text()
    scenario = load_scenario_text(text, "demo.yaml")
    fight = start_fight(scenario, seed=5)
    policies = {side: make_policy("default", "futurepath", i) for i, side in enumerate(("red", "blue"))}
    run_fight(fight, policies)
    assert fight.is_over()
    data = yaml.safe_load(text)
    data.update(seed=5, script=[str(a) for a in fight.history])
    replayed = run_scenario(load_scenario_text(yaml.safe_dump(data, sort_keys=False), "replay.yaml"))
    assert replayed.fight.events == fight.events
    assert replayed.fight.history == fight.history
