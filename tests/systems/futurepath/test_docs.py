"""The FuturePath docs stay true: every rule option is documented with its default."""

from __future__ import annotations

from pathlib import Path

from tactica.systems.futurepath import FuturePathOptions

DOC = Path(__file__).resolve().parents[3] / "docs" / "systems" / "futurepath.md"


def test_every_option_is_documented_with_its_default() -> None:
    text = DOC.read_text()
    for name, field in FuturePathOptions.model_fields.items():
        default = str(field.default).lower() if isinstance(field.default, bool) else field.default
        assert f"| `{name}` | `{default}` |" in text, f"docs/systems/futurepath.md lacks option {name}"


def test_every_verb_is_documented() -> None:
    from tactica.systems import get_system

    text = DOC.read_text()
    for verb in get_system("futurepath").verbs:  # type: ignore[attr-defined]
        assert f" {verb} " in text or f"`a {verb}" in text or f"`e {verb}" in text or f"`r {verb}" in text, (
            verb
        )
