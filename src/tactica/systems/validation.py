"""Turning pydantic validation errors into one readable paragraph naming each field."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, get_args

from pydantic import BaseModel, ValidationError

from tactica.files import MAX_ECHO, MAX_PROBLEMS, brief, clip, did_you_mean, listed

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


def explain_validation_error(
    error: ValidationError, model: type[BaseModel] | None = None, beside: Iterable[str] = ()
) -> str:
    """The :func:`validation_problems` in one paragraph, joined by '; '."""
    return "; ".join(validation_problems(error, model, beside))


def validation_problems(
    error: ValidationError, model: type[BaseModel] | None = None, beside: Iterable[str] = ()
) -> list[str]:
    """One line per problem: the field path and what is wrong with it; at most
    :data:`~tactica.files.MAX_PROBLEMS` of them, then how many more, each part of a path cut to
    :data:`~tactica.files.MAX_ECHO` characters (keys come from the file). An unknown field of ``model`` (or
    of a model inside it) lists the valid ones, the closest first (issue 15 point 4); ``beside`` names more
    fields valid at the top (a combatant's own, beside its sheet's)."""
    items = error.errors(include_url=False)
    problems = []
    for item in items[:MAX_PROBLEMS]:
        where = ".".join(clip(str(p), MAX_ECHO) for p in item["loc"])
        message = clip(_message(item, model, list(beside)))
        problems.append(f"{where}: {message}" if where else message)
    if len(items) > MAX_PROBLEMS:
        problems.append(f"... and {len(items) - MAX_PROBLEMS} more problems")
    return problems


def _message(item: Any, model: type[BaseModel] | None, beside: list[str]) -> str:
    """What is wrong, in words: what is valid and the value given (shortened)."""
    if item["type"] == "extra_forbidden":
        return _unknown_field(item["loc"], model, beside)
    valid = VALID.get(item["type"])
    if valid is None:
        return str(item["msg"]).removeprefix("Value error, ")
    return f"{valid.format(**item.get('ctx', {}))}, got {_quoted(item.get('input'))}"


def _unknown_field(loc: Sequence[Any], model: type[BaseModel] | None, beside: list[str]) -> str:
    """``unknown field; did you mean 'hp'? valid: name, str, ...`` (the fields where ``loc`` ends)."""
    here = _model_at(model, loc[:-1]) if model is not None else None
    if here is None:
        return "unknown field (check the spelling against the documented fields)"
    valid = [*here.model_fields, *(beside if len(loc) == 1 else [])]
    names = listed(sorted(set(valid)), every=_documented(here))
    return f"unknown field;{did_you_mean(str(loc[-1]), valid)} valid: {names}"


def _documented(model: type[BaseModel]) -> str:
    """Where a system's setup fields are documented: ``docs/systems/<id>.md`` (its rule options at
    ``#rule-options``), from the package the model is defined in."""
    package = model.__module__.split(".")
    if package[:2] != ["tactica", "systems"] or len(package) < 4:
        return ""
    return f"docs/systems/{package[2]}.md" + ("#rule-options" if model.__name__.endswith("Options") else "")


def _model_at(model: type[BaseModel], loc: Sequence[Any]) -> type[BaseModel] | None:
    """The model that ``loc`` leads to inside ``model`` (list indexes and mapping keys are stepped over);
    None when it leads out of models."""
    current: type[BaseModel] | None = model
    for segment in loc:
        field = (
            current.model_fields.get(segment) if current is not None and isinstance(segment, str) else None
        )
        if field is not None:
            current = _model_in(field.annotation)
    return current


def _model_in(annotation: Any) -> type[BaseModel] | None:
    """The model inside a field's type (``X``, ``X | None``, ``list[X]``, ``dict[str, X]``), if any."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    return next((m for m in map(_model_in, get_args(annotation)) if m is not None), None)


def _quoted(value: object) -> str:
    """A value as YAML would show it (true, null, 'text', 7), never longer than
    :data:`~tactica.files.MAX_ECHO` characters (a huge value is never printed in full)."""
    if isinstance(value, bool) or value is None:
        return "null" if value is None else str(value).lower()
    return brief(value)
