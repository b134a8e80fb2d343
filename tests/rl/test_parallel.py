"""Issue 17 point 1: 'also offer the Parallel API where it fits' (Far Recon's declarations at least)."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test

from tactica.rl import EnvError, make_parallel_env
from tests.rl.scenarios import SMALL


@pytest.mark.parametrize("system", list(SMALL))
def test_pettingzoo_parallel_api_test_passes(system: str) -> None:
    """Issue 17 point 2: PettingZoo's parallel_api_test, for one example of each system."""
    parallel_api_test(make_parallel_env(SMALL[system], max_cycles=60), num_cycles=30)


def _first_legal(observations: dict) -> dict[str, int]:
    return {
        a: int(np.flatnonzero(o["action_mask"])[0]) if o["action_mask"].any() else 0
        for a, o in observations.items()
    }


def test_far_recon_tied_characters_declare_in_one_step() -> None:
    """Far Recon 5 (examples/farrecon/simultaneous.yaml): Brutus and Imhotep are tied; in the Parallel API
    both declare in the same step, then the slot resolves."""
    env = make_parallel_env(SMALL["farrecon"])
    observations, _ = env.reset(seed=0)
    for _ in range(10):
        if set(env.acting()) == {"brutus", "imhotep"}:
            break
        observations, *_ = env.step(_first_legal(observations))
    else:
        pytest.fail("the tied slot never came")
    assert {a for a, o in observations.items() if o["action_mask"].any()} == {"brutus", "imhotep"}
    before = len(env.aec.fight.history)
    env.step(_first_legal(observations))
    declared = [a.actor for a in env.aec.fight.history[before:]]
    assert sorted(declared) == ["brutus", "imhotep"]


def test_an_acting_agent_without_an_action_is_a_clear_error() -> None:
    """Issue 17 point 1: bad input is a message, not a traceback."""
    env = make_parallel_env(SMALL["futurepath"])
    env.reset(seed=1)
    with pytest.raises(EnvError, match=r"no action for bo: they act now \(acting: bo\)"):
        env.step({})
