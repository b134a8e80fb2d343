"""The default Phase 3d6 policy: simple, sensible tactics, always one of ``fight.legal_actions()``.

1. decisions: take every attack of opportunity (a Strike); fire a readied attack; abort to Dodge only when
   its STUN is below a third of its maximum, else let the attack come;
2. a Stunned character recovers; a prone one stands up; empty hands pick up a weapon lying in its hex, or
   draw one; an empty gun is reloaded; a character low on STUN Takes a Recovery;
3. attack the enemy in reach with the least STUN (a melee fighter against an enemy whose DCV is lower than
   its own OCV by 3 or more uses the manoeuvre with the most extra dice, a Haymaker; otherwise the best
   manoeuvre that costs no OCV or DCV, a Strike unless a scenario defines a better one);
4. otherwise move: a half move (a full move when that is not enough) toward the nearest enemy still in the
   fight, ending next to it for melee, within range with a line of sight for a gun;
5. end its Phase.
"""

from __future__ import annotations

from typing import Any

from tactica.engine.action import Action
from tactica.engine.fight import Fight
from tactica.grid import line_of_sight
from tactica.grid.memo import distances_from
from tactica.systems.phase3d6 import combat
from tactica.systems.phase3d6.setup import Phase3d6Game
from tactica.systems.phase3d6.state import Fighter, Phase3d6State

Pos = tuple[int, int]
#: The turn actions the policy weighs before moving (the rules list only these for it, then moves if it
#: needs them: no readied actions, steps, Withdraws or delays, which it never takes).
WEIGHED = frozenset(("recover", "stand", "pickup", "draw", "reload", "recovery", "attack", "end"))
#: Low on STUN: below 1/LOW_STUN of its maximum, it Aborts to a Dodge when attacked and, with no enemy near,
#: Takes a Recovery.
LOW_STUN = 3


class DefaultPolicy:
    """Sensible, simple Phase 3d6 tactics; deterministic for a given state."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, fight: Fight) -> Action:
        """The action for the deciding character (on its turn it asks the rules only for the verbs it
        weighs)."""
        game, state = fight.game, fight.state
        assert isinstance(game, Phase3d6Game) and isinstance(state, Phase3d6State)
        actor = fight.deciding()[0]
        me = state.fighters[actor]
        if state.pending:
            return _answer(game, me, _grouped(fight.legal_actions_of(actor)))
        by_verb = _grouped(fight.legal_actions_of(actor, WEIGHED))
        for rule in (_care, _attack):
            choice = rule(game, state, me, by_verb)
            if choice is not None:
                return choice
        return _advance(game, state, me, fight) or by_verb["end"][0]


def _grouped(actions: list[Action]) -> dict[str, list[Action]]:
    by_verb: dict[str, list[Action]] = {}
    for a in actions:
        by_verb.setdefault(a.verb, []).append(a)
    return by_verb


def _answer(game: Phase3d6Game, me: Fighter, by_verb: dict[str, list[Action]]) -> Action:
    if by_verb.get("opportunity"):
        return by_verb["opportunity"][0]
    if by_verb.get("fire"):
        return by_verb["fire"][0]
    dodge = [a for a in by_verb.get("abort", []) if a.flags == ("dodge",)]
    if dodge and me.stun * LOW_STUN < game.sheet(me.id).stun:
        return dodge[0]
    return by_verb["pass"][0]


def _enemies(state: Phase3d6State, me: Fighter) -> list[Fighter]:
    return [f for f in state.fighters.values() if f.side != me.side and not f.out]


def _care(
    game: Phase3d6Game, state: Phase3d6State, me: Fighter, by_verb: dict[str, list[Action]]
) -> Action | None:
    if by_verb.get("recover"):
        return by_verb["recover"][0]
    if by_verb.get("stand"):
        return by_verb["stand"][0]
    if me.drawn is None and (by_verb.get("pickup") or by_verb.get("draw")):
        return (by_verb.get("pickup") or by_verb["draw"])[0]
    weapon = combat.weapon_of(game, me, None)
    if (
        weapon is not None
        and weapon.ammo is not None
        and me.ammo.get(weapon.name, 0) == 0
        and by_verb.get("reload")
    ):
        return by_verb["reload"][0]
    if by_verb.get("recovery") and me.stun * LOW_STUN < game.sheet(me.id).stun and not _near(game, state, me):
        return by_verb["recovery"][0]
    return None


def _near(game: Phase3d6Game, state: Phase3d6State, me: Fighter) -> bool:
    """An enemy still in the fight within 2 hexes."""
    return any(game.board.distance(me.pos, e.pos) <= 2 for e in _enemies(state, me))


def _attack(
    game: Phase3d6Game, state: Phase3d6State, me: Fighter, by_verb: dict[str, list[Action]]
) -> Action | None:
    attacks = by_verb.get("attack", [])
    if not attacks:
        return None
    target = min((state.fighters[a.target or ""] for a in attacks), key=lambda f: (f.stun, f.id))
    mine = [a for a in attacks if a.target == target.id]
    weapon = combat.weapon_of(game, me, mine[0].using)
    gap = (combat.ocv(game, me, weapon) if weapon else 0) - combat.dcv(game, state, target)
    return maneuver_for(game, [a for a in mine if a.using == mine[0].using], gap)


def maneuver_for(game: Phase3d6Game, attacks: list[Action], gap: int) -> Action:
    """The manoeuvre of an attack (a scenario's own as the table's): with an OCV 3 or more above the DCV,
    the hurting one with the most extra dice (a Haymaker); else the best that costs no OCV or DCV (a
    Strike, unless a scenario defines a better one)."""

    def row(a: Action) -> Any:
        return game.maneuvers[a.flags[0] if a.flags else "strike"]

    hurting = [a for a in attacks if "disarm" not in row(a).effects] or attacks
    if gap >= 3:
        return max(hurting, key=lambda a: row(a).extra_dice)
    free = [a for a in hurting if row(a).ocv >= 0 and row(a).dcv >= 0] or hurting
    return max(free, key=lambda a: (row(a).extra_dice, row(a).ocv + row(a).dcv))


def _advance(game: Phase3d6Game, state: Phase3d6State, me: Fighter, fight: Fight) -> Action | None:
    enemies = _enemies(state, me)
    if not enemies or me.attacked:
        return None  # no need to list its moves
    moves = fight.legal_actions_of(me.id, ("move",))
    if not moves:
        return None
    weapon = combat.weapon_of(game, me, None)
    reach = weapon.range if weapon is not None and weapon.kind == "ranged" else game.sheet(me.id).reach
    board, ranged = game.board, weapon is not None and weapon.kind == "ranged"
    mine = distances_from(board, me.pos)
    target = min(enemies, key=lambda e: (mine[e.pos], e.id))
    aim, theirs = target.pos, distances_from(board, target.pos)

    others = [f.pos for f in state.fighters.values() if f.id not in (me.id, target.id) and not f.out]

    def short(at: Pos) -> int:
        """How far from a square to strike (or shoot, with a line of sight) at the target."""
        gap = max(0, theirs[at] - reach)
        if ranged and not line_of_sight(board, at, aim, blockers=others):
            gap += 1
        return gap

    ranks = [(short(a.at or me.pos), mine[a.at or me.pos]) for a in moves]
    least = min(ranks)
    # ties: the first in text order
    best = min((a for a, r in zip(moves, ranks, strict=True) if r == least), key=str)
    return best if least[0] < short(me.pos) else None
