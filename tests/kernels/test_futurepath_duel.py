"""Issue 16 part B: the FuturePath melee duel kernel is the engine's game. Lockstep: fed the dice tape of an
engine fight with the default AI, it gives the same winner, result, rounds and hit points left, for every
seed; distribution: its win rates lie within 4 standard errors of the exact duel odds; and it covers only
what it models."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from tactica.analysis.kernels import kernel_named
from tactica.analysis.kernels.futurepath_duel import FuturePathDuel, leader_odds
from tactica.analysis.kernels.proofs import distribution, initiative_mixture, lockstep
from tactica.engine import Game
from tactica.scenario import load_scenario
from tactica.systems import get_system
from tests.kernels.conftest import DUEL, EXAMPLES

KERNEL = FuturePathDuel()
DEFAULT = {"red": "default", "blue": "default"}
TRADING = EXAMPLES / "futurepath" / "trading-blows.yaml"


def _game(path: Any = TRADING, **changes: Any) -> Game:
    """The example's setup with ``changes`` (``options``, or a combatant's fields by id)."""
    setup = dict(load_scenario(path).game.setup)
    setup["options"] = {**setup.get("options", {}), **changes.pop("options", {})}
    setup["weapons"] = {**setup.get("weapons", {}), **changes.pop("weapons", {})}
    setup["combatants"] = [{**c, **changes.get(c["id"], {})} for c in setup["combatants"]]
    return get_system("futurepath").new_game(setup)


#: Duels that reach every path of a strike: the tied initiative's roll-offs (duel.yaml); a Full Attack with
#: Extra Damage and critical checks, an Attack then a Bonus Attack off-hand (trading-blows.yaml); the round
#: limit; low hit points and CON (A13: dead below -CON mid-Full Attack); and the A7, A19, rule 21 options.
#: Strikes without Extra Damage are looked up in a table: in a Full Attack on a target that may die below
#: -CON before its second strike ("table full attack"), and with a x3 critical (three damage rolls).
VARIANTS = {
    "duel": lambda: _game(DUEL),
    "trading-blows": lambda: _game(),
    "table full attack": lambda: _game(blade={"extra_attacks": 1}, brick={"hp": 3, "con": 2}),
    "table x3 critical": lambda: _game(
        weapons={"great-axe": {"kind": "melee", "level": 3, "crit_range": 18, "crit_multiplier": 3}},
        brick={"extra_damage": 0, "weapons": ["great-axe"], "drawn": ["great-axe"]},
    ),
    "cut off": lambda: _game(options={"max_rounds": 2}),
    "instant death": lambda: _game(blade={"hp": 6}, brick={"hp": 5}),
    "options": lambda: _game(
        options={"critical_check_multiplier": "base", "critical_multiplies_flat": True, "hit_on_equal": False}
    ),
    "more options": lambda: _game(
        options={
            "critical_check_natural": 12,
            "critical_multiplier_cap": 3,
            "critical_auto_hit": False,
            "critical_failure_natural": 0,
            "extra_damage_adds_str": False,
            "instant_death_below_negative_con": False,
            "proficiency_advantage": False,
            "accuracy_bonus_always": False,
            "off_hand_advantage": "capped",
        }
    ),
}


@pytest.mark.parametrize("variant", VARIANTS)
def test_lockstep_on_the_engines_dice(variant: str) -> None:
    """Issue 16 B, lockstep: 40 seeds per variant here (1,000 in benchmarks/kernels.py)."""
    game = VARIANTS[variant]()
    assert KERNEL.covers(game, DEFAULT) is None
    assert lockstep(KERNEL, game, DEFAULT, range(40)) == []


def test_lockstep_reaches_the_rare_paths() -> None:
    """The variants do reach what they are for: cut-off fights, deaths below -CON, roll-offs."""
    cut = KERNEL.run(VARIANTS["cut off"](), DEFAULT, 2000, 1)
    assert (cut.result == 2).any() and (cut.result == 0).any()
    dead = KERNEL.run(VARIANTS["instant death"](), DEFAULT, 2000, 1)
    assert (dead.remaining["brick.hp"] < -10).any()  # a brawler's CON: dead, not dying
    table = KERNEL.run(VARIANTS["table full attack"](), DEFAULT, 2000, 1)
    assert (table.remaining["brick.hp"] < -2).any()  # dead below -CON (2) in a Full Attack of table strikes


def test_the_variants_strike_both_ways() -> None:
    """Issue 16 B (speed): a strike without Extra Damage is looked up in its table of outcomes, one with
    Extra Damage is played die by die; the lockstep variants above prove both against the engine."""
    tables = {}
    for variant in ("trading-blows", "table full attack", "table x3 critical"):
        duel = KERNEL.model(VARIANTS[variant](), DEFAULT)
        assert not isinstance(duel, str)
        tables[variant] = [[(b.strikes, b.table and b.table.rolls) for b in plan] for plan in duel.plans]
    assert tables == {
        "trading-blows": [[(1, None)], [(1, 2), (1, 2)]],
        "table full attack": [[(1, None)], [(2, 2), (1, 2)]],
        "table x3 critical": [[(1, 3)], [(1, 2), (1, 2)]],
    }


@pytest.mark.parametrize("variant", ["duel", "trading-blows"])
def test_win_rates_agree_with_the_exact_odds(variant: str) -> None:
    """Issue 16 B, distribution: 100,000 kernel fights here (1,000,000 in benchmarks/kernels.py)."""
    game = VARIANTS[variant]()
    duel = KERNEL.model(game, DEFAULT)
    assert not isinstance(duel, str)
    exact = initiative_mixture(game, leader_odds(duel))
    for agreement in distribution(KERNEL, game, DEFAULT, exact, 100_000, seed=11):
        assert abs(agreement.errors) < 4, agreement


def test_the_kernel_is_registered_and_chosen_for_the_duel() -> None:
    assert kernel_named("futurepath-duel").covers(_game(DUEL), DEFAULT) is None


@pytest.mark.parametrize(
    ("changes", "ai", "reason"),
    [
        ({}, {"red": "random", "blue": "default"}, "the AI 'random'"),
        ({"brick": {"at": [0, 0]}, "map": "a . b"}, DEFAULT, "blade's AI does 'move'"),
        ({"brick": {"hp_now": 0}}, DEFAULT, "a combatant starts out of action"),
        ({"blade": {"posture": "prone"}}, DEFAULT, "blade's AI does 'stand'"),
        ({"brick": {"weapons": ["rifle"], "drawn": ["rifle"]}}, DEFAULT, "brick attacks with rifle"),
    ],
)
def test_coverage_is_strict(changes: Mapping[str, Any], ai: Mapping[str, str], reason: str) -> None:
    """What the kernel does not model runs on the engine, with the reason (never an approximation)."""
    setup = dict(load_scenario(TRADING).game.setup)
    if "map" in changes:
        setup["map"] = {"text": changes["map"]}
    setup["combatants"] = [{**c, **changes.get(c["id"], {})} for c in setup["combatants"]]
    game = get_system("futurepath").new_game(setup)
    assert reason in (KERNEL.covers(game, ai) or "")
