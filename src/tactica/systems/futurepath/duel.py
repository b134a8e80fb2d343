"""Exact fight odds for two melee fighters trading blows (issue 6): who wins, by dynamic programming.

The fight: exactly two combatants on two sides, both able to act, adjacent, each with a melee weapon in the
main hand that can reach the other. The policy (:class:`TradingBlowsPolicy`): on its turn each attacks the
other with the weapon in hand, as the action economy allows (rules 4-6, 30-33): a Full Attack when it has
Extra Attack or Extra Damage, else a Standard Attack; then a Bonus Attack with the off-hand weapon when the
rules allow one; then the turn ends. Nobody moves, draws, stabilizes or does anything else.

Why a small DP suffices (the assumptions, each checked or following from the rules as implemented):

* The fight ends as soon as one side has nobody active (the engine's end check): the first fighter to drop
  to 0 HP or below (dying, rule 39; or dead, A13) loses at once, before any bleeding or stabilizing could
  happen. So only "still above 0 HP" matters, and a turn's damage is the sum of its strikes' damage.
* What a turn deals does not depend on either fighter's hit points (FuturePath has no wound penalties), and
  the attacks a turn holds do not depend on the dice (nobody drops before the fight ends): so each fighter's
  hit points follow a Markov chain of their own, ``hp -> hp - damage of one enemy turn``, and the two chains
  are independent (different dice). The turn plan is found by playing the policy on a copy of the state
  through the rules' own verbs (with the victim's hit points out of reach), and each strike's damage comes
  from :mod:`~tactica.systems.futurepath.odds` (the same model as the exact odds of one attack).
* Turns follow the current state's initiative order (slots, round, the turn in progress with what its
  actor has already spent) until the round limit (option ``max_rounds``): a fight still going when round
  ``max_rounds`` ends is a draw.

With ``S_X(k)`` = P(fighter X is still up after the first k enemy turns) and ``D_X(k) = S_X(k-1) - S_X(k)``,
the attacker of turn j (its defender's k-th beating, after its own m-th) wins there with probability
``D_defender(k) * S_attacker(m)``; the draw is what is left.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping, Sequence

from tactica.dice import SeededDice
from tactica.dice.odds import require_steps
from tactica.engine.action import Action
from tactica.engine.budget import Budget
from tactica.engine.fight import Fight
from tactica.engine.system import Context
from tactica.systems.futurepath.attacks import Swing
from tactica.systems.futurepath.odds import ONE, PURPOSES, States, strike_model, strike_odds
from tactica.systems.futurepath.setup import FuturePathGame
from tactica.systems.futurepath.state import Fighter, FuturePathState

G = FuturePathGame
S = FuturePathState
#: The verbs of the policy, best first; then it ends the turn.
BLOWS = ("full-attack", "attack", "bonus-attack")
#: Hit points given to the victim when a turn plan is played out on a copy (nobody may drop there).
OUT_OF_REACH = 10**9


def opponent(state: S, me: Fighter) -> Fighter | None:
    """The enemy to trade blows with: the first enemy able to act (else the first one not dead)."""
    foes = [f for f in state.fighters.values() if f.side != me.side and f.status != "dead"]
    return next((f for f in foes if f.is_up), foes[0] if foes else None)


def blow(game: G, state: S, actor: str) -> Action | None:
    """The policy's next action for ``actor`` in its turn: the first legal of a Full Attack or an Attack with
    the main-hand weapon, or a Bonus Attack with the off-hand weapon, on the opponent; None: end the turn."""
    me = state.fighters[actor]
    foe = opponent(state, me)
    if foe is None:
        return None
    for verb in BLOWS:
        weapon = me.off_hand if verb == "bonus-attack" else me.main_hand
        if weapon is None:
            continue
        action = Action(actor, verb, foe.id, using=weapon)
        if game.system.why_illegal(game, state, action) is None:
            return action
    return None


class TradingBlowsPolicy:
    """Each turn, attack the other with the weapon in hand (Full Attack or Attack, then the Bonus Attack),
    never move or do anything else; a pending decision is declined (``pass``/``hold``). Deterministic;
    ``seed`` is kept for the policy interface."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, fight: Fight) -> Action:
        """The action for the first deciding actor, one of ``fight.legal_actions()``."""
        actor = fight.deciding()[0]
        state = fight.state
        assert isinstance(state, FuturePathState) and isinstance(fight.game, FuturePathGame)
        if state.pending:
            mine = fight.legal_actions_of(actor)
            return next((a for a in mine if a.verb in ("pass", "hold")), mine[0])
        # blow() only returns an action the rules accept now; 'end' is always legal in one's turn
        return blow(fight.game, state, actor) or Action(actor, "end")


# -- the turn plan ---------------------------------------------------------------------------------


def turn_plan(game: G, state: S, actor: str, *, fresh: bool) -> list[Action] | None:
    """The attacks ``actor`` makes in its turn under the policy: the rest of the turn in progress, or
    (``fresh``) a whole new turn. Played through the rules on a copy where the victim cannot drop."""
    sim = copy.deepcopy(state)
    me = sim.fighters[actor]
    foe = opponent(sim, me)
    if foe is None:
        return None
    foe.hp = foe.con = OUT_OF_REACH
    if fresh:
        sim.order.index = next(i for i, s in enumerate(sim.order.slots) if actor in s.actors)
        me.budget, me.frees, me.moved, me.full_attack_target = Budget(), 0, 0, None
        sim.acting = [actor]
    ctx = Context(SeededDice(0), [])
    slot, plan = sim.order.index, []
    while actor in sim.acting and sim.order.index == slot and not sim.pending and not sim.over:
        action = blow(game, sim, actor)
        if action is None:
            break
        plan.append(action)
        game.system.resolve(game, sim, action, ctx)
        if len(plan) > 16:  # pragma: no cover - guards against a rules change that never ends a turn
            return None
    return None if sim.pending else plan


def plan_damage(game: G, state: S, plan: Sequence[Action]) -> dict[int, float]:
    """The distribution of the total damage of a turn plan (every strike, Extra Attacks and Extra Damage),
    exact, then as floats for the dynamic programme."""
    states: States = {(-1, 0): ONE}
    for action in plan:
        assert action.target is not None and action.using is not None
        attacker, target = state.fighters[action.actor], state.fighters[action.target]
        weapon = game.weapons[action.using]
        sheet = game.sheet(attacker.id)
        swing = Swing(weapon, off_hand=action.verb == "bonus-attack", purpose=PURPOSES[action.verb])
        full = action.verb == "full-attack"
        model = strike_model(game, state, attacker, target, swing, sheet.extra_damage if full else 0)
        for _ in range(1 + sheet.extra_attacks if full else 1):
            states = strike_odds(model, states, math.inf, game.options.critical_check_multiplier)
    out: dict[int, float] = {}
    for (_, harm), p in states.items():
        out[harm] = out.get(harm, 0.0) + float(p)
    return out


def survival(hp: int, beatings: Sequence[dict[int, float]]) -> list[float]:
    """``S(k)``: P(still above 0 HP after the first k beatings), k = 0 .. len(beatings)."""
    alive: dict[int, float] = {hp: 1.0}
    out = [1.0]
    for damage in beatings:
        nxt: dict[int, float] = {}
        for h, p in alive.items():
            for amount, q in damage.items():
                if h - amount > 0:
                    nxt[h - amount] = nxt.get(h - amount, 0.0) + p * q
        alive = nxt
        out.append(sum(alive.values()))
    return out


def survival_steps(hp: int, beatings: Sequence[dict[int, float]]) -> int:
    """An estimate of the steps of :func:`survival`: each beating meets every hit point total still
    possible (at most ``hp``, at most the beatings so far times the widest damage) with each amount."""
    width = max((len(damage) for damage in beatings), default=0)
    return sum(min(hp, k * width + 1) * width for k in range(len(beatings)))


# -- the hook ----------------------------------------------------------------------------------------


def duel_odds(game: G, state: S) -> Mapping[str | None, float] | None:
    """{side: P(win), None: P(cut off at the round limit)} for two adjacent melee fighters trading blows from
    the current state; None when the fight is not such a duel (see the module docstring)."""
    if state.over:
        return {state.winner: 1.0}
    fighters = list(state.fighters.values())
    if len(fighters) != 2 or state.pending or state.suspended or state.conditions:
        return None
    a, b = fighters
    if a.side == b.side or not (a.is_up and b.is_up) or game.board.distance(a.pos, b.pos) > 1:
        return None
    current = state.order.current
    if len(state.order.slots) != 2 or state.acting != [f.id for f in fighters if f.id in current.actors]:
        return None
    plans = {f.id: turn_plan(game, state, f.id, fresh=True) for f in fighters}
    partial = turn_plan(game, state, state.acting[0], fresh=False)
    if partial is None or any(not plan for plan in plans.values()):
        return None
    chosen = [x for plan in (*plans.values(), partial) for x in plan or ()]
    if any(not game.weapons[x.using or ""].is_melee for x in chosen):
        return None
    fresh = {i: plan_damage(game, state, plan or []) for i, plan in plans.items()}
    return _interleave(game, state, fresh, plan_damage(game, state, partial))


def _interleave(
    game: G, state: S, fresh: dict[str, dict[int, float]], partial: dict[int, float]
) -> dict[str | None, float]:
    """Walk the turns left until the round limit; P(each side wins), and the draw."""
    order = state.order
    attackers = [s.actors[0] for s in order.slots]
    turns = [attackers[order.index]]
    turns += attackers[order.index + 1 :]
    turns += attackers * (game.options.max_rounds - order.round)
    ids = list(state.fighters)
    other = {ids[0]: ids[1], ids[1]: ids[0]}
    beatings: dict[str, list[dict[int, float]]] = {i: [] for i in ids}
    for j, attacker in enumerate(turns):
        beatings[other[attacker]].append(partial if j == 0 else fresh[attacker])
    for i in ids:
        require_steps(survival_steps(state.fighters[i].hp, beatings[i]), f"{i}'s hit points in the duel")
    alive = {i: survival(state.fighters[i].hp, beatings[i]) for i in ids}
    wins: dict[str | None, float] = {state.fighters[i].side: 0.0 for i in ids}
    taken = dict.fromkeys(ids, 0)
    for attacker in turns:
        victim = other[attacker]
        k, m = taken[victim] + 1, taken[attacker]
        wins[state.fighters[attacker].side] += (alive[victim][k - 1] - alive[victim][k]) * alive[attacker][m]
        taken[victim] = k
    out = wins
    out[None] = alive[ids[0]][-1] * alive[ids[1]][-1]
    return out
