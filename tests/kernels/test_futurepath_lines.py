"""The FuturePath line-up kernel (issue 16 part B): N against M melee fighters who all reach every enemy,
the default AI on both sides; proven against the engine by lockstep replay on its dice tapes and by the
distribution of its win rate."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from tactica.analysis import sim_spec
from tactica.analysis.kernels import covering
from tactica.analysis.kernels.futurepath_lines import FuturePathLines
from tactica.analysis.kernels.proofs import rows_lockstep, win_gap
from tactica.analysis.sim import SimSpec, game_of
from tactica.scenario import load_scenario
from tactica.scenario.load import load_scenario_text
from tests.kernels.conftest import EXAMPLES, SKIRMISH

LINE = EXAMPLES / "futurepath" / "line-4v4.yaml"
ROWS = EXAMPLES / "futurepath" / "line-rows.yaml"
KERNEL = FuturePathLines()

#: Two against two on a 2x2 map with every option the kernel reads turned from its default, critical ranges
#: wide, Extra Damage (critical checks), Extra Attacks, off-hand Bonus Attacks, a character without an
#: Advantage die, and a round limit that cuts some fights off.
OPTIONS_SETUP: dict[str, Any] = {
    "name": "options",
    "system": "futurepath",
    "options": {
        "critical_check_multiplier": "base",
        "hit_on_equal": False,
        "critical_multiplies_flat": True,
        "instant_death_below_negative_con": False,
        "max_rounds": 4,
        "off_hand_advantage": "capped",
        "critical_check_natural": 17,
    },
    "weapons": {
        "pike": {
            "kind": "melee",
            "level": 3,
            "crit_range": 15,
            "crit_multiplier": 3,
            "accuracy": 1,
            "bonus_damage": 1,
        },
        "dirk": {"kind": "melee", "damage": "1d4+1d6-1", "versatile": True, "crit_range": 16},
    },
    "map": {"text": "a b\nc d"},
    "combatants": [
        {
            "id": "ada",
            "side": "red",
            "at": "a",
            "template": "duelist",
            "weapons": ["dirk", "dirk"],
            "drawn": ["dirk", "dirk"],
            "extra_damage": 3,
            "advantage_die": 0,
            "hp": 30,
        },
        {
            "id": "bo",
            "side": "red",
            "at": "b",
            "template": "brawler",
            "weapons": ["pike", "knife"],
            "drawn": ["pike", "knife"],
            "extra_attacks": 2,
        },
        {
            "id": "cy",
            "side": "blue",
            "at": "c",
            "template": "trooper",
            "weapons": ["pike"],
            "drawn": ["pike"],
            "extra_damage": 2,
            "hp": 40,
        },
        {
            "id": "dee",
            "side": "blue",
            "at": "d",
            "template": "duelist",
            "weapons": ["pike", "short-sword"],
            "drawn": ["pike", "short-sword"],
            "hp": 35,
            "extra_attacks": 1,
        },
    ],
}


def _spec(setup: dict[str, Any]) -> SimSpec:
    return sim_spec(load_scenario_text(yaml.safe_dump(setup), "setup.yaml"), seed=1)


def test_lockstep_on_the_example_line_up() -> None:
    """Issue 16 B lockstep: 30 of sim's engine fights of the 4 v 4 example replayed by the kernel on their
    dice tapes: same winner, result, rounds, remaining HP and CON of every fighter, and the same row (harm
    dealt and taken, who went out and in which round)."""
    assert rows_lockstep(KERNEL, sim_spec(load_scenario(LINE), seed=1), range(30)) == []


def test_lockstep_on_two_rows_where_nobody_can_move() -> None:
    """Issue 16 B lockstep, 12 fights of two facing rows on a map with no free square: fighters whose
    neighbours are down finish off the dying (rule 38: automatic critical, CON save with A12's dice) or wait;
    fights where the survivors cannot reach each other are cut off at round 20."""
    assert rows_lockstep(KERNEL, sim_spec(load_scenario(ROWS), seed=1), range(12)) == []


def test_lockstep_with_every_option_turned() -> None:
    """Issue 16 B lockstep on 50 fights: critical checks (base multiplier, explosions from 17, fumbles), a
    strict AC, multiplied flat damage, no instant death, capped off-hand advantage, flat advantage dice,
    Extra Attacks and Bonus Attacks, and fights cut off at round 4."""
    assert rows_lockstep(KERNEL, _spec(OPTIONS_SETUP), range(50)) == []


def test_win_rate_matches_the_engine() -> None:
    """Issue 16 B distribution (small N): 20,000 kernel fights against 400 engine fights, within 4 standard
    errors of the difference."""
    assert abs(win_gap(KERNEL, _spec(OPTIONS_SETUP), "red", 20_000, 400, 1)) < 4


def test_sim_picks_the_kernel_for_the_example() -> None:
    """Issue 16 B: a covered scenario is played by the kernel."""
    spec = sim_spec(load_scenario(LINE), seed=1)
    found = covering(game_of(spec), spec.ai)
    assert found is not None and found.name == "futurepath-lines"


def test_rows_are_covered_only_while_nobody_can_move() -> None:
    """Issue 16 B: two rows are covered because no square is free; one free square would let the AI walk to
    the next enemy, and a medic could stabilize a dying ally: neither is covered."""
    rows = yaml.safe_load(ROWS.read_text())
    assert KERNEL.covers(game_of(_spec(rows)), {"red": "default", "blue": "default"}) is None
    rows["map"]["text"] = "a b c d .\ne f g h ."
    assert KERNEL.covers(game_of(_spec(rows)), {"red": "default", "blue": "default"}) == (
        "ada cannot attack gus without moving"
    )
    rows = yaml.safe_load(ROWS.read_text())
    rows["combatants"][0].update(template="medic", weapons=["knife"], drawn=["knife"])
    assert KERNEL.covers(game_of(_spec(rows)), {"red": "default", "blue": "default"}) == (
        "ada is a medic who can stabilize, or has a Strength of 0"
    )


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (
            lambda s: s["combatants"][0].update(weapons=["spear", "knife", "pistol"]),
            "ada carries a weapon that is not melee",
        ),
        (lambda s: s["combatants"][0].update(drawn=["knife"]), "ada cannot attack eve without moving"),
        (lambda s: s["combatants"][0].update(side="green"), "3 sides"),
        (lambda s: s["combatants"][1].update(posture="prone"), "bo does not start up and standing"),
        (lambda s: s.update(objects=[{"id": "crate", "at": [1, 1]}]), "objects, traps or conditions"),
        (lambda s: s.update(options={"max_rounds": 5000}), "would let a fight outlast sim's 100,000 actions"),
    ],
)
def test_coverage_is_strict(change: Any, reason: str) -> None:
    """Issue 16 B: a fight the kernel does not model exactly is not covered, and the reason says why."""
    setup = yaml.safe_load(LINE.read_text())
    change(setup)
    assert reason in (KERNEL.covers(game_of(_spec(setup)), {"red": "default", "blue": "default"}) or "")


def test_other_policies_and_the_skirmish_are_not_covered() -> None:
    """Issue 16 B: only the default AI is followed; the demo skirmish (guns, grenades, moves) is not covered."""
    spec = sim_spec(load_scenario(LINE), seed=1)
    assert KERNEL.covers(game_of(spec), {"red": "default", "blue": "random"}) == (
        "side blue is not played by the default AI"
    )
    skirmish = sim_spec(load_scenario(SKIRMISH), seed=1)
    assert KERNEL.covers(game_of(skirmish), skirmish.ai) is not None
