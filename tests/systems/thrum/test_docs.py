"""The THRUM docs stay true: every rule option is documented with its default, every verb, stance, ruling and
rule has its place, and the setup example builds a fight."""

from __future__ import annotations

from tactica.engine import Fight
from tactica.systems import get_system
from tactica.systems.thrum import ThrumOptions
from tactica.systems.thrum.rules import ANSWERS, TURN_VERBS
from tactica.systems.thrum.setup import BASIC_ACTIONS, BASIC_STANCES, content
from tests.systems.docs import SystemDoc, documented

DOC = SystemDoc("thrum")


def test_every_option_is_documented_with_its_default() -> None:
    """Every ThrumOptions field has a row `| name | default |` in the options table."""
    assert DOC.undocumented_options(ThrumOptions) == []


def test_every_verb_is_documented() -> None:
    """THRUM 9-11, 15, 21, 29-30: turn verbs, answers and every Action and Move ability of the content file
    appear in use."""
    text = DOC.section("Actions")
    answers = [verb for verbs in ANSWERS.values() for verb in verbs]
    actions = [name for name, data in content("abilities").items() if data["kind"] in ("action", "move")]
    for verb in [*TURN_VERBS, *answers, *BASIC_ACTIONS, *actions]:
        assert documented(verb, text), f"docs/systems/thrum.md: no `a {verb} ...` under Actions"


def test_every_stance_is_documented() -> None:
    """THRUM 11: the Basic stances and the content's stances are named in the docs."""
    text = DOC.text
    stances = [name for name, data in content("abilities").items() if data["kind"] == "stance"]
    for stance in [*BASIC_STANCES, *stances]:
        assert f"`{stance}`" in text, f"docs/systems/thrum.md does not name stance {stance}"


def test_every_ability_and_template_is_listed() -> None:
    """The sample abilities and characters section lists every entry of the content files."""
    text = DOC.section("Sample abilities and characters")
    for name in [*content("abilities"), *content("characters")]:
        assert f"`{name}`" in text, f"docs/systems/thrum.md does not list {name}"


def test_every_ruling_names_its_option() -> None:
    """Rulings C1-C17 each have a row naming an option that implements it (C17: issue 14 point 5)."""
    assert DOC.rulings_without_option("C", 17, ThrumOptions) == []


def test_every_rule_has_a_module_row() -> None:
    """Rules 1-46 are each covered by a row of the rule -> module map (single numbers or ranges)."""
    assert DOC.rules_without_module(46) == []


def test_the_setup_example_builds_a_fight() -> None:
    """The YAML under 'Writing a THRUM setup' is a valid setup."""
    data = DOC.yaml_example("Writing a THRUM setup")
    fight = Fight.new(get_system("thrum"), data, seed=1)
    assert set(fight.state.fighters) == {"ana", "bo", "orc"}  # type: ignore[attr-defined]
    assert fight.state.order.round == 0  # Round Zero is played
