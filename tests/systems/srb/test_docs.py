"""The Star Rangers docs stay true: every rule option is documented with its default, every verb, ruling and
rule has its place, every sample weapon and character is listed, and the setup example builds a fight."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from tactica.engine import Fight
from tactica.systems import get_system
from tactica.systems.srb import StarRangersOptions
from tactica.systems.srb.rules import TURN_VERBS
from tactica.systems.srb.setup import content

DOC = Path(__file__).resolve().parents[3] / "docs" / "systems" / "srb.md"


def _text() -> str:
    return DOC.read_text(encoding="utf-8")


def _section(title: str) -> str:
    """The text of one '## title' section."""
    text = _text()
    start = text.index(f"## {title}")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


def _documented(verb: str, text: str) -> bool:
    """An inline code sample of the verb in use: `ACTOR VERB ...`."""
    return re.search(rf"`\w+ {re.escape(verb)}(?=[ `])", text) is not None


def test_every_option_is_documented_with_its_default() -> None:
    """Every StarRangersOptions field has a row `| name | default |` in the options table."""
    text = _text()
    for name, field in StarRangersOptions.model_fields.items():
        default = str(field.default).lower() if isinstance(field.default, bool) else field.default
        assert f"| `{name}` | `{default}` |" in text, f"docs/systems/srb.md lacks option {name}"


def test_every_verb_is_documented() -> None:
    """Star Rangers 10-16, 22, 24: every verb appears in use under Actions."""
    text = _section("Actions")
    for verb in TURN_VERBS:
        assert _documented(verb, text), f"docs/systems/srb.md: no `a {verb} ...` under Actions"


def test_every_weapon_and_template_is_listed() -> None:
    """The sample section lists every entry of the content files."""
    text = _section("Sample weapons and characters")
    for name in [*content("weapons"), *content("characters")]:
        assert f"`{name}`" in text, f"docs/systems/srb.md does not list {name}"


def test_every_ruling_names_its_option() -> None:
    """Rulings B1-B12 each have a row naming an option that implements it."""
    text = _section("Rulings B1-B12")
    options = set(StarRangersOptions.model_fields)
    for n in range(1, 13):
        row = re.search(rf"^\| B{n} \|.*$", text, re.MULTILINE)
        assert row is not None, f"ruling B{n} missing"
        named = set(re.findall(r"`(\w+)`", row.group(0)))
        assert named & options, f"ruling B{n} names no option"


def test_every_rule_has_a_module_row() -> None:
    """Rules 1-24 are each covered by a row of the rule -> module map (single numbers or ranges)."""
    covered: set[int] = set()
    for first, last in re.findall(r"^\| (\d+)(?:-(\d+))? \|", _section("Rule → module"), re.MULTILINE):
        covered.update(range(int(first), int(last or first) + 1))
    assert covered >= set(range(1, 25)), sorted(set(range(1, 25)) - covered)


def test_the_setup_example_builds_a_fight() -> None:
    """The YAML under 'Writing a Star Rangers setup' is a valid setup (with a surprise round: bo is
    unaware)."""
    block = re.search(r"```yaml\n(.*?)```", _section("Writing a Star Rangers setup"), re.DOTALL)
    assert block is not None
    data = yaml.safe_load(block.group(1))
    fight = Fight.new(get_system("srb"), data, seed=1)
    assert set(fight.state.fighters) == {"ana", "bo", "orc"}  # type: ignore[attr-defined]
    assert fight.state.order.round == 0
    assert fight.state.fighters["orc"].mags == {"pistol": [12, 5]}  # type: ignore[attr-defined]
