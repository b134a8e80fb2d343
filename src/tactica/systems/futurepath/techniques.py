"""Combat Techniques (rule 36) and skill, feat and talent use (rule 44).

Being written: this module registers no verbs yet.
"""

from __future__ import annotations

from tactica.systems.futurepath.verbs import Verb

VERBS: list[Verb] = []
