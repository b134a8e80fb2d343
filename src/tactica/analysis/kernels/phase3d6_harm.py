"""What a Phase 3d6 hit does, tabulated for the duel kernel (:class:`~.phase3d6_blows.Harm`): the damage
dice in the engine's order (the weapon's terms, then the manoeuvre's extra d6, ``combat.damage``), cut into
chunks each rolled as one outcome number; each chunk's outcomes coded by their total and BODY
(``total * radix + body``, so the chunks' codes add up), and what the target loses for each code (for each
outcome, when the dice make one chunk).

>>> chunks(((8, 6), (1, 4)))
(((5, 6),), ((3, 6), (1, 4)))
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tactica.analysis.kernels.dice import Pair, outcome_faces
from tactica.analysis.kernels.phase3d6_blows import Harm
from tactica.dice import parse
from tactica.systems.phase3d6 import combat
from tactica.systems.phase3d6.setup import Phase3d6Game
from tactica.systems.phase3d6.sheet import Weapon

#: Damage dice rolled as one outcome number: as many as have at most this many outcomes together (5d6).
CHUNK = 6**5
#: The most (total, BODY) codes of one hit's damage dice the kernel tabulates.
MAX_TOTALS = 1 << 16


def dice_of(game: Phase3d6Game, weapon: Weapon, maneuver: str) -> tuple[Pair, ...]:
    """A hit's damage dice in the engine's order: the weapon's terms, then the manoeuvre's extra d6."""
    terms = [(t.count, t.die.sides) for t in parse(weapon.damage).terms]
    extra = game.maneuvers[maneuver].extra_dice
    return tuple(terms + ([(extra, 6)] if extra else []))


def harm_problem(game: Phase3d6Game, weapon: Weapon, maneuver: str) -> str | None:
    """Why a hit with ``weapon`` and ``maneuver`` is too big to tabulate, or None."""
    if totals(dice_of(game, weapon, maneuver)) > MAX_TOTALS:
        return (
            f"{weapon.name}'s damage {weapon.damage} with the {maneuver} has more than {MAX_TOTALS:,} totals"
        )
    return None


def totals(dice: Sequence[Pair]) -> int:
    """How many (total, BODY) codes a roll of ``dice`` has (the size of its harm table)."""
    return (sum(c * s for c, s in dice) + 1) * radix(dice)


def radix(dice: Sequence[Pair]) -> int:
    """More than the most BODY ``dice`` can roll (2 a die)."""
    return 2 * sum(c for c, _ in dice) + 1


def chunks(dice: Sequence[Pair]) -> tuple[tuple[Pair, ...], ...]:
    """The dice, in order, cut into runs of at most :data:`CHUNK` outcomes each (a bigger die alone)."""
    out: list[list[Pair]] = [[]]
    size = 1
    for count, sides in dice:
        for _ in range(count):
            if size * sides > CHUNK and out[-1]:
                out.append([])
                size = 1
            size *= sides
            run = out[-1]
            if run and run[-1][1] == sides:
                run[-1] = (run[-1][0] + 1, sides)
            else:
                run.append((1, sides))
    return tuple(tuple(run) for run in out)


def harm(game: Phase3d6Game, weapon: Weapon, maneuver: str, target: str) -> Harm:
    """What a hit with ``weapon`` and ``maneuver`` takes from ``target``: STUN = the total plus the
    constant (never below 0), BODY by ``combat.body_of``, then ``combat.taken`` (PD off both)."""
    dice = dice_of(game, weapon, maneuver)
    base = radix(dice)
    body_of = np.array([0] + [combat.body_of(f) for f in range(1, max(s for _, s in dice) + 1)])
    parts = chunks(dice)
    codes = []
    for part in parts:
        faces = outcome_faces(part)
        codes.append(faces.sum(axis=1) * base + body_of[faces].sum(axis=1))
    constant = parse(weapon.damage).constant
    lost = np.zeros(totals(dice), dtype=np.int64)
    wounds = np.zeros(totals(dice), dtype=np.int64)
    for code in range(len(lost)):
        total, body = divmod(code, base)
        lost[code], wounds[code] = combat.taken(game, target, max(0, total + constant), body)
    if len(parts) == 1:  # looked up by the outcome number itself
        return Harm(parts, tuple(codes), lost[codes[0]], wounds[codes[0]])
    return Harm(parts, tuple(codes), lost, wounds)
