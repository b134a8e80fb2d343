"""Expectations: how each kind is written (and checked for syntax) and how it is checked against a fight.

Kinds (each a one-key mapping in a scenario): ``state``, ``event`` (with ``count: N``, exactly N),
``no_event``, ``rejects``, ``outcome``, ``legal``, ``not_legal``, ``order`` (events in this order).
See docs/scenarios.md.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tactica.engine import Action, ActionSyntaxError, Event, Fight, IllegalAction, RuleSystem, event_types
from tactica.engine.codec import to_data
from tactica.files import brief, did_you_mean, listed
from tactica.scenario.model import Expectation, Result

Spec = Any
Check = Callable[[Spec, Fight, int], Result]

#: Keys of an event expectation that are not fields of the event.
_WINDOW_KEYS = ("kind", "since", "count")
#: Shorthands for the first segment of a state path (besides combatant ids, which mean fighters.<id>).
STATE_ALIASES = {"round": ["order", "round"]}


# -- reading values ------------------------------------------------------------------------------


_PLAIN = re.compile(r"^[A-Za-z_@+][\w@+\-. ]*$")
_KEYWORDS = {"true", "false", "null", "yes", "no", "on", "off", "~"}


def show(value: Any) -> str:
    """A value as a scenario file would write it inline: ``{kind: AttackRolled, hit: true}``, ``[3, 4]``."""
    value = to_data(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{show(k)}: {show(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, str) and _PLAIN.match(value) and value.lower() not in _KEYWORDS:
        return value.strip() if value == value.strip() else json.dumps(value)
    return json.dumps(value, ensure_ascii=False)


def same(actual: Any, expected: Any) -> bool:
    """Equality of plain data: tuples equal lists, 1 equals 1.0, but true is not 1."""
    actual, expected = to_data(actual), to_data(expected)
    if isinstance(actual, bool) != isinstance(expected, bool):
        return False
    if isinstance(actual, list) and isinstance(expected, list):
        return len(actual) == len(expected) and all(same(a, e) for a, e in zip(actual, expected, strict=True))
    if isinstance(actual, dict) and isinstance(expected, dict):
        return actual.keys() == expected.keys() and all(same(actual[k], expected[k]) for k in actual)
    return bool(actual == expected)


def state_path(data: Mapping[str, Any], path: str) -> list[str]:
    """The full path of a state shorthand: ``vex.hp`` -> fighters.vex.hp, ``round`` -> order.round."""
    segments = path.split(".")
    first = segments[0]
    if first in data:
        return segments
    if first in STATE_ALIASES:
        return [*STATE_ALIASES[first], *segments[1:]]
    if isinstance(data.get("fighters"), Mapping) and first in data["fighters"]:
        return ["fighters", *segments]
    return segments


def lookup(data: Any, path: str) -> tuple[Any, str | None]:
    """The value at a dotted state path, or (None, why it is missing)."""
    value, walked = data, list[str]()
    for segment in state_path(data, path):
        value, problem = _step(value, segment, walked)
        if problem:
            return None, problem
        walked.append(segment)
    return value, None


def _step(value: Any, segment: str, walked: list[str]) -> tuple[Any, str | None]:
    if not walked and isinstance(value, Mapping) and segment not in value:
        fighters = ", ".join(value.get("fighters") or {}) or "none"
        fields = ", ".join([*value, *STATE_ALIASES])
        return None, f"no combatant or state field '{segment}' (combatants: {fighters}; fields: {fields})"
    where = ".".join(walked)
    if isinstance(value, Mapping):
        if segment in value:
            return value[segment], None
        return None, f"no '{segment}' in {where} (there: {', '.join(map(str, value)) or 'nothing'})"
    if isinstance(value, list) and segment.lstrip("-").isdigit():
        index = int(segment)
        if -len(value) <= index < len(value):
            return value[index], None
        return None, f"{where} has {len(value)} items, no item {index}"
    return None, f"{where} is {show(value)}, which has no '{segment}'"


# -- event kinds ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class EventKinds:
    """The event kinds an expectation may name: one system's (issue 15 point 1), or every loaded one."""

    types: Mapping[str, type[Event]]
    system: str = ""

    @classmethod
    def of(cls, system: RuleSystem[Any, Any] | None) -> EventKinds:
        """The system's kinds (the engine's and its own); every kind when the system is not known."""
        return cls(event_types()) if system is None else cls(system.event_types(), system.id)

    def fields(self, kind: str) -> list[str] | None:
        """The field names of an event kind (None for a kind not among these)."""
        cls = self.types.get(kind)
        return None if cls is None else [f.name for f in dataclasses.fields(cls)]

    def unknown(self, kind: str) -> str:
        """Why ``kind`` is not a kind here, with the closest ones and where all of them are listed."""
        known = sorted(self.types)
        if not self.system:
            return f"unknown event kind '{kind}';{did_you_mean(kind, known)} known kinds: {listed(known)}"
        close = did_you_mean(kind, known)
        kinds = "" if close else f" its kinds: {listed(known)};"
        return (
            f"unknown event kind '{kind}' in {self.system};{close}{kinds} every {self.system} kind and its"
            f" fields: docs/systems/{self.system}.md#events"
        )


# -- syntax --------------------------------------------------------------------------------------


def _parse_state(value: Any, kinds: EventKinds) -> tuple[Spec, list[str]]:
    if not isinstance(value, Mapping) or not value:
        return value, ["'state' takes a mapping of PATH: VALUE, e.g. {vex.hp: 9, vex.pos: [3, 4]}"]
    bad = [str(k) for k in value if not isinstance(k, str) or not k]
    return dict(value), [f"state path {brief(k)} must be dotted text such as vex.hp" for k in bad]


def _parse_event(value: Any, kinds: EventKinds) -> tuple[Spec, list[str]]:
    spec = {"kind": value} if isinstance(value, str) else value
    if not isinstance(spec, Mapping) or not isinstance(spec.get("kind"), str):
        return value, [
            "an event expectation needs 'kind', e.g. {kind: AttackRolled, attacker: vex, hit: true}"
        ]
    spec = dict(spec)
    fields = kinds.fields(spec["kind"])
    if fields is None:
        return spec, [kinds.unknown(spec["kind"])]
    problems = [
        f"{spec['kind']} has no field '{k}';{did_you_mean(str(k), fields)} fields: {', '.join(fields)}"
        " (and 'since: last', 'count: N')"
        for k in spec
        if k not in (*fields, *_WINDOW_KEYS)
    ]
    if spec.get("since", "start") not in ("start", "last"):
        problems.append("'since' is 'start' (the default) or 'last' (since the previous expectation point)")
    if "count" in spec and not (_whole(spec["count"]) and spec["count"] >= 0):
        problems.append(
            f"'count' is how many such events there are: a whole number 0 or more, got {show(spec['count'])}"
        )
    return spec, problems


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _parse_order(value: Any, kinds: EventKinds) -> tuple[Spec, list[str]]:
    """``order: [EVENT, EVENT, ...]``: events matching each, in this order (others may come between)."""
    if not isinstance(value, list) or len(value) < 2:
        return value, [
            "'order' takes a list of at least two events, e.g. [{kind: OpportunityRaised}, {kind: Moved}]"
        ]
    specs, problems = [], []
    for i, item in enumerate(value):
        spec, found = _parse_event(item, kinds)
        specs.append(spec)
        problems += [f"order[{i}]: {p}" for p in found]
        if isinstance(spec, Mapping) and ("count" in spec or ("since" in spec and i)):
            problems.append(f"order[{i}]: only the first event may say 'since' (no 'count' in an order)")
    return specs, problems


def comma_hint(text: Any) -> str:
    """A position cut at its comma is the YAML flow-list trap (``script: [vex move @1,0]``)."""
    cut = re.search(r"@-?\d+$", str(text).strip()) and len(str(text).split()) >= 3
    if isinstance(text, int) or cut:
        return " (a comma in a [flow, list] splits the entry: quote the action, or write one action a line)"
    return ""


def _action_problem(text: Any) -> str | None:
    if not isinstance(text, str):
        return f"an action is text such as 'vex attack rook with rifle', got {show(text)}{comma_hint(text)}"
    try:
        Action.parse(text)
    except ActionSyntaxError as error:
        return str(error) + comma_hint(text)
    return None


def _parse_rejects(value: Any, kinds: EventKinds) -> tuple[Spec, list[str]]:
    spec = {"action": value} if isinstance(value, str) else value
    if not isinstance(spec, Mapping) or "action" not in spec:
        return value, ["'rejects' takes {action: ACTION, reason: TEXT} (reason optional)"]
    spec = dict(spec)
    problems = [p for p in [_action_problem(spec["action"])] if p]
    problems += [
        f"'rejects' has no field '{k}' (fields: action, reason)"
        for k in spec
        if k not in ("action", "reason")
    ]
    if "reason" in spec and not isinstance(spec["reason"], str):
        problems.append("'reason' is text that the rules' reason must contain")
    return spec, problems


def _parse_outcome(value: Any, kinds: EventKinds) -> tuple[Spec, list[str]]:
    if not isinstance(value, Mapping) or "winner" not in value:
        return value, ["'outcome' takes {winner: SIDE} (winner: null for a draw; reason and round optional)"]
    problems = [
        f"'outcome' has no field '{k}' (fields: winner, reason, round)"
        for k in value
        if k not in ("winner", "reason", "round")
    ]
    return dict(value), problems


def _parse_actions(value: Any, kinds: EventKinds) -> tuple[Spec, list[str]]:
    actions = [value] if isinstance(value, str) else value
    if not isinstance(actions, list) or not actions:
        return value, ["takes an action text, or a list of them, e.g. 'vex attack rook with rifle'"]
    return list(actions), [p for p in map(_action_problem, actions) if p]


# -- checking ------------------------------------------------------------------------------------


def _check_state(spec: Spec, fight: Fight, since: int) -> tuple[bool, Any, Any, str]:
    data = fight.observe()
    actual: dict[str, Any] = {}
    wrong: list[str] = []
    for path, want in spec.items():
        got, missing = lookup(data, path)
        actual[path] = got
        if missing:
            wrong.append(f"{path}: {missing}")
        elif not same(got, want):
            wrong.append(f"{path}: expected {show(want)}, got {show(got)}")
    return not wrong, spec, actual, "; ".join(wrong)


def _window(spec: Spec, fight: Fight, since: int) -> tuple[list[Event], str]:
    if spec.get("since") == "last":
        return fight.events[since:], "since the previous expectation point"
    return fight.events, "since the start"


def _matches(event: Event, spec: Spec) -> bool:
    data = event.to_dict()
    return event.kind == spec["kind"] and all(
        same(data.get(k), v) for k, v in spec.items() if k not in _WINDOW_KEYS
    )


def _describe(spec: Spec) -> str:
    fields = [f"{k}={show(v)}" for k, v in spec.items() if k not in _WINDOW_KEYS]
    return str(spec["kind"]) + (f"({', '.join(fields)})" if fields else "")


def _check_event(spec: Spec, fight: Fight, since: int) -> tuple[bool, Any, Any, str]:
    events, when = _window(spec, fight, since)
    if "count" in spec:
        return _check_count(spec, events, when)
    if any(_matches(e, spec) for e in events):
        return True, spec, "found", ""
    kind = spec["kind"]
    same_kind = [_plain(e) for e in events if e.kind == kind]
    if not same_kind:
        return False, spec, None, f"no {kind} event {when}"
    wanted = {k: v for k, v in spec.items() if k not in _WINDOW_KEYS}
    closest = max(same_kind, key=lambda d: sum(same(d.get(k), v) for k, v in wanted.items()))
    diffs = [
        f"{k} {show(closest.get(k))} (expected {show(v)})"
        for k, v in wanted.items()
        if not same(closest.get(k), v)
    ]
    of = f"{len(same_kind)} {kind} events" if len(same_kind) > 1 else f"1 {kind} event"
    return False, spec, closest, f"no matching {kind} {when}; of {of}, the closest has {', '.join(diffs)}"


def _check_count(spec: Spec, events: list[Event], when: str) -> tuple[bool, Any, Any, str]:
    found = [_plain(e) for e in events if _matches(e, spec)]
    if len(found) == spec["count"]:
        return True, spec, len(found), ""
    listed = f": {', '.join(map(show, found[:3]))}" + (" ..." if len(found) > 3 else "") if found else ""
    return (
        False,
        spec,
        len(found),
        f"expected {spec['count']} {_describe(spec)} {when}, found {len(found)}{listed}",
    )


def _check_order(specs: Spec, fight: Fight, since: int) -> tuple[bool, Any, Any, str]:
    events, when = _window(specs[0], fight, since)
    at, found = 0, list[int]()
    for spec in specs:
        at = next((i for i in range(at, len(events)) if _matches(events[i], spec)), -1)
        if at < 0:
            return False, specs, found, _order_gap(specs, found, events, when)
        found.append(at + (len(fight.events) - len(events)))
        at += 1
    return True, specs, found, ""


def _order_gap(specs: Spec, found: list[int], events: list[Event], when: str) -> str:
    missing = specs[len(found)]
    if not found:
        return f"no {_describe(missing)} {when}"
    later = "" if any(_matches(e, missing) for e in events) else f"; there is none {when}"
    after = f"after the {_describe(specs[len(found) - 1])} (event {found[-1]})"
    return f"order[{len(found)}]: no {_describe(missing)} {after}{later}"


def _check_no_event(spec: Spec, fight: Fight, since: int) -> tuple[bool, Any, Any, str]:
    events, when = _window(spec, fight, since)
    found = [_plain(e) for e in events if _matches(e, spec)]
    if not found:
        return True, spec, [], ""
    return False, spec, found[:3], f"{len(found)} {_describe(spec)} {when}; the first: {show(found[0])}"


def _plain(event: Event) -> dict[str, Any]:
    data = event.to_dict()
    data.pop("event")
    return {"kind": event.kind, **data}


def _check_rejects(spec: Spec, fight: Fight, since: int) -> tuple[bool, Any, Any, str]:
    action = Action.parse(spec["action"])
    if fight.why_illegal(action) is None:
        return False, spec, {"accepted": True}, f"'{action}' is legal now; expected it to be rejected"
    before = (to_data(fight.state), len(fight.events), len(fight.history))
    try:
        fight.apply(action)
    except IllegalAction as error:
        reason = error.reason
    else:  # pragma: no cover - why_illegal said no: a rules bug
        fight.undo()
        return False, spec, {"accepted": True}, f"'{action}' was accepted although why_illegal refused it"
    unchanged = before == (to_data(fight.state), len(fight.events), len(fight.history))
    wanted = spec.get("reason", "")
    problems = [] if wanted.lower() in reason.lower() else [f"the reason does not contain {show(wanted)}"]
    problems += [] if unchanged else ["the state changed although the action was refused"]
    actual = {"reason": reason, "state_unchanged": unchanged}
    return not problems, spec, actual, "; ".join(problems) + (f" (reason: {reason})" if problems else "")


def _check_outcome(spec: Spec, fight: Fight, since: int) -> tuple[bool, Any, Any, str]:
    outcome = fight.outcome()
    if outcome is None:
        round_ = fight.state.order.round
        return False, spec, {"over": False}, f"the fight is not over (round {round_})"
    actual = {"winner": outcome.winner, "reason": outcome.reason, "round": outcome.round}
    wrong = []
    if not same(outcome.winner, spec["winner"]):
        wrong.append(f"winner: expected {show(spec['winner'])}, got {show(outcome.winner)}")
    if "reason" in spec and str(spec["reason"]).lower() not in outcome.reason.lower():
        wrong.append(f"reason {show(outcome.reason)} does not contain {show(spec['reason'])}")
    if "round" in spec and not same(outcome.round, spec["round"]):
        wrong.append(f"round: expected {show(spec['round'])}, got {outcome.round}")
    return not wrong, spec, actual, "; ".join(wrong)


def _verdicts(spec: Spec, fight: Fight) -> dict[str, str]:
    """Each action's verdict now: 'legal' (listed, or a route the rules accept: issue 14 point 9), else why
    not."""
    return {text: fight.why_illegal(text) or "legal" for text in spec}


def _check_legal(spec: Spec, fight: Fight, since: int) -> tuple[bool, Any, Any, str]:
    actual = _verdicts(spec, fight)
    wrong = [f"'{text}' is not legal: {why}" for text, why in actual.items() if why != "legal"]
    return not wrong, spec, actual, "; ".join(wrong)


def _check_not_legal(spec: Spec, fight: Fight, since: int) -> tuple[bool, Any, Any, str]:
    actual = _verdicts(spec, fight)
    listed = [text for text, why in actual.items() if why == "legal"]
    return not listed, spec, actual, "; ".join(f"'{t}' is legal now" for t in listed)


Parse = Callable[[Any, EventKinds], tuple[Spec, list[str]]]
KINDS: dict[str, tuple[Parse, Callable[[Spec, Fight, int], tuple[bool, Any, Any, str]]]] = {
    "state": (_parse_state, _check_state),
    "event": (_parse_event, _check_event),
    "no_event": (_parse_event, _check_no_event),
    "rejects": (_parse_rejects, _check_rejects),
    "outcome": (_parse_outcome, _check_outcome),
    "legal": (_parse_actions, _check_legal),
    "not_legal": (_parse_actions, _check_not_legal),
    "order": (_parse_order, _check_order),
}


def parse_expectation(
    kind: str, value: Any, system: RuleSystem[Any, Any] | None = None
) -> tuple[Spec, list[str]]:
    """Normalise an expectation's body and list its syntax problems (empty when it is fine); event kinds and
    fields are checked against ``system``'s events (every loaded event kind when it is None)."""
    if kind not in KINDS:
        return value, [f"unknown expectation '{kind}';{did_you_mean(kind, KINDS)} kinds: {', '.join(KINDS)}"]
    return KINDS[kind][0](value, EventKinds.of(system))


def check(expectation: Expectation, fight: Fight, since: int = 0) -> Result:
    """Check one expectation against the fight now; ``since`` is the event index of the previous
    expectation point (for ``since: last``)."""
    passed, expected, actual, difference = KINDS[expectation.kind][1](expectation.spec, fight, since)
    return Result(expectation, passed, expected, actual, difference)


def check_all(expectations: tuple[Expectation, ...], fight: Fight, since: int = 0) -> list[Result]:
    """Check several expectations at one point of the fight."""
    return [check(e, fight, since) for e in expectations]
