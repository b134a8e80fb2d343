"""Issue 13 point 3 (live, and its benchmark): a client is sent a patch from the view it holds, and applying
it gives exactly the new view (tactica.table.wire): every part, every order of keys, texts spliced only
where offsets mean the same in Python and JavaScript."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from tactica.table.wire import SPLICE_FROM, apply_patch, patch

WORDS = st.sampled_from(["vex", "rook", "ada", "move", "attack", "@3,4", "@10,2", "with", "pistol", ""])
ACTIONS = st.dictionaries(
    st.sampled_from(["vex", "rook", "ada"]),
    st.dictionaries(st.sampled_from(["move", "attack", "end", "sprint"]), st.lists(WORDS, max_size=4)),
    max_size=3,
)
ENTRY = st.fixed_dictionaries(
    {"seq": st.integers(0, 12), "text": WORDS, "undone": st.booleans(), "lines": st.lists(WORDS, max_size=2)}
)
LOG = st.lists(ENTRY, max_size=8, unique_by=lambda e: e["seq"]).map(
    lambda es: sorted(es, key=lambda e: e["seq"])
)
#: Board-like texts: a long shared head and tail around a changing middle, ASCII or not.
BOARD = st.tuples(st.text(max_size=30), st.sampled_from(["x" * SPLICE_FROM, "é" * SPLICE_FROM])).map(
    lambda parts: f"<svg>{parts[1]}{parts[0]}{parts[1]}</svg>"
)


def views() -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries(
        {
            "seq": st.integers(0, 12),
            "turn": WORDS,
            "board_svg": BOARD,
            "actions": ACTIONS,
            "log": LOG,
            "you": st.fixed_dictionaries({"role": st.sampled_from(["gm", "player"])}),
        }
    )


@given(views(), views())
def test_a_patch_turns_the_old_view_into_the_new_one(old: dict[str, Any], new: dict[str, Any]) -> None:
    applied = apply_patch(old, patch(old, new))
    assert applied == new
    assert list(applied) == list(new)
    assert list(applied["actions"]) == list(new["actions"])  # the page lists actors in the server's order
    for actor, verbs in new["actions"].items():
        assert list(applied["actions"][actor]) == list(verbs)


@given(views())
def test_equal_views_need_no_patch(view: dict[str, Any]) -> None:
    assert patch(view, dict(view)) == {}


@given(views(), views())
def test_applying_a_patch_changes_nothing_it_was_given(old: dict[str, Any], new: dict[str, Any]) -> None:
    kept = repr(old)
    apply_patch(old, patch(old, new))
    assert repr(old) == kept


def test_a_board_is_spliced_where_it_changed_and_only_in_ascii() -> None:
    head, tail = "<svg>" + "a" * SPLICE_FROM, "z" * SPLICE_FROM + "</svg>"
    old = {"board_svg": f"{head}<g>token at 1,1</g>{tail}"}
    new = {"board_svg": f"{head}<g>token at 2,1</g>{tail}"}
    change = patch(old, new)
    assert change == {"splice": {"board_svg": [len(head) + 12, len(head) + 13, "2"]}}
    wide = {"board_svg": old["board_svg"].replace("token", "tökén")}
    assert patch(wide, new) == {"put": [[["board_svg"], new["board_svg"]]]}


def test_the_log_sends_only_new_and_changed_entries() -> None:
    """An undo: one entry marked undone and one added; an entry hidden from this key is dropped."""
    old = {"log": [{"seq": 0}, {"seq": 1, "undone": False}, {"seq": 2, "text": "ada"}]}
    new = {"log": [{"seq": 0}, {"seq": 1, "undone": True}, {"seq": 3}]}
    assert patch(old, new) == {"log": {"drop": [2], "put": [{"seq": 1, "undone": True}, {"seq": 3}]}}


def test_a_view_of_other_parts_is_replaced_whole() -> None:
    """A view whose parts are not the ones the client holds (a role changed) is put whole: path []."""
    old, new = {"seq": 1, "gm": {}}, {"seq": 2}
    assert patch(old, new) == {"put": [[[], new]]}
    assert apply_patch(old, patch(old, new)) == new
