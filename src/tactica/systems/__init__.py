"""Rule systems, and the one explicit registry of them.

A new system is one more package of the same shape and one more line in :func:`_builtin`.
"""

from tactica.systems.registry import all_systems, get_system, register, system_ids

__all__ = ["all_systems", "get_system", "register", "system_ids"]
