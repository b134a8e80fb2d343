"""The command line through typer's CliRunner: each command, exit codes, and bad input (exit 2, one paragraph
on stderr naming the place, never a traceback)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tactica.cli import app
from tests.scenario.helpers import BASE, DUEL, line_of, with_script, write

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "futurepath" / "basics.yaml"
runner = CliRunner()


def invoke(*args: str | Path) -> Result:
    return runner.invoke(app, [str(a) for a in args])


def assert_bad_input(result: Result, *needles: str) -> str:
    """Exit 2, nothing but 'error:' lines on stderr, no traceback; returns stderr."""
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert lines and all(line.startswith("error: ") for line in lines), result.stderr
    for needle in needles:
        assert needle in result.stderr
    return result.stderr


def test_systems_lists_every_registered_system() -> None:
    result = invoke("systems")
    assert result.exit_code == 0 and result.stdout.startswith("farrecon")
    assert "\nthrum" in result.stdout and "THRUM" in result.stdout
    data = json.loads(invoke("systems", "--json").stdout)
    assert [d["id"] for d in data] == ["farrecon", "futurepath", "phase3d6", "srb", "thrum"]
    assert set(data[0]) == {"id", "name", "version"}


def test_demo_runs_to_an_outcome() -> None:
    result = invoke("demo", "--seed", "3")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("Warehouse skirmish — FuturePath, seed 3")
    assert "Round 1 — team" in out and "Map at the start of round 2:" in out
    assert out.strip().splitlines()[-1].startswith("Outcome: ")
    assert "Fight over:" in out


def test_demo_json_and_an_unknown_system() -> None:
    data = json.loads(invoke("demo", "futurepath", "--rounds", "2", "--json").stdout)
    assert data["outcome"]["round"] <= 3 and data["system"] == "futurepath"
    assert_bad_input(
        invoke("demo", "chess"),
        "unknown rule system 'chess'; registered systems: farrecon, futurepath, phase3d6, srb, thrum",
    )


def test_thrum_demo_plays_to_its_end() -> None:
    """Issue 3: `tactica demo thrum` plays a fight to its end, with Round Zero, rounds and the map."""
    result = invoke("demo", "thrum")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("THRUM demo — ambush at the ridge — THRUM, seed 11")
    assert "Round 0 — " in out and "Round 1 — " in out and "takes the" in out and "stance" in out
    assert "declares" in out and "Map at the start of round 2:" in out
    assert "Fight over:" in out and out.strip().splitlines()[-1].startswith("Outcome: ")


def test_fight_json_parses(tmp_path: Path) -> None:
    path = write(tmp_path, DUEL)
    result = invoke("fight", path, "--json", "--seed", "4", "--ai", "red=random")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["outcome"]["winner"] in ("red", "blue") and data["ai"] == {"red": "random", "blue": "default"}
    assert data["actions"] and data["events"][0]["event"] == "FightStarted"


def test_fight_reads_as_a_log(tmp_path: Path) -> None:
    result = invoke("fight", write(tmp_path, DUEL), "--seed", "4")
    assert result.exit_code == 0
    assert "Round 1 — team red" in result.stdout and "Outcome:" in result.stdout


def test_fight_ai_names_are_checked(tmp_path: Path) -> None:
    path = write(tmp_path, DUEL)
    assert_bad_input(
        invoke("fight", path, "--ai", "smart"),
        "unknown AI 'smart'",
        "AIs: random, blast, default, search, trading-blows",
    )
    assert_bad_input(invoke("fight", path, "--ai", "green=random"), "no side 'green'", "sides: red, blue")


def test_verify_exit_codes(tmp_path: Path) -> None:
    passing = invoke("verify", EXAMPLE)
    assert passing.exit_code == 0, passing.output
    assert "pass  line" in passing.stdout and "0 failed" in passing.stdout
    failing = write(tmp_path, with_script(expect="  - state: {vex.hp: 17}\n"))
    result = invoke("verify", failing)
    assert result.exit_code == 1
    assert "FAIL  line" in result.stdout and "vex.hp: expected 17, got 18" in result.stdout
    data = json.loads(invoke("verify", failing, "--json").stdout)
    assert data["files"][0]["results"][0]["actual"] == {"vex.hp": 18}


def test_verify_fails_a_scenario_whose_scripted_dice_are_not_all_rolled(tmp_path: Path) -> None:
    """Issue 14 point 10: unused faces make `verify` exit 1 with a FAIL line that names them."""
    text = with_script("vex attack rook with rifle", dice="[15, 3, 4, 19]")
    result = invoke("verify", write(tmp_path, text))
    assert result.exit_code == 1, result.output
    line = line_of(text, "dice:")
    assert f"  FAIL  line {line}  dice all 4 scripted faces rolled\n" in result.stdout
    assert f"1 of the 4 scripted faces was never rolled: dice[3]=19 (line {line});" in result.stdout
    assert "1 expectations: 0 passed, 1 failed" in result.stdout


def test_verify_a_folder_with_a_bad_file_exits_2(tmp_path: Path) -> None:
    write(tmp_path, with_script(expect="  - state: {vex.hp: 18}\n"), "good.yaml")
    write(tmp_path, with_script("vex fly"), "bad.yaml")
    result = invoke("verify", tmp_path)
    assert result.exit_code == 2
    assert "1 passed" in result.stdout and "1 with errors" in result.stdout
    assert "bad.yaml:" in result.stderr and "unknown action 'fly'" in result.stderr


def test_check_reports(tmp_path: Path) -> None:
    result = invoke("check", EXAMPLE)
    assert result.exit_code == 0 and result.stdout.startswith("ok: ")
    bad = write(tmp_path, with_script("vex attack rook with", expect="  - stat: {}\n"))
    stderr = assert_bad_input(invoke("check", bad), "'with' needs an item name", "unknown expectation 'stat'")
    assert len(stderr.strip().splitlines()) == 2
    data = json.loads(invoke("check", bad, "--json").stdout)
    assert data[0]["ok"] is False and len(data[0]["problems"]) == 2


BAD_INPUTS = {
    "truncated YAML": (BASE[: BASE.index("template: gunslinger")], "id: rook", "not valid YAML"),
    "unknown weapon": (
        BASE.replace("template: brawler}", "template: brawler, weapons: [lazer]}"),
        "lazer",
        "combatants[1].weapons[0]: unknown weapon 'lazer'; known: ",
    ),
    "position off the map": (
        BASE.replace("at: b,", "at: [30, 2],"),
        "[30, 2]",
        "combatants[2].at: position [30, 2] is off the map (x 0-6, y 0-2)",
    ),
    "illegal action": (
        with_script("vex attack rook with rifle", "vex sprint @3,0"),
        "vex sprint",
        "script[1]: illegal action 'vex sprint @3,0': Sprint is a Full-Round action",
    ),
    "dice running out": (
        with_script("vex attack rook with rifle", dice="{faces: [15], then: stop}"),
        "vex attack",
        "script[0]: scripted dice ran out",
    ),
}


#: fight ignores the script and check does not run it, so script failures are for verify and play; play goes
#: on with seeded dice after the scripted faces, so running out is verify's alone.
COMMANDS_FOR = {"illegal action": ("verify", "play"), "dice running out": ("verify",)}
COMBINATIONS = [
    (command, case)
    for case in BAD_INPUTS
    for command in COMMANDS_FOR.get(case, ("verify", "play", "fight", "check"))
]


@pytest.mark.parametrize(("command", "case"), COMBINATIONS)
def test_bad_input_exits_2_with_one_paragraph(tmp_path: Path, command: str, case: str) -> None:
    text, needle, message = BAD_INPUTS[case]
    path = write(tmp_path, text)
    assert_bad_input(invoke(command, path), f"{path}:{line_of(text, needle)}", message)


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    for command in ("verify", "fight", "play", "check"):
        assert_bad_input(invoke(command, tmp_path / "nowhere.yaml"), "nowhere.yaml: no such file")


def test_json_errors_are_data_on_stdout(tmp_path: Path) -> None:
    result = invoke("fight", tmp_path / "nowhere.yaml", "--json")
    assert result.exit_code == 2 and "no such file" in json.loads(result.stdout)["error"][0]


def test_fight_plays_on_the_seed_whatever_faces_are_scripted(tmp_path: Path) -> None:
    """Issue 14 point 12 (this test asserted only that an outcome exists): `fight` ignores the scripted
    faces, so faces scripted with 'then: stop' never run out, and the fight is the same fight, action for
    action and face for face, as the scenario without them on the same seed."""
    scripted = invoke("fight", write(tmp_path, DUEL + "dice: {faces: [1], then: stop}\n", "a.yaml"), "--json")
    plain = invoke("fight", write(tmp_path, DUEL, "b.yaml"), "--json")
    assert scripted.exit_code == 0, scripted.output
    data, expected = json.loads(scripted.stdout), json.loads(plain.stdout)
    assert data["actions"] and data["outcome"]["winner"] in ("red", "blue")
    assert (data["actions"], data["events"]) == (expected["actions"], expected["events"])


def test_fight_ignores_the_scripted_faces(tmp_path: Path) -> None:
    """A scenario's faces fit its script, not the AI's rolls: `fight` plays on seeded dice only."""
    path = write(tmp_path, with_script("vex attack rook with rifle", dice="{faces: [15, 99], then: stop}"))
    result = invoke("fight", path, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["outcome"] is not None


THRUM = """\
system: thrum
map:
  text: |
    . . . . . .
    . . . . . .
combatants:
  - {id: ana, side: heroes, at: [0, 0], template: warden}
  - {id: orc, side: raiders, at: [5, 1], template: raider}
initiative: {ana: 12, orc: 3}
options: {round_zero: false}
seed: 2
script:
"""
THRUM_BAD = {
    "unknown stance": (
        "  - ana stance dance\n",
        "ana stance dance",
        "unknown stance 'dance' for ana; its stances:",
    ),
    "line not straight": (
        "  - ana lance @1,0 to @3,1\n",
        "ana lance",
        "a Line 4 must run along one row, column or diagonal",
    ),
    "move after acting": (
        "  - ana dash @1,0\n  - ana move @2,0\n",
        "ana move",
        "ana stopped moving to take its Action; it cannot move again this turn (THRUM 10)",
    ),
}


@pytest.mark.parametrize("case", sorted(THRUM_BAD))
def test_bad_thrum_input_is_refused_with_the_reason(tmp_path: Path, case: str) -> None:
    """Issue 3: an unknown stance, a Line that is not straight and a move after the Action are refused."""
    script, needle, message = THRUM_BAD[case]
    text = THRUM + script
    path = write(tmp_path, text)
    assert_bad_input(invoke("verify", path), f"{path}:{line_of(text, needle)}", "illegal action", message)


def test_verify_log_shows_the_trigger_and_the_declared_defence() -> None:
    """Issue 3: the log of a scenario makes a stance trigger and a defence declared before the roll visible."""
    path = Path(__file__).resolve().parents[2] / "examples" / "thrum" / "triggers.yaml"
    result = invoke("verify", "--log", str(path))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "the log" in out and "Riposte triggers on orc → duel" in out
    trigger = out.index("Protect triggers on duel → orc")
    declared = out.index("orc declares Resilience against duel (before the roll)")
    rolled = out.index("duel Riposte strike attack on orc: 2d6")
    assert trigger < declared < rolled


def test_phase3d6_demo_plays_to_its_end_on_a_hex_map() -> None:
    """Issue 4: `tactica demo phase3d6` plays a fight to its end on a hex map shown in the log."""
    result = invoke("demo", "phase3d6")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("Phase 3d6 demo — brawl at the crossroads — Phase 3d6, seed 4")
    assert "\n1  . " in out or "\n1  " in out  # row 1 of the hex map is indented half a hex
    assert "Surprise Phase" in out and "Turn 1, Phase 1" in out and "Post-Turn 1" in out
    assert "may make an attack of opportunity" in out
    assert "Fight over:" in out and out.strip().splitlines()[-1].startswith("Outcome: ")


def test_srb_demo_plays_to_its_end() -> None:
    """Issue 5: `tactica demo srb` plays a Star Rangers fight to its end."""
    result = invoke("demo", "srb")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Star Rangers" in out.splitlines()[0] and "Initiative:" in out
    assert "Fight over:" in out and out.strip().splitlines()[-1].startswith("Outcome: ")


def test_farrecon_demo_plays_to_its_end() -> None:
    """Issue 5: `tactica demo farrecon` plays a Far Recon fight to its end."""
    result = invoke("demo", "farrecon")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Far Recon" in out.splitlines()[0] and "Initiative:" in out
    assert "Fight over:" in out and out.strip().splitlines()[-1].startswith("Outcome: ")
