"""Turning pydantic validation errors into one readable paragraph naming each field."""

from __future__ import annotations

from pydantic import ValidationError

from tactica.files import MAX_ECHO, MAX_PROBLEMS, clip


def explain_validation_error(error: ValidationError) -> str:
    """One line per problem: the field path and what is wrong with it; at most
    :data:`~tactica.files.MAX_PROBLEMS` of them, then how many more, each part of a path cut to
    :data:`~tactica.files.MAX_ECHO` characters (keys come from the file)."""
    items = error.errors(include_url=False, include_input=False)
    problems = []
    for item in items[:MAX_PROBLEMS]:
        where = ".".join(clip(str(p), MAX_ECHO) for p in item["loc"])
        message = clip(item["msg"].removeprefix("Value error, "))
        if item["type"] == "extra_forbidden":
            message = "unknown field (check the spelling against the documented fields)"
        problems.append(f"{where}: {message}" if where else message)
    if len(items) > MAX_PROBLEMS:
        problems.append(f"... and {len(items) - MAX_PROBLEMS} more problems")
    return "; ".join(problems)
