"""Action text: value objects whose text form round-trips (python-chess style)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactica.engine import Action, ActionSyntaxError
from tactica.engine import action as action_module
from tactica.engine.action import written

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


@given(st.lists(st.tuples(words, words, st.none() | words, st.none() | positions), min_size=1, max_size=30))
def test_written_is_the_text_of_each_action_object(parts) -> None:
    """Issue 16 A (``written`` remembers an action's text by its id, holding the action): every action,
    made afresh or asked about again, gets its own text, also once the memo has started over and after the
    objects asked about before are gone (their ids free for new ones)."""
    for round_ in range(2):
        actions = [Action(actor, verb, target, at) for actor, verb, target, at in parts]
        for action in actions + actions:
            assert written(action) == str(action)
        del actions
        if round_ == 0:
            for i in range(action_module.WRITTEN_LIMIT):  # fill it to the brim: it starts over
                written(Action("filler", f"v{i}"))
