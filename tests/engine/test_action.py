"""Action text: value objects whose text form round-trips (python-chess style)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactica.engine import Action, ActionSyntaxError

words = st.from_regex(r"[a-z0-9_][a-z0-9_\-]{0,8}", fullmatch=True).filter(lambda w: w != "with")
positions = st.tuples(st.integers(-5, 99), st.integers(-5, 99))


@given(words, words, st.none() | words, st.none() | positions, st.none() | words, st.lists(words, max_size=3))
def test_text_form_round_trips(actor: str, verb: str, target, at, using, flags) -> None:
    action = Action(actor, verb, target, at, using).with_flags(*flags)
    assert Action.parse(str(action)) == action


def test_parse_reads_every_part() -> None:
    action = Action.parse("vex throw @8,8 with frag +cook")
    assert action == Action("vex", "throw", None, (8, 8), "frag", ("cook",))
    assert str(Action.parse("  vex   attack  rook  with pistol ")) == "vex attack rook with pistol"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("vex", "expected 'ACTOR VERB"),
        ("vex move @4", "position '@4'"),
        ("vex attack rook with", "'with' needs an item"),
        ("vex attack rook extra", "unexpected 'extra'"),
        ("vex att@ck rook", "verb 'att@ck'"),
    ],
)
def test_syntax_errors_say_what_is_wrong(text: str, fragment: str) -> None:
    with pytest.raises(ActionSyntaxError, match=fragment.replace("(", r"\(")):
        Action.parse(text)
