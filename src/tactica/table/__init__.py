"""The web table (``tactica serve``): a fight in the browser for a GM and players, every rule enforced by the
server. :func:`create_app` is the ASGI app on a :class:`~tactica.store.Store`; :class:`TableService` holds
its operations (create, view, act, undo, seats, settings, odds, export), each checking the caller's key
first. See docs/table.md.
"""

from tactica.table.app import create_app
from tactica.table.errors import Forbidden, Refused, Stale, TableRequestError, Unavailable, Unknown
from tactica.table.service import TableService

__all__ = [
    "Forbidden",
    "Refused",
    "Stale",
    "TableRequestError",
    "TableService",
    "Unavailable",
    "Unknown",
    "create_app",
]
