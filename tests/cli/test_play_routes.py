"""Issue 14 point 9 in ``tactica play``: a route typed at the prompt is read by the same parser and taken,
with the actor left out when one character decides; an illegal one is refused with the leg that fails."""

from __future__ import annotations

from tactica.scenario import load_scenario_text, start_fight
from tests.cli.test_play import session
from tests.table.conftest import ROOT

SETUP = (ROOT / "examples" / "futurepath" / "routes.yaml").read_text(encoding="utf-8").split("\nscript:")[0]


def test_a_typed_route_is_taken_or_refused_with_its_leg() -> None:
    fight = start_fight(load_scenario_text(SETUP, "routes.yaml"))
    play, table = session(fight, "ash move @1,3 @3,4 @6,2", "ash move @1,0 @5,0 @6,2", "quit")
    play.run()
    assert "not allowed: leg 2 (@1,3 to @3,4): @3,4 is a wall" in table.said
    assert [str(a) for a in fight.history] == ["ash move @1,0 @5,0 @6,2"]
    assert fight.state.fighters["ash"].pos == (6, 2)  # type: ignore[attr-defined]
