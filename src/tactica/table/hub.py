"""The live part of the table: every connected client of a table, and a view pushed to each after every
change. A client first says who it is (``{"type": "hello", "key": ...}``); it then receives its view whole
(``{"type": "view", "view": ...}``), after each change a patch from it (``{"type": "patch", "seq": n,
"patch": ...}``, :mod:`tactica.table.wire`), and may act or undo over the same socket (answered with
``ack`` or ``error``, as the HTTP API answers) or ask for the whole view again (``{"type": "view"}``).
A client that reconnects says hello again and gets the current view whole: nothing to replay on its side.
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
from tactica.table.wire import patch

#: Seconds a new socket has to say hello.
HELLO_TIMEOUT = 10.0
#: The largest message a client may send.
MAX_MESSAGE = 64 * 1024
#: Messages a client may fall behind by; one further behind is closed with :data:`BEHIND` (the page
#: reconnects and gets the current view) instead of the server holding ever more views for it.
MAX_BEHIND = 64
BEHIND = 4008


class Messages:
    """The text of each message sent after one change, written once whatever the number of clients it goes
    to: a whole view by view, a patch by pair of views (clients holding one key mostly hold the same last
    view, so fifty clients of three keys cost three patches)."""

    def __init__(self) -> None:
        self._texts: dict[tuple[int, ...], tuple[Any, str]] = {}

    def whole(self, view: dict[str, Any]) -> str:
        return self._text((id(view),), view, lambda: {"type": "view", "view": view})

    def patch(self, old: dict[str, Any], new: dict[str, Any]) -> str | None:
        """The patch from ``old`` to ``new``; None when they are equal."""
        made = self._text((id(old), id(new)), (old, new), lambda: _patch_message(old, new))
        return made or None

    def _text(self, key: tuple[int, ...], keep: Any, make: Callable[[], dict[str, Any] | None]) -> str:
        if key not in self._texts:  # ``keep`` holds the views, so their ids are not reused meanwhile
            message = make()
            self._texts[key] = (keep, json.dumps(message) if message is not None else "")
        return self._texts[key][1]


def _patch_message(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any] | None:
    change = patch(old, new)
    return {"type": "patch", "seq": new["seq"], "patch": change} if change else None


@dataclass(eq=False)
class Client:
    """One connected socket and the key it said hello with. Everything sent to it goes through its outbox,
    written in order by its own task, so a slow reader delays only itself. A client gets its view whole
    once (after hello, or when it asks), then a patch from the view it holds after each change
    (:mod:`tactica.table.wire`): ``shown`` is the view it holds once everything posted has arrived."""

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

    def show(self, view: dict[str, Any], messages: Messages) -> None:
        """Post ``view`` as a patch from the one last posted (whole to a client that holds none); nothing
        when it is that view, an equal one, or an older state."""
        if self.shown is None:
            self.show_whole(view, messages)
            return
        if view is self.shown or view["seq"] < self.shown["seq"]:
            return
        text = messages.patch(self.shown, view)
        self.shown = view
        if text is not None:
            self._put(text)

    def show_whole(self, view: dict[str, Any], messages: Messages) -> None:
        """Post the whole view (a client's first, or one it asked for); the newer of ``view`` and the one
        last posted, so a client never steps back."""
        if self.shown is not None and view["seq"] < self.shown["seq"]:
            view = self.shown
        self.shown = view
        self._put(messages.whole(view))

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
        client.show_whole(view, Messages())
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
            client.show_whole(done, Messages())
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
            messages = Messages()
            for client in list(self.clients.get(table_id, ())):
                view, error = views.get(client.key, (None, None))
                if view is not None:
                    client.show(view, messages)
                elif error is not None:
                    client.post(error)

    def _views(
        self, table_id: str, keys: set[str]
    ) -> dict[str, tuple[dict[str, Any] | None, dict[str, Any] | None]]:
        """Each key's view of the table now (made once per key, whatever the number of clients holding
        it), or the error that key gets instead."""
        views: dict[str, tuple[dict[str, Any] | None, dict[str, Any] | None]] = {}
        for key in keys:
            try:
                views[key] = (self.service.view(table_id, key), None)
            except TableRequestError as error:
                views[key] = (None, _error(error))
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
