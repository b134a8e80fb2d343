"""What the sim tests share: a FuturePath duel's run spec (seed 7) and its first 24 fights played in this
process, the rows every other way of running them must give."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactica.analysis.sim import run_fights, sim_spec
from tactica.scenario import load_scenario

DUEL = Path(__file__).resolve().parents[2] / "examples" / "futurepath" / "duel.yaml"


@pytest.fixture(scope="module")
def spec():
    return sim_spec(load_scenario(DUEL), seed=7)


@pytest.fixture(scope="module")
def serial_rows(spec):
    return run_fights(spec, 24, workers=1)
