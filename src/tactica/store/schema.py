"""The tables of the table database as SQLAlchemy Core objects: what the code reads and writes.

The schema itself is made by the Alembic migrations in ``migrations/versions`` (Issue 13 point 5); a test
checks that the newest migration gives exactly these tables.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    CheckConstraint,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", Text, nullable=False),
    Column("system", String(64), nullable=False),
    Column("scenario_text", Text, nullable=False),
    Column("scenario_file", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("gm_secret", String(64), nullable=False),
    Column("settings", JSON, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("name", Text, primary_key=True),
    Column("secret", String(64), nullable=False),
    Column("combatants", JSON, nullable=False),
)

log = Table(
    "log",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("kind", String(16), nullable=False),
    Column("text", Text, nullable=False),
    Column("seat", Text, nullable=True),
    Column("faces", JSON, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    CheckConstraint("kind IN ('action', 'undo')", name="log_kind"),
)
