"""What a table request can be refused with, each carrying its HTTP status (the websocket sends the same
status in its error message). Every message is one line a person can act on."""

from __future__ import annotations


class TableRequestError(Exception):
    """A refused request; ``status`` is its HTTP status."""

    status = 400

    def __init__(self, message: str, **details: object) -> None:
        super().__init__(message)
        self.details = details


class Unknown(TableRequestError):
    """No such table (or a key that opens none: the two are not told apart)."""

    status = 404


class Forbidden(TableRequestError):
    """A key that may not make this request."""

    status = 403


class Stale(TableRequestError):
    """An action or undo sent on an older state than the table's (``details['seq']`` is the current one)."""

    status = 409


class Refused(TableRequestError):
    """An action the rules refuse, or a malformed request (the engine's or the validator's reason)."""

    status = 422


class NeedFaces(TableRequestError):
    """A manual table's action needs more dice: ``details['needed']`` says which roll (nothing changed)."""

    status = 428


class Unavailable(TableRequestError):
    """The database failed; nothing was changed."""

    status = 503
