"""Exact odds of FuturePath attacks (rules 21-33, 43; rulings A6-A8, A10, A19), and how an action turned out.

:func:`exact_odds` follows :func:`~tactica.systems.futurepath.attacks.strike` step by step, asking the same
helpers the engine asks for every modifier (``advantage_dice`` for proficiency, cover, range and off-hand
dice; ``damage_dice`` and ``flat_damage`` for the damage; ``reaches_ac`` for rule 21's comparison), so an
option or a rule change moves the odds with the engine:

* Full cover (rule 43, AP weapons): the d10 to connect, then the check with one more disadvantage;
* the Accuracy check: natural d20 (a fumble on ``critical_failure_natural``, a critical from the weapon's
  crit range, automatic hit by option) + net Advantage dice (or a flat 1 each without a die) + STR/DEX +
  Weapon Accuracy Bonus against AC;
* damage: the dice rolled x the critical multiplier, flat damage once (or x, by option), never below 0;
* Extra Damage in a Full Attack (rules 30-32): each roll as a hit, or critical-checked after a critical
  (fumble stops, 19-20 explodes up to the cap, a success keeps the multiplier, a failure ends the checks);
* each Extra Attack of a Full Attack (while the weapon has rounds), stopping once the target is dead (A13).

Outcome classes: ``miss``, ``hit``, ``critical``, ``fumble`` of the Accuracy check; a Full Attack reports
its best check (critical > hit > miss > fumble). Harm is the hit points the target loses (``Damaged``).
A coup de grâce (``killed``/``survived``) and a grenade throw (``on target``/``scattered``/``air burst``/
``in hand``) are read from the events for sampled odds; they have no exact odds here.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import TypeVar

from tactica.dice import DiceExpr
from tactica.dice.odds import check_size
from tactica.engine.action import Action
from tactica.engine.events import Event
from tactica.engine.system import Resolution
from tactica.grid import Cover
from tactica.systems.futurepath import readiness
from tactica.systems.futurepath.attacks import (
    Swing,
    advantage_dice,
    cover_of,
    damage_dice,
    flat_damage,
    reaches_ac,
)
from tactica.systems.futurepath.events import (
    AttackRolled,
    Checked,
    Damaged,
    DamageRolled,
    GrenadeAirBurst,
    GrenadeExploded,
    GrenadeThrown,
    StatusChanged,
)
from tactica.systems.futurepath.setup import FuturePathGame
from tactica.systems.futurepath.state import Fighter, FuturePathState

G = FuturePathGame
S = FuturePathState

MISS, HIT, CRITICAL, FUMBLE = "miss", "hit", "critical", "fumble"
#: Outcome classes in display order (attacks, then coup de grâce, then grenade throws).
OUTCOME_CLASSES: tuple[str, ...] = (
    MISS,
    HIT,
    CRITICAL,
    FUMBLE,
    "killed",
    "survived",
    "on target",
    "scattered",
    "air burst",
    "in hand",
)
#: A Full Attack reports its best Accuracy check, in this order of worth.
RANK = {FUMBLE: 0, MISS: 1, HIT: 2, CRITICAL: 3}
CLASS_OF = {v: k for k, v in RANK.items()}
#: The purpose each attacking verb gives its Accuracy checks (``Swing.purpose``).
PURPOSES = {
    "attack": "attack",
    "full-attack": "full attack",
    "bonus-attack": "bonus attack",
    "opportunity": "tactical opportunity",
    "fire": "readied attack",
}
#: Damage-roll kinds that belong to an attack (not a grenade, trap or object).
STRIKE_ROLLS = ("hit", "critical")

#: Probabilities are exact fractions (the odds are exact: 3/20, not 0.15000000000000002).
Dist = dict[int, Fraction]
#: States of an attack in progress: (best rank so far, harm so far) -> probability.
States = dict[tuple[int, int], Fraction]
ONE, ZERO = Fraction(1), Fraction(0)
K = TypeVar("K")


# -- pure dice work (cached) ----------------------------------------------------------------------


@lru_cache(maxsize=256)
def _advantage_sum(sides: int, count: int) -> tuple[tuple[int, Fraction], ...]:
    """The distribution of ``count`` Advantage dice of ``sides`` sides (a flat 1 each without a die)."""
    if count == 0 or sides == 0:
        return ((count, ONE),)
    from tactica.dice.die import die_for
    from tactica.dice.odds import icepool_die

    total = count @ icepool_die(die_for(sides))
    n = total.denominator()
    return tuple((int(face), Fraction(q, n)) for face, q in total.items())


@lru_cache(maxsize=1024)
def _reach(sides: int, net: int, need: int) -> tuple[Fraction, ...]:
    """For each natural 1-20, P(natural + advantage dice >= ``need``) (``net`` signed dice)."""
    dist = _advantage_sum(sides, abs(net))
    sign = 1 if net >= 0 else -1
    return tuple(sum((p for s, p in dist if n + sign * s >= need), ZERO) for n in range(1, 21))


@lru_cache(maxsize=1024)
def _damage(expr: DiceExpr, times: int, flat: int) -> tuple[tuple[int, Fraction], ...]:
    """The distribution of max(0, ``times`` rolls of ``expr`` + ``flat``) (rule 28, A7)."""
    check_size(expr, times)
    total = times @ expr.distribution() if times > 1 else expr.distribution()
    n = total.denominator()
    out: Dist = {}
    for face, q in total.items():
        amount = max(0, int(face) + flat)
        out[amount] = out.get(amount, ZERO) + Fraction(q, n)
    return tuple(sorted(out.items()))


def _add(into: dict[K, Fraction], key: K, p: Fraction) -> None:
    """Add mass ``p`` to ``into[key]``."""
    into[key] = into.get(key, ZERO) + p


# -- one strike, as the engine resolves it ---------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Strike:
    """Everything one attack's odds depend on, gathered from the engine's helpers."""

    connect: Fraction  # rule 43: P(the d10 connects through Full cover); 1 without Full cover
    check: tuple[
        Fraction, Fraction, Fraction, Fraction
    ]  # P(fumble, miss, hit, critical) of the Accuracy check
    critical_check: tuple[
        Fraction, Fraction, Fraction, Fraction
    ]  # P(fumble, explode, success, fail) (rule 31)
    hit: tuple[tuple[int, Fraction], ...]  # damage of a hit
    critical: tuple[tuple[int, Fraction], ...]  # damage of a critical
    extra: dict[int, tuple[tuple[int, Fraction], ...]]  # damage of an Extra Damage roll, by multiplier
    base: int  # the weapon's critical multiplier
    cap: int  # rule 31: the highest multiplier an exploding check reaches
    extra_damage: int


def strike_model(game: G, state: S, attacker: Fighter, target: Fighter, swing: Swing, extra: int) -> Strike:
    """The odds of one :func:`~tactica.systems.futurepath.attacks.strike` of ``attacker`` on ``target``."""
    options = game.options
    weapon = swing.weapon
    through = not weapon.is_melee and cover_of(game, state, attacker, target) == Cover.FULL
    connect = Fraction(11 - options.full_cover_connect, 10) if through else ONE
    connect = min(ONE, max(ZERO, connect))
    sheet = game.sheet(attacker.id)
    net = advantage_dice(game, state, attacker, target, swing, through)
    ability = sheet.mod("str") if weapon.is_melee else sheet.mod("dex")
    bonus = weapon.accuracy if options.accuracy_bonus_always else 0
    ac = game.sheet(target.id).ac
    # reaches_ac(total, ac) for totals total = natural + dice + mods: find the least reaching total
    need = ac if reaches_ac(game, ac, ac) else ac + 1
    reach = _reach(sheet.advantage_die, net, need - ability - bonus)
    fumble_at = options.critical_failure_natural
    check = [ZERO] * 4
    crit_check = [ZERO] * 4
    for n in range(1, 21):
        r = reach[n - 1]
        if n == fumble_at:
            check[0] += 1
            crit_check[0] += 1
            continue
        if n >= weapon.crit_range:
            hits = ONE if options.critical_auto_hit else r
            check[3] += hits
            check[1] += 1 - hits
        else:
            check[2] += r
            check[1] += 1 - r
        if n >= options.critical_check_natural:
            crit_check[1] += 1
        else:
            ok = ONE if n >= weapon.crit_range else r
            crit_check[2] += ok
            crit_check[3] += 1 - ok
    expr = damage_dice(game, attacker, swing)

    def roll(times: int, *, extra_roll: bool) -> tuple[tuple[int, Fraction], ...]:
        flat = flat_damage(game, attacker, weapon, extra=extra_roll)
        return _damage(expr, times, flat * times if options.critical_multiplies_flat else flat)

    extras = {m: roll(m, extra_roll=True) for m in range(1, options.critical_multiplier_cap + 1)}
    extras.setdefault(weapon.crit_multiplier, roll(weapon.crit_multiplier, extra_roll=True))
    return Strike(
        connect,
        (check[0] / 20, check[1] / 20, check[2] / 20, check[3] / 20),
        (crit_check[0] / 20, crit_check[1] / 20, crit_check[2] / 20, crit_check[3] / 20),
        roll(1, extra_roll=False),
        roll(weapon.crit_multiplier, extra_roll=False),
        extras,
        weapon.crit_multiplier,
        options.critical_multiplier_cap,
        extra,
    )


def _rolled(harm: int, p: Fraction, damage: Sequence[tuple[int, Fraction]], into: States, key: int) -> None:
    """One damage roll on a target who has taken ``harm`` so far (mass ``p``): into ``(key, harm)``."""
    for amount, q in damage:
        _add(into, (key, harm + amount), p * q)


def strike_odds(model: Strike, start: States, limit: float, policy: str) -> States:
    """Apply one strike to states (best rank so far, harm so far) -> probability; a state whose harm is
    above ``limit`` is a dead target (A13): nothing more is rolled against it. ``policy`` is the
    ``critical_check_multiplier`` option. Returns the new states."""
    out: States = {}
    for (rank, harm), p in start.items():
        if harm > limit:
            _add(out, (rank, harm), p)
            continue
        if model.connect < 1:
            _add(out, (max(rank, RANK[MISS]), harm), p * (1 - model.connect))
        q = p * model.connect
        fumble, miss, hit, critical = model.check
        _add(out, (max(rank, RANK[FUMBLE]), harm), q * fumble)
        _add(out, (max(rank, RANK[MISS]), harm), q * miss)
        for cls, chance, damage in ((HIT, hit, model.hit), (CRITICAL, critical, model.critical)):
            if chance <= 0:
                continue
            hurt: States = {}
            _rolled(harm, q * chance, damage, hurt, 0)
            harms = {h: m for (_, h), m in hurt.items()}
            if model.extra_damage:
                harms = _extras(model, harms, model.base if cls == CRITICAL else 0, limit, policy)
            for h, m in harms.items():
                _add(out, (max(rank, RANK[cls]), h), m)
    return out


def _extras(model: Strike, harms: Dist, multiplier: int, limit: float, policy: str) -> Dist:
    """Rule 31: the Extra Damage rolls after a hit (``multiplier`` 0) or a critical (the weapon's)."""
    fumble, explode, success, fail = model.critical_check
    cap = model.cap
    states: States = {(h, multiplier): p for h, p in harms.items()}
    for _ in range(model.extra_damage):
        nxt: States = {}
        for (harm, m), p in states.items():
            if m < 0 or harm > limit:
                _add(nxt, (m, harm), p)
            elif m == 0:
                _rolled(harm, p, model.extra[1], nxt, 0)
            else:
                _add(nxt, (-1, harm), p * fumble)
                up = min(cap, m + 1)
                _rolled(harm, p * explode, model.extra[up], nxt, up)
                _rolled(harm, p * success, model.extra[model.base if policy == "base" else m], nxt, m)
                _rolled(harm, p * fail, model.extra[1], nxt, 0)
        states = {(h, m): p for (m, h), p in nxt.items()}
    out: Dist = {}
    for (h, _), p in states.items():
        _add(out, h, p)
    return out


def death_limit(game: G, target: Fighter) -> float:
    """A13: the harm above which the target is dead and nothing more is dealt to it."""
    if not game.options.instant_death_below_negative_con:
        return math.inf
    return target.hp + target.con


# -- the hook ------------------------------------------------------------------------------------


def exact_odds(
    game: G, state: S, action: Action, then: Sequence[Action]
) -> Mapping[Resolution, Fraction] | None:
    """Exact odds of an attack (``attack``, ``full-attack``, ``bonus-attack``, ``opportunity``) taken now;
    None for anything else, for answers in ``then``, or when a readied enemy would interrupt it."""
    if then or action.verb not in ("attack", "full-attack", "bonus-attack", "opportunity"):
        return None
    if action.target is None or action.using is None:
        return None
    attacker = state.fighters[action.actor]
    target = state.fighters[action.target]
    weapon = game.weapons[action.using]
    if action.verb != "opportunity" and readiness._waiting(game, state, "attacks", attacker):
        return None  # rule 41: a readied enemy decides (and may strike) before the attack resolves
    swing = Swing(weapon, off_hand=action.verb == "bonus-attack", purpose=PURPOSES[action.verb])
    sheet = game.sheet(attacker.id)
    strikes, extra = 1, 0
    if action.verb == "full-attack":
        strikes, extra = 1 + sheet.extra_attacks, sheet.extra_damage
        if weapon.ammo is not None:
            strikes = min(strikes, attacker.ammo.get(weapon.name, 0))
    model = strike_model(game, state, attacker, target, swing, extra)
    limit = death_limit(game, target)
    states: States = {(-1, 0): ONE}
    for _ in range(strikes):
        states = strike_odds(model, states, limit, game.options.critical_check_multiplier)
    out: dict[Resolution, Fraction] = {}
    for (rank, harm), p in states.items():
        _add(out, Resolution(CLASS_OF[rank], float(harm)), p)
    return out


def resolution(game: G, action: Action, events: Sequence[Event]) -> Resolution | None:
    """How an attack, a coup de grâce or a grenade throw turned out, read from its events."""
    if action.verb in PURPOSES:
        return _strike_resolution(action, events)
    if action.verb == "coup-de-grace":
        return _coup_resolution(action, events)
    if action.verb == "throw":
        return _throw_resolution(action, events)
    return None


def _strike_resolution(action: Action, events: Sequence[Event]) -> Resolution | None:
    rank = -1
    harm = 0
    for i, e in enumerate(events):
        if isinstance(e, AttackRolled) and e.attacker == action.actor and e.target == action.target:
            if e.purpose == PURPOSES[action.verb]:
                cls = FUMBLE if e.fumble else MISS if not e.hit else CRITICAL if e.critical else HIT
                rank = max(rank, RANK[cls])
        elif isinstance(e, Checked) and e.actor == action.actor and e.what == "fire through cover":
            if not e.success:
                rank = max(rank, RANK[MISS])
        elif (
            isinstance(e, DamageRolled)
            and e.attacker == action.actor
            and e.target == action.target
            and (e.roll in STRIKE_ROLLS or e.roll.startswith("extra"))
        ):
            harm += _taken(events, i, action.target)
    return None if rank < 0 else Resolution(CLASS_OF[rank], float(harm))


def _taken(events: Sequence[Event], i: int, target: str | None) -> int:
    """The hit points the damage roll at ``events[i]`` took (its ``Damaged`` follows it at once)."""
    after = events[i + 1] if i + 1 < len(events) else None
    return after.amount if isinstance(after, Damaged) and after.target == target else 0


def _coup_resolution(action: Action, events: Sequence[Event]) -> Resolution | None:
    harm = 0
    seen = False
    for i, e in enumerate(events):
        if isinstance(e, DamageRolled) and e.attacker == action.actor and e.roll == "coup de grace":
            seen = True
            harm += _taken(events, i, action.target)
    if not seen:
        return None
    killed = any(
        isinstance(e, StatusChanged) and e.actor == action.target and e.status == "dead" for e in events
    )
    return Resolution("killed" if killed else "survived", float(harm))


def _throw_resolution(action: Action, events: Sequence[Event]) -> Resolution | None:
    """A throw: where the grenade went; harm = hit points lost by anyone to a blast during the action (a
    grenade exploding in the hand; others go off later, at the end or start of a turn, rule 34)."""
    outcome = None
    for e in events:
        if isinstance(e, GrenadeThrown) and e.thrower == action.actor and outcome is None:
            outcome = "on target" if e.landed == e.aimed else "scattered"
        elif isinstance(e, GrenadeAirBurst) and e.thrower == action.actor:
            outcome = "air burst"
        elif isinstance(e, GrenadeExploded) and outcome is None:
            outcome = "in hand"
    if outcome is None:
        return None
    harm = sum(e.amount for e in events if isinstance(e, Damaged) and e.by == action.actor)
    return Resolution(outcome, float(harm))
