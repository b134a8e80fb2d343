"""The live part of the table: every connected client of a table, and a view pushed to each after every
change. A client first says who it is (``{"type": "hello", "key": ...}``); it then receives its view, and
may act or undo over the same socket (answered with ``ack`` or ``error``, as the HTTP API answers).
A client that reconnects says hello again and gets the current view: nothing to replay on its side.
"""

from __future__ import annotations

import asyncio
import contextlib
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
#: Messages a client may fall behind by; one further behind is closed with :data:`BEHIND` (the page
#: reconnects and gets the current view) instead of the server holding ever more views for it.
MAX_BEHIND = 64
BEHIND = 4008


@dataclass(eq=False)
class Client:
    """One connected socket and the key it said hello with. Everything sent to it goes through its outbox,
    written in order by its own task, so a slow reader delays only itself."""

    socket: WebSocket
    key: str
    #: What is still to be sent, in order.
    outbox: asyncio.Queue[str] = field(default_factory=asyncio.Queue)
    #: The last view posted (views are made once per state of a table: the same one is not sent twice).
    shown: Any = None
    writer: asyncio.Task[None] | None = None
    closing: asyncio.Task[None] | None = None

    def post(self, message: dict[str, Any]) -> None:
        self._put(json.dumps(message))

    def show(self, view: Any, text: str) -> None:
        """Post ``view`` (``text`` is its message) unless it is the one last posted or an older state;
        ``view`` None: ``text`` is an error, always posted."""
        if view is not None:
            if view is self.shown or (self.shown is not None and view["seq"] < self.shown["seq"]):
                return
            self.shown = view
        self._put(text)

    def _put(self, text: str) -> None:
        if self.outbox.qsize() < MAX_BEHIND:
            self.outbox.put_nowait(text)
        elif self.closing is None:  # too far behind: drop what waits and close
            self.outbox = asyncio.Queue()
            if self.writer is not None:
                self.writer.cancel()
            self.closing = asyncio.create_task(self._close())

    async def _close(self) -> None:
        with contextlib.suppress(Exception):
            await self.socket.close(code=BEHIND, reason="too far behind: reconnect for the current view")

    async def write(self) -> None:
        """Send what is posted, in order."""
        while True:
            await self.socket.send_text(await self.outbox.get())


class Hub:
    """The clients of every table, by table id."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.clients: dict[str, set[Client]] = {}
        self._pushing: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[None]] = set()

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
        client.show(view, json.dumps({"type": "view", "view": view}))
        self.clients.setdefault(table_id, set()).add(client)
        client.writer = asyncio.create_task(self._write(table_id, client))
        try:
            while True:
                await self._answer(client, table_id, await _receive(socket))
        finally:
            self._leave(table_id, client)
            client.writer.cancel()

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
            client.post(_error(Refused("a message's type is one of act, undo, view")))
            return
        try:
            done = await to_thread.run_sync(calls[kind])
        except TableRequestError as error:
            client.post(_error(error))
            return
        if kind == "view":
            client.post({"type": "view", "view": done})
            return
        client.post({"type": "ack", **done})
        await self.changed(table_id)

    async def changed(self, table_id: str) -> None:
        """Send every client of the table its new view, in the background (the caller answers at once):
        one view built per key held, one after the other per table so that views arrive in order."""
        task = asyncio.create_task(self._fan_out(table_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _fan_out(self, table_id: str) -> None:
        async with self._pushing.setdefault(table_id, asyncio.Lock()):
            keys = {client.key for client in self.clients.get(table_id, ())}
            if not keys:
                return
            views = await to_thread.run_sync(self._views, table_id, keys)
            for client in list(self.clients.get(table_id, ())):
                if client.key in views:
                    client.show(*views[client.key])

    def _views(self, table_id: str, keys: set[str]) -> dict[str, tuple[Any, str]]:
        """Each key's view of the table now, with its message as text (the views are made and the text
        written once per key, whatever the number of clients holding it)."""
        views: dict[str, tuple[Any, str]] = {}
        for key in keys:
            try:
                view: Any = self.service.view(table_id, key)
                message = {"type": "view", "view": view}
            except TableRequestError as error:
                view, message = None, _error(error)
            views[key] = (view, json.dumps(message))
        return views

    async def _write(self, table_id: str, client: Client) -> None:
        try:
            await client.write()
        except Exception:  # a client gone mid-send leaves; the others still get theirs
            self._leave(table_id, client)

    def _leave(self, table_id: str, client: Client) -> None:
        clients = self.clients.get(table_id, set())
        clients.discard(client)
        if not clients:
            self.clients.pop(table_id, None)
            self._pushing.pop(table_id, None)


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
