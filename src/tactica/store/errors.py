"""What the store refuses (Issue 13 point 5): one short line each, never a traceback, never a password."""

from __future__ import annotations


class StoreError(Exception):
    """The database cannot be opened or used, or a request names something it does not hold.

    The message is one line that names the place (the database URL with its password hidden, the table,
    the field) and what would be valid.
    """


class UnknownTable(StoreError):
    """No table has this id."""


class StaleSeq(StoreError):
    """An append acted on a seq that is no longer the table's last one; ``seq`` is the current last seq.

    A subclass of :class:`StoreError`, so catch it first where it gets its own answer (HTTP 409).
    """

    def __init__(self, seq: int, *, after: int | None = None) -> None:
        self.seq = seq
        self.after = after
        if after is not None and after > seq:
            super().__init__(f"stale: seq {after} is ahead of the table, which is at seq {seq}")
        else:
            super().__init__(f"stale: the table moved on to seq {seq}")
