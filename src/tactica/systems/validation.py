"""Turning pydantic validation errors into one readable paragraph naming each field."""

from __future__ import annotations

from pydantic import ValidationError


def explain_validation_error(error: ValidationError) -> str:
    """One line per problem: the field path and what is wrong with it."""
    problems = []
    for item in error.errors():
        where = ".".join(str(p) for p in item["loc"])
        message = item["msg"].removeprefix("Value error, ")
        if item["type"] == "extra_forbidden":
            message = "unknown field (check the spelling against the documented fields)"
        problems.append(f"{where}: {message}" if where else message)
    return "; ".join(problems)
