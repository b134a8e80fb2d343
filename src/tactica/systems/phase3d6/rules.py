"""The Phase 3d6 rule system: each character's action in each Phase, and the decisions that interrupt it.

On its place in the Phase: ``attack T [with W] [+MANOEUVRE]`` (an attack manoeuvre of the table:
``+haymaker``, ``+disarm``, or one a scenario defines), ``dodge``, ``ready ...`` (an attack, Dodge, move or
free action and a trigger: :mod:`readied`), ``move @Q,R`` (a half move is a move action, more is a
full-Phase action), ``step @Q,R``, ``withdraw @Q,R``, ``crawl @Q,R``, ``stand``, ``prone``, ``draw W``,
``sheathe``, ``pickup W``, ``open D``, ``close D``, ``reload``, ``drop``, ``recovery``, ``recover`` (from
Stunned), ``delay T``, ``delay``, ``end``. Decisions: ``opportunity T [with W] [+MANOEUVRE]`` or ``pass``
(rules 8-13), ``abort +MANOEUVRE`` (a defensive one: ``+dodge``, ``+block``, ...) or ``pass`` (rule 21),
``fire [@Q,R]`` or ``pass`` (a readied action, rule 20; see :mod:`readied`), ``act`` or ``pass`` (a delayed
action held with ``delay``, between two places: rule 19, :func:`phases.step_in`).
"""

from __future__ import annotations

import copy
from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction
from typing import Any

from tactica.engine.action import Action
from tactica.engine.events import Event, FightStarted
from tactica.engine.interrupts import Suspended
from tactica.engine.system import Context, Harm, OneAtATime, Resolution
from tactica.grid import Path
from tactica.systems.listed import listed
from tactica.systems.phase3d6 import (
    combat,
    doors,
    duel,
    economy,
    holds,
    items,
    movement,
    odds,
    phases,
    readied,
    tally,
)
from tactica.systems.phase3d6.events import FighterDown, ManeuverUsed, PhaseActionLost
from tactica.systems.phase3d6.placed import shots_at_start
from tactica.systems.phase3d6.setup import Phase3d6Game, build_game
from tactica.systems.phase3d6.state import Fighter, Phase3d6State

G = Phase3d6Game
S = Phase3d6State
ANSWERS = {
    "opportunity": ("opportunity", "pass"),
    "abort": ("abort", "pass"),
    "ready": ("fire", "pass"),
    "interject": ("act", "pass"),
}
TURN_VERBS = (
    "attack", "dodge", "ready", "move", "step", "withdraw", "crawl", "stand", "prone", "draw", "reload",
    "drop", "recovery", "recover", "delay", "end", "sheathe", "pickup", "open", "close",
)  # fmt: skip
#: Turn verbs that are the seed's table rows, by manoeuvre id (for the provoking check and the log).
ROWS = {
    "stand": "stand",
    "draw": "draw",
    "reload": "reload",
    "recovery": "recovery",
    "recover": "recover-stun",
    **items.ROWS,
    "open": "door",
    "close": "door",
}
_EVERY_VERB = frozenset(TURN_VERBS)
#: Turn verbs of an attack action (listed only while one is open) and of move actions done in place.
_ATTACK_ACTIONS = frozenset(("attack", "dodge", "ready"))
_MOVE_ACTIONS = frozenset(("stand", "crawl", "open", "close", "reload"))
#: Turn verbs listed without a search, often open while anything is: whether a Phase is spent asks them first.
_QUICK = frozenset(("dodge", "prone", "stand", "recover"))
#: Move actions done in place, after any attack of opportunity they provoke (rule 10).
IN_PLACE = ("stand", "draw", "reload", "sheathe", "pickup", "open", "close")


def _fighter(game: G, cid: str) -> Fighter:
    spec = game.start[cid]
    sheet = game.sheet(cid)
    c = spec.spec
    drawn = c.drawn if c.drawn is not None else sheet.weapons[0]
    carried = [w for w in sheet.weapons if w != "fists"]
    fighter = Fighter(
        cid,
        spec.side,
        spec.at,
        c.stun_now if c.stun_now is not None else sheet.stun,
        c.body_now if c.body_now is not None else sheet.body,
        aware=c.aware,
        prone=c.prone,
        drawn=None if drawn == "fists" else drawn,
        ammo=shots_at_start(c.ammo, carried, game.weapons, spec.id),
        carried=carried,
    )
    fighter.out = fighter.stun <= 0 or fighter.body <= 0
    return fighter


class Phase3d6(OneAtATime[Phase3d6Game, Phase3d6State]):
    """Phase 3d6 (seed 004: Phases, attacks of opportunity, delay, ready, abort) on a hex map."""

    id = "phase3d6"
    name = "Phase 3d6"
    version = "1.0 (seed 004: combat sequence, attacks of opportunity, special initiative actions)"
    state_type = Phase3d6State
    harm_unit = "STUN"
    round_unit = "Phases"
    outcome_classes = odds.OUTCOMES

    def __init__(self) -> None:
        holds.wire()

    # -- statistics and odds (tally.py, odds.py, duel.py) -----------------------------------------

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

    def new_game(self, setup: Mapping[str, Any]) -> G:
        return build_game(self, setup)

    def new_state(self, game: G) -> S:
        state = Phase3d6State()
        for cid in game.start:
            state.fighters[cid] = _fighter(game, cid)
        state.ground = [copy.copy(item) for item in game.ground]
        state.objects = {did: copy.copy(door) for did, door in game.doors.items()}
        return state

    def observe(self, game: G, state: S, side: str | None) -> dict[str, Any]:
        """The state, and the hexes in darkness (``darkness``, rule 18) for the faces to draw."""
        return {**super().observe(game, state, side), "darkness": sorted(game.dark)}

    def side_of(self, game: G, actor: str) -> str:
        return game.start[actor].side

    def start(self, game: G, state: S, ctx: Context) -> None:
        ctx.emit(FightStarted(self.id, tuple(state.fighters)))
        phases.start_fight(game, state, ctx)
        phases.settle(game, state, ctx)

    # -- what is legal ----------------------------------------------------------------------------

    def turn_of(self, state: S) -> str | None:
        return state.acting

    def answers(self, game: G, state: S) -> list[Action]:
        decision = state.pending[-1]
        who = state.fighters[decision.actor]
        if decision.kind == "opportunity":
            target = state.fighters[decision.trigger]
            out = [
                listed(who.id, "opportunity", target.id, using=w.name, flags=f)
                for w in combat.usable_weapons(game, who)
                if w.kind == "melee" and target_ok(game, state, who, target, w)
                for f in _flag_sets(game, w)
            ]
            return [*out, listed(who.id, "pass")]
        if decision.kind == "abort":
            aborts = [listed(who.id, "abort", flags=(m,)) for m in combat.defensive_maneuvers(game)]
            return [*aborts, listed(who.id, "pass")]
        if decision.kind == "interject":
            return [listed(who.id, "act"), listed(who.id, "pass")]
        trigger = state.fighters[decision.trigger]
        return [*readied.answers(game, state, who, trigger), listed(who.id, "pass")]

    def turn_actions(
        self, game: G, state: S, actor: str, verbs: Collection[str] | None = None
    ) -> list[Action]:
        """The actions of the character whose place in the Phase it is (only of ``verbs``, when given: the
        others are not looked for)."""
        wanted = _EVERY_VERB if verbs is None else frozenset(verbs)
        f = state.fighters[actor]
        out: list[Action] = []
        if f.stunned and game.options.hero_stunned:
            if "recover" in wanted and _full_or_split(state, f, "recover"):
                out.append(listed(f.id, "recover"))
            return [*out, listed(f.id, "end")] if "end" in wanted else out
        if "delay" in wanted and not (f.attacked or f.moves or f.full or f.hexes) and f.held == "":
            out += [listed(f.id, "delay", s.key) for s in state.order.slots if s.key != f.id]
            out.append(listed(f.id, "delay"))
        if not wanted.isdisjoint(_ATTACK_ACTIONS) and economy.attack_problem(state, f) is None:
            out += self._attacks(game, state, f) if "attack" in wanted else []
            out += [listed(f.id, "dodge")] if "dodge" in wanted else []
            out += readied.candidates(game, state, f) if "ready" in wanted else []
        out += movement.move_candidates(game, state, f) if "move" in wanted else []
        out += movement.step_candidates(game, state, f) if "step" in wanted else []
        if "withdraw" in wanted and economy.full_problem(state, f) is None and not (f.prone or f.stepped):
            out += _full_moves(game, state, f)
        if "recovery" in wanted and _full_or_split(state, f, "recovery"):
            out.append(listed(f.id, "recovery"))
        if not wanted.isdisjoint(_MOVE_ACTIONS) and economy.move_problem(state, f) is None:
            out += self._move_actions(game, state, f, wanted)
        out += [listed(f.id, "prone")] if not f.prone and "prone" in wanted else []
        if not wanted.isdisjoint(items.ROWS):
            move_open = economy.move_problem(state, f) is None
            out += [a for a in items.candidates(state, f, move_open=move_open) if a.verb in wanted]
        return [*out, listed(f.id, "end")] if "end" in wanted else out

    def _attacks(self, game: G, state: S, f: Fighter) -> list[Action]:
        out = []
        for weapon in combat.usable_weapons(game, f):
            flags = _flag_sets(game, weapon)
            for target in state.fighters.values():
                if combat.target_problem(game, state, f, target, weapon) is None:
                    out += [listed(f.id, "attack", target.id, using=weapon.name, flags=fl) for fl in flags]
        return out

    def _move_actions(self, game: G, state: S, f: Fighter, wanted: frozenset[str]) -> list[Action]:
        """The move actions of :data:`_MOVE_ACTIONS` (a move action being open), only of ``wanted`` verbs."""
        out: list[Action] = []
        if f.prone:
            out += [listed(f.id, "stand")] if "stand" in wanted else []
            if not f.hexes and "crawl" in wanted:
                taken = {o.pos for o in state.fighters.values() if not o.out} | doors.closed(state)
                out += [listed(f.id, "crawl", at=q) for q, _ in game.board.exits(f.pos) if q not in taken]
        if "open" in wanted or "close" in wanted:
            out += [a for a in doors.candidates(game, state, f) if a.verb in wanted]
        weapon = game.weapons.get(f.drawn or "")
        if weapon is not None and weapon.ammo is not None and f.ammo.get(weapon.name, 0) < weapon.ammo:
            out += [listed(f.id, "reload")] if "reload" in wanted else []
        return out

    def normalize(self, game: G, state: S, action: Action) -> Action:
        """An attack, attack of opportunity or readied attack without ``with`` uses the weapon in hand (the
        fists when nothing is drawn): the listed form names it."""
        fighter = state.fighters.get(action.actor)
        if fighter is None or action.using is not None or not _names_a_weapon(game, action):
            return action
        weapon = fighter.drawn or "fists"
        return Action(action.actor, action.verb, action.target, action.at, weapon, action.flags, action.to)

    # -- why not --------------------------------------------------------------------------------

    def takes_route(self, game: G, action: Action) -> bool:
        """Issue 14 point 9: a move or a Withdraw may follow waypoints (a crawl and a step go 1 hex)."""
        return action.verb in ("move", "withdraw")

    def why_illegal(self, game: G, state: S, action: Action) -> str | None:
        fighter = state.fighters.get(action.actor)
        if fighter is None:
            return f"no combatant '{action.actor}' (combatants: {', '.join(state.fighters)})"
        if state.over:
            return "the fight is over"
        if state.pending:
            decision = state.pending[-1]
            if decision.actor != fighter.id or action.verb not in ANSWERS[decision.kind]:
                kinds = " or ".join(ANSWERS[decision.kind])
                raised = f"the {decision.kind} raised by {decision.trigger}"
                if decision.kind == "interject":
                    raised = "whether it acts now on its delayed action"
                return f"waiting for {decision.actor} to answer {raised} ({kinds})"
        elif state.acting != fighter.id:
            return f"it is {state.acting or 'nobody'}'s place in the Phase, not {fighter.id}'s (rule 2)"
        elif action.verb not in TURN_VERBS:
            return f"unknown action '{action.verb}'; Phase 3d6 actions: {', '.join(TURN_VERBS)}"
        elif action.via:
            return _route_refusal(game, state, fighter, action)
        if action in self.legal_actions_of(game, state, fighter.id, {action.verb}):
            return None
        return self._explain(game, state, fighter, action)

    def _explain(self, game: G, state: S, f: Fighter, action: Action) -> str:
        """Why a well-formed action is not legal now, in the rules' words."""
        verb = action.verb
        if _names_a_weapon(game, action) and action.using is None:
            usable = [f"with {w.name}" for w in combat.usable_weapons(game, f)] or ["with a weapon"]
            return f"name the weapon: {action} {usable[0]} (usable now: {', '.join(usable)})"
        if verb == "ready":
            return economy.attack_problem(state, f) or readied.refusal(game, state, f, action)
        if verb in ("attack", "opportunity"):
            return self._attack_refusal(game, state, f, action)
        if verb in ("move", "withdraw", "crawl"):
            return _move_refusal(game, state, f, action)
        if verb == "step":
            return economy.step_problem(game, f, f.full and f.hexes > 0) or _step_refusal(game, f, action)
        if verb == "dodge":
            return economy.attack_problem(state, f) or "dodge takes no target"
        if verb in ("stand", "reload"):
            return _move_action_refusal(game, state, f, action)
        if verb in items.ROWS:
            return _move_problem(state, f, verb) or items.refusal(state, f, action)
        if verb in ("open", "close"):
            return economy.move_problem(state, f) or doors.refusal(game, state, f, action)
        if verb in ("recovery", "recover"):
            if verb == "recover" and not f.stunned:
                return f"{f.id} is not Stunned"
            return economy.full_problem(state, f) or f"{f.id} cannot take {verb} now"
        if verb == "prone":
            return f"{f.id} is already prone"
        if verb == "delay":
            return (
                f"{f.id} delays only before acting this Phase: 'delay' (act between any two later places)"
                " or 'delay T' (right after T) (rule 19)"
            )
        if verb == "fire":
            return (
                "no 1-hex step there with the readied action: an open neighbouring hex from which it can be"
                " taken, and only if it has not moved this Phase (seed l.100)"
            )
        if verb == "abort":
            defences = ", ".join("+" + m for m in combat.defensive_maneuvers(game))
            return f"abort to one of: {defences} (rule 21)"
        return f"'{action}' is not possible now"

    def _attack_refusal(self, game: G, state: S, f: Fighter, action: Action) -> str:
        weapon = combat.weapon_of(game, f, action.using)
        if weapon is None:
            return f"{f.id} has no {action.using} in hand (draw it first, or use its fists)"
        target = state.fighters.get(action.target or "")
        if target is None:
            return f"name the target: {f.id} {action.verb} TARGET with {weapon.name}"
        problem = combat.target_problem(game, state, f, target, weapon)
        if problem:
            return problem
        if action.verb == "attack" and economy.attack_problem(state, f):
            return economy.attack_problem(state, f) or ""
        allowed = [f"+{m}" for m in combat.attack_maneuvers(game, weapon) if m != "strike"]
        return f"manoeuvres {f.id} may use with {weapon.name}: {', '.join(allowed) or 'none but a Strike'}"

    # -- resolving --------------------------------------------------------------------------------

    def resolve(self, game: G, state: S, action: Action, ctx: Context) -> None:
        fighter = state.fighters[action.actor]
        if state.pending:
            self._answer(game, state, fighter, action, ctx)
        else:
            self._turn(game, state, fighter, action, ctx)
        self._resume(game, state, ctx)
        if state.acting is not None and not state.pending and not state.suspended:
            acting = state.fighters[state.acting]
            if acting.out or self._spent(game, state, acting):
                phases.end_slot(state, ctx)
        phases.settle(game, state, ctx)

    def _spent(self, game: G, state: S, f: Fighter) -> bool:
        """Nothing at all is left for it to do, free actions included (rule 14: 'you can also perform one or
        more free actions'): its Phase ends by itself; otherwise it ends when it says 'end'."""
        if any(a.verb != "end" for a in self.turn_actions(game, state, f.id, _QUICK)):
            return False  # a Dodge, dropping prone or standing up is left: no need to list the rest
        return all(a.verb == "end" for a in self.turn_actions(game, state, f.id))

    def _resume(self, game: G, state: S, ctx: Context) -> None:
        """Go on with suspended work, top first, as soon as no decision holds it up (a decision holds up the
        work it was raised for, ``blocks``, and everything below it)."""
        while state.suspended and not state.over:
            top = len(state.suspended) - 1
            if state.pending and state.pending[-1].data.get("blocks", -1) >= top:
                return
            kind = state.suspended[-1].kind
            if kind == "attack":
                combat.resume_attack(game, state, ctx)
            elif kind == "move":
                movement.resume(game, state, ctx)
            elif kind == "readied":
                work = state.suspended.pop()
                if not state.fighters[work.actor].out:
                    self._take_readied(game, state, state.fighters[work.actor], Action.parse(work.note), ctx)
            else:
                work = state.suspended.pop()
                actor = state.fighters[work.actor]
                action = Action.parse(work.note)
                if not actor.out and _still_possible(game, state, actor, action):
                    self._carry_out(game, state, actor, action, ctx)
                elif not actor.out:
                    ctx.emit(PhaseActionLost(actor.id, f"'{action}' can no longer be done (rule 10)"))

    def _answer(self, game: G, state: S, f: Fighter, action: Action, ctx: Context) -> None:
        decision = state.pending.pop()
        if action.verb == "pass":
            return
        if decision.kind == "opportunity":
            weapon = combat.weapon_of(game, f, action.using)
            assert weapon is not None
            maneuver = action.flags[0] if action.flags else "strike"
            combat.opportunity(game, state, f, state.fighters[decision.trigger], weapon, maneuver, ctx)
        elif decision.kind == "abort":
            holds.abort(game, state, f, action.flags[0], ctx)
        elif decision.kind == "interject":
            phases.step_in(game, state, f, ctx)
        else:
            self._fire(game, state, f, state.fighters[decision.trigger], action, ctx)

    def _fire(self, game: G, state: S, f: Fighter, trigger: Fighter, answer: Action, ctx: Context) -> None:
        """Rule 20: the readied action goes just before the trigger's, after the 1-hex step the answer
        names (seed l.100); it waits as a ``Suspended('readied')`` record while the step's decisions are
        made."""
        holds.fire(game, state, f, trigger, ctx)
        state.suspended.append(Suspended(f.id, "readied", note=str(readied.action_of(game, f, trigger))))
        if answer.at is not None:
            movement.start_move(game, state, f, "step", readied.one_hex(f, answer.at), ctx)

    def _take_readied(self, game: G, state: S, f: Fighter, action: Action, ctx: Context) -> None:
        """Rule 20: carry out the readied action if it can still be taken, provoking as it would on its own
        ("the action that you ready might do so")."""
        target = state.fighters.get(action.target or "")
        if readied.problem(game, state, f, target or f) is not None:
            ctx.emit(PhaseActionLost(f.id, f"'{action}' can no longer be done (rule 20)"))
        elif action.verb == "attack" and target is not None:
            maneuver = action.flags[0] if action.flags else "strike"
            combat.declare(game, state, f, target, game.weapons[action.using or ""], maneuver, ctx)
        elif action.verb == "dodge":
            holds.defend(game, state, f, "dodge", ctx)
        elif action.verb in ("move", "crawl"):
            self._go(game, state, f, *readied.route(game, state, f, action), ctx)
        elif action.verb in IN_PLACE:
            self._in_place(game, state, f, action, ctx)
        else:
            self._carry_out(game, state, f, action, ctx)

    def _turn(self, game: G, state: S, f: Fighter, action: Action, ctx: Context) -> None:
        verb = action.verb
        if verb == "end":
            phases.end_slot(state, ctx)
        elif verb == "delay":
            holds.delay(state, f, action.target or "", ctx)
        elif verb in IN_PLACE:
            f.moves += 1  # a move action, paid now and done after any attacks of opportunity (rule 10)
            self._in_place(game, state, f, action, ctx)
        elif verb in ("move", "withdraw", "crawl", "step"):
            self._move(game, state, f, action, ctx)
        else:
            self._carry_out(game, state, f, action, ctx)

    def _in_place(self, game: G, state: S, f: Fighter, action: Action, ctx: Context) -> None:
        """A move action done where it stands: after the attacks of opportunity it provokes (rule 10)."""
        if self._provokes(game, state, f, action.verb, ctx):
            state.suspended.append(Suspended(f.id, "action", note=str(action)))
        else:
            self._carry_out(game, state, f, action, ctx)

    def _provokes(self, game: G, state: S, f: Fighter, verb: str, ctx: Context) -> bool:
        """Rule 9b, 16: a distracting move action in a threatened hex, as its row of the table says ("yes";
        "skill": a skill check negates)."""
        row = game.maneuvers[ROWS[verb]]
        if row.provokes == "no":
            return False
        return combat.offer(game, state, f, f.pos, row.title.lower(), row.provokes == "skill", ctx)

    def _move(self, game: G, state: S, f: Fighter, action: Action, ctx: Context) -> None:
        assert action.at is not None
        if action.via:
            planned = movement.route_kind(game, state, f, action)
            assert not isinstance(planned, str)
            kind, path = planned
        elif action.verb == "move":
            found = movement.kind_of_move(game, state, f, action.at)
            assert found is not None
            kind, path = found
        elif action.verb == "withdraw":
            kind, path = "withdraw", movement.routes(game, state, f, game.sheet(f.id).move)[action.at]
        else:
            kind = action.verb if action.verb == "step" else "crawl"
            path = Path((f.pos, action.at), 1, (0, 1))
        self._go(game, state, f, kind, path, ctx)

    def _go(self, game: G, state: S, f: Fighter, kind: str, path: Path, ctx: Context) -> None:
        """Start a move: readied actions it sets off go first (rule 20), then the walk."""
        holds.raise_ready(game, state, f, "moves", ctx)
        if state.pending:  # rule 20: readied attacks go just before the move
            self._pay_move(f, kind)
            free = movement.free_hexes(game, kind)
            state.suspended.append(Suspended(f.id, "move", list(path.cells[1:]), {"free": free}, _how(kind)))
            ctx.emit(ManeuverUsed(f.id, kind, game.maneuvers[kind].type))
            return
        movement.start_move(game, state, f, kind, path, ctx)

    def _pay_move(self, f: Fighter, kind: str) -> None:
        if kind in ("half-move", "crawl"):
            f.moves += 1
        elif kind in ("full-move", "withdraw"):
            f.full = True
        else:
            f.stepped = True

    def _carry_out(self, game: G, state: S, f: Fighter, action: Action, ctx: Context) -> None:
        verb = action.verb
        if verb == "attack":
            weapon = combat.weapon_of(game, f, action.using)
            assert weapon is not None
            f.attacked = True
            maneuver = action.flags[0] if action.flags else "strike"
            combat.declare(game, state, f, state.fighters[action.target or ""], weapon, maneuver, ctx)
        elif verb == "dodge":
            f.attacked = True
            holds.defend(game, state, f, "dodge", ctx)
        elif verb == "ready":
            weapon = combat.weapon_of(game, f, action.using)
            readied.store(game, state, f, action, weapon.name if weapon else "fists", ctx)
        elif verb == "stand":
            f.prone = False
            ctx.emit(ManeuverUsed(f.id, "stand", "move"))
        elif verb == "prone":
            f.prone = True
            ctx.emit(ManeuverUsed(f.id, "drop-prone", "free"))
        elif verb == "draw":
            items.draw(f, action.target or "", ctx)
        elif verb == "sheathe":
            items.sheathe(f, ctx)
        elif verb == "pickup":
            items.pick_up(state, f, action.target or "", ctx)
        elif verb in ("open", "close"):
            doors.swing(state, f, action, ctx)
        elif verb == "reload":
            weapon = game.weapons[f.drawn or ""]
            f.ammo[weapon.name] = weapon.ammo or 0
            ctx.emit(ManeuverUsed(f.id, "reload", "move"))
        elif verb == "drop":
            items.drop(state, f, ctx)
        elif verb in ("recovery", "recover") and not self._full_phase(state, f, ROWS[verb], ctx):
            return  # started with a move action: it happens when it is completed (rule 15)
        elif verb == "recovery":
            phases.recover(game, f, "Take a Recovery", ctx)
        elif verb == "recover":
            f.stunned = False
            ctx.emit(FighterDown(f.id, "recovered from being Stunned"))

    def _full_phase(self, state: S, f: Fighter, row: str, ctx: Context) -> bool:
        """Pay for a full-Phase action; True when it happens now. In a restricted Phase a move action starts
        it and a later move action completes it (rule 15)."""
        if f.split == row:
            f.moves += 1
            f.split = ""
            ctx.emit(ManeuverUsed(f.id, row, "completed with a move action"))
            return True
        if economy.full_problem(state, f) is None:
            f.full = True
            ctx.emit(ManeuverUsed(f.id, row, "full"))
            return True
        f.moves += 1
        f.split, f.split_phase = row, state.order.round
        ctx.emit(ManeuverUsed(f.id, row, "started with a move action"))
        return False


def _full_or_split(state: S, f: Fighter, verb: str) -> bool:
    """Rule 15: a full-Phase action now, or one started (restricted Phase) or completed with a move action."""
    if economy.full_problem(state, f) is None:
        return True
    move_open = economy.move_problem(state, f) is None
    return move_open and (f.split == ROWS[verb] or (economy.restricted(state) and not f.split))


def _move_refusal(game: G, state: S, f: Fighter, action: Action) -> str:
    """Why a move, Withdraw or crawl is refused, naming the limit that stops it."""
    if f.stepped:
        return f"{f.id} took a 1-hex step this Phase: no other movement (rule 18)"
    if action.verb == "crawl":
        if not f.prone:
            return f"{f.id} is not prone: crawling is for the prone (walk with 'move')"
        return economy.move_problem(state, f) or "a crawl goes 1 hex, to an open neighbouring hex"
    if action.verb == "withdraw":
        return (
            economy.full_problem(state, f) or f"{f.id} cannot withdraw to {_at(action)} (out of its movement)"
        )
    if f.prone:
        return f"{f.id} is prone: stand up first, or crawl"
    half = economy.half_move(game, f)
    far = movement.routes(game, state, f, game.sheet(f.id).move).get(action.at or f.pos)
    if far is None:
        return f"{f.id} cannot reach {_at(action)} (enemies block; allies' hexes are crossed, not ended on)"
    if far.cost <= half and economy.move_problem(state, f):
        return economy.move_problem(state, f) or ""
    full = economy.full_problem(state, f)
    if full:
        too_far = f"{_at(action)} is {far.cost} hexes away, more than a half move ({half})"
        return f"{too_far}: a full-Phase action, and {full}"
    return f"{f.id} cannot move to {_at(action)} now"


def _route_refusal(game: G, state: S, f: Fighter, action: Action) -> str | None:
    """Issue 14 point 9: a move or Withdraw along waypoints, judged by the rules of any move (not listed)."""
    if f.stepped:
        return f"{f.id} took a 1-hex step this Phase: no other movement (rule 18)"
    if f.prone:
        return f"{f.id} is prone: stand up first, or crawl"
    if action.flags:
        return f"a {action.verb} takes no flags: {f.id} {action.verb} @Q,R @Q,R ..."
    found = movement.route_kind(game, state, f, action)
    return found if isinstance(found, str) else None


def _step_refusal(game: G, f: Fighter, action: Action) -> str:
    """Why a 1-hex step to a hex is refused (rule 18, seed l.94)."""
    for hex_, where in ((f.pos, "from"), (action.at or f.pos, "into")):
        if hex_ in game.dark:
            return f"no 1-hex step {where} darkness ({_hex(hex_)}): movement there is hampered (seed l.94)"
        if game.board.terrain(hex_).difficult:
            return f"no 1-hex step {where} difficult terrain ({_hex(hex_)}) (seed l.94)"
    return "a 1-hex step goes to an open adjacent hex (rule 18)"


def _hex(pos: tuple[int, int]) -> str:
    return f"@{pos[0]},{pos[1]}"


def _move_problem(state: S, f: Fighter, verb: str) -> str | None:
    """Why a move action is not open now (a free action such as ``drop`` needs none)."""
    return None if verb == "drop" else economy.move_problem(state, f)


def _names_a_weapon(game: G, action: Action) -> bool:
    """An attack, an attack of opportunity, or a readied attack: ``with W`` names the weapon."""
    if action.verb == "ready":
        found = readied.kind_of(action)
        return found is not None and combat.is_attack(game, found[0])
    return action.verb in ("attack", "opportunity")


def _flag_sets(game: G, weapon: Any) -> list[tuple[str, ...]]:
    """The flags of an attack with ``weapon``: none for a Strike, ``+M`` for every other attack manoeuvre
    it may use (rule 16, a scenario's own included)."""
    return [() if m == "strike" else (m,) for m in combat.attack_maneuvers(game, weapon)]


def _at(action: Action) -> str:
    return _hex(action.at) if action.at else "there"


def _move_action_refusal(game: G, state: S, f: Fighter, action: Action) -> str:
    """Why stand or reload is refused."""
    problem = economy.move_problem(state, f)
    if problem:
        return problem
    if action.verb == "stand":
        return f"{f.id} is not prone"
    return f"{f.id}'s weapon in hand needs no reloading (or takes no ammunition)"


def _still_possible(game: G, state: S, f: Fighter, action: Action) -> bool:
    """After the attacks of opportunity it provoked, can the action still be done (rule 10)? (A Disarm may
    have taken the gun to reload; a knock-down is not modelled.)"""
    if action.verb == "reload":
        weapon = game.weapons.get(f.drawn or "")
        return weapon is not None and weapon.ammo is not None
    if action.verb == "stand":
        return f.prone
    return items.still_possible(state, f, action)


def _how(kind: str) -> str:
    return {"half-move": "move", "full-move": "move"}.get(kind, kind)


def _full_moves(game: G, state: S, f: Fighter) -> list[Action]:
    """``withdraw @q,r`` to every hex its full movement reaches (E9)."""
    reach = game.sheet(f.id).move
    return [listed(f.id, "withdraw", at=p) for p in sorted(movement.routes(game, state, f, reach))]


def target_ok(game: G, state: S, who: Fighter, target: Fighter, weapon: Any) -> bool:
    """True when ``who`` can attack ``target`` with ``weapon`` now."""
    return combat.target_problem(game, state, who, target, weapon) is None
