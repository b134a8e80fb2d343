"""Hit points, dying and death (rules 38-40, rulings A13-A14)."""

from __future__ import annotations

from tactica.engine.system import Context
from tactica.systems.futurepath.events import Damaged, StatusChanged
from tactica.systems.futurepath.setup import FuturePathGame
from tactica.systems.futurepath.state import FuturePathState


def set_status(state: FuturePathState, fid: str, status: str, cause: str, ctx: Context) -> None:
    """Change a character's status (active, dying, stable, dead) and say so."""
    fighter = state.fighters[fid]
    if fighter.status == status:
        return
    fighter.status = status
    if status != "active" and fid in state.acting:
        fighter.budget.ended = True
    ctx.emit(StatusChanged(fid, status, cause))


def deal_damage(
    game: FuturePathGame, state: FuturePathState, fid: str, amount: int, ctx: Context, by: str | None = None
) -> None:
    """Take ``amount`` hit points (dealt ``by`` someone, when known); at 0 or below the character is dying
    (rule 39), below -CON dead (A13)."""
    fighter = state.fighters[fid]
    if amount <= 0 or fighter.status == "dead":
        return
    fighter.hp -= amount
    ctx.emit(Damaged(fid, amount, fighter.hp, by))
    if game.options.instant_death_below_negative_con and fighter.hp < -fighter.con:
        set_status(state, fid, "dead", f"HP {fighter.hp} is below -CON ({-fighter.con})", ctx)
    elif fighter.hp <= 0 and fighter.status in ("active", "stable"):
        set_status(state, fid, "dying", f"HP {fighter.hp}", ctx)
