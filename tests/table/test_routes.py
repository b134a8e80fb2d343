"""Issue 14 point 9 at the web table: an action typed with waypoints goes through the same parser and engine
as everywhere else: a legal route is taken, stored and replayed when the table reopens; an illegal one is
refused with the leg that fails, and nothing is stored."""

from __future__ import annotations

import pytest

from tactica.store import Store
from tactica.table.service import Refused, TableService
from tests.table.conftest import ROOT

#: The example's fight without its script (a table plays a scenario's script when it is created).
SETUP = (ROOT / "examples" / "futurepath" / "routes.yaml").read_text(encoding="utf-8").split("\nscript:")[0]


def test_a_route_is_taken_stored_previewed_and_replayed(store: Store) -> None:
    service = TableService(store)
    record = service.create(SETUP, "routes.yaml")
    gm = record.gm_secret
    shown = service.preview(record.id, gm, "rook move @2,1 @4,1 @6,0")
    assert shown["path"] == [[0, 0], [1, 0], [2, 1], [3, 1], [4, 1]]  # up to the Tactical Opportunity
    done = service.act(record.id, gm, 0, "rook move @2,1 @4,1 @6,0")
    assert done["action"] == "rook move @2,1 @4,1 @6,0"
    assert [e.text for e in store.log(record.id)] == ["rook move @2,1 @4,1 @6,0"]
    reopened = TableService(store).view(record.id, gm)
    assert reopened == service.view(record.id, gm)
    assert any(c["id"] == "rook" and c["pos"] == [4, 1] for c in reopened["combatants"])


def test_an_illegal_route_is_refused_with_its_leg_and_not_stored(store: Store) -> None:
    service = TableService(store)
    record = service.create(SETUP, "routes.yaml")
    with pytest.raises(Refused, match=r"leg 2 \(@1,3 to @3,4\): @3,4 is a wall"):
        service.act(record.id, record.gm_secret, 0, "ash move @1,3 @3,4 @6,2")
    assert store.log(record.id) == []
