"""The names the command line's help lists (rule system ids, AI policies), read without loading a system."""

from __future__ import annotations

from importlib import metadata

from tactica.ai import policy_names
from tactica.systems import system_ids


def systems_help() -> str:
    """The ids a SYSTEM argument takes."""
    return f"Rule system id, in any case: {', '.join(system_ids())}."


def policies_help(*, play: bool = False) -> str:
    """The ``--ai`` option (of ``play``: the sides the person does not play): its forms, every policy name (a
    name only some systems have names them), and the search's budget."""
    forms = (
        "The AI of one side (SIDE=NAME; you play the sides not named)"
        if play
        else "Policy for every side (NAME) or one side (SIDE=NAME)"
    )
    return (
        f"{forms}; NAME, in any case: {_policies()};"
        " search:64 (playouts) or search:200ms gives the search a budget per decision."
    )


def _policies() -> str:
    ids = system_ids()
    where: dict[str, list[str]] = {}
    for system_id in ids:
        for name in policy_names(system_id):
            where.setdefault(name, []).append(system_id)
    return ", ".join(
        name if len(found) == len(ids) else f"{name} ({', '.join(found)})" for name, found in where.items()
    )


def version() -> str:
    """``tactica VERSION``, from the installed package's metadata."""
    return f"tactica {metadata.version('tactica')}"
