"""Alembic's environment for the table database (Issue 13 point 5).

:func:`tactica.store.migrate.upgrade` runs it with an open connection in ``config.attributes``; every
missing migration then runs in one transaction. On PostgreSQL an advisory lock makes servers that open the
same database at once migrate one after the other; on SQLite the write transaction (BEGIN IMMEDIATE) does.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, text

from tactica.store.schema import metadata

MIGRATION_LOCK = 0x7461_6374_6963_61  # "tactica": the advisory lock's key


def run_migrations(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        context.run_migrations()


connection = context.config.attributes.get("connection")
if not isinstance(connection, Connection):
    raise RuntimeError("tactica's migrations run from tactica.store (opening a Store upgrades its database)")
run_migrations(connection)
