"""Scripts for FuturePath's search (issue 17 point 3): ways of fighting the default AI does not take, each a
policy the search may take as its guide (``Settings.guide``, docs/agents.md, "The search in FuturePath, guided
by a script").

``blast`` is the default AI (:mod:`.ai`) with four changes, found in the demo's fights (a shoot-out across
the yard, most shots at two to four disadvantage dice, and not one grenade thrown in 40 fights):

- **a frag grenade at a single enemy**: the default AI throws only where the blast holds two or more enemies
  and no ally, which almost never happens. But a throw has no Accuracy check: it scatters (rule 35, A16) and
  goes off at the end of the turn of the team it landed by (A15), catching everyone in its radius, with no
  save (rule 34, :mod:`.grenades`); the default AI does not step out of a blast, so 3d6 (10.5) lands on
  anyone standing within two squares of where it falls, where a rifle shot at range does 1 to 3 on average.
  This script weighs the throws at or next to a standing enemy, the :data:`SHORTLIST` best by a blast where
  aimed then each over every scatter (the five classes of each d10, by the engine's own
  :func:`grenades.landing` and :func:`grenades.blast_area`): the expected harm to standing enemies (each up
  to its hit points) less :data:`OWN_HARM` times that to its own standing side, and throws the best when
  it is worth :data:`WORTH`. It never cooks a grenade (rule 34.4: DC 25 on a Wisdom check, out of reach of
  the demo's throwers, d20 + 1 or + 2; a failure wastes the grenade);
- **forward to throw**: a character carrying a frag grenade, with no enemy clear of its allies (the blast
  would catch them) within its throwing range less :data:`SLACK` (rule 34.2: 30 ft + 5 ft per STR and DEX
  modifier; the demo's grenadiers throw 45 ft, its medic 35 ft), moves at the start of its turn (a
  Standard Move, rule 11; a sure-footed Sprint, rules 13 and 16, when no move will do) to a square from
  which one is, the square seen by the fewest enemies and in the best cover (rule 43), as the default AI
  picks a firing spot;
- **out of a blast**: a character standing where a grenade will go off at the end of its own team's turn
  moves out first (A15: "those in the area may move out"; the default AI's grenadiers throw where two
  enemies stand together, which this script's advance makes more common), and no move or sprint of the
  script ends where a grenade waits to go off;
- **no coup de grâce and no stabilizing**: a dying or stable character never acts again (rules 38-40, A13:
  out of action, :func:`tally.out_of_action`, and a side with nobody active has lost), so a Full-Round
  coup de grâce or Stabilize changes nothing that wins the fight; the turn goes to closing in instead.

Alone against the default AI it won 632 of 800 mirror matches on the demo (79.0%; the default AI in its place
387), at 0.8-0.9 ms of CPU a decision (the default AI's: 0.2 ms).
"""

from __future__ import annotations

from collections.abc import Sequence

from tactica.engine.action import Action
from tactica.engine.fight import Fight
from tactica.systems.futurepath import grenades
from tactica.systems.futurepath.ai import (
    SPRINT_TRIES,
    DefaultPolicy,
    Listing,
    Step,
    View,
    _close_in,
    _draw,
    _firing_key,
    _reload,
    _stand,
    _strike,
    _sure_footed,
    exposure,
)

Pos = tuple[int, int]
Area = frozenset[Pos]

#: One face of each class of a scatter d10 (rule 35, A16: 1, 2, 3-8, 9, 10) and the chance of its class.
SCATTER_FACES = ((1, 0.1), (2, 0.1), (5, 0.6), (9, 0.1), (10, 0.1))
#: A grenade's expected harm to the thrower's own side counts this many times against the throw.
OWN_HARM = 2.0
#: The least expected harm (hit points, net of :data:`OWN_HARM`) worth a grenade.
WORTH = 6.0
#: A thrower moves forward until an enemy is this many squares inside its throwing range.
SLACK = 1
#: Blast areas one game's memo keeps before it starts over.
BLAST_LIMIT = 1 << 14
#: Throws (thrower's square, aim, grenade) whose catches one game's memo keeps before it starts over.
CATCH_LIMIT = 1 << 14
#: Throws weighed over the scatter, the best by the harm of a blast where aimed.
SHORTLIST = 4


class BlastPolicy(DefaultPolicy):
    """The default AI, throwing frag grenades at single enemies, moving forward to throw, keeping out of
    blasts and leaving the fallen alone (module docstring)."""

    def listing(self, fight: Fight, actor: str, view: View) -> Listing:
        """The default AI's listing, less the moves and sprints into a waiting blast while any condition is
        on (:class:`SafeListing`)."""
        return SafeListing(fight, actor, view) if view.state.conditions else Listing(fight, actor)

    def steps(self) -> Sequence[Step]:
        """The script's steps (:data:`STEPS`)."""
        return STEPS


class SafeListing(Listing):
    """The default AI's :class:`Listing` with no move or sprint that ends where a grenade waits to go off."""

    __slots__ = ("view",)

    def __init__(self, fight: Fight, actor: str, view: View) -> None:
        super().__init__(fight, actor)
        self.view = view

    def __missing__(self, verb: str) -> Sequence[Action]:
        found = super().__missing__(verb)
        if verb not in ("move", "sprint") or not found:
            return found
        danger = {p for area, _team in _pending_blasts(self.view) for p in area}
        if not danger:
            return found
        kept = [a for a in found if a.at not in danger]
        self[verb] = kept
        return kept


def _pending_blasts(view: View) -> list[tuple[Area, str | None]]:
    """The areas of the damaging grenades waiting to go off, each with the team whose turn sets it off."""
    out: list[tuple[Area, str | None]] = []
    for c in view.state.conditions:
        weapon = view.game.weapons.get(c.source or "") if c.name == "grenade" else None
        if weapon is not None and weapon.effect == "damage":
            radius = grenades.radius_squares(view.game, weapon.radius_ft)
            out.append((_area(view, (c.data["x"], c.data["y"]), radius), c.actor))
    return out


def _area(view: View, at: Pos, radius: int) -> Area:
    """:func:`grenades.blast_area`, remembered per game by centre, radius and blocking objects."""
    game = view.game
    key = (at, radius, view.geometry.blockers)
    return game.remembered("blast-area", key, grenades.blast_area, BLAST_LIMIT, game, view.state, at, radius)


def _frags(view: View) -> list[str]:
    """The damaging grenades the actor carries with one left."""
    weapons, ammo = view.game.weapons, view.me.ammo
    return [
        w
        for w in view.me.carried
        if weapons[w].kind == "grenade" and weapons[w].effect == "damage" and ammo.get(w, 0) > 0
    ]


def _flee(view: View, by_verb: Listing) -> Action | None:
    """Out of the blast of a grenade that goes off at the end of this team's turn (A15): the move out (the
    sprint out, when no move gets out) to the best firing spot (the default AI's :func:`_firing_key`)."""
    if not view.state.conditions:
        return None
    me = view.me
    if not any(me.pos in area and team == me.side for area, team in _pending_blasts(view)):
        return None
    moves = by_verb["move"]  # none ends in a blast (SafeListing)
    if not moves:
        return min(by_verb["sprint"], key=lambda a: view.distance(me.pos, a.at or me.pos), default=None)
    weapon = next((view.game.weapons[w] for w in me.hands), None)
    per_cell = int(view.game.board.scale.per_cell)
    increment = (weapon.range_ft // per_cell) if weapon and weapon.range_ft else 1

    def key(action: Action) -> tuple[bool, tuple[int, ...], int]:
        spot = _firing_key(view, action.at, increment)
        return (spot is None, spot or (), view.distance(me.pos, action.at or me.pos))

    return min(moves, key=key)


def _throw(view: View, by_verb: Listing) -> Action | None:
    """The uncooked throw of a damaging grenade at or next to a standing enemy with the most expected harm
    (:func:`_harm` over :func:`_catches`), when it is worth :data:`WORTH`. Only the :data:`SHORTLIST` best
    throws by the harm of a blast where aimed (no scatter) are weighed over the scatter."""
    if not view.foes:
        return None
    names = _frags(view)
    if not names:
        return None
    game, me = view.game, view.me
    if min(view.distance(me.pos, f.pos) for f in view.foes) > grenades.range_squares(game, me) + 1:
        return None
    near: set[Pos] = set()
    for foe in view.foes:
        near.update(game.board.cells_within(foe.pos, 1))
    aimed: list[tuple[float, str, Action]] = []
    for action in by_verb["throw"]:
        if action.at is None or action.at not in near or action.flags or action.using not in names:
            continue
        radius = grenades.radius_squares(game, game.weapons[action.using or ""].radius_ft)
        centre = dict.fromkeys(_area(view, action.at, radius), 1.0)
        aimed.append((_harm(view, centre, action.using or ""), str(action), action))
    best: tuple[float, str] | None = None
    choice = None
    for _centre, text, action in sorted(aimed, reverse=True)[:SHORTLIST]:
        key = (me.pos, action.at, action.using, view.geometry.blockers)
        caught = game.remembered("blast-catches", key, _catches, CATCH_LIMIT, view, action.at, action.using)
        value = (_harm(view, caught, action.using or ""), text)
        if best is None or value > best:
            best, choice = value, action
    return choice if best is not None and best[0] >= WORTH else None


def _harm(view: View, caught: dict[Pos, float], name: str) -> float:
    """The expected harm of a blast of ``name`` catching each square with the chance ``caught`` gives: the
    mean damage to each standing enemy (up to its hit points) less :data:`OWN_HARM` times the mean damage to
    each standing member of the thrower's side."""
    weapon = view.game.weapons[name]
    mean = float(weapon.dice.mean()) + weapon.bonus_damage
    side = view.me.side
    value = 0.0
    for f in view.state.fighters.values():
        chance = caught.get(f.pos)
        if chance is not None and f.is_up:
            value += chance * (-OWN_HARM * mean if f.side == side else min(mean, float(f.hp)))
    return value


def _catches(view: View, aim: Pos | None, name: str | None) -> dict[Pos, float]:
    """For each square a throw of ``name`` at ``aim`` from the actor's square may catch, the chance that it
    does: over the scatter (rule 35, A16), where the engine's :func:`grenades.landing` puts the grenade and
    the :func:`grenades.blast_area` there."""
    game, state, me = view.game, view.state, view.me
    assert aim is not None and name is not None
    radius = grenades.radius_squares(game, game.weapons[name].radius_ft)
    caught: dict[Pos, float] = {}
    for lateral, p in SCATTER_FACES:
        for longitudinal, q in SCATTER_FACES:
            landed = grenades.landing(game, state, me.pos, aim, lateral, longitudinal)
            for square in _area(view, landed, radius):
                caught[square] = caught.get(square, 0.0) + p * q
    return caught


def _advance(view: View, by_verb: Listing) -> Action | None:
    """At the start of its turn, a character with a damaging grenade and no enemy clear of its allies within
    its throwing range less :data:`SLACK` moves to a square from which one is (a sprint when no move gets
    there): the square with the fewest enemies next to it, then the fewest open lines from enemies, the most
    cover, the most such enemies in range, the shortest way."""
    frags = _frags(view)
    if not view.foes or not frags or view.me.budget.spent:
        return None
    game, me = view.game, view.me
    reach = grenades.range_squares(game, me) - SLACK
    radius = max(grenades.radius_squares(game, game.weapons[w].radius_ft) for w in frags)
    friends = [f.pos for f in view.state.fighters.values() if f.side == me.side and f.is_up and f is not me]
    targets = [f.pos for f in view.foes if all(view.distance(f.pos, p) > radius + 1 for p in friends)]
    if not targets or min(view.distance(me.pos, p) for p in targets) <= reach:
        return None
    for verb in ("move", "sprint"):
        ranked = sorted(
            (key, i, a) for i, a in enumerate(by_verb[verb]) if (key := _advance_key(view, a, reach, targets))
        )
        if verb == "move" and ranked:
            return ranked[0][2]
        for _key, _i, action in ranked[:SPRINT_TRIES]:
            if _sure_footed(view, action):
                return action
    return None


def _advance_key(view: View, action: Action, reach: int, targets: Sequence[Pos]) -> tuple[int, ...] | None:
    """:func:`_advance`'s key of a move (smaller is better), None when no target is in reach from there."""
    at = action.at
    if at is None:
        return None
    inside = sum(view.distance(at, p) <= reach for p in targets)
    if not inside:
        return None
    melee, exposed, shelter = exposure(view, at)
    return (melee, exposed, shelter, -inside, view.distance(view.me.pos, at))


#: The steps of a turn, in order: the default AI's (:data:`tactica.systems.futurepath.ai.STEPS`) without
#: the grenade only at two enemies, the coup de grâce and stabilizing; with the three steps of the script.
STEPS: tuple[Step, ...] = (_stand, _flee, _throw, _advance, _strike, _draw, _reload, _close_in)
