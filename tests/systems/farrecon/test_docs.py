"""The Far Recon docs stay true: every rule option is documented with its default, every verb, ruling, rule,
weapon and template has its place, the setup example builds a fight, and the examples verify."""

from __future__ import annotations

import re
from pathlib import Path

from tactica.engine import Fight
from tactica.scenario import verify
from tactica.systems.farrecon import FarReconOptions
from tactica.systems.farrecon.rules import ANSWERS, TURN_VERBS
from tactica.systems.farrecon.setup import content
from tests.systems.docs import SystemDoc
from tests.systems.farrecon.helpers import SYSTEM

ROOT = Path(__file__).resolve().parents[3]
DOC = SystemDoc("farrecon")
EXAMPLES = ROOT / "examples" / "farrecon"


def test_every_option_is_documented_with_its_default() -> None:
    """Every FarReconOptions field has a row `| name | default |` in the options table."""
    assert DOC.undocumented_options(FarReconOptions) == []


def test_every_verb_is_documented() -> None:
    """Far Recon 8-11: turn verbs and answers appear in use under Actions."""
    text = DOC.section("Actions")
    answers = [verb for verbs in ANSWERS.values() for verb in verbs]
    for verb in [*TURN_VERBS, *answers]:
        assert re.search(rf"`\w+ {re.escape(verb)}(?=[ `])", text), f"no `a {verb} ...` under Actions"


def test_every_ruling_names_its_option() -> None:
    """Rulings D1-D13 each have a row naming an option that implements it."""
    assert DOC.rulings_without_option("D", 13, FarReconOptions) == []


def test_every_rule_has_a_module_row() -> None:
    """Rules 1-21 are each covered by a row of the rule -> module map (single numbers or ranges)."""
    assert DOC.rules_without_module(21) == []


def test_every_weapon_and_template_is_listed() -> None:
    """The sample section lists every entry of the content files."""
    text = DOC.section("Sample weapons and characters")
    for name in [*content("weapons"), *content("characters")]:
        assert f"`{name}`" in text, f"docs/systems/farrecon.md does not list {name}"


def test_the_setup_example_builds_a_fight() -> None:
    """The YAML under 'Writing a Far Recon setup' is a valid setup."""
    data = DOC.yaml_example("Writing a Far Recon setup")
    fight = Fight.new(SYSTEM, data, seed=1)
    assert set(fight.state.fighters) == {"ana", "bo", "cy", "dee"}  # type: ignore[attr-defined]
    assert not fight.state.fighters["dee"].present  # type: ignore[attr-defined]


def test_the_examples_verify() -> None:
    """Every executable example of examples/farrecon/ passes `tactica verify` (one per group of rules)."""
    reports = verify([EXAMPLES])
    assert len(reports) >= 8
    for report in reports:
        assert report.passed, report.to_dict()
