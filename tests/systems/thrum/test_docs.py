"""The THRUM docs stay true: every rule option is documented with its default, every verb, stance, ruling and
rule has its place, and the setup example builds a fight."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from tactica.engine import Fight
from tactica.systems import get_system
from tactica.systems.thrum import ThrumOptions
from tactica.systems.thrum.rules import ANSWERS, TURN_VERBS
from tactica.systems.thrum.setup import BASIC_ACTIONS, BASIC_STANCES, content

DOC = Path(__file__).resolve().parents[3] / "docs" / "systems" / "thrum.md"


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
    """Every ThrumOptions field has a row `| name | default |` in the options table."""
    text = _text()
    for name, field in ThrumOptions.model_fields.items():
        default = str(field.default).lower() if isinstance(field.default, bool) else field.default
        assert f"| `{name}` | `{default}` |" in text, f"docs/systems/thrum.md lacks option {name}"


def test_every_verb_is_documented() -> None:
    """THRUM 9-11, 15, 21, 29-30: turn verbs, answers and every Action and Move ability of the content file
    appear in use."""
    text = _section("Actions")
    answers = [verb for verbs in ANSWERS.values() for verb in verbs]
    actions = [name for name, data in content("abilities").items() if data["kind"] in ("action", "move")]
    for verb in [*TURN_VERBS, *answers, *BASIC_ACTIONS, *actions]:
        assert _documented(verb, text), f"docs/systems/thrum.md: no `a {verb} ...` under Actions"


def test_every_stance_is_documented() -> None:
    """THRUM 11: the Basic stances and the content's stances are named in the docs."""
    text = _text()
    stances = [name for name, data in content("abilities").items() if data["kind"] == "stance"]
    for stance in [*BASIC_STANCES, *stances]:
        assert f"`{stance}`" in text, f"docs/systems/thrum.md does not name stance {stance}"


def test_every_ability_and_template_is_listed() -> None:
    """The sample abilities and characters section lists every entry of the content files."""
    text = _section("Sample abilities and characters")
    for name in [*content("abilities"), *content("characters")]:
        assert f"`{name}`" in text, f"docs/systems/thrum.md does not list {name}"


def test_every_ruling_names_its_option() -> None:
    """Rulings C1-C16 each have a row naming the option that implements it."""
    text = _section("Rulings C1-C16")
    options = set(ThrumOptions.model_fields)
    for n in range(1, 17):
        row = re.search(rf"^\| C{n} \|.*$", text, re.MULTILINE)
        assert row is not None, f"ruling C{n} missing"
        named = set(re.findall(r"`(\w+)`", row.group(0)))
        assert named & options, f"ruling C{n} names no option"


def test_every_rule_has_a_module_row() -> None:
    """Rules 1-46 are each covered by a row of the rule -> module map (single numbers or ranges)."""
    covered: set[int] = set()
    for first, last in re.findall(r"^\| (\d+)(?:-(\d+))? \|", _section("Rule → module"), re.MULTILINE):
        covered.update(range(int(first), int(last or first) + 1))
    assert covered >= set(range(1, 47)), sorted(set(range(1, 47)) - covered)


def test_the_setup_example_builds_a_fight() -> None:
    """The YAML under 'Writing a THRUM setup' is a valid setup."""
    block = re.search(r"```yaml\n(.*?)```", _section("Writing a THRUM setup"), re.DOTALL)
    assert block is not None
    data = yaml.safe_load(block.group(1))
    fight = Fight.new(get_system("thrum"), data, seed=1)
    assert set(fight.state.fighters) == {"ana", "bo", "orc"}  # type: ignore[attr-defined]
    assert fight.state.order.round == 0  # Round Zero is played
