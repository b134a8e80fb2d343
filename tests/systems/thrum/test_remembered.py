"""Issue 16 A: what THRUM remembers or reuses to list and move faster gives what a fresh search gives.

Move costs are remembered per board by the mover's square, its budget, whether drops are rolled for, and
the squares of enemies, allies and Terrain Effects (THRUM 12-19); a move's path comes from a search that
stops at its square; the placements of an area are indexed by the squares they take in, per board by what
the placements depend on (THRUM 16); cover is worked out once a target within one listing (THRUM 26-27);
listed actions are made once; the default AI's verbs are worked out once a game. Each test compares with a
value made afresh at every place of demo fights, so it fails if a remembered value went stale or a
shortcut gave another answer."""

from __future__ import annotations

from collections.abc import Iterator
from importlib import resources
from typing import Any

import yaml

from tactica.engine import Action, Fight
from tactica.grid import cheapest_paths
from tactica.systems import get_system
from tactica.systems.listed import listed
from tactica.systems.thrum import actions, ai, movement, targeting
from tactica.systems.thrum.ai import DefaultPolicy
from tactica.systems.thrum.setup import ThrumGame
from tactica.systems.thrum.state import Fighter, ThrumState

Pos = tuple[int, int]


def demo(seed: int) -> Fight:
    """The demo of ``tactica demo thrum`` (elevation, difficult ground, four against four)."""
    text = resources.files("tactica.systems.thrum").joinpath("content/demo.yaml").read_text()
    data: dict[str, Any] = yaml.safe_load(text)
    setup = {k: v for k, v in data.items() if k not in ("name", "description", "seed", "ai")}
    return Fight.new(get_system("thrum"), setup, seed=seed)


def turns(fight: Fight, actions_taken: int) -> Iterator[tuple[ThrumGame, ThrumState, Fighter]]:
    """The game, state and actor at each place of a turn where a character decides, over
    ``actions_taken`` default-AI actions: characters move, tire and drop out in between."""
    policy = DefaultPolicy(0)
    for _ in range(actions_taken):
        if fight.is_over():
            return
        state = fight.state
        if not state.pending and state.acting is not None:
            assert isinstance(fight.game, ThrumGame) and isinstance(state, ThrumState)
            yield fight.game, state, state.fighters[state.acting]
        fight.apply(policy.choose(fight))


def fresh_paths(game: ThrumGame, state: ThrumState, f: Fighter, budget: int, roll: bool) -> dict[Pos, Any]:
    """Every move's cheapest path by a search made now (no shortcut for drops, nothing remembered)."""
    allies = movement.ally_squares(state, f)
    rule = movement.step_rule(game, state, f, roll)
    paths = cheapest_paths(game.board, f.pos, budget, rule, no_stop=allies)
    paths.pop(f.pos, None)
    return paths


def test_12_19_move_costs_are_those_of_a_search_made_afresh() -> None:
    """THRUM 12-19: the remembered costs of every move (with and without rolling for drops) are the costs
    of the cheapest paths a full search finds now, at every place of two demo fights, and again after an
    enemy steps next to the mover (a new key: nothing stale is read)."""
    checked = 0
    for seed in (1, 2):
        for game, state, f in turns(demo(seed), 400):
            if f.has("disoriented") or f.acted:
                continue
            budget = movement.remaining(game, f)
            enemy = next(e for e in state.fighters.values() if e.side != f.side and not e.removed)
            for move_enemy in (False, True):
                if move_enemy:
                    free = [
                        p for p in game.board.neighbors(f.pos) if p not in movement.ally_squares(state, f)
                    ]
                    free = [p for p in free if all(o.pos != p for o in state.fighters.values())]
                    if not free:
                        continue
                    enemy.pos, back = free[0], enemy.pos
                for roll in (False, True):
                    fresh = {p: path.cost for p, path in fresh_paths(game, state, f, budget, roll).items()}
                    assert movement.reach_costs(game, state, f, budget, roll) == fresh
                    checked += 1
                if move_enemy:
                    enemy.pos = back
    assert checked > 200


def test_12_19_a_moves_path_is_the_one_a_search_for_every_square_gives() -> None:
    """THRUM 12-19: the path a move walks, from a search that stops at its square, is the path a search
    for every square gives (same cells, same costs), for every square in reach at every place of a demo
    fight, rolling for drops or not (THRUM 18: where no square passed has a drop of 2+ levels next to it,
    the plain search's path, as before)."""
    checked = 0
    for game, state, f in turns(demo(3), 250):
        if f.has("disoriented") or f.acted:
            continue
        budget = movement.remaining(game, f)
        for roll in (False, True):
            costs = movement.reach_costs(game, state, f, budget, roll)
            plain = movement.reach_costs(game, state, f, budget, False)
            allies = movement.ally_squares(state, f)
            rolled = roll and movement._drops_within(game.board, f.pos, plain, allies)  # else the plain paths
            everywhere = fresh_paths(game, state, f, budget, rolled)
            for to in costs:
                assert movement._path(game, state, f, to, budget, roll) == everywhere[to]
                checked += 1
    assert checked > 1000


def test_16_placements_by_square_are_those_of_the_listed_placements() -> None:
    """THRUM 16: the placements indexed by square are exactly the legal placements taking in that square,
    and the default AI passes over only placements whose squares hold no one the area may hit, at every
    place of a demo fight (Dov's Lance, a Line of 4)."""
    checked = 0
    for game, state, f in turns(demo(4), 300):
        for ability in game.actions_of(f.id):
            if ability.shape is None:
                continue
            table = targeting.area_placements(game, f, ability)
            expected: dict[Pos, set[Any]] = {}
            for named, cells in table.items():
                for p in cells if isinstance(cells, frozenset) else ():
                    expected.setdefault(p, set()).add(named)
            assert targeting.placements_holding(game, f, ability) == expected
            options = list(actions.candidates(game, state, f, ability))
            scored = {a for a, _hit in ai._uses(game, state, f, ability, options)}
            pool = targeting.affected(state, f, ability, frozenset(o.pos for o in state.fighters.values()))
            for a in options:
                cells = table[a.at, a.to]
                assert isinstance(cells, frozenset)
                assert (a in scored) == any(o.pos in cells for o in pool)
                checked += 1
    assert checked > 1000


def test_26_27_a_listing_worked_out_with_shared_cover_is_the_listing_without() -> None:
    """THRUM 26-27: cover worked out once a target within a listing is what cover_of says for each target,
    and every ability's uses listed with it are those listed without it, at every place of a demo fight."""
    checked = 0
    for game, state, f in turns(demo(5), 300):
        covers = targeting.covers_from(game, state, f)
        for target in state.fighters.values():
            if target.id != f.id and not target.removed:
                assert covers(target) == targeting.cover_of(game, state, f, target)
        for ability in game.actions_of(f.id):
            shared = list(actions.candidates(game, state, f, ability, covers))
            assert shared == list(actions.candidates(game, state, f, ability))
            checked += 1
    assert checked > 200


def test_listed_actions_are_made_once_and_equal_the_action_made_afresh() -> None:
    """Issue 16 A: a listed action is the same object each time, equal to the Action made now (a frozen
    value: sharing it cannot go stale)."""
    made = listed("ash", "basic-attack", "kett", None, None, ("overexert",))
    assert made == Action("ash", "basic-attack", "kett", flags=("overexert",))
    assert made is listed("ash", "basic-attack", "kett", None, None, ("overexert",))
    assert listed("ash", "move", None, (3, 4)) == Action("ash", "move", at=(3, 4))


def test_the_ais_verbs_are_those_of_its_actions() -> None:
    """THRUM 11: the verbs the default AI weighs first (its attacks, Recover, Resuscitate), worked out once
    a game, are those of the combatant's Actions."""
    fight = demo(0)
    game = fight.game
    assert isinstance(game, ThrumGame)
    for fid in game.sheets:
        fresh = {a.id for a in game.actions_of(fid) if a.is_attack or a.special in ("recover", "resuscitate")}
        assert game.acting_verbs(fid) == fresh
        assert "basic-attack" in fresh and "dash" not in fresh
