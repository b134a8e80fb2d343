"""A PettingZoo AEC environment over one scenario (docs/agents.md).

The agent to act (``agent_selection``) is the one whose combatant the fight lists first among those deciding
(``fight.deciding()``): a turn, an answer in the middle of someone else's turn, and each of Far Recon's tied
characters declaring in turn all go through the same order. With ``cycle="round_robin"`` every agent is
selected once per cycle, in the order of ``possible_agents``; an agent that may not act now has one legal
action, the wait (the last number of its space).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from tactica.engine import Action, Fight, Game, TacticaError
from tactica.rl import vocabulary
from tactica.rl.observation import ObservationLayout
from tactica.rl.options import EnvError, EnvOptions, read_options
from tactica.rl.table import ActionTable


class TacticaEnv(AECEnv):  # type: ignore[misc]
    """One scenario's fight as an AEC environment; see :func:`tactica.rl.make_env`."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "tactica_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(self, game: Game, options: EnvOptions) -> None:
        super().__init__()
        self.game, self.options = game, options
        self.render_mode = options.render_mode
        self.table = ActionTable(game)
        self._seed, self._started = 0, False
        self.fight = Fight(game, seed=0)
        self.layout = ObservationLayout(self.fight)
        self.members = _members(self.fight, options.agents)
        self.possible_agents = list(self.members)
        self._agent_of = {fid: agent for agent, fids in self.members.items() for fid in fids}
        extra = int(options.cycle == "round_robin")
        self._action_spaces = {a: spaces.Discrete(self.wait_of(a) + extra) for a in self.possible_agents}
        self._observation_spaces = {a: self._observation_space(a) for a in self.possible_agents}

    # -- spaces -----------------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def _observation_space(self, agent: str) -> spaces.Dict:
        n = self._action_spaces[agent].n
        vector = spaces.Box(-np.inf, np.inf, (self.layout.size,), np.float32)
        return spaces.Dict({"observation": vector, "action_mask": spaces.Box(0, 1, (n,), np.int8)})

    # -- the loop ---------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """A new fight of the scenario; the same ``seed`` gives the same fight (same dice). Without a seed,
        the seed after the last one."""
        if seed is not None:
            self._seed = seed
        elif self._started:
            self._seed += 1
        self._started = True
        self.fight = Fight(self.game, seed=self._seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.decisions, self.cycles, self._turn = 0, 0, 0
        self._select()

    def step(self, action: Any) -> None:
        """Take the selected agent's action (a number of its action space, inside its mask)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.step_within(action, self.action_mask(agent))

    def step_within(self, action: Any, mask: np.ndarray[Any, np.dtype[np.int8]]) -> None:
        """Take the selected (live) agent's action as legal when ``mask`` allows it (the Parallel API's masks
        may be narrower than the AEC's); outside it, raise or penalise (option ``invalid_action``)."""
        agent = self.agent_selection
        number = self._number(agent, action)
        legal = bool(mask[number])
        if not legal and self.options.invalid_action == "raise":
            raise EnvError(f"{agent}: action {number} is outside the action mask (not legal now)")
        events = self._apply(agent, number) if legal else []
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._shape(events)
        self._judge(agent, legal)
        self._advance()
        self._finish()
        self._accumulate_rewards()
        self._select()

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation: ``observation`` (the vector) and ``action_mask`` (1 for each legal action
        of the agent now; all 0 when it is not the agent's decision)."""
        vector = self.layout.encode(self.fight, frozenset(self.members[agent]))
        return {"observation": vector, "action_mask": self.action_mask(agent)}

    def action_mask(self, agent: str) -> np.ndarray[Any, np.dtype[np.int8]]:
        """1 for each number of the agent's action space that is legal now. Under ``cycle="decision"`` all 0
        unless the agent is selected; under ``"round_robin"`` its legal actions when it acts now (see
        :meth:`acting`), else only the wait."""
        if self.options.cycle == "round_robin":
            return self.legal_mask(agent) if agent in self.acting() else self.wait_mask(agent)
        if agent != self.agent_selection:
            return np.zeros(self._action_spaces[agent].n, np.int8)
        return self.legal_mask(agent)

    def wait_mask(self, agent: str) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The mask whose one legal action is the wait (``cycle="round_robin"``)."""
        mask = np.zeros(self._action_spaces[agent].n, np.int8)
        mask[self.wait_of(agent)] = 1
        return mask

    def wait_of(self, agent: str) -> int:
        """The number of the agent's wait: the one after its last action (in the space under
        ``cycle="round_robin"`` only)."""
        return len(self.members[agent]) * self.table.size

    def acting(self) -> list[str]:
        """The agents who may act now, in the order they act: every agent deciding in a simultaneous slot (Far
        Recon's tied characters declaring), else the agent of the first combatant deciding."""
        deciding = self.fight.deciding()
        if not deciding or self.fight.is_over():
            return []
        if self.fight.state.order.current.simultaneous:
            return list(dict.fromkeys(self.agent_of(fid) for fid in deciding))
        return [self.agent_of(deciding[0])]

    def legal_mask(self, agent: str) -> np.ndarray[Any, np.dtype[np.int8]]:
        """1 for each legal action of the agent's combatants now, whether or not it is selected."""
        mask = np.zeros(self._action_spaces[agent].n, np.int8)
        for k, fid in enumerate(self.members[agent]):
            for action in self.fight.legal_actions_of(fid):
                mask[self.encode(agent, action, k)] = 1
        return mask

    def agent_of(self, fid: str) -> str:
        """The agent a combatant belongs to."""
        return self._agent_of[fid]

    def encode(self, agent: str, action: Action, member: int | None = None) -> int:
        """The number of ``action`` in the agent's action space."""
        k = self.members[agent].index(action.actor) if member is None else member
        number = self.table.encode(action)
        if number is None:
            raise EnvError(f"'{action}' has no number in the action table of {self.game.system.id}")
        return k * self.table.size + number

    def action_of(self, agent: str, number: Any) -> Action:
        """The action a number of the agent's action space stands for, when it is legal now; else
        :class:`EnvError` saying what is valid."""
        number = self._number(agent, number)
        if not self.action_mask(agent)[number]:
            raise EnvError(f"{agent}: action {number} is outside the action mask (not legal now)")
        return self._decode(agent, number)

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        from tactica.render.board import render_board

        return render_board(self.fight)

    def close(self) -> None:
        pass

    # -- internals --------------------------------------------------------------------------------

    def _number(self, agent: str, number: Any) -> int:
        """The number, when it is one of the agent's action space; else :class:`EnvError`."""
        n = self._action_spaces[agent].n
        if not isinstance(number, (int, np.integer)) or isinstance(number, bool) or not 0 <= number < n:
            raise EnvError(f"{agent}: action {number!r} is not a number from 0 to {n - 1}")
        return int(number)

    def _decode(self, agent: str, number: int) -> Action:
        member, rest = divmod(number, self.table.size)
        return self.table.decode(rest, self.members[agent][member])

    def _apply(self, agent: str, number: int) -> list[Any]:
        """Take a legal number (the wait changes nothing); the events."""
        if number == self.wait_of(agent):
            return []
        taken = self._decode(agent, number)
        try:
            events: list[Any] = self.fight.apply(taken)
        except TacticaError as error:
            raise EnvError(f"{agent}: action {number} ({taken}) was refused: {error}") from None
        return events

    def _judge(self, agent: str, legal: bool) -> None:
        """``infos[agent]["invalid_action"]`` and the penalty for an action outside the mask; a decision
        counted either way."""
        self.decisions += 1
        self.infos[agent].pop("invalid_action", None)
        if not legal:
            self.infos[agent]["invalid_action"] = True
            self.rewards[agent] -= self.options.invalid_penalty

    def _advance(self) -> None:
        """Round robin: the next agent's turn in the cycle; a cycle is complete once every agent had one."""
        if self.options.cycle != "round_robin":
            return
        self._turn += 1
        if self._turn == len(self.agents):
            self.cycles, self._turn = self.cycles + 1, 0

    def _select(self) -> None:
        if self.options.cycle == "round_robin":
            if self.agents:
                self.agent_selection = self.agents[self._turn]
            return
        deciding = self.fight.deciding()
        live = [a for a in self.agents if not (self.terminations[a] or self.truncations[a])]
        if deciding and live:
            self.agent_selection = self._agent_of[deciding[0]]
        elif self.agents:
            self.agent_selection = self.agents[0]

    def _finish(self) -> None:
        """Rewards and terminations at the end (+1 the winning side's agents, -1 the others, 0 a draw);
        truncation after ``max_cycles`` decisions (cycles under round robin)."""
        outcome = self.fight.outcome()
        if outcome is not None:
            for agent in self.agents:
                self.terminations[agent] = True
                if outcome.winner is not None:
                    won = self._side(agent) == outcome.winner
                    self.rewards[agent] += 1.0 if won else -1.0
                self.infos[agent] = {"result": outcome.result, "winner": outcome.winner}
        elif self._counted() >= self.options.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)

    def _counted(self) -> int:
        return self.cycles if self.options.cycle == "round_robin" else self.decisions

    def _shape(self, events: list[Any]) -> None:
        """The optional harm reward: ``shaping`` x (harm dealt by the agent's combatants - harm taken)."""
        weight = self.options.shaping
        if not weight:
            return
        for event in events:
            for harm in self.fight.system.harm_done(self.game, event):
                self._credit(harm.taker, -weight * harm.amount)
                if harm.dealer is not None:
                    self._credit(harm.dealer, weight * harm.amount)

    def _credit(self, fid: str, amount: float) -> None:
        agent = self._agent_of.get(fid)
        if agent in self.rewards:
            self.rewards[agent] += amount

    def _side(self, agent: str) -> str:
        return self.fight.side_of(self.members[agent][0])


def _members(fight: Fight, kind: str) -> dict[str, tuple[str, ...]]:
    """Each agent's combatants: one each, or each side's (sides in the order they first appear)."""
    fids = vocabulary.fighters(fight.game)
    if kind == "combatant":
        return {fid: (fid,) for fid in fids}
    sides: dict[str, tuple[str, ...]] = {}
    for fid in fids:
        side = fight.side_of(fid)
        sides[side] = (*sides.get(side, ()), fid)
    return sides


def make_env(source: str | Path | Mapping[str, Any] | Game, **options: Any) -> TacticaEnv:
    """A PettingZoo AEC environment for a scenario: a file's path, setup data (a mapping with ``system``),
    or a built game. Bad input raises :class:`EnvError` (or the scenario's :class:`TacticaError`)."""
    checked = read_options(options)
    return TacticaEnv(_game(source), checked)


def _game(source: str | Path | Mapping[str, Any] | Game) -> Game:
    if isinstance(source, Game):
        return source
    if isinstance(source, (str, Path)):
        from tactica.scenario import load_scenario

        game: Game = load_scenario(source).game
        return game
    if isinstance(source, Mapping):
        from tactica.systems import get_system

        try:
            built: Game = get_system(source.get("system", "")).new_game(source)
        except TacticaError:
            raise
        except (ValueError, TypeError, KeyError) as error:
            raise EnvError(f"setup: {error}") from None
        return built
    raise EnvError(f"make_env takes a scenario path, setup data or a Game, not {type(source).__name__}")
