"""Exact odds of one THRUM attack (THRUM 1-4, 21-25, 30, 32, 44): the outcome class and the load it deals.

An attack waits on decisions before anything is rolled: the triggered stances its targeting meets (THRUM 30)
and the defender's declared roll (THRUM 21). :func:`exact_odds` takes them from the ``then`` answers by
running the engine's own code on a copy of the state up to the first die the attack would draw, so every
decision (a Protect's Boon, an Assist's Bane, a Slowed defender's only roll, a Hamstrung attacker's Daze)
is what the engine does. At that point the two rolls are independent 2d6 pools with Boons and Banes
(:func:`tactica.systems.thrum.dice.distribution`, icepool) whose modifiers come from the same helpers the
engine rolls with (:func:`~tactica.systems.thrum.contests.attack_roll`,
:func:`~tactica.systems.thrum.contests.defense_roll`); each outcome's harm comes from applying that outcome
(:func:`~tactica.systems.thrum.contests.apply_outcome`) to a copy of the defender.

Outcome classes are the attacker's outcome (critical, success, failure), with "+ Vulnerable" when the
defender's Evasion left it Vulnerable (THRUM 24). Harm is the Fatigue plus Stress the attack deals its
target(s), Vulnerable's extra included. Exact odds cover single-target attacks (an area that catches one
character included); an area with several defenders, and a counter-attack (a triggered stance such as
Riposte answered with ``trigger``) that is rolled before the attack, return None: the caller samples the
engine instead.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Sequence
from fractions import Fraction

from tactica.dice import Die
from tactica.engine.action import Action
from tactica.engine.errors import TacticaError
from tactica.engine.events import Event
from tactica.engine.system import Context, Resolution
from tactica.systems.thrum import actions, contests, dice
from tactica.systems.thrum.events import ActionFizzled, ContestDecided, LoadChanged
from tactica.systems.thrum.setup import ThrumGame
from tactica.systems.thrum.state import Contest, Fighter, ThrumState

G = ThrumGame
S = ThrumState
#: The attacker's outcomes, best first (THRUM 3-4).
RANK = ("critical", "success", "failure")
VULNERABLE = " + Vulnerable"
#: The outcome classes, in display order: the attacker's outcome, and whether Evasion left the target
#: Vulnerable (THRUM 24); 'fizzled' when a triggered counter-attack put the attacker out first.
OUTCOME_CLASSES = (
    "critical",
    "critical" + VULNERABLE,
    "success",
    "success" + VULNERABLE,
    "failure" + VULNERABLE,
    "failure",
    "fizzled",
)
#: Harm: what a THRUM attack takes from its target (THRUM 32).
HARM_UNIT = "Fatigue + Stress"


class _RollReached(Exception):
    """The attack (or something before it) is about to draw a die: the decisions are all taken."""


class _StopAtRoll:
    """A dice source that stops the resolution at its first draw."""

    def draw(self, die: Die, count: int, purpose: str) -> tuple[int, ...]:
        raise _RollReached(purpose)


def outcome_class(outcome: str, vulnerable: bool) -> str:
    """The class of one resolution: the attacker's outcome, '+ Vulnerable' when Evasion left a target
    Vulnerable."""
    return outcome + (VULNERABLE if vulnerable else "")


def dealt(events: Sequence[Event], defender: str) -> int:
    """The Fatigue and Stress an attack's effects dealt ``defender`` (Vulnerable's extra included)."""
    return sum(
        e.amount
        for e in events
        if isinstance(e, LoadChanged) and e.actor == defender and e.source == "attack" and e.amount > 0
    )


def resolution(game: G, action: Action, events: Sequence[Event]) -> Resolution | None:
    """How the attack ``action`` turned out, read from its events: the best outcome over its defenders
    (one for a single target), '+ Vulnerable' when any of them was left Vulnerable, and the load dealt to
    all of them. None for an action that is not an attack (or an area that caught no one)."""
    ability = game.abilities.get(action.verb)
    if ability is None or not ability.is_attack:
        return None
    found: list[ContestDecided] = []
    current: ContestDecided | None = None
    harm = 0
    fizzled = False
    for e in events:
        if isinstance(e, ContestDecided):
            current = e if e.attacker == action.actor and e.ability == action.verb else None
            found += [e] if current is not None else []
        elif isinstance(e, LoadChanged) and current is not None:
            harm += dealt([e], current.defender)
        elif isinstance(e, ActionFizzled) and e.actor == action.actor and e.ability == action.verb:
            fizzled = True
    if fizzled and not found:
        return Resolution("fizzled", 0.0)
    if not found:
        return None
    best = min((e.outcome for e in found), key=RANK.index)
    vulnerable = any(contests.gains_vulnerable(e.defense, e.defender_outcome) for e in found)
    return Resolution(outcome_class(best, vulnerable), float(harm))


def exact_odds(
    game: G, state: S, action: Action, then: Sequence[Action]
) -> dict[Resolution, Fraction] | None:
    """The exact distribution of the attack ``action`` taken now with the answers ``then`` (triggered
    stances, the defender's declared roll). None when it is not a single-target attack, or a triggered
    counter-attack is rolled first. Raises :class:`TacticaError` when the attack would still wait for a
    decision ``then`` does not answer."""
    ability = game.abilities.get(action.verb)
    if ability is None or not ability.is_attack or state.pending or state.acting != action.actor:
        return None
    scratch: S = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    ctx = Context(_StopAtRoll(), [])
    fighter = scratch.fighters[action.actor]
    actions.use(game, scratch, fighter, ability, action, ctx)
    if len(scratch.contests) != 1 or len(scratch.contests[0].targets) != 1:
        return None  # an area with no one or several defenders in it
    contest = scratch.contests[0]
    if not _decided(game, scratch, action, then, ctx):
        decision = scratch.pending[-1]
        answers = " or ".join(f"'{a}'" for a in game.system.legal_actions(game, scratch))
        raise TacticaError(
            f"'{action}' waits for {decision.actor}'s {decision.kind} decision before anything is rolled"
            f" (THRUM 21, 30): give the answer as then / --then: {answers}"
        )
    if any(c is contest for c in scratch.contests):
        return None  # a triggered counter-attack is rolled before this attack (THRUM 30)
    return _distribution(game, scratch, contest)


def _decided(game: G, state: S, action: Action, then: Sequence[Action], ctx: Context) -> bool:
    """Take the answers on ``state`` until the first die is drawn; False when none was."""
    try:
        contests.advance(game, state, ctx)
        for answer in then:
            reason = game.system.why_illegal(game, state, answer)
            if reason is not None:
                raise TacticaError(f"then '{answer}' is not legal after '{action}': {reason}")
            game.system.resolve(game, state, answer, ctx)
    except _RollReached:
        return True
    return False


def _distribution(game: G, state: S, contest: Contest) -> dict[Resolution, Fraction]:
    """THRUM 1-4: the attack total against the defence total, each an independent 2d6 pool."""
    defender = state.fighters[contest.targets[0]]
    mod, banes = contests.attack_roll(
        game, state, contest, None if contests.rolls_once(game, contest) else defender
    )
    attack = dice.distribution(-banes, mod)
    dmod, boons, dbanes = contests.defense_roll(game, contest, defender)
    defense = dice.distribution(boons - dbanes, dmod)
    weights: dict[tuple[str, str], int] = {}
    for a, qa in attack.items():
        for d, qd in defense.items():
            key = contests.decide(game, a, d)
            weights[key] = weights.get(key, 0) + qa * qd
    total = attack.denominator() * defense.denominator()
    out: dict[Resolution, Fraction] = {}
    for (outcome, mine), weight in weights.items():
        vulnerable = contests.gains_vulnerable(contest.defenses[defender.id], mine)
        harm = _harm(game, state, contest, defender, outcome, mine)
        found = Resolution(outcome_class(outcome, vulnerable), float(harm))
        out[found] = out.get(found, Fraction(0)) + Fraction(weight, total)
    return out


def _harm(game: G, state: S, contest: Contest, defender: Fighter, outcome: str, mine: str) -> int:
    """The load one outcome deals: the engine's own effects applied to a copy of the defender."""
    target = copy.deepcopy(defender)
    scratch = ThrumState(fighters={**state.fighters, target.id: target})
    events: list[Event] = []
    attacker = state.fighters[contest.actor]
    contests.apply_outcome(
        game, scratch, contest, attacker, target, outcome, mine, Context(_StopAtRoll(), events)
    )
    return dealt(events, target.id)
