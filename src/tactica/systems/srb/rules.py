"""The Star Rangers rule system: a combatant's turn of standard, move, free and full-round actions.

Verbs on one's turn: ``move @X,Y``, ``stand``, ``attack T [with W]`` (standard; a full-round power is
full-round), ``heavy-melee T [with W]`` (full round), ``draw W``, ``store W`` (move, free with Quick Draw),
``drop W`` (no action), ``pickup ITEM`` (move), ``reload W [+single|+close]`` (one reload step; its cost
depends on the step), ``load G with W`` (a loader's step on an ally's belt-fed gun), ``refill W`` (a step of
refilling a magazine), ``clear W`` (a jammed, safe or switched-off weapon), ``concentrate``, ``perceive``
(move actions), ``end``. There are no off-turn decisions.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tactica.engine.action import Action
from tactica.engine.events import Event, FightStarted
from tactica.engine.system import Context, Harm, Resolution, RuleSystem
from tactica.systems.srb import (
    attacks,
    combat,
    durations,
    economy,
    equipment,
    movement,
    odds,
    reloads,
    tally,
    turns,
)
from tactica.systems.srb.economy import Cost
from tactica.systems.srb.events import SrbActionPaid
from tactica.systems.srb.setup import UNARMED, SrbGame, build_game
from tactica.systems.srb.sheet import Weapon
from tactica.systems.srb.state import Fighter, Gear, SrbState

G = SrbGame
S = SrbState
Candidates = Callable[[G, S, Fighter], list[tuple[Action, Cost]]]
Explain = Callable[[G, S, Fighter, Action], str]
Resolve = Callable[[G, S, Fighter, Action, Context], None]
CostOf = Callable[[G, S, Fighter, Action], Cost]


@dataclass(frozen=True, slots=True)
class Verb:
    """One kind of action: its listed instances with their costs, why another is refused, its cost, and how
    it resolves. ``counts``: it is an action for durations counted in actions (B6)."""

    name: str
    candidates: Candidates
    explain: Explain
    cost: CostOf
    resolve: Resolve
    counts: bool = True


def _affordable(
    game: G, state: S, f: Fighter, listed: list[tuple[Action, Cost]]
) -> list[tuple[Action, Cost]]:
    return [(a, c) for a, c in listed if economy.can_pay(game, state, f, c)]


def _refused(game: G, state: S, f: Fighter, cost: Cost, what: str, problem: str | None) -> str:
    """The rule problem, else the budget's, else a generic sentence."""
    return problem or economy.refusal(game, state, f, cost, what) or f"'{what}' is not possible now"


# -- move, stand ------------------------------------------------------------------------------------------


def _move_candidates(game: G, state: S, f: Fighter) -> list[tuple[Action, Cost]]:
    if f.prone or not economy.can_pay(game, state, f, "move"):
        return []
    return [(a, "move") for a in movement.move_candidates(game, state, f)]


def _move_explain(game: G, state: S, f: Fighter, action: Action) -> str:
    problem = None
    if f.prone:
        problem = f"Star Rangers 22: {f.id} is prone (it fell): stand up first (a move action)"
    elif action.at is None:
        problem = f"Star Rangers 1: name the square: {f.id} move @X,Y"
    elif action.at not in movement.destinations(game, state, f):
        far = movement.speed(game, f)
        problem = (
            f"Star Rangers 1: {f.id} cannot reach @{action.at[0]},{action.at[1]} with one move action"
            f" ({far} squares of 1.5 m; standing enemies block, allies' squares are crossed but not ended in)"
        )
    return _refused(game, state, f, "move", "move", problem)


def _route_refusal(game: G, state: S, f: Fighter, action: Action) -> str | None:
    """Issue 14 point 9: a move along waypoints, judged by the rules of any move (never listed)."""
    if f.prone:
        return f"Star Rangers 22: {f.id} is prone (it fell): stand up first (a move action)"
    if action.flags:
        return f"a move takes no flags: {f.id} move @X,Y @X,Y ..."
    found = movement.route_path(game, state, f, action)
    return economy.refusal(game, state, f, "move", "move") or (found if isinstance(found, str) else None)


def _move(game: G, state: S, f: Fighter, action: Action, ctx: Context) -> None:
    movement.walk(game, state, f, action, ctx)


def _stand_candidates(game: G, state: S, f: Fighter) -> list[tuple[Action, Cost]]:
    return _affordable(game, state, f, [(Action(f.id, "stand"), "move")] if f.prone else [])


def _stand_explain(game: G, state: S, f: Fighter, action: Action) -> str:
    problem = None if f.prone else f"Star Rangers 22: {f.id} is not prone"
    return _refused(game, state, f, "move", "standing up", problem)


# -- attacks ----------------------------------------------------------------------------------------------


def _attack_cost(w: Weapon) -> Cost:
    """Rule 14: an attack is a standard action; powers that say so are full-round actions (rule 13)."""
    return "full" if w.category == "power" and w.action == "full" else "standard"


def _attack_list(game: G, state: S, f: Fighter, heavy: bool) -> list[tuple[Action, Cost]]:
    out: list[tuple[Action, Cost]] = []
    verb = "heavy-melee" if heavy else "attack"
    for w in combat.attack_options(game, f):
        if heavy and (w.ranged or w.category == "power"):
            continue
        cost: Cost = "full" if heavy else _attack_cost(w)
        if not economy.can_pay(game, state, f, cost) or combat.weapon_problem(game, state, f, w) is not None:
            continue
        for t in state.fighters.values():
            if t.side != f.side and t.up and attacks.target_problem(game, state, f, w, t) is None:
                out.append((Action(f.id, verb, t.id, using=w.name), cost))
    return out


def _attack_candidates(game: G, state: S, f: Fighter) -> list[tuple[Action, Cost]]:
    return _attack_list(game, state, f, heavy=False)


def _heavy_candidates(game: G, state: S, f: Fighter) -> list[tuple[Action, Cost]]:
    return _attack_list(game, state, f, heavy=True)


def _attack_explain(game: G, state: S, f: Fighter, action: Action) -> str:
    heavy = action.verb == "heavy-melee"
    options = combat.attack_options(game, f)
    names = [w.name for w in options if not heavy or not (w.ranged or w.category == "power")]
    w = game.weapons.get(action.using or "")
    problem: str | None = None
    cost: Cost = "full" if heavy else "standard"
    if w is None or w.name not in names:
        if heavy and w is not None and (w.ranged or w.category == "power"):
            problem = f"Star Rangers 13: Heavy melee is a melee attack; the {w.name} is not a melee weapon"
        else:
            problem = f"{f.id} can attack with: {', '.join(names)} (with ITEM)"
    else:
        cost = "full" if heavy else _attack_cost(w)
        target = state.fighters.get(action.target or "")
        if action.flags:
            problem = f"{action.verb} takes no flags"
        elif target is None:
            problem = f"name the target: {f.id} {action.verb} TARGET with {w.name}"
        else:
            problem = combat.weapon_problem(game, state, f, w) or attacks.target_problem(
                game, state, f, w, target
            )
    what = "Heavy melee" if heavy else f"an attack with the {action.using}"
    return _refused(game, state, f, cost, what, problem)


def _attack_cost_of(game: G, state: S, f: Fighter, action: Action) -> Cost:
    if action.verb == "heavy-melee":
        return "full"
    return _attack_cost(game.weapons[action.using or ""])


def _attack(game: G, state: S, f: Fighter, action: Action, ctx: Context) -> None:
    target = state.fighters[action.target or ""]
    combat.attack(
        game, state, f, game.weapons[action.using or ""], target, ctx, heavy=action.verb == "heavy-melee"
    )


# -- hands and items --------------------------------------------------------------------------------------


def _draw_candidates(game: G, state: S, f: Fighter) -> list[tuple[Action, Cost]]:
    cost = equipment.quick(game, f)
    return _affordable(game, state, f, [(a, cost) for a in equipment.draw_candidates(game, f)])


def _draw_explain(game: G, state: S, f: Fighter, action: Action) -> str:
    problem = equipment.draw_problem(game, f, action)
    return _refused(game, state, f, equipment.quick(game, f), "drawing a weapon", problem)


def _store_candidates(game: G, state: S, f: Fighter) -> list[tuple[Action, Cost]]:
    if f.hand is None:
        return []
    return _affordable(game, state, f, [(Action(f.id, "store", f.hand), equipment.quick(game, f))])


def _store_explain(game: G, state: S, f: Fighter, action: Action) -> str:
    problem = equipment.hand_problem(f, action, "store")
    return _refused(game, state, f, equipment.quick(game, f), "storing an item", problem)


def _drop_candidates(game: G, state: S, f: Fighter) -> list[tuple[Action, Cost]]:
    return [(Action(f.id, "drop", f.hand), "none")] if f.hand is not None else []


def _drop_explain(game: G, state: S, f: Fighter, action: Action) -> str:
    return equipment.hand_problem(f, action, "drop") or "drop takes only the item's name"


def _pickup_candidates(game: G, state: S, f: Fighter) -> list[tuple[Action, Cost]]:
    if not state.ground:
        return []
    return _affordable(game, state, f, [(a, "move") for a in equipment.pickup_candidates(game, state, f)])


def _pickup_explain(game: G, state: S, f: Fighter, action: Action) -> str:
    return _refused(game, state, f, "move", "picking up an item", equipment.pickup_problem(state, f, action))


def _clear_candidates(game: G, state: S, f: Fighter) -> list[tuple[Action, Cost]]:
    return _affordable(game, state, f, [(a, "move") for a in equipment.clear_candidates(f)])


def _clear_explain(game: G, state: S, f: Fighter, action: Action) -> str:
    return _refused(game, state, f, "move", "making the weapon ready", equipment.clear_problem(f, action))


def _concentrate_candidates(game: G, state: S, f: Fighter) -> list[tuple[Action, Cost]]:
    return _affordable(game, state, f, [(Action(f.id, "concentrate"), "move")] if f.concentrate else [])


def _concentrate_explain(game: G, state: S, f: Fighter, action: Action) -> str:
    problem = None if f.concentrate else f"Star Rangers 22: {f.id} has no lost concentration to regain"
    return _refused(game, state, f, "move", "concentrating", problem)


def _perceive_candidates(game: G, state: S, f: Fighter) -> list[tuple[Action, Cost]]:
    return _affordable(game, state, f, [(Action(f.id, "perceive"), "move")])


def _perceive_explain(game: G, state: S, f: Fighter, action: Action) -> str:
    problem = "Star Rangers 15: perceive takes nothing else" if action != Action(f.id, "perceive") else None
    return _refused(game, state, f, "move", "a Perception roll", problem)


# -- reloads ----------------------------------------------------------------------------------------------


def _reload_candidates(game: G, state: S, f: Fighter) -> list[tuple[Action, Cost]]:
    return _affordable(game, state, f, reloads.reload_candidates(game, f))


def _reload_explain(game: G, state: S, f: Fighter, action: Action) -> str:
    problem = reloads.reload_problem(game, f, action.target, action)
    cost = "move" if problem else reloads.reload_cost(game, f, action)
    return _refused(game, state, f, cost, "this reload step", problem)


def _load_candidates(game: G, state: S, f: Fighter) -> list[tuple[Action, Cost]]:
    if not economy.can_pay(game, state, f, "move"):
        return []
    return [(a, "move") for a in reloads.load_candidates(game, state, f)]


def _load_explain(game: G, state: S, f: Fighter, action: Action) -> str:
    return _refused(game, state, f, "move", "a loader's step", reloads.load_problem(game, state, f, action))


def _refill_candidates(game: G, state: S, f: Fighter) -> list[tuple[Action, Cost]]:
    return _affordable(game, state, f, reloads.refill_candidates(game, f))


def _refill_explain(game: G, state: S, f: Fighter, action: Action) -> str:
    problem = reloads.refill_problem(game, f, action)
    cost = "move" if problem else reloads.refill_cost(game, f, action)
    return _refused(game, state, f, cost, "this refill step", problem)


def _fixed(cost: Cost) -> CostOf:
    def of(game: G, state: S, f: Fighter, action: Action) -> Cost:
        return cost

    return of


def _quick_cost(game: G, state: S, f: Fighter, action: Action) -> Cost:
    return equipment.quick(game, f)


def _end_candidates(game: G, state: S, f: Fighter) -> list[tuple[Action, Cost]]:
    return [(Action(f.id, "end"), "none")]


def _end_explain(game: G, state: S, f: Fighter, action: Action) -> str:
    return f"end takes nothing else: {f.id} end"


def _stand(game: G, state: S, f: Fighter, action: Action, ctx: Context) -> None:
    movement.stand(f, ctx)


def _draw(game: G, state: S, f: Fighter, action: Action, ctx: Context) -> None:
    equipment.draw(f, action, ctx)


def _store(game: G, state: S, f: Fighter, action: Action, ctx: Context) -> None:
    equipment.store(f, ctx)


def _drop(game: G, state: S, f: Fighter, action: Action, ctx: Context) -> None:
    equipment.drop(state, f, ctx)


def _pickup(game: G, state: S, f: Fighter, action: Action, ctx: Context) -> None:
    equipment.pickup(state, f, action, ctx)


def _clear(game: G, state: S, f: Fighter, action: Action, ctx: Context) -> None:
    equipment.clear(f, ctx)


def _concentrate(game: G, state: S, f: Fighter, action: Action, ctx: Context) -> None:
    equipment.concentrate(f, ctx)


def _perceive(game: G, state: S, f: Fighter, action: Action, ctx: Context) -> None:
    equipment.perceive(game, f, ctx)


def _end(game: G, state: S, f: Fighter, action: Action, ctx: Context) -> None:
    turns.end_turn(state, ctx)


def _reload_cost(game: G, state: S, f: Fighter, action: Action) -> Cost:
    return reloads.reload_cost(game, f, action)


def _refill_cost(game: G, state: S, f: Fighter, action: Action) -> Cost:
    return reloads.refill_cost(game, f, action)


MOVE = _fixed("move")
VERBS: dict[str, Verb] = {
    v.name: v
    for v in (
        Verb("move", _move_candidates, _move_explain, MOVE, _move),
        Verb("stand", _stand_candidates, _stand_explain, MOVE, _stand),
        Verb("attack", _attack_candidates, _attack_explain, _attack_cost_of, _attack),
        Verb("heavy-melee", _heavy_candidates, _attack_explain, _attack_cost_of, _attack),
        Verb("draw", _draw_candidates, _draw_explain, _quick_cost, _draw),
        Verb("store", _store_candidates, _store_explain, _quick_cost, _store),
        Verb("drop", _drop_candidates, _drop_explain, _fixed("none"), _drop, counts=False),
        Verb("pickup", _pickup_candidates, _pickup_explain, MOVE, _pickup),
        Verb("reload", _reload_candidates, _reload_explain, _reload_cost, reloads.reload),
        Verb("load", _load_candidates, _load_explain, MOVE, reloads.load),
        Verb("refill", _refill_candidates, _refill_explain, _refill_cost, reloads.refill),
        Verb("clear", _clear_candidates, _clear_explain, MOVE, _clear),
        Verb("concentrate", _concentrate_candidates, _concentrate_explain, MOVE, _concentrate),
        Verb("perceive", _perceive_candidates, _perceive_explain, MOVE, _perceive),
        Verb("end", _end_candidates, _end_explain, _fixed("none"), _end, counts=False),
    )
}
TURN_VERBS = tuple(VERBS)
#: Verbs that may still be taken when neither a standard nor a move action is left: those a free action
#: pays (Quick Draw steps) and those that cost no action (rule 12: dropping a held item).
LEFTOVER_VERBS = ("draw", "store", "reload", "refill", "drop")


def _fighter(game: G, cid: str) -> Fighter:
    spec = game.start[cid]
    sheet = game.sheet(cid)
    c = spec.spec
    gear: dict[str, Gear] = {}
    for name in sheet.weapons:
        w = game.weapons[name]
        gear[name] = Gear(name, loaded=c.loaded.get(name, w.capacity) if w.loaded_feed else 0)
    held = [n for n in sheet.weapons if game.weapons[n].in_hand]
    hand = (c.drawn or None) if c.drawn is not None else (held[0] if held else None)
    mags: dict[str, list[int]] = {}
    for name, spare in sheet.magazines.items():
        mags[name] = list(spare) if isinstance(spare, list) else [game.weapons[name].capacity] * spare
    return Fighter(
        cid,
        spec.side,
        spec.at,
        c.hp_now if c.hp_now is not None else sheet.hp,
        aware=c.aware,
        prone=c.prone,
        tired=c.tired,
        hand=hand,
        gear=gear,
        mags=mags,
        rounds=dict(sheet.rounds),
        resources=dict(sheet.resources),
    )


class StarRangers(RuleSystem[SrbGame, SrbState]):
    """Star Rangers (seed 001: the srb tactical rules, a d20 Modern-style game on 1.5 m squares)."""

    id = "srb"
    name = "Star Rangers"
    version = "1.0 (seed 001: srb tactical rules, 2020-07-23)"
    state_type = SrbState
    harm_unit = "hit points"
    outcome_classes = odds.OUTCOMES

    def new_game(self, setup: Mapping[str, Any]) -> G:
        return build_game(self, setup)

    def new_state(self, game: G) -> S:
        state = SrbState()
        for cid in game.start:
            f = _fighter(game, cid)
            if f.hp <= 0:
                f.status = "dead" if f.hp <= -10 else "down"
            state.fighters[cid] = f
        state.ground = [copy.deepcopy(item) for item in game.ground]
        return state

    def side_of(self, game: G, actor: str) -> str:
        return game.start[actor].side

    def start(self, game: G, state: S, ctx: Context) -> None:
        ctx.emit(FightStarted(self.id, tuple(state.fighters)))
        turns.start_fight(game, state, ctx)
        turns.settle(game, state, ctx)

    # -- what is legal ----------------------------------------------------------------------------

    def derived_conditions(self, game: G, state: S, fighter: str) -> dict[str, Any]:
        """Up: standing in the fight, not down or dead (``vex.up``)."""
        return {"up": state.fighters[fighter].up}

    def legal_actions(self, game: G, state: S) -> list[Action]:
        if state.over or state.acting is None:
            return []
        return self._turn_actions(game, state, state.fighters[state.acting])

    def legal_actions_of(
        self, game: G, state: S, actor: str, verbs: Collection[str] | None = None
    ) -> list[Action]:
        if state.over or state.acting != actor:
            return []
        return self._turn_actions(game, state, state.fighters[actor], verbs)

    def deciding(self, game: G, state: S) -> list[str]:
        if state.over or state.acting is None:
            return []
        return [state.acting]

    def _turn_actions(
        self, game: G, state: S, f: Fighter, verbs: Collection[str] | None = None
    ) -> list[Action]:
        out: list[Action] = []
        for name, verb in VERBS.items():
            if verbs is None or name in verbs:
                out += [a for a, _cost in verb.candidates(game, state, f)]
        return out

    def normalize(self, game: G, state: S, action: Action) -> Action:
        """Short forms: an attack or Heavy melee without ``with`` uses the weapon in hand (else a natural
        weapon, else an unarmed strike); ``reload``, ``store``, ``drop`` and ``clear`` without a name mean
        the weapon in hand."""
        f = state.fighters.get(action.actor)
        if f is None:
            return action
        if action.verb in ("attack", "heavy-melee") and action.using is None:
            natural = [n for n in f.gear if game.weapons[n].category == "natural"]
            weapon = f.hand or (natural[0] if natural else UNARMED)
            return Action(
                action.actor, action.verb, action.target, action.at, weapon, action.flags, action.to
            )
        if action.verb in ("reload", "store", "drop", "clear") and action.target is None and f.hand:
            return Action(action.actor, action.verb, f.hand, action.at, action.using, action.flags, action.to)
        return action

    # -- why not --------------------------------------------------------------------------------

    def takes_route(self, game: G, action: Action) -> bool:
        """Issue 14 point 9: a move may follow waypoints."""
        return action.verb == "move"

    def why_illegal(self, game: G, state: S, action: Action) -> str | None:
        f = state.fighters.get(action.actor)
        if f is None:
            return f"no combatant '{action.actor}' (combatants: {', '.join(state.fighters)})"
        if state.over:
            return "the fight is over"
        if state.acting != f.id:
            if state.order.round == 0 and not f.aware:
                return f"Star Rangers 4: {f.id} was unaware and does not act in the surprise round"
            return f"it is {state.acting or 'nobody'}'s turn, not {f.id}'s (Star Rangers 6: initiative order)"
        verb = VERBS.get(action.verb)
        if verb is None:
            return f"unknown action '{action.verb}'; Star Rangers actions: {', '.join(TURN_VERBS)}"
        if action.via:
            return _route_refusal(game, state, f, action)
        if action in self.legal_actions_of(game, state, f.id, (action.verb,)):
            return None
        return verb.explain(game, state, f, action)

    # -- resolving --------------------------------------------------------------------------------

    def resolve(self, game: G, state: S, action: Action, ctx: Context) -> None:
        f = state.fighters[action.actor]
        verb = VERBS[action.verb]
        cost = verb.cost(game, state, f, action)
        if cost != "none":
            paid = economy.pay(game, state, f, cost)
            ctx.emit(SrbActionPaid(f.id, action.verb, cost, paid))
        verb.resolve(game, state, f, action, ctx)
        if verb.counts:
            f.actions += 1
            durations.after_action(state, f, ctx)
        if state.acting == f.id and not self._more(game, state, f):
            turns.end_turn(state, ctx)
        turns.settle(game, state, ctx)

    def _more(self, game: G, state: S, f: Fighter) -> bool:
        """Whether anything but ending the turn is left, no-action uses included (rule 12, issue 14
        point 2): the turn ends by itself otherwise."""
        if not f.up or len({x.side for x in state.fighters.values() if x.up}) <= 1:
            return False
        if economy.can_pay(game, state, f, "move") or economy.can_pay(game, state, f, "standard"):
            return True
        return bool(self._turn_actions(game, state, f, LEFTOVER_VERBS))

    # -- answers for designers (odds.py, tally.py) -------------------------------------------------

    def harm_done(self, game: G, event: Event) -> Sequence[Harm]:
        return tally.harm_done(game, event)

    def out_of_action(self, game: G, state: S) -> Collection[str]:
        return tally.out_of_action(game, state)

    def resolution(self, game: G, action: Action, events: Sequence[Event]) -> Resolution | None:
        return odds.resolution(game, action, events)

    def exact_odds(
        self, game: G, state: S, action: Action, then: Sequence[Action]
    ) -> Mapping[Resolution, Fraction] | None:
        return odds.exact_odds(game, state, action, then)
