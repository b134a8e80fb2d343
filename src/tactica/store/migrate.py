"""Bringing a database's schema up to date (Issue 13 point 5): Alembic's ``upgrade head`` run from code, with
the migrations shipped in this package (``migrations/``) and no alembic.ini."""

from __future__ import annotations

import threading
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy import Engine

from tactica.store.errors import StoreError

MIGRATIONS = Path(__file__).parent / "migrations"
ONE_AT_A_TIME = threading.Lock()  # Alembic's `context` is one module-level object: one migration per process


def alembic_config() -> Config:
    """Alembic's configuration, built in code: where the migrations are."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS).replace("%", "%%"))
    return config


def head() -> str:
    """The newest schema revision this tactica knows."""
    revision = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert revision is not None
    return revision


def upgrade(engine: Engine, shown_url: str) -> None:
    """Runs every migration the database lacks, in one transaction (a no-op when it is up to date)."""
    config = alembic_config()
    with ONE_AT_A_TIME, engine.connect() as connection:
        config.attributes["connection"] = connection
        try:
            command.upgrade(config, "head")
        except CommandError as error:
            raise StoreError(f"cannot bring {shown_url} up to schema revision {head()}: {error}") from None
