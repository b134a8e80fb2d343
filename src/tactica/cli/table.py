"""``tactica serve`` and ``tactica table create``: the web table from the command line (extra
``tactica[table]``). Links carry their key after ``#``, so it never reaches a server log."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tactica.cli.output import emit_json, guarded, say
from tactica.engine import TacticaError
from tactica.files import read_text

if TYPE_CHECKING:
    from tactica.store import Store, TableRecord

table_app = typer.Typer(
    help="Tables of the web table: create one from a scenario file.", no_args_is_help=True
)

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        metavar="URL",
        help="Database URL: sqlite:///path or postgresql+psycopg://... (default: a SQLite file).",
    ),
]
BASE_URL = "http://127.0.0.1:8000"


def serve(
    db: DbOption = None,
    host: Annotated[
        str, typer.Option("--host", metavar="ADDRESS", help="Address to listen on.")
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", metavar="PORT", help="Port to listen on.", min=1, max=65535)
    ] = 8000,
    host_key: Annotated[
        str | None,
        typer.Option(
            "--host-key",
            metavar="KEY",
            envvar="TACTICA_HOST_KEY",
            help="The host's key (default: a new one).",
        ),
    ] = None,
) -> None:
    """Run the web table: a page for the GM and each player, live over websockets, saved in a database."""
    import uvicorn

    from tactica.table.app import create_app
    from tactica.table.collector import QuietCollector

    key = host_key or secrets.token_urlsafe(24)
    store = open_store(db)
    say(f"tactica table on http://{host}:{port}  (database: {shown_url(db)})")
    say(f"host page (create and list tables): http://{host}:{port}/#k={key}")
    app = create_app(store, host_key=key, collector=QuietCollector())
    uvicorn.run(app, host=host, port=port, log_level="info")


@table_app.command("create")
@guarded
def create(
    file: Annotated[Path, typer.Argument(help="Scenario file of any of the five systems.")],
    db: DbOption = None,
    seat: Annotated[
        list[str] | None,
        typer.Option(
            "--seat",
            metavar="NAME=ID,...",
            help="A seat and its combatants: NAME=id,id (repeat; default: one per side).",
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", metavar="SEED", help="Dice seed (default: the scenario's).")
    ] = None,
    base_url: Annotated[
        str, typer.Option("--base-url", metavar="URL", help="Where players reach the server.")
    ] = BASE_URL,
    manual_dice: Annotated[
        bool, typer.Option("--manual-dice", help="Players roll real dice and type the faces.")
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Machine output (JSON) on stdout, nothing else.")
    ] = False,
) -> None:
    """Create a table from a scenario file; print the GM's link and one link per seat."""
    from tactica.table.errors import TableRequestError
    from tactica.table.service import TableService

    text = read_text(file)
    seats = _seats(seat) if seat else None
    try:
        dice = "manual" if manual_dice else "seeded"
        record = TableService(open_store(db)).create(text, str(file), seats=seats, seed=seed, dice=dice)
    except TableRequestError as error:
        raise TacticaError(str(error)) from None
    links = table_links(record, base_url.rstrip("/"))
    if as_json:
        emit_json({"table": record.id, "gm_url": links.pop("GM"), "player_urls": links})
        return
    say(f"table {record.id}: {record.name} ({record.system}), seed {record.seed}")
    for name, url in links.items():
        members = "" if name == "GM" else f" ({', '.join(record.seats[name].combatants)})"
        say(f"  {name}{members}: {url}")


def table_links(record: TableRecord, base_url: str) -> dict[str, str]:
    """The GM's link, then each seat's."""
    links = {"GM": f"{base_url}/t/{record.id}#k={record.gm_secret}"}
    links.update({name: f"{base_url}/t/{record.id}#k={s.secret}" for name, s in record.seats.items()})
    return links


def _seats(given: list[str]) -> dict[str, list[str]]:
    seats: dict[str, list[str]] = {}
    for item in given:
        name, sep, members = item.partition("=")
        if not sep or not name.strip():
            raise TacticaError(f"--seat {item!r}: write NAME=id,id (e.g. --seat Alice=vex,kat)")
        seats[name.strip()] = [m.strip() for m in members.split(",") if m.strip()]
    return seats


def open_store(db: str | None) -> Store:
    """The store at ``db`` (a clear error when the table extra is missing or the database fails)."""
    try:
        from tactica.store import Store, StoreError
    except ImportError as error:
        raise TacticaError(
            f"the web table needs its extra: pip install 'tactica[table]' ({error.name} is missing)"
        ) from None
    try:
        return Store(db)
    except StoreError as error:
        raise TacticaError(str(error)) from None


def shown_url(db: str | None) -> str:
    """The database URL without its password."""
    from sqlalchemy.engine import make_url

    from tactica.store import default_url

    return make_url(db or default_url()).render_as_string(hide_password=True)


def register(app: Any) -> None:
    """Add ``serve`` and ``table`` to the ``tactica`` command."""
    app.command()(guarded(serve))
    app.add_typer(table_app, name="table")
