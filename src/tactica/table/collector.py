"""Python's full garbage collections, moved to the server's quiet moments.

A server holding live fights keeps hundreds of thousands of objects alive (legal-action lists, move and
throw lists remembered per board, views). Python's cyclic collector scans every one of them in each full
collection, which it starts by itself whenever enough objects were made: 100 to 300 ms during which the
server answers no one, so an action that arrives then waits (measured: the 95th percentile of 20 busy
tables went from ~8 to ~60 ms for that alone). The young generations, which are cheap, are left to Python.

:class:`QuietCollector` instead:

- freezes what exists once the server has started (modules, classes, the rule systems' tables: never
  garbage) so that no collection scans it again (``gc.freeze``);
- turns off Python's own full collections, and runs one itself when one is due (Python would have run it:
  ten young collections since the last) and the server has been idle for ``quiet`` seconds, or, on a server
  never idle, ``most`` seconds after the last one.

Memory is freed as before: objects that are not in reference cycles are freed at once in any case; cycles
wait at most ``most`` seconds for their collection.
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Young collections since the last full one after which a full one is due (Python's own default).
YOUNG_COLLECTIONS = 10
#: Python's third threshold while the collector runs: its own full collections never come.
NEVER = 2**30


class QuietCollector:
    """Full collections when the server is idle; see the module's doc. Mark every request with :meth:`busy`
    (:class:`MarkActivity` does) and run :meth:`run` while the server runs."""

    def __init__(
        self,
        *,
        quiet: float = 0.3,
        most: float = 30.0,
        every: float = 0.05,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.quiet, self.most, self.every, self.clock = quiet, most, every, clock
        self.in_flight = 0
        self.last_activity = self.last_full = clock()
        self.collections = 0

    def busy(self) -> None:
        """A request started."""
        self.in_flight += 1
        self.last_activity = self.clock()

    def done(self) -> None:
        """A request ended."""
        self.in_flight -= 1
        self.last_activity = self.clock()

    def touched(self) -> None:
        """A message came or went on a websocket."""
        self.last_activity = self.clock()

    def due(self, young_collections: int) -> bool:
        """Whether to collect now, after ``young_collections`` young ones since the last full collection."""
        if young_collections < YOUNG_COLLECTIONS:
            return False
        now = self.clock()
        idle = self.in_flight == 0 and now - self.last_activity >= self.quiet
        return idle or now - self.last_full >= self.most

    def collect_if_due(self) -> bool:
        """Run a full collection when one is due; whether it ran."""
        if not self.due(gc.get_count()[2]):
            return False
        gc.collect()
        self.last_full = self.clock()
        self.collections += 1
        return True

    async def run(self) -> None:
        """Freeze what exists, take over full collections until cancelled, then give them back."""
        gc.collect()
        gc.freeze()
        young, middle, old = gc.get_threshold()
        gc.set_threshold(young, middle, NEVER)
        try:
            while True:
                await asyncio.sleep(self.every)
                self.collect_if_due()
        finally:
            gc.set_threshold(young, middle, old)
            gc.unfreeze()


class MarkActivity:
    """ASGI middleware: every HTTP request is marked busy, every websocket message as activity, for a
    :class:`QuietCollector` (``app.add_middleware(MarkActivity, collector=...)``)."""

    def __init__(self, app: ASGIApp, collector: QuietCollector) -> None:
        self.app, self.collector = app, collector

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        collector = self.collector
        if scope["type"] == "http":
            collector.busy()
            try:
                await self.app(scope, receive, send)
            finally:
                collector.done()
        elif scope["type"] == "websocket":

            async def receiving() -> Message:
                message = await receive()
                collector.touched()
                return message

            async def sending(message: Message) -> None:
                collector.touched()
                await send(message)

            await self.app(scope, receiving, sending)
        else:
            await self.app(scope, receive, send)
