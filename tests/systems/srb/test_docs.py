"""The Star Rangers docs stay true: every rule option is documented with its default, every verb, ruling and
rule has its place, every sample weapon and character is listed, and the setup example builds a fight."""

from __future__ import annotations

from tactica.engine import Fight
from tactica.systems import get_system
from tactica.systems.srb import StarRangersOptions
from tactica.systems.srb.rules import TURN_VERBS
from tactica.systems.srb.setup import content
from tests.systems.docs import SystemDoc, documented

DOC = SystemDoc("srb")


def test_every_option_is_documented_with_its_default() -> None:
    """Every StarRangersOptions field has a row `| name | default |` in the options table."""
    assert DOC.undocumented_options(StarRangersOptions) == []


def test_every_verb_is_documented() -> None:
    """Star Rangers 10-16, 22, 24: every verb appears in use under Actions."""
    text = DOC.section("Actions")
    for verb in TURN_VERBS:
        assert documented(verb, text), f"docs/systems/srb.md: no `a {verb} ...` under Actions"


def test_every_weapon_and_template_is_listed() -> None:
    """The sample section lists every entry of the content files."""
    text = DOC.section("Sample weapons and characters")
    for name in [*content("weapons"), *content("characters")]:
        assert f"`{name}`" in text, f"docs/systems/srb.md does not list {name}"


def test_every_ruling_names_its_option() -> None:
    """Rulings B1-B12 each have a row naming an option that implements it."""
    assert DOC.rulings_without_option("B", 12, StarRangersOptions) == []


def test_every_rule_has_a_module_row() -> None:
    """Rules 1-24 are each covered by a row of the rule -> module map (single numbers or ranges)."""
    assert DOC.rules_without_module(24) == []


def test_the_setup_example_builds_a_fight() -> None:
    """The YAML under 'Writing a Star Rangers setup' is a valid setup (with a surprise round: bo is
    unaware)."""
    data = DOC.yaml_example("Writing a Star Rangers setup")
    fight = Fight.new(get_system("srb"), data, seed=1)
    assert set(fight.state.fighters) == {"ana", "bo", "orc"}  # type: ignore[attr-defined]
    assert fight.state.order.round == 0
    assert fight.state.fighters["orc"].mags == {"pistol": [12, 5]}  # type: ignore[attr-defined]
