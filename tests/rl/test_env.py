"""Issue 17 points 1 and 2: the PettingZoo environment over a scenario of each system."""

from __future__ import annotations

import re

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from tactica.engine import TacticaError
from tactica.rl import EnvError, make_env
from tactica.scenario import load_scenario
from tests.rl.scenarios import SMALL

SYSTEMS = list(SMALL)


@pytest.mark.parametrize("system", SYSTEMS)
def test_pettingzoo_api_test_passes(system: str) -> None:
    """Issue 17 point 2: 'The environment passes PettingZoo's api_test ... for an example of each of the five
    systems'."""
    api_test(make_env(SMALL[system], max_cycles=60), num_cycles=30)


@pytest.mark.parametrize("system", SYSTEMS)
def test_pettingzoo_seed_test_passes(system: str) -> None:
    """Issue 17 point 2: PettingZoo's seed_test: the same seed gives the same observations."""
    seed_test(lambda: make_env(SMALL[system], max_cycles=60), num_cycles=30)


def _play(env, seed: int, steps: int) -> tuple[list[np.ndarray], list[int]]:
    """Observations of a fight where each agent takes its first legal action; and the faces rolled."""
    env.reset(seed=seed)
    seen = []
    for _agent in env.agent_iter(steps):
        obs, _, done, cut, _ = env.last()
        seen.append(obs["observation"])
        env.step(None if done or cut else int(np.flatnonzero(obs["action_mask"])[-1]))
    return seen, list(env.fight.faces)


def test_reset_with_a_seed_reproduces_the_fight() -> None:
    """Issue 17 point 1: 'reset(seed=…) reproduces the same fight (same dice; same observations)'; another
    seed rolls other dice."""
    env = make_env(SMALL["phase3d6"])
    first, faces = _play(env, 5, 40)
    again, faces_again = _play(env, 5, 40)
    assert faces == faces_again and all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    assert _play(env, 6, 40)[1] != faces


def test_the_agent_to_act_follows_the_fight_including_far_recon_declarations() -> None:
    """Issue 17 point 1: 'agent_selection follows fight.deciding(); Far Recon's simultaneous declarations go
    through the AEC order (each declarer in turn)'."""
    env = make_env(SMALL["farrecon"])
    env.reset(seed=0)
    selected = []
    for _ in range(12):
        assert env.agent_selection == env.fight.deciding()[0]
        selected.append(env.agent_selection)
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
        if env.fight.is_over():
            break
    tied = {"brutus", "imhotep"}  # tied initiative: a simultaneous slot (examples/farrecon/simultaneous.yaml)
    assert tied <= set(selected)


def test_only_the_agent_to_act_has_legal_actions_in_its_mask() -> None:
    """Issue 17 point 1: each observation is a dict with 'observation' and 'action_mask' (as PettingZoo's chess
    and go environments); an agent whose decision it is not has an empty mask."""
    env = make_env(SMALL["futurepath"])
    env.reset(seed=1)
    acting = env.agent_selection
    others = [a for a in env.agents if a != acting]
    assert env.observe(acting)["action_mask"].sum() == len(env.fight.legal_actions_of(acting))
    assert all(env.observe(a)["action_mask"].sum() == 0 for a in others)
    assert env.observe(acting)["observation"].dtype == np.float32


def test_one_agent_per_side() -> None:
    """Issue 17 point 1: option agents='side': one agent per side, whose actions name which of its combatants
    acts."""
    env = make_env(SMALL["srb"], agents="side")
    env.reset(seed=0)
    game = load_scenario(SMALL["srb"]).game
    sides = {env.fight.side_of(f) for f in game.start}
    assert sorted(env.possible_agents) == sorted(sides)
    agent = env.agent_selection
    assert env.action_space(agent).n == len(env.members[agent]) * env.table.size
    mask = env.observe(agent)["action_mask"]
    actors = {env.action_of(agent, int(k)).actor for k in np.flatnonzero(mask)}
    assert actors == set(env.fight.deciding()) & set(env.members[agent])


def _attack(env, agent: str, mask: np.ndarray) -> int:
    """An attack when the agent has one, else its first legal action."""
    legal = [int(k) for k in np.flatnonzero(mask)]
    return next((k for k in legal if env.action_of(agent, k).verb == "attack"), legal[0])


def test_the_winner_gets_one_and_the_loser_minus_one() -> None:
    """Issue 17 point 1: 'Rewards +1/−1/0 per side at the end'."""
    env = make_env(SMALL["futurepath"])
    env.reset(seed=3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(2000):
        obs, reward, done, cut, _ = env.last()
        totals[agent] += reward
        env.step(None if done or cut else _attack(env, agent, obs["action_mask"]))
    winner = env.fight.outcome().winner
    assert winner is not None
    assert {a: env.fight.side_of(a) == winner for a in totals} == {a: r == 1.0 for a, r in totals.items()}
    assert sorted(totals.values()) == [-1.0, 1.0]


def test_max_cycles_cuts_the_fight_off_with_no_reward() -> None:
    """Issue 17 point 1: 'max_cycles option (truncation)'; a cut-off fight rewards 0."""
    env = make_env(SMALL["futurepath"], max_cycles=3)
    env.reset(seed=0)
    rewards = []
    for _ in env.agent_iter(50):
        obs, reward, done, cut, _ = env.last()
        rewards.append(reward)
        env.step(None if done or cut else int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.decisions == 3 and not env.fight.is_over()
    assert set(rewards) == {0.0} and env.agents == []


def test_shaping_rewards_harm_dealt() -> None:
    """Issue 17 point 1: 'optional documented shaping (e.g. harm dealt)': shaping x (harm dealt - harm
    taken) at each decision."""
    env = make_env(SMALL["futurepath"], shaping=0.1)
    env.reset(seed=3)
    for agent in env.agent_iter(30):
        obs, _, done, cut, _ = env.last()
        if done or cut:
            env.step(None)
            continue
        hp = {f: e["hp"] for f, e in env.fight.observe()["fighters"].items()}
        env.step(_attack(env, agent, obs["action_mask"]))
        lost = {f: hp[f] - e["hp"] for f, e in env.fight.observe()["fighters"].items()}
        other = next(a for a in env.possible_agents if a != agent)
        if lost[other] > 0 and not env.fight.is_over():
            assert env.rewards[agent] == pytest.approx(0.1 * lost[other])
            assert env.rewards[other] == pytest.approx(-0.1 * lost[other])
            return
    pytest.fail("no harm was dealt in 30 decisions")


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (10**9, "is not a number from 0 to"),
        ("attack", "is not a number from 0 to"),
        (None, "is outside the action mask (not legal now)"),
    ],
)
def test_an_action_outside_the_mask_is_a_clear_error(action: object, message: str) -> None:
    """Issue 17 point 1: 'An action outside the mask: a clear error ..., never a traceback from the engine';
    the fight is left as it was."""
    env = make_env(SMALL["futurepath"])
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(EnvError, match=re.escape(message)):
        env.step(illegal if action is None else action)
    assert env.fight.history == [] and env.decisions == 0


@pytest.mark.parametrize(
    ("source", "options", "message"),
    [
        (SMALL["srb"], {"agent": "side"}, "unknown option 'agent'; the options are agents, max_cycles"),
        (SMALL["srb"], {"agents": "team"}, "agents='team': use one of combatant, side"),
        (SMALL["srb"], {"max_cycles": 0}, "max_cycles=0: use a whole number of decisions, at least 1"),
        (SMALL["srb"], {"shaping": "yes"}, "shaping='yes': use a number"),
        (SMALL["srb"], {"cycle": "turn"}, "cycle='turn': use one of decision, round_robin"),
        (SMALL["srb"], {"invalid_action": "skip"}, "invalid_action='skip': use one of raise, penalty"),
        (SMALL["srb"], {"invalid_penalty": -1}, "invalid_penalty=-1: use a number, at least 0"),
        ("no/such/file.yaml", {}, "no/such/file.yaml"),
        ({"system": "chess"}, {}, "unknown rule system 'chess'"),
        (42, {}, "make_env takes a scenario path, setup data or a Game, not int"),
    ],
)
def test_bad_input_is_one_clear_message(source: object, options: dict, message: str) -> None:
    """Issue 17 point 1: 'Bad input (unknown file, bad option, wrong action) → a TacticaError-style message,
    no traceback'."""
    with pytest.raises(TacticaError, match=re.escape(message)):
        make_env(source, **options)


def test_a_thrum_condition_taken_during_the_fight_has_its_own_field() -> None:
    """Issue 17 point 1: every combatant's state in the system's own terms, conditions included: a THRUM
    condition (Dazed) that no one has at the start still gets its field, 1.0 while it lasts."""
    env = make_env(SMALL["thrum"])
    env.reset(seed=0)
    names = env.layout.field_names()
    ana = names.index("ana.conditions.dazed.on")
    assert env.observe("ana")["observation"][ana] == 0.0
    env.fight.state.fighters["ana"].conditions["dazed"] = 0  # as THRUM 44 leaves it
    assert env.observe("ana")["observation"][ana] == 1.0
