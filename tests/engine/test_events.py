"""Issue 16 A: events get a faster ``__init__`` than the slotted dataclass's, with the same meaning; classes
whose fields it does not reproduce keep the dataclass's own."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import ClassVar

import pytest

from tactica.engine.events import Event, event_from_dict


@dataclass(frozen=True, slots=True)
class _Plain(Event):
    kind: ClassVar[str] = "test-plain-event"
    actor: str
    amount: int = 3


@dataclass(frozen=True, slots=True)
class _Checked(Event):
    kind: ClassVar[str] = "test-checked-event"
    actor: str
    tags: tuple[str, ...] = field(default_factory=tuple)
    seen: list[str] = field(default_factory=list, compare=False)

    def __post_init__(self) -> None:
        self.seen.append(self.actor)


def test_a_plain_event_takes_its_fields_by_position_and_name_with_defaults_and_stays_frozen() -> None:
    assert _Plain("ada") == _Plain(actor="ada", amount=3) == _Plain("ada", 3)
    assert _Plain("bo", amount=5).amount == 5
    with pytest.raises(TypeError):
        _Plain()  # type: ignore[call-arg]
    with pytest.raises(dataclasses.FrozenInstanceError):
        _Plain("ada").actor = "bo"  # type: ignore[misc]
    assert event_from_dict(_Plain("ada", 7).to_dict()) == _Plain("ada", 7)


def test_an_event_with_default_factories_and_post_init_keeps_the_dataclass_init() -> None:
    made = _Checked("ada")
    assert made.tags == () and made.seen == ["ada"]
    assert _Checked("bo", ("x",)).tags == ("x",)
