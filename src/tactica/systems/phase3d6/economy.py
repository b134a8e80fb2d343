"""What a character may still do in its Phase (rules 14, 15, 17, 18): an attack action and a move action,
two move actions, or one full-Phase action, plus free actions and a 1-hex step; in a restricted Phase (the
Surprise Phase) a single attack or move action."""

from __future__ import annotations

from tactica.systems.phase3d6.setup import Phase3d6Game
from tactica.systems.phase3d6.state import Fighter, Phase3d6State

G = Phase3d6Game
S = Phase3d6State


def restricted(state: S) -> bool:
    """Rule 15: the Surprise Phase allows a single attack or move action."""
    return state.order.round == 0


def attack_problem(state: S, fighter: Fighter) -> str | None:
    """Why an attack action is not open (rule 14: it needs the attack slot; a second move action took it)."""
    if fighter.full:
        return f"{fighter.id} took a full-Phase action this Phase (rule 17)"
    if fighter.attacked:
        return f"{fighter.id} has made its attack action this Phase (rule 14)"
    if restricted(state) and fighter.moves:
        return f"the Surprise Phase allows a single attack or move action, and {fighter.id} moved (rule 15)"
    if fighter.moves >= 2:
        return f"{fighter.id} took two move actions this Phase (rule 14)"
    return None


def move_problem(state: S, fighter: Fighter) -> str | None:
    """Why a move action is not open (rule 14: a move may take the attack slot too)."""
    if fighter.full:
        return f"{fighter.id} took a full-Phase action this Phase (rule 17)"
    if restricted(state) and (fighter.moves or fighter.attacked):
        return (
            f"the Surprise Phase allows a single attack or move action (rule 15); {fighter.id} has taken it"
        )
    if fighter.moves + (1 if fighter.attacked else 0) >= 2:
        return f"{fighter.id} has used its attack and move actions this Phase (rule 14)"
    return None


def full_problem(state: S, fighter: Fighter) -> str | None:
    """Why a full-Phase action is not open (rules 14, 15, 17)."""
    if restricted(state):
        return "no full-Phase action in a restricted Phase such as the Surprise Phase (rule 15)"
    if fighter.full or fighter.attacked or fighter.moves:
        return f"a full-Phase action takes the whole Phase; {fighter.id} has already acted in it (rule 17)"
    return None


def step_problem(game: G, fighter: Fighter, moving_full: bool = False) -> str | None:
    """Rule 18 / E8: one 1-hex step, in a Phase with no other movement, for characters who move > 1 hex."""
    if fighter.stepped:
        return f"{fighter.id} has taken its 1-hex step this Phase (rule 18)"
    if fighter.hexes and not (moving_full and game.options.step_with_moving_full_phase):
        if moving_full:
            return "a 1-hex step goes with a full-Phase action only if that action moves no hexes (E8)"
        return (
            f"{fighter.id} has moved this Phase; a 1-hex step needs a Phase with no other movement (rule 18)"
        )
    if game.sheet(fighter.id).move <= 1:
        return f"{fighter.id}'s movement is 1 hex or less: even 1 hex needs a move action (rule 18)"
    if fighter.prone:
        return f"{fighter.id} is prone: stand up or crawl"
    return None


def half_move(game: G, fighter: Fighter) -> int:
    """Half of combat movement, rounded up, within what is left of the Phase's movement (E7)."""
    move = game.sheet(fighter.id).move
    return max(0, min((move + 1) // 2, move - fighter.hexes))
