"""Every Star Rangers event has a formatter in tactica.render.srb, and a whole demo log renders without
falling back to the generic form."""

from __future__ import annotations

import dataclasses
import inspect

from tactica.ai import run_fight
from tactica.engine import Event, Fight
from tactica.render import srb as render_srb
from tactica.systems import get_system
from tactica.systems.srb import events
from tactica.systems.srb.ai import DefaultPolicy
from tests.systems.srb.test_ai import SCENARIO_KEYS, _scenario


def test_every_event_has_a_formatter() -> None:
    """tactica.render.srb.FORMATTERS names every event class of tactica.systems.srb.events."""
    kinds = {
        name
        for name, cls in inspect.getmembers(events, inspect.isclass)
        if issubclass(cls, Event) and cls is not Event
    }
    assert kinds == set(render_srb.FORMATTERS)


def test_the_demo_log_renders() -> None:
    """Every Star Rangers event of a demo fight renders with its own formatter."""
    data = _scenario("demo")
    fight = Fight.new(get_system("srb"), {k: v for k, v in data.items() if k not in SCENARIO_KEYS}, seed=3)
    run_fight(fight, {"rangers": DefaultPolicy(3), "raiders": DefaultPolicy(4)})
    for event in fight.events:
        formatter = render_srb.FORMATTERS.get(event.kind)
        if formatter is not None:
            line = formatter(event)
            assert line is None or isinstance(line, str), event
            assert dataclasses.is_dataclass(event)
