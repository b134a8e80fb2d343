"""The policy interface, the random-legal policy, the registry of default policies, and a fight loop."""

from __future__ import annotations

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
    """A policy by name ('random', 'default' or one a system registered) for a system, seeded."""
    _load_defaults()
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


def _load_defaults() -> None:
    if not _NAMED:
        from tactica.systems.farrecon.ai import DefaultPolicy as FarReconPolicy
        from tactica.systems.futurepath.ai import DefaultPolicy
        from tactica.systems.phase3d6.ai import DefaultPolicy as Phase3d6Policy
        from tactica.systems.srb.ai import DefaultPolicy as SrbPolicy
        from tactica.systems.thrum.ai import DefaultPolicy as ThrumPolicy

        register_default("farrecon", FarReconPolicy)
        register_default("futurepath", DefaultPolicy)
        register_default("phase3d6", Phase3d6Policy)
        register_default("srb", SrbPolicy)
        register_default("thrum", ThrumPolicy)
        _register_trading_blows()


def _register_trading_blows() -> None:
    """The 'trading-blows' policies: attack every chance, never move (what the exact duel odds assume)."""
    from tactica.systems.futurepath.duel import TradingBlowsPolicy
    from tactica.systems.phase3d6.duel import TradingBlowsPolicy as Phase3d6TradingBlows

    register_policy("futurepath", "trading-blows", TradingBlowsPolicy)
    register_policy("phase3d6", "trading-blows", Phase3d6TradingBlows)
