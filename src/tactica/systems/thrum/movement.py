"""THRUM movement (THRUM 10, 12-19, 45): moving up to Speed, elevation, difficult terrain, falls,
Disoriented steps, Dash; a move or Dash by the cheapest path, or along the waypoints it names (issue 14
point 9, :mod:`tactica.systems.routes`)."""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator
from itertools import pairwise

from tactica.engine.action import Action
from tactica.engine.system import Context
from tactica.grid.board import Board
from tactica.grid.memo import BoardMemo
from tactica.grid.path import Path
from tactica.grid.weighted import cheapest_costs, cheapest_path
from tactica.systems import routes as waypoints
from tactica.systems.listed import listed
from tactica.systems.thrum import dice, geometry, terrain, vitals
from tactica.systems.thrum.events import Descended, Stepped, StepRedirected
from tactica.systems.thrum.setup import ThrumGame
from tactica.systems.thrum.state import Fighter, ThrumState

G = ThrumGame
S = ThrumState
Pos = tuple[int, int]
#: The roll a character may make instead of paying for a drop of 2 or more levels (THRUM 18).
FALL_ROLLS = {"endurance": "resilience", "reflex": "evasion"}


def speed(game: G, fighter: Fighter) -> int:
    """THRUM 44: Speed, 2 less while Slowed (never below 0)."""
    base = game.sheet(fighter.id).speed_of(game.options)
    return max(0, base - (2 if "slowed" in fighter.statuses else 0))


def remaining(game: G, fighter: Fighter) -> int:
    """Squares of movement left in this turn's Move."""
    return max(0, speed(game, fighter) - fighter.spent)


_STATIC: weakref.WeakKeyDictionary[Board, dict[tuple[Pos, Pos, bool], int | None]] = (
    weakref.WeakKeyDictionary()
)
#: Move costs remembered per board by what they depend on (a legal-action listing and the check of the move it
#: leads to ask the same question); the oldest go past this many per board.
REACH_CACHE_LIMIT = 1024
_REACH: BoardMemo[dict[Pos, int]] = BoardMemo(REACH_CACHE_LIMIT)


def _terrain_costs(board: Board) -> dict[tuple[Pos, Pos, bool], int | None]:
    """The steps' costs from the board alone, filled in as asked (per board: the board never changes)."""
    table = _STATIC.get(board)
    if table is None:
        table = _STATIC[board] = {}
    return table


def step_rule(game: G, state: S, fighter: Fighter, roll_drops: bool) -> Callable[[Pos, Pos], int | None]:
    """THRUM 14, 17-19: the cost of one step; enemies' squares cannot be entered."""
    enemies = _enemy_squares(state, fighter)
    difficult = terrain.difficult_cells(game, state, fighter)
    board = game.board
    table = _terrain_costs(board)

    def cost(a: Pos, b: Pos) -> int | None:
        if b in enemies:
            return None
        key = (a, b, roll_drops)
        if key in table:
            base = table[key]
        else:
            base = table[key] = geometry.step_cost(board, a, b, roll_drops=roll_drops)
        if base is None or a not in difficult or board.terrain(a).difficult:
            return base
        return base + 1  # a Terrain Effect makes the square left difficult (THRUM 19, 29)

    return cost


def _enemy_squares(state: S, fighter: Fighter) -> frozenset[Pos]:
    return frozenset(f.pos for f in state.fighters.values() if f.side != fighter.side and not f.removed)


def ally_squares(state: S, fighter: Fighter) -> frozenset[Pos]:
    """THRUM 14: allies' squares may be passed through but not ended in."""
    return frozenset(
        f.pos
        for f in state.fighters.values()
        if f.side == fighter.side and f.id != fighter.id and not f.removed
    )


def reach_costs(game: G, state: S, fighter: Fighter, budget: int, roll_drops: bool) -> dict[Pos, int]:
    """Every square ``fighter`` can end a move in for at most ``budget`` squares, with the cost of the
    cheapest path there (the listing and the check of a move need no more; :func:`walk` finds the path)."""
    if fighter.has("disoriented"):
        return {p: path.cost for p, path in _single_steps(game, state, fighter, budget).items()}
    allies = ally_squares(state, fighter)
    if roll_drops:
        plain = reach_costs(game, state, fighter, budget, False)
        if not _drops_within(game.board, fighter.pos, plain, allies):
            return plain  # no square the search goes through has a drop to roll down: the same costs
    key = (
        fighter.pos,
        budget,
        roll_drops,
        _enemy_squares(state, fighter),
        allies,
        terrain.difficult_cells(game, state, fighter),
    )

    def search() -> dict[Pos, int]:
        cost = step_rule(game, state, fighter, roll_drops)
        return cheapest_costs(game.board, fighter.pos, budget, cost, no_stop=allies)

    return _REACH.get(game.board, key, search)


def _path(game: G, state: S, fighter: Fighter, to: Pos, budget: int, roll_drops: bool) -> Path:
    """The cheapest path of a listed move to ``to`` (the one a search for every square would give)."""
    if fighter.has("disoriented"):
        return _single_steps(game, state, fighter, budget)[to]
    cost = step_rule(game, state, fighter, roll_drops)
    allies = ally_squares(state, fighter)
    if roll_drops and not _drops_within(
        game.board, fighter.pos, reach_costs(game, state, fighter, budget, False), allies
    ):
        cost = step_rule(game, state, fighter, False)  # as reach_costs: the plain search where no drop is met
    path = cheapest_path(game.board, fighter.pos, to, cost, budget=budget, no_stop=allies)
    assert path is not None, f"{fighter.id} has no path to {to}"
    return path


def _drops_within(board: Board, start: Pos, paths: dict[Pos, int], allies: frozenset[Pos]) -> bool:
    """Whether a search that reached ``paths`` from ``start`` (passing ``allies``) went through a square
    with a drop of 2 or more levels next to it (THRUM 18: only there does rolling change a step's cost)."""
    drops = _drop_squares(board)
    return start in drops or not drops.isdisjoint(paths) or not drops.isdisjoint(allies)


def _drop_squares(board: Board) -> frozenset[Pos]:
    """The squares with a neighbour 2 or more levels below (per board: the board never changes)."""
    found = _DROPS.get(board)
    if found is None:
        found = _DROPS[board] = frozenset(
            p for p in board.cells() if any(geometry.drop(board, p, q) >= 2 for q in board.neighbors(p))
        )
    return found


_DROPS: weakref.WeakKeyDictionary[Board, frozenset[Pos]] = weakref.WeakKeyDictionary()


def _single_steps(game: G, state: S, fighter: Fighter, budget: int) -> dict[Pos, Path]:
    """THRUM 45 Disoriented: each attempt is to one adjacent square (a roll decides where it goes)."""
    cost = step_rule(game, state, fighter, False)
    allies = ally_squares(state, fighter)
    out: dict[Pos, Path] = {}
    for q in game.board.neighbors(fighter.pos):
        c = cost(fighter.pos, q)
        if c is not None and c <= budget and q not in allies:
            out[q] = Path((fighter.pos, q), c, (0, c))
    return out


def can_move(state: S, fighter: Fighter) -> str | None:
    """Why ``fighter`` cannot Move now (THRUM 10, 45-46), or None."""
    if fighter.acted:
        return f"{fighter.id} stopped moving to take its Action; it cannot move again this turn (THRUM 10)"
    if fighter.has("immobilized"):
        return f"{fighter.id} is Immobilized and cannot move (THRUM 45)"
    return None


def fall_roll(action: Action) -> str | None:
    """The roll named on a move (``+endurance`` / ``+reflex``) to take drops of 2+ levels at no cost."""
    named = [f for f in action.flags if f in FALL_ROLLS]
    return named[0] if named else None


def move_candidates(game: G, state: S, fighter: Fighter, verb: str, budget: int) -> Iterator[Action]:
    """``move @X,Y`` for every reachable square; ``+endurance``/``+reflex`` where rolling saves squares."""
    plain = reach_costs(game, state, fighter, budget, False)
    for p in sorted(plain):
        yield listed(fighter.id, verb, None, p)
    if fighter.has("disoriented"):
        return
    rolling = reach_costs(game, state, fighter, budget, True)
    for p in sorted(rolling):
        if p not in plain or rolling[p] < plain[p]:
            for flag in FALL_ROLLS:
                yield listed(fighter.id, verb, None, p, None, (flag,))


def check_destination(game: G, state: S, fighter: Fighter, action: Action, budget: int) -> str | None:
    """Why the move's destination cannot be reached with ``budget`` squares, or None."""
    if action.at is None:
        return f"'{action.verb}' needs a destination: {fighter.id} {action.verb} @X,Y"
    flags = [f for f in action.flags if f not in FALL_ROLLS]
    if flags:
        return (
            f"unknown flag '+{flags[0]}' for {action.verb}; a move may name +endurance or +reflex (THRUM 18)"
        )
    if not game.board.in_bounds(action.at):
        return f"@{action.at[0]},{action.at[1]} is off the map"
    if action.via:
        found = route_path(game, state, fighter, action, budget)
        return found if isinstance(found, str) else None
    rolling = fall_roll(action)
    paths = reach_costs(game, state, fighter, budget, rolling is not None)
    if rolling is not None and action.at in paths and not fighter.has("disoriented"):
        plain = reach_costs(game, state, fighter, budget, False)
        if action.at in plain and plain[action.at] <= paths[action.at]:
            return (
                f"no drop of 2 or more levels on the way to @{action.at[0]},{action.at[1]} is worth a roll:"
                f" move there without +{rolling} (THRUM 18)"
            )
    if rolling is not None and fighter.has("disoriented"):
        return f"{fighter.id} is Disoriented: each step is rolled for (THRUM 45); move without +{rolling}"
    if action.at not in paths:
        return (
            f"{fighter.id} cannot reach @{action.at[0]},{action.at[1]} with {budget} squares of movement"
            " (walls, enemies, allies' squares to stop in, elevation and difficult terrain count:"
            " THRUM 14-19)"
        )
    return None


def route_path(game: G, state: S, fighter: Fighter, action: Action, budget: int) -> Path | str:
    """Issue 14 point 9: the path of a move along waypoints, each leg the cheapest path between its squares
    by THRUM's step costs (14, 17-19; with a roll named, drops of 2 or more levels cost nothing extra), or
    why it is no legal move with ``budget`` squares, naming the leg."""
    if fighter.has("disoriented"):
        return f"{fighter.id} is Disoriented: each step is rolled for (THRUM 45); name one square, no route"
    rolling = fall_roll(action)
    route = waypoints.plan(fighter.pos, action.route, _leg(game, state, fighter, rolling is not None))
    if isinstance(route, str):
        return route
    has = (
        f"squares of movement {fighter.id} has for this (elevation and difficult terrain count: THRUM 17-19)"
    )
    too_long = waypoints.over(route, budget, "squares", has)
    if too_long:
        return too_long
    cells = route.path.cells
    if rolling is not None and not any(geometry.drop(game.board, a, b) >= 2 for a, b in pairwise(cells)):
        return f"the route has no drop of 2 or more levels to roll for: move without +{rolling} (THRUM 18)"
    return route.path


def _leg(game: G, state: S, fighter: Fighter, roll_drops: bool) -> waypoints.Leg:
    """The cheapest path of one leg by THRUM's step costs, or why there is none."""
    cost = step_rule(game, state, fighter, roll_drops)

    def cheapest(a: Pos, b: Pos) -> Path | None:
        return cheapest_path(game.board, a, b, cost)

    enemies, allies = _enemy_squares(state, fighter), ally_squares(state, fighter)
    why = "enemies' squares cannot be entered, THRUM 14"
    return waypoints.leg_by(cheapest, game.board, enemies, allies, blockers=why)


def walk(game: G, state: S, fighter: Fighter, action: Action, budget: int, how: str, ctx: Context) -> None:
    """Carry out a move (or a Dash): step by step, rolling for falls and Disoriented steps."""
    assert action.at is not None
    roll_name = fall_roll(action)
    if action.via:
        found = route_path(game, state, fighter, action, budget)
        assert isinstance(found, Path)
        path = found
    else:
        path = _path(game, state, fighter, action.at, budget, roll_name is not None)
    if fighter.has("disoriented"):
        _disoriented_step(game, state, fighter, path, ctx, how)
        return
    cost = step_rule(game, state, fighter, roll_name is not None)
    already = speed(game, fighter) - budget  # movement spent before this walk, out of the same Speed
    walked = [fighter.pos]
    spent = 0
    for a, b in zip(path.cells, path.cells[1:], strict=False):
        step = cost(a, b) or 0
        spent += step
        walked.append(b)
        if roll_name is not None and geometry.drop(game.board, a, b) >= 2:
            fighter.pos = b
            stop = _fall(game, fighter, roll_name, (a, b), already + spent, already + path.cost, ctx)
            if stop:
                break
    _finish_walk(state, fighter, walked, spent, ctx, how)


def _fall(
    game: G, fighter: Fighter, roll_name: str, step: tuple[Pos, Pos], used: int, planned: int, ctx: Context
) -> bool:
    """THRUM 18 / C9: roll against the environment (2d6 + the drop); True when the move must stop here.

    ``used`` is the movement spent so far out of this Speed, ``planned`` what the whole move would spend.
    A failure gives +1 Slowed; with ``used`` at or above the new Speed the move stops and (C8) Dazed.
    """
    a, b = step
    levels = geometry.drop(game.board, a, b)
    mod = game.sheet(fighter.id).defense(FALL_ROLLS[roll_name])
    mine = dice.roll(ctx, fighter.id, f"{roll_name} roll (drop of {levels})", mod)
    theirs = dice.roll(ctx, "environment", f"drop of {levels}", levels)
    success = mine > theirs or (mine == theirs and not game.options.descent_ties_to_environment)
    if success:
        ctx.emit(Descended(fighter.id, b, levels, True))
        return False
    vitals.add_status(fighter, "slowed", 1, ctx, "failed a descent roll")
    now = speed(game, fighter)
    if used >= now:
        ctx.emit(Descended(fighter.id, b, levels, False, stopped=True))
        if game.options.fall_dazed:
            vitals.apply_condition(fighter, "dazed", 0, ctx, "fell with no movement left")
        return True
    ctx.emit(Descended(fighter.id, b, levels, False, stopped=planned > now))
    return planned > now


def _finish_walk(state: S, fighter: Fighter, walked: list[Pos], spent: int, ctx: Context, how: str) -> None:
    """Settle on the last square walked that no ally holds (THRUM 14) and record the movement."""
    allies = ally_squares(state, fighter)
    while len(walked) > 1 and walked[-1] in allies:
        walked.pop()
    fighter.pos = walked[-1]
    fighter.spent += spent
    fighter.moved = True
    ctx.emit(Stepped(fighter.id, tuple(walked), spent, how))


def _disoriented_step(game: G, state: S, fighter: Fighter, path: Path, ctx: Context, how: str) -> None:
    """THRUM 45 / C13: 2d6; 7 goes as intended and ends Disoriented; otherwise the step turns clockwise
    (above 7) or counter-clockwise (below 7); a step into a wall, an enemy or off the map is lost."""
    intended = path.cells[-1]
    total = dice.roll(ctx, fighter.id, "disoriented step", 0)
    landed = geometry.redirect(game.board, fighter.pos, intended, total)
    cost = step_rule(game, state, fighter, False)
    allies = ally_squares(state, fighter)
    step = cost(fighter.pos, landed) if game.board.in_bounds(landed) else None
    if step is None or landed in allies:
        if game.options.disoriented_blocked_step == "stay_intended":
            landed, step = intended, path.cost
        else:
            ctx.emit(StepRedirected(fighter.id, intended, None, total))
            fighter.spent += path.cost
            fighter.moved = True
            return
    if landed != intended:
        ctx.emit(StepRedirected(fighter.id, intended, landed, total))
    _finish_walk(state, fighter, [fighter.pos, landed], step or 0, ctx, how)
    if total == 7:
        vitals.end_condition(fighter, "disoriented", ctx, "rolled 7")


# -- Teleport (THRUM 15) -------------------------------------------------------------------------


def teleport_destinations(game: G, state: S, fighter: Fighter, reach: int) -> list[Pos]:
    """THRUM 15: open squares within ``reach``; nothing between is passed through, so walls and
    characters in the way do not matter."""
    taken = {f.pos for f in state.fighters.values() if not f.removed}
    board = game.board
    return [
        p
        for p in board.cells_within(fighter.pos, reach)
        if p != fighter.pos and not board.terrain(p).wall and p not in taken
    ]


def teleport_reach(game: G, fighter: Fighter, ability_range: int, spends_movement: bool) -> int:
    """How far a Teleport goes now: its Range, and no more than the movement left when it spends movement
    (one square of movement per square of distance; the costs of leaving or entering squares are ignored)."""
    return min(ability_range, remaining(game, fighter)) if spends_movement else ability_range


def teleport(fighter: Fighter, to: Pos, cost: int, ctx: Context) -> None:
    """Appear at ``to`` (THRUM 15)."""
    start = fighter.pos
    fighter.pos = to
    fighter.spent += cost
    fighter.moved = True
    ctx.emit(Stepped(fighter.id, (start, to), cost, "teleport"))
