"""Scripts for FuturePath's search (issue 17 point 3): draft."""

from __future__ import annotations

from collections.abc import Sequence

from tactica.engine.action import Action
from tactica.engine.fight import Fight
from tactica.grid import Cover
from tactica.systems.futurepath import grenades
from tactica.systems.futurepath.ai import (
    TURN_VERBS,
    DefaultPolicy,
    Listing,
    View,
    _answer,
    _by_verb,
    _close_in,
    _draw,
    _finish_off,
    _firing_key,
    _reload,
    _stand,
    _strike,
    _best_attack,
)
from tactica.systems.futurepath.setup import FuturePathGame
from tactica.systems.futurepath.state import Fighter, FuturePathState

G = FuturePathGame
S = FuturePathState
Pos = tuple[int, int]

#: The d10 faces that stand for every scatter (rule 35, A16) and their chances: 1, 2, 3-8, 9, 10.
SCATTER_FACES = ((1, 0.1), (2, 0.1), (5, 0.6), (9, 0.1), (10, 0.1))
#: A grenade's harm to the thrower's side counts this many times against it.
OWN_HARM = 2.0
#: The least expected harm worth a grenade.
WORTH = 6.0

FLEE = True
FRAG = True
ADVANCE = True
SLACK = 1
CLEAR = 1
COUP = False
SAFE = True
NEAR_OK = True
MEDIC = True


class CoverPolicy(DefaultPolicy):
    """Draft."""

    def choose(self, fight: Fight) -> Action:
        actor = fight.deciding()[0]
        game = fight.game
        state = fight.state
        assert isinstance(game, FuturePathGame) and isinstance(state, FuturePathState)
        view = View(game, state, state.fighters[actor])
        if state.pending:
            mine = fight.legal_actions_of(actor)
            answers = _by_verb(mine)
            return _answer(view, answers) or answers.get("end", mine)[0]
        by_verb = SafeListing(fight, actor) if SAFE and state.conditions else Listing(fight, actor)
        for step in STEPS:
            choice = step(view, by_verb)
            if choice is not None:
                return choice
        return (by_verb["end"] or fight.legal_actions_of(actor, TURN_VERBS))[0]


class SafeListing(Listing):
    """A listing whose moves and sprints end outside the blasts of grenades waiting to go off."""

    __slots__ = ("danger",)

    def __init__(self, fight: Fight, actor: str) -> None:
        super().__init__(fight, actor)
        self.danger: frozenset[Pos] | None = None

    def __missing__(self, verb: str) -> Sequence[Action]:
        found = super().__missing__(verb)
        if verb not in ("move", "sprint") or not found:
            return found
        if self.danger is None:
            game, state = self.fight.game, self.fight.state
            assert isinstance(game, FuturePathGame) and isinstance(state, FuturePathState)
            view = View(game, state, state.fighters[self.actor])
            self.danger = frozenset(p for area, _team in _pending_blasts(view) for p in area)
        if self.danger:
            kept = [a for a in found if a.at not in self.danger]
            self[verb] = kept
            return kept
        return found


def _pending_blasts(view: View) -> list[tuple[frozenset[Pos], str | None]]:
    """Areas of grenades waiting to go off, with the team whose turn sets each off."""
    out = []
    for c in view.state.conditions:
        if c.name != "grenade":
            continue
        weapon = view.game.weapons.get(c.source or "")
        if weapon is None or weapon.effect != "damage":
            continue
        radius = grenades.radius_squares(view.game, weapon.radius_ft)
        out.append((_area(view, (c.data["x"], c.data["y"]), radius), c.actor))
    return out


def _area(view: View, at: Pos, radius: int) -> frozenset[Pos]:
    key = (at, radius, view.geometry.blockers)
    return view.game.remembered("script-blast", key, grenades.blast_area, 1 << 14, view.game, view.state, at, radius)


def _flee(view: View, by_verb: Listing) -> Action | None:
    """Out of a grenade's blast that goes off at the end of this team's turn."""
    if not FLEE or not view.state.conditions:
        return None
    danger = [area for area, team in _pending_blasts(view) if team == view.me.side]
    if not any(view.me.pos in area for area in danger):
        return None
    moves = [a for a in by_verb["move"] if a.at is not None and not any(a.at in area for area in danger)]
    if not moves:
        sprints = [a for a in by_verb["sprint"] if a.at is not None and not any(a.at in area for area in danger)]
        return min(sprints, key=lambda a: view.distance(view.me.pos, a.at or view.me.pos), default=None)
    per_cell = int(view.game.board.scale.per_cell)
    weapon = next((view.game.weapons[w] for w in view.me.hands), None)
    increment = ((weapon.range_ft or per_cell) // per_cell) if weapon and weapon.range_ft else 1

    def key(a: Action) -> tuple[object, ...]:
        k = _firing_key(view, a.at, increment)
        return (k is None, k or (), view.distance(view.me.pos, a.at or view.me.pos))

    return min(moves, key=key)


def _frag(view: View, by_verb: Listing) -> Action | None:
    """Throw a damaging grenade where it is expected to harm enemies the most (rules 34-35)."""
    if not FRAG or not view.foes:
        return None
    game, me = view.game, view.me
    names = [
        w for w in me.carried
        if game.weapons[w].kind == "grenade" and game.weapons[w].effect == "damage" and me.ammo.get(w, 0) > 0
    ]
    if not names:
        return None
    reach = grenades.range_squares(game, me)
    if min(view.distance(me.pos, f.pos) for f in view.foes) > reach + 2:
        return None
    near: set[Pos] = set()
    for f in view.foes:
        near.update(game.board.cells_within(f.pos, 1))
    best: tuple[float, str] | None = None
    choice = None
    for a in by_verb["throw"]:
        if a.at is None or a.at not in near or a.flags or a.using not in names:
            continue
        value = _throw_value(view, a.at, a.using or "")
        if best is None or (value, str(a)) > best:
            best, choice = (value, str(a)), a
    if best is None or best[0] < WORTH:
        return None
    return choice


def _throw_value(view: View, aim: Pos, name: str) -> float:
    game, state, me = view.game, view.state, view.me
    weapon = game.weapons[name]
    radius = grenades.radius_squares(game, weapon.radius_ft)
    mean = float(weapon.dice.mean()) + weapon.bonus_damage
    value = 0.0
    for lateral, p in SCATTER_FACES:
        for longitudinal, q in SCATTER_FACES:
            landed = grenades.landing(game, state, me.pos, aim, lateral, longitudinal)
            area = _area(view, landed, radius)
            harm = 0.0
            for f in state.fighters.values():
                if f.pos not in area or f.status != "active":
                    continue
                if f.side == me.side:
                    harm -= OWN_HARM * mean
                else:
                    harm += min(mean, f.hp + 0.5)
            value += p * q * harm
    return value


def _frags_left(view: View) -> list[str]:
    game, me = view.game, view.me
    return [
        w for w in me.carried
        if game.weapons[w].kind == "grenade" and game.weapons[w].effect == "damage" and me.ammo.get(w, 0) > 0
    ]


def _advance(view: View, by_verb: Listing) -> Action | None:
    """A thrower with grenades and no enemy in reach moves to where one is."""
    if not ADVANCE or not view.foes or not _frags_left(view):
        return None
    if view.me.budget.spent:
        return None
    if not MEDIC and view.sheet.medkit:
        return None
    if not NEAR_OK and any(view.distance(view.me.pos, f.pos) <= 1 for f in view.foes):
        return None
    game, me = view.game, view.me
    reach = grenades.range_squares(game, me) - SLACK
    radius = max(grenades.radius_squares(game, game.weapons[w].radius_ft) for w in _frags_left(view))
    friends = [f.pos for f in view.state.fighters.values() if f.side == me.side and f.is_up and f is not me]
    targets = [f for f in view.foes if all(view.distance(f.pos, p) > radius + CLEAR for p in friends)]
    if not targets or min(view.distance(me.pos, f.pos) for f in targets) <= reach:
        return None
    cover = view.geometry.cover
    best = None
    choice = None
    for verb in ("move", "sprint"):
        for a in by_verb[verb]:
            at = a.at
            if at is None:
                continue
            inside = sum(view.distance(at, f.pos) <= reach for f in targets)
            if not inside:
                continue
            exposed = shelter = melee = 0
            for foe in view.foes:
                seen = cover(foe.pos, at)
                if seen == Cover.FULL:
                    continue
                exposed += seen == Cover.NONE
                shelter += int(seen)
                melee += view.distance(foe.pos, at) <= 1
            key = (verb == "sprint", melee, exposed, -shelter, -inside, view.distance(me.pos, at))
            if best is None or key < best:
                best, choice = key, a
        if choice is not None:
            break
    return choice


def _strike_(view: View, by_verb: Listing) -> Action | None:
    return _strike(view, by_verb)


def _coup(view: View, by_verb: Listing) -> Action | None:
    return _finish_off(view, by_verb) if COUP else None


STEPS = (_stand, _flee, _frag, _advance, _strike_, _coup, _draw, _reload, _close_in)
