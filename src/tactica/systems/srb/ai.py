"""The default Star Rangers policy: simple, sensible tactics, always one of ``fight.legal_actions()``.

In order:

1. get ready: stand up when prone; clear a jammed, safe or switched-off weapon; regain concentration;
2. help: a loader next to an ally whose belt-fed gun is empty or being reloaded does the next loading step;
3. arm: an empty or unusable weapon in hand is reloaded step by step while spares last; otherwise it is
   stored (or dropped, when storing would cost the action needed) for another weapon; an empty hand draws
   the best weapon (or picks one up);
4. keep range: a shooter with an enemy next to it steps away first, to a square within one range
   increment of an enemy (no range penalty) and not next to any; a shooter without a target in sight moves
   to such a square; a loader stays next to its gunner;
5. attack: the attack with the best expected damage (hit chance times damage, more against the nearly
   beaten); a melee fighter next to an enemy at the start of its turn uses Heavy melee (+2 damage,
   knockback); a melee fighter out of reach closes in first;
6. top up: with a move action left, a gun below a third of its rounds takes a reload step, a character
   with loose rounds refills a magazine;
7. wait out: a fighter off target (critical failure 7, option ``off_target: no_attacks``) for actions of its
   own (B6) spends its move action, then its standard one, on a Perception roll, which changes nothing but
   the dice, so the two actions pass and it attacks again;
8. end the turn.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from tactica.dice import parse
from tactica.engine.action import Action
from tactica.engine.fight import Fight
from tactica.grid import line_of_sight
from tactica.grid.memo import BoardMemo
from tactica.systems.srb import attacks, combat, durations, reloads
from tactica.systems.srb.setup import SrbGame
from tactica.systems.srb.sheet import Weapon
from tactica.systems.srb.state import Fighter, SrbState

G = SrbGame
S = SrbState
Pos = tuple[int, int]
Rule = Callable[[G, S, Fighter, "ByVerb"], "Action | None"]


class DefaultPolicy:
    """Sensible, simple Star Rangers tactics; deterministic for a given state."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, fight: Fight) -> Action:
        """The action for the combatant whose turn it is."""
        game, state = fight.game, fight.state
        assert isinstance(game, SrbGame) and isinstance(state, SrbState)
        actor = fight.deciding()[0]
        me = state.fighters[actor]
        by_verb = ByVerb(fight, actor)
        for rule in self.rules():
            choice = rule(game, state, me, by_verb)
            if choice is not None:
                return choice
        return by_verb["end"][0]

    def rules(self) -> tuple[Rule, ...]:
        """The rules tried in order (the module docstring's steps): the first that chooses decides."""
        return RULES


class ByVerb:
    """The actor's legal actions of one verb, asked of the rules only when a rule weighs that verb (the
    same list as that verb's slice of ``fight.legal_actions_of(actor)``)."""

    def __init__(self, fight: Fight, actor: str) -> None:
        self.fight = fight
        self.actor = actor

    def get(self, verb: str) -> list[Action]:
        """The listed actions of ``verb`` (empty when there are none)."""
        return self.fight.legal_actions_of(self.actor, (verb,))

    __getitem__ = get


def _enemies(state: S, me: Fighter) -> list[Fighter]:
    return [f for f in state.fighters.values() if f.side != me.side and f.up]


def _first(by_verb: ByVerb, verb: str) -> Action | None:
    found = by_verb.get(verb)
    return found[0] if found else None


def _ready(game: G, state: S, me: Fighter, by_verb: ByVerb) -> Action | None:
    return _first(by_verb, "stand") or _first(by_verb, "clear") or _first(by_verb, "concentrate")


def _help(game: G, state: S, me: Fighter, by_verb: ByVerb) -> Action | None:
    for action in by_verb.get("load"):
        gunner = state.fighters[action.target or ""]
        gear = gunner.gear[action.using or ""]
        if gear.step or gear.loaded == 0:
            return action
    return None


def _held(game: G, me: Fighter) -> Weapon | None:
    return game.weapons[me.hand] if me.hand is not None else None


def _usable(game: G, state: S, me: Fighter, w: Weapon) -> bool:
    return combat.weapon_problem(game, state, me, w) is None


def _arm(game: G, state: S, me: Fighter, by_verb: ByVerb) -> Action | None:
    w = _held(game, me)
    if w is not None:
        gear = me.gear[w.name]
        needs = gear.step != "" or (w.loaded_feed and gear.loaded == 0)
        if needs and by_verb.get("reload"):
            return next((a for a in by_verb["reload"] if not a.flags), by_verb["reload"][0])
        dry = (needs and not _can_reload_later(game, me, w)) or (
            w.feed == "quiver" and me.rounds.get(w.name, 0) <= 0
        )
        if not (gear.broken or dry):
            return None
        others = [
            n
            for n in me.gear
            if n != w.name and game.weapons[n].in_hand and _ready_to_use(me, game.weapons[n])
        ]
        if not others:
            return None
        return _first(by_verb, "store") or _first(by_verb, "drop")
    for action in by_verb.get("pickup"):
        if action.target in game.weapons:
            return action
    draws = by_verb.get("draw")
    if draws:
        return max(draws, key=lambda a: (_weapon_value(game, me, game.weapons[a.target or ""]), str(a)))
    return None


def _ready_to_use(me: Fighter, w: Weapon) -> bool:
    """Not broken, and loaded (or with spares to load it)."""
    gear = me.gear[w.name]
    if gear.broken:
        return False
    if w.loaded_feed:
        return gear.loaded > 0 or reloads.has_full_spare(me, w.name) or me.rounds.get(w.name, 0) > 0
    return w.feed != "quiver" or me.rounds.get(w.name, 0) > 0


def _can_reload_later(game: G, me: Fighter, w: Weapon) -> bool:
    """A reload is under way or spares remain (the step is only waiting for an action)."""
    gear = me.gear[w.name]
    step, _why = reloads.next_step(game, me, w, gear)
    return bool(step)


def _weapon_value(game: G, me: Fighter, w: Weapon) -> float:
    ready = _ready_to_use(me, w)
    return _mean(w.damage) + (5 if w.ranged else 0) + (10 if ready else -10)


@functools.cache
def _mean(damage: str) -> float:
    """The mean of a damage expression."""
    return float(parse(damage).mean())


def _ranged_hand(game: G, me: Fighter) -> Weapon | None:
    w = _held(game, me)
    return w if w is not None and w.ranged else None


def _keep_range(game: G, state: S, me: Fighter, by_verb: ByVerb) -> Action | None:
    gunner = _my_gunner(game, state, me)
    if gunner is not None and game.board.distance(me.pos, gunner.pos) > 1:
        moves = by_verb.get("move")
        near = [m for m in moves if game.board.distance(m.at or me.pos, gunner.pos) == 1]
        if near:
            return min(near, key=lambda m: (game.board.distance(me.pos, m.at or me.pos), str(m)))
    w = _ranged_hand(game, me)
    enemies = _enemies(state, me)
    if w is None or not enemies or gunner is not None or me.spent.get("move"):
        return None
    if state.order.round == 0 and by_verb.get("attack"):
        return None  # the surprise round has one action: shoot
    here = _score(game, me.pos, w, enemies)
    moves = by_verb.get("move")
    if here >= 3 or not moves:
        return None
    scored = [((_score(game, m.at or me.pos, w, enemies), _tiebreak(game, me, m)), m) for m in moves]
    (score, _order), best = max(scored, key=lambda pair: pair[0])
    return best if score > here else None


def _tiebreak(game: G, me: Fighter, m: Action) -> tuple[int, str]:
    return (-game.board.distance(me.pos, m.at or me.pos), str(m))


def _adjacent(game: G, p: Pos, enemies: list[Fighter]) -> bool:
    return any(game.board.distance(p, e.pos) <= 1 for e in enemies)


def _score(game: G, p: Pos, w: Weapon, enemies: list[Fighter]) -> int:
    """How good a square is for a shooter: 3 with an enemy in sight within one increment and none next to
    it, 2 in sight within range, 1 not next to an enemy, 0 next to one (remembered per board)."""
    key = (p, w.increment_m, w.max_increments, game.options.range_penalty, tuple(e.pos for e in enemies))
    return _SCORES.get(game.board, key, lambda: _square_score(game, p, w, enemies))


#: Squares' scores for a shooter, per board, by the square, the weapon's ranges and the enemies' squares.
_SCORES: BoardMemo[int] = BoardMemo(1 << 14)


def _square_score(game: G, p: Pos, w: Weapon, enemies: list[Fighter]) -> int:
    if _adjacent(game, p, enemies):
        return 0
    best = 1
    farthest = attacks.max_range(w)
    for e in enemies:
        squares = game.board.distance(p, e.pos)
        if squares > farthest or not line_of_sight(game.board, p, e.pos):
            continue
        best = max(best, 3 if attacks.increments(game, w, squares) == 0 else 2)
    return best


def _my_gunner(game: G, state: S, me: Fighter) -> Fighter | None:
    """The ally whose belt-fed gun ``me`` carries belts for (a loader's gunner)."""
    for f in state.fighters.values():
        if f.id == me.id or f.side != me.side or not f.up or f.hand is None:
            continue
        w = game.weapons[f.hand]
        if w.feed == "belt" and reloads.has_full_spare(me, w.name):
            return f
    return None


def _expected(game: G, state: S, me: Fighter, action: Action) -> float:
    w = game.weapons[action.using or ""]
    target = state.fighters[action.target or ""]
    bonus, _detail = attacks.attack_bonus(game, state, me, w, target)
    value, _flat = attacks.defense(game, state, target, w)
    chance = min(0.95, max(0.05, (21 - (value - bonus)) / 20))
    heavy = action.verb == "heavy-melee"
    damage = _mean(w.damage) + attacks.damage_bonus(game, me, w, heavy)
    finishing = 1.5 if damage >= target.hp else 1.0
    return chance * damage * finishing + (0.5 if heavy else 0.0)


def _attack(game: G, state: S, me: Fighter, by_verb: ByVerb) -> Action | None:
    options = [*by_verb.get("attack"), *by_verb.get("heavy-melee")]
    if not options:
        return None
    best = max(options, key=lambda a: (_expected(game, state, me, a), str(a)))
    held = _held(game, me)
    if best.verb == "attack" and held is not None and not held.ranged and by_verb.get("heavy-melee"):
        heavy = [a for a in by_verb["heavy-melee"] if a.target == best.target and a.using == best.using]
        if heavy:
            return heavy[0]
    return best


def _close_in(game: G, state: S, me: Fighter, by_verb: ByVerb) -> Action | None:
    enemies = _enemies(state, me)
    if not enemies or _ranged_hand(game, me) is not None or _my_gunner(game, state, me):
        return None
    moves = by_verb.get("move")
    if not moves:
        return None
    target = min(enemies, key=lambda e: (game.board.distance(me.pos, e.pos), e.hp, e.id))
    here = game.board.distance(me.pos, target.pos)
    best = min(moves, key=lambda m: (game.board.distance(m.at or me.pos, target.pos), str(m)))
    return best if game.board.distance(best.at or me.pos, target.pos) < here else None


def _top_up(game: G, state: S, me: Fighter, by_verb: ByVerb) -> Action | None:
    if not (me.spent.get("standard") or me.full):
        return None  # keep the standard action for an attack
    w = _held(game, me)
    if w is not None and w.loaded_feed and me.gear[w.name].loaded * 3 < w.capacity and by_verb.get("reload"):
        return next((a for a in by_verb["reload"] if not a.flags), None)
    return _first(by_verb, "refill")


def _wait_out(game: G, state: S, me: Fighter, by_verb: ByVerb) -> Action | None:
    """Rule 22 (7), B6: 'off target for the next 2 actions' counts the holder's actions and ``end`` is none,
    so an off-target fighter with nothing else to do rolls Perception (a move action: one d20, reported)."""
    if game.options.off_target != "no_attacks":
        return None
    off = durations.find(state, me, "off-target")
    return _first(by_verb, "perceive") if off is not None and off.unit == "actions" else None


#: The default AI's rules, in the order the module docstring gives them.
RULES: tuple[Rule, ...] = (_ready, _help, _arm, _keep_range, _attack, _close_in, _top_up, _wait_out)
