"""Far Recon dice (rules 1-4, 12): 4dF + modifier, critical successes and failures, opposed rolls,
Difficulty Checks and damage tiers with exact fractions."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from tactica.dice import DF
from tactica.engine.system import Context
from tactica.systems.farrecon.events import FudgeRolled
from tactica.systems.farrecon.options import FarReconOptions


@dataclass(frozen=True, slots=True)
class FudgeRoll:
    """One roll: every face, the modifier, the total and whether it is a critical success or failure."""

    faces: tuple[int, ...]
    modifier: int

    @property
    def total(self) -> int:
        """Far Recon 1: the faces' sum plus the modifier."""
        return sum(self.faces) + self.modifier

    @property
    def critical(self) -> str:
        """Far Recon 3-4: 'success' when every die shows +, 'failure' when every die shows -, else ''."""
        return _critical(self.faces)


@functools.lru_cache(maxsize=1 << 10)
def _critical(faces: tuple[int, ...]) -> str:
    if all(f == 1 for f in faces):
        return "success"
    if all(f == -1 for f in faces):
        return "failure"
    return ""


class Scored(Protocol):
    """Anything with a total and a critical ('success', 'failure' or ''): a roll, a stored attack."""

    @property
    def total(self) -> int: ...

    @property
    def critical(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Fixed:
    """A total that was not rolled (a helpless defender's, Far Recon 17): never critical."""

    total: int
    critical: str = ""


def roll(ctx: Context, options: FarReconOptions, actor: str, what: str, modifier: int) -> FudgeRoll:
    """Far Recon 1 / D4: roll the fudge dice (4, or 6 with option fudge_dice) + ``modifier``."""
    faces = ctx.draw(DF, options.fudge_dice, f"{actor} {what}")
    result = FudgeRoll(tuple(faces), modifier)
    ctx.emit(FudgeRolled(actor, what, result.faces, modifier, result.total, result.critical))
    return result


def opposed(active: Scored, passive: Scored, options: FarReconOptions) -> str:
    """Far Recon 2-3, D7: who wins an opposed roll: 'active', 'passive' or 'tie'.

    A critical success wins whatever the totals unless the other side also rolled one (then the totals
    are compared, or the defender wins with option double_critical). Critical failures do not change the
    comparison (Far Recon 4).
    """
    a, p = active.critical == "success", passive.critical == "success"
    if a and not p:
        return "active"
    if p and not a:
        return "passive"
    if a and p and options.double_critical == "defender":
        return "passive"
    if active.total > passive.total:
        return "active"
    return "tie" if active.total == passive.total else "passive"


def critical_counts(active: Scored, passive: Scored, options: FarReconOptions) -> bool:
    """Far Recon 3, D7: whether the active side's critical success adds its extra: not when the other side
    rolled one too (option double_critical_extra 'keep': it still does)."""
    if active.critical != "success":
        return False
    return passive.critical != "success" or options.double_critical_extra == "keep"


def passes(result: Scored, dc: int) -> bool:
    """Far Recon 2-4: a Difficulty Check passes at or above the DC, always on a critical success."""
    return result.critical == "success" or result.total >= dc


def tiers(margin: int, increment: Fraction, options: FarReconOptions) -> int:
    """Far Recon 12 / D1: the increments of damage a margin is worth: ceil(margin / DI), exactly
    (option damage_tiers 'meet_or_beat': floor(margin / DI) + 1). No margin, no tiers."""
    if margin <= 0:
        return 0
    if options.damage_tiers == "meet_or_beat":
        return math.floor(Fraction(margin) / increment) + 1
    return math.ceil(Fraction(margin) / increment)
