"""Policies that choose among ``legal_actions()``: a random one for every system, and one default per system.

>>> from tactica.ai import policy_names
>>> "random" in policy_names("futurepath")
True
"""

from tactica.ai.policy import (
    Policy,
    RandomPolicy,
    make_policy,
    policy_error,
    policy_names,
    register_default,
    register_policy,
    run_fight,
)
from tactica.ai.sides import combatants, given_choice, make_policies, policy_choice, sides

__all__ = [
    "Policy",
    "RandomPolicy",
    "combatants",
    "given_choice",
    "make_policies",
    "make_policy",
    "policy_choice",
    "policy_error",
    "policy_names",
    "register_default",
    "register_policy",
    "run_fight",
    "sides",
]
