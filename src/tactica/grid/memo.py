"""Values remembered per board: what rules code computes again and again from a board that never changes
(lines of sight, route searches, move and throw lists), kept while the board lives and no longer.

A module-level dict keyed by tuples holding a board would keep every board it ever saw alive, and with it
everything else remembered for that board: a long-lived process (the fuzz suite's workers, a server
hosting table after table) then grows without end. A :class:`BoardMemo` holds its boards weakly and at
most ``limit`` values per board, dropping the oldest first.

>>> from tactica.grid import parse_map
>>> memo: BoardMemo[int] = BoardMemo(limit=2)
>>> board = parse_map("a..").board
>>> memo.get(board, ("width",), lambda: 3), memo.get(board, ("width",), lambda: 99)
(3, 3)
>>> del board
>>> len(memo)
0
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from tactica.grid.board import Board

T = TypeVar("T")


class BoardMemo(Generic[T]):
    """Values made from a board and a key, at most ``limit`` per board, forgotten with their board."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._boards: weakref.WeakKeyDictionary[Board, dict[Hashable, T]] = weakref.WeakKeyDictionary()
        #: The board asked about last (held weakly) and its values: callers ask about one board many times
        #: in a row, and finding it again in ``_boards`` costs a new weak reference each time.
        self._last: tuple[weakref.ref[Board], dict[Hashable, T]] | None = None

    def get(self, board: Board, key: Hashable, make: Callable[[], T]) -> T:
        """The value for ``key`` on ``board``, made by ``make()`` and kept when missing. ``key`` must hold
        everything else the value depends on."""
        last = self._last
        values = last[1] if last is not None and last[0]() is board else self._values(board)
        try:
            return values[key]
        except KeyError:
            pass
        if len(values) >= self.limit:
            del values[next(iter(values))]
        found = values[key] = make()
        return found

    def _values(self, board: Board) -> dict[Hashable, T]:
        """The values of ``board``, now the last board asked about."""
        values = self._boards.get(board)
        if values is None:
            values = self._boards[board] = {}
        self._last = (weakref.ref(board, self._forget_last), values)
        return values

    def _forget_last(self, gone: weakref.ref[Board]) -> None:
        """The last board asked about is gone: let its values go with it."""
        if self._last is not None and self._last[0] is gone:
            self._last = None

    def __len__(self) -> int:
        """How many boards have values remembered."""
        return len(self._boards)


#: Per board, the distances from a square to every square (an AI's ranking of moves and targets).
_DISTANCES: BoardMemo[dict[tuple[int, int], int]] = BoardMemo(4096)


def distances_from(board: Board, a: tuple[int, int]) -> dict[tuple[int, int], int]:
    """The distance from ``a`` to every cell of ``board``, remembered with the board (which never changes).

    >>> from tactica.grid import parse_map
    >>> board = parse_map("a..").board
    >>> distances_from(board, (0, 0))[(2, 0)] == board.distance((0, 0), (2, 0))
    True
    """
    return _DISTANCES.get(board, a, lambda: {b: board.distance(a, b) for b in board.cells()})
