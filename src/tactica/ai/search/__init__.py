"""The search AI (``--ai SIDE=search``, ``search:64`` playouts, ``search:200ms``): docs/agents.md.

>>> from tactica.ai.search import parse_budget
>>> str(parse_budget("200ms")), str(parse_budget("64"))
('200ms', '64 playouts')
"""

from tactica.ai.search.budget import Budget, parse_budget
from tactica.ai.search.policy import SearchPolicy

__all__ = ["Budget", "SearchPolicy", "parse_budget"]
