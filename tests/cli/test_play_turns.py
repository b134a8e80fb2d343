"""``tactica play`` (issue 15 points 6-11): squares asked again, menus by verb with what the turn has used,
save and ``--load``, title and map before manual dice, each system's own words."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tactica.cli import app
from tactica.cli.play_budget import budget_lines
from tactica.cli.play_menu import menu
from tactica.dice import SeededDice
from tactica.engine import Fight
from tactica.render.turn import turn_line
from tactica.scenario import load_scenario, load_scenario_text, play_script, start_fight
from tests.cli.test_play import new_fight, route, session
from tests.scenario.helpers import BASE, write

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

#: Phase 3d6 on hexes: ana (fixed initiative 10) acts first in Phase 3 of Turn 1.
HEXES = """\
name: Hex duel
system: phase3d6
map:
  text: |
    . . . . . . .
     . . . . . . .
      . . . . . . .
combatants:
  - {id: ana, side: heroes, at: [0, 0], cv: 5}
  - {id: orc, side: raiders, at: [6, 2], cv: 3}
initiative: {ana: 10, orc: 1}
"""


def hex_fight() -> Fight:
    return start_fight(load_scenario_text(HEXES, "hex.yaml"))


def test_a_refused_destination_asks_again_for_the_square() -> None:
    """Issue 15 point 6: after '@9,9 is off the map' the square is asked again, not the main menu."""
    fight = new_fight()
    play, table = session(fight, *route(fight, "kat move @X,Y"), "9,9", "4,2", "quit")
    play.run()
    assert any(line.startswith("not allowed: ") and "9,9" in line for line in table.said)
    assert str(fight.history[-1]) == "kat move @4,2"
    assert table.prompts[2] == table.prompts[3] and table.prompts[3].startswith("destination square")


def test_enter_at_the_square_goes_back_to_the_main_menu() -> None:
    """Issue 15 point 6: Enter (or 'back') at a second prompt returns to the main menu, nothing taken."""
    fight = new_fight()
    play, table = session(fight, *route(fight, "kat move @X,Y"), "", "vex end", "quit")
    play.run()
    assert [str(a) for a in fight.history] == ["vex end"]
    assert table.prompts[3] == "> "


def test_a_team_of_four_gets_a_short_menu() -> None:
    """Issue 15 point 7: FuturePath's skirmish (2,600+ legal actions for a team of four) fits one screen."""
    fight = start_fight(load_scenario(EXAMPLES / "futurepath" / "skirmish.yaml"))
    assert len(fight.legal_actions()) > 1000
    assert len(menu(fight)) <= 20


def test_a_phase3d6_character_gets_one_entry_per_verb() -> None:
    """Issue 15 point 7: 43-60 actions of one Phase 3d6 character become one entry per verb."""
    fight = start_fight(load_scenario(EXAMPLES / "phase3d6" / "actions.yaml"))
    verbs = {a.verb for a in fight.legal_actions()}
    assert len(fight.legal_actions()) > 40 and len(menu(fight)) == len(verbs) <= 12


def test_the_budget_line_says_what_the_turn_has_used() -> None:
    """Issue 15 point 7: FuturePath 4 in its terms: a Standard action used (from observe(), not computed)."""
    fight = new_fight()
    assert budget_lines(fight) == ["  vex this turn: nothing used yet", "  kat this turn: nothing used yet"]
    fight.apply("vex attack rook with rifle")
    assert budget_lines(fight)[0] == "  vex this turn: Standard action used"


def test_phase3d6_budget_is_per_phase_and_thrum_says_it_in_its_turn_line() -> None:
    """Issue 15 points 7 and 11: Phase 3d6 spends by Phase (move actions, hexes); THRUM's turn line says what
    is left ('Move and Action left'), so no second line."""
    fight = hex_fight()
    fight.apply("ana move @2,0")
    assert budget_lines(fight) == ["  ana this Phase: 1 move action used; 2 hexes moved"]
    thrum = start_fight(load_scenario(EXAMPLES / "thrum" / "flow.yaml"))
    assert budget_lines(thrum) == []


def test_phase3d6_says_turns_phases_and_hexes() -> None:
    """Issue 15 point 11: Phase 3d6's prompt uses its log's words: 'Turn 1, Phase 3' and 'hexes'."""
    fight = hex_fight()
    play, table = session(fight, *route(fight, "ana move @X,Y"), "quit")
    play.run()
    assert table.said[0].startswith("Turn 1, Phase 1 — ana acts")
    assert any("ana move @X,Y — " in line and " hexes, e.g. @" in line for line in table.said)
    assert table.prompts[1] == "destination hex for 'ana move' (X,Y; Enter to go back): "
    assert not any("Round" in line or "square" in line for line in table.said + table.prompts)


def test_save_writes_the_fight_and_load_resumes_it(tmp_path: Path) -> None:
    """Issue 15 point 8: 'save FILE' writes the engine's save format; 'play --load FILE' resumes there."""
    fight = new_fight()
    saved = tmp_path / "fight.json"
    play, table = session(fight, "vex attack rook with rifle", f"save {saved}", "quit", "")
    play.run()
    assert f"saved to {saved} (resume with: tactica play --load {saved})" in table.said
    assert Fight.from_dict(json.loads(saved.read_text()), fight.system).to_json() == fight.to_json()
    result = CliRunner().invoke(app, ["play", "--load", str(saved)], input="kat end\n")
    assert result.exit_code == 0, result.output
    assert "resumed after 1 actions" in result.stdout and "rook HP 12" in result.stdout
    assert "> kat end" in result.stdout and "  kat ends the turn" in result.stdout


def test_quit_offers_to_save(tmp_path: Path) -> None:
    """Issue 15 point 8: 'quit' asks whether to save; 'y' writes the session's save file."""
    fight = new_fight()
    play, table = session(fight, "vex end", "quit", "y")
    play.save_to = tmp_path / "test.save.json"
    assert play.run() == "quit"
    assert table.prompts[-1].startswith("save the fight before quitting? (y: ")
    assert json.loads(play.save_to.read_text())["actions"] == ["vex end"]


def test_a_bad_save_file_is_one_message(tmp_path: Path) -> None:
    """Issue 15 point 8 and the house rules: a save that cannot be written, or a bad --load, is one line."""
    play, table = session(new_fight(), f"save {tmp_path}/no/such/dir/x.json", "quit")
    play.run()
    assert any(line.startswith(f"could not save to {tmp_path}/no/such/dir/x.json: ") for line in table.said)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "tactica-fight/2"}')
    result = CliRunner().invoke(app, ["play", "--load", str(bad)])
    assert (
        result.exit_code == 2 and "the field 'system' must be a rule system id (text); got" in result.stderr
    )
    both = CliRunner().invoke(app, ["play", str(bad), "--load", str(bad)])
    assert both.exit_code == 2 and "one of them" in both.stderr


#: Star Rangers 1: initiative is rolled (d20 + DEX) as the fight starts.
ROLLED = """\
name: Rolled start
system: srb
map:
  text: |
    . . .
combatants:
  - {id: ana, side: red, at: [0, 0], weapons: [knife]}
  - {id: orc, side: blue, at: [2, 0], weapons: [knife]}
"""


def test_title_and_opening_map_come_before_manual_dice(tmp_path: Path) -> None:
    """Issue 15 point 10: with initiative rolled by hand, the title and the starting map come before the
    first roll is asked for."""
    path = write(tmp_path, ROLLED)
    result = CliRunner().invoke(app, ["play", str(path), "--dice", "manual"], input="20\n1\n")
    out = result.stdout
    assert result.exit_code == 0, result.output
    assert out.index("Rolled start — Star Rangers") < out.index("0 A.o") < out.index("roll 1d20 for ")
    assert "Initiative" in out[out.index("roll 1d20 for ") :]


def test_the_opening_map_shows_the_start_then_the_scripted_steps(tmp_path: Path) -> None:
    """Issue 15 point 10: the first map is the start (kat at @5,2), then the script's log, then the map
    where the script left the fight (kat at @4,2)."""
    path = write(tmp_path, BASE + "script:\n  - kat move @4,2\n")
    out = CliRunner().invoke(app, ["play", str(path)], input="").stdout
    assert out.index("Test — FuturePath") < out.index("2 r.~~.K.") < out.index("  kat moves to @4,2")
    assert out.index("  kat moves to @4,2") < out.index("2 r.~~K..")


def test_the_turn_line_is_the_prompt_heading_in_every_system() -> None:
    """Issue 15 point 11: the session's heading is the render helper's turn line, the log's own words."""
    for system, file in [("srb", "actions.yaml"), ("farrecon", "turns.yaml"), ("thrum", "flow.yaml")]:
        fight = start_fight(load_scenario(EXAMPLES / system / file))
        play, table = session(fight, "quit")
        play.run()
        assert table.said[0] == turn_line(fight)


def test_a_small_decision_lists_its_answers_at_once() -> None:
    """Issue 15 point 7: a THRUM defence (two answers) is listed as is, not as 'orc defend — 2 choices'
    to open first."""
    scenario = load_scenario(EXAMPLES / "thrum" / "flow.yaml")
    fight = start_fight(scenario)
    play_script(scenario, fight, scenario.script, lambda _results: None)
    fight.apply("ana basic-attack orc")
    labels = [e.label for e in menu(fight)]
    assert labels == [str(a) for a in fight.legal_actions()] and labels[0].startswith("orc defend ")


def test_thrum_says_no_move_is_left_once_the_action_is_taken() -> None:
    """Issue 15 point 7 and THRUM 10: after its Action a character moves no more, so the turn line does
    not offer a Move the menu lacks."""
    scenario = load_scenario(EXAMPLES / "thrum" / "flow.yaml")
    fight = start_fight(scenario, then=SeededDice(1))
    play_script(scenario, fight, scenario.script, lambda _results: None)
    for action in ("ana basic-attack orc", "orc defend +evasion"):
        fight.apply(action)
    assert turn_line(fight).endswith("(heroes; stance brace; Move and Action used)")
    assert not any(a.verb == "move" for a in fight.legal_actions())


def test_a_loaded_fight_rolls_by_hand_with_manual_dice(tmp_path: Path) -> None:
    """Issue 15 point 8: '--load SAVE --dice manual' replays the saved faces, then asks for each new roll."""
    saved = tmp_path / "start.json"
    saved.write_text(new_fight().to_json())
    answers = "vex attack rook with rifle\n15\n3\n4\n"
    result = CliRunner().invoke(app, ["play", "--load", str(saved), "--dice", "manual"], input=answers)
    assert result.exit_code == 0, result.output
    assert "roll 1d20 for " in result.stdout and "rook HP 12" in result.stdout
