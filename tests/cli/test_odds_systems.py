"""Issue 6 acceptance: `tactica odds` gives exact figures for a basic attack in each of the five systems, and
`--json` returns them as numbers. Each system's `examples/<id>/odds.yaml` names its command on its first line."""

from __future__ import annotations

import json
import math
import shlex
from pathlib import Path

import pytest

from tests.cli.test_commands import invoke

ROOT = Path(__file__).resolve().parents[2]
SYSTEMS = ["farrecon", "futurepath", "phase3d6", "srb", "thrum"]


def odds_command(system: str) -> list[str]:
    """The `tactica odds ...` command written on the first line of the system's odds example."""
    first = (ROOT / "examples" / system / "odds.yaml").read_text().splitlines()[0]
    words = shlex.split(first.lstrip("# "))
    assert words[:2] == ["tactica", "odds"], first
    return [str(ROOT / words[2]), *words[3:]]


@pytest.mark.parametrize("system", SYSTEMS)
def test_odds_of_a_basic_attack_are_exact_numbers(system: str) -> None:
    result = invoke("odds", *odds_command(system), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["exact"] is True and data["method"] == "exact" and data["system"] == system
    probabilities = [o["probability"] for o in data["outcomes"].values()]
    assert all(isinstance(p, float) and 0 <= p <= 1 for p in probabilities)
    assert math.isclose(sum(probabilities), 1.0, abs_tol=1e-9)
    assert math.isclose(sum(h["probability"] for h in data["harm"]), 1.0, abs_tol=1e-9)
    assert isinstance(data["mean_harm"], float)
    assert len(data["outcomes"]) >= 2


@pytest.mark.parametrize("system", SYSTEMS)
def test_odds_text_names_the_method_and_the_mean(system: str) -> None:
    result = invoke("odds", *odds_command(system))
    assert result.exit_code == 0, result.output
    assert "(exact)" in result.stdout and "  mean " in result.stdout
