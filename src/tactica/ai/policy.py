"""The policy interface, the random-legal policy, the registry of default policies, and a fight loop."""

from __future__ import annotations

import functools
import importlib
import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol

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
#: A policy that takes an option written after its name (``search:200ms``): made from a seed and that text;
#: bad text raises :class:`TacticaError` saying what would be valid.
OptionFactory = Callable[[int, str], Policy]
_NAMED: dict[str, dict[str, PolicyFactory]] = {}
_OPTIONED: dict[str, OptionFactory] = {}


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
    """A policy by name, in any case ('random', 'default' or one a system registered) for a system, seeded.
    A name may carry an option after a colon where its policy takes one (``search:200ms``)."""
    _load_defaults()
    name = name.lower()
    if name == "random":
        return RandomPolicy(seed)
    base, colon, option = name.partition(":")
    factory = _NAMED.get(system_id, {}).get(base)
    if factory is None:
        raise TacticaError(
            f"unknown AI '{name}' for {system_id}; choose one of: {', '.join(policy_names(system_id))}"
        )
    if not colon:
        return factory(seed)
    if base not in _OPTIONED:
        raise TacticaError(f"AI '{name}': the '{base}' AI takes no option after ':' (write '{base}')")
    return _OPTIONED[base](seed, option)


def policy_error(name: str, system_id: str) -> str | None:
    """Why ``name`` is not a policy of a system (an unknown name, a bad option), or None when it is one."""
    try:
        make_policy(name, system_id)
    except TacticaError as error:
        return str(error)
    return None


def run_fight(fight: Fight, policies: Mapping[str, Policy], *, max_actions: int = 100_000) -> Outcome | None:
    """Let the policies play until the fight ends; ``policies`` maps each side to its policy.

    The side of the deciding actor picks (the first deciding actor when several may act).
    """
    # Each actor's policy, found once: a side depends on the game alone (RuleSystem.side_of(game, actor)).
    policy_of: dict[str, Policy] = {}
    for _ in range(max_actions):
        if fight.is_over():
            break
        actor = fight.deciding()[0]
        policy = policy_of.get(actor)
        if policy is None:
            policy = policy_of[actor] = policies[fight.side_of(actor)]
        fight.apply(policy.choose(fight))
    return fight.outcome()


#: The policies that ship with tactica: system id -> name -> "module:class", imported when first made (so that
#: listing the names, as the command line's help does, loads no rule system).
BUILTIN = {
    "farrecon": {
        "default": "tactica.systems.farrecon.ai:DefaultPolicy",
        # Throw explosives by where they may land, dodge whenever it may: the search's plan in Far Recon.
        "sharp": "tactica.systems.farrecon.scripts:SharpPolicy",
    },
    "futurepath": {
        "default": "tactica.systems.futurepath.ai:DefaultPolicy",
        # Frag grenades at single enemies, forward to throw, out of blasts: the search's guide in FuturePath.
        "blast": "tactica.systems.futurepath.scripts:BlastPolicy",
        # Attack every chance, never move: what the exact duel odds assume.
        "trading-blows": "tactica.systems.futurepath.duel:TradingBlowsPolicy",
    },
    "phase3d6": {
        "default": "tactica.systems.phase3d6.ai:DefaultPolicy",
        "trading-blows": "tactica.systems.phase3d6.duel:TradingBlowsPolicy",
    },
    "srb": {
        "default": "tactica.systems.srb.ai:DefaultPolicy",
        # Focus fire, approach and step out of sight: the search's guide in Star Rangers.
        "scoot": "tactica.systems.srb.scripts:ScootPolicy",
    },
    "thrum": {
        "default": "tactica.systems.thrum.ai:DefaultPolicy",
        # Focus the side's attacks on one target, move before attacking, value attacks by their exact odds.
        "focus": "tactica.systems.thrum.scripts:FocusPolicy",
    },
}
#: Policies every system has, with the option their name may carry (``search:200ms``, ``search:64``).
EVERY_SYSTEM = {"search": "tactica.ai.search:SearchPolicy"}


def _load_defaults() -> None:
    if not _NAMED:
        for system_id, named in BUILTIN.items():
            for name, where in {**named, **EVERY_SYSTEM}.items():
                register_policy(system_id, name, _imported(where))
        for name, where in EVERY_SYSTEM.items():
            _OPTIONED[name] = _imported_with_option(where)


def _imported(where: str) -> PolicyFactory:
    """A factory that imports ``module:class`` when first called."""

    def factory(seed: int) -> Policy:
        policy: Policy = _class_at(where)(seed)
        return policy

    return factory


def _imported_with_option(where: str) -> OptionFactory:
    """A factory of ``module:class`` made with a seed and the option text after the policy's name."""

    def factory(seed: int, option: str) -> Policy:
        policy: Policy = _class_at(where)(seed, option)
        return policy

    return factory


@functools.cache
def _class_at(where: str) -> Any:
    """The class ``module:class`` names, imported once (a benchmark makes a policy for every fight)."""
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(module), name)
