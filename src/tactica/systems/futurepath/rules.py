"""The FuturePath rule system: gathers the verb tables and runs them through the engine's hooks."""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection, Mapping, Sequence
from fractions import Fraction
from typing import Any

from tactica.engine.action import Action
from tactica.engine.events import Event, FightStarted
from tactica.engine.interrupts import Suspended
from tactica.engine.system import Context, Harm, Resolution, RuleSystem
from tactica.systems.futurepath import (
    budget,
    care,
    doors,
    duel,
    equipment,
    fighting,
    grenades,
    ground,
    hazards,
    movement,
    odds,
    readiness,
    tally,
    techniques,
    turns,
)
from tactica.systems.futurepath.events import ActionLost
from tactica.systems.futurepath.setup import FuturePathGame, Placement, build_game
from tactica.systems.futurepath.state import Fighter, FuturePathState, ObjectState, TrapState
from tactica.systems.futurepath.verbs import Verb, possible_costs

G = FuturePathGame
S = FuturePathState


def _fighter(game: G, spec: Placement) -> Fighter:
    """A combatant's state at the start: full HP unless the scenario says otherwise (dying at 0 or below)."""
    sheet = game.sheet(spec.id)
    ammo = {w: game.weapons[w].ammo or 0 for w in spec.weapons if game.weapons[w].ammo is not None}
    hp = spec.hp_now if spec.hp_now is not None else sheet.hp
    fighter = Fighter(
        spec.id,
        spec.side,
        spec.at,
        hp,
        sheet.con,
        posture=spec.posture,
        status="active" if hp > 0 else "dying",
        hands=list(spec.drawn),
        carried=list(spec.weapons),
        ammo=ammo,
    )
    if game.options.instant_death_below_negative_con and hp < -sheet.con:
        fighter.status = "dead"
    return fighter


#: Rules modules. Each has ``VERBS`` and may have ``ON_EXPIRE`` (condition name -> handler), ``STEP_HOOKS``
#: (run after each step of a move), ``TURN_START_HOOKS`` (run for each member at its team's turn start).
RULE_MODULES: list[Any] = [
    movement,
    fighting,
    equipment,
    grenades,
    ground,
    hazards,
    doors,
    care,
    readiness,
    techniques,
]
#: Listing plans :meth:`FuturePath._turn_plan` remembers (callers ask for a few sets of verbs; budgets take
#: a few shapes).
PLANS = 1024
#: Hooks run when a turn action has been declared and paid for, before it resolves (rule 41: readied
#: actions). A hook that pushes decisions suspends the action until they are made (``RESUME["action"]``).
DECLARE_HOOKS: list[Callable[[G, S, Action, Context], None]] = []


def verb_table() -> dict[str, Verb]:
    """Every verb of every rules module, by name."""
    return {v.name: v for module in RULE_MODULES for v in module.VERBS}


def wire_hooks() -> None:
    """Connect the modules' hooks to the turn flow and to movement (idempotent)."""
    turns.RESUME["move"] = movement.resume_move
    for module in RULE_MODULES:
        turns.ON_EXPIRE.update(getattr(module, "ON_EXPIRE", {}))
        turns.RESUME.update(getattr(module, "RESUME", {}))
        for hook in getattr(module, "DECLARE_HOOKS", []):
            if hook not in DECLARE_HOOKS:
                DECLARE_HOOKS.append(hook)
        for hook in getattr(module, "STEP_HOOKS", []):
            if hook not in movement.STEP_HOOKS:
                movement.STEP_HOOKS.append(hook)
        for hook in getattr(module, "TURN_START_HOOKS", []):
            if hook not in turns.TURN_START_HOOKS:
                turns.TURN_START_HOOKS.append(hook)


class FuturePath(RuleSystem[FuturePathGame, FuturePathState]):
    """FuturePath (seed 000, 'Complete Combat Actions')."""

    id = "futurepath"
    name = "FuturePath"
    version = "1.0 (seed 000: Complete Combat Actions)"
    state_type = FuturePathState
    harm_unit = "hit points"
    outcome_classes = odds.OUTCOME_CLASSES

    def __init__(self) -> None:
        self.verbs = verb_table()
        self.turn_verbs = [v for v in self.verbs.values() if v.answers is None]
        self._turn_costs = [(v, possible_costs(v.cost)) for v in self.turn_verbs]
        self._plans: dict[tuple[frozenset[str] | None, frozenset[budget.Cost]], list[tuple[Verb, bool]]] = {}
        #: :meth:`open_verbs` by the set of costs a budget can pay (a few dozen sets at most: six costs).
        self._open: dict[frozenset[budget.Cost], frozenset[str]] = {}
        wire_hooks()
        turns.RESUME["action"] = self._resume_action

    def new_game(self, setup: Mapping[str, Any]) -> G:
        return build_game(self, setup)

    def new_state(self, game: G) -> S:
        state = FuturePathState()
        for cid, spec in game.start.items():
            state.fighters[cid] = _fighter(game, spec)
        for o in game.spec.objects:
            state.objects[o.id] = ObjectState(
                o.id, o.at, o.hardness, o.blocks, o.movable, weak=o.weak, door=o.door
            )
        for t in game.spec.traps:
            state.traps[t.id] = TrapState(t.id, t.at)
        state.ground = [copy.copy(item) for item in game.ground]
        return state

    def side_of(self, game: G, actor: str) -> str:
        return game.start[actor].side

    def start(self, game: G, state: S, ctx: Context) -> None:
        ctx.emit(FightStarted(self.id, tuple(state.fighters)))
        turns.start_fight(game, state, ctx)
        turns.settle(game, state, ctx)

    # -- what is legal ----------------------------------------------------------------------------

    def derived_conditions(self, game: G, state: S, fighter: str) -> dict[str, Any]:
        """Up (active) and Helpless (rule 38, and Strength 0, seed l.195): ``vex.up``, ``vex.helpless``."""
        f = state.fighters[fighter]
        return {"up": f.is_up, "helpless": care.is_helpless(game, f)}

    def legal_actions(self, game: G, state: S) -> list[Action]:
        if state.pending:
            decision = state.pending[-1]
            fighter = state.fighters[decision.actor]
            answers = [
                a
                for v in self.verbs.values()
                if v.answers == decision.kind
                for a in v.candidates(game, state, fighter)
            ]
            return answers + self._instant_actions(game, state, fighter)
        out: list[Action] = []
        for fid in state.acting:
            out.extend(self._turn_actions(game, state, state.fighters[fid]))
        return out

    def _instant_actions(self, game: G, state: S, fighter: Fighter) -> list[Action]:
        """Rule 41 (l.253): a readier set off may take any one Standard, Simple or Free action instead."""
        if not readiness.answering_ready(state, fighter):
            return []
        return [
            a
            for verb, _costs in self._turn_costs
            for a in verb.candidates(game, state, fighter)
            if readiness.instant_problem(verb.cost(game, fighter, a)) is None
        ]

    def legal_actions_of(
        self, game: G, state: S, actor: str, verbs: Collection[str] | None = None
    ) -> list[Action]:
        if state.pending:
            if state.pending[-1].actor != actor:
                return []
            return _of_verbs(self.legal_actions(game, state), verbs)
        if actor not in state.acting:
            return []
        return self._turn_actions(game, state, state.fighters[actor], verbs)

    def deciding(self, game: G, state: S) -> list[str]:
        if state.pending:
            return super().deciding(game, state)
        # 'end' (no cost) is legal for every acting character, so each of them may decide
        return list(state.acting)

    def _turn_actions(
        self, game: G, state: S, fighter: Fighter, verbs: Collection[str] | None = None
    ) -> list[Action]:
        """The turn actions ``fighter`` can take and pay for now (only of ``verbs``, when given)."""
        out: list[Action] = []
        affordable = budget.affordable(game.options, fighter)
        for verb, priced in self._turn_plan(verbs, affordable):
            actions = verb.candidates(game, state, fighter)
            if priced:  # (a loop, not a generator: that would make a cell of each name it reads, every call)
                cost = verb.cost
                for a in actions:
                    if cost(game, fighter, a) in affordable:
                        out.append(a)
            else:
                out.extend(actions)
        return out

    def open_verbs(self, game: G, state: S, actor: str) -> frozenset[str] | None:
        """The turn verbs ``actor`` may have legal actions of now: those whose costs its budget may still
        pay (:meth:`legal_actions_of` lists nothing of any other verb). None while a decision is pending or
        when ``actor`` is not acting (the listing is then not of turn actions)."""
        if state.pending or actor not in state.acting:
            return None
        affordable = budget.affordable(game.options, state.fighters[actor])
        found = self._open.get(affordable)
        if found is None:
            found = self._open[affordable] = frozenset(v.name for v, _ in self._turn_plan(None, affordable))
        return found

    def _turn_plan(
        self, verbs: Collection[str] | None, affordable: frozenset[budget.Cost]
    ) -> list[tuple[Verb, bool]]:
        """The turn verbs (of ``verbs``, when given) that may have affordable actions, in table order, each
        with whether its actions must be priced one by one (a verb whose every possible cost is affordable,
        or none, needs no pricing)."""
        key = (None if verbs is None else frozenset(verbs), affordable)
        found = self._plans.get(key)
        if found is None:
            found = _plan(self._turn_costs, key[0], affordable)
            if len(self._plans) >= PLANS:
                self._plans.clear()
            self._plans[key] = found
        return found

    def takes_route(self, game: G, action: Action) -> bool:
        """Issue 14 point 9: every way of moving (not the 5-foot step) may follow waypoints."""
        return action.verb in movement.MODES

    def why_illegal(self, game: G, state: S, action: Action) -> str | None:
        verb = self.verbs.get(action.verb)
        if verb is None:
            return f"unknown action '{action.verb}'; FuturePath actions: {', '.join(sorted(self.verbs))}"
        fighter = state.fighters.get(action.actor)
        if fighter is None:
            return f"no combatant '{action.actor}' (combatants: {', '.join(state.fighters)})"
        problem = self._whose_decision(state, fighter, verb)
        if problem:
            return problem
        if verb.answers is None:
            cost = verb.cost(game, fighter, action)
            if readiness.answering_ready(state, fighter):
                problem = readiness.instant_problem(cost)
            else:
                problem = budget.refusal(game.options, fighter, cost, verb.title)
        return problem or verb.check(game, state, fighter, action)

    def _whose_decision(self, state: S, fighter: Fighter, verb: Verb) -> str | None:
        if state.pending:
            decision = state.pending[-1]
            instant = verb.answers is None and readiness.answering_ready(state, fighter)
            if not instant and (decision.actor != fighter.id or verb.answers != decision.kind):
                return (
                    f"waiting for {decision.actor} to decide on the {decision.kind.replace('-', ' ')}"
                    f" raised by {decision.trigger}"
                )
            return None
        if verb.answers is not None:
            return f"there is no {verb.answers.replace('-', ' ')} for {fighter.id} to answer now"
        if fighter.id not in state.acting:
            if not fighter.is_up:
                return f"{fighter.id} is {fighter.status} and cannot act"
            if fighter.side != state.order.current.key:
                return (
                    f"it is team {state.order.current.key}'s turn, not team {fighter.side}'s (FuturePath 2)"
                )
            return f"{fighter.id}'s turn is over"
        return None

    # -- resolving --------------------------------------------------------------------------------

    def resolve(self, game: G, state: S, action: Action, ctx: Context) -> None:
        verb = self.verbs[action.verb]
        fighter = state.fighters[action.actor]
        if verb.answers is not None:
            verb.resolve(game, state, fighter, action, ctx)
        elif self._paid_for(game, state, fighter, action, cost := verb.cost(game, fighter, action), ctx):
            for hook in DECLARE_HOOKS:
                hook(game, state, action, ctx)
            if state.pending:
                state.suspended.append(Suspended(action.actor, "action", note=str(action)))
            else:
                self._carry_out(game, state, verb, fighter, action, cost, ctx)
        turns.settle(game, state, ctx)

    def _paid_for(
        self, game: G, state: S, fighter: Fighter, action: Action, cost: budget.Cost, ctx: Context
    ) -> bool:
        """Pay for a turn action from the budget, or, for a readier set off, with its ready (rule 41); False
        when a readied instant action must wait for the enemy's declared action."""
        if not state.pending or not readiness.answering_ready(state, fighter):
            budget.pay(game.options, fighter, cost)
            return True
        if readiness.use_ready(game, state, fighter, ctx):
            return True
        readiness.defer(state, fighter, action)
        return False

    def _carry_out(
        self,
        game: G,
        state: S,
        verb: Verb,
        fighter: Fighter,
        action: Action,
        cost: budget.Cost,
        ctx: Context,
        lost: str = "",
    ) -> None:
        """Resolve a paid-for turn action of ``cost`` (unless ``lost`` says why it can no longer happen);
        close the turn after a Full-Round action or when nothing more can be paid for."""
        if lost:
            ctx.emit(ActionLost(fighter.id, str(action), lost))
        else:
            verb.resolve(game, state, fighter, action, ctx)
        if verb.ends_turn or (cost == "full" and action.verb != "full-attack"):
            fighter.budget.ended = True
        self._auto_end(game, fighter)

    def _resume_action(self, game: G, state: S, ctx: Context) -> None:
        """Rule 41: resolve a declared action once the readied actions it set off are done, if it can."""
        work = state.suspended.pop()
        action = Action.parse(work.note)
        verb = self.verbs[action.verb]
        fighter = state.fighters[action.actor]
        lost = "" if fighter.is_up else f"{fighter.id} is {fighter.status}"
        lost = lost or verb.check(game, state, fighter, action) or ""
        self._carry_out(game, state, verb, fighter, action, verb.cost(game, fighter, action), ctx, lost)

    def _auto_end(self, game: G, fighter: Fighter) -> None:
        """End a turn that can pay for nothing more (only 'end' would be left)."""
        if fighter.budget.ended or "full-attack" in fighter.budget.tags:  # or budget.has("full-attack")
            return
        if budget.affordable(game.options, fighter).isdisjoint(("free", "simple", "standard", "full")):
            fighter.budget.ended = True

    # -- answers for designers (odds.py, tally.py, duel.py) ----------------------------------------

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

    def duel_odds(self, game: G, state: S) -> Mapping[str | None, float] | None:
        return duel.duel_odds(game, state)


def _plan(
    turn_costs: list[tuple[Verb, tuple[budget.Cost, ...] | None]],
    names: frozenset[str] | None,
    affordable: frozenset[budget.Cost],
) -> list[tuple[Verb, bool]]:
    """:meth:`FuturePath._turn_plan` worked out afresh (in a function of its own: the comprehension would
    make the method build a cell per name it reads at every call, remembered or not)."""
    return [
        (v, costs is None or not affordable.issuperset(costs))
        for v, costs in turn_costs
        if (names is None or v.name in names) and (costs is None or not affordable.isdisjoint(costs))
    ]


def _of_verbs(actions: list[Action], verbs: Collection[str] | None) -> list[Action]:
    """The actions of ``verbs`` (all of them when None), in order."""
    return [a for a in actions if verbs is None or a.verb in verbs]
