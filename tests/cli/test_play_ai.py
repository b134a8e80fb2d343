"""``tactica play --ai SIDE=NAME`` (issue 17 leftover: a person could not face the search AI, or any named
AI, in ``play``): the AI decides for its sides, the person for the others; bad values read as in ``fight``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tactica.cli import app
from tactica.cli.play import Session
from tactica.cli.play_ai import opponents
from tactica.cli.play_menu import menu
from tactica.engine import Fight
from tactica.scenario import load_scenario
from tests.cli.test_play import Table, new_fight
from tests.table.conftest import DUEL, ROOT

runner = CliRunner()
SIMULTANEOUS = ROOT / "examples" / "farrecon" / "simultaneous.yaml"


def play(*args: str, input: str = "") -> tuple[int, str, str]:
    result = runner.invoke(app, ["play", *args], input=input)
    return result.exit_code, result.stdout, result.stderr


def test_the_ai_plays_its_side_and_the_person_the_other() -> None:
    """Blue (first in the duel) is the search's at 8 playouts: it attacks and ends its turn under a turn line
    saying the AI plays it; then ada's menu is asked of the person, and after her turn the AI plays again."""
    code, out, err = play(
        str(DUEL), "--ai", "blue=search:8", input="ada attack bo with short-sword\nada end\n"
    )
    assert code == 0, err
    first_ai = out.index("Round 1 — team blue's turn: bo may act — the AI plays blue (search:8), thinking…")
    assert first_ai < out.index("  bo attacks ada with short-sword") < out.index("  bo ends the turn")
    assert (
        out.index("  bo ends the turn")
        < out.index("Round 1 — team red's turn: ada may act\n")
        < out.index(">")
    )
    after = out[out.index("> ada end") :]
    assert "Round 2 — team blue's turn: bo may act — the AI plays blue (search:8), thinking…" in after
    assert "  bo attacks ada" in after


BAD = ["blue=nope", "green=search", "blue=search:0", "blue=search:12x", "x=y=z", "blue=default:3"]


@pytest.mark.parametrize("value", BAD)
def test_a_bad_ai_value_is_the_message_fight_gives(value: str) -> None:
    """The same grammar and messages as `fight` (one parser): one message on stderr, exit status 2, and
    nothing printed or asked before it."""
    code, out, err = play(str(DUEL), "--ai", value)
    fought = runner.invoke(app, ["fight", str(DUEL), "--ai", value])
    assert (code, out) == (2, "") and fought.exit_code == 2
    assert err == fought.stderr and err.startswith((f"error: --ai {value}", f"error: --ai '{value}'"))
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("given", [["search"], ["red=default", "blue=search:8"]])
def test_an_ai_for_every_side_leaves_the_person_nothing_and_is_refused(given: list[str]) -> None:
    args = [word for spec in given for word in ("--ai", spec)]
    code, out, err = play(str(DUEL), *args)
    assert (code, out) == (2, "")
    assert "an AI for every side (red, blue) leaves you none to play; write SIDE=NAME" in err
    assert "'tactica fight' plays AI against AI" in err


def simultaneous() -> Fight:
    """Far Recon's tie: after jean's turn, brutus (foundation) and imhotep (cult) declare together."""
    fight = Fight(load_scenario(SIMULTANEOUS).game, seed=3)
    fight.apply("jean end")
    assert fight.deciding() == ["brutus", "imhotep"]
    return fight


def test_in_a_tie_the_person_decides_only_for_their_own_character() -> None:
    """Far Recon 5-6: tied characters of both sides declare at once. With the cult's AI, the menu offers
    brutus's actions only, imhotep's text is refused naming whom the person decides for, and once brutus
    has declared the AI declares for imhotep."""
    fight = simultaneous()
    ais = opponents(fight, ["cult=default"], 3)
    assert {e.label.split()[0] for e in menu(fight, ais.yours(fight))} == {"brutus"}
    table = Table("imhotep end", "brutus attack imhotep with pistol")
    Session(fight, table.ask, table.say, ais=ais).run()
    assert "imhotep is on side cult, which the AI plays (default); you decide for brutus" in table.said
    assert [a.actor for a in fight.history[1:3]] == ["brutus", "imhotep"]


def test_undo_takes_back_your_last_action_and_the_ais_after_it() -> None:
    """Undo in `play` with an AI: taking back only the AI's last action would have it decide again at once;
    so the person's last action goes, with the AI's actions after it (their dice stay on the tape)."""
    fight = new_fight()
    ais = opponents(fight, ["blue=default"], 7)
    table = Table("vex end", "kat end", "undo")
    Session(fight, table.ask, table.say, ais=ais).run()
    said = [line for line in table.said if line.startswith("took back")]
    assert len(said) == 1 and said[0].startswith("took back 'kat end' and the AI's ")
    assert said[0].endswith("actions after it (taking them again rolls the same dice)")
    assert [str(a) for a in fight.history] == ["vex end"]


def test_undo_with_only_the_ais_actions_taken_changes_nothing() -> None:
    fight = new_fight()
    ais = opponents(fight, ["red=default"], 7)
    table = Table("undo")
    Session(fight, table.ask, table.say, ais=ais).run()
    taken = list(fight.history)
    assert taken and all(fight.side_of(a.actor) == "red" for a in taken)
    assert "nothing to undo: every action taken is the AI's (undo takes back yours, with the AI's after)" in (
        table.said
    )


def test_the_person_rolls_the_ais_real_dice_and_the_input_ending_stops_the_session() -> None:
    """With --dice manual every roll is typed, the AI's too; the input ending while the AI waits for faces
    stops the session with one line (not a loop of the AI trying again)."""
    code, out, err = play(str(DUEL), "--ai", "blue=default", "--dice", "manual", input="3\n17\n")
    assert code == 0, err
    assert "roll 1d20 for bo attack on ada with short-sword: accuracy d20: " in out
    assert out.count("the AI could not take 'bo attack ada with short-sword': no faces typed") == 1


def test_a_resumed_fight_plays_on_against_the_ai(tmp_path: Path) -> None:
    fight = Fight(load_scenario(DUEL).game, seed=1)
    fight.apply("bo attack ada with short-sword")
    save = tmp_path / "duel.save.json"
    save.write_text(json.dumps(fight.to_dict()), encoding="utf-8")
    code, out, err = play("--load", str(save), "--ai", "red=trading-blows", input="bo end\n")
    assert code == 0, err
    assert "Round 1 — team red's turn: ada may act — the AI plays red (trading-blows), thinking…" in out
    assert "  ada attacks bo with short-sword" in out
