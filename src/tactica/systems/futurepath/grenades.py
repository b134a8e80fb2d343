"""Throwing objects and grenades: range, scatter, cooking, detonation (rules 34-35, A15-A16).

Being written: this module registers no verbs yet.
"""

from __future__ import annotations

from tactica.systems.futurepath.verbs import Verb

VERBS: list[Verb] = []
