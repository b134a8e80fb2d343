"""Issue 13 point 3: every client sees each action at once (websocket push), a client that reconnects gets
the current state, and of two actions sent on the same state the engine takes one and refuses the other."""

from __future__ import annotations

import threading
from typing import Any

from fastapi.testclient import TestClient

from tactica.store import Store, TableRecord
from tests.table.conftest import keys


def joined(client: TestClient, table: str, key: str) -> Any:
    socket = client.websocket_connect(f"/ws/t/{table}")
    socket.__enter__()
    socket.send_json({"type": "hello", "key": key})
    first = socket.receive_json()
    assert first["type"] == "view", first
    return socket, first["view"]


def next_view(socket: Any) -> dict[str, Any]:
    while (message := socket.receive_json())["type"] != "view":
        pass
    return message["view"]


def test_every_client_sees_an_action(client: TestClient, duel: TableRecord) -> None:
    gm, gm_view = joined(client, duel.id, duel.gm_secret)
    red, _ = joined(client, duel.id, keys(duel)["red"])
    blue, _ = joined(client, duel.id, keys(duel)["blue"])
    action = gm_view["actions"][0]["text"]
    gm.send_json({"type": "act", "seq": 0, "action": action})
    assert gm.receive_json()["type"] == "ack"
    for socket in (gm, red, blue):
        seen = next_view(socket)
        assert seen["seq"] == 1 and seen["log"][-1]["text"] == action
    for socket in (gm, red, blue):
        socket.__exit__(None, None, None)


def test_a_reconnecting_client_gets_the_current_state(client: TestClient, duel: TableRecord) -> None:
    red, red_view = joined(client, duel.id, keys(duel)["red"])
    red.__exit__(None, None, None)
    gm_view = client.get(f"/api/t/{duel.id}/view", headers={"X-Table-Key": duel.gm_secret}).json()
    client.post(
        f"/api/t/{duel.id}/act",
        json={"seq": 0, "action": gm_view["actions"][0]["text"]},
        headers={"X-Table-Key": duel.gm_secret},
    )
    again, view = joined(client, duel.id, keys(duel)["red"])
    assert view["seq"] == red_view["seq"] + 1
    again.__exit__(None, None, None)


def test_two_actions_on_one_state_one_is_taken(client: TestClient, store: Store, duel: TableRecord) -> None:
    """Both send on seq 0 at once: exactly one is acknowledged, the other refused as stale, one entry."""
    gm_view = client.get(f"/api/t/{duel.id}/view", headers={"X-Table-Key": duel.gm_secret}).json()
    action = gm_view["actions"][0]["text"]
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
