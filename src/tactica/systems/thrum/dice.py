"""THRUM rolls: 2d6 with Boons and Banes (THRUM 2), and the exact distribution of the same roll."""

from __future__ import annotations

import icepool

from tactica.dice import D6
from tactica.engine.system import Context
from tactica.systems.thrum.events import Rolled2d6


def kept(faces: tuple[int, ...], net: int) -> tuple[int, ...]:
    """THRUM 2: the two dice that count: the highest two with net Boons, the lowest two with net Banes."""
    ordered = sorted(faces)
    if net > 0:
        return tuple(ordered[-2:])
    return tuple(ordered[:2])


def roll(ctx: Context, actor: str, what: str, modifier: int, boons: int = 0, banes: int = 0) -> int:
    """Roll 2 + |boons - banes| d6, keep two, add ``modifier``; emit the roll and return the total."""
    net = boons - banes
    faces = ctx.draw(D6, 2 + abs(net), f"{actor} {what}")
    two = kept(faces, net)
    total = sum(two) + modifier
    ctx.emit(Rolled2d6(actor, what, faces, two, modifier, boons, banes, total))
    return total


def distribution(net: int, modifier: int = 0) -> icepool.Die:
    """The exact distribution of a roll with ``net`` Boons (negative: Banes) and a modifier."""
    pool = icepool.d6.pool(2 + abs(net))
    two = pool.highest(2) if net > 0 else pool.lowest(2)
    return two.sum() + modifier
