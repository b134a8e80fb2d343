"""Issue 13, Benchmarks: a change pushed to many clients builds each key's view once, and a slow client
holds up no other. What a key sees stays exactly what it was: a view made once is forgotten at the next
change of the table, an action or a change of settings that leaves the log as it was."""

from __future__ import annotations

import asyncio

from tactica.store import TableRecord
from tactica.table.hub import BEHIND, MAX_BEHIND, Client
from tactica.table.service import TableService
from tests.table.conftest import keys, offered


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
    service.act(duel.id, duel.gm_secret, 0, offered(first)[0]["text"])
    after = service.view(duel.id, duel.gm_secret)
    assert after is not first and after["seq"] == 1


class StuckSocket:
    """A connection whose sends never finish (a client that stopped reading)."""

    def __init__(self) -> None:
        self.closed: int | None = None

    async def send_text(self, _text: str) -> None:
        await asyncio.Event().wait()

    async def close(self, code: int, reason: str = "") -> None:
        self.closed = code


def test_a_client_too_far_behind_is_closed_and_its_backlog_dropped() -> None:
    """Each client's messages wait in its own outbox; one that falls MAX_BEHIND messages behind is closed
    with code 4008 (the page reconnects and gets the current view), its backlog dropped."""

    async def run() -> tuple[StuckSocket, Client]:
        socket = StuckSocket()
        client = Client(socket, "key")  # type: ignore[arg-type]
        client.writer = asyncio.create_task(client.write())
        for n in range(MAX_BEHIND + 2):
            client.post({"type": "ack", "seq": n})
            await asyncio.sleep(0)
        await asyncio.sleep(0.01)
        return socket, client

    socket, client = asyncio.run(run())
    assert socket.closed == BEHIND and client.outbox.empty()
    assert client.writer is not None and client.writer.cancelled()
