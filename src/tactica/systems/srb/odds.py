"""Exact odds of one Star Rangers attack (rules 13, 17-23; rulings B2, B3), for ``tactica odds``.

An attack (``attack`` or ``heavy-melee``) turns out as one of four outcome classes: a **miss**, a **hit**
(a natural 20 whose threat is not confirmed included), a **critical hit** (a confirmed threat, B3) or a
**fumble** (a natural 1: the critical-failure table, rule 22). Its harm is the hit points the *target*
loses through the action: the damage of a hit, and the damage a fumble's random attack (entry 9) or a
multi-barrel gun's multifire (entry 10) does to the target when it happens to meet it. Harm a fumble does
to the attacker itself (entries 1, 2, 11, a revolver's ricochets) or to bystanders is not the target's
and counts 0 here (the tally, :mod:`tactica.systems.srb.tally`, counts it for whoever took it).

The odds follow the resolution in :func:`tactica.systems.srb.combat.attack` step by step, with the same
helpers: the attack bonus and Defense of :mod:`~tactica.systems.srb.attacks` (range, size, prone,
flat-footed, touch, tired, awkward, off target, all-out defense), :func:`~tactica.systems.srb.attacks.hits`,
the confirmation roll and multiplier of the options, the damage bonus (STR, Heavy melee +2) and the table
entry of :func:`~tactica.systems.srb.fumbles.entry_of`. Damage sums are icepool distributions.

They are not computed (None: the caller samples the engine) for an overheated self-loading gun (its
cook-offs after the shot, entry 10, chain on while a d4 shows 1 and may meet anyone), for 'fail badly'
(entry 21, reached only through the options ``fumble_die: 21`` or ``fumble_modifier``) when one of its
re-rolls could be a random attack or multifire that meets the target after the entries before it moved
or changed the attacker, and for a multifire of two or more shots when the target stands on one of the
eight lines (an earlier shot may take down whoever stands in front of it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from tactica.dice import D6, D12, D20, die_for, parse
from tactica.dice.odds import check_size
from tactica.engine.action import Action
from tactica.engine.events import Event
from tactica.engine.system import Resolution
from tactica.systems.srb import attacks, fumbles, movement
from tactica.systems.srb.events import SrbAttackRolled, SrbDamageDealt
from tactica.systems.srb.setup import SrbGame
from tactica.systems.srb.sheet import Weapon
from tactica.systems.srb.state import Fighter, SrbState

G = SrbGame
S = SrbState
Pos = tuple[int, int]
#: An amount of harm (hit points the target loses) -> its probability.
Dist = dict[int, Fraction]

MISS, HIT, CRITICAL, FUMBLE = "miss", "hit", "critical hit", "fumble"
#: The outcome classes of an attack, in the order they are shown.
OUTCOMES = (MISS, HIT, CRITICAL, FUMBLE)
#: The verbs whose outcome the odds read: an attack and Heavy melee (rules 13, 17).
ATTACK_VERBS = ("attack", "heavy-melee")
#: Rule 22: the entries that can harm someone other than the attacker: a random attack, an overheat.
RANDOM_ATTACK, OVERHEAT = 9, 10
NOTHING: Dist = {0: Fraction(1)}


def exact_odds(
    game: G, state: S, action: Action, then: Sequence[Action]
) -> dict[Resolution, Fraction] | None:
    """The exact probability of each :class:`Resolution` of an attack or Heavy melee taken now; None when
    it is not computed (see the module docstring) or ``action`` is not an attack. Star Rangers has no
    answers to an attack, so any ``then`` gives None."""
    if then:
        return None
    return exact_fractions(game, state, action)


def exact_fractions(game: G, state: S, action: Action) -> dict[Resolution, Fraction] | None:
    """:func:`exact_odds` as fractions."""
    if action.verb not in ATTACK_VERBS or action.target not in state.fighters:
        return None
    f = state.fighters.get(action.actor)
    w = game.weapons.get(action.using or "")
    if f is None or w is None:
        return None
    target = state.fighters[action.target]
    gear = f.gear.get(w.name)
    if gear is not None and gear.overheated:
        return None
    heavy = action.verb == "heavy-melee"
    bonus, _detail = attacks.attack_bonus(game, state, f, w, target)
    value, _flat = attacks.defense(game, state, target, w)
    fumbled = fumble_harm(game, state, f, w, target, bonus, value, heavy=heavy)
    if fumbled is None:
        return None
    normal = damage(game, f, w, heavy=heavy)
    critical = damage(game, f, w, heavy=heavy, critical=True)
    confirmed = confirm_chance(game, bonus, value)
    out: dict[Resolution, Fraction] = {}
    each = Fraction(1, len(D20.faces))
    for face in D20.faces:
        if face == 1:
            _add(out, FUMBLE, fumbled, each)
        elif not attacks.hits(face, face + bonus, value):
            _add(out, MISS, NOTHING, each)
        elif face == 20:
            _add(out, CRITICAL, critical, each * confirmed)
            _add(out, HIT, normal, each * (1 - confirmed))
        else:
            _add(out, HIT, normal, each)
    return {r: p for r, p in out.items() if p}


def _add(out: dict[Resolution, Fraction], outcome: str, harm: Mapping[int, Fraction], p: Fraction) -> None:
    for amount, q in harm.items():
        key = Resolution(outcome, float(amount))
        out[key] = out.get(key, Fraction(0)) + p * q


def _mix(*parts: tuple[Fraction, Mapping[int, Fraction]]) -> Dist:
    """A mixture of harm distributions, each with its weight."""
    out: Dist = {}
    for weight, dist in parts:
        for amount, q in dist.items():
            out[amount] = out.get(amount, Fraction(0)) + weight * q
    return {a: p for a, p in out.items() if p}


def confirm_chance(game: G, bonus: int, value: int) -> Fraction:
    """B3: the chance that a threat is confirmed: a second d20 + the same bonus meets the same Defense
    (1 with ``critical_confirm: false``)."""
    if not game.options.critical_confirm:
        return Fraction(1)
    return hit_chance(bonus, value)


def hit_chance(bonus: int, value: int) -> Fraction:
    """Rules 17-18: the chance that d20 + ``bonus`` hits Defense ``value`` (natural 1 and 20 included)."""
    faces = D20.faces
    return Fraction(sum(attacks.hits(face, face + bonus, value) for face in faces), len(faces))


def damage(game: G, f: Fighter, w: Weapon, *, heavy: bool = False, critical: bool = False) -> Dist:
    """The damage of a hit as :func:`tactica.systems.srb.attacks.roll_damage` rolls it: the weapon's dice
    (``critical_multiplier`` times on a critical, the constant once) + the damage bonus, at least 1."""
    expr = parse(w.damage)
    times = game.options.critical_multiplier if critical else 1
    check_size(expr, times)
    dice = expr.distribution() - expr.constant
    total = (times @ dice) + expr.constant + attacks.damage_bonus(game, f, w, heavy)
    denominator = total.denominator()
    out: Dist = {}
    for amount, quantity in total.items():
        key = max(1, int(amount))
        out[key] = out.get(key, Fraction(0)) + Fraction(quantity, denominator)
    return out


def unaimed(game: G, f: Fighter, w: Weapon, bonus: int, value: int, *, heavy: bool = False) -> Dist:
    """Harm of an attack at half the attack bonus (:func:`tactica.systems.srb.attacks.unaimed`): a hit
    deals normal damage (no critical; Heavy melee's +2 when ``heavy``)."""
    p = hit_chance(attacks.half(bonus), value)
    return _mix((p, damage(game, f, w, heavy=heavy)), (1 - p, NOTHING))


# -- the critical-failure table ---------------------------------------------------------------------------


def entries(game: G) -> dict[int, Fraction]:
    """B2: the chance of each entry of the critical-failure table (the die of ``fumble_die`` +
    ``fumble_modifier``)."""
    die = die_for(game.options.fumble_die)
    out: dict[int, Fraction] = {}
    for face in die.faces:
        entry = fumbles.entry_of(game, face)
        out[entry] = out.get(entry, Fraction(0)) + Fraction(1, len(die.faces))
    return out


def fumble_harm(
    game: G, state: S, f: Fighter, w: Weapon, target: Fighter, bonus: int, value: int, *, heavy: bool = False
) -> Dist | None:
    """The harm to the target after a natural 1 (rule 22), as :func:`tactica.systems.srb.fumbles.fumble`
    applies the entry; None when it is not computed (fail badly that could reach the target, a long
    multifire at the target)."""
    parts: list[tuple[Fraction, Mapping[int, Fraction]]] = []
    table = entries(game)
    for entry, p in table.items():
        harm: Dist | None = NOTHING
        if entry == fumbles.FAIL_BADLY:
            rerolled = set(table) - {fumbles.FAIL_BADLY}
            if RANDOM_ATTACK in rerolled or (OVERHEAT in rerolled and _multifires(f, w)):
                return None
        elif entry == RANDOM_ATTACK:
            harm = random_attack(game, state, f, w, target, bonus, value, heavy=heavy)
        elif entry == OVERHEAT and _multifires(f, w):
            harm = multifire(game, state, f, w, target, bonus, value)
        if harm is None:
            return None
        parts.append((p, harm))
    return _mix(*parts)


def random_attack(
    game: G, state: S, f: Fighter, w: Weapon, target: Fighter, bonus: int, value: int, *, heavy: bool = False
) -> Dist:
    """Entry 9: one of the candidates of :func:`tactica.systems.srb.attacks.random_targets`, picked at
    random, is attacked at half the attack bonus (a Heavy melee's with its +2,
    :func:`tactica.systems.srb.attacks.random_heavy`); harm when it is the target."""
    if w.in_hand and w.kind != "thrown" and f.hand != w.name:
        return NOTHING
    candidates = attacks.random_targets(game, state, f, w, target)
    if target.id not in {c.id for c in candidates}:
        return NOTHING
    picked = Fraction(1, len(candidates))
    hurts = unaimed(game, f, w, bonus, value, heavy=attacks.random_heavy(game, heavy))
    return _mix((picked, hurts), (1 - picked, NOTHING))


def _multifires(f: Fighter, w: Weapon) -> bool:
    """Entry 10 makes a multi-barrel gun fire its remaining shots in random directions."""
    return w.category == "multi_barrel" and w.name in f.gear


def multifire(
    game: G, state: S, f: Fighter, w: Weapon, target: Fighter, bonus: int, value: int
) -> Dist | None:
    """Entry 10, a multi-barrel gun: a d12 showing 1 fires every remaining shot in a random direction
    (rule 23; :func:`tactica.systems.srb.fumbles.stray`); the first one standing on the line is attacked
    at half the attack bonus. None for two or more shots when the target stands on one of the lines."""
    shots = f.gear[w.name].loaded - (1 if w.loaded_feed else 0)
    if shots <= 0:
        return NOTHING
    forward = movement.facing(f.pos, target.pos)
    reach = attacks.max_range(w)
    if shots > 1:
        if any(_on_line(game, f.pos, d, reach, target.pos) for d in range(len(movement.DIRS))):
            return None
        return NOTHING
    met = Fraction(0)
    for turn, p in direction_turns().items():
        other = movement.trace(game, state, f.pos, (forward + turn) % len(movement.DIRS), reach, f.id)
        if other is not None and other.id == target.id:
            met += p
    fires = Fraction(1, len(D12.faces))
    return _mix((fires * met, unaimed(game, f, w, bonus, value)), (1 - fires * met, NOTHING))


def direction_turns() -> dict[int, Fraction]:
    """Rule 23 as :func:`tactica.systems.srb.movement.random_direction` rolls it: the chance of each turn
    (in eighths, clockwise) from the way the actor faced: a d6 1-2 forward, 3-4 backwards, 5-6 a second d6
    on :data:`tactica.systems.srb.movement.SIDEWAYS`."""
    sixth = Fraction(1, len(D6.faces))
    out = {0: 2 * sixth, 4: 2 * sixth}
    for _name, turn in movement.SIDEWAYS.values():
        out[turn] = out.get(turn, Fraction(0)) + 2 * sixth * sixth
    return out


def _on_line(game: G, start: Pos, direction: int, squares: int, pos: Pos) -> bool:
    """Whether ``pos`` lies on the line :func:`tactica.systems.srb.movement.trace` follows (before a wall
    or the edge), whoever stands in front of it."""
    dx, dy = movement.DIRS[direction]
    at = start
    for _ in range(squares):
        at = (at[0] + dx, at[1] + dy)
        if not game.board.in_bounds(at) or game.board.terrain(at).wall:
            return False
        if at == pos:
            return True
    return False


# -- reading a resolution -------------------------------------------------------------------------------


def resolution(game: G, action: Action, events: Sequence[Event]) -> Resolution | None:
    """How an attack turned out, read from its events: the first attack roll's natural 1 (fumble), miss,
    or hit (a critical hit when the damage to the target was critical); the harm is every hit point the
    target lost in them."""
    if action.verb not in ATTACK_VERBS:
        return None
    rolled = [
        e
        for e in events
        if isinstance(e, SrbAttackRolled) and e.roll == "attack" and e.attacker == action.actor
    ]
    if not rolled:
        return None
    first = rolled[0]
    dealt = [e for e in events if isinstance(e, SrbDamageDealt) and e.target == action.target]
    harm = float(sum(e.amount for e in dealt))
    if first.face == 1:
        return Resolution(FUMBLE, harm)
    if not first.hit:
        return Resolution(MISS, harm)
    if any(e.critical and e.source == action.actor for e in dealt):
        return Resolution(CRITICAL, harm)
    return Resolution(HIT, harm)
