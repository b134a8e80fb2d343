"""Issue 15 points 1-5, "Writing a scenario", through the command line: what a newcomer meets while writing a
scenario file, each problem as one located message with what would be valid, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

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


BAD_SETUP = """\
system: futurepath
map: {text: "a . b"}
options: {foo: 1, max_round: 3}
combatants:
  - {id: vex, side: red, at: a, template: duelist, hpp: 3}
  - {id: rook, side: blue, at: b, template: trooper, weapons: [lazer]}
  - {id: ash, side: blue, at: z, template: medic}
"""


def test_check_takes_a_folder_like_verify(tmp_path: Path) -> None:
    """Issue 15 point 3: `tactica check DIR` finds the scenario files as `verify` does (YAML with a `system`
    key, recursively), and every example checks clean (no state path refused that only appears later)."""
    write(tmp_path, BAD_SETUP, "bad.yaml")
    (tmp_path / "sub").mkdir()
    good = (EXAMPLES / "futurepath" / "duel.yaml").read_text(encoding="utf-8")
    write(tmp_path / "sub", good, "good.yaml")
    write(tmp_path, "just: data\n", "other.yaml")
    result = invoke("check", tmp_path)
    stderr = assert_bad_input(result, f"{tmp_path / 'bad.yaml'}:3: options.foo")
    assert f"ok: {tmp_path / 'sub' / 'good.yaml'} — Duel" in result.stdout and "other.yaml" not in stderr
    assert invoke("check", EXAMPLES).exit_code == 0
    assert_bad_input(invoke("check", tmp_path / "sub" / "nothing"), "nothing")


def test_check_reports_every_setup_error_of_a_file_at_once(tmp_path: Path) -> None:
    """Issue 15 point 3: two bad options, a bad field, an unknown weapon and a missing marker, in three
    combatants: each one reported at its own line (only the first was before)."""
    path = write(tmp_path, BAD_SETUP)
    stderr = assert_bad_input(invoke("check", path))
    spots = [line.split(": ")[1] for line in stderr.strip().splitlines()]
    assert spots == [
        f"{path}:3",
        f"{path}:3",
        f"{path}:5",
        f"{path}:6",
        f"{path}:7",
    ], stderr
    for needle in (
        "options.foo",
        "options.max_round",
        "combatants[0].hpp",
        "weapons[0]: unknown weapon",
        "'z'",
    ):
        assert needle in stderr


def test_an_unknown_option_lists_the_systems_options_with_the_closest(tmp_path: Path) -> None:
    """Issue 15 point 4: `--vary options.foo=1` lists the system's options; a near miss is named."""
    duel = EXAMPLES / "futurepath" / "duel.yaml"
    stderr = assert_bad_input(invoke("sweep", duel, "--vary", "options.foo=1", "-n", "2"))
    assert "options.foo: unknown field; valid: accuracy_bonus_always, acrobatics_dc," in stderr
    assert "more: docs/systems/futurepath.md#rule-options)" in stderr
    assert_bad_input(
        invoke("sweep", duel, "--vary", "options.max_round=1", "-n", "2"), "did you mean 'max_rounds'?"
    )


def test_an_unknown_combatant_field_lists_that_systems_fields_with_the_closest(tmp_path: Path) -> None:
    """Issue 15 point 4: a misspelt combatant field names the closest field of that system, sheet or
    combatant (`template`), and lists them."""
    path = write(
        tmp_path,
        BAD_SETUP.replace("hpp: 3", "tempalte: brawler").replace("options: {foo: 1, max_round: 3}\n", ""),
    )
    stderr = assert_bad_input(invoke("check", path))
    assert f"{path}:4: combatants[0].tempalte: unknown field; did you mean 'template'? valid: ac," in stderr
    phase = write(
        tmp_path,
        "system: phase3d6\nmap: {text: 'a . b'}\ncombatants:\n"
        "  - {id: vex, side: red, at: a, template: brick, body_nw: 3}\n"
        "  - {id: rook, side: blue, at: b, template: brick}\n",
        "phase.yaml",
    )
    assert_bad_input(
        invoke("check", phase),
        "body_nw: unknown field; did you mean 'body_now' or 'body'?",
        "docs/systems/phase3d6.md",
    )


TURN_ORDER = """\
system: SYSTEM
map: {text: "a . . . b"}
combatants:
  - {id: lee, side: red, at: a, template: TEMPLATE}
  - {id: tor, side: blue, at: b, template: TEMPLATE}
script:
  - tor end
"""
TEMPLATES = {
    "futurepath": "duelist",
    "srb": "raider",
    "thrum": "brawler",
    "farrecon": "operative",
    "phase3d6": "thug",
}


@pytest.mark.parametrize("system", sorted(TEMPLATES))
def test_a_script_that_needs_a_fixed_initiative_says_how_to_fix_it(tmp_path: Path, system: str) -> None:
    """Issue 15 point 5: "it is lee's turn, not tor's" said nothing of the initiative the file left to the
    rules; the error now names who it put first and an `initiative:` that puts tor first, and that fix
    (by side in FuturePath, by combatant elsewhere) makes the script run."""
    text = TURN_ORDER.replace("SYSTEM", system).replace("TEMPLATE", TEMPLATES[system])
    for seed in range(20):
        path = write(tmp_path, f"{text}seed: {seed}\n")
        result = invoke("verify", path)
        if result.exit_code == 2:
            break
    stderr = assert_bad_input(
        result, f"{path}:7: script[0]: illegal action 'tor end'", "the initiative put lee first"
    )
    fix = stderr.split("give `")[1].split("`")[0]
    assert fix == (
        "initiative: {blue: 2, red: 1}" if system == "futurepath" else "initiative: {tor: 2, lee: 1}"
    )
    assert "docs/scenarios.md#fixing-the-initiative" in stderr
    write(tmp_path, f"{text}{fix}\n")
    assert invoke("verify", path).exit_code == 0
