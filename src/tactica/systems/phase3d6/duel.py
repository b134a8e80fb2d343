"""Exact fight odds of a Phase 3d6 duel: two adjacent melee fighters trading blows, never moving.

The policy (:class:`TradingBlowsPolicy`): on its place in every Phase a fighter attacks the other with its
basic melee attack (a Strike with the melee weapon in hand, else its fists) and ends its Phase; a Stunned
fighter (option ``hero_stunned``) takes its full-Phase ``recover`` instead; every decision the engine asks
(Abort, a readied attack's trigger, an attack of opportunity) is answered ``pass``.

:func:`duel_odds` follows that policy through the engine's rules by dynamic programming over the fighters'
states — STUN, BODY and (with ``hero_stunned``) Stunned — slot by slot from the current state: the rest of
the acting character's place, the rest of the Phase in the current order, then every Phase to the Turn limit
(``max_rounds``): each place in the order (rule 2; a place lost to an earlier Abort, rule 21; the unaware
in the Surprise Phase, rule 4; ties re-rolled every Phase with ``tie_break: every_phase``, E13), the attack
roll at that moment's OCV and DCV (rules 5-6, 13, E2; the Surprise Phase's DCV penalty, E12; half DCV
while Stunned), damage after PD (:func:`combat.taken`), STUN over CON Stuns, the Post-Turn Recovery after
every Phase 4 (rule 1, E10), and the end: the fight ends as soon as one fighter is out (STUN or BODY 0 or
below, :func:`phases.check_end`), so a knocked-out fighter never gets to wake. Everything else on the
path is fixed by the current state and time, so it is worked out once (the *schedule*), and the DP only
carries the probability of each combination of the fighters' states.

Without ``hero_stunned`` the fighters' states evolve independently (each attack happens on its place, the
attacker's state does not matter), so the joint distribution stays a product: two vectors, in pure Python.
With it, a Stunned fighter skips its attack, coupling the two: the joint distribution is a matrix (numpy;
None without numpy, or when the two state spaces multiplied exceed :data:`MAX_JOINT`). Probability still in
play below :data:`NEGLIGIBLE` stops the DP early and counts as a draw.
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tactica.dice.odds import require_steps
from tactica.engine.action import Action
from tactica.engine.fight import Fight
from tactica.systems.phase3d6 import combat, economy, odds
from tactica.systems.phase3d6.setup import Phase3d6Game
from tactica.systems.phase3d6.sheet import Weapon
from tactica.systems.phase3d6.state import Fighter, Phase3d6State

G = Phase3d6Game
S = Phase3d6State
#: Probability still in play below which the DP stops (it is counted as a draw).
NEGLIGIBLE = 1e-15
#: The largest product of the two fighters' state counts the coupled (``hero_stunned``) DP takes on.
MAX_JOINT = 600_000


def basic_weapon(game: G, fighter: Fighter) -> Weapon | None:
    """The basic melee attack's weapon: the melee weapon in hand, else the fists (None: no melee attack)."""
    return next((w for w in combat.usable_weapons(game, fighter) if w.kind == "melee"), None)


class TradingBlowsPolicy:
    """Every Phase a fighter acts in, it attacks an enemy (the first by id among those its basic melee
    attack reaches) with a plain Strike and ends its Phase; Stunned, it recovers; it never moves or does
    anything else, and it answers every decision (Abort, readied attack, attack of opportunity) ``pass``.
    Deterministic; ``seed`` is accepted for the policy registry."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, fight: Fight) -> Action:
        """The action of the deciding character."""
        game, state = fight.game, fight.state
        assert isinstance(game, Phase3d6Game) and isinstance(state, Phase3d6State)
        actor = fight.deciding()[0]
        if state.pending:
            return fight.legal_actions_of(actor, ("pass",))[0]
        legal = fight.legal_actions_of(actor, ("attack", "recover", "end"))
        weapon = basic_weapon(game, state.fighters[actor])
        strikes = [
            a
            for a in legal
            if a.verb == "attack" and weapon is not None and a.using == weapon.name and not a.flags
        ]
        if strikes:
            return min(strikes, key=lambda a: a.target or "")
        recover = [a for a in legal if a.verb == "recover"]
        return recover[0] if recover else next(a for a in legal if a.verb == "end")


# -- the schedule: everything on the path that does not depend on the dice ----------------------------


@dataclass(frozen=True)
class Slot:
    """One place in a Phase: ``actor`` (0 or 1) attacks if it is not Stunned and ``attack``; recovers from
    being Stunned if it is and ``recover``. ``hit`` is P(hit) by the target's Stunned flag."""

    actor: int
    attack: bool
    recover: bool
    hit: tuple[float, float]


@dataclass
class Phase:
    """A Phase's places: alternative orders with their probabilities; ``post`` = a Post-Turn follows."""

    orders: list[tuple[float, list[Slot]]]
    post: bool = False


@dataclass
class _Track:
    """What the schedule walk follows per fighter: its manoeuvres now, awareness, the Phase it lost."""

    maneuvers: list[list[str]]
    aware: list[bool]
    lose: list[int]
    weapons: list[Weapon]
    fighters: list[Fighter]
    ids: list[str] = field(default_factory=list)


class NotModelled(Exception):
    """The fight leaves the path the DP follows."""


def _hit(game: G, state: S, track: _Track, x: int, phase: int) -> tuple[float, float]:
    """P(hit) of x's Strike on the other, by the other's Stunned flag."""
    y = 1 - x
    attacker = copy.copy(track.fighters[x])
    attacker.maneuvers = list(track.maneuvers[x])
    mine = combat.ocv(game, attacker, track.weapons[x], "strike")
    surprised = not track.aware[y] and combat.surprise_penalty(game, state.surprise, phase)
    out = []
    for stunned in (False, True):
        dcv = combat.defence(game, track.ids[y], track.maneuvers[y], surprised=surprised, stunned=stunned)
        out.append(float(odds.hit_chance(game, mine, dcv)))
    return (out[0], out[1])


def _after_own(game: G, track: _Track, x: int, attacked_maneuvers: list[str]) -> None:
    """After x's place: its manoeuvres are ``attacked_maneuvers`` if it struck, unchanged if it recovered;
    the DP does not know which, so both must defend alike."""
    before = track.maneuvers[x]
    for surprised in (False, True):
        for stunned in (False, True):
            a = combat.defence(game, track.ids[x], before, surprised=surprised, stunned=stunned)
            b = combat.defence(game, track.ids[x], attacked_maneuvers, surprised=surprised, stunned=stunned)
            if a != b:
                raise NotModelled("a Strike changes the striker's DCV")
    track.maneuvers[x] = attacked_maneuvers


def _fresh_slot(game: G, state: S, track: _Track, x: int, phase: int) -> Slot:
    """x's place comes up (phases.begin_slot / _fresh_phase / _cannot_act)."""
    aborted = track.lose[x] == phase
    if not aborted:
        track.maneuvers[x] = []
    if not track.aware[x] and phase > 0 and game.options.surprise_penalty_ends == "first_own_phase":
        track.aware[x] = True
    lost = aborted or (phase == 0 and not track.aware[x])
    if aborted:
        track.lose[x] = -1
    if lost:
        return Slot(x, False, False, (0.0, 0.0))
    if phase == 0 and track.fighters[x].stunned and game.options.hero_stunned:
        raise NotModelled("a Stunned fighter in the Surprise Phase starts its recovery with a move action")
    hit = _hit(game, state, track, x, phase)
    _after_own(game, track, x, [*track.maneuvers[x], "strike"])
    return Slot(x, True, phase > 0, hit)


def schedule(game: G, state: S, ids: list[str], weapons: list[Weapon]) -> list[Phase]:
    """The places from now to the Turn limit, each with what it may do and its odds of hitting."""
    fighters = [state.fighters[i] for i in ids]
    track = _Track(
        [list(f.maneuvers) for f in fighters],
        [f.aware for f in fighters],
        [f.lose_phase for f in fighters],
        weapons,
        fighters,
        ids,
    )
    now = state.order.round
    order = [ids.index(s.key) for s in state.order.slots]
    acting = ids.index(state.acting or "")
    if state.order.slots[state.order.index].key != state.acting:
        raise NotModelled("the acting character is not the one whose place it is")
    me = fighters[acting]
    if me.stunned and game.options.hero_stunned:
        if now == 0:
            raise NotModelled("a Stunned fighter in the Surprise Phase recovers with move actions")
        first = Slot(acting, False, economy.full_problem(state, me) is None, (0.0, 0.0))
    elif economy.attack_problem(state, me) is None:
        first = Slot(acting, True, False, _hit(game, state, track, acting, now))
        _after_own(game, track, acting, [*track.maneuvers[acting], "strike"])
    else:
        first = Slot(acting, False, False, (0.0, 0.0))
    slots = [first] + [_fresh_slot(game, state, track, x, now) for x in order[state.order.index + 1 :]]
    phases = [Phase([(1.0, slots)], _post_after(now))]
    if now == 0 and game.options.surprise_penalty_ends == "end_of_surprise_phase":
        track.aware = [True, True]
    scores = [s.score for s in state.order.slots]
    rolled = (
        game.options.tie_break == "every_phase"
        and scores[0] == scores[1]
        and not any(s.key in state.placed for s in state.order.slots)
    )
    phase = now + 1
    while (phase - 1) // 4 + 1 <= game.options.max_rounds:
        orders = [order, order[::-1]] if rolled and phase > 1 else [order]
        start = copy.deepcopy((track.maneuvers, track.aware, track.lose))
        alternatives = []
        for each in orders:
            track.maneuvers, track.aware, track.lose = copy.deepcopy(start)
            alternatives.append((1 / len(orders), [_fresh_slot(game, state, track, x, phase) for x in each]))
        phases.append(Phase(alternatives, _post_after(phase)))
        phase += 1
    return phases


def _post_after(phase: int) -> bool:
    return phase >= 1 and (phase - 1) % 4 == 3


# -- one fighter's states -----------------------------------------------------------------------------


class Model:
    """One fighter's states (STUN 1..max, BODY 1..max, Stunned when ``hero_stunned``), what a hit from the
    other does to each (``moves[i]``: (next state, p) within the fight; ``out[i]``: P(out)), and where the
    Post-Turn Recovery takes each (``recovered[i]``)."""

    def __init__(self, game: G, fighter: Fighter, against: Weapon) -> None:
        sheet = game.sheet(fighter.id)
        self.layers = 2 if game.options.hero_stunned else 1
        self.stuns = max(sheet.stun, fighter.stun)
        self.bodies = max(sheet.body, fighter.body)
        self.size = self.stuns * self.bodies * self.layers
        self.start = self.index(fighter.stun, fighter.body, int(fighter.stunned))
        hits: dict[tuple[int, int], float] = {}
        for (stun, body), chance in odds.damage_table(against.damage).items():
            key = combat.taken(game, fighter.id, stun, body)
            hits[key] = hits.get(key, 0.0) + float(chance)
        shown = f"{fighter.id}'s {self.stuns} STUN x {self.bodies} BODY states against {against.damage}"
        require_steps(self.size * len(hits), shown)
        self.moves: list[list[tuple[int, float]]] = []
        self.out: list[float] = []
        self.recovered: list[int] = []
        self.stunned: list[int] = []
        rec = 0 if sheet.no_recovery or not game.options.post_turn_recovery else sheet.rec
        for i in range(self.size):
            stun, body, st = self.state(i)
            probe = copy.copy(fighter)
            probe.stunned = bool(st)
            moves: dict[int, float] = {}
            gone = 0.0
            for (lost, wounds), p in hits.items():
                if stun - lost <= 0 or body - wounds <= 0:
                    gone += p
                    continue
                j = self.index(stun - lost, body - wounds, int(st or combat.stuns(game, probe, lost)))
                moves[j] = moves.get(j, 0.0) + p
            self.moves.append(list(moves.items()))
            self.out.append(gone)
            gained = max(0, min(rec, sheet.stun - stun))
            self.recovered.append(self.index(stun + gained, body, st))
            self.stunned.append(st)

    def index(self, stun: int, body: int, stunned: int) -> int:
        """The state's number."""
        return ((stun - 1) * self.bodies + (body - 1)) * self.layers + stunned

    def state(self, i: int) -> tuple[int, int, int]:
        """(STUN, BODY, Stunned) of state ``i``."""
        rest, stunned = divmod(i, self.layers)
        stun, body = divmod(rest, self.bodies)
        return stun + 1, body + 1, stunned


# -- the two DPs ------------------------------------------------------------------------------------


def _struck(model: Model, v: list[float], hit: tuple[float, float]) -> tuple[list[float], float]:
    """One attack on the fighter whose distribution is ``v``: the new distribution and P(out)."""
    new = [0.0] * model.size
    gone = 0.0
    for i, p in enumerate(v):
        if not p:
            continue
        h = p * hit[model.stunned[i]]
        new[i] += p - h
        gone += h * model.out[i]
        for j, q in model.moves[i]:
            new[j] += h * q
    return new, gone


def _recovered(model: Model, v: list[float]) -> list[float]:
    new = [0.0] * model.size
    for i, p in enumerate(v):
        if p:
            new[model.recovered[i]] += p
    return new


def _independent(models: list[Model], phases: list[Phase]) -> list[float]:
    """Without Stunned (and with one order per Phase) the joint distribution is the product of the two
    fighters' own: P(0 wins), P(1 wins), P(draw)."""
    dist = [[0.0] * m.size for m in models]
    for m, v in zip(models, dist, strict=True):
        v[m.start] = 1.0
    wins = [0.0, 0.0]
    for phase in phases:
        ((_, slots),) = phase.orders
        for slot in slots:
            if slot.attack:
                y = 1 - slot.actor
                dist[y], gone = _struck(models[y], dist[y], slot.hit)
                wins[slot.actor] += gone * sum(dist[slot.actor])
        if phase.post:
            dist = [_recovered(m, v) for m, v in zip(models, dist, strict=True)]
        if sum(dist[0]) * sum(dist[1]) < NEGLIGIBLE:
            break
    return [wins[0], wins[1], max(0.0, 1.0 - wins[0] - wins[1])]


def _coupled(models: list[Model], phases: list[Phase]) -> list[float]:
    """The joint distribution as a matrix (rows: fighter 0's states, columns: fighter 1's)."""
    import numpy as np

    a, b = models
    grid = np.zeros((a.size, b.size))
    grid[a.start, b.start] = 1.0
    mats = []
    for m in models:
        move = np.zeros((m.size, m.size))
        for i, row in enumerate(m.moves):
            for j, q in row:
                move[i, j] += q
        mats.append((move, np.array(m.out), np.array(m.stunned, dtype=bool), np.array(m.recovered)))
    wins = [0.0, 0.0]

    def act(p: Any, slot: Slot) -> tuple[Any, float]:
        """One place: rows are the actor's states (the matrix is turned for fighter 1)."""
        x = slot.actor
        p = p if x == 0 else p.T.copy()
        _, _, stunned_x, _ = mats[x]
        move, out, stunned_y, _ = mats[1 - x]
        gone = 0.0
        if slot.attack:
            hit = np.where(stunned_y, slot.hit[1], slot.hit[0])
            rows = np.nonzero(~stunned_x & p.any(axis=1))[0]
            cols = np.nonzero(p[rows].any(axis=0))[0]
            h = p[np.ix_(rows, cols)] * hit[None, cols]
            gone = float((h @ out[cols]).sum())
            p[np.ix_(rows, cols)] -= h
            p[rows] += h @ move[cols]
        if slot.recover and models[x].layers == 2:
            stunned_rows = np.nonzero(stunned_x)[0]
            p[stunned_rows - 1] += p[stunned_rows]  # index - 1: the same STUN and BODY, not Stunned
            p[stunned_rows] = 0.0
        return (p if x == 0 else p.T.copy()), gone

    for phase in phases:
        total = np.zeros_like(grid)
        for weight, slots in phase.orders:
            p = grid.copy()
            for slot in slots:
                p, gone = act(p, slot)
                wins[slot.actor] += weight * gone
            total += weight * p
        grid = total
        if phase.post:
            moved = np.zeros_like(grid)
            rec_a, rec_b = mats[0][3], mats[1][3]
            np.add.at(moved, (rec_a[:, None], rec_b[None, :]), grid)
            grid = moved
        if grid.sum() < NEGLIGIBLE:
            break
    return [wins[0], wins[1], max(0.0, 1.0 - wins[0] - wins[1])]


# -- the hook ---------------------------------------------------------------------------------------


def duel_pair(game: G, state: S) -> tuple[list[str], list[Weapon]] | None:
    """The two fighters (in setup order) and their basic melee weapons, when this is a duel the DP models."""
    ids = list(state.fighters)
    if len(ids) != 2 or state.pending or state.suspended or state.acting is None:
        return None
    fighters = [state.fighters[i] for i in ids]
    if fighters[0].side == fighters[1].side or any(f.out or f.guard or f.split for f in fighters):
        return None
    weapons = [basic_weapon(game, f) for f in fighters]
    for x in (0, 1):
        w = weapons[x]
        if w is None or combat.target_problem(game, state, fighters[x], fighters[1 - x], w) is not None:
            return None
    return ids, [w for w in weapons if w is not None]


def duel_odds(game: G, state: S, *, coupled: bool | None = None) -> dict[str | None, float] | None:
    """{side: P(it wins), None: P(cut off at the Turn limit)} for two adjacent melee fighters trading blows
    (:class:`TradingBlowsPolicy`) from this state; None when the fight is not such a duel or leaves the
    modelled path. ``coupled`` forces the matrix DP (True) or the product one (False)."""
    if state.over:
        everyone = {f.side for f in state.fighters.values()}
        return {**{s: float(s == state.winner) for s in everyone}, None: float(state.winner is None)}
    pair = duel_pair(game, state)
    if pair is None:
        return None
    ids, weapons = pair
    try:
        phases = schedule(game, state, ids, weapons)
        models = [Model(game, state.fighters[ids[x]], weapons[1 - x]) for x in (0, 1)]
        joint = game.options.hero_stunned or any(len(p.orders) > 1 for p in phases)
        if coupled is not None:
            joint = coupled or joint
        if joint:
            if models[0].size * models[1].size > MAX_JOINT or not _has_numpy():
                return None
            won = _coupled(models, phases)
        else:
            won = _independent(models, phases)
    except NotModelled:
        return None
    sides = [state.fighters[i].side for i in ids]
    return {sides[0]: won[0], sides[1]: won[1], None: won[2]}


def _has_numpy() -> bool:
    try:
        import numpy  # noqa: F401
    except ImportError:  # pragma: no cover - numpy comes with the sim extras
        return False
    return True


def simulate(fight: Fight, fights: int, seed: int = 0) -> dict[str | None, int]:
    """Play ``fights`` copies of ``fight`` to the end with :class:`TradingBlowsPolicy` on fresh dice: how
    often each side won (None: draws). For checking :func:`duel_odds`."""
    from tactica.ai import run_fight
    from tactica.dice import SeededDice

    rng = random.Random(seed)
    policy = TradingBlowsPolicy(seed)
    state = fight.state
    assert isinstance(state, Phase3d6State)
    sides = {fight.side_of(a) for a in state.fighters}
    counts: dict[str | None, int] = {s: 0 for s in sides} | {None: 0}
    for _ in range(fights):
        copy_ = fight.clone(dice=SeededDice(rng.getrandbits(32)))
        outcome = run_fight(copy_, {s: policy for s in sides})
        counts[outcome.winner if outcome else None] += 1
    return counts


def standard_errors(exact: Mapping[str | None, float], counts: Mapping[str | None, int]) -> dict[Any, float]:
    """How many standard errors each sampled rate lies from the exact probability."""
    n = sum(counts.values())
    out = {}
    for key, p in exact.items():
        se = math.sqrt(max(p * (1 - p), 1e-12) / n)
        out[key] = (counts.get(key, 0) / n - p) / se
    return out
