"""The budget of one search decision: a number of playouts (deterministic) or a time in milliseconds."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tactica.engine.errors import TacticaError

#: ``search`` alone: playouts per decision, 6 rounds of the 4 candidates (enough rounds for the choice rule's
#: standard errors to mean something; docs/agents.md, "Search AI").
DEFAULT_PLAYOUTS = 24
#: The most playouts or milliseconds one decision may be given.
MOST = 100_000
_TEXT = re.compile(r"(\d+)(ms)?")


@dataclass(frozen=True, slots=True)
class Budget:
    """How much one decision may search: ``playouts`` in all (split among the candidates), or as many as fit
    in ``ms`` milliseconds of the process's CPU time (at least one round: one per candidate)."""

    playouts: int | None = DEFAULT_PLAYOUTS
    ms: int | None = None

    def __str__(self) -> str:
        return f"{self.ms}ms" if self.ms is not None else f"{self.playouts} playouts"


def parse_budget(text: str) -> Budget:
    """The budget written after ``search:``: ``64`` (playouts), ``200ms`` (milliseconds), or nothing (the
    default). Anything else is an error saying what to write."""
    if not text:
        return Budget()
    found = _TEXT.fullmatch(text.strip().lower())
    amount = int(found.group(1)) if found else 0
    if found is None or not 1 <= amount <= MOST:
        raise TacticaError(
            f"search budget {text!r}: write a number of playouts (search:64) or of milliseconds per decision"
            f" (search:200ms), from 1 to {MOST:,}"
        )
    return Budget(None, amount) if found.group(2) else Budget(amount, None)
