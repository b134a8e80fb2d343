"""The Star Rangers melee kernel (issue 16 part B): N against M melee fighters on a still map, the default AI
on both sides; proven against the engine by lockstep replay on its dice tapes and by the distribution of its
win rate, with a coverage that refuses what it does not play."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pytest
import yaml

from tactica.analysis import sim_spec
from tactica.analysis.kernels import GeneratorDice, covering
from tactica.analysis.kernels.proofs import engine_fight, lockstep, rows_lockstep, win_gap
from tactica.analysis.kernels.srb_melee import StarRangersMelee, initiative
from tactica.analysis.sim import SimSpec, game_of
from tactica.dice import Die
from tactica.engine import ActionTaken, Fight, TurnStarted
from tactica.scenario import load_scenario
from tactica.scenario.load import load_scenario_text
from tests.kernels.conftest import EXAMPLES

DUEL = EXAMPLES / "srb" / "melee-duel.yaml"
LINE = EXAMPLES / "srb" / "melee-line.yaml"
KERNEL = StarRangersMelee()
AI = {"red": "default", "blue": "default"}

#: Three against three with every option the kernel reads turned from its default, long fights (so that
#: most fights fumble several times: throws, drops, falls, random attacks, broken weapons, tiredness, 'off
#: target'), a reach weapon, natural and bare-handed fighters, tied initiatives rolled off, a round limit.
OPTIONS_SETUP: dict[str, Any] = {
    "name": "options",
    "system": "srb",
    "options": {
        "critical_confirm": False,
        "critical_multiplier": 3,
        "knockback_dc": "fixed",
        "strength_damage": "melee_and_thrown",
        "heavy_random_attack": "plain",
        "max_rounds": 30,
    },
    "map": {"text": "a b c\nd e f"},
    "combatants": [
        {"id": "ana", "side": "red", "at": "a", "template": "bruiser", "weapons": ["machete"], "hp": 60},
        {"id": "bo", "side": "red", "at": "b", "template": "brute", "hp": 60},
        {"id": "cy", "side": "red", "at": "c", "template": "raider", "weapons": [], "hp": 40},
        {"id": "dee", "side": "blue", "at": "d", "template": "raider", "weapons": ["knife"], "hp": 60},
        {"id": "eve", "side": "blue", "at": "e", "template": "bruiser", "weapons": ["claws"], "hp": 50},
        {"id": "fay", "side": "blue", "at": "f", "template": "raider", "weapons": ["machete"], "hp": 50},
    ],
    "initiative": {"ana": 12, "bo": 12, "dee": 12},
}


def _spec(setup: dict[str, Any]) -> SimSpec:
    return sim_spec(load_scenario_text(yaml.safe_dump(setup), "setup.yaml"), seed=1)


def test_lockstep_on_the_example_duel() -> None:
    """Issue 16 B lockstep: 40 of sim's engine fights of the duel replayed by the kernel on their dice tapes:
    same winner, result, rounds, hit points left, and the same row (harm dealt and taken, who went out and
    in which round)."""
    assert rows_lockstep(KERNEL, sim_spec(load_scenario(DUEL), seed=1), range(40)) == []


def test_lockstep_on_the_example_line_up() -> None:
    """Issue 16 B lockstep on 20 fights of the 3 v 3 example: individual initiative with a roll-off, the
    AI's choice of target among the enemies in reach, a pike reaching two squares."""
    assert rows_lockstep(KERNEL, sim_spec(load_scenario(LINE), seed=1), range(20)) == []


def test_lockstep_with_every_option_turned() -> None:
    """Issue 16 B lockstep on 25 long fights with every read option turned (Star Rangers 13, 22, B3, B5):
    the critical-failure table's entries for melee weapons, claws and bare hands, criticals without
    confirmation at x3, a fixed knockback DC, STR on damage, fights cut off at round 30."""
    assert rows_lockstep(KERNEL, _spec(OPTIONS_SETUP), range(25)) == []


class FumblingDice:
    """Loaded dice for the engine (the kernel replays whatever faces it drew): a natural 1 on a quarter of
    the attack rolls; on the critical-failure table 7 (off target) on 2 in 5, 3 (flung, or a fall) on 1 in
    5, 4 (dropped) on 1 in 10; every other die fair."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def draw(self, die: Die, count: int, purpose: str) -> tuple[int, ...]:
        return tuple(self.face(die, purpose) for _ in range(count))

    def face(self, die: Die, purpose: str) -> int:
        x = self.random.random()
        if " attack on " in purpose and x < 0.25:
            return 1
        if purpose.endswith(" critical failure") and x < 0.7:
            return 7 if x < 0.4 else 3 if x < 0.6 else 4
        return die.min_face + self.random.randrange(die.sides)


def _waiting_turns(spec: SimSpec, seeds: range) -> Counter[tuple[str, ...]]:
    """The verbs of every engine turn with a Perception roll in it, on :class:`FumblingDice`."""
    found: Counter[tuple[str, ...]] = Counter()
    for seed in seeds:
        turns: list[list[str]] = []
        for event in engine_fight(game_of(spec), spec.ai, seed, FumblingDice(seed)).events:
            if isinstance(event, TurnStarted):
                turns.append([])
            elif isinstance(event, ActionTaken) and turns:
                turns[-1].append(event.action.split()[1])
        found.update(tuple(verbs) for verbs in turns if "perceive" in verbs)
    return found


@pytest.mark.parametrize("setup", [LINE, OPTIONS_SETUP], ids=["line", "options"])
def test_lockstep_where_off_target_is_common(setup: Any) -> None:
    """Star Rangers 22 (7), B6 and the default AI's 'wait out': on :class:`FumblingDice`, 30 fights of the
    4 v 4 example and of the 3 v 3 with every option turned, replayed by the kernel, are identical; in them
    the engine's fighters wait out being off target in over 100 turns (two Perception rolls, or a weapon
    picked up and one roll), then attack again."""
    spec = sim_spec(load_scenario(setup), seed=1) if setup == LINE else _spec(setup)
    assert lockstep(KERNEL, game_of(spec), spec.ai, range(30), FumblingDice) == []
    waits = _waiting_turns(spec, range(30))
    assert sum(waits.values()) > 100
    assert any(verbs[:2] == ("perceive", "perceive") for verbs in waits)
    assert any(verbs[:2] == ("pickup", "perceive") for verbs in waits)


def test_win_rate_matches_the_engine() -> None:
    """Issue 16 B distribution (small N): 20,000 kernel fights of the example duel against 400 engine
    fights, within 4 standard errors of the difference."""
    assert abs(win_gap(KERNEL, sim_spec(load_scenario(DUEL), seed=1), "rangers", 20_000, 400, 1)) < 4


def test_sim_picks_the_kernel_for_the_examples() -> None:
    """Issue 16 B: a covered scenario is played by the kernel."""
    for path in (DUEL, LINE):
        spec = sim_spec(load_scenario(path), seed=1)
        found = covering(game_of(spec), spec.ai)
        assert found is not None and found.name == "srb-melee"


def _setup(**change: Any) -> dict[str, Any]:
    setup = yaml.safe_load(yaml.safe_dump(OPTIONS_SETUP))
    setup.update(change)
    return setup


def _fighter(i: int, **change: Any) -> dict[str, Any]:
    setup = _setup()
    setup["combatants"][i].update(change)
    return setup


@pytest.mark.parametrize(
    ("setup", "reason"),
    [
        (_setup(map={"text": "a b c .\nd e f ."}), "a free square"),
        (_fighter(0, weapons=["machete", "pistol"], magazines={}), "ana carries a weapon that is not"),
        (_fighter(0, weapons=["stun-baton"]), "ana carries a weapon that is not"),
        (_fighter(0, weapons=["machete", "knife"]), "ana carries more than one held weapon"),
        (_fighter(0, drawn=""), "ana carries more than one held weapon, or has one that is not in hand"),
        (_fighter(2, aware=False), "cy is unaware (a surprise round)"),
        (_fighter(1, prone=True), "bo does not start up, standing and rested"),
        (_fighter(1, tired=True), "bo does not start up, standing and rested"),
        (_fighter(2, powers=["shock-bolt"], resources={"tech": 4}), "cy has powers"),
        (_fighter(5, side="green"), "3 sides"),
        (_setup(options={"off_target": "penalty"}), "option off_target is not its default"),
        (_setup(options={"fumble_modifier": 1}), "option fumble_modifier is not its default"),
        (_setup(options={"max_rounds": 10_000}), "would let a fight outlast sim's 100,000 actions"),
        (_setup(weapons={"unarmed": {"kind": "melee", "category": "unarmed", "damage": "2d6kh1"}}), "keeps"),
        (_setup(ground=[{"item": "knife", "at": [1, 1]}]), "items lie on the ground"),
    ],
)
def test_coverage_is_strict(setup: dict[str, Any], reason: str) -> None:
    """Issue 16 B: a fight the kernel does not play exactly is not covered, and the reason says why: a free
    square (knockback, falls and the AI's closing in would move someone), guns and powered weapons, two held
    weapons, a surprise round, conditions at the start, powers, options the kernel does not read."""
    assert reason in (KERNEL.covers(game_of(_spec(setup)), AI) or "")


def test_other_policies_and_the_demo_are_not_covered() -> None:
    """Issue 16 B: only the default AI is followed; the demo ambush (guns, a surprise round) is not covered."""
    assert KERNEL.covers(game_of(_spec(OPTIONS_SETUP)), {"red": "default", "blue": "random"}) == (
        "side blue is not played by the default AI"
    )
    assert KERNEL.covers(game_of(_spec(OPTIONS_SETUP)), AI) is None
    demo = sim_spec(load_scenario(EXAMPLES.parent / "src/tactica/systems/srb/content/demo.yaml"), seed=1)
    assert KERNEL.covers(game_of(demo), demo.ai) is not None


def test_roll_offs_of_many_fights_order_ties_as_the_engine() -> None:
    """Star Rangers 7 (issue 16 B distribution): in the example line-up nox, rook and gob tie at 12 with the
    same modifier; over 60,000 kernel fights (roll-offs drawn for many fights at once) each of them comes
    first among the three as often as in 1,500 engine fights, within 4 standard errors."""
    spec = sim_spec(load_scenario(LINE), seed=1)
    game = game_of(spec)
    model = KERNEL.model(game, spec.ai)
    assert not isinstance(model, str)
    tied = [model.ids.index(i) for i in ("nox", "rook", "gob")]
    order = initiative(model, GeneratorDice(60_000, 5))
    leads = order[np.arange(len(order)), np.argmax(np.isin(order, tied), axis=1)]
    kernel = np.array([(leads == t).mean() for t in tied])
    engine = np.zeros(len(tied))
    for seed in range(1_500):
        slots = [model.ids.index(s.key) for s in Fight(game, seed=seed).state.order.slots]
        engine[tied.index(next(c for c in slots if c in tied))] += 1 / 1_500
    se = np.sqrt(kernel * (1 - kernel) / 60_000 + engine * (1 - engine) / 1_500)
    assert (abs(kernel - engine) < 4 * se).all()
