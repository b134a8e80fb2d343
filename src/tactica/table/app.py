"""The web table as an ASGI app: the page, a JSON API and a websocket per client. Each handler is one
:class:`~tactica.table.service.TableService` call; the service checks every permission. The engine is
synchronous, so calls run in worker threads; after any change every client of that table is sent its own
view (:class:`~tactica.table.hub.Hub`).
"""

from __future__ import annotations

import asyncio
import hmac
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, suppress
from importlib.resources import files
from typing import Any

from anyio import to_thread
from fastapi import FastAPI, Header, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from tactica.store import Store
from tactica.systems import all_systems
from tactica.table.collector import MarkActivity, QuietCollector
from tactica.table.errors import Forbidden, Refused, TableRequestError
from tactica.table.hub import Hub
from tactica.table.page import page_html
from tactica.table.service import TableService

#: The largest request body the API reads (a scenario upload is the biggest; files are capped the same).
MAX_BODY = 4 * 1024 * 1024
KEY = Header(default=None, alias="X-Table-Key")


def create_app(
    store: Store, *, host_key: str | None = None, collector: QuietCollector | None = None
) -> FastAPI:
    """The table's app on ``store``. ``host_key`` (when given) lets its holder create tables from the page
    and list every table. With a ``collector`` (``tactica serve`` has one) Python's full garbage collections
    run when the server is idle (:mod:`tactica.table.collector`)."""
    all_systems()  # load the five rule systems now, not on the first player's first view
    service = TableService(store)
    hub = Hub(service)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if collector is None:
            yield
            return
        task = asyncio.create_task(collector.run())
        try:
            yield
        finally:
            task.cancel()
            with suppress(asyncio.CancelledError):
                await task

    app = FastAPI(title="tactica table", docs_url=None, redoc_url=None, openapi_url=None, lifespan=lifespan)
    if collector is not None:
        app.add_middleware(MarkActivity, collector=collector)
    app.state.service = service
    app.state.hub = hub
    app.mount("/static", StaticFiles(directory=str(files("tactica.table") / "static")), name="static")
    app.add_exception_handler(TableRequestError, _refused)  # type: ignore[arg-type]
    _routes(app, service, hub, host_key)
    return app


def _routes(app: FastAPI, service: TableService, hub: Hub, host_key: str | None) -> None:
    async def call(fn: Callable[..., Any], *args: Any) -> Any:
        return await to_thread.run_sync(fn, *args)

    @app.get("/healthz")
    async def healthz() -> dict[str, bool]:
        return {"ok": True}

    @app.get("/", response_class=HTMLResponse)
    async def home() -> str:
        return page_html("home")

    @app.get("/t/{table_id}", response_class=HTMLResponse)
    async def table_page(table_id: str) -> str:
        return page_html("table", table_id=table_id)

    @app.get("/api/t/{table_id}/view")
    async def view(table_id: str, key: str | None = KEY) -> Any:
        return await call(service.view, table_id, key)

    @app.post("/api/t/{table_id}/act")
    async def act(table_id: str, request: Request, key: str | None = KEY) -> Any:
        body = await _json(request)
        done = await call(
            service.act, table_id, key, body.get("seq"), body.get("action"), body.get("faces", [])
        )
        await hub.changed(table_id)
        return done

    @app.post("/api/t/{table_id}/undo")
    async def undo(table_id: str, request: Request, key: str | None = KEY) -> Any:
        body = await _json(request)
        done = await call(service.undo, table_id, key, body.get("seq"))
        await hub.changed(table_id)
        return done

    @app.post("/api/t/{table_id}/seats")
    async def seats(table_id: str, request: Request, key: str | None = KEY) -> Any:
        body = await _json(request)
        await call(service.set_seats, table_id, key, body.get("seats"))
        await hub.changed(table_id)
        return {"ok": True}

    @app.post("/api/t/{table_id}/settings")
    async def settings(table_id: str, request: Request, key: str | None = KEY) -> Any:
        await call(service.set_settings, table_id, key, await _json(request))
        await hub.changed(table_id)
        return {"ok": True}

    @app.get("/api/t/{table_id}/odds")
    async def odds(table_id: str, action: str = "", key: str | None = KEY) -> Any:
        return await call(service.odds, table_id, key, action)

    @app.get("/api/t/{table_id}/preview")
    async def preview(table_id: str, action: str = "", key: str | None = KEY) -> Any:
        return await call(service.preview, table_id, key, action)

    @app.get("/api/t/{table_id}/save")
    async def save(table_id: str, key: str | None = KEY) -> Response:
        data = await call(service.save, table_id, key)
        headers = {"Content-Disposition": f'attachment; filename="{table_id}.json"'}
        return Response(json.dumps(data), media_type="application/json", headers=headers)

    @app.post("/api/tables")
    async def create(request: Request, key: str | None = KEY) -> Any:
        _check_host(host_key, key)
        body = await _json(request)
        name, text, dice = body.get("name"), body.get("text"), body.get("dice", "seeded")
        if not isinstance(name, str) or not isinstance(text, str):
            raise Refused("a new table needs the scenario file's 'name' and its 'text'")
        record = await call(lambda: service.create(text, name, dice=str(dice)))
        return {"table": record.id, "gm_key": record.gm_secret}

    @app.get("/api/tables")
    async def tables(key: str | None = KEY) -> Any:
        _check_host(host_key, key)
        found = await call(service.store.tables)
        return [{"table": r.id, "name": r.name, "system": r.system, "gm_key": r.gm_secret} for r in found]

    @app.websocket("/ws/t/{table_id}")
    async def socket(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        with suppress(WebSocketDisconnect):
            await hub.serve(websocket, table_id)


def _check_host(host_key: str | None, key: str | None) -> None:
    if host_key is None or key is None or not hmac.compare_digest(key.encode(), host_key.encode()):
        raise Forbidden("only the host (the key printed by 'tactica serve') may create or list tables")


async def _body(request: Request) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY:
        raise Refused(f"the request is over {MAX_BODY // (1024 * 1024)} MiB")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise Refused(f"the request is over {MAX_BODY // (1024 * 1024)} MiB")
    return body


async def _json(request: Request) -> dict[str, Any]:
    try:
        data = json.loads(await _body(request))
    except (ValueError, UnicodeDecodeError):
        raise Refused("the request body must be a JSON object") from None
    if not isinstance(data, dict):
        raise Refused("the request body must be a JSON object")
    return data


async def _refused(_request: Request, error: TableRequestError) -> JSONResponse:
    return JSONResponse({"error": str(error), **error.details}, status_code=error.status)
