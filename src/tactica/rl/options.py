"""The environment's options and its one error (docs/agents.md, "Options")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tactica.engine import TacticaError

#: What an agent may be: one combatant, or one side (all its combatants).
AGENT_KINDS = ("combatant", "side")
#: What ``max_cycles`` counts and who is selected: the deciding agent at each decision, or every agent once
#: per cycle in a fixed order (non-deciding agents wait).
CYCLES = ("decision", "round_robin")
#: What an action outside the mask does: raise :class:`EnvError`, or nothing but a penalty.
INVALID_ACTIONS = ("raise", "penalty")


class EnvError(TacticaError):
    """Bad input to an environment: an unknown file or option, an action outside the mask."""


@dataclass(frozen=True)
class EnvOptions:
    """``agents``: ``"combatant"`` (one agent per combatant, the default) or ``"side"``; ``max_cycles``: the
    most decisions before the fight is cut off (truncation, reward 0); ``shaping``: the weight of the harm
    reward (harm dealt minus harm taken, in the system's harm unit, per decision; 0 turns it off);
    ``render_mode``: None or ``"ansi"`` (the board as text); ``cycle``: ``"decision"`` (``max_cycles`` counts
    decisions, the deciding agent is selected) or ``"round_robin"`` (each cycle selects every agent once, in
    order; ``max_cycles`` counts cycles); ``invalid_action``: ``"raise"`` or ``"penalty"`` (an action outside
    the mask changes nothing and costs ``invalid_penalty``)."""

    agents: str = "combatant"
    max_cycles: int = 1000
    shaping: float = 0.0
    render_mode: str | None = None
    cycle: str = "decision"
    invalid_action: str = "raise"
    invalid_penalty: float = 0.01


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
        _is_number(options.shaping),
        f"shaping={options.shaping!r}: use a number (the weight of harm dealt minus harm taken; 0 for none)",
    )
    _check(options.render_mode in (None, "ansi"), f"render_mode={options.render_mode!r}: use None or 'ansi'")
    _check(options.cycle in CYCLES, f"cycle={options.cycle!r}: use one of {', '.join(CYCLES)}")
    _check(
        options.invalid_action in INVALID_ACTIONS,
        f"invalid_action={options.invalid_action!r}: use one of {', '.join(INVALID_ACTIONS)}",
    )
    _check(
        _is_number(options.invalid_penalty) and options.invalid_penalty >= 0,
        f"invalid_penalty={options.invalid_penalty!r}: use a number, at least 0 (the reward taken off)",
    )
    return options


def _check(ok: bool, message: str) -> None:
    if not ok:
        raise EnvError(message)


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
