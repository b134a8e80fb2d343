"""Issue 17 point 2: PettingZoo's max_cycles_test for every system, through the options ``cycle="round_robin"``
(every agent selected once per cycle; an agent not acting now only waits) and ``invalid_action="penalty"`` (an
action outside the mask changes nothing and costs ``invalid_penalty``)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test
from pettingzoo.test.max_cycles_test import max_cycles_test

from tactica.rl import EnvError, make_env, make_parallel_env
from tests.rl.scenarios import SMALL

SYSTEMS = list(SMALL)
MODE = {"cycle": "round_robin", "invalid_action": "penalty"}


def _module(system: str) -> SimpleNamespace:
    """What max_cycles_test takes: a module-like object with env(max_cycles=...) and parallel_env(...)."""
    path = SMALL[system]
    return SimpleNamespace(
        env=lambda max_cycles: make_env(path, max_cycles=max_cycles, **MODE),
        parallel_env=lambda max_cycles: make_parallel_env(path, max_cycles=max_cycles, **MODE),
    )


@pytest.mark.parametrize("system", SYSTEMS)
def test_pettingzoo_max_cycles_test_passes(system: str) -> None:
    """Issue 17 point 2: 'passes PettingZoo's ... max_cycles_test for an example of each of the five systems'
    (it samples actions without their mask and expects every agent selected once per cycle)."""
    max_cycles_test(_module(system))


@pytest.mark.parametrize("system", SYSTEMS)
def test_pettingzoo_api_and_seed_tests_pass_in_round_robin(system: str) -> None:
    """Issue 17 point 2: api_test, seed_test and parallel_api_test also pass in the mode max_cycles_test needs."""
    api_test(make_env(SMALL[system], max_cycles=40, **MODE), num_cycles=20)
    seed_test(lambda: make_env(SMALL[system], max_cycles=40, **MODE), num_cycles=20)
    parallel_api_test(make_parallel_env(SMALL[system], max_cycles=40, **MODE), num_cycles=20)


@pytest.mark.parametrize("cycle", ["decision", "round_robin"])
def test_an_invalid_action_under_penalty_changes_nothing_and_is_penalised(cycle: str) -> None:
    """Option invalid_action='penalty': a number outside the mask is ignored (the fight does not change), the
    agent gets -invalid_penalty and infos[agent]['invalid_action']."""
    env = make_env(SMALL["futurepath"], cycle=cycle, invalid_action="penalty", invalid_penalty=0.25)
    env.reset(seed=1)
    agent = env.agent_selection
    before = env.fight.observe()
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    env.step(illegal)
    assert env.fight.history == [] and env.fight.observe() == before
    assert env.rewards[agent] == -0.25 and env.infos[agent]["invalid_action"] is True


def test_a_number_outside_the_space_is_still_an_error_under_penalty() -> None:
    """invalid_action='penalty' covers numbers of the space outside the mask; anything else stays an error."""
    env = make_env(SMALL["futurepath"], invalid_action="penalty")
    env.reset(seed=1)
    with pytest.raises(EnvError, match="is not a number from 0 to"):
        env.step(10**9)


def test_an_agent_not_acting_has_only_the_wait_and_waiting_changes_nothing() -> None:
    """cycle='round_robin': an agent that is not deciding now has one legal action, the wait (the number after
    its last action); the deciding agent may not wait; waiting leaves the fight as it was."""
    env = make_env(SMALL["futurepath"], cycle="round_robin")
    env.reset(seed=1)
    acting = env.acting()
    idle = [a for a in env.agents if a not in acting]
    assert acting and idle
    for agent in idle:
        mask = env.observe(agent)["action_mask"]
        assert np.flatnonzero(mask).tolist() == [env.wait_of(agent)] == [env.action_space(agent).n - 1]
    assert not env.observe(acting[0])["action_mask"][env.wait_of(acting[0])]
    while env.agent_selection in acting:
        env.step(_first_legal(env, env.agent_selection))
    before = len(env.fight.history)
    idler = env.agent_selection
    env.step(env.wait_of(idler))
    assert len(env.fight.history) == before and env.rewards[idler] == 0.0


def _first_legal(env: Any, agent: str) -> int:
    return int(np.flatnonzero(env.observe(agent)["action_mask"])[0])


def _history(system: str, steps: int, **options: Any) -> list[Any]:
    env = make_env(SMALL[system], **options)
    env.reset(seed=2)
    for agent in env.agent_iter(steps):
        _, _, done, cut, _ = env.last()
        env.step(None if done or cut else _first_legal(env, agent))
    return list(env.fight.history)


@pytest.mark.parametrize("system", ["futurepath", "srb"])
def test_round_robin_takes_the_same_actions_as_the_decision_order(system: str) -> None:
    """cycle='round_robin' changes only who is selected: with the same policy (the first legal action) the
    fight takes the same actions as under cycle='decision'."""
    by_decision = _history(system, 40)
    by_cycle = _history(system, 400, cycle="round_robin", max_cycles=10_000)
    assert len(by_decision) == 40 and by_cycle[:40] == by_decision


def test_each_cycle_selects_every_agent_once_in_order_and_max_cycles_counts_cycles() -> None:
    """cycle='round_robin': every agent once per cycle, in the order of possible_agents; max_cycles=3 cuts the
    fight off after 3 cycles."""
    env = make_env(SMALL["srb"], cycle="round_robin", max_cycles=3)
    env.reset(seed=0)
    selected = []
    for agent in env.agent_iter(100):
        _, _, done, cut, _ = env.last()
        if not (done or cut):
            selected.append(agent)
        env.step(None if done or cut else _first_legal(env, agent))
    assert selected == env.possible_agents * 3 and env.cycles == 3 and not env.fight.is_over()


def test_one_parallel_step_is_one_cycle_and_wants_every_agent_s_action() -> None:
    """cycle='round_robin' in the Parallel API: one step is one cycle; every live agent hands in an action."""
    env = make_parallel_env(SMALL["futurepath"], cycle="round_robin")
    observations, _ = env.reset(seed=1)
    with pytest.raises(EnvError, match=r"no action for \w+: under round_robin every agent hands one in"):
        env.step({env.acting()[0]: 0})
    env.step({a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in observations.items()})
    assert env.aec.cycles == 1 and env.aec.fight.history
