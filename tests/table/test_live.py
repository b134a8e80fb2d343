"""Issue 13 point 3: every client sees each action at once (websocket push), a client that reconnects gets
the current state, and of two actions sent on the same state the engine takes one and refuses the other."""

from __future__ import annotations

import json
import threading
from typing import Any

from fastapi.testclient import TestClient

from tactica.store import Store, TableRecord
from tactica.table.service import TableService
from tactica.table.wire import apply_patch
from tests.table.conftest import DUEL, keys, offered


class Joined:
    """A websocket client as the page is one: its view whole after hello, then patched after each change."""

    def __init__(self, client: TestClient, table: str, key: str) -> None:
        self.socket = client.websocket_connect(f"/ws/t/{table}")
        self.socket.__enter__()
        self.socket.send_json({"type": "hello", "key": key})
        first = self.socket.receive_json()
        assert first["type"] == "view", first
        self.view: dict[str, Any] = first["view"]

    def send_json(self, message: dict[str, Any]) -> None:
        self.socket.send_json(message)

    def receive_json(self) -> dict[str, Any]:
        message: dict[str, Any] = self.socket.receive_json()
        if message["type"] == "view":
            self.view = message["view"]
        elif message["type"] == "patch":
            self.view = apply_patch(self.view, message["patch"])
            assert self.view["seq"] == message["seq"]
        return message

    def next_view(self) -> dict[str, Any]:
        """The view after the next change (whole or patched)."""
        while self.receive_json()["type"] not in ("view", "patch"):
            pass
        return self.view

    def close(self) -> None:
        self.socket.__exit__(None, None, None)


def joined(client: TestClient, table: str, key: str) -> tuple[Joined, dict[str, Any]]:
    socket = Joined(client, table, key)
    return socket, socket.view


def test_every_client_sees_an_action(client: TestClient, duel: TableRecord) -> None:
    gm, gm_view = joined(client, duel.id, duel.gm_secret)
    red, _ = joined(client, duel.id, keys(duel)["red"])
    blue, _ = joined(client, duel.id, keys(duel)["blue"])
    action = offered(gm_view)[0]["text"]
    gm.send_json({"type": "act", "seq": 0, "action": action})
    assert gm.receive_json()["type"] == "ack"
    for socket in (gm, red, blue):
        seen = socket.next_view()
        assert seen["seq"] == 1 and seen["log"][-1]["text"] == action
    for socket in (gm, red, blue):
        socket.close()


def test_a_reconnecting_client_gets_the_current_state(client: TestClient, duel: TableRecord) -> None:
    red, red_view = joined(client, duel.id, keys(duel)["red"])
    red.close()
    gm_view = client.get(f"/api/t/{duel.id}/view", headers={"X-Table-Key": duel.gm_secret}).json()
    client.post(
        f"/api/t/{duel.id}/act",
        json={"seq": 0, "action": offered(gm_view)[0]["text"]},
        headers={"X-Table-Key": duel.gm_secret},
    )
    again, view = joined(client, duel.id, keys(duel)["red"])
    assert view["seq"] == red_view["seq"] + 1
    again.close()


def test_two_actions_on_one_state_one_is_taken(client: TestClient, store: Store, duel: TableRecord) -> None:
    """Both send on seq 0 at once: exactly one is acknowledged, the other refused as stale, one entry."""
    gm_view = client.get(f"/api/t/{duel.id}/view", headers={"X-Table-Key": duel.gm_secret}).json()
    action = offered(gm_view)[0]["text"]
    answers: list[int] = []
    start = threading.Barrier(4)

    def send() -> None:
        start.wait()
        answer = client.post(
            f"/api/t/{duel.id}/act",
            json={"seq": 0, "action": action},
            headers={"X-Table-Key": duel.gm_secret},
        )
        answers.append(answer.status_code)

    threads = [threading.Thread(target=send) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [200, 409, 409, 409]
    assert len(store.log(duel.id)) == 1


def test_patched_views_are_the_server_views(client: TestClient, store: Store) -> None:
    """After each change a client is sent a patch from the view it holds (tactica.table.wire): applied, it
    is exactly the view the HTTP API gives that key, through actions, undo, hiding and revealing a
    combatant (log entries dropped and put back) and a seat change; and it is far smaller than the view."""
    skirmish = DUEL.parent / "skirmish.yaml"
    record = TableService(store).create(skirmish.read_text(encoding="utf-8"), "skirmish.yaml")
    gm_key, player_key = record.gm_secret, next(iter(record.seats.values())).secret
    watchers = {key: joined(client, record.id, key)[0] for key in (gm_key, player_key)}
    headers = {"X-Table-Key": gm_key}
    sizes: list[tuple[int, int]] = []

    def changed(path: str, body: dict[str, Any]) -> None:
        assert client.post(f"/api/t/{record.id}/{path}", json=body, headers=headers).status_code == 200
        for key, watcher in watchers.items():
            message = watcher.socket.receive_json()
            whole = client.get(f"/api/t/{record.id}/view", headers={"X-Table-Key": key}).json()
            if message["type"] == "patch":
                watcher.view = apply_patch(watcher.view, message["patch"])
                sizes.append((len(json.dumps(message)), len(json.dumps(whole))))
            assert watcher.view == whole, (path, key)

    for _ in range(6):
        view = client.get(f"/api/t/{record.id}/view", headers=headers).json()
        changed("act", {"seq": view["seq"], "action": offered(view)[0]["text"]})
    hidden = offered(view)[0]["actor"]
    changed("undo", {"seq": view["seq"] + 1})
    changed("settings", {"hidden": [hidden]})
    changed("settings", {"hidden": []})
    seats = {name: list(seat.combatants) for name, seat in record.seats.items()}
    first, second = list(seats)
    changed("seats", {"seats": {first: seats[first] + seats[second], second: []}})
    for watcher in watchers.values():
        watcher.close()
    assert len(sizes) >= 10
    assert sum(patch for patch, _ in sizes) * 5 < sum(whole for _, whole in sizes)
