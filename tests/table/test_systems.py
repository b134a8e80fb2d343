"""Issue 13 points 1, 2 and 5 for all five systems: a table of each system's demo opens, each seat is
offered only its own combatants' actions (the GM every one the engine lists), a dozen actions taken
through the table replay to the same view on a fresh service (a restart), and the export loads."""

from __future__ import annotations

from importlib.resources import files

import pytest

from tactica.engine import Fight
from tactica.store import Store
from tactica.systems import get_system
from tactica.table.service import TableService
from tests.table.conftest import offered

SYSTEMS = ["futurepath", "srb", "thrum", "farrecon", "phase3d6"]


def demo_text(system: str) -> str:
    return (files(f"tactica.systems.{system}") / "content" / "demo.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_table_of_each_system_plays_and_reopens(store: Store, system: str) -> None:
    service = TableService(store)
    record = service.create(demo_text(system), f"{system}-demo.yaml")
    for _ in range(12):
        gm = service.view(record.id, record.gm_secret)
        if gm["over"]:
            break
        listed = service.live(record.id).fight.legal_actions()
        assert sorted(a["text"] for a in offered(gm)) == sorted(str(a) for a in listed)
        for name, seat in record.seats.items():
            mine = offered(service.view(record.id, seat.secret))
            assert {a["actor"] for a in mine} <= set(seat.combatants), name
        service.act(record.id, record.gm_secret, gm["seq"], offered(gm)[-1]["text"])
    final = service.view(record.id, record.gm_secret)
    assert TableService(store).view(record.id, record.gm_secret) == final
    saved = service.save(record.id, record.gm_secret)
    assert (
        Fight.from_dict(saved, get_system(system)).log_digest() == service.live(record.id).fight.log_digest()
    )
