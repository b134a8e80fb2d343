"""The THRUM line-up kernel (issue 16 part B): N against M combatants who never move (Speed 0), the default AI
on both sides; proven against the engine by lockstep replay on its dice tapes (sim's rows too) and by the
distribution of its win rate, with a coverage that refuses what it does not play."""

from __future__ import annotations

import copy
from itertools import permutations
from typing import Any

import numpy as np
import pytest
import yaml

from tactica.analysis import sim_spec
from tactica.analysis.kernels import GeneratorDice, covering
from tactica.analysis.kernels.proofs import rows_lockstep, win_gap
from tactica.analysis.kernels.thrum_lines import ThrumLines
from tactica.analysis.kernels.thrum_rolls import initiative
from tactica.analysis.sim import SimSpec, game_of
from tactica.scenario import load_scenario
from tactica.scenario.load import load_scenario_text
from tests.kernels.conftest import EXAMPLES

LINE = EXAMPLES / "thrum" / "line-4v4.yaml"
KERNEL = ThrumLines()

#: Three against four on a 3x3 map with every option the kernel reads turned from its default: no Round
#: Zero (the starting stances Brace, Assist, Protect, Concentrate and Dodge are used), ties to the attacker,
#: a Critical at 4, an unnumbered deal of 2 on every Jab (even a missed one), no double reduction, Wounds
#: before recovery, Vulnerable before the effect, an unranged Basic Attack beside a Ranged Jeer, initiative
#: ties rolled off at random; low Tolerances and two Wounds, so that combatants are removed and their squares
#: emptied: vex, behind gob with orc and rat beside it, is Obstructed from the heroes until one of them goes.
OPTIONS_SETUP: dict[str, Any] = {
    "name": "options",
    "system": "thrum",
    "options": {
        "round_zero": False,
        "ties_to_defender": False,
        "critical_margin": 4,
        "unnumbered_deal": 2,
        "double_reduction_on_own_turn": False,
        "incapacitated_end_order": "wound_first",
        "vulnerable_after_effect": False,
        "basic_attack_ranged": False,
        "initiative_tie_break": "random",
        "max_rounds": 12,
    },
    "map": {"width": 3, "height": 3},
    "abilities": {
        "jab": {
            "title": "Jab",
            "kind": "action",
            "art": "brawling",
            "attack": "physical",
            "tags": ["finisher"],
            "range": 1,
            "effect": [{"fatigue": 0}],
            "success": [{"fatigue": 1}],
            "critical": [{"fatigue": 2}],
        },
        "jeer": {
            "title": "Jeer",
            "kind": "action",
            "art": "mesmerism",
            "attack": "mental",
            "tags": ["ranged"],
            "range": 3,
            "success": [{"fatigue": 1}],
        },
    },
    "combatants": [
        {"id": "ana", "side": "heroes", "at": [0, 0], "end": 0, "ref": 1, "arts": {"brawling": 2}, "speed": 0,
         "abilities": ["jab"], "stance": "brace", "fatigue_tolerance": 2, "wounds": 2},
        {"id": "bo", "side": "heroes", "at": [1, 0], "end": 1, "arts": {"mesmerism": 2}, "speed": 0,
         "abilities": ["jeer"], "stance": "assist", "wounds": 1},
        {"id": "cy", "side": "heroes", "at": [2, 0], "ref": 2, "arts": {"brawling": 1}, "speed": 0,
         "abilities": ["jab"], "stance": "protect", "fatigue": 2},
        {"id": "orc", "side": "raiders", "at": [0, 1], "end": 1, "arts": {"brawling": 2}, "speed": 0,
         "abilities": ["jab"], "stance": "protect", "fatigue_tolerance": 1, "wounds": 2},
        {"id": "gob", "side": "raiders", "at": [1, 1], "ref": 1, "arts": {"brawling": 2}, "speed": 0,
         "abilities": ["jab"], "stance": "assist"},
        {"id": "rat", "side": "raiders", "at": [2, 1], "ref": 1, "arts": {"brawling": 1}, "speed": 0,
         "abilities": ["jab"], "stance": "concentrate", "wounds": 2, "fatigue_tolerance": 1},
        {"id": "vex", "side": "raiders", "at": [1, 2], "foc": 1, "arts": {"mesmerism": 3}, "speed": 0,
         "abilities": ["jeer"], "stance": "dodge"},
    ],
    "initiative": {"ana": 7, "orc": 7, "gob": 7},
}  # fmt: skip


def _spec(setup: dict[str, Any]) -> SimSpec:
    return sim_spec(load_scenario_text(yaml.safe_dump(setup), "setup.yaml"), seed=1)


def test_lockstep_on_the_example() -> None:
    """Issue 16 B lockstep: 6 of sim's engine fights of the 4 v 4 replayed by the kernel on their dice tapes
    give the same rows (winner, result, rounds, each Fatigue Tolerance and Wounds left, harm dealt and taken,
    who is out at the end and the round each first went out)."""
    spec = sim_spec(load_scenario(LINE), seed=1)
    assert rows_lockstep(KERNEL, spec, range(6)) == []


def test_lockstep_with_every_option_turned() -> None:
    """Issue 16 B lockstep on 25 fights of the 3 v 4 with every read option turned (THRUM 4, 6, 24, 25, 27,
    39-40, C1-C7, C12), where combatants are removed and Cover and Obstruction change with their squares."""
    assert rows_lockstep(KERNEL, _spec(OPTIONS_SETUP), range(25)) == []


def test_removal_empties_a_square() -> None:
    """THRUM 27, 40: vex is Obstructed from every hero while orc, gob and rat stand; the kernel's fights
    remove some of them (three Wounds), after which vex takes harm from the heroes."""
    spec = _spec(OPTIONS_SETUP)
    found = KERNEL.run(game_of(spec), spec.ai, 4000, 3)
    removed = (found.remaining["orc.wounds"] >= 3) | (found.remaining["rat.wounds"] >= 3)
    assert removed.any()
    vex = found.names.index("vex")
    assert found.taken[~removed, vex].max() == 0
    assert found.taken[removed, vex].max() > 0


def test_win_rate_against_the_engine() -> None:
    """Issue 16 B distribution: the raiders' win rate over 20,000 kernel fights of the 3 v 4 lies within 4
    standard errors of 150 engine fights."""
    assert abs(win_gap(KERNEL, _spec(OPTIONS_SETUP), "raiders", 20_000, 150, 1)) < 4


def test_roll_offs_on_a_generator_give_every_order() -> None:
    """C2: three combatants tied on total, modifier and side are rolled off; on a generator each of the six
    orders comes up about as often (the engine's roll-offs of exchangeable d20s give each the same chance)."""
    order = initiative(GeneratorDice(6000, 5), (1, 1, 1), (7, 7, 7), [(-1, 0)] * 3)
    counts = [int((order == np.array(p)).all(axis=1).sum()) for p in permutations(range(3))]
    assert all(abs(c - 1000) < 4 * (6000 * (1 / 6) * (5 / 6)) ** 0.5 for c in counts)


def test_sim_picks_the_kernel() -> None:
    """Issue 16 B: sim plays the example on the thrum-lines kernel."""
    spec = sim_spec(load_scenario(LINE), seed=1)
    kernel = covering(game_of(spec), spec.ai)
    assert kernel is not None and kernel.name == "thrum-lines"


def _changed(path: str, value: object) -> dict[str, Any]:
    setup = copy.deepcopy(OPTIONS_SETUP)
    where: Any = setup
    keys = path.split(".")
    for key in keys[:-1]:
        where = where[int(key)] if key.isdigit() else where[key]
    where[keys[-1]] = value
    return setup


@pytest.mark.parametrize(
    ("path", "value", "reason"),
    [
        ("combatants.0.speed", 4, "ana has Speed 4"),
        ("combatants.1.stance", "riposte", "counter-attack"),
        ("combatants.2.abilities", ["sockem"], "cy's sockem: deals more than Fatigue"),
        ("combatants.3.stress", 1, "orc starts incapacitated, with Stress"),
        ("combatants.4.side", "third", "3 sides"),
        ("options.max_rounds", 2000, "could outlast"),
        ("abilities.jeer.overexert", {"stress": 1}, "Overexert"),
    ],
)
def test_coverage_refuses_what_it_does_not_play(path: str, value: object, reason: str) -> None:
    """Issue 16 B: a fight with what the kernel does not play (movement, a counter stance, status effects,
    Stress, a third side, an unbounded round limit, Overexert) is refused with the reason; it runs on the
    engine."""
    setup = _changed(path, value)
    if value == "riposte":
        setup["combatants"][1]["abilities"] = ["jeer", "riposte"]
        setup["combatants"][1]["arts"]["dueling"] = 1
    spec = _spec(setup)
    why = KERNEL.covers(game_of(spec), spec.ai)
    assert why is not None and reason in why


def test_coverage_refuses_another_ai() -> None:
    """Issue 16 B: only the default AI is played."""
    spec = _spec(OPTIONS_SETUP)
    why = KERNEL.covers(game_of(spec), {**spec.ai, "raiders": "random"})
    assert why is not None and "raiders: random" in why
