"""The policy interface, the random-legal policy, the registry of default policies, and a fight loop."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from typing import Protocol

from tactica.engine import Action, Fight, Outcome
from tactica.engine.errors import TacticaError


class Policy(Protocol):
    """Chooses one of ``fight.legal_actions()``; it never returns an action that is not listed there."""

    def choose(self, fight: Fight) -> Action:
        """The action to take now."""
        ...


class RandomPolicy:
    """Uniform over verbs, then uniform over that verb's legal actions (so moves do not drown attacks)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, fight: Fight) -> Action:
        by_verb: dict[str, list[Action]] = {}
        for action in fight.legal_actions():
            by_verb.setdefault(action.verb, []).append(action)
        verb = self.rng.choice(sorted(by_verb))
        return self.rng.choice(by_verb[verb])


PolicyFactory = Callable[[int], Policy]
_NAMED: dict[str, dict[str, PolicyFactory]] = {}


def register_policy(system_id: str, name: str, factory: PolicyFactory) -> None:
    """Make ``factory`` the policy called ``name`` for a system ('default' is the one used unless told)."""
    _NAMED.setdefault(system_id, {})[name] = factory


def register_default(system_id: str, factory: PolicyFactory) -> None:
    """Make ``factory`` the 'default' policy of a system."""
    register_policy(system_id, "default", factory)


def policy_names(system_id: str) -> list[str]:
    """Names accepted by :func:`make_policy` for a system."""
    _load_defaults()
    return ["random", *sorted(_NAMED.get(system_id, {}))]


def make_policy(name: str, system_id: str, seed: int = 0) -> Policy:
    """A policy by name, in any case ('random', 'default' or one a system registered) for a system, seeded."""
    _load_defaults()
    name = name.lower()
    if name == "random":
        return RandomPolicy(seed)
    factory = _NAMED.get(system_id, {}).get(name)
    if factory is None:
        raise TacticaError(
            f"unknown AI '{name}' for {system_id}; choose one of: {', '.join(policy_names(system_id))}"
        )
    return factory(seed)


def run_fight(fight: Fight, policies: Mapping[str, Policy], *, max_actions: int = 100_000) -> Outcome | None:
    """Let the policies play until the fight ends; ``policies`` maps each side to its policy.

    The side of the deciding actor picks (the first deciding actor when several may act).
    """
    for _ in range(max_actions):
        if fight.is_over():
            break
        actor = fight.deciding()[0]
        fight.apply(policies[fight.side_of(actor)].choose(fight))
    return fight.outcome()


#: The policies that ship with tactica: system id -> name -> "module:class", imported when first made (so that
#: listing the names, as the command line's help does, loads no rule system).
BUILTIN = {
    "farrecon": {"default": "tactica.systems.farrecon.ai:DefaultPolicy"},
    "futurepath": {
        "default": "tactica.systems.futurepath.ai:DefaultPolicy",
        # Attack every chance, never move: what the exact duel odds assume.
        "trading-blows": "tactica.systems.futurepath.duel:TradingBlowsPolicy",
    },
    "phase3d6": {
        "default": "tactica.systems.phase3d6.ai:DefaultPolicy",
        "trading-blows": "tactica.systems.phase3d6.duel:TradingBlowsPolicy",
    },
    "srb": {"default": "tactica.systems.srb.ai:DefaultPolicy"},
    "thrum": {"default": "tactica.systems.thrum.ai:DefaultPolicy"},
}


def _load_defaults() -> None:
    if not _NAMED:
        for system_id, named in BUILTIN.items():
            for name, where in named.items():
                register_policy(system_id, name, _imported(where))


def _imported(where: str) -> PolicyFactory:
    """A factory that imports ``module:class`` when first called."""

    def factory(seed: int) -> Policy:
        module, _, name = where.partition(":")
        policy: Policy = getattr(importlib.import_module(module), name)(seed)
        return policy

    return factory
