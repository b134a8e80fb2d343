"""Turning pydantic validation errors into one readable paragraph naming each field."""

from __future__ import annotations

import reprlib
from typing import Any

from pydantic import ValidationError

#: The longest piece of a bad value quoted back in a message.
QUOTE_LIMIT = 40

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
    """One line per problem: the field path and what is wrong with it."""
    problems = []
    for item in error.errors():
        where = ".".join(str(p) for p in item["loc"])
        message = _message(item)
        problems.append(f"{where}: {message}" if where else message)
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
    """A value as YAML would show it (true, null, 'text', 7), cut to :data:`QUOTE_LIMIT` characters (a huge
    value is never printed in full)."""
    if isinstance(value, bool) or value is None:
        text = "null" if value is None else str(value).lower()
    else:
        text = reprlib.repr(value)
    return text if len(text) <= QUOTE_LIMIT else text[: QUOTE_LIMIT - 3] + "..."
