"""The Phase 3d6 docs stay true: every rule option is documented with its default, every verb, manoeuvre,
template and weapon has its place, every ruling names its option, every rule 1-21 maps to code that exists,
the setup example builds a fight, and the executable examples pass."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from tactica.engine import Fight
from tactica.engine.turn_order import TurnOrder
from tactica.scenario import verify
from tactica.systems import get_system
from tactica.systems.phase3d6 import Phase3d6Options
from tactica.systems.phase3d6.rules import ANSWERS, TURN_VERBS
from tactica.systems.phase3d6.setup import content
from tactica.systems.phase3d6.sheet import Character
from tests.systems.docs import SystemDoc, documented, table_rows

ROOT = Path(__file__).resolve().parents[3]
DOC = SystemDoc("phase3d6")
EXAMPLES = ROOT / "examples" / "phase3d6"


def test_every_option_is_documented_with_its_default() -> None:
    """Every Phase3d6Options field has a row `| name | default |` in the options table."""
    assert DOC.undocumented_options(Phase3d6Options, DOC.section("Rule options")) == []


def test_the_options_table_names_no_unknown_option() -> None:
    """No row of the options table names an option that does not exist."""
    documented = set(table_rows(DOC.section("Rule options")))
    assert documented <= set(Phase3d6Options.model_fields), documented - set(Phase3d6Options.model_fields)


def test_every_verb_is_documented() -> None:
    """Phase 3d6 2, 10, 14-21: every verb of a Phase and every answer to a decision appears in use."""
    text = DOC.section("Actions")
    answers = [verb for verbs in ANSWERS.values() for verb in verbs]
    for verb in [*TURN_VERBS, *answers]:
        assert documented(verb, text), f"docs/systems/phase3d6.md: no `a {verb} ...` under Actions"


def test_every_maneuver_row_is_in_the_manoeuvre_table() -> None:
    """Phase 3d6 16: every row of content/maneuvers.yaml is listed with its type and provoking, and a row
    with a verb names an action while a row without one says it has none."""
    rows = table_rows(DOC.section("Manoeuvres"))
    for name, data in content("maneuvers").items():
        assert name in rows, f"docs/systems/phase3d6.md: manoeuvre {name} missing"
        kind, provokes, values, action = rows[name]
        assert (kind, provokes) == (data["type"], data["provokes"]), name
        if "ocv" in data or "dcv" in data:  # E1: HERO's modifiers, as the content file has them
            assert values == f"{data.get('ocv', 0):+d} / {data.get('dcv', 0):+d}", name
        if data.get("verb"):
            assert f"`{data['verb']}" in action, f"{name}: its action `{data['verb']}` is not named"
        else:
            assert action == "—" or "no verb" in action, f"{name} has no verb but the docs name an action"


def test_not_supported_manoeuvres_have_no_verb() -> None:
    """The rows the docs call unsupported are not reachable through any action."""
    unsupported = ["grab", "other-attack", "move-by", "move-through", "rapid-fire", "sweep", "mount",
                   "heavy-object", "noncombat-move", "presence", "multipower", "brace"]  # fmt: skip
    maneuvers = content("maneuvers")
    for name in unsupported:
        assert not maneuvers[name].get("verb"), name
        assert name not in TURN_VERBS, name


def test_every_template_and_weapon_is_listed() -> None:
    """The sample section lists every character template and weapon of the content files."""
    rows = table_rows(DOC.section("Sample characters and weapons"))
    for name in [*content("characters"), *content("weapons")]:
        assert name in rows, f"docs/systems/phase3d6.md does not list {name}"


def test_the_template_table_matches_the_content() -> None:
    """The numbers in the template table are those of content/characters.yaml."""
    rows = table_rows(DOC.section("Sample characters and weapons"))
    for name, data in content("characters").items():
        cv, reflexes, move, vitals = rows[name][:4]
        assert cv == str(data["cv"]) and move == str(data["move"]), name
        assert reflexes == str(data.get("lightning_reflexes", "—")), name
        numbers = " / ".join(str(data[k]) for k in ("stun", "body", "con", "rec", "pd"))
        assert vitals == numbers, name


def test_the_weapon_table_matches_the_content() -> None:
    """The weapon table gives each weapon's kind, damage, OCV, range and ammunition as the content file."""
    rows = table_rows(DOC.section("Sample characters and weapons"))
    for name, data in content("weapons").items():
        kind, damage, ocv, reach, ammo = rows[name]
        assert (kind, damage) == (data["kind"], data["damage"]), name
        assert ocv == (f"{data['ocv']:+d}" if data.get("ocv") else ""), name
        assert (reach, ammo) == (str(data.get("range", "")), str(data.get("ammo", ""))), name


def test_every_ruling_names_its_option() -> None:
    """Rulings E1-E15 each have a row naming an option that implements it; E16-E19 (issue 14 points 1 and 7)
    are stated choices, each with a row and its seed lines in the text below the table."""
    section = "Rulings E1-E19"
    assert DOC.rulings_without_option("E", 15, Phase3d6Options, section) == []
    text = DOC.section(section)
    for n in range(16, 20):
        assert re.search(rf"^\| E{n} \|.*\| stated choice \|$", text, re.MULTILINE), f"E{n}"
        assert re.search(rf"^- \*\*E{n}, .*\(l\.\d+", text, re.MULTILINE | re.DOTALL), f"E{n}"


def test_every_rule_has_a_module_row() -> None:
    """Rules 1-21 are each covered by a row of the rule -> module map (single numbers or ranges)."""
    assert DOC.rules_without_module(21) == []


def test_every_module_reference_exists() -> None:
    """Each `module.name` of the rule -> module map is a real attribute (the map follows the code)."""
    for ref in re.findall(r"`(\w+(?:\.\w+)+)`", DOC.section("Rule → module")):
        head, *rest = ref.split(".")
        if head == "TurnOrder":
            target: object = TurnOrder
        else:
            target = importlib.import_module(f"tactica.systems.phase3d6.{head}")
        for part in rest:
            assert hasattr(target, part), f"docs/systems/phase3d6.md names {ref}, which does not exist"
            target = getattr(target, part)


def test_the_setup_example_builds_a_fight() -> None:
    """The YAML under 'Writing a Phase 3d6 setup' is a valid setup; the unaware orc makes a Surprise Phase."""
    data = DOC.yaml_example("Writing a Phase 3d6 setup")
    fight = Fight.new(get_system("phase3d6"), data, seed=1)
    state = fight.state
    assert set(state.fighters) == {"ana", "bo", "orc"}  # type: ignore[attr-defined]
    assert state.order.round == 0  # rule 4: the Surprise Phase
    assert state.order.slots[0].key == "ana"  # the fixed score 9


def test_the_sheet_defaults_are_documented() -> None:
    """E1: every sheet field is in the table with the default the code gives it."""
    rows = table_rows(DOC.section("Writing a Phase 3d6 setup"))
    for name, field in Character.model_fields.items():
        if name == "name":
            continue
        assert name in rows, f"sheet field {name} undocumented"
        if field.default is None or name == "weapons":
            continue
        default = str(field.default).lower() if isinstance(field.default, bool) else str(field.default)
        assert f"`{default}`" in rows[name][0], (
            f"sheet field {name}: default {default} not in {rows[name][0]}"
        )


def test_the_examples_verify() -> None:
    """Every executable example of examples/phase3d6/ passes `tactica verify`."""
    reports = verify([EXAMPLES])
    assert len(reports) >= 6
    for report in reports:
        assert report.passed, report.to_dict()
