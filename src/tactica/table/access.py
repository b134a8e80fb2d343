"""Who a key belongs to at a table, and what that person may do.

A table has no accounts: the GM's link and each seat's link carry a secret. Every request presents one
(header ``X-Table-Key`` or the websocket's first message); :func:`access_for` turns it into an
:class:`Access`, compared in constant time. Permissions are decided here and nowhere else.
"""

from __future__ import annotations

import hmac
from collections.abc import Collection
from dataclasses import dataclass

from tactica.engine import Action
from tactica.store import TableRecord
from tactica.table.errors import Forbidden, Refused

GM = "gm"
PLAYER = "player"


@dataclass(frozen=True)
class Access:
    """The GM (every combatant) or a seat (its combatants)."""

    role: str
    seat: str | None = None
    combatants: frozenset[str] = frozenset()

    @property
    def is_gm(self) -> bool:
        return self.role == GM

    def may_act_for(self, actor: str) -> bool:
        return self.is_gm or actor in self.combatants

    def check_act(self, action: Action, hidden: Collection[str]) -> None:
        """Raise :class:`Forbidden` unless this key may take ``action``."""
        if self.is_gm:
            return
        if action.actor not in self.combatants or action.actor in hidden:
            mine = ", ".join(sorted(self.combatants)) or "none"
            raise Forbidden(
                f"seat '{self.seat}' acts only for its own combatants ({mine}), not '{action.actor}'"
            )
        if action.target is not None and action.target in hidden:
            # refused as an action on a name that is not there would be: a refusal must not tell who is hidden
            raise Refused(f"illegal action '{action}': it is not among the legal actions now")

    def check_gm(self, what: str) -> None:
        """Raise :class:`Forbidden` unless this is the GM."""
        if not self.is_gm:
            raise Forbidden(f"only the GM may {what}")


def access_for(record: TableRecord, key: str | None) -> Access | None:
    """The access ``key`` grants at this table, or None for no key or a wrong one."""
    if not key:
        return None
    if _same(key, record.gm_secret):
        return Access(GM)
    for seat in record.seats.values():
        if _same(key, seat.secret):
            return Access(PLAYER, seat.name, frozenset(seat.combatants))
    return None


def _same(given: str, secret: str) -> bool:
    return hmac.compare_digest(given.encode("utf-8", "replace"), secret.encode("utf-8"))
