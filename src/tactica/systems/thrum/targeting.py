"""What an ability can be aimed at (THRUM 13, 16, 20, 26-27, 44): ranges, target categories, areas,
cover and obstruction."""

from __future__ import annotations

from collections.abc import Iterator

from tactica.engine.action import Action
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
    same = user.id == target.id
    ally = not same and user.side == target.side
    return {
        "self": same,
        "ally": ally,
        "enemy": is_enemy(user, target),
        "character": True,
        "ally_or_self": same or ally,
        "incapacitated_ally": ally and target.incapacitated,
        "area": False,
    }[ability.target]


def occupied_except(state: S, *ids: str) -> frozenset[Pos]:
    """Squares holding characters, but for ``ids`` (cover sources, THRUM 26)."""
    return frozenset(f.pos for f in state.fighters.values() if not f.removed and f.id not in ids)


def cover_of(game: G, state: S, attacker: Fighter, target: Fighter) -> str:
    """THRUM 26-27: 'none', 'cover' or 'obstructed' for a Physical Attack."""
    return geometry.cover(
        game.board,
        attacker.pos,
        target.pos,
        occupied_except(state, attacker.id, target.id),
        character_height=game.options.character_cover_height,
    )


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
    distance = game.board.distance(user.pos, target.pos)
    if distance > reach(ability, user):
        return (
            f"{target_id} is {distance} squares away; {ability.title} has Range {reach(ability, user)}"
            " (THRUM 13" + (", Blinded halves it: THRUM 44)" if "blinded" in user.statuses else ")")
        )
    if (
        ability.attack == "physical"
        and target.id != user.id
        and cover_of(game, state, user, target) == "obstructed"
    ):
        return f"the path from {user.id} to {target_id} is Obstructed: it cannot be targeted (THRUM 27)"
    return None


def area_cells(game: G, user: Fighter, ability: Ability, action: Action) -> frozenset[Pos]:
    """THRUM 16 / C14: the squares of an Area, Line or Aura placed by ``action`` (PlacementError if not)."""
    assert ability.shape is not None
    cells = geometry.place_area(
        game.board, ability.shape, ability.size, user.pos, reach(ability, user), action.at, action.to
    )
    if game.options.area_in_range == "every_square" and ability.shape != "aura":
        far = [p for p in cells if game.board.distance(user.pos, p) > reach(ability, user)]
        if far:
            raise geometry.PlacementError(
                f"every square of the {ability.shape} must be within Range {reach(ability, user)}"
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


def area_placements(game: G, state: S, user: Fighter, ability: Ability) -> Iterator[Action]:
    """The placements of an area ability that catch at least one character it affects (a Terrain Effect:
    any character), in a fixed order. Other placements are legal too (THRUM 16, C14) but are not listed:
    an empty area does nothing, and listing every square of the map would drown the useful choices."""
    assert ability.shape is not None
    if ability.shape == "aura":
        yield Action(user.id, ability.id)
        return
    wanted = [f for f in state.fighters.values() if not f.removed]
    if not ability.has("terrain_effect"):
        wanted = affected(state, user, ability, frozenset(f.pos for f in wanted))
    seen: set[frozenset[Pos]] = set()
    for at, to in sorted(set(_anchors(ability, [f.pos for f in wanted])), key=_anchor_order):
        action = Action(user.id, ability.id, at=at, to=to)
        try:
            cells = area_cells(game, user, ability, action)
        except geometry.PlacementError:
            continue
        if cells in seen or not game.board.in_bounds(at):
            continue
        seen.add(cells)
        yield action


def _anchors(ability: Ability, squares: list[Pos]) -> Iterator[tuple[Pos, Pos | None]]:
    """Every anchor (and far end, for a Line) of an Area or Line that contains one of ``squares``."""
    n = ability.size
    for x, y in squares:
        if ability.shape == "area":
            for dy in range(n):
                for dx in range(n):
                    yield (x - dx, y - dy), None
            continue
        for sx, sy in _DIRECTIONS:
            for k in range(n):
                start = (x - sx * k, y - sy * k)
                yield start, (start[0] + sx * (n - 1), start[1] + sy * (n - 1))


def _anchor_order(anchor: tuple[Pos, Pos | None]) -> tuple[int, int, int, int]:
    at, to = anchor
    end = to if to is not None else at
    return (at[1], at[0], end[1], end[0])


_DIRECTIONS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
