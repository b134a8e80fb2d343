"""Moving on the battle grid (rule 1: 1.5 m squares), along waypoints too (issue 14 point 9), standing up,
knockback (rule 13) and random directions (rule 23)."""

from __future__ import annotations

import math

from tactica.dice import D6
from tactica.engine.action import Action
from tactica.engine.system import Context
from tactica.grid import Path, find_path, reachable
from tactica.grid.memo import BoardMemo
from tactica.systems import routes
from tactica.systems.srb.events import SrbConditionChanged, SrbDirection, SrbMoved
from tactica.systems.srb.setup import SrbGame
from tactica.systems.srb.sheet import SQUARE_M
from tactica.systems.srb.state import Fighter, SrbState

G = SrbGame
S = SrbState
Pos = tuple[int, int]

#: The eight directions clockwise from north (x east, y south).
DIRS: tuple[Pos, ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
#: Rule 23: the second 1d6 (on a 5-6): (name, turn from forward in eighths, clockwise).
SIDEWAYS: dict[int, tuple[str, int]] = {
    1: ("left forward", -1),
    2: ("left", -2),
    3: ("left rear", -3),
    4: ("right forward", 1),
    5: ("right", 2),
    6: ("right rear", 3),
}


def facing(a: Pos, b: Pos) -> int:
    """The index in :data:`DIRS` of the direction from ``a`` toward ``b`` (nearest of eight; north when
    ``a == b``)."""
    if a == b:
        return 0
    angle = math.atan2(b[0] - a[0], -(b[1] - a[1]))  # clockwise from north
    return round(angle / (math.pi / 4)) % 8


def random_direction(ctx: Context, actor: str, forward: int, purpose: str) -> int:
    """Rule 23: 1d6: 1-2 forward, 3-4 backwards, 5-6 another 1d6: 1 left forward, 2 left, 3 left rear,
    4 right forward, 5 right, 6 right rear. ``forward`` is the way the actor faced (a :data:`DIRS` index)."""
    first = ctx.die(D6, f"{actor} random direction ({purpose})")
    faces: tuple[int, ...] = (first,)
    if first <= 2:
        name, turn = "forward", 0
    elif first <= 4:
        name, turn = "backwards", 4
    else:
        second = ctx.die(D6, f"{actor} random direction, sideways ({purpose})")
        (name, turn), faces = SIDEWAYS[second], (first, second)
    ctx.emit(SrbDirection(actor, faces, name, purpose))
    return (forward + turn) % 8


def open_square(game: G, state: S, p: Pos, ignore: str = "") -> bool:
    """On the board, not a wall, and no combatant (standing or down) in it."""
    if not game.board.in_bounds(p) or game.board.terrain(p).wall:
        return False
    return not any(f.pos == p and f.id != ignore for f in state.fighters.values())


def fly(game: G, start: Pos, direction: int, squares: int) -> Pos:
    """Where something flung ``squares`` squares in a direction lands: it stops before a wall or the edge."""
    dx, dy = DIRS[direction]
    at = start
    for _ in range(squares):
        nxt = (at[0] + dx, at[1] + dy)
        if not game.board.in_bounds(nxt) or game.board.terrain(nxt).wall:
            break
        at = nxt
    return at


def trace(game: G, state: S, start: Pos, direction: int, squares: int, shooter: str) -> Fighter | None:
    """The first standing combatant on the straight line from ``start`` in a direction, within ``squares``
    (walls stop it): whom a shot in a random direction meets."""
    dx, dy = DIRS[direction]
    at = start
    for _ in range(squares):
        at = (at[0] + dx, at[1] + dy)
        if not game.board.in_bounds(at) or game.board.terrain(at).wall:
            return None
        for f in state.fighters.values():
            if f.pos == at and f.up and f.id != shooter:
                return f
    return None


def speed(game: G, f: Fighter) -> int:
    """Squares per move action (rule 1)."""
    return game.sheet(f.id).speed_squares


def _blockers(state: S, f: Fighter) -> tuple[set[Pos], set[Pos]]:
    """Standing enemies cannot be entered; allies' and the downed's squares may be crossed but not ended
    in."""
    blocked = {o.pos for o in state.fighters.values() if o.up and o.side != f.side}
    no_stop = {o.pos for o in state.fighters.values() if o.id != f.id and o.pos not in blocked}
    return blocked, no_stop


#: Move listings remembered per board by everything they depend on (the mover, its square and speed, the
#: squares it may not enter or end in): while nobody moves, listing again is a look-up. The oldest go past
#: this many per board.
MOVE_CACHE_LIMIT = 1024
_MOVES: BoardMemo[tuple[dict[Pos, int], tuple[Action, ...]]] = BoardMemo(MOVE_CACHE_LIMIT)


def _moves(game: G, state: S, f: Fighter) -> tuple[dict[Pos, int], tuple[Action, ...]]:
    """The squares one move action reaches with their cost (not the start), and their ``move`` actions."""
    blocked, no_stop = _blockers(state, f)
    far = speed(game, f)

    def search() -> tuple[dict[Pos, int], tuple[Action, ...]]:
        found = reachable(game.board, f.pos, far, blocked=blocked, no_stop=no_stop)
        found.pop(f.pos, None)
        return found, tuple(Action(f.id, "move", at=p) for p in sorted(found))

    key = (f.id, f.pos, far, frozenset(blocked), frozenset(no_stop))
    return _MOVES.get(game.board, key, search)


def destinations(game: G, state: S, f: Fighter) -> dict[Pos, int]:
    """Every square one move action reaches (difficult ground costs 2), with its cost; not the start (a
    remembered listing: not to be changed)."""
    return _moves(game, state, f)[0]


def move_candidates(game: G, state: S, f: Fighter) -> list[Action]:
    """``move @x,y`` to every square one move action reaches."""
    return list(_moves(game, state, f)[1])


def route_path(game: G, state: S, f: Fighter, action: Action) -> Path | str:
    """Issue 14 point 9: the path of a move along waypoints (each leg the cheapest path between its squares),
    or why it is no legal move action, naming the leg."""
    blocked, no_stop = _blockers(state, f)
    leg = routes.grid_leg(game.board, blocked, no_stop, blockers="standing enemies block, Star Rangers 1")
    route = routes.plan(f.pos, action.route, leg)
    if isinstance(route, str):
        return route
    has = f"squares of 1.5 m {f.id} has for one move action (difficult ground costs 2; Star Rangers 1)"
    return routes.over(route, speed(game, f), "squares", has) or route.path


def walk(game: G, state: S, f: Fighter, action: Action, ctx: Context) -> None:
    """Move along the route ``action`` names, or the cheapest path to its destination."""
    assert action.at is not None
    blocked, no_stop = _blockers(state, f)
    found = (
        route_path(game, state, f, action)
        if action.via
        else find_path(game.board, f.pos, action.at, budget=speed(game, f), blocked=blocked, no_stop=no_stop)
    )
    assert isinstance(found, Path)
    path = found
    f.pos = path.end
    metres = float(len(path.cells[1:]) * SQUARE_M)
    ctx.emit(SrbMoved(f.id, tuple(path.cells), path.cost, metres))


def fall_prone(f: Fighter, reason: str, ctx: Context) -> None:
    """The combatant falls down."""
    if not f.prone:
        f.prone = True
        ctx.emit(SrbConditionChanged(f.id, "prone", True, reason))


def stand(f: Fighter, ctx: Context) -> None:
    """Stand up (a move action)."""
    f.prone = False
    ctx.emit(SrbConditionChanged(f.id, "prone", False, "stands up"))
