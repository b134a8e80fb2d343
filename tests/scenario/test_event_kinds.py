"""Issue 15 point 1: expectations name the event kinds of the scenario's own system, and each system's doc
lists them with their fields (generated from the event classes, so it cannot drift)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactica.scenario import ScenarioError, load_scenario_text
from tactica.scenario.event_docs import event_table, main
from tactica.systems import all_systems, get_system

DOCS = Path(__file__).resolve().parents[2] / "docs" / "systems"

SRB = """\
system: srb
map: {text: ". . . ."}
combatants:
  - {id: vex, side: a, at: [0, 0], template: raider}
  - {id: rook, side: b, at: [3, 0], template: raider}
initiative: {vex: 20, rook: 5}
script:
  - vex attack rook with pistol
expect:
  - event: EVENT
"""


def problems(event: str) -> list[str]:
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(SRB.replace("EVENT", event), "srb.yaml")
    return [str(p) for p in caught.value.problems]


@pytest.mark.parametrize("system", [s.id for s in all_systems()])
def test_each_system_doc_lists_its_event_kinds_as_the_code_has_them(system: str) -> None:
    """Issue 15 point 1: docs/systems/<s>.md holds the table generated from the system's event classes
    (regenerate with `python -m tactica.scenario.event_docs docs/systems`)."""
    doc = (DOCS / f"{system}.md").read_text(encoding="utf-8")
    assert event_table(get_system(system)) in doc, f"docs/systems/{system}.md: the events table is stale"


def test_the_table_names_every_kind_and_field_of_the_system_and_no_other_system() -> None:
    """Issue 15 point 1: Star Rangers' table has SrbAttackRolled with its fields, not FuturePath's
    AttackRolled."""
    table = event_table(get_system("srb"))
    assert "| `SrbAttackRolled` | `attacker: str`, `target: str`, `weapon: str`," in table
    assert "| `TurnStarted` |" in table and "`AttackRolled`" not in table


def test_an_event_kind_of_another_system_is_refused_with_the_closest_kind_of_this_one() -> None:
    """Issue 15 point 1: `kind: AttackRolled` in a Star Rangers file was accepted (it is FuturePath's), then
    failed in verify; now the loader refuses it at its line, suggesting the Star Rangers kind."""
    [problem] = problems("{kind: AttackRolled, attacker: vex}")
    assert problem.startswith("srb.yaml:10: expect[0].event: unknown event kind 'AttackRolled' in srb;")
    assert "did you mean 'SrbAttackRolled'" in problem and "docs/systems/srb.md#events" in problem


def test_an_unknown_kind_with_nothing_close_lists_this_systems_kinds_only() -> None:
    """Issue 15 point 1: the list names Star Rangers' kinds (not ~120 of every system)."""
    [problem] = problems("{kind: Zap}")
    assert "its kinds: ActionTaken, FightEnded," in problem and "SrbActionPaid" in problem
    assert "OpportunityRaised" not in problem and "did you mean" not in problem


def test_a_misspelt_field_suggests_the_closest_field_of_that_kind() -> None:
    """Issue 15 point 1: the kind's fields are checked, with the closest one suggested."""
    [problem] = problems("{kind: SrbAttackRolled, attackr: vex}")
    assert (
        "SrbAttackRolled has no field 'attackr'; did you mean 'attacker'? fields: attacker, target,"
        in problem
    )


def test_the_generator_refuses_a_folder_without_the_docs_in_one_line_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """House rule (bad input, no traceback): `event_docs --help`'s folder, or one missing a system's doc, is
    one message naming what is missing (exit status 2); no doc is written when one is missing."""
    (tmp_path / "srb.md").write_text("# Star Rangers\n", encoding="utf-8")
    assert main([str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "futurepath.md" in err and "srb.md" not in err
    assert (tmp_path / "srb.md").read_text(encoding="utf-8") == "# Star Rangers\n"
    with pytest.raises(SystemExit) as asked:
        main(["--help"])
    assert asked.value.code == 0 and "folder" in capsys.readouterr().out
