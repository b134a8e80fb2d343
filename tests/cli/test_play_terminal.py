"""Issue 15 acceptance: ``tactica play`` in a pseudo-terminal — a bad square, grouped menus, the budget line,
save and load — typed as a person would."""

from __future__ import annotations

from pathlib import Path

from tactica.scenario import load_scenario_text, start_fight
from tests.cli.terminal import Terminal
from tests.cli.test_play import route
from tests.scenario.helpers import BASE, write


def test_a_session_in_a_terminal_asks_again_saves_and_resumes(tmp_path: Path) -> None:
    """Issue 15 points 6, 7 and 8 in a terminal: the main menu has one entry per verb; a square off the map
    is refused and asked again; the budget line says what kat used; 'save' writes the fight, 'quit' offers
    to save, and 'play --load' resumes where it stood."""
    path = write(tmp_path, BASE)
    steps = route(start_fight(load_scenario_text(BASE, "x.yaml")), "kat move @X,Y")
    play = Terminal("play", str(path), cwd=tmp_path)
    play.expect("Round 1 — team red's turn: vex, kat may act\n  vex this turn: nothing used yet\n")
    assert "1) move — vex, kat\n" in play.expect("> ")
    play.type(steps[0])
    play.expect("which? (1-2, Enter to go back): ")
    play.type(steps[1])
    play.expect("destination square for 'kat move' (X,Y; Enter to go back): ")
    play.type("9,9")
    assert "not allowed: " in play.expect("destination square for 'kat move' (X,Y; Enter to go back): ")
    play.type("4,2")
    play.expect("  kat moves to @4,2")
    play.expect("  kat this turn: Standard action used\n")
    play.expect("> ")
    play.type("save kept.json")
    play.expect("saved to kept.json (resume with: tactica play --load kept.json)")
    play.type("quit")
    play.expect("save the fight before quitting? (y: scenario.save.json, a file name, or Enter for no): ")
    play.type("")
    assert play.wait() == 0
    assert not (tmp_path / "scenario.save.json").exists()

    resumed = Terminal("play", "--load", "kept.json", cwd=tmp_path)
    resumed.expect("kept.json — FuturePath, resumed after 1 actions")
    resumed.expect("  kat this turn: Standard action used\n")
    resumed.expect("> ")
    resumed.type("quit")
    resumed.expect("save the fight before quitting?")
    resumed.type("y")
    resumed.expect("saved to kept.json")
    assert resumed.wait() == 0
