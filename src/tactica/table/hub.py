"""The live part of the table: every connected client of a table, and a view pushed to each after every
change. A client first says who it is (``{"type": "hello", "key": ...}``); it then receives its view, and
may act or undo over the same socket (answered with ``ack`` or ``error``, as the HTTP API answers).
A client that reconnects says hello again and gets the current view: nothing to replay on its side.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from anyio import to_thread
from fastapi import WebSocket

from tactica.table.errors import Refused, TableRequestError
from tactica.table.service import TableService

#: Seconds a new socket has to say hello.
HELLO_TIMEOUT = 10.0
#: The largest message a client may send.
MAX_MESSAGE = 64 * 1024


@dataclass(eq=False)
class Client:
    socket: WebSocket
    key: str
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def send(self, message: dict[str, Any]) -> None:
        async with self.lock:
            await self.socket.send_json(message)


class Hub:
    """The clients of every table, by table id."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.clients: dict[str, set[Client]] = {}

    async def serve(self, socket: WebSocket, table_id: str) -> None:
        """One client's session: hello, its view, then its requests until it leaves."""
        hello = await asyncio.wait_for(_receive(socket), HELLO_TIMEOUT)
        key = hello.get("key") if hello.get("type") == "hello" else None
        client = Client(socket, key if isinstance(key, str) else "")
        try:
            view = await to_thread.run_sync(self.service.view, table_id, client.key)
        except TableRequestError as error:
            await socket.send_json(_error(error))
            await socket.close(code=4000 + error.status)
            return
        self.clients.setdefault(table_id, set()).add(client)
        try:
            await client.send({"type": "view", "view": view})
            while True:
                await self._answer(client, table_id, await _receive(socket))
        finally:
            self.clients.get(table_id, set()).discard(client)

    async def _answer(self, client: Client, table_id: str, message: dict[str, Any]) -> None:
        kind = message.get("type")
        calls: dict[Any, Callable[[], Any]] = {
            "act": lambda: self.service.act(
                table_id, client.key, message.get("seq"), message.get("action"), message.get("faces", [])
            ),
            "undo": lambda: self.service.undo(table_id, client.key, message.get("seq")),
            "view": lambda: self.service.view(table_id, client.key),
        }
        if kind not in calls:
            await client.send(_error(Refused("a message's type is one of act, undo, view")))
            return
        try:
            done = await to_thread.run_sync(calls[kind])
        except TableRequestError as error:
            await client.send(_error(error))
            return
        if kind == "view":
            await client.send({"type": "view", "view": done})
            return
        await client.send({"type": "ack", **done})
        await self.changed(table_id)

    async def changed(self, table_id: str) -> None:
        """Send every client of the table its new view (one view built per key)."""
        clients = list(self.clients.get(table_id, ()))
        views: dict[str, Any] = {}
        for client in clients:
            if client.key not in views:
                try:
                    views[client.key] = {
                        "type": "view",
                        "view": await to_thread.run_sync(self.service.view, table_id, client.key),
                    }
                except TableRequestError as error:
                    views[client.key] = _error(error)
        await asyncio.gather(*(self._push(table_id, c, views[c.key]) for c in clients))

    async def _push(self, table_id: str, client: Client, message: dict[str, Any]) -> None:
        try:
            await client.send(message)
        except Exception:  # a client gone mid-send leaves; the others still get theirs
            self.clients.get(table_id, set()).discard(client)


async def _receive(socket: WebSocket) -> dict[str, Any]:
    text = await socket.receive_text()
    if len(text) > MAX_MESSAGE:
        return {}
    try:
        data = json.loads(text)
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def _error(error: TableRequestError) -> dict[str, Any]:
    return {"type": "error", "status": error.status, "error": str(error), **error.details}
