"""The first schema of the table database: tables, seats and the log (Issue 13 point 5).

A migration is a frozen snapshot: it spells its columns out rather than importing ``schema.py``, which
follows the newest revision.

Revision ID: 0001
Revises: (none)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("system", sa.String(64), nullable=False),
        sa.Column("scenario_text", sa.Text, nullable=False),
        sa.Column("scenario_file", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("gm_secret", sa.String(64), nullable=False),
        sa.Column("settings", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column(
            "table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("name", sa.Text, primary_key=True),
        sa.Column("secret", sa.String(64), nullable=False),
        sa.Column("combatants", sa.JSON, nullable=False),
    )
    op.create_table(
        "log",
        sa.Column(
            "table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("seat", sa.Text, nullable=True),
        sa.Column("faces", sa.JSON, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("kind IN ('action', 'undo')", name="log_kind"),
    )


def downgrade() -> None:
    op.drop_table("log")
    op.drop_table("seats")
    op.drop_table("tables")
