"""Delay/Ready: sacrifice the turn for one instant action on a trigger (rule 41).

Being written: this module registers no verbs yet.
"""

from __future__ import annotations

from tactica.systems.futurepath.verbs import Verb

VERBS: list[Verb] = []
