"""Scripts for Star Rangers' search (issue 17 point 3): ways of fighting the default AI does not take, each a
policy the search may follow (``Settings.guide``; docs/agents.md, "The search in Star Rangers").

``scoot`` is the default AI (:mod:`.ai`) with five changes, each measured against it alone:

- **focus fire on the dangerous and the nearly beaten** (the largest gain): the default AI attacks where the
  expected damage is largest (half as much again where its mean takes the target down). This script weighs
  each attack by the target's *danger*, the damage the target is expected to deal one of the script's side
  with one attack on its next turn (rules 17-20: its attack bonus with the range penalty, the Defense, a
  natural 20 always hitting; its weapon in hand, else its best natural or unarmed strike, and each power it
  has the points for; a melee attack with Heavy melee's +2, rule 13, counted in full within its reach,
  :data:`REACHED` of it within one move and reach, rule 1, :data:`FAR` beyond), times the share of the
  target's hit points the attack is expected to take plus :data:`KILL` times the chance it takes the
  target down. The damage is the engine's exact distribution (:func:`.odds.damage`), a confirmed critical
  rolling its dice again (B3). So the sides shoot first whoever deals the most per hit point left: the
  marksman and the techie (whose powers' touch attacks ignore equipment, B9) before the bruiser;
- **no full-round attack while a standard one is there** (rule 10: a full-round action is the whole turn):
  the techie's Overload (3d6, full round) leaves no move to get out of sight afterwards; a standard attack
  (Shock bolt, the laser pistol) keeps it;
- **aim from the right square**: a shooter whose best attack from where it stands (its worth as above, with
  the range penalty of rule 20 and the line of sight from there) is worth less than :data:`NEAR_BEST` of
  the best it could make after one move (rules 10-11) moves first, to the one of those nearly best squares
  the fewest enemies can attack, the nearest of those;
- **approach out of sight**: where the above does not apply (the surprise round's single action, rule 4;
  a loader) and the default AI moves to a square from which an enemy in sight is within one range
  increment (no range penalty, rule 20), it takes, of the squares as good as the one it would take, the
  one the fewest enemies can shoot (in their weapon's maximum range, rule 20, with a line of sight past
  the walls) or reach with a move and a melee attack (rules 1, 19), the nearest of those;
- **scoot after the attack**: once the attack is made (and the default AI's reload step after it, rule 16,
  taken or passed), the move action left (rules 10-11) takes the shooter to the square the fewest enemies
  can shoot or reach, the nearest of those, when that is fewer than where it stands; a loader only among
  the squares next to its gunner (whose belt it loads, rule 16).
"""

from __future__ import annotations

import functools

from tactica.engine.action import Action
from tactica.grid import line_of_sight
from tactica.systems.srb import attacks, movement, odds
from tactica.systems.srb.ai import (
    ByVerb,
    DefaultPolicy,
    Rule,
    _arm,
    _close_in,
    _enemies,
    _help,
    _keep_range,
    _mean,
    _my_gunner,
    _ready,
    _score,
    _top_up,
    _wait_out,
)
from tactica.systems.srb.setup import UNARMED, SrbGame
from tactica.systems.srb.sheet import Weapon
from tactica.systems.srb.state import Fighter, SrbState

G = SrbGame
S = SrbState
Pos = tuple[int, int]
Damage = tuple[tuple[int, float], ...]

#: A melee enemy that needs a move to reach one of the script's side is this dangerous (of its danger
#: within reach).
REACHED = 0.7
#: A melee enemy that cannot reach anyone of the script's side with a move and an attack is this dangerous.
FAR = 0.3
#: The chance of taking the target down counts this many times the target's danger.
KILL = 1.0
#: A square from which the best attack is worth this share of the best square's is as good (:func:`_aim`).
NEAR_BEST = 0.95


class ScootPolicy(DefaultPolicy):
    """The default AI with focus fire, standard attacks kept to the move after them, approaches and a
    scoot out of the enemies' sight (module docstring)."""

    def rules(self) -> tuple[Rule, ...]:
        """The default AI's rules with this script's (:data:`SCOOT_RULES`)."""
        return SCOOT_RULES


# -- exposure ----------------------------------------------------------------------------------------------


def _threat_weapon(game: G, e: Fighter) -> Weapon:
    """What a combatant attacks with but for its powers: the weapon in hand, else its best natural weapon,
    else an unarmed strike (:func:`.combat.attack_options`)."""
    if e.hand is not None:
        return game.weapons[e.hand]
    natural = [game.weapons[n] for n in e.gear if game.weapons[n].category == "natural"]
    return max(natural, key=lambda w: (_mean(w.damage), w.name)) if natural else game.weapons[UNARMED]


def _exposure(game: G, p: Pos, enemies: list[Fighter]) -> int:
    """How many enemies can attack a combatant standing on ``p``: a shooter with ``p`` in its weapon's
    maximum range (rule 20) and in sight (no wall between), a melee fighter with ``p`` within a move and its
    reach (rules 1, 19)."""
    count = 0
    for e in enemies:
        w = _threat_weapon(game, e)
        squares = game.board.distance(e.pos, p)
        if w.ranged:
            count += squares <= attacks.max_range(w) and line_of_sight(game.board, e.pos, p)
        else:
            count += squares <= movement.speed(game, e) + w.reach
    return count


def _approach(game: G, state: S, me: Fighter, by_verb: ByVerb) -> Action | None:
    """The default AI's keep_range; where it moves a shooter to a firing square, the square as good
    (:func:`.ai._score`) that the fewest enemies can attack (:func:`_exposure`), the nearest of those."""
    choice = _keep_range(game, state, me, by_verb)
    if choice is None or choice.verb != "move" or _my_gunner(game, state, me) is not None:
        return choice
    w = game.weapons[me.hand] if me.hand is not None else None
    enemies = _enemies(state, me)
    if w is None or not w.ranged or not enemies:
        return choice
    wanted = _score(game, choice.at or me.pos, w, enemies)
    same = [m for m in by_verb.get("move") if _score(game, m.at or me.pos, w, enemies) == wanted]
    return min(
        same,
        key=lambda m: (
            _exposure(game, m.at or me.pos, enemies),
            game.board.distance(me.pos, m.at or me.pos),
            str(m),
        ),
    )


def _scoot(game: G, state: S, me: Fighter, by_verb: ByVerb) -> Action | None:
    """After the attack, the move action left to the square the fewest enemies can attack, the nearest of
    those, when that is fewer than here; a loader stays next to its gunner."""
    if not me.spent.get("standard"):
        return None
    moves = by_verb.get("move")
    enemies = _enemies(state, me)
    if not moves or not enemies:
        return None
    gunner = _my_gunner(game, state, me)
    if gunner is not None:
        moves = [m for m in moves if game.board.distance(m.at or me.pos, gunner.pos) <= 1]
    if not moves:
        return None
    best = min(
        moves,
        key=lambda m: (
            _exposure(game, m.at or me.pos, enemies),
            game.board.distance(me.pos, m.at or me.pos),
            str(m),
        ),
    )
    return best if _exposure(game, best.at or me.pos, enemies) < _exposure(game, me.pos, enemies) else None


# -- focus fire --------------------------------------------------------------------------------------------


#: Damage distributions as floats, by the weapon's dice, the damage bonus and the times the dice are rolled.
_DAMAGE: dict[tuple[str, int, int], Damage] = {}


def _damage(game: G, f: Fighter, w: Weapon, heavy: bool, critical: bool) -> Damage:
    """The damage of a hit (:func:`.odds.damage`, the engine's exact distribution), as floats."""
    times = game.options.critical_multiplier if critical else 1
    key = (w.damage, attacks.damage_bonus(game, f, w, heavy), times)
    found = _DAMAGE.get(key)
    if found is None:
        exact = odds.damage(game, f, w, heavy=heavy, critical=critical)
        found = _DAMAGE[key] = tuple((amount, float(p)) for amount, p in sorted(exact.items()))
    return found


@functools.cache
def _harm(damage: Damage, hp: int) -> tuple[float, float]:
    """Of a damage distribution against ``hp`` hit points left: the mean damage counted up to ``hp`` and
    the chance of ``hp`` or more (the target goes down, at 0 hit points)."""
    mean = sum(min(amount, hp) * p for amount, p in damage)
    down = sum(p for amount, p in damage if amount >= hp)
    return mean, down


def _arsenal(game: G, e: Fighter) -> list[Weapon]:
    """What an enemy may attack with on its next turn: :func:`_threat_weapon` and each of its powers it has
    the points for."""
    out = [_threat_weapon(game, e)]
    for name in game.sheet(e.id).powers:
        w = game.weapons[name]
        if not w.resource or e.resources.get(w.resource, 0) >= w.cost:
            out.append(w)
    return out


def _danger(game: G, state: S, e: Fighter, mine: list[Fighter]) -> float:
    """The damage an enemy is expected to deal with one attack on the one of ``mine`` it threatens most
    (module docstring)."""
    best = 0.0
    for w in _arsenal(game, e):
        heavy = not w.ranged and w.category != "power"
        mean = _mean(w.damage) + attacks.damage_bonus(game, e, w, heavy)
        for f in mine:
            squares = game.board.distance(e.pos, f.pos)
            if w.ranged:
                if squares > attacks.max_range(w):
                    continue
                share = 1.0
            elif squares <= w.reach:
                share = 1.0
            else:
                share = REACHED if squares <= movement.speed(game, e) + w.reach else FAR
            bonus, _detail = attacks.attack_bonus(game, state, e, w, f)
            value, _flat = attacks.defense(game, state, f, w)
            best = max(best, share * float(odds.hit_chance(bonus, value)) * mean)
    return best


def _worth(game: G, state: S, me: Fighter, action: Action, danger: float) -> float:
    """An attack's worth: the target's danger times the share of its hit points the attack is expected to
    take plus :data:`KILL` times the chance it takes the target down (rules 17-18, B3)."""
    w = game.weapons[action.using or ""]
    target = state.fighters[action.target or ""]
    bonus, _detail = attacks.attack_bonus(game, state, me, w, target)
    heavy = action.verb == "heavy-melee"
    return _worth_of(game, state, me, w, target, bonus, danger, heavy)


def _worth_of(
    game: G, state: S, me: Fighter, w: Weapon, target: Fighter, bonus: int, danger: float, heavy: bool
) -> float:
    """:func:`_worth` of an attack with ``w`` at attack bonus ``bonus``."""
    value, _flat = attacks.defense(game, state, target, w)
    hit = float(odds.hit_chance(bonus, value))
    critical = float(odds.confirm_chance(game, bonus, value)) / 20
    hp = max(1, target.hp)
    mean, down = _harm(_damage(game, me, w, heavy, False), hp)
    critical_mean, critical_down = _harm(_damage(game, me, w, heavy, True), hp)
    harm = (hit - critical) * mean + critical * critical_mean
    kill = (hit - critical) * down + critical * critical_down
    return danger * (harm / hp + KILL * kill)


def _focus(game: G, state: S, me: Fighter, by_verb: ByVerb) -> Action | None:
    """The attack worth most (:func:`_worth`), a full-round one only when no standard one is listed (rule
    10); a melee attack made as Heavy melee where it may be, as the default AI does (rule 13)."""
    options = [*by_verb.get("attack"), *by_verb.get("heavy-melee")]
    standard = [a for a in options if a.verb == "attack" and game.weapons[a.using or ""].action != "full"]
    options = [a for a in options if a.verb == "heavy-melee" or a in standard] if standard else options
    if not options:
        return None
    mine = [f for f in state.fighters.values() if f.side == me.side and f.up]
    targets = {a.target or "" for a in options}
    dangers = {t: _danger(game, state, state.fighters[t], mine) for t in targets}
    best = max(options, key=lambda a: (_worth(game, state, me, a, dangers[a.target or ""]), str(a)))
    held = game.weapons[me.hand] if me.hand is not None else None
    if best.verb == "attack" and held is not None and not held.ranged:
        heavy = [a for a in by_verb.get("heavy-melee") if a.target == best.target and a.using == best.using]
        if heavy:
            return heavy[0]
    return best


def _aim(game: G, state: S, me: Fighter, by_verb: ByVerb) -> Action | None:
    """Before the attack, a shooter whose best attack from here (:func:`_worth`, the range penalty of rule
    20 and the line of sight counted square by square) is worth less than :data:`NEAR_BEST` of the best
    from a square one move reaches moves first, to the one of those nearly best squares the fewest enemies
    can attack (:func:`_exposure`), the nearest of those; where this does not apply (the surprise round's
    single action, rule 4; a loader; no attack listed yet), :func:`_approach`."""
    w = game.weapons[me.hand] if me.hand is not None else None
    enemies = _enemies(state, me)
    if (
        w is None
        or not w.ranged
        or not enemies
        or me.spent.get("move")
        or me.spent.get("standard")
        or state.order.round == 0
        or _my_gunner(game, state, me) is not None
        or not by_verb.get("attack")
    ):
        return _approach(game, state, me, by_verb)
    moves = by_verb.get("move")
    if not moves:
        return None
    mine = [f for f in state.fighters.values() if f.side == me.side and f.up]
    dangers = {e.id: _danger(game, state, e, mine) for e in enemies}
    level = {}  # the attack bonus without the range penalty (rules 19-20)
    for e in enemies:
        bonus, _detail = attacks.attack_bonus(game, state, me, w, e)
        level[e.id] = bonus + 2 * attacks.increments(game, w, game.board.distance(me.pos, e.pos))
    farthest = attacks.max_range(w)

    def best_at(p: Pos) -> float:
        top = 0.0
        for e in enemies:
            squares = game.board.distance(p, e.pos)
            if squares > farthest or not line_of_sight(game.board, p, e.pos):
                continue
            bonus = level[e.id] - 2 * attacks.increments(game, w, squares)
            top = max(top, _worth_of(game, state, me, w, e, bonus, dangers[e.id], False))
        return top

    here = best_at(me.pos)
    worth = [(best_at(m.at or me.pos), m) for m in moves]
    top = max([here, *(v for v, _m in worth)])
    if top <= 0:
        return _approach(game, state, me, by_verb)
    if here >= NEAR_BEST * top:
        return None
    return min(
        (m for v, m in worth if v >= NEAR_BEST * top),
        key=lambda m: (
            _exposure(game, m.at or me.pos, enemies),
            game.board.distance(me.pos, m.at or me.pos),
            str(m),
        ),
    )


#: The default AI's rules (:meth:`.ai.DefaultPolicy.choose`) with this script's: keep range by
#: :func:`_aim` (else :func:`_approach`), attack by :func:`_focus`, and :func:`_scoot` before the turn ends.
SCOOT_RULES: tuple[Rule, ...] = (
    _ready,
    _help,
    _arm,
    _aim,
    _focus,
    _close_in,
    _top_up,
    _scoot,
    _wait_out,
)
