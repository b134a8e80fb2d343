"""The Parallel API over the same environment (docs/agents.md, "Parallel API").

Every agent hands in an action each step; only those of the agents *acting now* are taken. The agents acting
now are every agent deciding in a simultaneous slot (Far Recon's tied characters declaring: their actions
are taken together, in the slot's order, then resolved by the rules), else the one agent the AEC order
selects. The others' masks are empty and their actions are ignored. With ``cycle="round_robin"`` one step is
one cycle: every agent hands in an action, the others' masks hold only the wait, and the actions are taken in
the cycle's order.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from tactica.engine import Game
from tactica.rl.env import TacticaEnv, make_env
from tactica.rl.options import EnvError


class TacticaParallelEnv(ParallelEnv):  # type: ignore[misc]
    """:class:`TacticaEnv` through PettingZoo's Parallel API."""

    metadata: ClassVar[dict[str, Any]] = {"name": "tactica_parallel_v0", "render_modes": ["ansi"]}

    def __init__(self, aec: TacticaEnv) -> None:
        self.aec = aec
        self.possible_agents = list(aec.possible_agents)
        self.agents: list[str] = []
        self.render_mode = aec.render_mode

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.action_space(agent)

    def reset(
        self, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        self.aec.reset(seed=seed, options=options)
        self.agents = list(self.possible_agents)
        return self._observations(), {a: {} for a in self.agents}

    def acting(self) -> list[str]:
        """The agents whose actions this step takes, in the order they are taken."""
        return self.aec.acting()

    def step(self, actions: Mapping[str, Any]) -> tuple[dict[str, Any], ...]:
        """Take the acting agents' actions; every agent's reward is the sum over them."""
        acting = self.acting()
        self._check_given(actions, acting)
        rewards = dict.fromkeys(self.agents, 0.0)
        aec = self.aec
        for agent, mask in self._turns(acting):
            aec.step_within(actions[agent], mask)
            for other, reward in aec.rewards.items():
                rewards[other] = rewards.get(other, 0.0) + reward
        done, cut = dict(aec.terminations), dict(aec.truncations)
        observations, infos = self._observations(), {a: dict(aec.infos.get(a, {})) for a in self.agents}
        self.agents = [a for a in self.agents if not (done[a] or cut[a])]
        return observations, rewards, done, cut, infos

    def _check_given(self, actions: Mapping[str, Any], acting: list[str]) -> None:
        if self.aec.options.cycle == "round_robin":
            missing = [a for a in self.agents if a not in actions]
            if missing:
                who = ", ".join(missing)
                raise EnvError(f"no action for {who}: under round_robin every agent hands one in")
        missing = [a for a in acting if a not in actions]
        if missing:
            raise EnvError(f"no action for {', '.join(missing)}: they act now (acting: {', '.join(acting)})")

    def _turns(self, acting: list[str]) -> Iterator[tuple[str, np.ndarray[Any, np.dtype[np.int8]]]]:
        """Each agent to step now and the mask its action is held to: the acting ones (they leave the list as
        they act); under round robin every agent once, the ones not acting at the start held to the wait."""
        aec = self.aec
        if aec.options.cycle != "round_robin":
            while aec.agent_selection in acting and not self._done():
                acting.remove(aec.agent_selection)
                yield aec.agent_selection, aec.action_mask(aec.agent_selection)
            return
        start = aec.cycles
        while aec.cycles == start and not self._done():
            agent = aec.agent_selection
            yield agent, aec.action_mask(agent) if agent in acting else aec.wait_mask(agent)

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        pass

    def _done(self) -> bool:
        return any(self.aec.terminations.values()) or any(self.aec.truncations.values())

    def _observations(self) -> dict[str, Any]:
        acting = set(self.acting())
        out = {}
        for agent in self.agents:
            seen = self.aec.observe(agent)
            if agent in acting:
                seen["action_mask"] = self.aec.legal_mask(agent)
            out[agent] = seen
        return out


def make_parallel_env(source: str | Path | Mapping[str, Any] | Game, **options: Any) -> TacticaParallelEnv:
    """The environment of :func:`~tactica.rl.make_env` through PettingZoo's Parallel API."""
    return TacticaParallelEnv(make_env(source, **options))
