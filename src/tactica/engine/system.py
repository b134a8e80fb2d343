"""The contract between the engine and a rule system.

OpenSpiel's split: a :class:`Game` holds the static facts of one fight (the system, its options, the board,
the combatants' sheets) and a :class:`State` holds where the fight is. A :class:`RuleSystem` fills small
hooks; :class:`tactica.engine.fight.Fight` does the bookkeeping (history, dice, undo, replay, JSON).
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Generic, NamedTuple, TypeVar

from tactica.dice import DiceExpr, Die, Roll
from tactica.dice.source import DiceSource
from tactica.engine.action import Action
from tactica.engine.events import Event, event_types
from tactica.engine.interrupts import Decision, Suspended
from tactica.engine.turn_order import TurnOrder


@dataclass(slots=True)
class State:
    """Where a fight is: the part every system shares. Systems subclass it with their own fields."""

    order: TurnOrder = field(default_factory=TurnOrder)
    pending: list[Decision] = field(default_factory=list)
    suspended: list[Suspended] = field(default_factory=list)
    winner: str | None = None
    over: bool = False
    end_reason: str = ""
    #: The fight was stopped by a limit (rounds, Turns) rather than decided.
    cut_off: bool = False


@dataclass(frozen=True, slots=True)
class Harm:
    """Harm one event records: ``amount`` (in the system's :attr:`RuleSystem.harm_unit`) taken by ``taker``,
    dealt by ``dealer`` (None when no one dealt it: bleeding, a fall)."""

    taker: str
    amount: float
    dealer: str | None = None


class Resolution(NamedTuple):
    """How one action turned out: its outcome class in the system's own words ("miss", "critical hit") and
    the harm it did, in the system's :attr:`RuleSystem.harm_unit`."""

    outcome: str
    harm: float


#: The three results of a fight, the same words in every command, log and JSON document (docs/cli.md):
#: a side won; a draw (the fight ended with no side standing, or the rules call it a draw); cut off (a limit
#: on rounds, Turns or actions stopped it before it was decided).
WIN, DRAW, CUT_OFF = "win", "draw", "cut off"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a fight ended: the winning side (None for a draw or a fight cut off), the reason, the last round
    fought (for a fight cut off by a round limit: the limit), and whether a limit stopped it (a round limit)
    rather than the fight being decided."""

    winner: str | None
    reason: str
    round: int
    cut_off: bool = False

    @property
    def result(self) -> str:
        """:data:`WIN`, :data:`DRAW` or :data:`CUT_OFF`."""
        if self.cut_off:
            return CUT_OFF
        return DRAW if self.winner is None else WIN


class Context:
    """What rules code may do while resolving: draw dice (recorded by the fight) and emit events."""

    __slots__ = ("draw", "emit", "events", "source")

    def __init__(self, source: DiceSource, events: list[Event]) -> None:
        self.source = source
        self.events = events
        #: Record an event: the list's own ``append`` (the most frequent call of rules code, issue 16 A).
        self.emit: Callable[[Event], None] = events.append
        #: ``draw(die, count, purpose)``: faces for ``count`` dice of kind ``die``, the source's own method.
        self.draw: Callable[[Die, int, str], tuple[int, ...]] = source.draw

    def die(self, die: Die, purpose: str) -> int:
        """One face of ``die``."""
        return self.source.draw(die, 1, purpose)[0]

    def roll(self, expr: DiceExpr, purpose: str) -> Roll:
        """Roll a dice expression, keeping every face."""
        return expr.roll(self.source, purpose)


S = TypeVar("S", bound=State)
G = TypeVar("G", bound="Game")


@dataclass(frozen=True)
class Game:
    """Static facts of one fight, shared by every state of it (and by clones)."""

    system: RuleSystem[Any, Any]
    setup: Mapping[str, Any]


class RuleSystem(abc.ABC, Generic[G, S]):
    """One rule system: the hooks the engine calls. Subclasses register in :mod:`tactica.systems`."""

    id: str = ""
    name: str = ""
    version: str = ""
    state_type: type[State] = State
    #: What :meth:`harm_done` counts, in the system's own terms ("hit points", "wounds").
    harm_unit: str = "harm"
    #: What the engine's round counter (``state.order.round``, :attr:`Outcome.round`) counts.
    round_unit: str = "rounds"
    #: The outcome classes :meth:`resolution` reports, in the order they are shown.
    outcome_classes: tuple[str, ...] = ()

    def event_types(self) -> dict[str, type[Event]]:
        """The events a fight of this system may record, by kind: the engine's own and those defined in the
        system's package (the package its class is defined in)."""
        package = type(self).__module__.rpartition(".")[0] + "."
        return {
            kind: cls
            for kind, cls in event_types().items()
            if cls.__module__ == Event.__module__ or cls.__module__.startswith(package)
        }

    @abc.abstractmethod
    def new_game(self, setup: Mapping[str, Any]) -> G:
        """Validate plain setup data (options, map, combatants) and build the static game."""

    @abc.abstractmethod
    def new_state(self, game: G) -> S:
        """The state before anything has happened."""

    @abc.abstractmethod
    def start(self, game: G, state: S, ctx: Context) -> None:
        """Roll initiative and open the first turn."""

    @abc.abstractmethod
    def legal_actions(self, game: G, state: S) -> list[Action]:
        """Every action that may be taken now, by every actor who may decide now."""

    def legal_actions_of(
        self, game: G, state: S, actor: str, verbs: Collection[str] | None = None
    ) -> list[Action]:
        """The actions of :meth:`legal_actions` whose actor is ``actor`` (and verb one of ``verbs``, when
        given), in the same order. Systems that list actions actor by actor and verb by verb override it to
        list only those."""
        return [
            a
            for a in self.legal_actions(game, state)
            if a.actor == actor and (verbs is None or a.verb in verbs)
        ]

    def deciding(self, game: G, state: S) -> list[str]:
        """The actors who may decide now, in the order their first legal action appears in
        :meth:`legal_actions`. Systems override it when they can tell without listing every action."""
        return list(dict.fromkeys(a.actor for a in self.legal_actions(game, state)))

    def normalize(self, game: G, state: S, action: Action) -> Action:
        """The written form of ``action`` that :meth:`legal_actions` lists, when a shorter form means the same
        (an omitted default filled in). The default: the action as written."""
        return action

    @abc.abstractmethod
    def why_illegal(self, game: G, state: S, action: Action) -> str | None:
        """None when ``action`` may be taken now, else the reason in the rules' own words. For a route (an
        action with waypoints, which :meth:`legal_actions` never lists) None makes it legal: the system
        checks the whole route by its rules."""

    def takes_route(self, game: G, action: Action) -> bool:
        """Whether ``action``'s verb may name a route of waypoints (``vex move @1,0 @3,0 @3,2``, issue 14
        point 9); a route is accepted, not offered: :meth:`why_illegal` judges it. The default: no verb."""
        return False

    @abc.abstractmethod
    def resolve(self, game: G, state: S, action: Action, ctx: Context) -> None:
        """Carry out a legal action: roll, change the state, emit events, advance the turn."""

    @abc.abstractmethod
    def side_of(self, game: G, actor: str) -> str:
        """The side (team) an actor fights for."""

    def observe(self, game: G, state: S, side: str | None) -> dict[str, Any]:
        """What one side may see (default: everything): the state as data, each fighter's entry with the
        conditions the system derives rather than stores (:meth:`derived_conditions`)."""
        from tactica.engine.codec import to_data

        data = to_data(state)
        assert isinstance(data, dict)
        fighters = data.get("fighters")
        if isinstance(fighters, dict):
            for fid, entry in fighters.items():
                entry.update(self.derived_conditions(game, state, fid))
        return data

    def derived_conditions(self, game: G, state: S, fighter: str) -> dict[str, Any]:
        """Conditions of a fighter that follow from its state instead of being stored (a THRUM character is
        Frayed at Resolve 0), so a scenario can expect every condition the system tracks as a state path
        (``ana.frayed``; issue 14 point 9). Default: none."""
        return {}

    def sealed(self, game: G, state: S) -> Collection[str]:
        """The actors whose last action is a declaration the other side may not see yet (simultaneous
        declarations, revealed when the slot resolves); a table shows only that they declared. Default:
        none."""
        return ()

    # -- answers for designers (statistics, odds); each has a neutral default ----------------------------

    def harm_done(self, game: G, event: Event) -> Sequence[Harm]:
        """The harm one event records, in :attr:`harm_unit` (the default: none)."""
        return ()

    def out_of_action(self, game: G, state: S) -> Collection[str]:
        """The combatants out of the fight now: down, dying, incapacitated (the default: none)."""
        return ()

    def resolution(self, game: G, action: Action, events: Sequence[Event]) -> Resolution | None:
        """How ``action`` turned out, read from the events its resolution caused (``then`` answers
        included): what sampled odds count. None when the events hold no resolution of it."""
        return None

    def exact_odds(
        self, game: G, state: S, action: Action, then: Sequence[Action]
    ) -> Mapping[Resolution, Fraction] | None:
        """The exact probability (a fraction) of each :class:`Resolution` of ``action`` taken now and followed
        by the answers ``then``, computed by the same rules and options :meth:`resolve` uses. None when the
        system cannot compute it exactly (the caller samples the engine instead)."""
        return None

    def duel_odds(self, game: G, state: S) -> Mapping[str | None, float] | None:
        """For a fight of two melee fighters trading blows without moving: the exact probability that each
        side wins (None: cut off by the round limit). None when the system cannot compute it for this
        fight."""
        return None


class OneAtATime(RuleSystem[G, S]):
    """A rule system where one actor decides at a time: the owner of the top pending decision, else the
    actor whose turn it is. Subclasses say whose turn it is (:meth:`turn_of`), list the answers to the top
    decision (:meth:`answers`) and an actor's turn actions (:meth:`turn_actions`, only of ``verbs`` when
    given); the listing hooks follow from those (THRUM and Phase 3d6 work this way)."""

    @abc.abstractmethod
    def turn_of(self, state: S) -> str | None:
        """The actor whose turn it is now (None between turns)."""

    @abc.abstractmethod
    def answers(self, game: G, state: S) -> list[Action]:
        """The legal answers to the top pending decision."""

    @abc.abstractmethod
    def turn_actions(
        self, game: G, state: S, actor: str, verbs: Collection[str] | None = None
    ) -> list[Action]:
        """The legal turn actions of ``actor`` (whose turn it is), only of ``verbs`` when given."""

    def legal_actions(self, game: G, state: S) -> list[Action]:
        if state.over:
            return []
        if state.pending:
            return self.answers(game, state)
        actor = self.turn_of(state)
        return [] if actor is None else self.turn_actions(game, state, actor)

    def legal_actions_of(
        self, game: G, state: S, actor: str, verbs: Collection[str] | None = None
    ) -> list[Action]:
        if actor not in self.deciding(game, state):
            return []
        if state.pending:
            return [a for a in self.answers(game, state) if verbs is None or a.verb in verbs]
        return self.turn_actions(game, state, actor, verbs)

    def deciding(self, game: G, state: S) -> list[str]:
        if state.over:
            return []
        if state.pending:
            return [state.pending[-1].actor]
        actor = self.turn_of(state)
        return [] if actor is None else [actor]
