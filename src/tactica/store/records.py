"""What the store hands out (Issue 13 point 5): a table, its seats and its log entries, as frozen values."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

Kind = Literal["action", "undo"]
KINDS: tuple[Kind, ...] = ("action", "undo")


@dataclass(frozen=True)
class Seat:
    """A player's seat at a table: its name, its secret (the key in its link) and the combatants it plays."""

    name: str
    secret: str
    combatants: tuple[str, ...]


@dataclass(frozen=True)
class TableRecord:
    """A table as stored: the scenario's text, the seed, the secrets, the seats and the settings.

    ``seats`` are in name order; ``last_seq`` is the seq of the log's last entry (0 for an empty log);
    ``created_at`` is in UTC.
    """

    id: str
    name: str
    system: str
    scenario_text: str
    scenario_file: str
    seed: int
    gm_secret: str
    seats: dict[str, Seat]
    settings: dict[str, Any]
    created_at: datetime
    last_seq: int


@dataclass(frozen=True)
class LogEntry:
    """One entry of a table's log: an action (its text) or an undo, who sent it and the dice it drew.

    ``seq`` counts 1, 2, 3, ... per table and is never reused; ``seat`` is None for the GM; ``at`` is UTC.
    """

    table_id: str
    seq: int
    kind: Kind
    text: str
    seat: str | None
    faces: list[int]
    at: datetime
