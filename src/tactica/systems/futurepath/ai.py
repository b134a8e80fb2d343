"""The default FuturePath policy: simple, sensible tactics, always one of ``fight.legal_actions()``.

It decides for the first deciding actor (several teammates may act in a team turn), in this order:

1. a pending decision: take the Tactical Opportunity (the best melee weapon), or another attack-like answer;
2. stand up when down; throw a grenade when 2+ enemies and no ally stand within its blast;
3. attack the best target it can hurt: lowest HP among the standing enemies in range and not in Full cover
   (dying enemies are left alone); a Full Attack when it has Extra Attack/Damage, then the Bonus Attack;
4. coup de grace on a dying enemy; a medic stabilizes a dying ally;
5. draw a weapon when nothing is drawn; reload an empty weapon;
6. close in: melee to a square next to the target (sprinting when a Standard move is too short), ranged to a
   square within one range increment with a line of fire, preferring cover (squares whose lines from the
   enemies pass a crate or barricade);
7. end the turn.

Every choice is picked from the legal actions of the deciding actor, so an illegal action is impossible; it
asks only for that actor's actions of the verbs it uses (``Fight.legal_actions_of``), and for moves, sprints
and throws only when a step weighs them (:class:`Listing`), which is much cheaper than listing every
teammate's moves and throws. Sight lines and walking distances ignore creatures; they
depend only on the board and are cached per board.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import groupby
from operator import attrgetter

from tactica.engine.action import Action
from tactica.engine.fight import Fight
from tactica.grid import Board, Cover, cover_between, line_of_sight, reachable
from tactica.systems.futurepath import attacks, care, movement
from tactica.systems.futurepath.rules import FuturePath
from tactica.systems.futurepath.setup import FuturePathGame
from tactica.systems.futurepath.sheet import Weapon
from tactica.systems.futurepath.state import Fighter, FuturePathState

Pos = tuple[int, int]

#: Verbs that answer a pending decision by attacking, best first; then the ones that let it go.
ATTACKING_ANSWERS = ("opportunity", "fire", "attack", "full-attack")
DECLINING_ANSWERS = ("pass", "hold")
#: The turn actions the policy ever takes (it asks the rules to list only these).
TURN_VERBS = frozenset(
    [
        "stand",
        "throw",
        "full-attack",
        "attack",
        "bonus-attack",
        "coup-de-grace",
        "stabilize",
        "draw",
        "reload",
        "move",
        "sprint",
        "end",
    ]
)
#: Verbs with many actions (a square each), listed only when a step of the policy asks for them.
LONG_VERBS = frozenset(["throw", "move", "sprint"])
#: The other verbs the policy takes, listed in two groups, each when a step first needs one of its verbs: the
#: attacks with ending the turn (what most decisions weigh first, or take last), then the rest.
SHORT_VERBS = TURN_VERBS - LONG_VERBS
FIRST_VERBS = frozenset(["full-attack", "attack", "bonus-attack", "end"])
#: The set of verbs listed together with each verb.
LISTED_WITH = {
    verb: group
    for group in (FIRST_VERBS, SHORT_VERBS - FIRST_VERBS, *(frozenset([v]) for v in LONG_VERBS))
    for verb in group
}
#: A ranged attack with more net disadvantage dice than this is worth a move to a better square first.
WORST_NET_DICE = -1
#: Try at most this many sprint destinations (each costs a path search) before settling for a move.
SPRINT_TRIES = 3
#: Entries the sight and distance caches of one board may hold before they start over.
GEOMETRY_LIMIT = 1 << 20


class DefaultPolicy:
    """Sensible, simple FuturePath tactics; ``seed`` is kept for the policy interface (choices are
    deterministic for a given state)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, fight: Fight) -> Action:
        """The action for the first deciding actor."""
        actor = fight.deciding()[0]
        game = fight.game
        state = fight.state
        assert isinstance(game, FuturePathGame) and isinstance(state, FuturePathState)
        view = View(game, state, state.fighters[actor])
        if state.pending:
            mine = fight.legal_actions_of(actor)
            answers = _by_verb(mine)
            return _answer(view, answers) or answers.get("end", mine)[0]
        by_verb = self.listing(fight, actor, view)
        choice = _turn(view, by_verb, self.steps())
        return choice or (by_verb["end"] or fight.legal_actions_of(actor, TURN_VERBS))[0]

    def listing(self, fight: Fight, actor: str, view: View) -> Listing:
        """The actor's legal turn actions by verb, listed as the steps ask (a script may list fewer)."""
        return Listing(fight, actor)

    def steps(self) -> Sequence[Step]:
        """The steps of a turn, in the order they are weighed (a script may weigh others)."""
        return STEPS


_VERB = attrgetter("verb")


def _by_verb(actions: Iterable[Action]) -> dict[str, list[Action]]:
    """Actions grouped by verb, in the order each verb first appears."""
    by_verb: dict[str, list[Action]] = {}
    for verb, group in groupby(actions, key=_VERB):
        by_verb.setdefault(verb, []).extend(group)
    return by_verb


class Listing(dict[str, Sequence[Action]]):
    """One actor's legal turn actions by verb, ``listing[verb]`` (empty when the verb has none): each
    verb listed with its group (:data:`LISTED_WITH`) when a step first asks for it (:meth:`__missing__`), so
    a verb asked for again is a plain dict lookup, with no Python call. A group none of whose verbs the
    actor's budget can pay for (:meth:`FuturePath.open_verbs`) is not asked for at all: after an attack, a
    duelist's moves and sprints (a Standard and a Full-Round action, rule 4). The first group holds 'end',
    which is always open."""

    __slots__ = ("actor", "asked", "fight", "open_verbs")

    def __init__(self, fight: Fight, actor: str) -> None:
        super().__init__()
        self.fight = fight
        self.actor = actor
        #: The rules' :meth:`FuturePath.open_verbs` for the actor, once :attr:`asked`.
        self.open_verbs: frozenset[str] | None = None
        self.asked = False

    def __missing__(self, verb: str) -> Sequence[Action]:
        """List ``verb``'s group (every verb of it a key from now on); a verb the policy never takes has no
        actions."""
        group = LISTED_WITH.get(verb)
        if group is None:
            return ()
        self.update(dict.fromkeys(group, ()))
        if group is FIRST_VERBS or self._open(group):
            self.update(_by_verb(self.fight.legal_actions_of(self.actor, group)))
        return self[verb]

    def _open(self, group: frozenset[str]) -> bool:
        """Whether the rules may list actions of ``group``."""
        if not self.asked:
            system, game, state = self.fight.system, self.fight.game, self.fight.state
            assert isinstance(system, FuturePath) and isinstance(game, FuturePathGame)
            assert isinstance(state, FuturePathState)
            self.open_verbs = system.open_verbs(game, state, self.actor)
            self.asked = True
        return self.open_verbs is None or not self.open_verbs.isdisjoint(group)


# -- what the actor sees ---------------------------------------------------------------------------


class View:
    """One decision's facts: the actor, the standing enemies, and cached geometry."""

    def __init__(self, game: FuturePathGame, state: FuturePathState, me: Fighter) -> None:
        self.game = game
        self.state = state
        self.me = me
        self.sheet = game.sheets[me.id]
        self.foes: list[Fighter] = []  # the standing enemies (is_up), in setup order
        for f in state.fighters.values():
            if f.side != me.side and f.status == "active":
                self.foes.append(f)

    @cached_property
    def geometry(self) -> Geometry:
        """The board's sight lines and walking distances with today's blocking objects (when first asked)."""
        return geometry(self.game.board, attacks.blockers(self.state))

    def distance(self, a: Pos, b: Pos) -> int:
        """Squares between two cells."""
        return self.game.board.distance(a, b)


class Geometry:
    """Sight lines and walking distances over one board with fixed blocking objects, filled as asked (and
    emptied when they grow past :data:`GEOMETRY_LIMIT` entries, for very large boards)."""

    def __init__(self, board: Board, blockers: frozenset[Pos]) -> None:
        # A weak reference: :data:`_GEOMETRY` holds this geometry under its board, weakly, and a strong one
        # here would keep every board ever played alive (0.7 GB over 400 demo fights in one process).
        self._board = weakref.ref(board)
        self.blockers = blockers
        self.covers: dict[tuple[Pos, Pos], Cover] = {}
        self.fields: dict[Pos, dict[Pos, int]] = {}

    @property
    def board(self) -> Board:
        """The board (alive while anyone asks: the view asking holds the game, which holds it)."""
        board = self._board()
        if board is None:
            raise ReferenceError("the board of this geometry is gone")
        return board

    def cover(self, a: Pos, b: Pos) -> Cover:
        """Cover of ``b`` against an attacker at ``a`` from terrain and objects (Full: no line of fire)."""
        found = self.covers.get((a, b))
        if found is None:
            if line_of_sight(self.board, a, b, blockers=self.blockers):
                found = cover_between(self.board, a, b)
            else:
                found = Cover.FULL  # a wall or a closed door in the way (rule 43)
            if len(self.covers) >= GEOMETRY_LIMIT:
                self.covers.clear()
            self.covers[(a, b)] = self.covers[(b, a)] = found  # the line is the same from either end
        return found

    def walk(self, to: Pos) -> dict[Pos, int]:
        """Movement cost from every cell to ``to`` over the terrain (creatures ignored)."""
        field = self.fields.get(to)
        if field is None:
            board = self.board
            cells = sum(1 for _ in board.cells())
            if len(self.fields) * cells >= GEOMETRY_LIMIT:
                self.fields.clear()
            field = self.fields[to] = reachable(board, to, 2 * cells, blocked=self.blockers)
        return field


_GEOMETRY: weakref.WeakKeyDictionary[Board, dict[frozenset[Pos], Geometry]] = weakref.WeakKeyDictionary()


def geometry(board: Board, blockers: Iterable[Pos]) -> Geometry:
    """The shared geometry cache of a board with these blocking objects."""
    key = frozenset(blockers)
    per_board = _GEOMETRY.setdefault(board, {})
    found = per_board.get(key)
    if found is None:
        found = per_board[key] = Geometry(board, key)
    return found


# -- pending decisions -----------------------------------------------------------------------------


def _answer(view: View, by_verb: Mapping[str, list[Action]]) -> Action | None:
    """Answer a pending decision: attack when that is an answer (best expected damage), else decline."""
    for verb in ATTACKING_ANSWERS:
        options = [a for a in by_verb.get(verb, []) if a.using is None or a.using in view.game.weapons]
        if options:
            return max(options, key=lambda a: _answer_value(view, a))
    for verb in DECLINING_ANSWERS:
        if verb in by_verb:
            return by_verb[verb][0]
    return next(iter(by_verb.values()))[0]


def _answer_value(view: View, action: Action) -> float:
    target = view.state.fighters.get(action.target or "")
    if target is None or action.using is None:
        return 0.0
    return Odds.of(view, target, action.using).expected


# -- a turn ----------------------------------------------------------------------------------------


def _turn(view: View, by_verb: Listing, steps: Sequence[Step]) -> Action | None:
    """The next action of the actor's turn (the first of ``steps`` that chooses), or None to end it."""
    for step in steps:
        choice = step(view, by_verb)
        if choice is not None:
            return choice
    return None


def _stand(view: View, by_verb: Listing) -> Action | None:
    """Get up from prone, sitting or kneeling (a Simple action) before anything else."""
    if view.me.posture != "standing" and by_verb["stand"]:
        return by_verb["stand"][0]
    return None


def _grenade(view: View, by_verb: Listing) -> Action | None:
    """Throw a damaging grenade where its blast holds the most standing enemies (2+) and no ally.

    Uncooked throws first: cooking can go off in the hand (rule 34)."""
    if len(view.foes) < 2:
        return None
    return _best_throw(view, by_verb)


def _best_throw(view: View, by_verb: Listing) -> Action | None:
    """:func:`_grenade` once two enemies stand (its comprehensions here: they would make the step build a
    cell per name they read at every call)."""
    per_cell = int(view.game.board.scale.per_cell)
    friends = [f.pos for f in view.state.fighters.values() if f.side == view.me.side and f.status != "dead"]
    radii = {w.radius_ft // per_cell for w in view.game.weapons.values() if w.effect == "damage"}
    spots = {radius: _blast_spots(view, radius, friends) for radius in sorted(radii)}
    if not any(spots.values()):  # no square to throw at: the throws need not be listed
        return None
    best: tuple[int, int] | None = None
    choice = None
    for action in by_verb["throw"]:
        weapon = view.game.weapons.get(action.using or "")
        if weapon is None or weapon.effect != "damage" or action.at is None:
            continue
        hits = spots[weapon.radius_ft // per_cell].get(action.at, 0)
        key = (hits, -len(action.flags))
        if hits >= 2 and (best is None or key > best):
            best, choice = key, action
    return choice


def _blast_spots(view: View, radius: int, friends: list[Pos]) -> dict[Pos, int]:
    """Squares a blast of ``radius`` centred there would catch 2+ standing enemies and no ally in
    (remembered per board by the enemies' and allies' squares)."""
    board = view.game.board
    key = (radius, tuple(f.pos for f in view.foes), tuple(friends))
    per_board = _SPOTS.setdefault(board, {})
    found = per_board.get(key)
    if found is None:
        if len(per_board) >= SPOTS_LIMIT:
            per_board.clear()
        found = per_board[key] = _spots(board, radius, key[1], friends)
    return found


def _spots(board: Board, radius: int, foes: Iterable[Pos], friends: list[Pos]) -> dict[Pos, int]:
    counts: dict[Pos, int] = {}
    for foe in foes:
        for p in board.cells_within(foe, radius):
            counts[p] = counts.get(p, 0) + 1
    return {
        p: n for p, n in counts.items() if n >= 2 and not any(board.distance(p, q) <= radius for q in friends)
    }


#: Blast spots by board and (radius, enemies' squares, allies' squares); at most this many per board.
SPOTS_LIMIT = 4096
_SPOTS: weakref.WeakKeyDictionary[Board, dict[tuple[object, ...], dict[Pos, int]]] = (
    weakref.WeakKeyDictionary()
)


@dataclass(frozen=True, slots=True)
class Odds:
    """How well one attack on one target would go: net advantage dice, chance to hit, expected damage."""

    net: int
    hit: float
    expected: float

    @classmethod
    def of(cls, view: View, target: Fighter, using: str, *, full: bool = False) -> Odds:
        """Estimate an attack with the weapon ``using`` names (a Full Attack when ``full``) from the rules'
        own advantage count; the rest depends on the game alone, so each estimate is worked out once per game
        and net dice."""
        game, me = view.game, view.me
        weapon = game.weapons[using]
        net = attacks.advantage_dice(game, view.state, me, target, attacks.plain_swing(game, using), False)
        key = (me.id, target.id, weapon.name, full, net)
        return game.remembered("ai-odds", key, cls._estimate, ODDS_LIMIT, view, target, weapon, full, net)

    @classmethod
    def _estimate(cls, view: View, target: Fighter, weapon: Weapon, full: bool, net: int) -> Odds:
        game, me, sheet = view.game, view.me, view.sheet
        die_mean = (sheet.advantage_die + 1) / 2 if sheet.advantage_die else 1.0
        ability = sheet.mod("str") if weapon.is_melee else sheet.mod("dex")
        bonus = attacks.accuracy_bonus(game, weapon)
        needed = game.sheet(target.id).ac - ability - bonus - net * die_mean
        hit = min(0.95, max((21 - weapon.crit_range) / 20, (21 - needed) / 20))
        damage = _mean(weapon) + attacks.flat_damage(game, me, weapon)
        if full:
            per_hit = damage * (1 + sheet.extra_damage)
            return cls(net, hit, hit * per_hit * (1 + sheet.extra_attacks))
        return cls(net, hit, hit * damage)


#: Attack estimates one game's memo keeps before it starts over.
ODDS_LIMIT = 4096
_MEANS: dict[str, float] = {}


def _mean(weapon: Weapon) -> float:
    """The weapon's mean damage dice (cached by dice notation)."""
    key = str(weapon.damage or weapon.level)
    if key not in _MEANS:
        _MEANS[key] = float(weapon.dice.mean())
    return _MEANS[key]


def _strike(view: View, by_verb: Listing) -> Action | None:
    """Attack the best standing target; a Full Attack when it can, the Bonus Attack when it may."""
    choice = _best_attack(view, by_verb)
    if choice is None:
        return None
    action, odds = choice
    weapon = view.game.weapons[action.using or ""]
    if action.verb == "attack" and odds.net < WORST_NET_DICE and not weapon.is_melee:
        better = _close_in(view, by_verb)
        if better is not None:
            return better
    return action


def _best_attack(view: View, by_verb: Listing) -> tuple[Action, Odds] | None:
    """The attack to make: lowest-HP target it can hurt, best weapon, Full Attack if possible."""
    up: dict[str, Fighter] = {}
    for foe in view.foes:
        up[foe.id] = foe
    weapons = view.game.weapons
    best: tuple[bool, bool, int, float] | None = None
    choice: tuple[Action, Odds] | None = None
    for verb in ("full-attack", "attack", "bonus-attack"):
        for action in by_verb[verb]:
            target = up.get(action.target or "")
            if target is None or action.using is None:
                continue
            weapon = weapons[action.using]
            odds = Odds.of(view, target, action.using, full=verb == "full-attack")
            fair = odds.net >= WORST_NET_DICE or weapon.is_melee
            key = (fair, odds.hit >= 0.25, -target.hp, odds.expected)
            if best is None or key > best:
                best, choice = key, (action, odds)
    return choice


def _finish_off(view: View, by_verb: Listing) -> Action | None:
    """Coup de grace on the dying enemy with the lowest HP."""
    game, me = view.game, view.me
    for f in view.state.fighters.values():
        if f.side != me.side and care.is_helpless(game, f):
            break
    else:
        return None  # no enemy is helpless: no coup de grâce to list (rule 38)
    return _least(by_verb["coup-de-grace"], view.state.fighters, _HP)


def _stabilize(view: View, by_verb: Listing) -> Action | None:
    """A medic with nothing better to do stabilizes the dying ally closest to death."""
    if not view.sheet.medkit:
        return None
    return _least(by_verb["stabilize"], view.state.fighters, _CON, view.me.side)


_HP = attrgetter("hp")
_CON = attrgetter("con")


def _least(
    actions: Sequence[Action],
    fighters: Mapping[str, Fighter],
    score: Callable[[Fighter], int],
    side: str | None = None,
) -> Action | None:
    """Of ``actions`` on a fighter (of ``side``, when given), the first whose target scores least; None when
    there is none. (A function of its own: the comprehensions and the key would make the steps build a cell
    per name they read at every call.)"""
    options = [a for a in actions if a.target in fighters]
    if side is not None:
        options = [a for a in options if fighters[a.target or ""].side == side]
    if not options:
        return None
    return min(options, key=lambda a: score(fighters[a.target or ""]))


def _draw(view: View, by_verb: Listing) -> Action | None:
    """With empty hands, draw the weapon that suits the distance to the nearest enemy."""
    if view.me.hands or not by_verb["draw"]:
        return None
    return _best_draw(view, by_verb["draw"])


def _best_draw(view: View, draws: Sequence[Action]) -> Action:
    """:func:`_draw`'s choice among ``draws`` (the closure here: it would make the step build cells at every
    call)."""
    near = min((view.distance(view.me.pos, f.pos) for f in view.foes), default=0)

    def fitness(action: Action) -> tuple[int, int]:
        weapon = view.game.weapons.get(action.target or "")
        if weapon is None or weapon.kind == "grenade":
            return (0, 0)
        if weapon.is_melee:
            return (2 if near <= attacks.reach_squares(view.game, weapon) else 1, weapon.level)
        loaded = weapon.ammo is None or view.me.ammo.get(weapon.name, 0) > 0
        return (3 if loaded else 1, weapon.level)

    return max(draws, key=fitness)


def _reload(view: View, by_verb: Listing) -> Action | None:
    """Reload a drawn weapon that is empty."""
    ammo = view.me.ammo
    for name in view.me.hands:
        if ammo.get(name, 1) <= 0:
            break
    else:
        return None  # nothing drawn is empty: no reload to weigh
    for action in by_verb["reload"]:
        if view.me.ammo.get(action.target or "", 1) <= 0:
            return action
    return None


# -- moving ----------------------------------------------------------------------------------------


def _close_in(view: View, by_verb: Listing) -> Action | None:
    """Move toward a square to attack from, with the weapon in hand (melee or ranged)."""
    moves = by_verb["move"]
    if not view.foes or not (moves or by_verb["sprint"]):
        return None
    weapon = _main_weapon(view)
    if weapon is None or weapon.is_melee:
        reach = attacks.reach_squares(view.game, weapon) if weapon else 1
        return _melee_spot(view, moves, by_verb, reach)
    return _firing_spot(view, moves, weapon)


def _main_weapon(view: View) -> Weapon | None:
    """The drawn weapon to fight with: a loaded gun or a melee weapon, the main hand first."""
    for name in view.me.hands:
        weapon = view.game.weapons[name]
        if weapon.is_melee or (weapon.kind == "ranged" and view.me.ammo.get(name, 1) > 0):
            return weapon
    return None


def _melee_spot(view: View, moves: Sequence[Action], by_verb: Listing, reach: int) -> Action | None:
    """A square next to the weakest reachable enemy; else the step that walks closest to the nearest one
    (sprints are listed only when no move will do)."""
    keys = MeleeKeys(view, reach)
    ranked = keys.ranked(moves)
    if ranked:
        return ranked[0]
    for action in keys.ranked(by_verb["sprint"])[:SPRINT_TRIES]:
        if _sure_footed(view, action):
            return action
    target = min(view.foes, key=lambda f: (view.geometry.walk(f.pos).get(view.me.pos, 999), f.hp))
    return _approach(view, moves, by_verb["sprint"], target)


class MeleeKeys:
    """How good a square is to attack from in melee (smaller is better): the weakest standing enemy within
    ``reach``, the enemies next to it, the distance from here; counted once from the enemies' squares."""

    def __init__(self, view: View, reach: int) -> None:
        self.view = view
        self.weakest: dict[Pos, int] = {}
        self.crowd: dict[Pos, int] = {}
        board = view.game.board
        for foe in view.foes:
            for p in board.cells_within(foe.pos, reach):
                self.weakest[p] = min(self.weakest.get(p, foe.hp), foe.hp)
            for p in board.cells_within(foe.pos, 1):
                self.crowd[p] = self.crowd.get(p, 0) + 1

    def of(self, at: Pos | None) -> tuple[int, int, int] | None:
        """The key of a move to ``at``; None when no standing enemy is within reach of it."""
        if at is None or at not in self.weakest:
            return None
        return (self.weakest[at], self.crowd.get(at, 0), self.view.distance(self.view.me.pos, at))

    def ranked(self, actions: Sequence[Action]) -> list[Action]:
        """The actions that end within reach of a standing enemy, best first (ties in listed order)."""
        keyed = sorted((key, i, a) for i, a in enumerate(actions) if (key := self.of(a.at)) is not None)
        return [a for _key, _i, a in keyed]


def _sure_footed(view: View, action: Action) -> bool:
    """True when a sprint to ``action.at`` avoids difficult terrain (no Acrobatics check, rule 16)."""
    assert action.at is not None
    game, state, me = view.game, view.state, view.me
    budget = movement.allowance(game, me, action.verb, action.has_flag("fast"))
    path = movement.path_to(game, state, me, budget, action.at)
    return path is not None and not movement.crosses_difficult(game, state, me, path)


def _approach(
    view: View, moves: Sequence[Action], sprints: Sequence[Action], target: Fighter
) -> Action | None:
    """The move (or safe sprint) that gets closest to ``target`` on foot, if it gets closer at all."""
    field = view.geometry.walk(target.pos)
    here = field.get(view.me.pos, 999)
    best_move = min(moves, key=lambda a: field.get(a.at or view.me.pos, 999), default=None)
    move_gain = here - field.get(best_move.at or view.me.pos, 999) if best_move else 0
    ranked = sorted(sprints, key=lambda a: field.get(a.at or view.me.pos, 999))
    for sprint in ranked[:SPRINT_TRIES]:
        gain = here - field.get(sprint.at or view.me.pos, 999)
        if gain > move_gain + 2 and _sure_footed(view, sprint):
            return sprint
    return best_move if move_gain > 0 else None


def _firing_spot(view: View, moves: Sequence[Action], weapon: Weapon) -> Action | None:
    """A square within one range increment of a standing enemy, with a line of fire, in the best cover."""
    per_cell = int(view.game.board.scale.per_cell)
    increment = (weapon.range_ft or per_cell) // per_cell
    best: tuple[int, int, int, int, int] | None = None
    choice = None
    for action in moves:
        key = _firing_key(view, action.at, increment)
        if key is not None and (best is None or key < best):
            best, choice = key, action
    if choice is not None:
        return choice
    nearest = min(view.foes, key=lambda f: (view.geometry.walk(f.pos).get(view.me.pos, 999), f.hp))
    return _approach(view, moves, [], nearest)


def _firing_key(view: View, at: Pos | None, increment: int) -> tuple[int, int, int, int, int] | None:
    """Smaller is better: out of melee, fewer open lines from enemies, more cover, weaker target, near."""
    if at is None:
        return None
    cover = view.geometry.cover
    targets = [
        f.hp for f in view.foes if view.distance(at, f.pos) <= increment and cover(at, f.pos) < Cover.FULL
    ]
    if not targets:
        return None
    melee, exposed, shelter = exposure(view, at)
    return (melee, exposed, shelter, min(targets), view.distance(view.me.pos, at))


def exposure(view: View, at: Pos) -> tuple[int, int, int]:
    """How exposed a square is, smaller is better: the standing enemies next to it, the enemies with an open
    line to it, and minus the cover it has from the enemies who see it (rule 43)."""
    cover = view.geometry.cover
    exposed = shelter = melee = 0
    for foe in view.foes:
        seen = cover(foe.pos, at)
        if seen == Cover.FULL:
            continue
        exposed += seen == Cover.NONE
        shelter += int(seen)
        melee += view.distance(foe.pos, at) <= 1
    return melee, exposed, -shelter


#: One step of a turn: the action it takes, or None to leave the choice to the next step.
Step = Callable[[View, Listing], Action | None]
#: The steps of a turn, in the order :func:`_turn` weighs them (made once, after the functions).
STEPS: tuple[Step, ...] = (_stand, _grenade, _strike, _finish_off, _stabilize, _draw, _reload, _close_in)
