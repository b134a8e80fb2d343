"""Bringing a database's schema up to date (Issue 13 point 5): Alembic's ``upgrade head`` run from code, with
the migrations shipped in this package (``migrations/``) and no alembic.ini.

A database already at :data:`HEAD` is left alone without importing Alembic (about 0.3 s of a server's
start on this 2-core machine).
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Engine, inspect, text

from tactica.store.errors import StoreError

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).parent / "migrations"
HEAD = "0001"  # the newest revision in migrations/versions (a test checks it against Alembic's)
ONE_AT_A_TIME = threading.Lock()  # Alembic's `context` is one module-level object: one migration per process


def alembic_config() -> Config:
    """Alembic's configuration, built in code: where the migrations are."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS).replace("%", "%%"))
    return config


def is_at_head(engine: Engine) -> bool:
    """Whether the database records exactly the newest revision."""
    with engine.connect() as connection:
        if not inspect(connection).has_table("alembic_version"):
            return False
        return connection.execute(text("SELECT version_num FROM alembic_version")).scalars().all() == [HEAD]


def upgrade(engine: Engine, shown_url: str) -> None:
    """Runs every migration the database lacks, in one transaction (nothing when it is up to date)."""
    if not is_at_head(engine):
        run_alembic(engine, shown_url)


def run_alembic(engine: Engine, shown_url: str) -> None:
    from alembic import command
    from alembic.util import CommandError

    config = alembic_config()
    with ONE_AT_A_TIME, engine.connect() as connection:
        config.attributes["connection"] = connection
        try:
            command.upgrade(config, "head")
        except CommandError as error:
            raise StoreError(f"cannot bring {shown_url} up to schema revision {HEAD}: {error}") from None
