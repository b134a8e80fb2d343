"""Exact odds of one Phase 3d6 attack (an ``attack`` on one's place in the Phase, an attack of opportunity,
a readied attack that fires), computed from the same helpers the resolution uses (:mod:`combat`): the OCV
and DCV at this moment (manoeuvres, rule 13; Surprise Phase, rule 4; Stunned), the hit test (rules 5-6,
E2), a waiting Block or Missile Deflection, the damage dice (a Haymaker's extra 4d6), PD, Roll With A Punch,
Stunned (option ``hero_stunned``) and who goes out.

Outcome classes: ``blocked`` (a Block or Missile Deflection stopped it), ``miss``, ``hit`` (hurt, still
up), ``disarmed`` (a Disarm that hit a character with a weapon in hand), ``stunned`` (a hit whose STUN over
CON Stuns), ``knocked out`` (STUN 0 or below, BODY above 0), ``down`` (BODY 0 or below). Harm: the STUN the
target loses (after PD and Roll With A Punch; not capped at what it had left).

``then``: the answers that come before the roll — ``pass`` by every enemy whose readied attack it triggers,
then the target's ``pass`` or ``abort +MANOEUVRE``. A readied attack that fires first is not modelled (it may
knock the attacker out): the odds are then sampled.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache

from tactica.dice import D6, parse
from tactica.dice.odds import require_steps
from tactica.engine.action import Action
from tactica.engine.events import Event
from tactica.engine.system import Resolution
from tactica.systems.phase3d6 import combat, holds
from tactica.systems.phase3d6.events import AttackRoll, AttackStopped, DamageDealt, FighterDown
from tactica.systems.phase3d6.setup import Phase3d6Game
from tactica.systems.phase3d6.sheet import Weapon
from tactica.systems.phase3d6.state import Fighter, Phase3d6State

G = Phase3d6Game
S = Phase3d6State
#: The outcome classes, in the order they are shown.
OUTCOMES = ("blocked", "miss", "hit", "disarmed", "stunned", "knocked out", "down")
#: Events that close one attack's resolution (what follows belongs to other actions or the next Phase).
_CLOSERS = ("AttackRoll", "TurnStarted", "PhaseStarted", "PostTurn", "FightEnded")


@cache
def three_d6() -> dict[int, Fraction]:
    """The exact distribution of a 3d6 total."""
    return dict(parse("3d6").probabilities())


@cache
def damage_table(expr: str, extra: int = 0) -> dict[tuple[int, int], Fraction]:
    """The joint distribution of (STUN, BODY) of a hit with ``expr`` and ``extra`` more d6 before PD: the
    engine sums every face drawn for the weapon (every term; keep rules play no part) plus the expression's
    constant for STUN (never below 0), and counts BODY per face (:func:`combat.body_of`)."""
    parsed = parse(expr)
    table: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}
    dice = [(term.die.faces, term.count) for term in parsed.terms] + [(D6.faces, extra)]
    require_steps(_table_steps(dice), f"the STUN and BODY of {expr}" + (f" and {extra}d6" if extra else ""))
    for faces, count in dice:
        one = Fraction(1, len(faces))
        for _ in range(count):
            grown: dict[tuple[int, int], Fraction] = {}
            for (stun, body), p in table.items():
                for face in faces:
                    key = (stun + face, body + combat.body_of(face))
                    grown[key] = grown.get(key, Fraction(0)) + p * one
            table = grown
    if parsed.constant:
        shifted: dict[tuple[int, int], Fraction] = {}
        for (stun, body), p in table.items():
            key = (max(0, stun + parsed.constant), body)
            shifted[key] = shifted.get(key, Fraction(0)) + p
        table = shifted
    return table


def _table_steps(dice: list[tuple[range, int]]) -> int:
    """An estimate of the steps of :func:`damage_table`: each die added meets every (STUN, BODY) pair so far
    with each of its faces (BODY grows by at most 2 a die); exact fractions count twice."""
    steps, stun, body = 0, 1, 1
    for faces, count in dice:
        for _ in range(count):
            steps += 2 * stun * body * len(faces)
            stun += len(faces) - 1
            body += 2
    return steps


def hit_chance(game: G, ocv: int, dcv: int) -> Fraction:
    """P(hit) of 3d6 + ``ocv`` against 10 + ``dcv`` under the options (:func:`combat.hits`)."""
    return sum((p for t, p in three_d6().items() if combat.hits(game, t, ocv, dcv)), Fraction(0))


def stop_chance(mine: int, theirs: int) -> Fraction:
    """P(a Block or Missile Deflection stops the attack) (:func:`combat.stops`)."""
    return sum((p for t, p in three_d6().items() if combat.stops(t, mine, theirs)), Fraction(0))


class Attack:
    """What an action attacks with: attacker, target, weapon and manoeuvre."""

    __slots__ = ("attacker", "maneuver", "target", "weapon")

    def __init__(self, attacker: Fighter, target: Fighter, weapon: Weapon, maneuver: str) -> None:
        self.attacker, self.target, self.weapon, self.maneuver = attacker, target, weapon, maneuver


def attack_of(game: G, state: S, action: Action) -> Attack | None:
    """The attack ``action`` makes now, or None (not an attack, or not one this module models)."""
    attacker = state.fighters.get(action.actor)
    if attacker is None or state.over:
        return None
    decision = state.pending[-1] if state.pending else None
    if action.verb == "fire":
        if decision is None or decision.kind != "ready" or decision.actor != attacker.id:
            return None
        if not combat.is_attack(game, attacker.ready_kind) or action.at is not None:
            return None  # a readied Dodge, move or free action, or a 1-hex step first: no attack now
        held = game.weapons[attacker.ready_weapon]
        return Attack(attacker, state.fighters[decision.trigger], held, attacker.ready_kind)
    if action.verb == "attack" and decision is None:
        target = state.fighters.get(action.target or "")
    elif action.verb == "opportunity" and decision is not None and decision.kind == "opportunity":
        target = state.fighters.get(decision.trigger)
    else:
        return None
    weapon = combat.weapon_of(game, attacker, action.using)
    if target is None or weapon is None:
        return None
    return Attack(attacker, target, weapon, action.flags[0] if action.flags else "strike")


def defender_after(game: G, state: S, attack: Attack, then: Sequence[Action]) -> Fighter | None:
    """The target as it will stand when the attack is rolled, after the answers ``then`` (every readied
    attack it triggers passed, then the target's Abort or pass); None when ``then`` is not exactly those
    answers (a readied attack fired, or an answer is missing)."""
    holders = [h.id for h in holds.ready_holders(game, state, attack.attacker, "attacks")]
    target = attack.target
    asked = combat.can_abort(state, target) and not attack.attacker.out
    if len(then) != len(holders) + int(asked):
        return None
    passes, last = (then[:-1], then[-1]) if asked else (then, None)
    if sorted(a.actor for a in passes) != sorted(holders) or any(a.verb != "pass" for a in passes):
        return None
    after = copy.copy(target)
    after.maneuvers = list(target.maneuvers)
    if last is None or last.verb == "pass":
        return after if last is None or last.actor == target.id else None
    if last.verb != "abort" or last.actor != target.id or not last.flags:
        return None
    maneuver = last.flags[0]
    after.maneuvers.append(maneuver)  # holds.defend: the manoeuvre, and a guard for all but Dodge
    after.guard = maneuver if combat.keeps_guard(game, maneuver) else after.guard
    return after


def odds(game: G, state: S, action: Action, then: Sequence[Action]) -> dict[Resolution, Fraction] | None:
    """The exact distribution of (outcome class, STUN lost) of ``action`` followed by ``then``; None when
    it is not an attack this module models."""
    attack = attack_of(game, state, action)
    if attack is None or combat.target_problem(game, state, attack.attacker, attack.target, attack.weapon):
        return None
    defender = defender_after(game, state, attack, then)
    if defender is None:
        return None
    out: dict[Resolution, Fraction] = {}

    def add(outcome: str, harm: int, p: Fraction) -> None:
        key = Resolution(outcome, float(harm))
        out[key] = out.get(key, Fraction(0)) + p

    mine = combat.ocv(game, attack.attacker, attack.weapon, attack.maneuver)
    go_on = Fraction(1)
    if combat.guarded(game, defender, attack.weapon):
        stopped = stop_chance(combat.guard_ocv(game, defender), mine)
        add("blocked", 0, stopped)
        go_on -= stopped
        defender.guard = ""
    hit = go_on * hit_chance(game, mine, combat.dcv(game, state, defender))
    add("miss", 0, go_on - hit)
    if combat.has_effect(game, attack.maneuver, "disarm"):
        add("disarmed" if defender.drawn is not None else "hit", 0, hit)
    else:
        extra = game.maneuvers[attack.maneuver].extra_dice
        rolled_punch = combat.has_effect(game, defender.guard, "roll")
        for (stun, body), p in damage_table(attack.weapon.damage, extra).items():
            lost, wounds = combat.taken(game, defender.id, stun, body, rolled_punch)
            add(classify(game, defender, lost, wounds), lost, hit * p)
    return {r: p for r, p in out.items() if p > 0}


def classify(game: G, target: Fighter, stun: int, body: int) -> str:
    """The outcome class of a hit taking ``stun`` STUN and ``body`` BODY from ``target`` (combat.damage)."""
    if target.body - body <= 0:
        return "down"
    if target.stun - stun <= 0:
        return "knocked out"
    return "stunned" if combat.stuns(game, target, stun) else "hit"


def resolution(game: G, action: Action, events: Sequence[Event]) -> Resolution | None:
    """How the attack ``action`` turned out, read from the events of its resolution (its answers
    included): the same classes :func:`odds` gives."""
    actor = action.actor
    start = None
    for i, e in enumerate(events):
        if isinstance(e, AttackStopped) and e.attacker == actor:
            return Resolution("blocked", 0.0)
        if isinstance(e, AttackRoll) and e.attacker == actor and combat.is_attack(game, e.maneuver):
            start = i
            break
    if start is None:
        return None
    roll = events[start]
    assert isinstance(roll, AttackRoll)
    if not roll.hit:
        return Resolution("miss", 0.0)
    harm, found = 0, "hit"
    rank = {name: i for i, name in enumerate(OUTCOMES)}
    for e in events[start + 1 :]:
        if e.kind in _CLOSERS:
            break
        if isinstance(e, DamageDealt) and e.attacker == actor and e.target == roll.target:
            harm = e.stun
        elif isinstance(e, FighterDown) and e.actor == roll.target:
            name = _down_class(e.state)
            if name and rank[name] > rank[found]:
                found = name
    return Resolution(found, float(harm))


def _down_class(text: str) -> str:
    if text == "unconscious":
        return "knocked out"
    if text.startswith("down"):
        return "down"
    if text == "stunned":
        return "stunned"
    if text.startswith("disarmed"):
        return "disarmed"
    return ""


def exact_odds(
    game: G, state: S, action: Action, then: Sequence[Action]
) -> Mapping[Resolution, Fraction] | None:
    """The hook :meth:`RuleSystem.exact_odds` (see :func:`odds`)."""
    return odds(game, state, action, then)
