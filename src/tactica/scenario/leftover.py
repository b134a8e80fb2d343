"""Scripted dice that a scenario never rolled: a failure of the run (issue 14 point 10).

Faces scripted but never rolled mean the rules rolled fewer dice than the author thought, so the scenario
tests something other than what it says. The result names each unused face (its place in ``dice`` and
its line) and which script entry rolled the last scripted face that was used.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping
from itertools import groupby

from tactica.engine import Fight
from tactica.scenario.locate import Segment
from tactica.scenario.model import Expectation, Result, Scenario

#: The pseudo-expectation's kind, as ``verify`` prints it (``FAIL  line 9  dice ...``).
KIND = "dice"


def leftover_dice(scenario: Scenario, fight: Fight) -> Result | None:
    """A failed result when the fight has rolled fewer faces than the scenario scripts, else None."""
    used = min(fight.tape.pos, len(scenario.dice))
    if used == len(scenario.dice):
        return None
    path = _faces_path(scenario)
    spec = f"all {len(scenario.dice)} scripted faces rolled"
    expectation = Expectation(KIND, spec, scenario.source.line_of(path), "dice")
    unused = len(scenario.dice) - used
    verb = "was" if unused == 1 else "were"
    difference = (
        f"{unused} of the {len(scenario.dice)} scripted faces {verb} never rolled: "
        f"{_faces_text(scenario, path, used)}; {_last_use(scenario, fight, used)}"
    )
    actual = {"rolled": used, "unused": list(scenario.dice[used:])}
    return Result(expectation, False, spec, actual, difference)


def _faces_path(scenario: Scenario) -> tuple[Segment, ...]:
    return ("dice", "faces") if isinstance(scenario.source.data.get("dice"), Mapping) else ("dice",)


def _faces_text(scenario: Scenario, path: tuple[Segment, ...], used: int) -> str:
    """``dice[6]=4, dice[7]=2 (line 12)``: the unused faces, grouped by the line they are written on."""
    places = [(i, scenario.source.line_of((*path, i))) for i in range(used, len(scenario.dice))]
    groups = []
    for line, group in groupby(places, key=lambda place: place[1]):
        faces = ", ".join(f"dice[{i}]={scenario.dice[i]}" for i, _ in group)
        groups.append(f"{faces} (line {line or '?'})")
    return "; ".join(groups)


def _last_use(scenario: Scenario, fight: Fight, used: int) -> str:
    """Which script entry rolled the last scripted face used (or that none was)."""
    if used == 0:
        return "no scripted face was rolled"
    starts = [start for start, _ in fight.marks]
    taken = bisect_right(starts, used - 1)
    if taken == 0:
        return f"the last used, dice[{used - 1}], was rolled while the fight was set up (initiative)"
    step = [s for s in scenario.script if s.action is not None][taken - 1]
    return f"the last used, dice[{used - 1}], was rolled by {step.where} '{step.action}' (line {step.line})"
