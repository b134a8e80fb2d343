"""Policies that choose among ``legal_actions()``: a random one for every system, and one default per system.

>>> from tactica.ai import policy_names
>>> "random" in policy_names("futurepath")
True
"""

from tactica.ai.policy import Policy, RandomPolicy, make_policy, policy_names, run_fight

__all__ = ["Policy", "RandomPolicy", "make_policy", "policy_names", "run_fight"]
