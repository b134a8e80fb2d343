"""Movement (rules 8-9, 11-16, 18, 20) and Tactical Opportunity (ruling A9).

A move follows the cheapest path to its destination, or the route its waypoints give (issue 14 point 9,
:mod:`tactica.systems.routes`). Each step that leaves an enemy's Threat Range raises a
Tactical Opportunity: the move is suspended, the enemy decides, and the move goes on if the mover still can.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from tactica.dice import D20
from tactica.engine.action import Action
from tactica.engine.interrupts import Decision, Suspended, push_in_initiative_order
from tactica.engine.system import Context
from tactica.grid import Board, Path, Reach, explore, reachable
from tactica.grid.memo import BoardMemo
from tactica.systems import routes
from tactica.systems.futurepath.attacks import clear_line
from tactica.systems.futurepath.budget import Cost
from tactica.systems.futurepath.events import Checked, Moved, OpportunityRaised, PostureChanged, Tripped
from tactica.systems.futurepath.setup import FuturePathGame
from tactica.systems.futurepath.state import Fighter, FuturePathState
from tactica.systems.futurepath.verbs import Candidates, Verb, enemies

G = FuturePathGame
S = FuturePathState
Pos = tuple[int, int]

#: Hooks run after each step (traps, readied actions); they may push decisions or stop the mover.
#: A hook returning True ends the move on that square (a trap went off).
STEP_HOOKS: list[Callable[[G, S, str, Pos, Context], bool | None]] = []


@dataclass(frozen=True, slots=True)
class Mode:
    """A way of moving: its title, cost, allowance (in units of Speed) and special rules."""

    title: str
    cost: Cost
    speed: float
    rule: str
    acrobatics: bool = False
    fast_speed: float | None = None
    postures: tuple[str, ...] = ("standing",)
    terrain: str | None = None


MODES: dict[str, Mode] = {
    "move": Mode("Standard Move", "standard", 1, "FuturePath 11"),
    "walk": Mode("Walk", "standard", 0.5, "FuturePath 11"),
    "sprint": Mode("Sprint", "full", 0, "FuturePath 13", acrobatics=True),
    "crawl": Mode("Crawl", "standard", 0.5, "FuturePath 14", fast_speed=1, postures=("prone",)),
    "climb": Mode("Climb", "standard", 0.5, "FuturePath 14", fast_speed=1, terrain="climb"),
    "swim": Mode("Swim", "standard", 0.5, "FuturePath 14", fast_speed=1, terrain="water"),
}


def squares(game: G, feet: float) -> int:
    """Feet of movement as whole squares (rule 8)."""
    return int(feet // game.board.scale.per_cell)


def allowance(game: G, fighter: Fighter, verb: str, fast: bool) -> int:
    """Squares of movement the mode allows (sprint: A1 multiplier; half speed for walk/climb/crawl/swim)."""
    speed = game.sheet(fighter.id).speed_ft
    mode = MODES[verb]
    if verb == "sprint":
        return squares(game, speed * game.options.sprint_multiplier)
    factor = mode.fast_speed if fast and mode.fast_speed else mode.speed
    return squares(game, speed * factor)


def mode_cost(game: G, fighter: Fighter, action: Action) -> Cost:
    """Rule 14: a fast climb/crawl/swim is a Full-Round action."""
    mode = MODES[action.verb]
    return "full" if action.has_flag("fast") else mode.cost


class ModeCost:
    """:func:`mode_cost` for one mode, listing the costs its actions may have (``verbs.possible_costs``), so
    that ``legal_actions`` skips the mode when none is affordable."""

    __slots__ = ("costs",)

    def __init__(self, mode: Mode) -> None:
        self.costs: tuple[Cost, ...] = (mode.cost, "full") if mode.fast_speed else (mode.cost,)

    def __call__(self, game: G, fighter: Fighter, action: Action) -> Cost:
        return mode_cost(game, fighter, action)


def terrain_sets(game: G, state: S, fighter: Fighter) -> tuple[set[Pos], set[Pos], set[Pos]]:
    """(blocked, difficult, no_stop) for this mover: rule 9 and blocking objects."""
    blocked: set[Pos] = {o.pos for o in state.objects.values() if o.blocks and not o.broken}
    difficult: set[Pos] = set()
    no_stop: set[Pos] = set(blocked)
    for other in state.fighters.values():
        if other is fighter:
            continue
        no_stop.add(other.pos)
        if other.side != fighter.side and other.is_up:
            blocked.add(other.pos)
        elif other.side == fighter.side and other.status != "dead":
            difficult.add(other.pos)
    return blocked, difficult, no_stop


def reaches(game: G, state: S, fighter: Fighter, budget: int) -> list[Reach]:
    """Searches whose destinations are where a move with this allowance may end (A18 option honoured).

    'per_square': one search, difficult squares cost 2. 'whole_move' and 'minus_10ft': avoid difficult
    terrain at the full allowance, or cross it at the allowance of :func:`rough_allowance` (the later search
    wins when both reach a square).
    The searches are remembered for a while: checking a move and then carrying it out search once.
    """
    blocked, difficult, no_stop = terrain_sets(game, state, fighter)
    sets = (frozenset(blocked), frozenset(difficult), frozenset(no_stop))
    key = (fighter.pos, budget, game.options.difficult_terrain, *sets)
    found: tuple[Reach, ...] = _REACHES.get(
        game.board, key, lambda: tuple(_search(game, fighter.pos, budget, *sets))
    )
    return list(found)


def _search(
    game: G,
    start: Pos,
    budget: int,
    blocked: frozenset[Pos],
    difficult: frozenset[Pos],
    no_stop: frozenset[Pos],
) -> list[Reach]:
    """The searches of :func:`reaches`, for a mover at ``start`` with these squares blocked, difficult or
    not to stop in."""
    board = game.board
    if game.options.difficult_terrain == "per_square":
        return [explore(board, start, budget, blocked=blocked, difficult=difficult, no_stop=no_stop)]
    rough = {p for p in board.cells() if board.terrain(p).difficult} | difficult
    half = explore(game.flat_board, start, rough_allowance(game, budget), blocked=blocked, no_stop=no_stop)
    clear = explore(board, start, budget, blocked=blocked | rough, no_stop=no_stop)
    return [half, clear]


def rough_allowance(game: G, budget: int) -> int:
    """A18, rule 15: the squares of a move that enters difficult terrain, 'whole_move': half the allowance
    (rounded down); 'minus_10ft' (the GM's alternative for uneven ground): the allowance less 10 ft."""
    if game.options.difficult_terrain == "minus_10ft":
        return max(0, budget - squares(game, 10))
    return budget // 2


def destinations(game: G, state: S, fighter: Fighter, budget: int) -> set[Pos]:
    """Squares where a move with this allowance may end (not the start): the destinations of
    :func:`reaches`, found by the same searches without keeping paths (same set, same order)."""
    blocked, difficult, no_stop = terrain_sets(game, state, fighter)
    board, start = game.board, fighter.pos
    if game.options.difficult_terrain == "per_square":
        found = [reachable(board, start, budget, blocked=blocked, difficult=difficult, no_stop=no_stop)]
    else:
        rough = {p for p in board.cells() if board.terrain(p).difficult} | difficult
        crossing = rough_allowance(game, budget)
        found = [
            reachable(game.flat_board, start, crossing, blocked=blocked, no_stop=no_stop),
            reachable(board, start, budget, blocked=blocked | rough, no_stop=no_stop),
        ]
    out = {p for costs in found for p in costs}
    out.discard(start)
    return out


def path_to(game: G, state: S, fighter: Fighter, budget: int, goal: Pos) -> Path | None:
    """The path a move to ``goal`` takes, or None when it cannot end there."""
    found = [path for reach in reaches(game, state, fighter, budget) if (path := reach.path_to(goal))]
    return found[-1] if found and goal != fighter.pos else None


def crosses_difficult(game: G, state: S, fighter: Fighter, path: Path) -> bool:
    """Rule 16: does the path enter difficult terrain (or a friend's square, rule 9)?"""
    friends = {f.pos for f in state.fighters.values() if f.side == fighter.side and f is not fighter}
    return any(game.board.terrain(p).difficult or p in friends for p in path.cells[1:])


# -- verbs ---------------------------------------------------------------------------------------


#: Recent move lists and searches by board: ``legal_actions`` asks again and again for the same ones while
#: nobody moves, and a move is checked, then carried out. Keys hold everything a value depends on.
RECENT = 512
_MOVES: BoardMemo[tuple[Action, ...]] = BoardMemo(RECENT)
_REACHES: BoardMemo[tuple[Reach, ...]] = BoardMemo(RECENT)


def move_candidates(verb: str) -> Candidates:
    def candidates(game: G, state: S, fighter: Fighter) -> Iterable[Action]:
        if _mode_problem(game, fighter, verb) or not _terrain_possible(game, fighter, verb):
            return []
        blocked, difficult, no_stop = terrain_sets(game, state, fighter)
        key = (
            fighter.id,
            verb,
            fighter.pos,
            game.options.difficult_terrain,
            _budget(game, fighter, verb, False),
            _budget(game, fighter, verb, True),
            frozenset(blocked),
            frozenset(difficult),
            frozenset(no_stop),
        )
        found: tuple[Action, ...] = _MOVES.get(
            game.board, key, lambda: tuple(_moves(game, state, fighter, verb))
        )
        return list(found)

    return candidates


def _moves(game: G, state: S, fighter: Fighter, verb: str) -> list[Action]:
    """Every move of this mode: to each destination, at normal speed (also +stealthy) and fast."""
    slow = _on_terrain(
        game, fighter, verb, destinations(game, state, fighter, _budget(game, fighter, verb, False))
    )
    actions = [Action(fighter.id, verb, at=p) for p in slow]
    if MODES[verb].fast_speed:
        actions += [Action(fighter.id, verb, at=p, flags=("stealthy",)) for p in slow]
        fast = destinations(game, state, fighter, _budget(game, fighter, verb, True))
        actions += [
            Action(fighter.id, verb, at=p, flags=("fast",)) for p in _on_terrain(game, fighter, verb, fast)
        ]
    return actions


def _on_terrain(game: G, fighter: Fighter, verb: str, squares: Iterable[Pos]) -> list[Pos]:
    """The squares a move of this mode may end on, as far as terrain goes (all of them, in the same order,
    for a mode that needs no special terrain)."""
    if MODES[verb].terrain is None:
        return list(squares)
    return [p for p in squares if _terrain_problem(game, fighter, verb, p) is None]


def _budget(game: G, fighter: Fighter, verb: str, fast: bool) -> int:
    return allowance(game, fighter, verb, fast)


def _terrain_possible(game: G, fighter: Fighter, verb: str) -> bool:
    """False when a mode needing special terrain cannot start or end anywhere (none on the map)."""
    needed = MODES[verb].terrain
    if needed is None or game.board.terrain(fighter.pos).name == needed:
        return True
    return needed in _terrain_names(game.board)


_NAMES: weakref.WeakKeyDictionary[Board, frozenset[str]] = weakref.WeakKeyDictionary()


def _terrain_names(board: Board) -> frozenset[str]:
    names = _NAMES.get(board)
    if names is None:
        names = _NAMES[board] = frozenset(board.terrain(p).name for p in board.cells())
    return names


def _terrain_problem(game: G, fighter: Fighter, verb: str, at: Pos) -> str | None:
    """Climbing and swimming need climbable or water terrain where the move starts or ends (legend names
    'climb' and 'water'); other modes go anywhere."""
    needed = MODES[verb].terrain
    if needed is None or needed in (game.board.terrain(fighter.pos).name, game.board.terrain(at).name):
        return None
    return f"{MODES[verb].title} needs '{needed}' terrain where the move starts or ends (a map legend name)"


def weak_problem(game: G, fighter: Fighter) -> str | None:
    """A11 with ``weak_strength_blocks: all``: a character with Strength 3 or below cannot move at all."""
    strength = game.sheet(fighter.id).str_
    if game.options.weak_strength_blocks == "all" and strength <= 3:
        return f"{fighter.id} has Strength {strength}: a character with Strength 3 or below cannot move (A11)"
    return None


def _mode_problem(game: G, fighter: Fighter, verb: str) -> str | None:
    mode = MODES[verb]
    weak = weak_problem(game, fighter)
    if weak:
        return weak
    if fighter.posture not in mode.postures:
        if fighter.posture == "prone":
            return f"{fighter.id} is prone: stand up (a Simple action) or crawl"
        wanted = " or ".join(mode.postures)
        return f"{mode.title} needs the character {wanted}; {fighter.id} is {fighter.posture}"
    return None


def move_check(game: G, state: S, fighter: Fighter, action: Action) -> str | None:
    problem = _mode_problem(game, fighter, action.verb)
    if problem:
        return problem
    if action.at is None:
        return f"{MODES[action.verb].title} needs a destination, e.g. '{fighter.id} {action.verb} @3,4'"
    if action.has_flag("fast") and action.has_flag("stealthy"):
        return (
            "a Full-Round (fast) climb, crawl or swim is not allowed while moving stealthily (FuturePath 14)"
        )
    if set(action.flags) - {"fast", "stealthy"}:
        return f"unknown flag for {action.verb}: valid flags are +fast and +stealthy"
    if (action.has_flag("fast") or action.has_flag("stealthy")) and not MODES[action.verb].fast_speed:
        return f"{MODES[action.verb].title} takes no +fast or +stealthy"
    terrain = _terrain_problem(game, fighter, action.verb, action.at)
    if terrain:
        return terrain
    if action.via:
        found = route_path(game, state, fighter, action)
        return found if isinstance(found, str) else None
    budget = allowance(game, fighter, action.verb, action.has_flag("fast"))
    if path_to(game, state, fighter, budget, action.at) is None:
        return _unreachable(game, state, fighter, action.at, budget)
    return None


def route_path(game: G, state: S, fighter: Fighter, action: Action) -> Path | str:
    """Issue 14 point 9: the path of a move along waypoints, each leg the cheapest path between its squares
    (difficult terrain and friends' squares cost 2), or why the route is no legal move, naming the leg."""
    blocked, difficult, no_stop = terrain_sets(game, state, fighter)
    why = "enemies and blocking objects block, FuturePath 9"
    leg = routes.grid_leg(game.board, blocked, no_stop, difficult=difficult, blockers=why)
    route = routes.plan(fighter.pos, action.route, leg)
    if isinstance(route, str):
        return route
    return _route_over(game, state, fighter, action, route) or route.path


def _route_over(game: G, state: S, fighter: Fighter, action: Action, route: routes.Route) -> str | None:
    """Rules 11-15, A18: why the route is longer than the mode allows (per square: difficult terrain and
    friends' squares cost 2; otherwise a route entering difficult terrain has the reduced allowance)."""
    budget = allowance(game, fighter, action.verb, action.has_flag("fast"))
    has = f"squares {fighter.id} has for a {MODES[action.verb].title}"
    if game.options.difficult_terrain == "per_square":
        return routes.over(route, budget, "squares", f"{has} (difficult terrain and friends' squares cost 2)")
    if crosses_difficult(game, state, fighter, route.path):
        rough = rough_allowance(game, budget)
        entering = f"{has} that enters difficult terrain (FuturePath 15, option difficult_terrain)"
        return routes.over(route, rough, "squares", entering, _steps)
    return routes.over(route, budget, "squares", has, _steps)


def _steps(path: Path) -> int:
    return path.steps


def planned_path(game: G, state: S, fighter: Fighter, action: Action) -> Path:
    """The path a legal move takes: along its route, or the cheapest to its destination."""
    if action.via:
        found = route_path(game, state, fighter, action)
        assert isinstance(found, Path)
        return found
    assert action.at is not None
    budget = allowance(game, fighter, action.verb, action.has_flag("fast"))
    path = path_to(game, state, fighter, budget, action.at)
    assert path is not None
    return path


def _unreachable(game: G, state: S, fighter: Fighter, at: Pos, budget: int) -> str:
    if not game.board.in_bounds(at):
        return f"@{at[0]},{at[1]} is off the map"
    if any(f.pos == at for f in state.fighters.values() if f is not fighter):
        return f"@{at[0]},{at[1]} is occupied; a move cannot end in another character's square (FuturePath 9)"
    if game.board.terrain(at).wall:
        return f"@{at[0]},{at[1]} is a wall"
    return (
        f"@{at[0]},{at[1]} is out of reach: {fighter.id} has {budget} squares of movement for this"
        " (difficult terrain and friends' squares cost 2; enemies block)"
    )


def move_resolve(game: G, state: S, fighter: Fighter, action: Action, ctx: Context) -> None:
    path = planned_path(game, state, fighter, action)
    cells = list(path.cells[1:])
    mode = MODES[action.verb]
    tricky = mode.acrobatics and crosses_difficult(game, state, fighter, path)
    if tricky and not acrobatics(game, fighter, ctx, mode.title):
        walk(game, state, fighter.id, cells[: trip_point(game, len(cells))], action.verb, ctx, then_trip=True)
        return
    walk(game, state, fighter.id, cells, action.verb, ctx)


def trip_point(game: G, planned: int) -> int:
    """Rule 16: a character who fails the Acrobatics check trips "about half way": after half the planned
    squares, rounded down (or up, by option)."""
    return (planned + 1) // 2 if game.options.trip_after == "half_up" else planned // 2


def acrobatics(game: G, fighter: Fighter, ctx: Context, what: str) -> bool:
    """Rule 16: Acrobatics DC 15 + misc before a Sprint through difficult terrain."""
    sheet = game.sheet(fighter.id)
    natural = ctx.die(D20, f"{fighter.id} Acrobatics to {what} through difficult terrain")
    total = natural + sheet.skill("acrobatics") + sheet.mod("dex")
    success = total >= game.options.acrobatics_dc
    ctx.emit(Checked(fighter.id, "acrobatics", natural, total, game.options.acrobatics_dc, success))
    return success


def step_problem(game: G, fighter: Fighter) -> str | None:
    """Why ``fighter`` cannot take a 5-foot step anywhere now (rules 12, 20, A11), or None."""
    weak = weak_problem(game, fighter)
    if weak:
        return weak
    if fighter.posture != "standing":
        return f"{fighter.id} is {fighter.posture}; a 5-foot step needs the character standing"
    if not fighter.moved:
        return None
    if game.options.step_after_move == "never":
        return (
            f"{fighter.id} has moved this turn; the 5-foot step is the move of a turn spent attacking"
            " ('fire and move slightly', FuturePath 20), not more movement after a move (FuturePath 12)"
        )
    speed = squares(game, game.sheet(fighter.id).speed_ft)
    if fighter.moved + 1 > speed:
        return (
            f"{fighter.id} has moved {fighter.moved} squares this turn; a 5-foot step would take it past"
            f" its Speed ({speed} squares), which only a Full-Round action allows (FuturePath 12, 20)"
        )
    return None


def step_candidates(game: G, state: S, fighter: Fighter) -> Iterable[Action]:
    if step_problem(game, fighter):
        return []
    blocked, _difficult, no_stop = terrain_sets(game, state, fighter)
    return [
        Action(fighter.id, "step", at=p)
        for p in game.board.neighbors(fighter.pos)
        if game.board.step_cost(fighter.pos, p) is not None and p not in blocked and p not in no_stop
    ]


def step_check(game: G, state: S, fighter: Fighter, action: Action) -> str | None:
    problem = step_problem(game, fighter)
    if problem:
        return problem
    if action.at is None:
        return f"a 5-foot step needs a destination, e.g. '{fighter.id} step @3,4'"
    if action not in set(step_candidates(game, state, fighter)):
        return f"a 5-foot step moves to one free adjacent square; @{action.at[0]},{action.at[1]} is not one"
    return None


def step_resolve(game: G, state: S, fighter: Fighter, action: Action, ctx: Context) -> None:
    assert action.at is not None
    walk(game, state, fighter.id, [action.at], "step", ctx)


# -- walking, interrupted by Tactical Opportunities ----------------------------------------------


def walk(
    game: G,
    state: S,
    fid: str,
    cells: list[Pos],
    mode: str,
    ctx: Context,
    *,
    then_trip: bool = False,
    asked: frozenset[str] = frozenset(),
) -> None:
    """Move ``fid`` along ``cells`` step by step, stopping for opportunities, traps and readied actions.

    ``asked`` are the enemies already offered a Tactical Opportunity during this move (one chance each).
    """
    fighter = state.fighters[fid]
    walked = [fighter.pos]
    for i, nxt in enumerate(cells):
        threats = [e for e in threatened_by(game, state, fighter, walked[-1], nxt, mode) if e.id not in asked]
        if threats:
            asked = asked | {e.id for e in threats}
            _suspend(game, state, fighter, walked, cells[i:], mode, threats, ctx, then_trip, asked)
            return
        fighter.pos = nxt
        fighter.moved += 1
        walked.append(nxt)
        stop = False
        for hook in STEP_HOOKS:
            stop = bool(hook(game, state, fid, nxt, ctx)) or stop
        if state.pending or not fighter.is_up:
            rest = [] if stop else cells[i + 1 :]
            _suspend(game, state, fighter, walked, rest, mode, [], ctx, then_trip, asked)
            return
        if stop:
            break
    _emit_moved(ctx, fid, walked, mode)
    if then_trip:
        trip(state, fighter, ctx)


def _suspend(
    game: G,
    state: S,
    fighter: Fighter,
    walked: list[Pos],
    rest: list[Pos],
    mode: str,
    threats: list[Fighter],
    ctx: Context,
    then_trip: bool,
    asked: frozenset[str],
) -> None:
    _emit_moved(ctx, fighter.id, walked, mode)
    data = {"trip": int(then_trip), **{f"asked:{e}": 1 for e in sorted(asked)}}
    state.suspended.append(Suspended(fighter.id, "move", list(rest), data, mode))
    decisions = []
    for enemy in threats:
        ctx.emit(OpportunityRaised(enemy.id, fighter.id, fighter.pos))
        decisions.append(Decision(enemy.id, "opportunity", fighter.id))
    push_in_initiative_order(state.pending, decisions)


def resume_move(game: G, state: S, ctx: Context) -> None:
    """Go on with a suspended move once the decisions it raised are made."""
    work = state.suspended.pop()
    fighter = state.fighters[work.actor]
    asked = frozenset(k.split(":", 1)[1] for k in work.data if k.startswith("asked:"))
    if fighter.is_up and (fighter.posture == "standing" or work.note == "crawl"):
        trip_after = bool(work.data.get("trip"))
        walk(game, state, fighter.id, list(work.path), work.note, ctx, then_trip=trip_after, asked=asked)


def _emit_moved(ctx: Context, fid: str, walked: list[Pos], mode: str) -> None:
    if len(walked) > 1:
        ctx.emit(Moved(fid, tuple(walked), len(walked) - 1, mode))


def trip(state: S, fighter: Fighter, ctx: Context) -> None:
    """Rule 16: the character falls prone and the action fails."""
    fighter.posture = "prone"
    ctx.emit(Tripped(fighter.id, fighter.pos))
    ctx.emit(PostureChanged(fighter.id, "prone"))


def threat_reach(game: G, fighter: Fighter) -> int:
    """Rule 10: Threat Range in squares: 1, plus reach of a drawn melee weapon; 0 without one."""
    best = 0
    for name in fighter.hands:
        weapon = game.weapons[name]
        if weapon.is_melee:
            best = max(best, 1 + weapon.reach_ft // int(game.board.scale.per_cell))
    return best


def threatens(game: G, state: S, enemy: Fighter, reach: int, pos: Pos) -> bool:
    """Rules 10, 25, 43: ``pos`` is inside ``enemy``'s Threat Range of ``reach`` squares and no wall or
    blocking object (Full cover) is between them."""
    return 0 < game.board.distance(enemy.pos, pos) <= reach and clear_line(game, state, enemy.pos, pos)


def threatened_by(game: G, state: S, mover: Fighter, here: Pos, nxt: Pos, mode: str) -> list[Fighter]:
    """A9/A20: enemies whose Threat Range the step from ``here`` to ``nxt`` leaves, able to take it now.
    Stepping behind a wall or blocking object, out of the enemy's reach, leaves the Threat Range too."""
    if not game.options.tactical_opportunity or (mode == "step" and not game.options.five_foot_step_provokes):
        return []
    out = []
    for enemy in enemies(state, mover):
        if not enemy.is_up or enemy.opportunities >= game.options.opportunities_per_round:
            continue
        reach = threat_reach(game, enemy)
        if threatens(game, state, enemy, reach, here) and not threatens(game, state, enemy, reach, nxt):
            out.append(enemy)
    order = [s.key for s in state.order.slots]
    return sorted(out, key=lambda f: order.index(f.side) if f.side in order else len(order))


VERBS = [
    *(
        Verb(
            name,
            m.title,
            ModeCost(m),
            move_candidates(name),
            move_check,
            move_resolve,
            m.cost == "full",
            rule=m.rule,
        )
        for name, m in MODES.items()
    ),
    Verb(
        "step",
        "5-foot step",
        lambda g, f, a: "simple",
        step_candidates,
        step_check,
        step_resolve,
        True,
        rule="FuturePath 20",
    ),
]
