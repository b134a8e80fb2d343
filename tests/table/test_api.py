"""The table's HTTP API (issue 13 points 1, 3 and 5): health, views, acting with a sequence number, stale
actions refused with the reason, undo, export, and the log committed before the answer."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tactica.engine import Fight
from tactica.store import Store, TableRecord
from tactica.systems import get_system
from tactica.table.service import TableService
from tests.table.conftest import DUEL, HOST_KEY, keys, offered


def view(client: TestClient, record: TableRecord, key: str) -> dict[str, Any]:
    response = client.get(f"/api/t/{record.id}/view", headers={"X-Table-Key": key})
    assert response.status_code == 200, response.text
    return response.json()


def acting_seat(client: TestClient, record: TableRecord) -> tuple[str, dict[str, Any]]:
    """The seat whose combatant may act now, and the first action it may take."""
    for seat, key in keys(record).items():
        if seat != "gm" and (actions := offered(view(client, record, key))):
            return seat, actions[0]
    raise AssertionError("no seat may act")


def act(client: TestClient, record: TableRecord, key: str, seq: int, action: str) -> Any:
    return client.post(
        f"/api/t/{record.id}/act", json={"seq": seq, "action": action}, headers={"X-Table-Key": key}
    )


def test_healthz_answers(client: TestClient) -> None:
    """Issue 13 point 1: GET /healthz answers 200."""
    assert client.get("/healthz").json() == {"ok": True}


def test_the_page_shell_carries_no_secret(client: TestClient, duel: TableRecord) -> None:
    """Issue 13 point 1: the page is served without the key (the key stays in the link's fragment)."""
    page = client.get(f"/t/{duel.id}")
    assert page.status_code == 200 and "table.js" in page.text
    assert duel.gm_secret not in page.text


def test_gm_and_seats_see_the_table(client: TestClient, duel: TableRecord) -> None:
    """Issue 13 point 2: each key gets its view: the board, whose turn, actions of its own combatants."""
    gm = view(client, duel, duel.gm_secret)
    assert gm["you"]["role"] == "gm" and gm["seq"] == 0
    assert gm["board_svg"].startswith("<svg") and gm["turn"]
    assert {c["id"] for c in gm["combatants"]} == {"ada", "bo"}
    assert set(gm["gm"]["seats"]) == {"red", "blue"}
    red = view(client, duel, duel.seats["red"].secret)
    assert red["you"] == {"role": "player", "seat": "red", "combatants": ["ada"]}
    assert "gm" not in red
    assert all(a["actor"] == "ada" for a in offered(red))


def test_an_action_is_stored_before_it_is_acknowledged(
    client: TestClient, store: Store, duel: TableRecord
) -> None:
    """Issue 13 point 5: the acknowledged action is in the log, with the faces it rolled."""
    seat, action = acting_seat(client, duel)
    done = act(client, duel, duel.seats[seat].secret, 0, action["text"])
    assert done.status_code == 200, done.text
    assert done.json()["seq"] == 1 and done.json()["lines"]
    [entry] = store.log(duel.id)
    assert (entry.seq, entry.kind, entry.text, entry.seat) == (1, "action", action["text"], seat)
    assert view(client, duel, duel.gm_secret)["seq"] == 1


def test_a_stale_action_is_refused_with_the_reason(
    client: TestClient, store: Store, duel: TableRecord
) -> None:
    """Issue 13 point 3: an action sent on an older seq is refused (409) and nothing is applied twice."""
    _seat, action = acting_seat(client, duel)
    assert act(client, duel, duel.gm_secret, 0, action["text"]).status_code == 200
    again = act(client, duel, duel.gm_secret, 0, action["text"])
    assert again.status_code == 409
    assert again.json()["seq"] == 1 and "stale" in again.json()["error"]
    assert len(store.log(duel.id)) == 1


def test_an_illegal_action_is_refused_by_the_engine(
    client: TestClient, store: Store, duel: TableRecord
) -> None:
    """Issue 13 point 3 (the engine decides): an illegal action gets the engine's reason, 422."""
    refused = act(client, duel, duel.gm_secret, 0, "ada fly @9,9")
    assert refused.status_code == 422 and refused.json()["error"]
    assert store.log(duel.id) == []


def test_undo_is_logged_and_the_same_action_rolls_the_same(
    client: TestClient, store: Store, duel: TableRecord
) -> None:
    """Issue 13 point 2: the GM's undo; the faces stay ahead, so taking the action again rolls the same."""
    _seat, action = acting_seat(client, duel)
    first = act(client, duel, duel.gm_secret, 0, action["text"]).json()
    undone = client.post(f"/api/t/{duel.id}/undo", json={"seq": 1}, headers={"X-Table-Key": duel.gm_secret})
    assert undone.status_code == 200 and undone.json()["seq"] == 2
    again = act(client, duel, duel.gm_secret, 2, action["text"]).json()
    assert again["lines"] == first["lines"]
    log = view(client, duel, duel.gm_secret)["log"]
    assert [(e["kind"], e["undone"]) for e in log[1:]] == [
        ("action", True),
        ("undo", False),
        ("action", False),
    ]
    assert [e.kind for e in store.log(duel.id)] == ["action", "undo", "action"]


def test_a_table_reopens_identically_from_its_log(store: Store, duel: TableRecord) -> None:
    """Issue 13 point 5: a new service on the same database (a restart) replays the log to the same fight."""
    first = TableService(store)
    for seq in range(6):
        fight_view = first.view(duel.id, duel.gm_secret)
        if fight_view["over"]:
            break
        first.act(duel.id, duel.gm_secret, seq, offered(fight_view)[0]["text"])
    if fight_view["seq"] >= 1:
        first.undo(duel.id, duel.gm_secret, first.view(duel.id, duel.gm_secret)["seq"])
    again = TableService(store)
    assert again.view(duel.id, duel.gm_secret) == first.view(duel.id, duel.gm_secret)


def test_export_is_the_save_format(client: TestClient, duel: TableRecord) -> None:
    """Issue 13 point 5: a table exports to the existing save format, which loads and replays."""
    _seat, action = acting_seat(client, duel)
    act(client, duel, duel.gm_secret, 0, action["text"])
    saved = client.get(f"/api/t/{duel.id}/save", headers={"X-Table-Key": duel.gm_secret})
    assert saved.status_code == 200
    fight = Fight.from_dict(saved.json(), get_system("futurepath"))
    assert [str(a) for a in fight.history][-1] == action["text"]


def test_the_host_creates_and_lists_tables(client: TestClient) -> None:
    """Issue 13 point 1: the GM can create a table in the page by uploading a scenario."""
    made = client.post(
        "/api/tables", json={"name": "duel.yaml", "text": DUEL.read_text()}, headers={"X-Table-Key": HOST_KEY}
    )
    assert made.status_code == 200, made.text
    listed = client.get("/api/tables", headers={"X-Table-Key": HOST_KEY}).json()
    assert [t["table"] for t in listed] == [made.json()["table"]]


def test_an_upload_that_is_not_a_scenario_names_its_line(client: TestClient) -> None:
    """Issue 13 point 1 with issue 12's files: a bad upload gets file:line, not a traceback."""
    bad = client.post(
        "/api/tables",
        json={"name": "bad.yaml", "text": "system: futurepath\nsystem: thrum\n"},
        headers={"X-Table-Key": HOST_KEY},
    )
    assert bad.status_code == 422
    assert "bad.yaml:2" in bad.json()["error"]


def test_malformed_requests_are_refused_in_one_line(client: TestClient, duel: TableRecord) -> None:
    """Issue 12 for the table: junk bodies, wrong types and oversized bodies get a 4xx and a message."""
    headers = {"X-Table-Key": duel.gm_secret}
    url = f"/api/t/{duel.id}/act"
    for body in (b"not json", b"[1, 2]", b'{"seq": "0", "action": "ada end"}', b'{"seq": 0, "action": 7}'):
        answer = client.post(url, content=body, headers=headers)
        assert answer.status_code == 422, body
        assert "\n" not in answer.json()["error"]
    huge = client.post(url, content=b"x" * (5 * 1024 * 1024), headers=headers)
    assert huge.status_code == 422
    assert client.get("/api/t/nosuchtable/view", headers=headers).status_code == 404


def test_a_move_shows_its_path_and_cost_before_it_is_taken(client: TestClient, store: Store) -> None:
    """Issue 13 point 2: a move's path and cost come from the engine on a copy; nothing is taken."""
    skirmish = DUEL.parent / "skirmish.yaml"
    record = TableService(store).create(skirmish.read_text(), "skirmish.yaml")
    headers = {"X-Table-Key": record.gm_secret}
    before = view(client, record, record.gm_secret)
    move = next(a for a in offered(before) if a["verb"] == "move")
    mover = next(c for c in before["combatants"] if c["id"] == move["actor"])
    shown = client.get(f"/api/t/{record.id}/preview", params={"action": move["text"]}, headers=headers).json()
    assert shown["path"][0] == mover["pos"] and shown["path"][-1] == move["at"]
    assert shown["lines"] and "squares" in shown["lines"][0]
    assert view(client, record, record.gm_secret) == before
    assert store.log(record.id) == []


def test_a_database_that_fails_mid_action_changes_nothing(store: Store, duel: TableRecord) -> None:
    """Issue 13 point 5 with issue 12's all-or-nothing: the store refusing an entry is a 503-class error,
    and the table is as its log says (the live fight that ran ahead is rebuilt)."""
    from tactica.store import StoreError
    from tactica.table.errors import Unavailable

    service = TableService(store)
    before = service.view(duel.id, duel.gm_secret)

    def broken(*_args: object, **_kwargs: object) -> None:
        raise StoreError("database is locked")

    store.append = broken  # type: ignore[method-assign]
    try:
        with pytest.raises(Unavailable, match="nothing was changed"):
            service.act(duel.id, duel.gm_secret, 0, offered(before)[0]["text"])
    finally:
        del store.append
    assert service.view(duel.id, duel.gm_secret) == before
