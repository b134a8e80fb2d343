"""The FuturePath docs stay true: every rule option is documented with its default, every verb in use."""

from __future__ import annotations

from tactica.systems import get_system
from tactica.systems.futurepath import FuturePathOptions
from tests.systems.docs import SystemDoc

DOC = SystemDoc("futurepath")


def test_every_option_is_documented_with_its_default() -> None:
    assert DOC.undocumented_options(FuturePathOptions) == []


def test_every_verb_is_documented() -> None:
    text = DOC.text
    for verb in get_system("futurepath").verbs:  # type: ignore[attr-defined]
        assert f" {verb} " in text or f"`a {verb}" in text or f"`e {verb}" in text or f"`r {verb}" in text, (
            verb
        )
