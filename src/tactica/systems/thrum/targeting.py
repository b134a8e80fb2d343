"""What an ability can be aimed at (THRUM 13, 16, 20, 26-27, 44): ranges, target categories, areas,
cover and obstruction."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from typing import Literal

from tactica.engine.action import Action
from tactica.grid import Board, block_area
from tactica.grid.memo import BoardMemo
from tactica.systems.thrum import geometry
from tactica.systems.thrum.abilities import Ability
from tactica.systems.thrum.setup import ThrumGame
from tactica.systems.thrum.state import Fighter, ThrumState

G = ThrumGame
S = ThrumState
Pos = tuple[int, int]


def reach(ability: Ability, fighter: Fighter) -> int:
    """THRUM 13, 44: the ability's Range; Blinded halves it, rounding up."""
    if "blinded" in fighter.statuses:
        return -(-ability.range // 2)
    return ability.range


def is_enemy(a: Fighter, b: Fighter) -> bool:
    """THRUM 20: fighting on an opposing side."""
    return a.side != b.side


def fits_category(ability: Ability, user: Fighter, target: Fighter) -> bool:
    """THRUM 20: Self, Ally, Enemy or Character (and the Basic abilities' 'incapacitated ally')."""
    category = ability.target
    if category == "enemy":
        return is_enemy(user, target)
    if category == "character":
        return True
    if category == "area":
        return False
    same = user.id == target.id
    ally = not same and user.side == target.side
    if category == "self":
        return same
    if category == "ally":
        return ally
    if category == "ally_or_self":
        return same or ally
    if category == "incapacitated_ally":
        return ally and target.incapacitated
    raise KeyError(category)


def occupied_except(state: S, *ids: str) -> frozenset[Pos]:
    """Squares holding characters, but for ``ids`` (cover sources, THRUM 26)."""
    return frozenset(f.pos for f in state.fighters.values() if not f.removed and f.id not in ids)


def cover_of(game: G, state: S, attacker: Fighter, target: Fighter) -> str:
    """THRUM 26-27: 'none', 'cover' or 'obstructed' for a Physical Attack (remembered per board by the
    squares and heights it depends on: every target listing and attack roll asks)."""
    others = occupied_except(state, attacker.id, target.id)
    height = game.options.character_cover_height
    key = (attacker.pos, target.pos, others, height)
    return _COVER.get(
        game.board,
        key,
        lambda: geometry.cover(game.board, attacker.pos, target.pos, others, character_height=height),
    )


Covers = Callable[[Fighter], str]
"""The cover of each target from one attacker (:func:`cover_of`)."""


def covers_from(game: G, state: S, attacker: Fighter) -> Covers:
    """:func:`cover_of` from ``attacker``, worked out once a target: a listing asks for every ability it
    lists, and nothing moves while it lists."""
    found: dict[str, str] = {}

    def cover(target: Fighter) -> str:
        known = found.get(target.id)
        if known is None:
            known = found[target.id] = cover_of(game, state, attacker, target)
        return known

    return cover


#: Cover between two squares is remembered for this many (squares, other characters' squares) per board.
COVER_CACHE_LIMIT = 4096
_COVER: BoardMemo[str] = BoardMemo(COVER_CACHE_LIMIT)


def target_problem(game: G, state: S, user: Fighter, ability: Ability, target_id: str | None) -> str | None:
    """Why ``target_id`` cannot be the target of ``ability`` used by ``user``, or None."""
    if ability.target == "self" and target_id in (None, user.id):
        return None
    if target_id is None:
        return f"{ability.title} needs a target: {user.id} {ability.id} TARGET"
    target = state.fighters.get(target_id)
    if target is None or target.removed:
        return f"no character '{target_id}' in the fight"
    if not fits_category(ability, user, target):
        wanted = ability.target.replace("_", " ").replace("incapacitated ally", "incapacitated ally")
        return f"{ability.title} targets {wanted}; {target_id} is not one (THRUM 20)"
    out_of_aim = aim_problem(game, state, user, ability, target)
    if out_of_aim == "range":
        distance = game.board.distance(user.pos, target.pos)
        return (
            f"{target_id} is {distance} squares away; {ability.title} has Range {reach(ability, user)}"
            " (THRUM 13" + (", Blinded halves it: THRUM 44)" if "blinded" in user.statuses else ")")
        )
    if out_of_aim == "obstructed":
        return f"the path from {user.id} to {target_id} is Obstructed: it cannot be targeted (THRUM 27)"
    return None


def aim_problem(
    game: G, state: S, user: Fighter, ability: Ability, target: Fighter, covers: Covers | None = None
) -> Literal["range", "obstructed"] | None:
    """THRUM 13, 27: 'range' when ``target`` is beyond the ability's Range, 'obstructed' when the path of a
    Physical Attack to it is Obstructed, else None (what :func:`target_problem` words). ``covers``: the
    cover of each target from ``user``, when a listing has them."""
    if game.board.distance(user.pos, target.pos) > reach(ability, user):
        return "range"
    if ability.attack == "physical" and target.id != user.id:
        cover = covers(target) if covers is not None else cover_of(game, state, user, target)
        return "obstructed" if cover == "obstructed" else None
    return None


def area_cells(game: G, user: Fighter, ability: Ability, action: Action) -> frozenset[Pos]:
    """THRUM 16 / C14: the squares of an Area, Line or Aura placed by ``action`` (PlacementError if not).

    The squares named (an Area's corner, a Line's two ends) must be on the map; an Aura names none."""
    assert ability.shape is not None
    board = game.board
    if ability.shape == "aura" and (action.at is not None or action.to is not None):
        raise geometry.PlacementError(
            f"an Aura is centred on its user and names no square: write '{user.id} {ability.id}'"
        )
    for named in (action.at, action.to):
        if named is not None and not board.in_bounds(named):
            raise geometry.PlacementError(f"@{named[0]},{named[1]} is off the map")
    cells = area_placements(game, user, ability).get((action.at, action.to))
    if cells is None:  # not a listed placement: say why
        cells = _placed(board, *placing(game, user, ability), action.at, action.to)
    if isinstance(cells, str):
        raise geometry.PlacementError(cells)
    return cells


def _placed(
    board: Board,
    every: bool,
    shape: geometry.Shape,
    size: int,
    user: Pos,
    rng: int,
    at: Pos | None,
    to: Pos | None,
) -> frozenset[Pos] | str:
    """The squares of a placement, or why it is not legal."""
    try:
        cells = geometry.place_area(board, shape, size, user, rng, at, to)
    except geometry.PlacementError as error:
        return str(error)
    if every and shape != "aura":
        far = [p for p in cells if board.distance(user, p) > rng]
        if far:
            return (
                f"every square of the {shape} must be within Range {rng}"
                f" (option area_in_range); @{far[0][0]},{far[0][1]} is not"
            )
    return cells


def affected(state: S, user: Fighter, ability: Ability, cells: frozenset[Pos]) -> list[Fighter]:
    """THRUM 16: the characters in an area (all of them unless the ability says enemies or allies)."""
    out = []
    for f in state.fighters.values():
        if f.removed or f.pos not in cells:
            continue
        if ability.affects == "enemies" and not is_enemy(user, f):
            continue
        if ability.affects == "allies" and is_enemy(user, f):
            continue
        out.append(f)
    return out


Placement = tuple[Pos | None, Pos | None]
"""The squares naming a placement: an Area's corner, a Line's two ends, none for an Aura."""
Placements = dict[Placement, frozenset[Pos] | str]
"""Legal placements of an area ability, (``at``, ``to``) in listing order, each with its squares."""
Placing = tuple[bool, geometry.Shape, int, Pos, int]
"""What the placements of an area ability depend on: every square in range (option area_in_range), its
shape and size, its user's square, its range."""


def area_placements(game: G, user: Fighter, ability: Ability) -> Placements:
    """Every legal placement of an area ability (THRUM 16, C14) with its squares: Areas by their on-map
    top-left corner, Lines by their two on-map ends (both directions), an Aura by its user alone.
    Remembered per board by all they depend on (the listing, the default AI's scoring of each placement and
    the resolution of the chosen one ask the same questions)."""
    key = placing(game, user, ability)
    return _PLACEMENTS.get(game.board, key, lambda: _placements(game.board, *key))


def placements_holding(game: G, user: Fighter, ability: Ability) -> dict[Pos, frozenset[Placement]]:
    """The legal placements of :func:`area_placements` by each square they take in (those whose areas
    may hit a character standing there), remembered per board by the same key as the placements."""
    key = placing(game, user, ability)

    def index() -> dict[Pos, frozenset[Placement]]:
        by_square: dict[Pos, set[Placement]] = {}
        for named, cells in area_placements(game, user, ability).items():
            if isinstance(cells, frozenset):
                for p in cells:
                    by_square.setdefault(p, set()).add(named)
        return {p: frozenset(found) for p, found in by_square.items()}

    return _HOLDING.get(game.board, key, index)


def placing(game: G, user: Fighter, ability: Ability) -> Placing:
    """What ``ability``'s placements by ``user`` depend on now (besides the board)."""
    assert ability.shape is not None
    every = game.options.area_in_range == "every_square"
    return (every, ability.shape, ability.size, user.pos, reach(ability, user))


#: Area placements are remembered for this many (shape, size, square, range) per board; the oldest go first.
PLACEMENT_CACHE_LIMIT = 2048
_PLACEMENTS: BoardMemo[Placements] = BoardMemo(PLACEMENT_CACHE_LIMIT)
_HOLDING: BoardMemo[dict[Pos, frozenset[Placement]]] = BoardMemo(PLACEMENT_CACHE_LIMIT)


def _placements(board: Board, every: bool, shape: geometry.Shape, n: int, user: Pos, rng: int) -> Placements:
    out: Placements = {}
    for at, to in _corners(board, every, shape, n, user, rng):
        out[at, to] = _placed(board, every, shape, n, user, rng, at, to)
    return out


def _corners(
    board: Board, every: bool, shape: geometry.Shape, n: int, user: Pos, rng: int
) -> Iterator[tuple[Pos | None, Pos | None]]:
    """The squares naming each legal placement: none for an Aura, an Area's corner, a Line's two ends."""
    if shape == "aura":
        yield None, None
        return
    ux, uy = user
    span = range(-rng - n + 1, rng + n)
    for dy in span:
        for dx in span:
            at = (ux + dx, uy + dy)
            if not board.in_bounds(at):
                continue
            if shape == "area":
                if _fits(board, user, rng, block_area(board, at, n), every):
                    yield at, None
                continue
            for sx, sy in _DIRECTIONS:
                to = (at[0] + sx * (n - 1), at[1] + sy * (n - 1))
                cells = [(at[0] + sx * k, at[1] + sy * k) for k in range(n)]
                if board.in_bounds(to) and _fits(board, user, rng, cells, every):
                    yield at, to
                if n == 1:
                    break


def _fits(board: Board, user: Pos, rng: int, cells: Collection[Pos], every: bool) -> bool:
    """THRUM 16 / C14: a square (every square, by option) within range; Range 0 takes the user's square."""
    if rng == 0:
        return user in cells and (not every or all(board.distance(user, p) == 0 for p in cells))
    near = [board.distance(user, p) <= rng for p in cells]
    return all(near) if every else any(near)


_DIRECTIONS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
