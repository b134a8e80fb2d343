"""The default Far Recon policy: simple, sensible tactics, always one of ``fight.legal_actions()``.

For the deciding character (a turn and a simultaneous slot's declaration are played alike):

1. answers: act at once on a delayed turn; dodge an attack whose total beats its Physical Defense (one
   dodge a round), tag an aspect on the defence when hurt and the attack is strong;
2. broken down (Mind 0): move away from the enemies, then end;
3. care: treat an adjacent ally who is down (dying first), or itself when badly hurt and it has Medicine;
4. explosives: throw one where the blast hits at least two conscious enemies and no ally;
5. move, when a better square is in reach: cover from the enemies' lines of fire, a target in range and
   sight, out of reach of enemy melee for shooters (next to the weakest enemy for melee fighters), spread
   out (no ally within 2 squares) when the enemies still carry explosives, within throwing range of
   enemies bunched together when it carries one;
6. attack the conscious enemy most likely to go down (lowest health plus Physical Defense and cover) with
   the weapon of the best expected damage, tagging an aspect while it has 2 or more Action Points;
7. end the turn.
"""

from __future__ import annotations

import functools
import weakref
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from tactica.engine.action import Action
from tactica.engine.fight import Fight
from tactica.grid import Board, line_of_sight
from tactica.grid.memo import BoardMemo, distances_from
from tactica.systems.farrecon import attacks, explosives
from tactica.systems.farrecon.options import FarReconOptions
from tactica.systems.farrecon.setup import FarReconGame
from tactica.systems.farrecon.sheet import Weapon
from tactica.systems.farrecon.state import FarReconState, Fighter

G = FarReconGame
S = FarReconState
Pos = tuple[int, int]


class DefaultPolicy:
    """Sensible, simple Far Recon tactics; deterministic for a given state (``seed`` kept for the
    interface)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, fight: Fight) -> Action:
        """The action for the first deciding character (it asks the rules only for the verbs it needs)."""
        game, state = fight.game, fight.state
        assert isinstance(game, FarReconGame) and isinstance(state, FarReconState)
        actor = fight.deciding()[0]
        me = state.fighters[actor]
        if state.pending:
            return self.answer(game, state, me, fight.legal_actions_of(actor))
        origin = _origin(state, me)
        if me.broken or me.panicking:
            return _flee(game, state, me, fight.legal_actions_of(actor, {"move"})) or _end(fight, actor)
        for rule, verbs, worth_asking in self.rules():
            legal = fight.legal_actions_of(actor, verbs) if worth_asking(game, state, me) else []
            if legal:
                choice = rule(game, state, me, origin, legal)
                if choice is not None:
                    return choice
        return _end(fight, actor)

    def answer(self, game: G, state: S, me: Fighter, legal: list[Action]) -> Action:
        """Rule 1: the answer to an attack on ``me`` (dodge or take it, tagging an aspect or not) or to a
        delayed turn."""
        return _answer(game, state, me, legal)

    def rules(self) -> Sequence[Rule]:
        """Rules 3-6, tried in order on a turn (the first to choose an action decides)."""
        return RULES


def _end(fight: Fight, actor: str) -> Action:
    return fight.legal_actions_of(actor, {"end"})[0]


def _origin(state: S, me: Fighter) -> Pos:
    plan = state.plans.get(me.id) if state.mode == "declare" else None
    return plan.move_to if plan is not None and plan.move_to is not None else me.pos


def _enemies(state: S, me: Fighter) -> list[Fighter]:
    return [f for f in state.fighters.values() if f.side != me.side and f.present and f.conscious]


def _allies(state: S, me: Fighter) -> list[Fighter]:
    return [f for f in state.fighters.values() if f.side == me.side and f.id != me.id and f.present]


def _answer(game: G, state: S, me: Fighter, legal: list[Action]) -> Action:
    # the answers are ``ME VERB [+tag]``: known by their verb and flags
    answers = {(a.verb, a.flags): a for a in legal}
    if ("act", ()) in answers:
        return answers["act", ()]
    strike = state.strike
    assert strike is not None
    attacker = state.fighters[strike.attacker]
    weapon = game.weapons[strike.weapon]
    guard = game.skill(me.id, "will" if weapon.harms == "mind" else "pdef")
    if weapon.kind in ("ranged", "thrown"):
        guard += attacks.cover_level(game, attacker.pos, me.pos) * game.options.cover_modifier
    hurt = me.health * 2 <= game.sheet(me.id).body
    tag = ("tag",) if hurt and strike.total >= guard + 2 else ()
    verb = "dodge" if strike.total > guard and ("dodge", ()) in answers else "take"
    return answers.get((verb, tag)) or answers[verb, ()]


def _flee(game: G, state: S, me: Fighter, moves: list[Action]) -> Action | None:
    enemies = _enemies(state, me)
    if not moves or not enemies:
        return None
    here = min(game.board.distance(me.pos, e.pos) for e in enemies)
    best = max(
        moves, key=lambda a: (min(game.board.distance(a.at or me.pos, e.pos) for e in enemies), str(a))
    )
    far = min(game.board.distance(best.at or me.pos, e.pos) for e in enemies)
    return best if far > here else None


def _always(game: G, state: S, me: Fighter) -> bool:
    return True


def _may_care(game: G, state: S, me: Fighter) -> bool:
    """Whether :func:`_care` may choose anything: someone of its side is down, or it is a badly hurt medic."""
    down = any(f.side == me.side and f.status in ("dying", "unconscious") for f in state.fighters.values())
    return down or _hurt_medic(game, me)


def _hurt_medic(game: G, me: Fighter) -> bool:
    return game.skill(me.id, "medicine") >= 1 and me.health * 3 <= game.sheet(me.id).body


def _care(game: G, state: S, me: Fighter, origin: Pos, legal: list[Action]) -> Action | None:
    def urgency(a: Action) -> tuple[int, int, str]:
        patient = state.fighters[a.target or ""]
        rank = {"dying": 0, "unconscious": 1}.get(patient.status, 2)
        return (rank, patient.health, str(a))

    ours = [a for a in legal if state.fighters[a.target or ""].side == me.side]
    down = [a for a in ours if state.fighters[a.target or ""].status in ("dying", "unconscious")]
    if down:
        return min(down, key=urgency)
    if _hurt_medic(game, me):
        mine = [a for a in legal if a.target == me.id]
        return mine[0] if mine else None
    return None


def _may_blast(game: G, state: S, me: Fighter) -> bool:
    """Whether :func:`_blast` may choose anything: it has an explosive to throw and two enemies to catch."""
    ready = any(
        w.kind == "explosive" and attacks.weapon_problem(game, me, w) is None for w in game.weapons_of(me.id)
    )
    return ready and len(_enemies(state, me)) >= 2


def _blast(game: G, state: S, me: Fighter, origin: Pos, legal: list[Action]) -> Action | None:
    enemies = _enemies(state, me)
    candidates = {p for e in enemies for p in [e.pos, *game.board.neighbors(e.pos)]}
    best: tuple[float, str] | None = None
    choice: Action | None = None
    blasts: dict[str, Blast] = {}
    for a in legal:
        if a.at is None or a.at not in candidates or a.has_flag("tag"):
            continue
        weapon = game.weapons[a.using or ""]
        blast = blasts.get(weapon.name) or blasts.setdefault(weapon.name, _blast_of(game, weapon))
        value = _blast_value(game, state, me, blast, a.at)
        if value is not None and (best is None or (value, str(a)) > best):
            best, choice = (value, str(a)), a
    return choice


#: An explosive's blast radius (squares) and its effective damage (at least 0) in the open at each distance
#: up to it.
Blast = tuple[int, tuple[int, ...]]


def _blast_value(game: G, state: S, me: Fighter, blast: Blast, at: Pos) -> float | None:
    """Expected worth of a blast at ``at``: the effective damage on conscious enemies; None when it
    catches an ally (or the thrower) or fewer than two enemies."""
    far, power = blast
    value, enemies = 0.0, 0
    for f in explosives.within(game, state, at, far):
        if f.side == me.side:
            return None
        if not f.conscious:
            continue
        value += power[game.board.distance(at, f.pos)]
        enemies += 1
    return value if enemies >= 2 else None


def _blast_of(game: G, weapon: Weapon) -> Blast:
    far = explosives.radius(game, weapon)
    return far, _blast_power(weapon, game.board.scale.per_cell, far, game.options)


@functools.lru_cache(maxsize=1 << 8)
def _blast_power(weapon: Weapon, per_cell: float, far: int, options: FarReconOptions) -> tuple[int, ...]:
    """The blast's effective damage (at least 0) in the open at each distance up to ``far`` squares (of
    ``per_cell`` feet)."""
    cell = Fraction(str(per_cell))
    return tuple(max(explosives.effective(weapon, cell * d, 0, options)[2], 0) for d in range(far + 1))


def _ranged(game: G, me: Fighter) -> list[Weapon]:
    return [
        w
        for w in game.weapons_of(me.id)
        if w.kind in ("ranged", "thrown") and attacks.weapon_problem(game, me, w) is None
    ]


def _reposition(game: G, state: S, me: Fighter, origin: Pos, legal: list[Action]) -> Action | None:
    enemies = _enemies(state, me)
    if not enemies:
        return None
    ranged = _ranged(game, me)
    reach = max((w.range for w in ranged if w.harms == "body"), default=0)
    threat = any(
        f.carried.get(w.name, 0) > 0 and w.kind == "explosive" for f in enemies for w in game.weapons_of(f.id)
    )
    allies = [a.pos for a in _allies(state, me) if a.status != "dead"]
    bombs = [w for w in game.weapons_of(me.id) if w.kind == "explosive" and me.carried.get(w.name, 0) > 0]
    throw = max((w.range for w in bombs), default=0)
    board = game.board
    clumps = [
        e.pos for e in enemies if any(o is not e and board.distance(o.pos, e.pos) <= 2 for o in enemies)
    ]

    # the origin first, then each move's square: the same sums in the same order for every square
    squares = [origin, *(a.at or origin for a in legal)]
    values = _square_values(game, enemies, reach, squares)
    cost = distances_from(board, origin)
    scores = [values[p] - 0.05 * cost[p] for p in squares]
    if threat:
        crowd = Counter(p for q in allies for p in board.cells_within(q, 2))
        scores = [v - 3.0 * crowd[p] for v, p in zip(scores, squares, strict=True)]
    if throw and clumps:
        # from the clumps' squares: distance and sight are symmetric
        rows = _sight_rows(game, clumps, squares)
        lob = {p for row in rows for p in squares if row[p][0] <= throw and row[p][1]}
        scores = [v + 3.0 if p in lob else v for v, p in zip(scores, squares, strict=True)]
    top = max(scores[1:])
    # the best score; among equals the square written last in text order (as ``max`` over (score, "@x,y"))
    best = max(
        (a for a, v in zip(legal, scores[1:], strict=True) if v == top), key=lambda a: _label(a.at or origin)
    )
    return best if top > scores[0] + 0.5 else None


def _label(p: Pos) -> str:
    return f"@{p[0]},{p[1]}"


#: Squares' values (:func:`_square_values`) per board, by the reach and what the enemies' places make of
#: them (their squares, and for a melee fighter the weakest one's), then by the square.
_VALUES: BoardMemo[dict[Pos, float]] = BoardMemo(1024)
#: What one square sees of another: the distance, whether it sees it, and the cover (at most heavy) the
#: other has.
Facts = tuple[int, bool, int]
#: Per board, from a square, to squares: their :data:`Facts`; the board never changes, so these never go
#: stale.
_SIGHT: weakref.WeakKeyDictionary[Board, SightTable] = weakref.WeakKeyDictionary()
#: The most pairs of squares remembered per board (started afresh past it).
PAIRS_LIMIT = 1 << 16


@dataclass
class SightTable:
    """A board's remembered :data:`Facts`, by the square they are seen from, and how many there are."""

    rows: dict[Pos, dict[Pos, Facts]] = field(default_factory=dict)
    pairs: int = 0


def _square_values(game: G, enemies: list[Fighter], reach: int, squares: list[Pos]) -> dict[Pos, float]:
    """How good each square is (remembered for these enemies' places and reach): a target in reach, cover
    from the enemies who can see it, not next to enemy melee for a shooter; a melee fighter wants to stand
    next to the weakest enemy."""
    places = tuple(e.pos for e in enemies)
    if reach == 0:
        weakest = min(enemies, key=lambda e: (e.health, e.id)).pos
        values = _VALUES.get(game.board, (0, weakest, places), dict)
        _melee_values(game.board, places, weakest, [p for p in squares if p not in values], values)
    else:
        values = _VALUES.get(game.board, (reach, places), dict)
        missing = [p for p in squares if p not in values]
        if missing:
            _ranged_values(_sight_rows(game, places, missing), reach, missing, values)
    return values


def _melee_values(
    board: Board, places: tuple[Pos, ...], weakest: Pos, squares: list[Pos], into: dict[Pos, float]
) -> None:
    rows, weak = [distances_from(board, e) for e in places], distances_from(board, weakest)
    for p in squares:
        nearest = min([row[p] for row in rows])
        into[p] = 6.0 - 2.0 * weak[p] - 0.1 * nearest


def _ranged_values(
    rows: list[dict[Pos, Facts]], reach: int, squares: list[Pos], into: dict[Pos, float]
) -> None:
    for p in squares:
        facts = [row[p] for row in rows]
        in_reach, close, covers = False, 0, []
        for far, seen, cover in facts:
            if seen:
                in_reach = in_reach or far <= reach
                covers.append(cover)
            if far <= 1:
                close += 1
        value = 4.0 if in_reach else -1.0 - 0.5 * max(0, min(facts)[0] - reach)
        for cover in covers:
            value += 1.2 * cover - 0.6
        into[p] = value - 2.5 * close


def _sight_rows(game: G, froms: Iterable[Pos], tos: list[Pos]) -> list[dict[Pos, Facts]]:
    """For each square of ``froms``, the :data:`Facts` to (at least) every square of ``tos``."""
    board = game.board
    table = _SIGHT.get(board)
    if table is None or table.pairs >= PAIRS_LIMIT:
        table = _SIGHT[board] = SightTable()
    rows = []
    for a in froms:
        row = table.rows.setdefault(a, {})
        for b in tos:
            if b not in row:
                row[b] = (
                    board.distance(a, b),
                    line_of_sight(board, a, b),
                    min(attacks.cover_level(game, a, b), 2),
                )
                table.pairs += 1
        rows.append(row)
    return rows


def _attack(game: G, state: S, me: Fighter, origin: Pos, legal: list[Action]) -> Action | None:
    best: tuple[float, str] | None = None
    choice: Action | None = None
    tag = me.ap >= 2 and any(a.has_flag("tag") for a in legal)
    for a in legal:
        if a.at is not None or a.target is None:
            continue
        target = state.fighters[a.target]
        if not target.conscious or target.side == me.side or a.has_flag("tag") != tag:
            continue
        weapon = game.weapons[a.using or ""]
        value = _expected(game, me, origin, target, weapon)
        # (value, str(a)) > best, the text made only on equal worth
        if best is None or value > best[0] or (value == best[0] and str(a) > best[1]):
            best, choice = (value, str(a)), a
    return choice


def _expected(game: G, me: Fighter, origin: Pos, target: Fighter, weapon: Weapon) -> float:
    """A rough worth of an attack: its expected margin over the defence in damage increments, and how close
    the target is to going down."""
    if weapon.throwable:
        skill = explosives.throw_skill(game, weapon, game.board.distance(origin, target.pos), me)
    else:
        skill = weapon.attack_skill
    defence = game.skill(target.id, "will" if weapon.harms == "mind" else "pdef")
    if weapon.kind in ("ranged", "thrown"):
        defence += attacks.cover_level(game, origin, target.pos) * game.options.cover_modifier
    margin = game.skill(me.id, skill) - defence + 1.5
    damage = weapon.base_damage * max(margin, 0.3) / float(weapon.di)
    return damage - 0.3 * target.health - (0.5 if weapon.throwable else 0.0)


#: A rule of the policy: the rule (it may choose one of the legal actions of its verbs, from ``origin``),
#: the verbs it picks from, and whether it may choose anything now (the legal actions are asked for only
#: then).
Rule = tuple[
    Callable[[G, S, Fighter, Pos, list[Action]], Action | None],
    set[str],
    Callable[[G, S, Fighter], bool],
]
#: The default AI's rules 3-6, in order.
RULES: tuple[Rule, ...] = (
    (_care, {"treat"}, _may_care),
    (_blast, {"throw"}, _may_blast),
    (_reposition, {"move"}, _always),
    (_attack, {"attack", "throw"}, _always),
)
