"""Test helpers every rule system's tests use: events by kind, the offered actions, refusals."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tactica.engine import Action, Fight, IllegalAction
from tactica.engine.codec import to_data


def kinds(fight: Fight) -> list[str]:
    """Event kinds in order."""
    return [e.kind for e in fight.events]


def of(events: list[Any], kind: str) -> list[Any]:
    """The events of one kind."""
    return [e for e in events if e.kind == kind]


def last(fight: Fight, kind: str) -> Any:
    """The last event of a kind."""
    return of(fight.events, kind)[-1]


def offered(fight: Fight, verb: str | None = None) -> set[str]:
    """The legal actions (of one verb), as text; every legal action must pass ``why_illegal``."""
    actions = fight.legal_actions()
    for action in actions:
        assert fight.why_illegal(action) is None, str(action)
    return {str(a) for a in actions if verb is None or a.verb == verb}


def why(fight: Fight, text: str) -> str:
    """Why an action is refused (it must be)."""
    reason = fight.why_illegal(Action.parse(text))
    assert reason is not None, f"{text!r} is legal"
    return reason


def play(fight: Fight, *actions: str) -> list[Any]:
    """Apply actions in order; the events they caused."""
    out: list[Any] = []
    for text in actions:
        out += fight.apply(text)
    return out


def order(fight: Fight) -> list[str]:
    """The initiative order now (first acts first)."""
    return [s.key for s in fight.state.order.slots]


def acting(fight: Fight) -> str | None:
    """The combatant whose turn it is."""
    return fight.state.acting  # type: ignore[attr-defined, no-any-return]


def fs(fight: Fight, fid: str) -> Any:
    """A combatant's state now."""
    return fight.state.fighters[fid]  # type: ignore[attr-defined]


def saves_and_replays(fight: Fight) -> Fight:
    """Issue 14 point 9: the fight's JSON save loads back to the same fight (every action replayed, a route
    included), and a replay of its actions over its faces gives the same events; the loaded fight."""
    loaded = Fight.from_dict(json.loads(fight.to_json()), fight.system)
    assert loaded.to_json() == fight.to_json()
    again = Fight.replay(fight.game, [str(a) for a in fight.history], fight.faces, seed=fight.seed)
    assert again.log_digest() == fight.log_digest()
    return loaded


def refuses_each(fight: Fight, refusals: dict[str, str]) -> None:
    """Each action is refused with a reason containing its text, and applying it changes nothing."""
    before = to_data(fight.state)
    for text, reason in refusals.items():
        assert reason in (fight.why_illegal(text) or ""), text
        with pytest.raises(IllegalAction):
            fight.apply(text)
    assert to_data(fight.state) == before and fight.history == []
