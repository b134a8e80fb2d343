"""Moving on the hex map (rules 9, 14, 16-18): half moves, full moves, the 1-hex step, Withdraw, crawling,
and the attacks of opportunity that leaving a threatened hex provokes.

A move walks hex by hex, to its destination by the cheapest path or along the waypoints it names (issue 14
point 9, :mod:`tactica.systems.routes`). Before leaving a hex that enemies threaten it stops: the rest of
the path waits as a ``Suspended('move')`` record while they decide (rule 10), then it goes on if the mover
still can.
"""

from __future__ import annotations

from tactica.engine.action import Action
from tactica.engine.interrupts import Suspended
from tactica.engine.system import Context
from tactica.grid import Path, explore, find_path, reachable
from tactica.grid.memo import BoardMemo
from tactica.systems import routes as waypoints
from tactica.systems.listed import listed
from tactica.systems.phase3d6 import combat, doors, economy, holds
from tactica.systems.phase3d6.events import HexesMoved, ManeuverUsed
from tactica.systems.phase3d6.setup import Phase3d6Game
from tactica.systems.phase3d6.state import Fighter, Phase3d6State

G = Phase3d6Game
S = Phase3d6State
#: ``free`` for a move none of whose hexes provokes (E9's default Withdraw).
WHOLE_MOVE = 1 << 30
Pos = tuple[int, int]
Routes = dict[Pos, Path]


def routes(game: G, state: S, fighter: Fighter, budget: int) -> dict[Pos, Path]:
    """Hexes reachable for ``budget``: enemies and closed doors block; allies and the fallen are crossed, not
    ended on."""
    enemies, others = _blocking(state, fighter)
    key = (fighter.pos, budget, enemies, others)
    return _ROUTES.get(game.board, key, lambda: _search(game, fighter.pos, budget, enemies, others))


def _blocking(state: S, fighter: Fighter) -> tuple[frozenset[Pos], frozenset[Pos]]:
    """The hexes a mover cannot enter (standing enemies, closed doors) and those it cannot end on."""
    enemies = frozenset(f.pos for f in state.fighters.values() if f.side != fighter.side and not f.out)
    others = frozenset(
        f.pos for f in state.fighters.values() if (f.id != fighter.id and f.side == fighter.side) or f.out
    )
    return enemies | doors.closed(state), others


def route_kind(game: G, state: S, fighter: Fighter, action: Action) -> tuple[str, Path] | str:
    """Issue 14 point 9: a move (or Withdraw) along waypoints, each leg the cheapest path between its hexes:
    the movement it is (a half move first, as for any move) with its path, or why it is none, naming the
    leg."""
    enemies, others = _blocking(state, fighter)
    why = "enemies and closed doors block, rule 9"
    leg = waypoints.grid_leg(game.board, enemies, others, blockers=why, noun="hex")
    route = waypoints.plan(fighter.pos, action.route, leg)
    if isinstance(route, str):
        return route
    kinds = move_kinds(game, state, fighter)
    if action.verb == "withdraw":
        kinds = {"withdraw": kinds["full-move"]} if "full-move" in kinds else {}
    for kind, budget in kinds.items():
        if route.past(budget) is None:
            return kind, route.path
    full = game.sheet(fighter.id).move
    too_long = waypoints.over(route, full, "hexes", f"hexes of {fighter.id}'s combat movement (rule 17)")
    return too_long or _closed(state, fighter, route.path.cost, economy.half_move(game, fighter))


def _closed(state: S, fighter: Fighter, cost: int, half: int) -> str:
    """Why a route within the combat movement is still no move now: the actions it would take are spent."""
    if cost <= half:
        spent = economy.move_problem(state, fighter) or economy.full_problem(state, fighter)
        return spent or f"{fighter.id} cannot move {cost} hexes now"
    problem = economy.full_problem(state, fighter) or "its movement this Phase is spent"
    return f"the route is {cost} hexes, more than a half move ({half}): a full-Phase action, and {problem}"


def _search(game: G, start: Pos, budget: int, enemies: frozenset[Pos], others: frozenset[Pos]) -> Routes:
    paths = explore(game.board, start, budget, blocked=enemies, no_stop=others).paths()
    paths.pop(start, None)
    return paths


#: Route searches remembered per board by what they depend on (listing moves, then the move itself, ask
#: alike).
_ROUTES: BoardMemo[Routes] = BoardMemo(1024)


def move_kinds(game: G, state: S, fighter: Fighter) -> dict[str, int]:
    """The movements open now with their reach: 'half-move' (a move action), 'full-move' (full-Phase)."""
    if fighter.prone or fighter.stepped:
        return {}
    out: dict[str, int] = {}
    second = fighter.hexes > 0 and not game.options.two_half_moves  # E7
    if economy.move_problem(state, fighter) is None and economy.half_move(game, fighter) > 0 and not second:
        out["half-move"] = economy.half_move(game, fighter)
    if economy.full_problem(state, fighter) is None:
        out["full-move"] = game.sheet(fighter.id).move
    return out


def kind_of_move(game: G, state: S, fighter: Fighter, to: Pos) -> tuple[str, Path] | None:
    """Which movement a move to ``to`` is: the cheapest kind that reaches it (a move action first).

    One search, for the longest reach, that stops at ``to``: its path is the one :func:`routes` finds, and a
    search for less reach finds the same path to a hex it reaches (a path never passes a dearer hex;
    ``tests/systems/phase3d6`` checks both), so a path costing no more than a kind's reach is that kind's."""
    kinds = move_kinds(game, state, fighter)
    if not kinds or to == fighter.pos:
        return None
    enemies, others = _blocking(state, fighter)
    budget = max(kinds.values())
    path = find_path(game.board, fighter.pos, to, budget=budget, blocked=enemies, no_stop=others)
    if path is None:
        return None
    return next((kind, path) for kind, reach in kinds.items() if path.cost <= reach)


def move_candidates(game: G, state: S, fighter: Fighter) -> tuple[Action, ...]:
    """``move @q,r`` for every hex a half or a full move reaches (remembered per board, as its routes)."""
    reach = max(move_kinds(game, state, fighter).values(), default=0)
    if not reach:
        return ()
    enemies, others = _blocking(state, fighter)
    key = (fighter.id, fighter.pos, reach, enemies, others)
    return _MOVES.get(
        game.board,
        key,
        lambda: tuple(
            listed(fighter.id, "move", at=p) for p in ends(game, fighter.pos, reach, enemies, others)
        ),
    )


def ends(game: G, start: Pos, budget: int, enemies: frozenset[Pos], others: frozenset[Pos]) -> list[Pos]:
    """The hexes a move from ``start`` may end in, in order: those :func:`routes` finds paths to, from a
    search that keeps no paths (a listing needs none)."""
    found = reachable(game.board, start, budget, blocked=enemies, no_stop=others)
    return sorted(p for p in found if p != start)


#: Move lists remembered per board by what they depend on (while nobody moves, the listing is a lookup).
_MOVES: BoardMemo[tuple[Action, ...]] = BoardMemo(1024)


def step_candidates(game: G, state: S, fighter: Fighter) -> list[Action]:
    """Rule 18: ``step @q,r`` to an open adjacent hex, when neither hex is hampered."""
    if economy.step_problem(game, fighter, fighter.full and fighter.hexes > 0) is not None:
        return []
    return [listed(fighter.id, "step", at=q) for q in step_hexes(game, state, fighter)]


def step_hexes(game: G, state: S, fighter: Fighter) -> list[Pos]:
    """Rule 18: the open neighbouring hexes a 1-hex step could go to, from a hex not hampered, into hexes
    not hampered (:func:`hampered`)."""
    if hampered(game, fighter.pos):
        return []
    taken = {f.pos for f in state.fighters.values() if not f.out} | doors.closed(state)
    return [q for q, _ in game.board.exits(fighter.pos) if q not in taken and not hampered(game, q)]


def hampered(game: G, hex_: Pos) -> bool:
    """Rule 18, seed l.94: "You can only take a 1-hex step if your movement isn't hampered by difficult
    terrain or darkness": the hex is difficult ground or in darkness (``areas:``)."""
    return game.board.terrain(hex_).difficult or hex_ in game.dark


def walk(game: G, state: S, fighter: Fighter, path: list[Pos], how: str, ctx: Context, *, free: int) -> None:
    """Walk ``path`` (the hexes after the start), stopping for attacks of opportunity before leaving each
    threatened hex (none for a step; none for the first ``free`` hexes left, a Withdraw's, E9; the skill check
    of rule 16, E6)."""
    walked = [fighter.pos]
    for i, nxt in enumerate(path):
        provokes = how != "step" and fighter.hexes >= free
        if provokes and combat.offer(
            game, state, fighter, fighter.pos, "leaves a threatened hex", how != "noncombat", ctx
        ):
            _moved(fighter, walked, how, ctx)
            state.suspended.append(Suspended(fighter.id, "move", list(path[i:]), {"free": free}, how))
            return
        fighter.pos = nxt
        fighter.hexes += 1
        walked.append(nxt)
        holds.raise_ready(game, state, fighter, "approaches", ctx)  # rule 20: it fires mid-move
        if state.pending:
            _moved(fighter, walked, how, ctx)
            state.suspended.append(Suspended(fighter.id, "move", list(path[i + 1 :]), {"free": free}, how))
            return
    _moved(fighter, walked, how, ctx)


def resume(game: G, state: S, ctx: Context) -> None:
    """Go on with a move after its attacks of opportunity (rule 10), if the mover still can."""
    work = state.suspended.pop()
    fighter = state.fighters[work.actor]
    if fighter.out or (fighter.prone and work.note != "crawl"):
        return
    walk(game, state, fighter, list(work.path), work.note, ctx, free=int(work.data.get("free", 0)))


def _moved(fighter: Fighter, walked: list[Pos], how: str, ctx: Context) -> None:
    if len(walked) > 1:
        ctx.emit(HexesMoved(fighter.id, tuple(walked), how))


def start_move(game: G, state: S, fighter: Fighter, kind: str, path: Path, ctx: Context) -> None:
    """Pay for a move (a move action, a full-Phase action, the step) and walk it."""
    ctx.emit(ManeuverUsed(fighter.id, kind, game.maneuvers[kind].type))
    if kind in ("half-move", "crawl"):
        fighter.moves += 1
    elif kind in ("full-move", "withdraw"):
        fighter.full = True
    else:
        fighter.stepped = True
    how = {"half-move": "move", "full-move": "move", "step": "step"}.get(kind, kind)
    walk(
        game,
        state,
        fighter,
        list(path.cells[1:]),
        how,
        ctx,
        free=free_hexes(game, kind),
    )


def free_hexes(game: G, kind: str) -> int:
    """E9: how many of a move's first hexes are left without provoking (a Withdraw's, by option)."""
    if kind != "withdraw":
        return 0
    return {"never": WHOLE_MOVE, "after_first_hex": 1, "every_hex": 0}[game.options.withdraw_provokes]
