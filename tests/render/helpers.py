"""The systems' demo fights (each system's ``content/demo.yaml``, its script played) and a bounded AI run."""

from __future__ import annotations

from importlib import resources

from tactica.ai import make_policy
from tactica.analysis.odds import scenario_fight
from tactica.engine import Fight
from tactica.scenario import load_scenario

SYSTEMS = ("futurepath", "srb", "thrum", "phase3d6", "farrecon")
#: Enough actions for every demo fight to end with the default AI (the longest, THRUM's, takes ~600).
MOST_ACTIONS = 3_000


def demo(system: str) -> Fight:
    """The demo fight of a system, as the table starts it."""
    path = resources.files(f"tactica.systems.{system}.content") / "demo.yaml"
    return scenario_fight(load_scenario(str(path)))


def play(fight: Fight, *actions: str) -> Fight:
    """``fight`` after ``actions``."""
    for action in actions:
        fight.apply(action)
    return fight


def play_out(fight: Fight, system: str, limit: int = MOST_ACTIONS) -> Fight:
    """``fight`` played by the system's default AI until it ends (or ``limit`` actions)."""
    policy = make_policy("default", system, seed=1)
    for _ in range(limit):
        if fight.is_over():
            break
        fight.apply(policy.choose(fight))
    return fight
