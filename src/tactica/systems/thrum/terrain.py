"""THRUM Terrain Effects (THRUM 16, 29): one per creator, an Aura moving with its user, difficult squares."""

from __future__ import annotations

from tactica.engine.system import Context
from tactica.grid import aura
from tactica.systems.thrum.abilities import Ability
from tactica.systems.thrum.events import TerrainChanged
from tactica.systems.thrum.setup import ThrumGame
from tactica.systems.thrum.state import Fighter, TerrainEffect, ThrumState

G = ThrumGame
S = ThrumState
Pos = tuple[int, int]


def place(state: S, fighter: Fighter, ability: Ability, cells: frozenset[Pos], ctx: Context) -> None:
    """THRUM 29: one Terrain Effect per creator; a new one removes the old."""
    old = state.terrain.pop(fighter.id, None)
    if old is not None:
        ctx.emit(TerrainChanged(fighter.id, old.ability, tuple(old.cells), removed=True))
    state.terrain[fighter.id] = TerrainEffect(fighter.id, ability.id, sorted(cells))
    ctx.emit(TerrainChanged(fighter.id, ability.id, tuple(sorted(cells))))


def follows_user(game: G, effect: TerrainEffect) -> bool:
    """THRUM 16: an Aura "remains centered on the target even if they move" (seed l.46)."""
    return game.abilities[effect.ability].shape == "aura"


def follow_users(game: G, state: S, ctx: Context) -> None:
    """Re-centre every Aura Terrain Effect on its user where it stands now (after a move, a Teleport, a
    push, a placement); a changed Aura is announced with its new squares."""
    for effect in state.terrain.values():
        if not follows_user(game, effect):
            continue
        centre = state.fighters[effect.creator].pos
        cells = sorted(aura(game.board, centre, game.abilities[effect.ability].size))
        if cells != effect.cells:
            effect.cells = cells
            ctx.emit(TerrainChanged(effect.creator, effect.ability, tuple(cells)))


def difficult_cells(game: G, state: S, mover: Fighter) -> frozenset[Pos]:
    """Squares made difficult by Terrain Effects (THRUM 29) for ``mover``. Its own Aura is left out: it moves
    with the mover, whose square is the Aura's hole, so no step of the mover ever leaves one of its
    squares."""
    cells: set[Pos] = set()
    for effect in state.terrain.values():
        own_aura = effect.creator == mover.id and follows_user(game, effect)
        if game.abilities[effect.ability].difficult and not own_aura:
            cells.update(effect.cells)
    return frozenset(cells)
