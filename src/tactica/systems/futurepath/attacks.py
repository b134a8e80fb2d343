"""Attacks (rules 21-33, 43; rulings A6-A8, A10, A17, A19).

Accuracy = d20 + advantage dice + STR (melee) or DEX (ranged) + Weapon Accuracy Bonus, against AC. Damage
dice are rolled ``multiplier`` times on a critical; flat damage is added once.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from functools import lru_cache

from tactica.dice import D10, D20, DiceExpr, parse
from tactica.dice.die import die_for
from tactica.dice.expr import DiceTerm
from tactica.engine.action import Action
from tactica.engine.system import Context
from tactica.grid import Cover, SquareBoard, cover_between, line_of_sight
from tactica.grid.memo import BoardMemo
from tactica.systems.futurepath.events import AttackRolled, Checked, CriticalChecked, DamageRolled
from tactica.systems.futurepath.options import FuturePathOptions
from tactica.systems.futurepath.setup import FuturePathGame
from tactica.systems.futurepath.sheet import DAMAGE_LADDER, Weapon
from tactica.systems.futurepath.state import Fighter, FuturePathState
from tactica.systems.futurepath.vitals import deal_damage

G = FuturePathGame
S = FuturePathState
Pos = tuple[int, int]
#: Die sizes, smallest first: an off-hand melee weapon's custom dice drop to the next size down (rule 33.4).
DIE_SIZES = (2, 4, 6, 8, 10, 12, 20, 100)
#: Target problems and advantage dice one game's memo keeps, each, for maps without objects or smoke.
TERRAIN_LIMIT = 1 << 16
#: Hand dice and damage dice one game's memo keeps, each (a few per attacker, weapon and hand).
HAND_LIMIT = 1 << 16


@dataclass(frozen=True, slots=True)
class Swing:
    """How one attack is made: weapon, hand, and situational dice beyond range and cover."""

    weapon: Weapon
    off_hand: bool = False
    extra_disadvantage: int = 0
    purpose: str = "attack"


def plain_swing(game: G, weapon_name: str) -> Swing:
    """``Swing(game.weapons[weapon_name])``, an ordinary attack's, made once per game and weapon (a swing is
    an immutable value; the AI weighs and the rules make an attack with one at every attack)."""
    return game.remembered("plain-swing", weapon_name, _plain_swing, HAND_LIMIT, game, weapon_name)


def _plain_swing(game: G, weapon_name: str) -> Swing:
    return Swing(game.weapons[weapon_name])


@dataclass(frozen=True, slots=True)
class Accuracy:
    """The result of an Accuracy check."""

    natural: int
    total: int
    hit: bool
    critical: bool
    fumble: bool


# -- who may be attacked, and at what odds -------------------------------------------------------


def reach_squares(game: G, weapon: Weapon) -> int:
    """Rule 25: Threat Range 5 ft plus reach, in squares."""
    return 1 + weapon.reach_ft // int(game.board.scale.per_cell)


def range_disadvantages(game: G, weapon: Weapon, distance: int) -> int:
    """Rule 26 / A17: one disadvantage per range increment beyond the weapon's range."""
    if weapon.range_ft is None:
        return 0
    feet = distance * game.board.scale.per_cell
    if game.options.range_penalty == "floor":
        return int(feet // weapon.range_ft)
    return max(0, math.ceil(feet / weapon.range_ft) - 1)


def blockers(state: S, *, weak: bool = True) -> set[tuple[int, int]]:
    """Squares of intact objects that block sight (``weak=False``: leaving out weak ones, rule 43)."""
    if not state.objects:
        return set()
    return {o.pos for o in state.objects.values() if o.blocks and not o.broken and (weak or not o.weak)}


def cover_of(game: G, state: S, attacker: Fighter, target: Fighter) -> Cover:
    """Rule 43: the cover the target has against this attacker (terrain, smoke); an intact blocking object
    (a closed door) on the line is Full cover, like a wall, and so are solid corners on both sides of a
    diagonal between neighbours (see :func:`clear_line`)."""
    if not state.objects and not state.conditions:
        return _terrain_cover(game, attacker.pos, target.pos)
    if not clear_line(game, state, attacker.pos, target.pos):  # not visible
        return Cover.FULL
    cover = cover_between(game.board, attacker.pos, target.pos)
    smoke = smoke_cover(game, state, attacker, target)
    return max(cover, smoke)


def _terrain_cover(game: G, a: Pos, b: Pos) -> Cover:
    """:func:`cover_of` on a map with no object and no smoke cloud: from the terrain alone, so worked out once
    per board and pair of squares."""
    board = game.board
    return _TERRAIN_COVER.get(
        board, (a, b), lambda: cover_between(board, a, b) if open_line(board, set(), a, b) else Cover.FULL
    )


#: Cover between pairs of squares from the terrain alone, at most this many pairs per board.
_TERRAIN_COVER: BoardMemo[Cover] = BoardMemo(limit=1 << 16)


def smoke_cover(game: G, state: S, attacker: Fighter, target: Fighter) -> Cover:
    """Rule 43: a smoke cloud on the line of fire gives Partial cover."""
    if not state.conditions:
        return Cover.NONE
    clouds = [c for c in state.conditions if c.name == "smoke"]
    if not clouds:
        return Cover.NONE
    line = game.board.line(attacker.pos, target.pos)[1:]
    for c in clouds:
        centre, radius = (c.data["x"], c.data["y"]), c.data["r"]
        if any(game.board.distance(p, centre) <= radius for p in line):
            return Cover.PARTIAL
    return Cover.NONE


def target_problem(game: G, state: S, attacker: Fighter, target: Fighter, weapon: Weapon) -> str | None:
    """Why ``attacker`` cannot attack ``target`` with ``weapon`` now (rules 25, 43), or None. With no object
    on the map and no condition on, the answer depends on the game, the two squares and whether the weapon is
    empty alone: it is worked out once per game, attacker, target, weapon, squares and empty or not."""
    if state.objects or state.conditions:
        return _target_problem(game, state, attacker, target, weapon)
    empty = weapon.ammo is not None and attacker.ammo.get(weapon.name, 0) <= 0
    key = (attacker.id, target.id, weapon.name, attacker.pos, target.pos, empty)
    return game.remembered(
        "target-problem", key, _target_problem, TERRAIN_LIMIT, game, state, attacker, target, weapon
    )


def _target_problem(game: G, state: S, attacker: Fighter, target: Fighter, weapon: Weapon) -> str | None:
    distance = game.board.distance(attacker.pos, target.pos)
    if weapon.is_melee:
        reach = reach_squares(game, weapon)
        if distance > reach:
            return (
                f"{target.id} is outside {attacker.id}'s Threat Range with {weapon.name}"
                f" ({distance} squares away, reach {reach}) (FuturePath 25)"
            )
        if cover_of(game, state, attacker, target) == Cover.FULL:
            return (
                f"{target.id} is in Full cover from {attacker.id} (a wall or blocking object is in the way);"
                " a melee attack cannot reach through it (FuturePath 25, 43)"
            )
        return None
    if weapon.kind != "ranged":
        return f"{weapon.name} is not a weapon to attack with this way"
    if weapon.ammo is not None and attacker.ammo.get(weapon.name, 0) <= 0:
        return f"{weapon.name} is empty; reload it first (FuturePath 19)"
    full = cover_of(game, state, attacker, target) == Cover.FULL
    if full and not fires_through(game, state, attacker, target, weapon):
        return (
            f"{target.id} is in Full cover and cannot be targeted directly; only an AP weapon, or any ranged"
            " weapon through a weak wall or barrier, fires through it (FuturePath 43)"
        )
    return None


def fires_through(game: G, state: S, attacker: Fighter, target: Fighter, weapon: Weapon) -> bool:
    """Rule 43 (l.263): "if the weapon has AP damage or if the wall/barrier is weak, then Ranged weapons can
    fire through them": an AP weapon, or Full cover made only by weak walls, barriers and objects."""
    if weapon.ap:
        return True
    board, a, b = game.sturdy_board, attacker.pos, target.pos
    return open_line(board, blockers(state, weak=False), a, b) and cover_between(board, a, b) != Cover.FULL


def advantage_dice(game: G, state: S, attacker: Fighter, target: Fighter, swing: Swing, through: bool) -> int:
    """Rule 27: net advantage dice (+) or disadvantage dice (-), at most the option's maximum. With no object
    on the map and no condition on (so no smoke), they depend on the game and the two squares alone, so they
    are worked out once per game, attacker, weapon, hand, extra dice, squares and firing through or not."""
    if state.objects or state.conditions:
        return _advantage_dice(game, state, attacker, target, swing, through)
    key = (
        attacker.id,
        swing.weapon.name,
        swing.off_hand,
        swing.extra_disadvantage,
        attacker.pos,
        target.pos,
        through,
    )
    return game.remembered(
        "advantage-dice", key, _advantage_dice, TERRAIN_LIMIT, game, state, attacker, target, swing, through
    )


def _advantage_dice(
    game: G, state: S, attacker: Fighter, target: Fighter, swing: Swing, through: bool
) -> int:
    weapon = swing.weapon
    advantages, off_hand_disadvantage, no_advantage = _hand_dice(game, attacker, swing)
    disadvantages = swing.extra_disadvantage + off_hand_disadvantage
    if not weapon.is_melee:
        disadvantages += range_disadvantages(game, weapon, game.board.distance(attacker.pos, target.pos))
    if through:
        disadvantages += 1
    else:
        cover = cover_of(game, state, attacker, target)
        disadvantages += min(int(cover), 2)
    cap = game.options.max_advantage_dice
    net = max(-cap, min(cap, advantages - disadvantages))
    return min(net, 0) if no_advantage else net


def _hand_dice(game: G, attacker: Fighter, swing: Swing) -> tuple[int, int, bool]:
    """Rule 27's dice that depend on the attacker's sheet, weapon and hand alone (worked out once per game):
    advantages (proficiency, discarded off-hand), an off-hand gun's disadvantage, and whether the off hand
    gets no advantage."""
    key = (attacker.id, swing.weapon.name, swing.off_hand)
    return game.remembered("hand-dice", key, _sheet_dice, HAND_LIMIT, game, attacker, swing)


def _sheet_dice(game: G, attacker: Fighter, swing: Swing) -> tuple[int, int, bool]:
    sheet = game.sheet(attacker.id)
    weapon = swing.weapon
    advantages = int(game.options.proficiency_advantage and sheet.is_proficient(weapon))
    no_advantage = swing.off_hand and "akimbo-specialist" not in sheet.feats
    if no_advantage and game.options.off_hand_advantage == "discarded":
        advantages = 0
    gun = not weapon.is_melee and swing.off_hand and "gun-fu" not in sheet.feats
    return advantages, int(gun), no_advantage


def roll_accuracy(
    game: G,
    state: S,
    attacker: Fighter,
    target: Fighter,
    swing: Swing,
    ctx: Context,
    *,
    through: bool = False,
) -> Accuracy:
    """Rules 21-22, 27-29: roll an Accuracy check and report it."""
    sheet = game.sheets[attacker.id]
    weapon = swing.weapon
    natural = ctx.die(D20, f"{attacker.id} {swing.purpose} on {target.id} with {weapon.name}: accuracy d20")
    net = advantage_dice(game, state, attacker, target, swing, through)
    faces = advantage_faces(game, attacker, abs(net), ctx)
    ability = sheet.mod("str") if weapon.is_melee else sheet.mod("dex")
    total = natural + (1 if net > 0 else -1) * sum(faces) + ability + accuracy_bonus(game, weapon)
    fumble = natural == game.options.critical_failure_natural
    critical = natural >= weapon.crit_range and not fumble
    ac = game.sheets[target.id].ac
    hit = not fumble and (reaches_ac(game, total, ac) or (critical and game.options.critical_auto_hit))
    ctx.emit(
        AttackRolled(
            attacker.id,
            target.id,
            weapon.name,
            natural,
            net,
            faces,
            total,
            ac,
            hit,
            critical,
            fumble,
            swing.purpose,
        )
    )
    return Accuracy(natural, total, hit, critical, fumble)


def accuracy_bonus(game: G, weapon: Weapon) -> int:
    """Rule 22 / A6: the Weapon Accuracy Bonus, for melee and ranged alike (or, by option, for neither)."""
    return weapon.accuracy if game.options.accuracy_bonus_always else 0


def reaches_ac(game: G, value: int, ac: int) -> bool:
    """Rule 21: does an Accuracy Value hit this AC (Value >= AC, or Value > AC by option)?"""
    return value >= ac if game.options.hit_on_equal else value > ac


def advantage_faces(game: G, attacker: Fighter, count: int, ctx: Context) -> tuple[int, ...]:
    """Rule 27: ``count`` rolls of the character's Advantage die (a flat 1 each without one)."""
    sides = game.sheets[attacker.id].advantage_die
    if count == 0:
        return ()
    if sides == 0:
        return (1,) * count
    return ctx.draw(die_for(sides), count, f"{attacker.id} advantage dice {count}d{sides}")


# -- damage --------------------------------------------------------------------------------------


def ladder(options: FuturePathOptions) -> tuple[str, ...]:
    """Rule 24: damage dice by weapon level, 0 to 8 (levels 7 and 8 from the options)."""
    return (*DAMAGE_LADDER[:7], options.level_7_damage, options.level_8_damage)


@lru_cache(maxsize=256)
def _parsed(text: str) -> DiceExpr:
    return parse(text)


def weapon_dice(game: G, weapon: Weapon) -> DiceExpr:
    """Rule 24: the weapon's own damage dice, or those of its level on the ladder."""
    if weapon.damage is not None:
        return weapon.dice
    return _parsed(ladder(game.options)[weapon.level])


def damage_dice(game: G, attacker: Fighter, swing: Swing) -> DiceExpr:
    """Rule 24 and rule 33.4: the weapon's dice, one level lower for a melee off-hand weapon."""
    weapon = swing.weapon
    dice = weapon_dice(game, weapon)
    if not (swing.off_hand and weapon.is_melee) or "niten-ichi" in game.sheet(attacker.id).feats:
        return dice
    return lower_dice(dice, ladder(game.options))


def _damage_notation(game: G, attacker: Fighter, swing: Swing) -> tuple[DiceExpr, str]:
    """:func:`damage_dice` and its notation, worked out once per game, attacker, weapon and hand."""
    key = (attacker.id, swing.weapon.name, swing.off_hand)
    return game.remembered("damage-dice", key, _with_notation, HAND_LIMIT, game, attacker, swing)


def _with_notation(game: G, attacker: Fighter, swing: Swing) -> tuple[DiceExpr, str]:
    expr = damage_dice(game, attacker, swing)
    return expr, str(expr)


def lower_dice(expr: DiceExpr, levels: tuple[str, ...]) -> DiceExpr:
    """Rule 33.4: one die level lower. Dice that are a level of the ladder take the level below (1d8 -> 1d6,
    2d8 -> 1d12; 1d2 -> 1: "just 1 each time"); other dice each drop to the next smaller die (d3 -> d2,
    2d6 -> 2d4, d20 -> d12), a d2 becoming 1 per die. Flat modifiers are kept."""
    dice_only = DiceExpr(expr.terms)
    texts = [str(_parsed(t)) for t in levels]
    if str(dice_only) in texts:
        level = texts.index(str(dice_only))
        lowered = _parsed(levels[level - 1]) if level else DiceExpr(constant=1)
        return DiceExpr(lowered.terms, lowered.constant + expr.constant)
    terms: list[DiceTerm] = []
    constant = expr.constant
    for term in expr.terms:
        smaller = [s for s in DIE_SIZES if s < term.die.sides]
        if term.die.fudge:
            terms.append(term)
        elif smaller and term.die.sides > 2:
            terms.append(dataclasses.replace(term, die=die_for(smaller[-1])))
        else:
            constant += term.sign * term.count
    return DiceExpr(tuple(terms), constant)


def flat_damage(game: G, attacker: Fighter, weapon: Weapon, *, extra: bool = False) -> int:
    """Rule 23 and A10: STR for melee (Extra Damage too, by default) plus the weapon's bonus damage."""
    strength = game.sheets[attacker.id].mod("str") if weapon.is_melee else 0
    if extra and not game.options.extra_damage_adds_str:
        strength = 0
    return strength + weapon.bonus_damage


def roll_damage(
    game: G,
    state: S,
    attacker: Fighter,
    target: Fighter,
    swing: Swing,
    multiplier: int,
    ctx: Context,
    kind: str,
) -> int:
    """Roll the damage dice ``multiplier`` times (A7), add flat damage once, and apply it."""
    expr, notation = _damage_notation(game, attacker, swing)
    faces: list[int] = []
    dice_total = 0
    for i in range(multiplier):
        roll = ctx.roll(expr, f"{attacker.id} damage on {target.id} ({kind}, roll {i + 1} of {multiplier})")
        faces.extend(roll.faces)
        dice_total += roll.total
    flat = flat_damage(game, attacker, swing.weapon, extra=kind.startswith("extra"))
    if game.options.critical_multiplies_flat:
        flat *= multiplier
    amount = max(0, dice_total + flat)
    ctx.emit(DamageRolled(attacker.id, target.id, tuple(faces), multiplier, flat, amount, kind, notation))
    deal_damage(game, state, target.id, amount, ctx, attacker.id)
    return amount


# -- whole attacks -------------------------------------------------------------------------------


def strike(
    game: G,
    state: S,
    attacker: Fighter,
    target: Fighter,
    swing: Swing,
    ctx: Context,
    *,
    extra_damage: int = 0,
) -> Accuracy:
    """One attack: accuracy, damage on a hit, then Extra Damage rolls (with critical checks, rule 31)."""
    through = _through_full_cover(game, state, attacker, target, swing, ctx)
    if through is None:
        return Accuracy(0, 0, False, False, False)
    spend_ammo(attacker, swing.weapon)
    accuracy = roll_accuracy(game, state, attacker, target, swing, ctx, through=through)
    if not accuracy.hit:
        return accuracy
    multiplier = swing.weapon.crit_multiplier if accuracy.critical else 1
    roll_damage(
        game, state, attacker, target, swing, multiplier, ctx, "critical" if accuracy.critical else "hit"
    )
    if extra_damage:
        critical = multiplier if accuracy.critical else 0
        extra_rolls(game, state, attacker, target, swing, critical, extra_damage, ctx, through=through)
    return accuracy


def _through_full_cover(
    game: G, state: S, attacker: Fighter, target: Fighter, swing: Swing, ctx: Context
) -> bool | None:
    """Rule 43: firing through Full cover needs a d10 of 6+; then the check has 1 disadvantage.
    Returns False (no full cover), True (connects) or None (misses)."""
    if swing.weapon.is_melee or cover_of(game, state, attacker, target) != Cover.FULL:
        return False
    face = ctx.die(D10, f"{attacker.id} fires through full cover at {target.id}: d10")
    connects = face >= game.options.full_cover_connect
    ctx.emit(
        Checked(attacker.id, "fire through cover", face, face, game.options.full_cover_connect, connects)
    )
    if not connects:
        spend_ammo(attacker, swing.weapon)
    return True if connects else None


def spend_ammo(attacker: Fighter, weapon: Weapon) -> None:
    """One round of ammunition for a shot (weapons without a capacity spend nothing)."""
    if weapon.ammo is not None and weapon.name in attacker.ammo:
        attacker.ammo[weapon.name] -= 1


def extra_rolls(
    game: G,
    state: S,
    attacker: Fighter,
    target: Fighter,
    swing: Swing,
    multiplier: int,
    count: int,
    ctx: Context,
    *,
    through: bool = False,
) -> None:
    """Rule 31: Extra Damage rolls; after a critical each is critical-checked until a check fails.

    A critical check is another Accuracy check made as the attack's was: through Full cover (``through``,
    rule 43) it has the same single disadvantage."""
    checking = multiplier > 1
    base = multiplier
    check_swing = dataclasses.replace(swing, purpose="critical check")
    for i in range(count):
        if not checking:
            roll_damage(game, state, attacker, target, swing, 1, ctx, f"extra {i + 1}")
            continue
        check = roll_accuracy(game, state, attacker, target, check_swing, ctx, through=through)
        result, multiplier = _critical_check(game, swing.weapon, check, multiplier, game.sheet(target.id).ac)
        ctx.emit(CriticalChecked(attacker.id, check.natural, check.total, result, multiplier))
        if result == "fumble":
            return
        if result == "fail":
            checking = False
        used = multiplier if result != "fail" else 1
        if result == "success" and game.options.critical_check_multiplier == "base":
            used = base
        roll_damage(game, state, attacker, target, swing, used, ctx, f"extra {i + 1}")


def _critical_check(game: G, weapon: Weapon, check: Accuracy, multiplier: int, ac: int) -> tuple[str, int]:
    """Classify one critical check (rule 31): fumble, explode, success or fail; and the new multiplier."""
    options = game.options
    if check.fumble:
        return "fumble", multiplier
    if check.natural >= options.critical_check_natural:
        return "explode", min(options.critical_multiplier_cap, multiplier + 1)
    if reaches_ac(game, check.total, ac) or check.natural >= weapon.crit_range:
        return "success", multiplier
    return "fail", multiplier


def visible(game: G, state: S, attacker: Fighter, target: Fighter) -> bool:
    """Line of sight ignoring smoke (walls and blocking objects stop it); see :func:`clear_line`."""
    return clear_line(game, state, attacker.pos, target.pos)


def clear_line(game: G, state: S, a: Pos, b: Pos, *, ignore: Pos | None = None) -> bool:
    """Nothing solid between squares ``a`` and ``b``: no wall or intact blocking object (other than at
    ``ignore``) on the line, and, between diagonal neighbours, not both corner squares solid (nobody can
    squeeze a step between them, so nobody reaches or sees through: rules 25, 43)."""
    solid = blockers(state) - {ignore} if ignore else blockers(state)
    return open_line(game.board, solid, a, b)


def open_line(board: SquareBoard, solid: set[Pos], a: Pos, b: Pos) -> bool:
    """:func:`clear_line` on ``board`` with the ``solid`` object squares."""
    if board.distance(a, b) > 1:
        return line_of_sight(board, a, b, blockers=solid)
    dx, dy = b[0] - a[0], b[1] - a[1]
    if not (dx and dy):
        return True
    corners = ((a[0] + dx, a[1]), (a[0], a[1] + dy))
    return not all(board.terrain(c).wall or c in solid for c in corners)


def attack_action(actor: Fighter, verb: str, target: Fighter, weapon: str) -> Action:
    """The action text for an attack."""
    return Action(actor.id, verb, target.id, using=weapon)
