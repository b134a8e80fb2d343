"""Issue 12 point 5: no input line crashes ``tactica play``; the end of the input and Ctrl-C end it cleanly."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tactica.cli.play import MAX_ANSWER, Session, manual_dice, parse_faces, parse_square
from tactica.dice import D20
from tactica.engine import Fight
from tests.cli.test_play import Table, new_fight, route, session

#: Lines that crashed the session, or could: unicode digits ('²' passes str.isdigit, int() refuses it),
#: numbers longer than int() reads, control characters, very long lines, blank lines.
HOSTILE = [
    "²",
    "¹²³",
    "٣",
    "1" * 5000,
    "-" + "9" * 5000,
    "\x00",
    "\x1b[A",
    "vex\x07 attack rook",
    "a" * 1_000_000,
    " " * 1_000_000,
    "",
    "   ",
    "@" + "9" * 5000 + ",1",
    "vex move @" + "9" * 5000 + ",1",
]


@pytest.mark.parametrize("line", HOSTILE, ids=range(len(HOSTILE)))
def test_a_hostile_line_is_answered_and_changes_nothing(line: str) -> None:
    """Issue 12 point 5: each line gets a short answer, the fight is unchanged, and 'quit' still quits."""
    fight = new_fight()
    before = fight.to_json()
    play, table = session(fight, line, "quit")
    assert play.run() == "quit"
    assert fight.to_json() == before
    assert table.said[-1] and all(len(said) < 2000 for said in table.said[-1:])


def test_a_long_line_is_refused_whole_with_the_limit() -> None:
    """Issue 12 point 5: a 1 MB line is not parsed; the answer names the limit."""
    play, table = session(new_fight(), "a" * 1_000_000, "quit")
    play.run()
    assert (
        f"that line is 1,000,000 characters long; an answer is at most {MAX_ANSWER} (type help)" in table.said
    )


def test_unicode_digits_are_not_menu_numbers() -> None:
    """Issue 12 point 5: '²' is not choice 2 and not a crash: it is read as (bad) action text."""
    play, table = session(new_fight(), "²", "quit")
    play.run()
    assert any("cannot read action '²'" in line for line in table.said)


@pytest.mark.parametrize("square", ["9" * 5000 + ",1", "²,1", "\x00"])
def test_a_hostile_destination_is_asked_again(square: str) -> None:
    """Issue 12 point 5: the destination prompt of a summarised move survives any line."""
    fight = new_fight()
    play, table = session(fight, *route(fight, "kat move @X,Y"), square, "quit")
    assert play.run() == "quit"
    assert fight.history == []
    assert "a destination is written X,Y (column, row), e.g. 3,4; or press Enter to go back" in table.said


def test_typed_numbers_are_ascii_and_short() -> None:
    """Issue 12 point 5: faces and squares read ASCII digits only, at most six of them."""
    assert parse_faces("9" * 5000) == () and parse_faces("²") == () and parse_faces("4 5") == (4, 5)
    assert parse_square("9" * 5000 + ",1") is None and parse_square("٣,٤") is None
    assert parse_square("-3,4") == (-3, 4)


def interrupted(prompt: str) -> str:
    raise KeyboardInterrupt


def test_ctrl_c_ends_the_session_cleanly() -> None:
    """Issue 12 point 5: Ctrl-C at the prompt ends the session as 'quit', without a traceback."""
    fight = new_fight()
    assert Session(fight, interrupted, lambda _line: None).run() == "quit"
    assert fight.history == []


def test_end_of_input_or_ctrl_c_while_rolling_manual_dice_is_a_clear_error() -> None:
    """Issue 12 point 5: manual dice whose input ends (or is interrupted) give a dice error, not a crash."""
    from tactica.dice import DiceScriptError

    for ask in (Table().ask, interrupted):
        with pytest.raises(DiceScriptError, match="the input ended"):
            manual_dice(ask, lambda _line: None).draw(D20, 1, "vex attack")


lines = st.one_of(
    st.text(max_size=60),
    st.text(alphabet=st.characters(categories=["Nd", "No", "Cc", "Zs"]), max_size=12),
    st.sampled_from(HOSTILE[:9]),
    st.integers(-10, 10**8).map(str),
    st.sampled_from(["undo", "undo reroll", "log all", "board", "help", "vex end", "kat end"]),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(lines, max_size=8))
def test_random_lines_never_break_the_session(answers: list[str]) -> None:
    """Issue 12 point 5: any sequence of lines, then the end of input: the session ends cleanly ('quit' or
    'over') and every action it took replays to the same fight."""
    fight = new_fight()
    play, _ = session(fight, *answers)
    assert play.run() in ("quit", "over")
    assert Fight.from_dict(fight.to_dict(), fight.system).to_json() == fight.to_json()
