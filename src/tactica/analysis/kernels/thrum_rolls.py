"""THRUM's rolls for a kernel (THRUM 2, 6, C2): 2d6 with Boons and Banes, lane by lane, and the initiative
order with its roll-offs.

From a dice tape a roll reads the engine's 2 + |net| d6 and keeps the highest (net Boons) or lowest (net
Banes) two, as :func:`tactica.systems.thrum.dice.roll` does. From a generator it draws the kept sum from its
exact distribution instead: one uniform integer below 6^(2 + most), the same for every net, looked up in
the whole-number cumulative counts of each net scaled to that denominator (every outcome of the dice equally
likely: the same distribution, without rolling the dice a sum does not read).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

import icepool
import numpy as np
import numpy.typing as npt

from tactica.analysis.kernels.dice import GeneratorDice, KernelDice
from tactica.analysis.kernels.srb_melee import _roll_off as roll_off  # C2's roll-off is Star Rangers' rule 7

Ints = npt.NDArray[np.int64]


@cache
def _cumulative(most: int) -> Ints:
    """(2 * most + 1, 11): for each net from -most to most, how many of the 6^(2 + most) outcomes keep a sum
    of at most 2, 3, ..., 12."""
    rows = []
    for net in range(-most, most + 1):
        pool = icepool.d6.pool(2 + abs(net))
        die = (pool.highest(2) if net > 0 else pool.lowest(2)).sum()
        scale = 6 ** (2 + most) // die.denominator()
        counts = [die.quantity(s) * scale for s in range(2, 13)]
        rows.append(np.cumsum(counts))
    return np.array(rows, dtype=np.int64)


def kept(dice: KernelDice, net: Ints, most: int) -> Ints:
    """The two dice kept of 2 + |net| d6 (net Boons minus Banes, |net| <= ``most``) for each lane."""
    if isinstance(dice, GeneratorDice):
        table = _cumulative(most)
        u = dice.rng.integers(0, 6 ** (2 + most), size=len(net))
        found: Ints = (u[:, None] >= table[net + most]).sum(axis=1) + 2
        return found
    out = np.zeros(len(net), dtype=np.int64)
    for lane, n in enumerate(net.tolist()):
        faces = sorted(dice.roll(6, 2 + abs(n), 1)[0].tolist())
        out[lane] = sum(faces[-2:]) if n > 0 else sum(faces[:2])
    return out


def initiative(
    dice: KernelDice, mods: Sequence[int], fixed: Sequence[int | None], keys: Sequence[tuple[int, ...]]
) -> Ints:
    """Per fight, the combatants in turn order (fights, combatants): 2d6 + Initiative in setup order (fixed
    totals from the setup), highest first; equal totals by ``keys`` (C2: modifier, PCs first), then d20
    roll-offs: on a tape die by die in the engine's order, on a generator a uniform order among the tied
    (every roll-off of exchangeable dice gives each order the same chance)."""
    n = dice.fights
    totals = np.zeros((len(mods), n), dtype=np.int64)
    for c, (mod, given) in enumerate(zip(mods, fixed, strict=True)):
        totals[c] = given if given is not None else kept(dice, np.zeros(n, dtype=np.int64), 0) + mod
    if isinstance(dice, GeneratorDice):
        ties = dice.rng.random((len(mods), n))
        order = np.lexsort((ties, *_static(keys, n)[::-1], -totals), axis=0)
        return order.T.copy()
    return np.array([_ordered(totals[:, 0].tolist(), keys, _die(dice))], dtype=np.int64)


def _static(keys: Sequence[tuple[int, ...]], n: int) -> list[Ints]:
    """The static tie-break keys as (C, n) arrays, most significant first."""
    columns = zip(*keys, strict=True)
    return [np.repeat(np.array(column, dtype=np.int64)[:, None], n, axis=1) for column in columns]


def _ordered(totals: list[int], keys: Sequence[tuple[int, ...]], die: Callable[[], int]) -> list[int]:
    """``turns._order`` for one fight: groups of equal (-total, *key) in sorted order, each tied group rolled
    off in setup order."""
    groups: dict[tuple[int, ...], list[int]] = {}
    for c, total in enumerate(totals):
        groups.setdefault((-total, *keys[c]), []).append(c)
    out: list[int] = []
    for key in sorted(groups):
        tied = groups[key]
        out += roll_off(tied, die) if len(tied) > 1 else tied
    return out


def _die(dice: KernelDice) -> Callable[[], int]:
    return lambda: int(dice.roll(20, 1, 1)[0, 0])
