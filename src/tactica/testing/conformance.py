"""The conformance check every rule system must pass (PettingZoo's idea, applied to rule systems).

A random-legal fight runs to its end; every action ``legal_actions()`` offers applies; replaying the seed and
the actions gives the identical event log; undoing any step restores the state exactly; the fight round-trips
through JSON. Each system ships a small arena for it (``content/arena.yaml`` in its package).

>>> from tactica.testing import check_fight
>>> check_fight("futurepath", seed=3).ended
True
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from tactica.ai import RandomPolicy
from tactica.engine import Fight
from tactica.engine.codec import to_data
from tactica.files import parse_json, parse_yaml, read_resource
from tactica.systems import get_system


class ConformanceError(AssertionError):
    """A rule system broke one of the engine's promises."""


@dataclass(frozen=True)
class Report:
    """What one conformance fight did."""

    system: str
    seed: int
    actions: int
    ended: bool
    winner: str | None


@cache
def conformance_setup(system_id: str) -> Mapping[str, Any]:
    """The system's conformance arena (its package's ``content/arena.yaml``)."""
    package = type(get_system(system_id)).__module__.rsplit(".", 1)[0]
    data = parse_yaml(read_resource(package, "content/arena.yaml"), f"{package}:content/arena.yaml").data
    assert isinstance(data, dict)
    return data


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise ConformanceError(message)


def play_random(system_id: str, setup: Mapping[str, Any], seed: int, max_actions: int = 20_000) -> Fight:
    """Play a fight with the random-legal policy; every offered action must be accepted."""
    fight = Fight.new(get_system(system_id), setup, seed=seed)
    policy = RandomPolicy(seed)
    for _ in range(max_actions):
        if fight.is_over():
            break
        _require(bool(fight.legal_actions()), f"seed {seed}: not over, yet no action is legal")
        action = policy.choose(fight)
        reason = fight.system.why_illegal(fight.game, fight.state, action)
        _require(
            reason is None, f"seed {seed}: legal_actions() offered '{action}' but the rules say: {reason}"
        )
        fight.apply(action)
    _require(fight.is_over(), f"seed {seed}: the fight did not end within {max_actions} actions")
    return fight


def check_replay(fight: Fight) -> None:
    """Seed + actions replay to the identical event log; recorded faces + actions to the same state."""
    from_seed = Fight.replay(fight.game, fight.history, seed=fight.seed)
    _require(
        [e.to_dict() for e in from_seed.events] == [e.to_dict() for e in fight.events],
        f"seed {fight.seed}: replaying seed and actions gave a different event log",
    )
    from_faces = Fight.replay(fight.game, fight.history, fight.faces)
    _require(to_data(from_faces.state) == to_data(fight.state), "replay from recorded faces differs")


def check_json(fight: Fight) -> None:
    """The fight round-trips through JSON text to an equal state and equal JSON."""
    text = fight.to_json()
    loaded = Fight.from_dict(parse_json(text, "saved fight"), fight.system)
    _require(loaded.to_json() == text, f"seed {fight.seed}: the JSON form does not round-trip")


def check_undo_at(fight: Fight, steps: Collection[int]) -> None:
    """Replaying the fight, undo after each of ``steps`` (indexes into the history) restores the state before
    it; redo restores the state after it."""
    replay = Fight(fight.game, seed=fight.seed)
    for k, action in enumerate(fight.history):
        if k not in steps:
            replay.apply(action)
            continue
        before = to_data(replay.state)
        replay.apply(action)
        after = to_data(replay.state)
        _require(replay.undo() == action, f"undo of step {k} returned another action")
        _require(to_data(replay.state) == before, f"seed {fight.seed}: undo of step {k} ({action}) differs")
        replay.apply(action)
        _require(to_data(replay.state) == after, f"seed {fight.seed}: redo of step {k} ({action}) differs")


def undo_sample(steps: int, count: int | None, seed: int) -> range:
    """Which of a fight's ``steps`` to undo: all of them when ``count`` is None, else about ``count`` spread
    evenly from an offset the seed picks (so fights of different seeds check different steps), always the
    first step when the offset is 0 and never more than ``steps``.

    >>> undo_sample(10, None, 7)
    range(0, 10)
    >>> list(undo_sample(100, 4, 0)), list(undo_sample(100, 4, 1))
    ([0, 25, 50, 75], [1, 26, 51, 76])
    """
    if count is None or count >= steps:
        return range(steps)
    stride = max(1, steps // count)
    return range(seed % stride, steps, stride)


def check_fight(
    system_id: str, seed: int, setup: Mapping[str, Any] | None = None, *, undo_steps: int | None = None
) -> Report:
    """Run every conformance check on one random fight of the system's arena (or ``setup``); undo is checked
    at every step, or at about ``undo_steps`` steps spread over the fight (:func:`undo_sample`)."""
    fight = play_random(system_id, setup or conformance_setup(system_id), seed)
    check_replay(fight)
    check_json(fight)
    check_undo_at(fight, undo_sample(len(fight.history), undo_steps, seed))
    outcome = fight.outcome()
    return Report(system_id, seed, len(fight.history), fight.is_over(), outcome.winner if outcome else None)
