"""What a FuturePath line-up kernel knows before the first die: every blow each fighter may strike (its dice,
bonuses and the target's AC, from the rules' own functions) and how the default AI ranks them.

Nobody moves in a covered line-up, no object, cloud or trap exists, and every fighter's hands hold melee
weapons only, so an attack's numbers (advantage dice, cover, reach) never change during a fight: they are
read once from the initial state through :mod:`tactica.systems.futurepath.attacks`, the functions the
engine resolves with. What changes is who is up and their hit points: the AI's key
(:func:`tactica.systems.futurepath.ai._best_attack`: fair, at least a 25% chance, lowest target HP,
expected damage, first listed) is split into a static part kept here and the target's HP, read per fight.
"""

from __future__ import annotations

from dataclasses import dataclass

from tactica.dice.expr import DiceExpr
from tactica.systems.futurepath import attacks, care
from tactica.systems.futurepath.ai import Odds, View
from tactica.systems.futurepath.fighting import bonus_weapon_problem
from tactica.systems.futurepath.setup import FuturePathGame
from tactica.systems.futurepath.state import Fighter, FuturePathState

#: The AI's attack verbs in the order it weighs them (a tie keeps the first).
VERBS = ("full-attack", "attack", "bonus-attack")


@dataclass(frozen=True)
class Blow:
    """One attack by ``attacker`` on ``target`` (column numbers) with one weapon in one hand."""

    attacker: int
    target: int
    net: int  # net advantage (+) or disadvantage (-) dice, rule 27
    advantage_die: int  # sides of the attacker's Advantage die; 0: a flat 1 each
    bonus: int  # ability modifier + Weapon Accuracy Bonus
    ac: int
    crit_range: int
    crit_multiplier: int
    terms: tuple[tuple[int, int, int], ...]  # the damage dice: (count, sides, sign) per term
    constant: int  # the damage expression's constant, once per roll
    flat: int  # flat damage on a hit (rule 23)
    flat_extra: int  # flat damage on an Extra Damage roll (A10)
    extra_damage: int  # Extra Damage rolls after a hit (a Full Attack's), else 0


@dataclass(frozen=True)
class Choice:
    """An attack the AI weighs: its verb, its blow, and the static part of its key."""

    verb: str
    blow: Blow
    rank: int  # 2 * fair + (chance to hit >= 25%)
    worth: int  # the rank of its expected damage among the fighter's choices (equal means equal)


@dataclass(frozen=True)
class Coup:
    """A coup de grâce (rule 38, A12): an automatic critical with ``blow``'s dice, then the target's CON save
    with ``save_net`` dice (+ advantages, - disadvantages) of its own Advantage die ``save_die``."""

    blow: Blow
    save_net: int
    save_die: int


@dataclass(frozen=True)
class Arsenal:
    """One fighter's choices: the opening attacks (Full Attack, Attack), the Bonus Attacks after one, and the
    coups de grâce it can deliver from where it stands, in the order the rules list them."""

    opening: tuple[Choice, ...]
    bonus: tuple[Choice, ...]
    extra_attacks: int
    coups: tuple[Coup, ...]


def blow(
    game: FuturePathGame, state: FuturePathState, me: Fighter, foe: Fighter, verb: str, weapon: str
) -> Blow:
    """The numbers of ``me``'s ``verb`` on ``foe`` with ``weapon``, as the engine computes them."""
    ids = list(state.fighters)
    sheet = game.sheet(me.id)
    swing = attacks.Swing(game.weapons[weapon], off_hand=verb == "bonus-attack")
    w = swing.weapon
    expr: DiceExpr = attacks.damage_dice(game, me, swing)
    return Blow(
        attacker=ids.index(me.id),
        target=ids.index(foe.id),
        net=attacks.advantage_dice(game, state, me, foe, swing, False),
        advantage_die=sheet.advantage_die,
        bonus=sheet.mod("str") + attacks.accuracy_bonus(game, w),
        ac=game.sheet(foe.id).ac,
        crit_range=w.crit_range,
        crit_multiplier=w.crit_multiplier,
        terms=tuple((t.count, t.die.sides, t.sign) for t in expr.terms),
        constant=expr.constant,
        flat=attacks.flat_damage(game, me, w),
        flat_extra=attacks.flat_damage(game, me, w, extra=True),
        extra_damage=sheet.extra_damage if verb == "full-attack" else 0,
    )


def arsenal(game: FuturePathGame, state: FuturePathState, me: Fighter) -> Arsenal:
    """Every attack ``me`` may choose, in the order the rules list them, with the AI's static key."""
    view = View(game, state, me)
    sheet = game.sheet(me.id)
    verbs = [v for v in VERBS if v != "full-attack" or sheet.extra_attacks or sheet.extra_damage]
    found: list[tuple[str, Blow, int, float]] = []
    for verb in verbs:
        for weapon in _hands(game, me, verb):
            for foe in (f for f in state.fighters.values() if f.side != me.side):
                if attacks.target_problem(game, state, me, foe, game.weapons[weapon]) is None:
                    odds = Odds.of(view, foe, weapon, full=verb == "full-attack")
                    rank = 2 + int(odds.hit >= 0.25)  # melee only: always fair
                    found.append((verb, blow(game, state, me, foe, verb, weapon), rank, odds.expected))
    worths = sorted({e for *_, e in found})
    choices = [Choice(v, b, r, worths.index(e)) for v, b, r, e in found]
    return Arsenal(
        tuple(c for c in choices if c.verb != "bonus-attack"),
        tuple(c for c in choices if c.verb == "bonus-attack"),
        sheet.extra_attacks,
        coups(game, state, me),
    )


def coups(game: FuturePathGame, state: FuturePathState, me: Fighter) -> tuple[Coup, ...]:
    """Rule 38: each (weapon, enemy) ``me`` can reach, weapon by weapon (the order of the rules' list)."""
    return tuple(
        Coup(
            blow(game, state, me, foe, "attack", w),
            care.save_dice(game, me),
            game.sheet(foe.id).advantage_die,
        )
        for w in me.hands
        for foe in state.fighters.values()
        if foe.side != me.side and attacks.target_problem(game, state, me, foe, game.weapons[w]) is None
    )


def _hands(game: FuturePathGame, me: Fighter, verb: str) -> list[str]:
    """The weapons a verb may use: every drawn one, or the off-hand weapon for a Bonus Attack (rule 33)."""
    if verb != "bonus-attack":
        return list(me.hands)
    off = me.off_hand
    return [off] if off is not None and bonus_weapon_problem(game, me, off) is None else []
