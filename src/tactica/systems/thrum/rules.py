"""The THRUM rule system: the turn (Move, Action, Stance), Round Zero, delay and off-turn decisions.

Verbs on one's turn: ``move @X,Y [+endurance|+reflex]``, an ability's id (``basic-attack orc``,
``fire-burst @4,2``, ``recover +stress``), ``stance NAME`` (takes a Stance and ends the turn), ``end``
(keeps the Stance and ends the turn), ``delay NAME`` (THRUM 8), ``place @X,Y`` (Round Zero). Off-turn
answers: ``defend +resilience|+evasion|+resolve`` (THRUM 21), ``trigger`` / ``pass`` (a stance's triggered
effect, THRUM 30), ``keep`` / ``swap`` (a second Buff, THRUM 29).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction
from typing import Any

from tactica.engine.action import Action
from tactica.engine.events import Event, FightStarted
from tactica.engine.system import Context, Harm, OneAtATime, Resolution
from tactica.systems.listed import listed
from tactica.systems.thrum import (
    actions,
    contests,
    forced,
    movement,
    odds,
    tally,
    targeting,
    terrain,
    turns,
)
from tactica.systems.thrum.events import Placed, StanceChanged, StanceTriggered
from tactica.systems.thrum.setup import ThrumGame, build_game
from tactica.systems.thrum.state import DERIVED, Fighter, ThrumState

G = ThrumGame
S = ThrumState
TURN_VERBS = ("move", "stance", "end", "delay", "place")
ANSWERS = {
    "trigger": ("trigger", "pass"),
    "defend": ("defend",),
    "buff": ("keep", "swap"),
    "push": ("push", "pass"),
}


def _fighter(game: G, cid: str) -> Fighter:
    spec = game.start[cid]
    sheet = game.sheet(cid)
    c = spec.spec
    fighter = Fighter(
        cid,
        spec.side,
        spec.pc,
        spec.at,
        fatigue=c.fatigue,
        stress=c.stress,
        fatigue_tolerance=sheet.fatigue_tolerance
        if sheet.fatigue_tolerance is not None
        else sheet.max_fatigue_tolerance(game.options),
        stress_tolerance=sheet.stress_tolerance
        if sheet.stress_tolerance is not None
        else sheet.max_stress_tolerance(game.options),
        wounds=sheet.wounds,
        incapacitated=c.incapacitated,
        stance=c.stance,
        statuses=dict(c.statuses),
        conditions={name: _turns(game, name) for name in c.conditions},
    )
    return fighter


def _turns(game: G, condition: str) -> int:
    """How many of its turns a condition given in the setup lasts (0: until something ends it)."""
    return {"stunned": 1, "immobilized": game.options.immobilized_turns}.get(condition, 0)


class Thrum(OneAtATime[ThrumGame, ThrumState]):
    """THRUM (seed 002, 'Combat Flow')."""

    id = "thrum"
    name = "THRUM"
    version = "1.0 (seed 002: Combat Flow)"
    state_type = ThrumState
    harm_unit = odds.HARM_UNIT
    outcome_classes = odds.OUTCOME_CLASSES

    def new_game(self, setup: Mapping[str, Any]) -> G:
        return build_game(self, setup)

    def new_state(self, game: G) -> S:
        state = ThrumState()
        for cid in game.start:
            state.fighters[cid] = _fighter(game, cid)
        return state

    def side_of(self, game: G, actor: str) -> str:
        return game.start[actor].side

    def start(self, game: G, state: S, ctx: Context) -> None:
        ctx.emit(FightStarted(self.id, tuple(state.fighters)))
        turns.start_fight(game, state, ctx)
        turns.settle(game, state, ctx)

    def derived_conditions(self, game: G, state: S, fighter: str) -> dict[str, Any]:
        """Frayed and Exhausted (``ana.frayed``, ``ana.exhausted``)."""
        return {name: getattr(state.fighters[fighter], name) for name in DERIVED}

    # -- answers for designers: harm, out of action, odds (tally.py, odds.py) ---------------------

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

    # -- what is legal ----------------------------------------------------------------------------

    def turn_of(self, state: S) -> str | None:
        return state.acting

    def answers(self, game: G, state: S) -> list[Action]:
        decision = state.pending[-1]
        who = decision.actor
        if decision.kind == "defend":
            contest = state.contests[decision.data["depth"]]
            options = contests.defenses_open(game, state.fighters[who], game.abilities[contest.ability])
            return [listed(who, "defend", None, None, None, (d,)) for d in options]
        if decision.kind == "push":
            return forced.candidates(game, state, decision)
        return [listed(who, verb) for verb in ANSWERS[decision.kind]]

    def turn_actions(
        self, game: G, state: S, actor: str, verbs: Collection[str] | None = None
    ) -> list[Action]:
        """The actions of the character whose turn it is (only of ``verbs``, when given)."""

        def wanted(verb: str) -> bool:
            return verbs is None or verb in verbs

        fighter = state.fighters[actor]

        out: list[Action] = []
        if state.order.round == 0:
            if wanted("place") and fighter.pc and game.starting_area and not fighter.moved:
                taken = {f.pos for f in state.fighters.values() if f.id != fighter.id}
                out += [Action(fighter.id, "place", at=p) for p in sorted(game.starting_area - taken)]
        else:
            if wanted("delay") and self._may_delay(state, fighter) is None:
                out += [listed(fighter.id, "delay", t) for t in turns.later_this_round(state, fighter.id)]
            for ability in game.moves_of(fighter.id):
                if wanted(ability.id) and self._teleport_move_problem(game, state, fighter) is None:
                    far = movement.teleport_reach(game, fighter, targeting.reach(ability, fighter), True)
                    out += [
                        listed(fighter.id, ability.id, None, p)
                        for p in movement.teleport_destinations(game, state, fighter, far)
                    ]
            if wanted("move") and self._move_problem(game, state, fighter) is None:
                out += movement.move_candidates(
                    game, state, fighter, "move", movement.remaining(game, fighter)
                )
            if actions.acting_problem(game, state, fighter) is None:
                covers = targeting.covers_from(game, state, fighter)
                for ability in game.actions_of(fighter.id):
                    if wanted(ability.id):
                        out += actions.candidates(game, state, fighter, ability, covers)
        if wanted("stance") and self._stance_problem(game, state, fighter) is None:
            stances = game.stances_of(fighter.id)
            out += [listed(fighter.id, "stance", s.id) for s in stances if s.id != fighter.stance]
        if wanted("end"):
            out.append(listed(fighter.id, "end"))
        return out

    # -- why not --------------------------------------------------------------------------------

    def takes_route(self, game: G, action: Action) -> bool:
        """Issue 14 point 9: a Move, and a Dash, may follow waypoints (a Teleport passes nothing)."""
        ability = game.abilities.get(action.verb)
        return action.verb == "move" or (ability is not None and ability.special == "dash")

    def why_illegal(self, game: G, state: S, action: Action) -> str | None:
        fighter = state.fighters.get(action.actor)
        if fighter is None:
            return f"no combatant '{action.actor}' (combatants: {', '.join(state.fighters)})"
        if state.over:
            return "the fight is over"
        if action.using is not None:
            return f"THRUM actions take no 'with': abilities are verbs ({fighter.id} basic-attack TARGET)"
        if state.pending:
            return self._answer_problem(game, state, fighter, action)
        if any(action.verb in verbs for verbs in ANSWERS.values()):
            return f"there is nothing for {fighter.id} to answer with '{action.verb}' now"
        if state.acting != fighter.id:
            whose = state.acting or "nobody"
            return f"it is {whose}'s turn, not {fighter.id}'s (THRUM 6: turns go in initiative order)"
        if action.verb in TURN_VERBS:
            return self._turn_verb_problem(game, state, fighter, action)
        ability = game.abilities.get(action.verb)
        if ability is not None and ability in game.moves_of(fighter.id):
            far = movement.teleport_reach(game, fighter, targeting.reach(ability, fighter), True)
            return self._teleport_move_problem(game, state, fighter) or actions.teleport_problem(
                game, state, fighter, ability, action, far
            )
        known = [a.id for a in game.actions_of(fighter.id)]
        if ability is None or ability.kind != "action" or action.verb not in known:
            return (
                f"unknown action '{action.verb}' for {fighter.id}; its actions: {', '.join(known)};"
                f" other verbs: {', '.join(TURN_VERBS)}"
            )
        return actions.acting_problem(game, state, fighter) or actions.problem(
            game, state, fighter, ability, action
        )

    def _answer_problem(self, game: G, state: S, fighter: Fighter, action: Action) -> str | None:
        decision = state.pending[-1]
        expected = ANSWERS[decision.kind]
        if decision.actor != fighter.id or action.verb not in expected:
            return (
                f"waiting for {decision.actor} to answer the {decision.kind} raised by {decision.trigger}"
                f" ({' or '.join(expected)})"
            )
        if decision.kind == "push":
            return forced.problem(game, state, decision, action)
        if action.verb == "defend":
            contest = state.contests[decision.data["depth"]]
            options = contests.defenses_open(game, fighter, game.abilities[contest.ability])
            if len(action.flags) != 1 or action.flags[0] not in options:
                listed = " or ".join(f"+{o}" for o in options)
                return f"{fighter.id} defends with {listed} against {contest.ability} (THRUM 21, 44)"
        return None

    def _turn_verb_problem(self, game: G, state: S, fighter: Fighter, action: Action) -> str | None:
        verb = action.verb
        if verb == "end":
            return None
        if verb == "stance":
            return self._stance_problem(game, state, fighter) or self._known_stance(
                game, fighter, action.target
            )
        if verb == "delay":
            return self._delay_problem(state, fighter, action.target)
        if verb == "place":
            return self._place_problem(game, state, fighter, action)
        return self._move_problem(game, state, fighter) or movement.check_destination(
            game, state, fighter, action, movement.remaining(game, fighter)
        )

    def _known_stance(self, game: G, fighter: Fighter, name: str | None) -> str | None:
        stances = [s.id for s in game.stances_of(fighter.id)]
        if name is None:
            return f"name the stance: {fighter.id} stance NAME (its stances: {', '.join(stances)})"
        if name not in stances:
            return f"unknown stance '{name}' for {fighter.id}; its stances: {', '.join(stances)}"
        if name == fighter.stance:
            return f"{fighter.id} is already in {name}; 'end' keeps the current stance"
        return None

    def _stance_problem(self, game: G, state: S, fighter: Fighter) -> str | None:
        if game.options.slowed_blocks_stances and "slowed" in fighter.statuses and state.order.round > 0:
            return f"{fighter.id} is Slowed and cannot take a new stance (option slowed_blocks_stances)"
        return None

    def _move_problem(self, game: G, state: S, fighter: Fighter) -> str | None:
        if state.order.round == 0:
            return "Round Zero is for placement and stances: use 'place @X,Y' (THRUM 6)"
        problem = movement.can_move(state, fighter)
        if problem:
            return problem
        if "stunned" in fighter.conditions and game.options.stunned == "lose_turn":
            return f"{fighter.id} is Stunned and can neither move nor act (option stunned)"
        if movement.remaining(game, fighter) == 0:
            return f"{fighter.id} has no movement left this turn (Speed {movement.speed(game, fighter)})"
        return None

    def _teleport_move_problem(self, game: G, state: S, fighter: Fighter) -> str | None:
        """A Teleport that spends movement: during the Move, with movement left; Immobilized allows it
        (THRUM 15, 45)."""
        if state.order.round == 0:
            return "Round Zero is for placement and stances (THRUM 6)"
        if fighter.acted:
            return (
                f"{fighter.id} stopped moving to take its Action; it cannot move again this turn (THRUM 10)"
            )
        if "stunned" in fighter.conditions and game.options.stunned == "lose_turn":
            return f"{fighter.id} is Stunned and can neither move nor act (option stunned)"
        if movement.remaining(game, fighter) == 0:
            return f"{fighter.id} has no movement left this turn (Speed {movement.speed(game, fighter)})"
        return None

    def _delay_problem(self, state: S, fighter: Fighter, behind: str | None) -> str | None:
        problem = self._may_delay(state, fighter)
        if problem:
            return problem
        later = ", ".join(turns.later_this_round(state, fighter.id)) or "nobody"
        if behind is None:
            return f"name whom to wait for: {fighter.id} delay NAME (later this round: {later})"
        if behind not in turns.later_this_round(state, fighter.id):
            return f"{behind} does not act later this round; {fighter.id} can delay until after: {later}"
        return None

    def _may_delay(self, state: S, fighter: Fighter) -> str | None:
        """THRUM 8: once per round, before moving or acting, with someone still to act this round."""
        if state.order.round == 0:
            return "there is no delaying in Round Zero"
        if fighter.delayed_round == state.order.round:
            return f"{fighter.id} has already delayed this round and must act now (THRUM 8)"
        if fighter.moved or fighter.acted:
            return f"{fighter.id} has already begun its turn; delay before moving or acting (THRUM 8)"
        if not turns.later_this_round(state, fighter.id):
            return f"no one acts after {fighter.id} this round: there is nothing to delay for (THRUM 8)"
        return None

    def _place_problem(self, game: G, state: S, fighter: Fighter, action: Action) -> str | None:
        if state.order.round != 0:
            return "placement happens in Round Zero only (THRUM 6)"
        if not fighter.pc:
            return f"{fighter.id} is an NPC: the GM placed it before initiative (THRUM 6)"
        if not game.starting_area:
            return "this fight has no starting area (setup 'starting_area')"
        if fighter.moved:
            return f"{fighter.id} has already taken its starting square"
        if action.at is None:
            return f"name the square: {fighter.id} place @X,Y"
        if action.at not in game.starting_area:
            return f"@{action.at[0]},{action.at[1]} is not in the starting area"
        if any(f.pos == action.at and f.id != fighter.id for f in state.fighters.values()):
            return "someone already stands there"
        return None

    # -- resolving --------------------------------------------------------------------------------

    def resolve(self, game: G, state: S, action: Action, ctx: Context) -> None:
        fighter = state.fighters[action.actor]
        if state.pending:
            self._answer(game, state, fighter, action, ctx)
        else:
            self._turn(game, state, fighter, action, ctx)
        terrain.follow_users(game, state, ctx)
        contests.advance(game, state, ctx)
        if state.action is not None and actions.all_contests_done(state) and not state.over:
            actions.finish_action(game, state, ctx)
        if state.acting is not None and actions.all_contests_done(state):
            acting = state.fighters[state.acting]
            if not acting.in_fight:
                turns.end_turn(game, state, ctx)
        turns.settle(game, state, ctx)

    def _answer(self, game: G, state: S, fighter: Fighter, action: Action, ctx: Context) -> None:
        decision = state.pending.pop()
        if decision.kind == "push":
            if action.verb == "push" and action.at is not None:
                forced.push(game, state, decision, action.at, ctx)
        elif action.verb == "defend":
            contests.declare_defense(state, fighter, decision, action.flags[0], ctx)
        elif action.verb in ("trigger", "pass"):
            stance = game.abilities[fighter.stance or ""]
            target = contests.trigger_target(state, decision)
            if action.verb == "pass":
                ctx.emit(StanceTriggered(fighter.id, stance.id, decision.trigger, target, "", declined=True))
            else:
                effect = contests.use_trigger(game, state, fighter, decision, ctx)
                ctx.emit(StanceTriggered(fighter.id, stance.id, decision.trigger, target, effect))
                contests.end_triggered_stance(game, fighter, ctx)
                self._drop_stale_triggers(state, fighter)
        else:
            actions.settle_buff(state, fighter, action.verb == "swap", ctx)

    def _drop_stale_triggers(self, state: S, fighter: Fighter) -> None:
        """A stance that ended cannot trigger again: drop its other waiting trigger decisions."""
        state.pending[:] = [d for d in state.pending if not (d.kind == "trigger" and d.actor == fighter.id)]

    def _turn(self, game: G, state: S, fighter: Fighter, action: Action, ctx: Context) -> None:
        verb = action.verb
        if verb == "end":
            turns.end_turn(game, state, ctx)
        elif verb == "stance":
            fighter.stance = action.target
            ctx.emit(StanceChanged(fighter.id, action.target, "taken"))
            turns.end_turn(game, state, ctx)
        elif verb == "delay":
            turns.delay(game, state, fighter, action.target or "", ctx)
        elif verb == "place":
            assert action.at is not None
            fighter.pos = action.at
            fighter.moved = True
            ctx.emit(Placed(fighter.id, action.at))
        elif verb == "move":
            movement.walk(game, state, fighter, action, movement.remaining(game, fighter), "move", ctx)
        elif game.abilities[verb].kind == "move":
            assert action.at is not None
            movement.teleport(fighter, action.at, game.board.distance(fighter.pos, action.at), ctx)
        else:
            actions.use(game, state, fighter, game.abilities[verb], action, ctx)
