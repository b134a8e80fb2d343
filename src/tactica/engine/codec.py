"""Plain-data codec for engine state: dataclasses, enums and containers to JSON-ready values and back.

Types are taken from the dataclasses' annotations, so stored data carries no type tags.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from functools import cache
from typing import Any, Literal, Union

_SCALARS = (bool, int, float, str, type(None))
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def to_data(value: Any) -> Any:
    """Convert a value made of dataclasses, enums, tuples, lists, sets and dicts to JSON-ready data."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    names = _FIELD_NAMES.get(kind)
    if names is not None:
        return {name: to_data(getattr(value, name)) for name in names}
    if kind is list or kind is tuple:
        return [to_data(v) for v in value]
    if kind is dict:
        return {str(k): to_data(v) for k, v in value.items()}
    return _to_data_slow(value)


def _to_data_slow(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (bool, int, float, str)):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        _FIELD_NAMES[type(value)] = tuple(f.name for f in dataclasses.fields(value))
        return to_data(value)
    if isinstance(value, (list, tuple)):
        return [to_data(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(to_data(v) for v in value)
    if isinstance(value, dict):
        return {str(k): to_data(v) for k, v in value.items()}
    raise TypeError(f"cannot convert {type(value).__name__} to plain data")


def from_data(tp: Any, data: Any) -> Any:
    """Rebuild a value of type ``tp`` from :func:`to_data` output."""
    origin = typing.get_origin(tp)
    if tp is Any:
        return data
    if origin in (Union, types.UnionType):
        return _from_union(tp, data)
    if origin is Literal:
        return data
    if origin in (list, tuple, set, frozenset, dict):
        return _from_container(tp, origin, data)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp(data)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = _hints(tp)
        kwargs = {name: from_data(hints[name], value) for name, value in data.items() if name in hints}
        return tp(**kwargs)
    if tp is float and isinstance(data, int):
        return float(data)
    return data


def _from_union(tp: Any, data: Any) -> Any:
    args = [a for a in typing.get_args(tp) if a is not type(None)]
    if data is None:
        return None
    return from_data(args[0], data) if len(args) == 1 else data


def _from_container(tp: Any, origin: Any, data: Any) -> Any:
    args = typing.get_args(tp)
    if origin is dict:
        key_type, value_type = args or (str, Any)
        return {_key(key_type, k): from_data(value_type, v) for k, v in data.items()}
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_data(args[0], v) for v in data)
        return tuple(from_data(a, v) for a, v in zip(args, data, strict=True))
    item = args[0] if args else Any
    return origin(from_data(item, v) for v in data)


def _key(key_type: Any, key: str) -> Any:
    return int(key) if key_type is int else key


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)
