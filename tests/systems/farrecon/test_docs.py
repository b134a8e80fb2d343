"""The Far Recon docs stay true: every rule option is documented with its default, every verb, ruling, rule,
weapon and template has its place, the setup example builds a fight, and the examples verify."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from tactica.engine import Fight
from tactica.scenario import verify
from tactica.systems.farrecon import FarReconOptions
from tactica.systems.farrecon.rules import ANSWERS, TURN_VERBS
from tactica.systems.farrecon.setup import content
from tests.systems.farrecon.helpers import SYSTEM

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "systems" / "farrecon.md"
EXAMPLES = ROOT / "examples" / "farrecon"


def _text() -> str:
    return DOC.read_text(encoding="utf-8")


def _section(title: str) -> str:
    """The text of one '## title' section."""
    text = _text()
    start = text.index(f"## {title}")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


def test_every_option_is_documented_with_its_default() -> None:
    """Every FarReconOptions field has a row `| name | default |` in the options table."""
    text = _text()
    for name, field in FarReconOptions.model_fields.items():
        default = str(field.default).lower() if isinstance(field.default, bool) else field.default
        assert f"| `{name}` | `{default}` |" in text, f"docs/systems/farrecon.md lacks option {name}"


def test_every_verb_is_documented() -> None:
    """Far Recon 8-11: turn verbs and answers appear in use under Actions."""
    text = _section("Actions")
    answers = [verb for verbs in ANSWERS.values() for verb in verbs]
    for verb in [*TURN_VERBS, *answers]:
        assert re.search(rf"`\w+ {re.escape(verb)}(?=[ `])", text), f"no `a {verb} ...` under Actions"


def test_every_ruling_names_its_option() -> None:
    """Rulings D1-D13 each have a row naming the option that implements it."""
    text = _section("Rulings D1-D13")
    options = set(FarReconOptions.model_fields)
    for n in range(1, 14):
        row = re.search(rf"^\| D{n} \|.*$", text, re.MULTILINE)
        assert row is not None, f"ruling D{n} missing"
        named = set(re.findall(r"`(\w+)`", row.group(0)))
        assert named & options, f"ruling D{n} names no option"


def test_every_rule_has_a_module_row() -> None:
    """Rules 1-21 are each covered by a row of the rule -> module map."""
    covered: set[int] = set()
    for first, last in re.findall(r"^\| (\d+)(?:-(\d+))? \|", _section("Rule → module"), re.MULTILINE):
        covered.update(range(int(first), int(last or first) + 1))
    assert covered >= set(range(1, 22)), sorted(set(range(1, 22)) - covered)


def test_every_weapon_and_template_is_listed() -> None:
    """The sample section lists every entry of the content files."""
    text = _section("Sample weapons and characters")
    for name in [*content("weapons"), *content("characters")]:
        assert f"`{name}`" in text, f"docs/systems/farrecon.md does not list {name}"


def test_the_setup_example_builds_a_fight() -> None:
    """The YAML under 'Writing a Far Recon setup' is a valid setup."""
    block = re.search(r"```yaml\n(.*?)```", _section("Writing a Far Recon setup"), re.DOTALL)
    assert block is not None
    data = yaml.safe_load(block.group(1))
    fight = Fight.new(SYSTEM, data, seed=1)
    assert set(fight.state.fighters) == {"ana", "bo", "cy", "dee"}  # type: ignore[attr-defined]
    assert not fight.state.fighters["dee"].present  # type: ignore[attr-defined]


def test_the_examples_verify() -> None:
    """Every executable example of examples/farrecon/ passes `tactica verify` (one per group of rules)."""
    reports = verify([EXAMPLES])
    assert len(reports) >= 8
    for report in reports:
        assert report.passed, report.to_dict()
