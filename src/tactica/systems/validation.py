"""Turning pydantic validation errors into one readable paragraph naming each field."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from tactica.files import MAX_ECHO, MAX_PROBLEMS, brief, clip

#: What is valid, by pydantic error type (the bound, when there is one, comes from the error's context).
VALID = {
    "int_type": "must be a whole number",
    "int_parsing": "must be a whole number",
    "int_from_float": "must be a whole number",
    "bool_type": "must be true or false",
    "bool_parsing": "must be true or false",
    "string_type": "must be text",
    "dict_type": "must be a mapping (NAME: VALUE, ...)",
    "model_type": "must be a mapping (NAME: VALUE, ...)",
    "list_type": "must be a list",
    "less_than_equal": "must be at most {le}",
    "less_than": "must be below {lt}",
    "greater_than_equal": "must be at least {ge}",
    "greater_than": "must be above {gt}",
}


def explain_validation_error(error: ValidationError) -> str:
    """One line per problem: the field path and what is wrong with it; at most
    :data:`~tactica.files.MAX_PROBLEMS` of them, then how many more, each part of a path cut to
    :data:`~tactica.files.MAX_ECHO` characters (keys come from the file)."""
    items = error.errors(include_url=False)
    problems = []
    for item in items[:MAX_PROBLEMS]:
        where = ".".join(clip(str(p), MAX_ECHO) for p in item["loc"])
        message = clip(_message(item))
        problems.append(f"{where}: {message}" if where else message)
    if len(items) > MAX_PROBLEMS:
        problems.append(f"... and {len(items) - MAX_PROBLEMS} more problems")
    return "; ".join(problems)


def _message(item: Any) -> str:
    """What is wrong, in words: what is valid and the value given (shortened)."""
    if item["type"] == "extra_forbidden":
        return "unknown field (check the spelling against the documented fields)"
    valid = VALID.get(item["type"])
    if valid is None:
        return str(item["msg"]).removeprefix("Value error, ")
    return f"{valid.format(**item.get('ctx', {}))}, got {_quoted(item.get('input'))}"


def _quoted(value: object) -> str:
    """A value as YAML would show it (true, null, 'text', 7), never longer than
    :data:`~tactica.files.MAX_ECHO` characters (a huge value is never printed in full)."""
    if isinstance(value, bool) or value is None:
        return "null" if value is None else str(value).lower()
    return brief(value)
