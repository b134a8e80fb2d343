"""``tactica play`` from start to end: a scenario (title, opening map, script, then the person), or a saved
fight resumed with ``--load``.

The title and the opening map come before anything is rolled, so manual dice ask for initiative under them;
then each scripted action's log and each expectation's result, where they stand in the script; then, when
the fight is not over, the session reads the person's answers from stdin (a terminal or a pipe).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from tactica.cli import checks
from tactica.cli.output import console, emit_json, say, say_all
from tactica.cli.play import Session, manual_dice
from tactica.cli.play_ai import Opponents, opponents
from tactica.dice import DiceSource, SeededDice
from tactica.engine import Fight, RuleSystem, SaveError
from tactica.engine.save import FIELDS
from tactica.files import brief, load_save
from tactica.render import render_board, render_log
from tactica.scenario import Scenario, load_scenario, play_script, start_fight
from tactica.scenario.expect import check_all
from tactica.scenario.model import Result
from tactica.systems import get_system


def ask(prompt: str) -> str:
    """A line from stdin after the prompt; echoed when stdin is a pipe, so the transcript reads as typed."""
    return _ask_on(prompt, stderr=False)


def ask_aside(prompt: str) -> str:
    """:func:`ask` with the prompt and echo on stderr (``--json``: stdout holds only the JSON document)."""
    return _ask_on(prompt, stderr=True)


def say_aside(line: str) -> None:
    """A line on stderr."""
    console(stderr=True).print(line)


def _ask_on(prompt: str, *, stderr: bool) -> str:
    out = console(stderr=stderr)
    try:
        text = out.input(prompt)
    except EOFError:
        out.print("")  # the prompt's line ends
        raise
    if not sys.stdin.isatty():
        out.print(text)
    return text


def live_dice(kind: str, seed: int, *, as_json: bool = False) -> DiceSource:
    """The dice after the scripted faces: the person's own (``manual``; asked on stderr with ``as_json``),
    or seeded ones (even when the file says ``then: stop``, which is for verify)."""
    if kind != "manual":
        return SeededDice(seed)
    return manual_dice(ask_aside, say_aside) if as_json else manual_dice(ask, say)


def play_scenario(file: Path, *, seed: int | None, dice: str, as_json: bool, ai: Sequence[str] = ()) -> None:
    """Title, opening map, the script step by step, then the person plays on (the AIs ``ai`` names playing
    their sides)."""
    scenario = load_scenario(file)
    seed = scenario.seed if seed is None else seed
    opening = start_fight(scenario, seed=seed, then=SeededDice(seed))  # no manual roll asked before the map
    ais = opponents(opening, ai, seed)
    if not as_json:
        say(f"{scenario.name} — {scenario.system.name}", render_board(opening))
    fight = start_fight(scenario, seed=seed, then=live_dice(dice, seed, as_json=as_json))
    results = run_script(scenario, fight, (lambda _line: None) if as_json else say)
    if as_json:
        emit_json({"actions": [str(a) for a in fight.history], "results": [r.to_dict() for r in results]})
        return
    if scenario.script and not fight.is_over():
        say(render_board(fight))
    play_on(fight, Path(f"{file.stem}.save.json"), ais)


def run_script(scenario: Scenario, fight: Fight, show: Callable[[str], None]) -> list[Result]:
    """The start's log, then each script step's log or expectation results as it is taken, then the
    results of the expectations at the end."""
    results: list[Result] = []
    seen = (0, 0)  # events and results shown
    mark = 0
    for step in [None, *scenario.script]:
        if step is not None:
            mark = play_script(scenario, fight, [step], results.extend, mark)
        seen = _show_new(fight, results, seen, show)
    results += check_all(scenario.expect, fight, mark)
    _show_new(fight, results, seen, show)
    return results


def _show_new(
    fight: Fight, results: list[Result], seen: tuple[int, int], show: Callable[[str], None]
) -> tuple[int, int]:
    """Show the events and results past ``seen``; returns the new counts."""
    lines = [*render_log(fight.events[seen[0] :])]
    lines += [line for result in results[seen[1] :] for line in checks.result_lines(result)]
    for line in lines:
        show(line)
    return len(fight.events), len(results)


def play_saved(path: Path, *, dice: str, as_json: bool, ai: Sequence[str] = ()) -> None:
    """Resume a fight saved by ``save``: its map and last log lines, then the person plays on (the AIs ``ai``
    names playing their sides)."""
    data = load_save(path)
    fight = Fight.from_dict(data, _system_of(data))
    ais = opponents(fight, ai, fight.seed)
    if dice == "manual":  # the saved faces replayed; the rolls after them typed by the person
        fight.tape.source = live_dice(dice, 0, as_json=as_json)
    if as_json:
        emit_json({"actions": [str(a) for a in fight.history], "results": []})
        return
    say(f"{path} — {fight.system.name}, resumed after {len(fight.history)} actions", render_board(fight))
    say_all(render_log(fight.events)[-10:])
    play_on(fight, path, ais)


def _system_of(data: Mapping[str, Any]) -> RuleSystem[Any, Any]:
    """The rule system a save names (its other fields are checked by :meth:`Fight.from_dict`)."""
    system = data.get("system")
    if not isinstance(system, str):
        raise SaveError(f"saved fight: the field 'system' must be {FIELDS['system'][1]}; got {brief(system)}")
    return get_system(system)


def play_on(fight: Fight, save_to: Path, ais: Opponents) -> None:
    """The person's decisions (and the AIs') until the fight ends or the person stops; the map at the end."""
    if fight.is_over():
        return
    Session(fight, ask, say, save_to=save_to, ais=ais).run()
    say(render_board(fight))
