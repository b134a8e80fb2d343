"""Objects and traps: attacking and dragging objects (rules 17, 37), traps and mines (rule 42).

Being written: this module registers no verbs yet.
"""

from __future__ import annotations

from tactica.systems.futurepath.verbs import Verb

VERBS: list[Verb] = []
