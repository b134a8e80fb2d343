"""The environment's options and its one error (docs/agents.md, "Options")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tactica.engine import TacticaError

#: What an agent may be: one combatant, or one side (all its combatants).
AGENT_KINDS = ("combatant", "side")


class EnvError(TacticaError):
    """Bad input to an environment: an unknown file or option, an action outside the mask."""


@dataclass(frozen=True)
class EnvOptions:
    """``agents``: ``"combatant"`` (one agent per combatant, the default) or ``"side"``; ``max_cycles``: the
    most decisions before the fight is cut off (truncation, reward 0); ``shaping``: the weight of the harm
    reward (harm dealt minus harm taken, in the system's harm unit, per decision; 0 turns it off);
    ``render_mode``: None or ``"ansi"`` (the board as text)."""

    agents: str = "combatant"
    max_cycles: int = 1000
    shaping: float = 0.0
    render_mode: str | None = None


def read_options(given: Mapping[str, Any]) -> EnvOptions:
    """Check the options a caller passed; raise :class:`EnvError` naming the bad one and what is valid."""
    known = EnvOptions.__dataclass_fields__
    for name in given:
        if name not in known:
            raise EnvError(f"unknown option '{name}'; the options are {', '.join(known)}")
    options = EnvOptions(**given)
    _check(options.agents in AGENT_KINDS, f"agents={options.agents!r}: use one of {', '.join(AGENT_KINDS)}")
    _check(
        type(options.max_cycles) is int and options.max_cycles > 0,
        f"max_cycles={options.max_cycles!r}: use a whole number of decisions, at least 1",
    )
    _check(
        isinstance(options.shaping, (int, float)) and not isinstance(options.shaping, bool),
        f"shaping={options.shaping!r}: use a number (the weight of harm dealt minus harm taken; 0 for none)",
    )
    _check(options.render_mode in (None, "ansi"), f"render_mode={options.render_mode!r}: use None or 'ansi'")
    return options


def _check(ok: bool, message: str) -> None:
    if not ok:
        raise EnvError(message)
