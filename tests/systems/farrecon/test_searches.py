"""Issue 16 A: Far Recon's move listings and moves share their route searches (the same moves and paths as
before, fewer searches)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import tactica.grid.movement as grid_movement
from tactica.grid import find_path
from tactica.grid.search import search as grid_search
from tests.systems.farrecon.helpers import fighter, new_fight, of, state_of

#: Wide enough that nothing is cached from another test's map.
FIELD = "\n".join([" ".join(["."] * 13)] * 5)


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Counts the route searches of :mod:`tactica.grid.movement` (one entry per search)."""
    calls: list[int] = []
    real = grid_search

    def counted(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(grid_movement, "search", counted)
    yield calls


def test_an_ally_moving_needs_no_new_search(searches: list[int]) -> None:
    """Issue 16 A: squares taken by allies only leave destinations out; after an ally moves, the mover's
    listing comes from the same search, without the ally's new square and with its old one."""
    fight = new_fight(
        fighter("a", "x", (1, 2)), fighter("c", "x", (3, 2)), fighter("e", "y", (12, 4)), text=FIELD
    )
    before = {a.at for a in fight.legal_actions_of("a", {"move"})}
    assert (3, 2) not in before and (4, 2) in before
    for action in ("a end", "c move @4,2", "c end", "e end"):
        fight.apply(action)
    count = len(searches)
    after = {a.at for a in fight.legal_actions_of("a", {"move"})}
    assert len(searches) == count
    assert after == before - {(4, 2)} | {(3, 2)}


def test_a_move_takes_the_path_of_the_listing_search(searches: list[int]) -> None:
    """Issue 16 A: the path of a listed move comes from the search behind the listing (no second search),
    and it is the cheapest path ``grid.find_path`` gives."""
    fight = new_fight(fighter("a", "x", (0, 0)), fighter("e", "y", (6, 0)), text=FIELD)
    fight.legal_actions_of("a", {"move"})
    count = len(searches)
    fight.apply("a move @5,3")
    assert len(searches) == count
    board = fight.game.board  # type: ignore[attr-defined]
    expected = find_path(board, (0, 0), (5, 3), budget=6, blocked={(6, 0)}, no_stop={(6, 0)})
    assert expected is not None
    assert of(fight, "ReconMoved")[-1].path == expected.cells
    assert state_of(fight, "a").pos == (5, 3)
