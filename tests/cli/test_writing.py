"""Issue 15 points 1-5, "Writing a scenario", through the command line: what a newcomer meets while writing a
scenario file, each problem as one located message with what would be valid, never a traceback."""

from __future__ import annotations

from pathlib import Path

from tests.cli.test_commands import assert_bad_input, invoke
from tests.scenario.helpers import write

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_check_refuses_an_event_kind_of_another_system_at_its_line(tmp_path: Path) -> None:
    """Issue 15 point 1: `kind: AttackRolled` (FuturePath's) in a Star Rangers file passed `check` and then
    failed in `verify`; `check` now names the Star Rangers kind."""
    path = write(
        tmp_path,
        "system: srb\nmap: {text: '. . . .'}\ncombatants:\n"
        "  - {id: vex, side: a, at: [0, 0], template: raider}\n"
        "  - {id: rook, side: b, at: [3, 0], template: raider}\n"
        "expect:\n  - event: {kind: AttackRolled, attacker: vex}\n",
    )
    assert_bad_input(
        invoke("check", path),
        f"{path}:7: expect[0].event: unknown event kind 'AttackRolled' in srb; did you mean",
    )


def test_the_designers_doc_sweep_over_weapons_runs() -> None:
    """Issue 15 point 2: `--vary "combatants.vex.weapons=[rifle],[shotgun]"` (docs/designers.md) failed with
    "drawn: 'rifle' is not among its weapons": vex (a trooper) now draws the shotgun it is given."""
    skirmish = EXAMPLES / "futurepath" / "skirmish.yaml"
    vary = "combatants.vex.weapons=[rifle],[shotgun]"
    result = invoke(
        "sweep", skirmish, "--vary", vary, "--vary", "options.max_rounds=1", "-n", "2", "--workers", "1"
    )
    assert result.exit_code == 0, result.output
    assert "['shotgun']" in result.stdout


def test_a_sweep_over_weapons_drops_a_drawn_weapon_the_file_gives_and_no_longer_carried(
    tmp_path: Path,
) -> None:
    """Issue 15 point 2 (Star Rangers, drawn in the file): varying `weapons` to a list without the `drawn`
    pistol falls back to the first new weapon instead of failing."""
    path = write(
        tmp_path,
        "system: srb\nmap: {text: '. . . .'}\noptions: {max_rounds: 1}\ncombatants:\n"
        "  - {id: vex, side: a, at: [0, 0], template: raider, drawn: pistol}\n"
        "  - {id: rook, side: b, at: [3, 0], template: raider}\n",
    )
    result = invoke("sweep", path, "--vary", "combatants.vex.weapons=[knife]", "-n", "2", "--workers", "1")
    assert result.exit_code == 0, result.output
