"""Issue 14 point 9: every condition a system tracks is a state path, the derived ones included (THRUM's
Frayed and Exhausted, FuturePath's Helpless, Far Recon's unconscious and broken down, Star Rangers' up)."""

from __future__ import annotations

from typing import Any

import pytest

from tactica.engine import Fight
from tactica.scenario.expect import lookup
from tactica.systems import get_system
from tactica.testing import conformance_setup

DERIVED = {
    "futurepath": {"up": "is_up"},
    "srb": {"up": "up"},
    "thrum": {"frayed": "frayed", "exhausted": "exhausted"},
    "farrecon": {"conscious": "conscious", "broken": "broken", "in_fight": "in_fight"},
}


def fight_of(system_id: str, setup: dict[str, Any] | None = None) -> Fight:
    return Fight.new(get_system(system_id), setup or dict(conformance_setup(system_id)), seed=0)


@pytest.mark.parametrize("system_id", sorted(DERIVED))
def test_derived_conditions_are_state_paths(system_id: str) -> None:
    fight = fight_of(system_id)
    data = fight.observe()
    for fid, fighter in fight.state.fighters.items():
        for path, attribute in DERIVED[system_id].items():
            value, problem = lookup(data, f"{fid}.{path}")
            assert problem is None and value == getattr(fighter, attribute), (fid, path)


def test_futurepath_strength_0_is_helpless_as_a_state_path() -> None:
    """FuturePath (seed l.195): "having a strength of 0" makes a character Helpless."""
    setup = dict(conformance_setup("futurepath"))
    first = dict(setup["combatants"][0], str=0)
    setup["combatants"] = [first, *setup["combatants"][1:]]
    data = fight_of("futurepath", setup).observe()
    assert lookup(data, f"{first['id']}.helpless") == (True, None)
    assert lookup(data, f"{setup['combatants'][1]['id']}.helpless") == (False, None)
