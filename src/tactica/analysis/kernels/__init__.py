"""The fast tier of ``tactica sim``: kernels, each playing one kind of fight vectorised over thousands of
fights with NumPy, each declaring the fights it covers; ``sim`` uses the first kernel that covers the
scenario with the sides' policies, else the reference engine (docs/performance.md, "Tiers").

>>> [k.name for k in kernels()] == [k.name for k in KERNELS]
True
"""

from __future__ import annotations

import os

# The kernels use no linear algebra: one BLAS thread (set before NumPy loads) keeps this process
# single-threaded, so sim's workers can be forked (fast) rather than started from a fork server (seconds).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from collections.abc import Mapping

from tactica.analysis.kernels.base import Kernel, Outcomes, joined
from tactica.analysis.kernels.dice import GeneratorDice, KernelDice, TapeDice, TapeMismatch
from tactica.analysis.kernels.farrecon_line import FarReconLine
from tactica.analysis.kernels.futurepath_duel import FuturePathDuel
from tactica.analysis.kernels.futurepath_lines import FuturePathLines
from tactica.analysis.kernels.phase3d6_duel import Phase3d6Duel
from tactica.analysis.kernels.phase3d6_lines import Phase3d6Lines
from tactica.analysis.kernels.srb_melee import StarRangersMelee
from tactica.analysis.kernels.thrum_lines import ThrumLines
from tactica.engine import Game, TacticaError

#: The registry, in the order ``sim`` tries them.
KERNELS: list[Kernel] = [
    FuturePathDuel(),
    FuturePathLines(),
    Phase3d6Duel(),
    Phase3d6Lines(),
    StarRangersMelee(),
    FarReconLine(),
    ThrumLines(),
]


def register_kernel(kernel: Kernel) -> None:
    """Add a kernel to the registry (after the others; a kernel of the same name is replaced in place)."""
    for i, known in enumerate(KERNELS):
        if known.name == kernel.name:
            KERNELS[i] = kernel
            return
    KERNELS.append(kernel)


def kernels() -> list[Kernel]:
    """Every registered kernel, in the order they are tried."""
    return list(KERNELS)


def kernel_named(name: str) -> Kernel:
    """The registered kernel called ``name``."""
    for kernel in KERNELS:
        if kernel.name == name:
            return kernel
    raise TacticaError(f"no kernel '{name}'; the kernels are: {', '.join(k.name for k in KERNELS) or 'none'}")


def coverage(game: Game, ai: Mapping[str, str]) -> dict[str, str | None]:
    """Each kernel of the game's system: None when it covers the game with these policies, else why not."""
    return {k.name: k.covers(game, ai) for k in KERNELS if k.system == game.system.id}


def covering(game: Game, ai: Mapping[str, str]) -> Kernel | None:
    """The first kernel that covers the game with these policies (None: the engine must play it)."""
    return next((k for k in KERNELS if k.system == game.system.id and k.covers(game, ai) is None), None)


__all__ = [
    "KERNELS",
    "GeneratorDice",
    "Kernel",
    "KernelDice",
    "Outcomes",
    "TapeDice",
    "TapeMismatch",
    "coverage",
    "covering",
    "joined",
    "kernel_named",
    "kernels",
    "register_kernel",
]
