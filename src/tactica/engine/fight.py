"""A fight: the engine's public verbs over one rule system.

A fight is its setup, the actions taken and the faces rolled. Replaying them gives the same fight, event for
event; :meth:`Fight.undo` is that replay minus the last action.
"""

from __future__ import annotations

import copy
import hashlib
import json
import operator
import pickle
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from tactica.dice import DiceError, ScriptedDice, SeededDice
from tactica.dice.source import DiceSource
from tactica.engine import save
from tactica.engine.action import Action, written
from tactica.engine.errors import IllegalAction, ResolutionFault, TacticaError
from tactica.engine.events import ActionTaken, Event
from tactica.engine.save import SaveError
from tactica.engine.system import Context, Game, Outcome, RuleSystem, State
from tactica.engine.tape import DiceTape

_ACTOR = operator.attrgetter("actor")
#: Undo replays from the nearest checkpoint, a copy of the state taken every this many actions.
CHECKPOINT_EVERY = 16


class Fight:
    """One fight under one rule system: ``legal_actions``, ``apply``, ``undo``, ``clone``, ``is_over``."""

    def __init__(
        self, game: Game, *, seed: int = 0, dice: DiceSource | None = None, checkpoints: bool = True
    ) -> None:
        """A fight of ``game`` rolling ``dice`` (by default dice seeded ``seed``). Without ``checkpoints``
        no copy of the state is kept (a fight nobody undoes, as in ``sim``): undo replays from the start."""
        self.game = game
        self.system: RuleSystem[Any, Any] = game.system
        self.seed = seed
        self.tape = DiceTape(dice if dice is not None else SeededDice(seed))
        self.events: list[Event] = []
        self.history: list[Action] = []
        self._marks: list[tuple[int, int]] = []
        self._legal: list[Action] | None = None
        self._legal_set: frozenset[Action] | None = None
        #: The ids of every action listed since the last action: the objects are kept in the listings.
        self._listed_ids: set[int] = set()
        self._legal_of: dict[tuple[str, frozenset[str] | None], list[Action]] = {}
        self._legal_of_sets: dict[tuple[str, frozenset[str] | None], frozenset[Action]] = {}
        self._deciding: list[str] | None = None
        self.state: State = self.system.new_state(game)
        self.system.start(game, self.state, self._context())
        self._checkpoints: dict[int, tuple[State, int, int]] = {}
        self.checkpoints = checkpoints
        if checkpoints:
            self._checkpoint()

    @classmethod
    def new(cls, system: RuleSystem[Any, Any], setup: Mapping[str, Any], **kwargs: Any) -> Fight:
        """Set up a fight from plain setup data (see each system's docs)."""
        return cls(system.new_game(setup), **kwargs)

    # -- the verbs --------------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action that may be taken now, each naming its actor."""
        if self._legal is None:
            self._legal = [] if self.state.over else self.system.legal_actions(self.game, self.state)
            self._listed_ids.update(map(id, self._legal))
        return self._legal

    def legal_actions_of(self, actor: str, verbs: Collection[str] | None = None) -> list[Action]:
        """The legal actions of one actor (with one of ``verbs``, when given): those ``legal_actions()``
        lists, in the same order, listed without the others when the rule system can (a policy deciding for
        one actor, and caring only for some verbs, needs no more)."""
        if self._legal is not None:
            return _actions_of(self._legal, actor, verbs)
        key = (actor, None if verbs is None else frozenset(verbs))
        found = self._legal_of.get(key)
        if found is None:
            over = self.state.over
            found = [] if over else self.system.legal_actions_of(self.game, self.state, actor, key[1])
            self._legal_of[key] = found
            self._listed_ids.update(map(id, found))
        return found

    def deciding(self) -> list[str]:
        """The actors who may decide now, in the order their first legal action appears."""
        if self._legal is not None:
            return list(dict.fromkeys(map(_ACTOR, self._legal)))
        if self._deciding is None:
            self._deciding = [] if self.state.over else self.system.deciding(self.game, self.state)
        return list(self._deciding)

    def normalize(self, action: Action | str) -> Action:
        """The action in the one written form the rules list (``ana attack orc`` may stand for ``ana attack
        orc with club`` when the club is in hand): see :meth:`RuleSystem.normalize`. Raises
        :class:`ActionSyntaxError` for text that does not read as an action, or a malformed
        :class:`Action`. A route (an action with waypoints) is taken as written: no short form applies to
        it."""
        checked = Action.check(action)
        return checked if checked.via else self.system.normalize(self.game, self.state, checked)

    def why_illegal(self, action: Action | str) -> str | None:
        """None if ``action`` is among the legal actions now, else why not (in the rules' words where the
        system can say; else what the legal forms of that verb are)."""
        return self._why_not(self.normalize(action))

    def apply(self, action: Action | str) -> list[Event]:
        """Validate and resolve ``action``; return the events it caused.

        Only an action the current state lists as legal is taken (the history holds it in the system's
        written form, :meth:`normalize`); anything else raises :class:`IllegalAction` (or
        :class:`ActionSyntaxError`). Applying is all-or-nothing: whatever fails while the action resolves,
        the fight is left exactly as it was (a failure that is not the rules refusing, a bug, is raised as
        :class:`ResolutionFault`)."""
        if isinstance(action, Action) and id(action) in self._listed_ids:
            return self._take(action)  # one of the listed objects: well-formed, in written form, legal
        action = self.normalize(action)
        reason = self._why_not(action)
        if reason is not None:
            raise IllegalAction(action, reason)
        return self._take(action)

    def undo(self, *, reroll: bool = False) -> Action:
        """Take back the last action. Its faces stay on the tape (taken again, it rolls the same) unless
        ``reroll`` is set."""
        if not self.history:
            raise TacticaError("nothing to undo: no action has been taken in this fight")
        last = self.history[-1]
        self._restore(self.history[:-1], self._marks[-1][0])
        if reroll:
            self.tape.rewind(self.tape.pos, keep_ahead=False)
        return last

    def clone(self, *, dice: DiceSource | None = None) -> Fight:
        """An independent copy sharing only the static game. With ``dice``, the copy rolls from them from
        now on (what-if branches, sampling): the faces drawn so far stay, those left ahead by an undo go."""
        other = copy.copy(self)
        other.state = _copy_state(self.state)
        if dice is None:
            other.tape = DiceTape(copy.deepcopy(self.tape.source), list(self.tape.faces))
            other.tape.pos = self.tape.pos
        else:
            other.tape = DiceTape(dice, self.tape.used)
        other.events = list(self.events)
        other.history = list(self.history)
        other._marks = list(self._marks)
        other._checkpoints = dict(self._checkpoints)
        other._legal_of = dict(self._legal_of)
        other._legal_of_sets = dict(self._legal_of_sets)
        other._listed_ids = set(self._listed_ids)
        return other

    def is_over(self) -> bool:
        """True when the fight has ended."""
        return self.state.over

    def outcome(self) -> Outcome | None:
        """Who won and why, once the fight is over."""
        if not self.state.over:
            return None
        state = self.state
        # a round limit stops the fight as the round after the last one opens: name the last round fought
        fought = state.order.round - (1 if state.cut_off else 0)
        return Outcome(state.winner, state.end_reason, fought, state.cut_off)

    def side_of(self, actor: str) -> str:
        """The side an actor fights for."""
        return self.system.side_of(self.game, actor)

    def observe(self, side: str | None = None) -> dict[str, Any]:
        """What one side may see of the state (everything when ``side`` is None)."""
        return self.system.observe(self.game, self.state, side)

    @property
    def faces(self) -> list[int]:
        """Every face rolled so far, in order."""
        return self.tape.used

    # -- replay and JSON --------------------------------------------------------------------------

    @classmethod
    def replay(
        cls, game: Game, actions: Iterable[Action | str], faces: Sequence[int] | None = None, *, seed: int = 0
    ) -> Fight:
        """Rebuild a fight from its actions and either its recorded faces or its seed."""
        dice = ScriptedDice(list(faces)) if faces is not None else None
        fight = cls(game, seed=seed, dice=dice)
        for action in actions:
            fight.apply(action)
        return fight

    def to_dict(self) -> dict[str, Any]:
        """The fight as JSON-ready data: setup, seed, actions, faces, the state they lead to, and a digest of
        each step (:mod:`tactica.engine.save`)."""
        return save.save_data(self)

    def log_digest(self) -> str:
        """A SHA-256 of the event log: equal for equal fights, different if any event differs."""
        text = json.dumps([e.to_dict() for e in self.events], separators=(",", ":"), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], system: RuleSystem[Any, Any]) -> Fight:
        """Load a fight saved by :meth:`to_dict`. Its actions are replayed over its faces, each checked for
        legality, and every step is compared with the saved digests: a missing or ill-typed field, an action
        that does not replay, or an edit raises :class:`SaveError` naming the field or the first step that
        differs."""
        data = save.check_fields(data, system)
        faces = list(data["faces"])
        try:
            fight = cls(system.new_game(data["setup"]), seed=data["seed"], dice=ScriptedDice(faces))
        except (DiceError, TacticaError) as error:
            raise SaveError(f"saved fight: its setup does not start a fight: {error}") from None
        for k, action in enumerate(data["actions"], 1):
            try:
                fight.apply(action)
            except (DiceError, TacticaError) as error:
                raise save.replay_error(k, action, error) from None
        rolled = fight.tape.pos
        fight.tape = DiceTape(SeededDice(data["seed"], rolled), faces[:rolled])
        save.check_steps(fight, data)  # an edited face: the first step that differs
        if rolled != len(faces):
            raise SaveError(
                f"saved fight: {len(faces) - rolled} of its faces were never rolled by its actions"
                " (faces were added by hand)"
            )
        return fight

    @property
    def marks(self) -> list[tuple[int, int]]:
        """Where each action of the history began: (tape position, number of events before it)."""
        return self._marks

    # -- internals --------------------------------------------------------------------------------

    def _take(self, action: Action) -> list[Event]:
        """Resolve an action known to be legal, all or nothing, and record it."""
        mark = (self.tape.pos, len(self.events))
        try:
            ctx = Context(self.tape, self.events)
            ctx.emit(ActionTaken(written(action)))
            self.system.resolve(self.game, self.state, action, ctx)
        except BaseException as error:
            self._restore(self.history, mark[0])
            if isinstance(error, (DiceError, TacticaError)) or not isinstance(error, Exception):
                raise
            raise ResolutionFault(action, error) from error
        self.history.append(action)
        self._marks.append(mark)
        self._forget_listings()
        if self.checkpoints and len(self.history) % CHECKPOINT_EVERY == 0:
            self._checkpoint()
        return self.events[mark[1] :]

    def _why_not(self, action: Action) -> str | None:
        """:meth:`why_illegal` of an action already normalized."""
        if self.state.over:
            return "the fight is over"
        if action.via:
            return self._route_refusal(action) or self._system_reason(action, "the rules could not check it")
        if self._is_listed(action):
            return None
        return self._system_reason(action) or self._not_listed(action)

    def _route_refusal(self, action: Action) -> str | None:
        """Why an action may not name a route at all: its verb names one square, or it names a target or an
        item. A route is accepted, never listed: past this, the system's reason decides."""
        if not self.system.takes_route(self.game, action):
            return (
                f"'{action.verb}' names one square, not a route of {len(action.route)}: only a move may list"
                f" waypoints (e.g. '{action.actor} move @1,0 @3,0 @3,2')"
            )
        if action.target is not None or action.using is not None:
            named = f"{action.actor} {action.verb} @X,Y @X,Y"
            return f"a move along waypoints names its squares and flags only: {named}"
        return None

    def _is_listed(self, action: Action) -> bool:
        """Whether ``action`` is among the legal actions now. Policies hand back one of the listed objects,
        so identity is tried before equality on the full list; when nothing was listed, the actor's actions
        of that verb are, as a set."""
        if self._legal is None:
            key = self._listing_of(action)
            members = self._legal_of_sets.get(key)
            if members is None:
                members = self._legal_of_sets[key] = frozenset(self._legal_of[key])
            return action in members
        if id(action) in self._listed_ids:
            return True
        if self._legal_set is None:
            self._legal_set = frozenset(self._legal)
        return action in self._legal_set

    def _listing_of(self, action: Action) -> tuple[str, frozenset[str] | None]:
        """The key of a listing that may hold ``action``: one already made for its actor that covers its
        verb, else the listing of that verb alone (made now)."""
        for actor, verbs in self._legal_of:
            if actor == action.actor and (verbs is None or action.verb in verbs):
                return actor, verbs
        self.legal_actions_of(action.actor, (action.verb,))
        return action.actor, frozenset((action.verb,))

    def _system_reason(self, action: Action, failed: str | None = None) -> str | None:
        """The system's reason against an unlisted action. A system that fails to say why (a bug in its
        reasons) gives ``failed`` rather than a crash: for an action that is never listed (a route) a
        refusal, for any other no reason (the action is refused whatever the system says)."""
        try:
            return self.system.why_illegal(self.game, self.state, action)
        except (DiceError, TacticaError) as error:
            return str(error)
        except Exception:
            return failed

    def _not_listed(self, action: Action) -> str:
        """Why an action the system gave no reason against is refused: the legal forms of its verb."""
        forms = [str(a) for a in self.legal_actions_of(action.actor, (action.verb,))]
        if not forms:
            return f"{action.actor} has no legal '{action.verb}' action now"
        shown = ", ".join(f"'{f}'" for f in forms[:3])
        more = f" (and {len(forms) - 3} more)" if len(forms) > 3 else ""
        return f"it is not among the legal actions now; the legal '{action.verb}' actions are {shown}{more}"

    def _forget_listings(self) -> None:
        self._legal = self._legal_set = self._deciding = None
        self._legal_of = {}
        self._legal_of_sets = {}
        self._listed_ids = set()

    def _context(self) -> Context:
        return Context(self.tape, self.events)

    def _checkpoint(self) -> None:
        self._checkpoints[len(self.history)] = (_copy_state(self.state), len(self.events), self.tape.pos)

    def _restore(self, actions: Sequence[Action], tape_pos: int) -> None:
        """Rebuild the state of ``actions`` (a prefix of the history): from the nearest checkpoint, replay the
        rest over the recorded faces; the live source and the faces ahead stay on the tape."""
        n = len(actions)
        faces, source = list(self.tape.faces), self.tape.source
        base = max((k for k in self._checkpoints if k <= n), default=None)
        if base is None:  # no checkpoint kept: set the fight up again over its own faces
            base = 0
            self.state = self.system.new_state(self.game)
            del self.events[:]
            self.tape = DiceTape(ScriptedDice(faces[:tape_pos]))
            self.system.start(self.game, self.state, self._context())
        else:
            state, n_events, pos = self._checkpoints[base]
            self._checkpoints = {k: v for k, v in self._checkpoints.items() if k <= n}
            self.state = _copy_state(state)
            del self.events[n_events:]
            self.tape = DiceTape(ScriptedDice(faces[pos:tape_pos]), faces[:pos])
        self.history, self._marks = list(actions[:base]), self._marks[:base]
        self._forget_listings()
        for action in actions[base:]:
            self._take(action)
        self.tape = DiceTape(source, faces)
        self.tape.pos = tape_pos


def _copy_state(state: State) -> State:
    """A deep copy of a state: through pickle, several times faster than ``copy.deepcopy`` on dataclasses
    (``deepcopy`` when something in the state cannot be pickled)."""
    try:
        copied = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    except (pickle.PicklingError, TypeError, AttributeError):
        return copy.deepcopy(state)
    assert isinstance(copied, State)
    return copied


def _actions_of(actions: list[Action], actor: str, verbs: Collection[str] | None) -> list[Action]:
    """The actions of ``actor`` (with one of ``verbs``, when given), in order. (A function of its own: the
    comprehension would make :meth:`Fight.legal_actions_of` build a cell per name it reads at every call.)"""
    return [a for a in actions if a.actor == actor and (verbs is None or a.verb in verbs)]
