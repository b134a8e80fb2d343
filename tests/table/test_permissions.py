"""Issue 13 point 4: every request is checked on the server. Each forbidden act is tried directly against
the HTTP API and the websocket (not through the page): no key, a wrong key, another table's key, a player
acting for another seat's combatant, a player using any GM verb. None may change the table, and a player
never receives what the GM hides."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tactica.store import Store, TableRecord
from tactica.table.errors import Refused
from tactica.table.service import TableService
from tests.table.conftest import DUEL, keys, offered

BAD_KEYS = {"no key": None, "a wrong key": "x" * 32, "an empty key": ""}


def headers(key: str | None) -> dict[str, str]:
    return {} if key is None else {"X-Table-Key": key}


def requests(table: str) -> dict[str, tuple[str, str, Any]]:
    """Every verb of the API, with a body that would be accepted from the GM."""
    return {
        "view": ("GET", f"/api/t/{table}/view", None),
        "act": ("POST", f"/api/t/{table}/act", {"seq": 0, "action": "ada end"}),
        "undo": ("POST", f"/api/t/{table}/undo", {"seq": 0}),
        "seats": ("POST", f"/api/t/{table}/seats", {"seats": {"red": ["ada", "bo"]}}),
        "settings": ("POST", f"/api/t/{table}/settings", {"harm": "status"}),
        "odds": ("GET", f"/api/t/{table}/odds?action=ada+end", None),
        "preview": ("GET", f"/api/t/{table}/preview?action=ada+end", None),
        "save": ("GET", f"/api/t/{table}/save", None),
    }


def send(client: TestClient, method: str, url: str, body: Any, key: str | None) -> Any:
    return client.request(method, url, json=body, headers=headers(key))


def unchanged(store: Store, record: TableRecord) -> None:
    assert store.log(record.id) == []
    assert store.table(record.id).seats == record.seats
    assert store.table(record.id).settings == record.settings


@pytest.mark.parametrize("verb", list(requests("t")))
@pytest.mark.parametrize("bad", list(BAD_KEYS))
def test_no_verb_answers_a_bad_key(
    client: TestClient, store: Store, duel: TableRecord, verb: str, bad: str
) -> None:
    method, url, body = requests(duel.id)[verb]
    answer = send(client, method, url, body, BAD_KEYS[bad])
    assert answer.status_code == 403, answer.text
    assert duel.gm_secret not in answer.text
    unchanged(store, duel)


@pytest.mark.parametrize("verb", list(requests("t")))
def test_another_tables_gm_key_opens_nothing_here(
    client: TestClient, store: Store, service: TableService, duel: TableRecord, verb: str
) -> None:
    other = service.create(DUEL.read_text(), "other.yaml")
    method, url, body = requests(duel.id)[verb]
    assert send(client, method, url, body, other.gm_secret).status_code == 403
    unchanged(store, duel)


@pytest.mark.parametrize("verb", ["undo", "seats", "settings", "save"])
def test_a_player_may_not_use_the_gms_verbs(
    client: TestClient, store: Store, duel: TableRecord, verb: str
) -> None:
    method, url, body = requests(duel.id)[verb]
    answer = send(client, method, url, body, duel.seats["red"].secret)
    assert answer.status_code == 403 and "only the GM" in answer.json()["error"]
    unchanged(store, duel)


def test_a_player_acts_only_for_their_seat(client: TestClient, store: Store, duel: TableRecord) -> None:
    gm_view = client.get(f"/api/t/{duel.id}/view", headers=headers(duel.gm_secret)).json()
    for action in offered(gm_view):
        other_seat = "blue" if action["actor"] == "ada" else "red"
        answer = send(
            client,
            "POST",
            f"/api/t/{duel.id}/act",
            {"seq": 0, "action": action["text"]},
            keys(duel)[other_seat],
        )
        assert answer.status_code == 403 and "own combatants" in answer.json()["error"]
        odds = client.get(
            f"/api/t/{duel.id}/odds",
            params={"action": action["text"]},
            headers=headers(keys(duel)[other_seat]),
        )
        assert odds.status_code == 403
    unchanged(store, duel)


def test_the_websocket_refuses_a_bad_key(client: TestClient, duel: TableRecord) -> None:
    for bad in BAD_KEYS.values():
        with client.websocket_connect(f"/ws/t/{duel.id}") as socket:
            socket.send_json({"type": "hello", "key": bad})
            answer = socket.receive_json()
            assert answer["type"] == "error" and answer["status"] == 403
            assert "view" not in answer


def test_the_websocket_refuses_forbidden_acts(client: TestClient, store: Store, duel: TableRecord) -> None:
    gm_view = client.get(f"/api/t/{duel.id}/view", headers=headers(duel.gm_secret)).json()
    action = offered(gm_view)[0]
    other_seat = "blue" if action["actor"] == "ada" else "red"
    with client.websocket_connect(f"/ws/t/{duel.id}") as socket:
        socket.send_json({"type": "hello", "key": keys(duel)[other_seat]})
        assert socket.receive_json()["type"] == "view"
        socket.send_json({"type": "act", "seq": 0, "action": action["text"]})
        refused = socket.receive_json()
        assert (refused["type"], refused["status"]) == ("error", 403)
        socket.send_json({"type": "undo", "seq": 0})
        assert socket.receive_json()["status"] == 403
        socket.send_json({"type": "seats", "seats": {}})
        assert socket.receive_json()["status"] == 422
        socket.send_json("junk")
        assert socket.receive_json()["type"] == "error"
    unchanged(store, duel)


def test_a_player_never_receives_what_the_gm_hides(
    client: TestClient, service: TableService, duel: TableRecord
) -> None:
    """Hidden combatants: no token, no entry, no action, no log line; status-only harm; no notes."""
    service.set_settings(
        duel.id, duel.gm_secret, {"hidden": ["bo"], "harm": "status", "notes": "secret-plan"}
    )
    for seat in ("red",):
        seen = client.get(f"/api/t/{duel.id}/view", headers=headers(keys(duel)[seat])).json()
        text = str(seen)
        assert "secret-plan" not in text and duel.gm_secret not in text
        assert [c["id"] for c in seen["combatants"]] == ["ada"]
        assert 'data-id="bo"' not in seen["board_svg"]
        assert all("bo" not in line.split() for entry in seen["log"] for line in entry["lines"])
    gm = client.get(f"/api/t/{duel.id}/view", headers=headers(duel.gm_secret)).json()
    assert gm["gm"]["settings"]["notes"] == "secret-plan"
    assert {c["id"]: c["hidden"] for c in gm["combatants"]} == {"ada": False, "bo": True}


def test_status_only_harm_hides_the_numbers_of_others(
    client: TestClient, service: TableService, duel: TableRecord
) -> None:
    service.set_settings(duel.id, duel.gm_secret, {"harm": "status"})
    seen = client.get(f"/api/t/{duel.id}/view", headers=headers(keys(duel)["red"])).json()
    summaries = {c["id"]: c["summary"] for c in seen["combatants"]}
    assert summaries["bo"] == "in the fight"
    assert summaries["ada"] != "in the fight"


def test_status_only_harm_hides_what_others_have_left_in_the_log(
    client: TestClient, service: TableService, duel: TableRecord
) -> None:
    """The blow is seen, what the other has left is not: 'bo HP 15' reads 'bo HP ?' for red's player."""
    service.set_settings(duel.id, duel.gm_secret, {"harm": "status"})
    for seq in range(8):
        gm = service.view(duel.id, duel.gm_secret)
        if gm["over"]:
            break
        service.act(duel.id, duel.gm_secret, seq, offered(gm)[0]["text"])
    gm_lines = [line for entry in service.view(duel.id, duel.gm_secret)["log"] for line in entry["lines"]]
    red_lines = [line for entry in service.view(duel.id, keys(duel)["red"])["log"] for line in entry["lines"]]
    assert any(re.search(r"\bbo HP \d", line) for line in gm_lines)
    assert not any(re.search(r"\bbo HP \d", line) for line in red_lines)
    assert any("bo HP ?" in line for line in red_lines)
    assert any(re.search(r"\bada HP \d", line) for line in red_lines)


SIMULTANEOUS = """
system: farrecon
map:
  text: |
    . . . . .
    . . . . .
combatants:
  - {id: jean, side: foundation, at: [0, 0], skills: {firearms: 1}, weapons: [pistol]}
  - {id: imhotep, side: cult, at: [4, 1], skills: {firearms: 1}, weapons: [pistol]}
initiative: {jean: 4, imhotep: 4}
"""


def test_a_simultaneous_declaration_stays_secret_until_the_slot_resolves(service: TableService) -> None:
    """Far Recon 5 at the table: tied characters declare; the other seat sees only that one declared."""
    record = service.create(SIMULTANEOUS, "tie.yaml")
    jean, cult = record.seats["foundation"].secret, record.seats["cult"].secret
    declared = offered(service.view(record.id, jean))[0]["text"]
    service.act(record.id, jean, 0, declared)
    seen = service.view(record.id, cult)
    assert declared not in str(seen["log"])
    assert seen["log"][-1]["kind"] == "sealed" and seen["log"][-1]["text"].startswith("jean declared")
    assert declared in str(service.view(record.id, jean)["log"])
    assert declared in str(service.view(record.id, record.gm_secret)["log"])
    for _ in range(10):  # the tied characters go on declaring; the slot then resolves and reveals all
        seen = service.view(record.id, cult)
        if declared in str(seen["log"]):
            break
        assert any(entry["kind"] == "sealed" for entry in seen["log"])
        gm = service.view(record.id, record.gm_secret)
        service.act(record.id, record.gm_secret, gm["seq"], offered(gm)[0]["text"])
    assert declared in str(service.view(record.id, cult)["log"])


def test_status_only_harm_leaves_no_number_in_the_map(service: TableService, duel: TableRecord) -> None:
    """The tokens' tooltips say what the player may know: 'in the fight', not the other's hit points."""
    service.set_settings(duel.id, duel.gm_secret, {"harm": "status"})
    board = service.view(duel.id, keys(duel)["red"])["board_svg"]
    assert "bo (blue): in the fight" in board
    assert "HP" not in board.split('data-id="bo"')[1].split("</g>")[0]


def test_a_hidden_combatant_cannot_be_found_by_acting_on_it(service: TableService, duel: TableRecord) -> None:
    """Acting on (or asking the odds against) a hidden combatant is refused as for a name not there."""
    service.set_settings(duel.id, duel.gm_secret, {"hidden": ["bo"]})
    for text in ("ada attack bo with short-sword", "ada attack nobody with short-sword"):
        with pytest.raises(Refused) as refused:
            service.odds(duel.id, keys(duel)["red"], text)
        assert "bo" not in str(refused.value).replace(text, "")


def test_a_player_is_offered_no_action_on_a_hidden_combatant(
    service: TableService, duel: TableRecord
) -> None:
    """The actions a seat is offered name no hidden combatant as their target."""
    service.set_settings(duel.id, duel.gm_secret, {"hidden": ["ada"]})
    blue = offered(service.view(duel.id, keys(duel)["blue"]))
    assert blue and all(a["target"] != "ada" for a in blue)
    assert any(a["target"] == "ada" for a in offered(service.view(duel.id, duel.gm_secret)))


def test_a_player_sees_on_the_board_only_the_traps_its_side_knows(service: TableService) -> None:
    """FuturePath 42: a trap is secret until noticed, then known to the noticer's whole side. The GM's board
    draws every trap; a seat's board draws those its side knows, and no other (not in any attribute, title
    or legend), and its log does not say when the other side noticed one."""
    hazards = DUEL.parent / "hazards.yaml"
    record = service.create(hazards.read_text(encoding="utf-8"), "hazards.yaml")
    live = service.live(record.id)
    state = live.fight.state
    every = set(state.traps)  # type: ignore[attr-defined]
    drawn = re.compile(r'data-trap="([^"]+)"')
    assert set(drawn.findall(service.view(record.id, record.gm_secret)["board_svg"])) == every
    seen_by_some, unseen_by_some = False, False
    for seat in record.seats.values():
        sides = {state.fighters[c].side for c in seat.combatants}  # type: ignore[attr-defined]
        known = {t for f in state.fighters.values() if f.side in sides for t in f.known_traps}  # type: ignore[attr-defined]
        board = service.view(record.id, seat.secret)["board_svg"]
        assert set(drawn.findall(board)) == known
        lines = [line for entry in service.view(record.id, seat.secret)["log"] for line in entry["lines"]]
        for trap in every - known:
            assert trap not in board
            assert not any(f"trap {trap} noticed" in line for line in lines)
        for trap in known:
            assert any(f"trap {trap} noticed" in line for line in lines)
        seen_by_some |= bool(known)
        unseen_by_some |= bool(every - known)
    assert seen_by_some and unseen_by_some  # the scenario has both: the test shows each case
