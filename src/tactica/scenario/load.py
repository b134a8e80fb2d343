"""Loading scenario files: YAML with line numbers, the scenario-only keys, and the system's setup.

Every problem is reported as ``file:line: field: what is wrong``; :func:`read_scenario` collects all of them
(for ``tactica check``), :func:`load_scenario` raises :class:`ScenarioError` with them.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tactica.ai import policy_error, policy_names
from tactica.dice import DiceError
from tactica.engine import Action, ActionSyntaxError, Game, RuleSystem, TacticaError
from tactica.files import brief, capped
from tactica.files import read_text as read_file_text
from tactica.scenario.expect import comma_hint, parse_expectation
from tactica.scenario.locate import (
    Problem,
    ScenarioError,
    Segment,
    Source,
    compose,
    format_path,
    locate_message,
    reported,
)
from tactica.scenario.model import EXPECTATION_KINDS, SCENARIO_KEYS, Expectation, Scenario, Step
from tactica.systems import all_systems, get_system


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate a scenario file; raises :class:`ScenarioError` listing every problem found."""
    return load_scenario_text(read_text(path), str(path))


def load_scenario_text(text: str, name: str) -> Scenario:
    """Validate scenario YAML given as text (``name`` is used in messages)."""
    scenario, problems = read_scenario(text, name)
    if problems or scenario is None:
        raise ScenarioError(problems)
    return scenario


def read_text(path: str | Path) -> str:
    """A file's text, within :mod:`tactica.files`' limits; an unreadable file is a :class:`ScenarioError`."""
    with reported():
        return read_file_text(path)


def read_scenario(text: str, name: str) -> tuple[Scenario | None, list[Problem]]:
    """The scenario (None if it cannot be built) and every problem found in it (at most
    :data:`~tactica.files.MAX_PROBLEMS`, then a count of the rest)."""
    try:
        source = compose(text, name)
    except ScenarioError as error:
        return None, error.problems
    data = source.data
    if not isinstance(data, Mapping):
        return None, [Problem(name, 1, "a scenario is a YAML mapping with system, map, combatants, ...")]
    reader = _Reader(source)
    system, game = reader.game(data)
    fields = reader.scenario_fields(data, system)
    if system is None or game is None or reader.problems:
        return None, capped(sorted(reader.problems, key=lambda p: p.line or 0))
    setup = _setup(data, system)
    return Scenario(name, game=game, system=system, setup=setup, source=source, **fields), []


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _setup(data: Mapping[str, Any], system: RuleSystem[Any, Any]) -> dict[str, Any]:
    """The fight's part of the file, its ``system`` spelled as the registry's id (any case is read)."""
    return {**{k: v for k, v in data.items() if k not in SCENARIO_KEYS}, "system": system.id}


def _without_bad_options(setup: dict[str, Any], problems: list[Problem]) -> dict[str, Any] | None:
    """The setup without the options ``problems`` name, to look for problems beyond them (issue 15 point 3);
    None when they name no option (the rest cannot be checked past them)."""
    named = {p.where.partition(".")[2].partition(".")[0] for p in problems if p.where.startswith("options")}
    if not named:
        return None
    options = setup.get("options")
    kept = {k: v for k, v in options.items() if k not in named} if isinstance(options, Mapping) else {}
    return {**setup, "options": kept} if kept != options else None


class _Reader:
    """Collects problems while reading one scenario."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self.problems: list[Problem] = []
        #: The scenario's rule system, once known: expectations name its event kinds.
        self.rules: RuleSystem[Any, Any] | None = None

    def add(self, path: tuple[Segment, ...], message: str) -> None:
        self.problems.append(self.source.problem(path, message))

    # -- the fight ------------------------------------------------------------------------------

    def game(self, data: Mapping[str, Any]) -> tuple[RuleSystem[Any, Any] | None, Game | None]:
        system = self.rules = self.system(data)
        if system is None:
            return None, None
        setup: dict[str, Any] | None = _setup(data, system)
        while setup is not None:
            try:
                game = system.new_game(setup)
            except (TacticaError, DiceError) as error:
                found = [p for p in locate_message(self.source, str(error)) if p not in self.problems]
                self.problems += found
                setup = _without_bad_options(setup, found)
            else:
                return system, None if self.problems else game
        return system, None

    def system(self, data: Mapping[str, Any]) -> RuleSystem[Any, Any] | None:
        known = ", ".join(s.id for s in all_systems())
        if "system" not in data:
            self.add((), f"no 'system' key: say which rules the fight uses (registered systems: {known})")
            return None
        try:
            return get_system(str(data["system"]))
        except TacticaError as error:
            self.add(("system",), str(error))
            return None

    # -- scenario-only keys ---------------------------------------------------------------------

    def scenario_fields(self, data: Mapping[str, Any], system: RuleSystem[Any, Any] | None) -> dict[str, Any]:
        dice, then = self.dice(data.get("dice", []))
        return {
            "name": self.text(data, "name", Path(self.source.name).stem),
            "description": self.text(data, "description", ""),
            "seed": self.seed(data.get("seed", 0)),
            "dice": dice,
            "dice_then": then,
            "script": self.script(data.get("script", [])),
            "expect": tuple(self.expectations(data.get("expect", []), ("expect",))),
            "ai": self.ai(data.get("ai", {}), system),
        }

    def text(self, data: Mapping[str, Any], key: str, default: str) -> str:
        value = data.get(key, default)
        if value is None:
            return default
        if not isinstance(value, (str, int, float)):
            self.add((key,), f"'{key}' is text")
            return default
        return str(value).strip()

    def seed(self, value: Any) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        self.add(("seed",), f"the seed is a whole number, got {brief(value)}")
        return 0

    def dice(self, value: Any) -> tuple[tuple[int, ...], str]:
        faces, then, path = value, "seed", tuple[Segment, ...](("dice",))
        if isinstance(value, Mapping):
            faces, then, path = value.get("faces", []), value.get("then", "seed"), ("dice", "faces")
            if then not in ("seed", "stop"):
                self.add(("dice", "then"), "'then' is 'seed' (roll seeded dice after the faces) or 'stop'")
        if not isinstance(faces, list) or not all(_is_int(f) for f in faces):
            self.add(path, "dice are a list of whole numbers (faces used in order), e.g. [20, 3, 5]")
            return (), "seed"
        return tuple(faces), str(then)

    def ai(self, value: Any, system: RuleSystem[Any, Any] | None) -> dict[str, str]:
        if not isinstance(value, Mapping):
            self.add(("ai",), "'ai' maps each side to a policy name, e.g. {red: default, blue: random}")
            return {}
        names = policy_names(system.id) if system is not None else []
        for side, policy in value.items():
            if names and str(policy).partition(":")[0] not in names:
                self.add(("ai", str(side)), f"unknown AI {brief(policy)}; choose one of: {', '.join(names)}")
            elif system is not None and (error := policy_error(str(policy), system.id)) is not None:
                self.add(("ai", str(side)), error)
        return {str(k): str(v) for k, v in value.items()}

    # -- script and expectations ----------------------------------------------------------------

    def script(self, value: Any) -> tuple[Step, ...]:
        if not isinstance(value, list):
            self.add(("script",), "the script is a list of actions (text) and {expect: ...} entries")
            return ()
        return tuple(step for i, item in enumerate(value) if (step := self.step(i, item)) is not None)

    def step(self, index: int, item: Any) -> Step | None:
        path: tuple[Segment, ...] = ("script", index)
        line = self.source.line_of(path)
        if isinstance(item, str):
            try:
                return Step(index, line, action=Action.parse(item))
            except ActionSyntaxError as error:
                self.add(path, str(error) + comma_hint(item))
                return None
        if isinstance(item, Mapping) and list(item) == ["expect"]:
            return Step(index, line, expect=tuple(self.expectations(item["expect"], (*path, "expect"))))
        if isinstance(item, Mapping) and item and all(k in EXPECTATION_KINDS for k in item):
            return Step(index, line, expect=tuple(self.expectations(item, path)))
        self.add(path, "a script entry is an action (text such as 'vex move @3,4') or {expect: ...}")
        return None

    def expectations(self, value: Any, path: tuple[Segment, ...]) -> list[Expectation]:
        items = [value] if isinstance(value, Mapping) else value
        if not isinstance(items, list):
            self.add(path, f"expectations are a list of one-key mappings ({', '.join(EXPECTATION_KINDS)})")
            return []
        out: list[Expectation] = []
        for i, item in enumerate(items):
            where = (*path, i) if items is value else path
            if not isinstance(item, Mapping) or not item:
                self.add(where, f"an expectation is a one-key mapping: {', '.join(EXPECTATION_KINDS)}")
                continue
            out += [e for kind, body in item.items() if (e := self.expectation(str(kind), body, where))]
        return out

    def expectation(self, kind: str, body: Any, path: tuple[Segment, ...]) -> Expectation | None:
        spec, problems = parse_expectation(kind, body, self.rules)
        where = (*path, kind)
        for problem in problems:
            self.add(where, problem)
        if problems:
            return None
        return Expectation(kind, spec, self.source.line_of(where), format_path(where))
