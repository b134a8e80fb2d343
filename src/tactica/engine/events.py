"""Events: frozen records of what happened in a fight. Never text: faces render them.

Every event class registers itself by name, so an event log round-trips through JSON.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar

from tactica.engine.codec import from_data, to_data

_EVENT_TYPES: dict[str, type[Event]] = {}


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events. Subclasses are frozen dataclasses with plain-data fields."""

    kind: ClassVar[str] = "event"

    def __init_subclass__(cls) -> None:
        # No super() call: slotted dataclasses are re-created, which breaks zero-argument super().
        name = cls.__dict__.get("kind") or cls.__name__
        known = _EVENT_TYPES.get(name)
        if known is not None and (known.__module__, known.__qualname__) != (cls.__module__, cls.__qualname__):
            raise TypeError(
                f"event kind {name!r} is already taken by {known.__module__}.{known.__qualname__}"
            )
        cls.kind = name
        _EVENT_TYPES[name] = cls
        if "__dataclass_fields__" in cls.__dict__ and "__slots__" in cls.__dict__:
            cls.__init__ = _slot_init(cls)  # type: ignore[method-assign]

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON-ready data, tagged with its kind."""
        data: dict[str, Any] = {"event": self.kind}
        for f in fields(self):
            data[f.name] = to_data(getattr(self, f.name))
        return data


def _slot_init(cls: type) -> Any:
    """The ``__init__`` a frozen slotted dataclass generates, setting each slot through its descriptor rather
    than ``object.__setattr__``: the same signature and fields, about twice as fast (events are made at
    every step of every fight, issue 16 A). Called when ``@dataclass(slots=True)`` re-creates the class; a
    class with ``__post_init__``, a default factory, keyword-only or non-init fields keeps its own."""
    if hasattr(cls, "__post_init__") or any(
        f.default_factory is not MISSING or f.kw_only or not f.init for f in fields(cls)
    ):
        return cls.__dict__["__init__"]  # what this fast form does not reproduce: the dataclass's own
    names = [f.name for f in fields(cls)]
    defaults = {f"_d_{f.name}": f.default for f in fields(cls) if f.default is not MISSING}
    setters = {f"_s_{n}": getattr(cls, n).__set__ for n in names}
    params = ", ".join(f"{n}=_d_{n}" if f"_d_{n}" in defaults else n for n in names)
    body = "".join(f"\n    _s_{n}(self, {n})" for n in names) or "\n    pass"
    scope: dict[str, Any] = {**defaults, **setters}
    exec(f"def __init__(self, {params}):{body}", scope)  # code built from the field names alone
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def event_types() -> dict[str, type[Event]]:
    """Every event class loaded so far, by kind (systems register theirs when imported)."""
    return dict(_EVENT_TYPES)


def event_from_dict(data: dict[str, Any]) -> Event:
    """Rebuild an event from :meth:`Event.to_dict` output."""
    cls = _EVENT_TYPES[data["event"]]
    body = {k: v for k, v in data.items() if k != "event"}
    event = from_data(cls, body)
    assert isinstance(event, Event)
    return event


@dataclass(frozen=True, slots=True)
class FightStarted(Event):
    """The fight has been set up."""

    system: str
    combatants: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class InitiativeRolled(Event):
    """An initiative score or check for one slot holder (a character or a team)."""

    holder: str
    score: int
    detail: str = ""


@dataclass(frozen=True, slots=True)
class InitiativeTieBroken(Event):
    """A tie on initiative broken without a roll: ``how`` says by what (a higher DEX, a modifier)."""

    holder: str
    score: int
    how: str


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A new round (or turn, in systems that name it so) begins."""

    round: int


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    """A slot of the turn order starts: the actors who may now decide."""

    round: int
    slot: str
    actors: tuple[str, ...]
    label: str = ""


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """One actor's turn is over."""

    actor: str


@dataclass(frozen=True, slots=True)
class ActionTaken(Event):
    """An action was accepted; the events that follow in the log are its consequences."""

    action: str


@dataclass(frozen=True, slots=True)
class FightEnded(Event):
    """The fight is over; ``winner`` is a side, or None for a draw or a fight ``cut_off`` by a limit."""

    winner: str | None
    reason: str
    cut_off: bool = False

    def to_dict(self) -> dict[str, Any]:
        """As :meth:`Event.to_dict`; ``cut_off`` only when true, so saves of decided fights made before the
        field existed keep their digests."""
        data = Event.to_dict(self)
        if not self.cut_off:
            del data["cut_off"]
        return data
