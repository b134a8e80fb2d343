"""Helpless targets and the dying: Coup de grace (rule 38), Stabilize (rule 40).

Being written: this module registers no verbs yet.
"""

from __future__ import annotations

from tactica.systems.futurepath.verbs import Verb

VERBS: list[Verb] = []
