"""Moving (Far Recon 9: it does not use up the turn): up to Speed squares a turn in up to moves_per_turn
moves; conscious enemies block, anyone's square can be crossed but not ended on; walls block; difficult
ground costs 2. A move goes by the cheapest path, or along the waypoints it names (issue 14 point 9,
:mod:`tactica.systems.routes`)."""

from __future__ import annotations

from tactica.engine.action import Action
from tactica.engine.system import Context
from tactica.grid import Path, Reach, explore
from tactica.grid.memo import BoardMemo
from tactica.systems import routes
from tactica.systems.farrecon.events import MoveBlocked, ReconMoved
from tactica.systems.farrecon.setup import FarReconGame
from tactica.systems.farrecon.state import FarReconState, Fighter

G = FarReconGame
S = FarReconState
Pos = tuple[int, int]


def remaining(game: G, f: Fighter) -> int:
    """Squares of Speed left this turn."""
    return max(0, game.sheet(f.id).speed_of(game.options) - f.spent)


def move_problem(game: G, f: Fighter) -> str | None:
    """Why the character cannot move now (None: it can)."""
    if f.restrained:
        return f"{f.id} is restrained and cannot move"
    if f.pinned:
        return f"{f.id} staggered (a critical failure's complication) and cannot move this turn (Far Recon 4)"
    if f.moves >= game.options.moves_per_turn:
        return f"{f.id} has made its {game.options.moves_per_turn} move(s) this turn (option moves_per_turn)"
    if remaining(game, f) == 0:
        return f"{f.id} has no Speed left this turn"
    return None


def _blocks(state: S, f: Fighter) -> tuple[set[Pos], set[Pos]]:
    """Squares the mover cannot enter (conscious enemies) and cannot stop on (anyone else's)."""
    blocked: set[Pos] = set()
    taken: set[Pos] = set()
    for other in state.fighters.values():
        if other.id == f.id or not other.present:
            continue
        taken.add(other.pos)
        if other.side != f.side and other.conscious:
            blocked.add(other.pos)
    return blocked, taken


#: Move listings remembered per board by everything they depend on (the mover, the square it moves from,
#: its Speed left, the squares within that many of it that it may not enter or stop on; squares farther
#: away cannot matter, every step costing at least 1): while nobody moves near, listing again is a
#: look-up. The oldest go past this many per board.
MOVE_CACHE_LIMIT = 1024
_MOVES: BoardMemo[tuple[dict[Pos, int], tuple[Action, ...]]] = BoardMemo(MOVE_CACHE_LIMIT)
#: The searches behind them and behind paths, by the square, the Speed left and the blocked squares within
#: reach (the squares taken but passable only leave destinations out: an ally moving needs no new search).
_REACH: BoardMemo[Reach] = BoardMemo(MOVE_CACHE_LIMIT)
#: Per board and mover, its ``move`` action to each square, made once (actions are values).
_MOVE_ACTIONS: BoardMemo[dict[Pos, Action]] = BoardMemo(MOVE_CACHE_LIMIT)


def _moves(game: G, state: S, f: Fighter, start: Pos | None) -> tuple[dict[Pos, int], tuple[Action, ...]]:
    """The squares a move from ``start`` can end on with their cost, and their ``move`` actions."""
    origin = start or f.pos
    budget = remaining(game, f)
    blocked, taken = _blocks_near(game, state, f, origin, budget)
    no_stop = taken - {origin}

    def listing() -> tuple[dict[Pos, int], tuple[Action, ...]]:
        costs = _reach(game, origin, budget, blocked).costs
        found = {p: cost for p, cost in costs.items() if p != origin and p not in no_stop}
        return found, _move_actions(game, f.id, sorted(found))

    return _MOVES.get(game.board, (f.id, origin, budget, blocked, no_stop), listing)


def _move_actions(game: G, actor: str, squares: list[Pos]) -> tuple[Action, ...]:
    """``actor``'s ``move`` to each of ``squares``, in that order."""
    made = _MOVE_ACTIONS.get(game.board, actor, dict)
    return tuple(made.get(p) or made.setdefault(p, Action(actor, "move", at=p)) for p in squares)


def _blocks_near(
    game: G, state: S, f: Fighter, origin: Pos, budget: int
) -> tuple[frozenset[Pos], frozenset[Pos]]:
    """:func:`_blocks` within ``budget`` of ``origin``: the only squares a search from there with that
    budget can meet (every step costs at least 1)."""
    board = game.board
    blocked: set[Pos] = set()
    taken: set[Pos] = set()
    for other in state.fighters.values():
        if other.id == f.id or not other.present or board.distance(origin, other.pos) > budget:
            continue
        taken.add(other.pos)
        if other.side != f.side and other.conscious:
            blocked.add(other.pos)
    return frozenset(blocked), frozenset(taken)


def move_candidates(game: G, state: S, f: Fighter) -> list[Action]:
    """``move @x,y`` to every square a move from where it stands can end on."""
    return list(_moves(game, state, f, None)[1])


def path_to(game: G, state: S, f: Fighter, to: Pos) -> Path | None:
    """The cheapest path from where it stands to ``to`` within its Speed left, or None (from the search
    behind the move listing: a declared move's conflicts and the move itself ask the same question)."""
    budget = remaining(game, f)
    blocked, taken = _blocks_near(game, state, f, f.pos, budget)
    if to == f.pos or to in taken:
        return None
    return _reach(game, f.pos, budget, blocked).path_to(to)


def _reach(game: G, origin: Pos, budget: int, blocked: frozenset[Pos]) -> Reach:
    """Every square a move from ``origin`` within ``budget`` passes or ends on, with the cheapest paths."""
    return _REACH.get(
        game.board, (origin, budget, blocked), lambda: explore(game.board, origin, budget, blocked=blocked)
    )


def route_path(game: G, state: S, f: Fighter, to: Pos, via: tuple[Pos, ...]) -> Path | str:
    """Issue 14 point 9: the path of a move along the waypoints ``via`` to ``to`` (each leg the cheapest path
    between its squares) within the Speed left, or why it is no legal move, naming the leg."""
    blocked, taken = _blocks(state, f)
    leg = routes.grid_leg(game.board, blocked, taken, blockers="conscious enemies block, Far Recon 9")
    route = routes.plan(f.pos, (*via, to), leg)
    if isinstance(route, str):
        return route
    has = f"squares of Speed {f.id} has left this turn (difficult ground costs 2)"
    return routes.over(route, remaining(game, f), "squares", has) or route.path


def walk(game: G, state: S, f: Fighter, to: Pos, ctx: Context, via: tuple[Pos, ...] = ()) -> bool:
    """Move to ``to`` (along the waypoints ``via``) if it can still be reached (False, and
    :class:`MoveBlocked`, otherwise)."""
    found = route_path(game, state, f, to, via) if via else path_to(game, state, f, to)
    if not isinstance(found, Path):
        why = found or "the square can no longer be reached or is taken"
        ctx.emit(MoveBlocked(f.id, to, why))
        f.moves += 1
        return False
    path = found
    f.pos = to
    f.spent += path.cost
    f.moves += 1
    ctx.emit(ReconMoved(f.id, tuple(path.cells), path.cost))
    return True
