"""BoardMemo: values per board, found again without a new weak reference for the board asked about last
(issue 16 A), and still forgotten with their board."""

from __future__ import annotations

import gc
import weakref

from tactica.grid import parse_map
from tactica.grid.memo import BoardMemo


def test_boards_asked_about_in_turn_keep_their_own_values() -> None:
    memo: BoardMemo[str] = BoardMemo(limit=8)
    first, second = parse_map("a..").board, parse_map("a..").board
    assert memo.get(first, "k", lambda: "first") == "first"
    assert memo.get(second, "k", lambda: "second") == "second"
    assert memo.get(first, "k", lambda: "made again") == "first"
    assert memo.get(second, "k", lambda: "made again") == "second"


def test_the_last_board_s_values_go_with_it() -> None:
    memo: BoardMemo[object] = BoardMemo(limit=8)

    class Value:
        """A value that can be watched."""

    board = parse_map("a..").board
    value = memo.get(board, "k", Value)
    watched = weakref.ref(value)
    del board, value
    gc.collect()
    assert len(memo) == 0
    assert watched() is None


def test_a_full_board_drops_its_oldest_value() -> None:
    memo: BoardMemo[int] = BoardMemo(limit=2)
    board = parse_map("a..").board
    for k in range(3):
        memo.get(board, k, lambda k=k: k)
    assert memo.get(board, 0, lambda: -1) == -1  # made again: it was dropped
    assert memo.get(board, 2, lambda: -1) == 2
