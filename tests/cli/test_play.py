"""``tactica play``: the prompt functions driven with canned input (no terminal needed)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from typer.testing import CliRunner

from tactica.cli import app
from tactica.cli.play import Session, manual_dice, parse_faces, parse_square
from tactica.cli.play_menu import Entry, menu, menu_lines, submenu
from tactica.dice import D20
from tactica.engine import Fight
from tactica.render.turn import turn_line
from tactica.scenario import load_scenario_text, start_fight
from tests.scenario.helpers import with_script, write


class Table:
    """Canned answers in, printed lines out."""

    def __init__(self, *answers: str) -> None:
        self.answers: Iterator[str] = iter(answers)
        self.prompts: list[str] = []
        self.said: list[str] = []

    def ask(self, prompt: str) -> str:
        self.prompts.append(prompt)
        try:
            return next(self.answers)
        except StopIteration:
            raise EOFError from None

    def say(self, line: str) -> None:
        self.said.append(line)

    @property
    def text(self) -> str:
        return "\n".join(self.said)


def new_fight(dice: str = "[15, 3, 4]") -> Fight:
    return start_fight(load_scenario_text(with_script(dice=dice), "x.yaml"))


def session(fight: Fight, *answers: str) -> tuple[Session, Table]:
    table = Table(*answers)
    return Session(fight, table.ask, table.say), table


def route(fight: Fight, label: str, entries: list[Entry] | None = None) -> list[str]:
    """The numbers to type, through the main menu and any second menus, to reach the entry ``label``."""
    for number, entry in enumerate(entries if entries is not None else menu(fight), 1):
        if entry.label.startswith(label):
            return [str(number)]
        inner = route(fight, label, submenu(entry, "squares")) if entry.choices else []
        if inner:
            return [str(number), *inner]
    return []


def test_the_menu_shows_whose_decision_it_is_and_one_entry_per_verb() -> None:
    """Issue 15 point 7: one entry per verb; several actors of a verb open a second menu naming them."""
    fight = new_fight()
    assert turn_line(fight) == "Round 1 — team red's turn: vex, kat may act"
    entries = menu(fight)
    verbs = [e.verb for e in entries]
    assert len(verbs) == len(set(verbs)) < len(fight.legal_actions())
    move = next(e for e in entries if e.verb == "move")
    assert move.label == "move — vex, kat"
    inner = [e.label for e in submenu(move, "squares")]
    assert len(inner) == 2 and inner[1].startswith("kat move @X,Y — ") and "squares, e.g. @" in inner[1]
    assert (
        route(fight, "vex attack rook with rifle") and menu_lines(entries)[0].strip() == "1) move — vex, kat"
    )


def test_a_number_takes_that_action_and_shows_what_happened() -> None:
    fight = new_fight()
    play, table = session(fight, *route(fight, "vex attack rook with rifle"), "quit")
    assert play.run() == "quit"
    assert str(fight.history[-1]) == "vex attack rook with rifle"
    assert "  vex deals 4 (1d8: 4 ×1) to rook — rook HP 12" in table.said


def test_a_summarised_move_asks_for_the_destination() -> None:
    fight = new_fight()
    play, table = session(fight, *route(fight, "kat move @X,Y"), "4,2", "quit")
    play.run()
    assert str(fight.history[-1]) == "kat move @4,2"
    assert table.prompts[2] == "destination square for 'kat move' (X,Y; Enter to go back): "


def test_action_text_refusals_undo_board_log_and_help() -> None:
    """FuturePath 4: a Standard action then a Full-Round Sprint is refused with the rules' reason."""
    fight = new_fight()
    answers = ("vex attack rook with rifle", "vex sprint @3,0", "undo", "board", "log", "help", "99", "quit")
    play, table = session(fight, *answers)
    play.run()
    assert "not allowed: Sprint is a Full-Round action" in table.text
    assert "took back 'vex attack rook with rifle' (taking it again rolls the same dice)" in table.said
    assert fight.history == []
    assert "\nred: V = vex (HP 18, active), K = kat (HP 22, active)\n" in table.text
    assert "Round 1 — team red" in table.said
    assert any(line.startswith("Type a number") for line in table.said)
    assert any(line.startswith("no choice 99") for line in table.said)


def test_with_one_character_deciding_the_actor_may_be_left_out() -> None:
    fight = new_fight()
    fight.apply("kat end")
    play, _ = session(fight, "step @1,0", "quit")
    play.run()
    assert str(fight.history[-1]) == "vex step @1,0"


def test_end_of_input_quits_and_nothing_to_undo_is_said() -> None:
    fight = new_fight()
    play, table = session(fight, "undo")
    assert play.run() == "quit"
    assert "nothing to undo" in table.text


def test_the_session_plays_to_the_end_of_the_fight(tmp_path: Path) -> None:
    from tests.scenario.helpers import DUEL

    fight = start_fight(load_scenario_text(DUEL + "dice: [18, 2, 2]\n", "duel.yaml"))
    play, table = session(fight, "ada attack bo with short-sword")
    assert play.run() == "over"
    assert "Fight over: red wins (side red is the last standing)" in table.said


def test_manual_dice_ask_for_each_roll_with_its_purpose() -> None:
    table = Table("seven", "21", "7")
    dice = manual_dice(table.ask, table.say)
    assert dice.draw(D20, 1, "vex attack on rook: accuracy d20") == (7,)
    assert table.prompts[0] == "roll 1d20 for vex attack on rook: accuracy d20: "
    assert len(table.said) == 2
    assert parse_faces("3, 4 5") == (3, 4, 5) and parse_faces("x") == ()
    assert parse_square("@3,4") == (3, 4) and parse_square("3 4") == (3, 4) and parse_square("a") is None


def test_play_runs_the_script_then_reads_decisions_from_a_pipe(tmp_path: Path) -> None:
    """Issue 15 point 9: with stdin not a terminal, the choices are read from it (and echoed), so a session
    can be scripted; the end of the input stops it."""
    text = with_script("vex attack rook with rifle", dice="[15, 3, 4]", expect="  - state: {rook.hp: 12}\n")
    result = CliRunner().invoke(app, ["play", str(write(tmp_path, text))], input="vex end\nkat end\n")
    assert result.exit_code == 0, result.output
    assert "  vex deals 4 (1d8: 4 ×1) to rook — rook HP 12" in result.stdout
    assert "  pass  line" in result.stdout
    assert "> vex end\n" in result.stdout and "  kat ends the turn" in result.stdout
    assert "(the input ended: the session stops)" in result.stdout


def test_play_with_manual_dice_reads_faces_from_input(tmp_path: Path) -> None:
    path = write(tmp_path, with_script("vex attack rook with rifle"))
    result = CliRunner().invoke(app, ["play", str(path), "--dice", "manual"], input="15\n3\n4\n")
    assert result.exit_code == 0, result.output
    assert "roll 1d20 for" in result.stdout and "rook HP 12" in result.stdout
    bad = CliRunner().invoke(app, ["play", str(path), "--dice", "loaded"])
    assert bad.exit_code == 2 and "choose 'seeded' or 'manual'" in bad.stderr
