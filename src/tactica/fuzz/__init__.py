"""The fuzz suite (issue 12): hostile inputs through every face, each judged by :mod:`.guard`.

Targets (each input is one seed of one target, reproducible alone):

- ``check``, ``verify``, ``fight``, ``sim``, ``odds``: a mutated example or demo scenario file at the command
  line (:mod:`.files`);
- ``action-text``, ``action-object``: a mutated action applied at a random point of random legal play;
  ``dice``: dice notation; ``play``: lines typed at ``tactica play``; ``conformance-SYSTEM``: a random-legal
  fight of one of the system's setups, with replay, JSON and undo checks (:mod:`.fights`).

``python -m tactica.fuzz`` runs them all (``make fuzz``); ``--target T --seed S`` reruns one input.
"""

from __future__ import annotations

from collections.abc import Callable

from tactica.fuzz.fights import FIGHT_TARGETS
from tactica.fuzz.files import FILE_TARGETS
from tactica.fuzz.guard import Probe, Verdict, run_one

TARGETS: dict[str, Callable[[Probe], None]] = {**FILE_TARGETS, **FIGHT_TARGETS}

__all__ = ["TARGETS", "Verdict", "run_target"]


def run_target(name: str, seed: int) -> tuple[int, Verdict | None]:
    """Case ``seed`` of target ``name``, under guard: the inputs it tried, and its failure (None if none)."""
    return run_one(name, TARGETS[name], seed)
