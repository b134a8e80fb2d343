"""Issue 13, Benchmarks: a change pushed to many clients builds each key's view once. What a key sees stays
exactly what it was: a view made once is forgotten at the next change of the table, an action or a change
of settings that leaves the log as it was."""

from __future__ import annotations

from tactica.store import TableRecord
from tactica.table.service import TableService
from tests.table.conftest import keys


def test_a_view_is_made_once_per_state_and_key_and_again_after_any_change(
    service: TableService, duel: TableRecord
) -> None:
    first = service.view(duel.id, duel.gm_secret)
    assert service.view(duel.id, duel.gm_secret) is first
    red_key = keys(duel)["red"]
    red = service.view(duel.id, red_key)
    assert red is not first and red["board_svg"] is first["board_svg"]
    assert "bo" in {c["id"] for c in red["combatants"]}
    service.set_settings(duel.id, duel.gm_secret, {"hidden": ["bo"]})
    hidden = service.view(duel.id, red_key)
    assert hidden["seq"] == 0 and "bo" not in {c["id"] for c in hidden["combatants"]}
    assert 'data-id="bo"' not in hidden["board_svg"]
    service.act(duel.id, duel.gm_secret, 0, first["actions"][0]["text"])
    after = service.view(duel.id, duel.gm_secret)
    assert after is not first and after["seq"] == 1
