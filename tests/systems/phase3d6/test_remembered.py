"""Issue 16 A: what Phase 3d6 remembers or reuses to list and move faster gives what a fresh search gives.

Move lists are remembered per board by the mover, its hex, its reach and the hexes that block it or that it
may not end on (rule 9); a move's path comes from one search, for the longest reach open, that stops at its
hex (rules 14, 17: a half move first); the AI reads distances from rows remembered per board; listed
actions are made once. Each test compares with a search or a value made afresh, so it fails if a
remembered value went stale or a shortcut took another path."""

from __future__ import annotations

from collections.abc import Iterator
from importlib import resources
from typing import Any

import yaml

from tactica.engine import Action, Fight
from tactica.grid.memo import distances_from
from tactica.systems import get_system
from tactica.systems.listed import listed
from tactica.systems.phase3d6 import movement
from tactica.systems.phase3d6.ai import DefaultPolicy
from tests.systems.phase3d6.helpers import fighter, new_fight


def demo(seed: int) -> Fight:
    """The demo of ``tactica demo phase3d6`` (walls, rough ground, four against four)."""
    text = resources.files("tactica.systems.phase3d6").joinpath("content/demo.yaml").read_text()
    data: dict[str, Any] = yaml.safe_load(text)
    setup = {k: v for k, v in data.items() if k not in ("name", "description", "seed", "ai")}
    return Fight.new(get_system("phase3d6"), setup, seed=seed)


def turns(fight: Fight, actions: int) -> Iterator[Fight]:
    """The fight at each place in a Phase where a character decides, over ``actions`` default-AI actions:
    characters move, fall and are knocked out in between."""
    policy = DefaultPolicy(0)
    for _ in range(actions):
        if fight.is_over():
            return
        if not fight.state.pending and fight.state.acting is not None:
            yield fight
        fight.apply(policy.choose(fight))


def fresh_kind(fight: Fight, fid: str, to: tuple[int, int]) -> tuple[str, Any] | None:
    """Which movement a move to ``to`` is, by a search for each kind's own reach, a move action first."""
    game, state = fight.game, fight.state
    f = state.fighters[fid]
    for kind, budget in movement.move_kinds(game, state, f).items():
        path = movement.routes(game, state, f, budget).get(to)
        if path is not None:
            return kind, path
    return None


def test_14_17_a_moves_kind_and_path_are_those_of_a_search_for_that_kind_alone() -> None:
    """Rules 14, 17: a half move is a move action, more is the full-Phase move. The kind and path
    :func:`movement.kind_of_move` finds with one search for the longest reach are those a search for each
    kind's reach finds, for every hex of the demo's map, at every place of two demo fights."""
    checked = 0
    for seed in (1, 2):
        for fight in turns(demo(seed), 160):
            fid = fight.state.acting or ""
            for to in fight.game.board.cells():
                got = movement.kind_of_move(fight.game, fight.state, fight.state.fighters[fid], to)
                assert got == fresh_kind(fight, fid, to), (seed, fid, to)
                checked += got is not None
    assert checked > 1000  # half moves, full moves and moves after a half move were all compared


def test_9_the_move_list_is_every_hex_a_fresh_search_ends_in_as_the_board_changes() -> None:
    """Rule 9: the moves listed (remembered per board while nobody moves) are the hexes a fresh search
    with paths reaches, at every place of a demo fight, in the order of the hexes."""
    for fight in turns(demo(3), 240):
        game, state = fight.game, fight.state
        f = state.fighters[state.acting or ""]
        reach = max(movement.move_kinds(game, state, f).values(), default=0)
        fresh = sorted(movement.routes(game, state, f, reach)) if reach else []
        assert fight.legal_actions_of(f.id, ("move",)) == [Action(f.id, "move", at=p) for p in fresh]


def test_9_a_remembered_move_list_is_not_listed_once_an_enemy_blocks_the_way() -> None:
    """Rule 9: enemies block. Ana's moves are listed (and remembered); the orc then steps into the gap of a
    wall; in the next Phase ana's list is made again: no hex beyond the gap is reached for a half move."""
    wall = "\n".join([". . . # . . .", ". . . . . . .", ". . . # . . .", ". . . # . . .", ". . . # . . ."])
    fight = new_fight(
        fighter("ana", "red", (0, 1), move=4), fighter("orc", "blue", (5, 1), move=4), text=wall
    )
    before = {a.at for a in fight.legal_actions_of("ana", ("move",))}
    assert (4, 1) in before
    fight.apply("ana end")
    fight.apply("orc move @3,1")
    fight.apply("orc end")
    while fight.state.acting != "ana":  # the Phases in which neither acts (by SPD)
        fight.apply(fight.legal_actions()[-1])
    after = {a.at for a in fight.legal_actions_of("ana", ("move",))}
    assert (3, 1) not in after and (4, 1) not in after and after < before


def test_the_ai_reads_every_distance_of_the_demo_board_from_its_rows() -> None:
    """The rows the AI remembers per board give the board's own distance between every two hexes."""
    board = demo(0).game.board
    cells = list(board.cells())
    assert all(distances_from(board, a)[b] == board.distance(a, b) for a in cells for b in cells)


def test_a_listed_action_is_one_object_equal_to_the_action_it_names() -> None:
    """Listings made twice hold the same objects (readied actions, which the default AI never lists, are
    made anew), each equal to the action its text reads back to."""
    listed.cache_clear()
    fight = demo(0)
    first = fight.system.turn_actions(fight.game, fight.state, fight.state.acting or "")
    again = fight.system.turn_actions(fight.game, fight.state, fight.state.acting or "")
    assert first == again == [Action.parse(str(a)) for a in first]
    made_once = [(a, b) for a, b in zip(first, again, strict=True) if a.verb != "ready"]
    assert len(made_once) > 20 and all(a is b for a, b in made_once)
    assert listed("ace", "attack", "kurt", using="pistol") == Action("ace", "attack", "kurt", using="pistol")
