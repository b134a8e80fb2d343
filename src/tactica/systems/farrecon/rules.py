"""The Far Recon rule system: turns in Agility order, simultaneous slots for ties, and the decisions that
interrupt them.

On one's turn (or, in a simultaneous slot, as a declaration): ``move @X,Y`` (does not use up the turn),
``attack T [with W] [+tag]``, ``throw T with W [+tag]`` (a thrown weapon), ``throw @X,Y with W [+tag]``
(an explosive), ``treat T [+tag]`` (Medicine), ``clear with W`` (a jammed firearm) — these four use up
the turn — ``delay`` (hold the turn, Far Recon 8) and ``end``. Decisions: the target of an attack answers
``dodge [+tag]`` or ``take [+tag]`` (Far Recon 10-11, 21); a character holding a delayed turn answers
``act`` or ``wait`` between slots (Far Recon 8).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction
from typing import Any

from tactica.engine.action import Action
from tactica.engine.events import Event, FightStarted
from tactica.engine.system import Context, Harm, Resolution, RuleSystem
from tactica.grid.memo import BoardMemo
from tactica.systems.farrecon import attacks, movement, odds, tally, turns
from tactica.systems.farrecon.events import PlanDeclared, TurnHeld
from tactica.systems.farrecon.setup import FarReconGame, build_game
from tactica.systems.farrecon.sheet import Weapon
from tactica.systems.farrecon.state import FarReconState, Fighter, Job

G = FarReconGame
S = FarReconState
Pos = tuple[int, int]
TURN_VERBS = ("move", "attack", "throw", "treat", "clear", "delay", "end")
ANSWERS = {"defend": ("dodge", "take"), "interject": ("act", "wait")}
FLAGS = ("tag",)
#: Throws of an explosive, per board, by the thrower, verb and weapon, the thrower's square, the range and
#: the flags (see ``_throws``).
_THROWS: BoardMemo[tuple[Action, ...]] = BoardMemo(4096)


def _fighter(game: G, cid: str) -> Fighter:
    spec = game.start[cid]
    sheet = game.sheet(cid)
    c = spec.spec
    health = sheet.body if c.health_now is None else c.health_now
    status = "active" if health > 0 else ("dying" if health < 0 and not c.stable else "unconscious")
    carried = {w: sheet.carry.get(w, 1) for w in sheet.weapons if game.weapons[w].throwable}
    return Fighter(
        cid,
        spec.side,
        spec.at,
        health,
        sheet.mind if c.mind_now is None else c.mind_now,
        ap=sheet.ap_of(game.options),
        status=status,
        present=c.joins is None,
        aware=c.aware,
        restrained=c.restrained,
        carried=carried,
    )


class FarRecon(RuleSystem[FarReconGame, FarReconState]):
    """Far Recon (seed 003: Combat Mechanics)."""

    id = "farrecon"
    name = "Far Recon"
    version = "1.0 (seed 003: Combat Mechanics)"
    state_type = FarReconState
    harm_unit = "Body and Mind points"
    outcome_classes = odds.OUTCOME_CLASSES

    def new_game(self, setup: Mapping[str, Any]) -> G:
        return build_game(self, setup)

    def new_state(self, game: G) -> S:
        state = FarReconState()
        for cid in game.start:
            state.fighters[cid] = _fighter(game, cid)
        return state

    def side_of(self, game: G, actor: str) -> str:
        return game.start[actor].side

    def start(self, game: G, state: S, ctx: Context) -> None:
        ctx.emit(FightStarted(self.id, tuple(state.fighters)))
        turns.start_fight(game, state, ctx)
        turns.settle(game, state, ctx)

    # -- answers for designers (odds.py, tally.py) --------------------------------------------------

    def harm_done(self, game: G, event: Event) -> Sequence[Harm]:
        return tally.harm_done(event)

    def sealed(self, game: G, state: S) -> Collection[str]:
        """Far Recon 5: the tied characters' declarations stay secret until every one has declared."""
        return list(state.plans) if state.mode == "declare" else []

    def out_of_action(self, game: G, state: S) -> Collection[str]:
        return tally.out_of_action(state)

    def resolution(self, game: G, action: Action, events: Sequence[Event]) -> Resolution | None:
        return odds.resolution(action, events)

    def exact_odds(
        self, game: G, state: S, action: Action, then: Sequence[Action]
    ) -> Mapping[Resolution, Fraction] | None:
        return odds.exact_odds(game, state, action, then)

    # -- who decides, and what ----------------------------------------------------------------------

    def deciding(self, game: G, state: S) -> list[str]:
        if state.over:
            return []
        if state.pending:
            return [state.pending[-1].actor]
        if state.mode == "turn":
            return list(state.acting)
        if state.mode == "declare":
            return [a for a, p in state.plans.items() if not p.done]
        return []

    def derived_conditions(self, game: G, state: S, fighter: str) -> dict[str, Any]:
        """Conscious (17), broken down (Mind 0, 20) and still counting for its side (``a.conscious``,
        ``a.broken``, ``a.in_fight``)."""
        f = state.fighters[fighter]
        return {"conscious": f.conscious, "broken": f.broken, "in_fight": f.in_fight}

    def legal_actions(self, game: G, state: S) -> list[Action]:
        if state.over:
            return []
        if state.pending:
            return self._answers(game, state)
        return [a for actor in self.deciding(game, state) for a in self._turn_actions(game, state, actor)]

    def legal_actions_of(
        self, game: G, state: S, actor: str, verbs: Collection[str] | None = None
    ) -> list[Action]:
        if actor not in self.deciding(game, state):
            return []
        if state.pending:
            return [a for a in self._answers(game, state) if verbs is None or a.verb in verbs]
        return self._turn_actions(game, state, actor, verbs)

    def _answers(self, game: G, state: S) -> list[Action]:
        decision = state.pending[-1]
        who = state.fighters[decision.actor]
        if decision.kind == "defend":
            assert state.strike is not None
            return attacks.defence_answers(game, state, who, game.weapons[state.strike.weapon])
        return [Action(who.id, "act"), Action(who.id, "wait")]

    def _turn_actions(
        self, game: G, state: S, actor: str, verbs: Collection[str] | None = None
    ) -> list[Action]:
        """Every action of ``actor`` now (only of ``verbs`` when given), in one written form each."""

        def wanted(verb: str) -> bool:
            return verbs is None or verb in verbs

        f = state.fighters[actor]
        origin = self._origin(state, f)
        out: list[Action] = []
        if wanted("move") and self._move_problem(game, state, f) is None:
            out += movement.move_candidates(game, state, f)
        if not (f.broken or f.panicking):
            tags: tuple[tuple[str, ...], ...] = ((), ("tag",)) if attacks.can_tag(game, f) else ((),)
            for weapon in game.weapons_of(f.id):
                if attacks.weapon_problem(game, f, weapon) is not None:
                    continue
                verb = "throw" if weapon.throwable else "attack"
                if not wanted(verb):
                    continue
                if weapon.kind == "explosive":
                    out += self._throws(game, Action(f.id, verb, using=weapon.name), origin, weapon, tags)
                else:
                    out += [
                        Action(f.id, verb, t.id, using=weapon.name, flags=tag)
                        for t in state.fighters.values()
                        if attacks.target_problem(game, state, f, origin, weapon, t) is None
                        for tag in tags
                    ]
            if wanted("treat"):
                out += [
                    Action(f.id, "treat", t.id, flags=tag)
                    for t in state.fighters.values()
                    if attacks.treat_problem(game, state, f, origin, t) is None
                    for tag in tags
                ]
            if wanted("clear"):
                out += [Action(f.id, "clear", using=w) for w in f.jammed]
        if wanted("delay") and self._delay_problem(game, state, f) is None:
            out.append(Action(f.id, "delay"))
        if wanted("end"):
            out.append(Action(f.id, "end"))
        return out

    def _origin(self, state: S, f: Fighter) -> Pos:
        """Where the character acts from: where it stands, or where its declared move takes it."""
        plan = state.plans.get(f.id) if state.mode == "declare" else None
        return plan.move_to if plan is not None and plan.move_to is not None else f.pos

    def _throws(
        self, game: G, throw: Action, origin: Pos, weapon: Weapon, tags: tuple[tuple[str, ...], ...]
    ) -> tuple[Action, ...]:
        """``throw`` aimed at every square an explosive of ``weapon``'s range reaches from ``origin``, with
        each of ``tags``. The squares depend on the board alone, so the actions are remembered per board."""

        def listed() -> tuple[Action, ...]:
            cells = game.board.cells_within(origin, weapon.range)
            squares = sorted(p for p in cells if attacks.square_problem(game, origin, weapon, p) is None)
            return tuple(
                Action(throw.actor, throw.verb, at=p, using=throw.using, flags=t)
                for p in squares
                for t in tags
            )

        return _THROWS.get(game.board, (throw, origin, weapon.range, tags), listed)

    def _move_problem(self, game: G, state: S, f: Fighter) -> str | None:
        if state.mode == "declare":
            plan = state.plans[f.id]
            if plan.move_to is not None:
                return f"{f.id} has already declared its move this slot"
        return movement.move_problem(game, f)

    def _delay_problem(self, game: G, state: S, f: Fighter) -> str | None:
        """Far Recon 8: before moving or acting; one delayed action at a time."""
        if state.mode == "declare":
            if state.plans[f.id].move_to is not None:
                return f"{f.id} has declared a move: delay before declaring anything (Far Recon 8)"
            return None
        if f.moves and not game.options.delay_after_move:
            return f"{f.id} has already moved this turn: delay before moving or acting (Far Recon 8)"
        if f.interjected:
            return f"{f.id} is acting on its delayed action now and cannot delay it again (Far Recon 8)"
        return None

    def normalize(self, game: G, state: S, action: Action) -> Action:
        """``attack T`` names the first of its weapons that can hit T; ``throw T with EXPLOSIVE`` aims at
        T's square."""
        f = state.fighters.get(action.actor)
        if f is None or action.verb not in ("attack", "throw"):
            return action
        target = state.fighters.get(action.target or "")
        if action.using is None and action.verb == "attack" and target is not None:
            origin = self._origin(state, f)
            weapons = [w for w in game.weapons_of(f.id) if not w.throwable]
            fits = [w for w in weapons if attacks.target_problem(game, state, f, origin, w, target) is None]
            chosen = (fits or weapons)[:1]
            if chosen:
                return Action(f.id, "attack", action.target, action.at, chosen[0].name, action.flags)
        weapon = game.weapons.get(action.using or "")
        explosive = weapon is not None and weapon.kind == "explosive"
        if (
            action.verb == "throw"
            and explosive
            and target is not None
            and action.at is None
            and target.present
        ):
            assert weapon is not None
            return Action(f.id, "throw", None, target.pos, weapon.name, action.flags)
        return action

    # -- why not --------------------------------------------------------------------------------

    def takes_route(self, game: G, action: Action) -> bool:
        """Issue 14 point 9: a move may follow waypoints (declared ones too, in a simultaneous slot)."""
        return action.verb == "move"

    def why_illegal(self, game: G, state: S, action: Action) -> str | None:
        fighter = state.fighters.get(action.actor)
        if fighter is None:
            return f"no combatant '{action.actor}' (combatants: {', '.join(state.fighters)})"
        if state.over:
            return "the fight is over"
        bad = [flag for flag in action.flags if flag not in FLAGS]
        if bad:
            return f"unknown flag +{bad[0]}; Far Recon knows +tag (tag an aspect for +2, Far Recon 21)"
        if state.pending:
            decision = state.pending[-1]
            expected = ANSWERS[decision.kind]
            if decision.actor != fighter.id or action.verb not in expected:
                return (
                    f"waiting for {decision.actor} to answer the {decision.kind} raised by"
                    f" {decision.trigger or 'the turn order'} ({' or '.join(expected)})"
                )
            if action in self._answers(game, state):
                return None
            return self._answer_refusal(game, state, fighter, action)
        if any(action.verb in verbs for verbs in ANSWERS.values()):
            return f"there is nothing for {fighter.id} to answer with '{action.verb}' now"
        if fighter.id not in self.deciding(game, state):
            return self._not_deciding(state, fighter)
        if action.verb not in TURN_VERBS:
            return f"unknown action '{action.verb}'; Far Recon actions: {', '.join(TURN_VERBS)}"
        if action.via:
            return self._route_refusal(game, state, fighter, action)
        if action in self._turn_actions(game, state, fighter.id, {action.verb}):
            return None
        return self._explain(game, state, fighter, action)

    def _route_refusal(self, game: G, state: S, f: Fighter, action: Action) -> str | None:
        """Issue 14 point 9: a move along waypoints, judged by the rules of any move (never listed)."""
        problem = self._move_problem(game, state, f)
        if problem:
            return problem
        if action.flags:
            return f"a move takes no flags: {f.id} move @X,Y @X,Y ..."
        assert action.at is not None
        found = movement.route_path(game, state, f, action.at, action.via)
        return found if isinstance(found, str) else None

    def _not_deciding(self, state: S, f: Fighter) -> str:
        if state.mode == "declare" and f.id in state.plans:
            return f"{f.id} has declared its action for this slot; it is resolved with the others'"
        who = ", ".join(self.deciding_names(state)) or "nobody"
        return f"it is not {f.id}'s turn (acting now: {who}; Far Recon 5: turns go in Agility order)"

    def deciding_names(self, state: S) -> list[str]:
        """Who is acting or declaring in the slot now."""
        if state.mode == "declare":
            return [a for a, p in state.plans.items() if not p.done]
        return list(state.acting)

    def _answer_refusal(self, game: G, state: S, f: Fighter, action: Action) -> str:
        if action.has_flag("tag") and not attacks.can_tag(game, f):
            return f"{f.id} has no Action Point left or no aspect to tag (Far Recon 21)"
        if action.verb == "dodge" and state.strike is not None:
            problem = attacks.dodge_problem(game, state, f, game.weapons[state.strike.weapon])
            return f"{problem or f'{f.id} cannot dodge now'}: it can only take the attack on Physical Defense"
        return f"'{action}' is not an answer now (answers: {', '.join(map(str, self._answers(game, state)))})"

    def _explain(self, game: G, state: S, f: Fighter, action: Action) -> str:
        """Why a well-formed turn action is not legal now, in the rules' words."""
        verb = action.verb
        if action.has_flag("tag") and not attacks.can_tag(game, f):
            return f"{f.id} has no Action Point left or no aspect to tag (Far Recon 21)"
        if verb == "move":
            return self._move_refusal(game, state, f, action)
        if verb == "delay":
            return self._delay_problem(game, state, f) or "delay takes nothing else: 'X delay'"
        if verb == "end":
            return "end takes nothing else: 'X end'"
        if f.broken:
            return f"{f.id} has broken down (Far Recon 20): it can only move or end its turn"
        if f.panicking:
            return f"{f.id} panics (a critical hit in melee, Far Recon 3): it can only move or end its turn"
        origin = self._origin(state, f)
        if verb == "treat":
            target = state.fighters.get(action.target or "")
            if target is None:
                return f"name the patient: {f.id} treat NAME (an adjacent wounded character)"
            return attacks.treat_problem(game, state, f, origin, target) or "treat takes a target only"
        if verb == "clear":
            if action.using not in f.jammed:
                return f"{f.id} has no jammed weapon named {action.using} (clear with WEAPON)"
            return "clear takes only 'with WEAPON'"
        return self._attack_refusal(game, state, f, origin, action)

    def _move_refusal(self, game: G, state: S, f: Fighter, action: Action) -> str:
        problem = self._move_problem(game, state, f)
        if problem:
            return problem
        if action.at is None or action.target is not None or action.using is not None:
            return f"name the square: {f.id} move @X,Y"
        left = movement.remaining(game, f)
        return (
            f"{f.id} cannot end a move on @{action.at[0]},{action.at[1]} ({left} squares of Speed left;"
            " conscious enemies block, occupied squares and walls cannot be ended on)"
        )

    def _attack_refusal(self, game: G, state: S, f: Fighter, origin: Pos, action: Action) -> str:
        weapon = game.weapons.get(action.using or "")
        mine = game.sheet(f.id).weapons
        if weapon is None or weapon.name not in mine:
            return f"{f.id} has no weapon '{action.using}' (its weapons: {', '.join(mine)})"
        if weapon.throwable and action.verb == "attack":
            return f"the {weapon.name} is thrown: {f.id} throw ... with {weapon.name} (Far Recon 15)"
        if not weapon.throwable and action.verb == "throw":
            return f"the {weapon.name} is not thrown: {f.id} attack TARGET with {weapon.name}"
        problem = attacks.weapon_problem(game, f, weapon)
        if problem:
            return problem
        if weapon.kind == "explosive":
            if action.at is None:
                return (
                    f"aim the {weapon.name} at a square: {f.id} throw @X,Y with {weapon.name} (Far Recon 14)"
                )
            return attacks.square_problem(game, origin, weapon, action.at) or "throw @X,Y takes no target"
        target = state.fighters.get(action.target or "")
        if target is None:
            return f"name the target: {f.id} {action.verb} TARGET with {weapon.name}"
        problem = attacks.target_problem(game, state, f, origin, weapon, target)
        return problem or f"{action.verb} takes a target and a weapon only"

    # -- resolving --------------------------------------------------------------------------------

    def resolve(self, game: G, state: S, action: Action, ctx: Context) -> None:
        f = state.fighters[action.actor]
        if state.pending:
            decision = state.pending.pop()
            if decision.kind == "defend":
                attacks.finish(game, state, dodge=action.verb == "dodge", tag=action.has_flag("tag"), ctx=ctx)
            elif action.verb == "act":
                turns.interject(game, state, f, ctx)
            else:
                ctx.emit(TurnHeld(f.id, waiting=True))
        elif state.mode == "declare":
            self._declare(state, f, action, ctx)
        else:
            self._act(game, state, f, action, ctx)
        turns.settle(game, state, ctx)

    def _declare(self, state: S, f: Fighter, action: Action, ctx: Context) -> None:
        """Far Recon 5: a tied character's plan: nothing happens until every tied character has declared."""
        plan = state.plans[f.id]
        if action.verb == "delay":
            turns.delay(state, f, ctx)
            return
        ctx.emit(PlanDeclared(f.id, str(action)))
        if action.verb == "move":
            plan.move_to, plan.move_via = action.at, action.via
        elif action.verb == "end":
            plan.done = True
        else:
            plan.act, plan.done = str(action), True

    def _act(self, game: G, state: S, f: Fighter, action: Action, ctx: Context) -> None:
        verb = action.verb
        if verb == "move":
            assert action.at is not None
            movement.walk(game, state, f, action.at, ctx, action.via)
        elif verb == "delay":
            turns.delay(state, f, ctx)
        elif verb == "end":
            turns.end_slot(state, ctx)
        else:
            assert verb in attacks.ACTING_VERBS
            state.queue = [Job(f.id, "act", text=str(action))]  # Far Recon 9: it uses up the turn
            state.mode = "resolve"
