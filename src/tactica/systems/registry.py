"""The one explicit registry of rule systems."""

from __future__ import annotations

from typing import Any

from tactica.engine.errors import UnknownSystem
from tactica.engine.system import RuleSystem
from tactica.files import brief

_SYSTEMS: dict[str, RuleSystem[Any, Any]] = {}
#: The ids of the systems :func:`_builtin` registers, known without importing them (for the CLI's help).
BUILTIN_IDS = ("farrecon", "futurepath", "phase3d6", "srb", "thrum")


def register(system: RuleSystem[Any, Any]) -> RuleSystem[Any, Any]:
    """Add a rule system under its id (a different system with the same id is an error)."""
    if system.id in _SYSTEMS and _SYSTEMS[system.id] is not system:
        raise ValueError(f"a rule system with id {system.id!r} is already registered")
    _SYSTEMS[system.id] = system
    return system


def _builtin() -> None:
    """Register the systems that ship with tactica (once)."""
    if _SYSTEMS:
        return
    from tactica.systems.farrecon import FarRecon
    from tactica.systems.futurepath import FuturePath
    from tactica.systems.phase3d6 import Phase3d6
    from tactica.systems.srb import StarRangers
    from tactica.systems.thrum import Thrum

    register(FarRecon())
    register(FuturePath())
    register(Phase3d6())
    register(StarRangers())
    register(Thrum())


def get_system(system_id: str) -> RuleSystem[Any, Any]:
    """The registered system with that id, in any case (``THRUM``, ``FuturePath``); :class:`UnknownSystem`
    lists the valid ids otherwise."""
    _builtin()
    try:
        return _SYSTEMS[system_id.lower() if isinstance(system_id, str) else system_id]
    except KeyError:
        known = ", ".join(sorted(_SYSTEMS)) or "none"
        raise UnknownSystem(f"unknown rule system {brief(system_id)}; registered systems: {known}") from None


def all_systems() -> list[RuleSystem[Any, Any]]:
    """Every registered system, sorted by id."""
    _builtin()
    return [_SYSTEMS[k] for k in sorted(_SYSTEMS)]


def system_ids() -> list[str]:
    """The ids of every system, sorted, without importing the built-in ones."""
    return sorted({*BUILTIN_IDS, *_SYSTEMS})
