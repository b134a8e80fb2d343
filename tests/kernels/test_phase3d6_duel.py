"""Issue 16 part B: the Phase 3d6 melee duel kernel is the engine's game. Lockstep: fed the dice tape of an
engine fight with the ``trading-blows`` AI, it gives the same winner, result, Phases, STUN and BODY left, for
every seed; distribution: its win rates lie within 4 standard errors of the exact duel odds (``duel_odds``);
and it covers only what it models (the default AI runs on the engine)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from tactica.analysis.kernels import GeneratorDice, kernel_named
from tactica.analysis.kernels.phase3d6_blows import initiative
from tactica.analysis.kernels.phase3d6_duel import Phase3d6Duel, leader_odds
from tactica.analysis.kernels.proofs import distribution, engine_fight, initiative_mixture, lockstep
from tactica.engine import Game
from tactica.scenario import load_scenario
from tactica.systems import get_system
from tactica.systems.phase3d6.events import FighterDown
from tests.kernels.conftest import EXAMPLES

KERNEL = Phase3d6Duel()
BLOWS = {"heroes": "trading-blows", "thugs": "trading-blows"}
TRADING = EXAMPLES / "phase3d6" / "trading-blows.yaml"
EVEN = {"cv": 5, "lightning_reflexes": 0}


def _game(setup_changes: Mapping[str, Any] | None = None, **changes: Any) -> Game:
    """The example's setup with ``changes`` (``options``, or a combatant's fields by id)."""
    setup = dict(load_scenario(TRADING).game.setup)
    setup.update(setup_changes or {})
    setup["options"] = {**setup.get("options", {}), **changes.pop("options", {})}
    setup["combatants"] = [{**c, **changes.get(c["id"], {})} for c in setup["combatants"]]
    return get_system("phase3d6").new_game(setup)


#: Duels that reach every path: Stunned and its recovery (hero_stunned, the example), none of it (off);
#: equal scores ordered by d20s once or at every Phase (E13), 3d6 initiative (E14), fixed scores; the Turn
#: limit with and without the Post-Turn Recovery (E10); the hit options (E2, rule 6); damage of two kinds of
#: dice and a constant.
VARIANTS = {
    "trading-blows": lambda: _game(),
    "no Stunned": lambda: _game(options={"hero_stunned": False}),
    "ties once": lambda: _game(blade=EVEN, crusher=EVEN),
    "ties every Phase": lambda: _game(blade=EVEN, crusher=EVEN, options={"tie_break": "every_phase"}),
    "initiative rolled": lambda: _game(
        blade=EVEN, options={"initiative_roll": True, "tie_break": "every_phase"}
    ),
    "fixed initiative": lambda: _game({"initiative": {"crusher": 9}}),
    "cut off": lambda: _game(options={"max_rounds": 1}),
    "no recovery": lambda: _game(options={"max_rounds": 1, "post_turn_recovery": False}, crusher={"rec": 3}),
    "hit options": lambda: _game(options={"hit_on_equal": False, "auto_hit_miss": True}),
    "damage constant": lambda: _game(
        {"weapons": {"maul": {"kind": "melee", "damage": "2d6+1d4+1"}}},
        crusher={"weapons": ["maul"], "stun_now": 12, "body_now": 4},
    ),
}


@pytest.mark.parametrize("variant", VARIANTS)
def test_lockstep_on_the_engines_dice(variant: str) -> None:
    """Issue 16 B, lockstep: 40 seeds per variant here (1,000 in benchmarks/kernels.py)."""
    game = VARIANTS[variant]()
    assert KERNEL.covers(game, BLOWS) is None
    assert lockstep(KERNEL, game, BLOWS, range(40)) == []


def test_the_variants_reach_the_rare_paths() -> None:
    """The variants do reach what they are for: cut-off fights, both leaders, Stunned fighters among the
    lockstep seeds."""
    cut = KERNEL.run(VARIANTS["cut off"](), BLOWS, 2000, 1)
    assert (cut.result == 2).any() and (cut.result == 0).any()
    tied = KERNEL.model(VARIANTS["ties once"](), BLOWS)
    assert not isinstance(tied, str)
    first, equal = initiative(tied, GeneratorDice(2000, 1), 2000)
    assert equal.all() and set(first.tolist()) == {0, 1}
    fights = [engine_fight(VARIANTS["trading-blows"](), BLOWS, seed) for seed in range(40)]
    assert any(isinstance(e, FighterDown) and e.state == "stunned" for f in fights for e in f.events)


@pytest.mark.parametrize("variant", ["trading-blows", "no Stunned", "ties every Phase"])
def test_win_rates_agree_with_the_exact_odds(variant: str) -> None:
    """Issue 16 B, distribution: 100,000 kernel fights here (1,000,000 in benchmarks/kernels.py)."""
    game = VARIANTS[variant]()
    duel = KERNEL.model(game, BLOWS)
    assert not isinstance(duel, str)
    exact = initiative_mixture(game, leader_odds(duel))
    for agreement in distribution(KERNEL, game, BLOWS, exact, 100_000, seed=11):
        assert abs(agreement.errors) < 4, agreement


def test_the_kernel_is_registered_and_chosen_for_the_example() -> None:
    assert kernel_named("phase3d6-duel").covers(_game(), BLOWS) is None


@pytest.mark.parametrize(
    ("setup", "changes", "ai", "reason"),
    [
        ({}, {}, {"heroes": "default", "thugs": "trading-blows"}, "the AI 'default'"),
        ({}, {"crusher": {"at": [3, 1]}}, BLOWS, "not two adjacent enemies"),
        ({}, {"crusher": {"aware": False}}, BLOWS, "crusher starts unaware"),
        ({}, {"blade": {"prone": True}}, BLOWS, "blade starts prone"),
        ({}, {"crusher": {"stun_now": 0}}, BLOWS, "crusher starts out of the fight"),
        (
            {"weapons": {"axe": {"kind": "melee", "damage": "4d6kh3"}}},
            {"crusher": {"weapons": ["axe"]}},
            BLOWS,
            "axe's damage 4d6kh3 keeps",
        ),
        ({"maneuvers": {"strike": {"dcv": -1}}}, {}, BLOWS, "a Strike changes the striker's DCV"),
        (
            {"weapons": {"ram": {"kind": "melee", "damage": "8d6"}}},
            {"crusher": {"weapons": ["ram"]}},
            BLOWS,
            "ram's damage 8d6 has more than 279,936 outcomes",
        ),
        (
            {"weapons": {"whip": {"kind": "melee", "damage": "2d6", "ammo": 3}}},
            {"crusher": {"weapons": ["whip"]}},
            BLOWS,
            "whip uses ammunition",
        ),
    ],
)
def test_coverage_is_strict(
    setup: Mapping[str, Any], changes: Mapping[str, Any], ai: Mapping[str, str], reason: str
) -> None:
    """What the kernel does not model runs on the engine, with the reason (never an approximation)."""
    assert reason in (KERNEL.covers(_game(setup, **changes), ai) or "")
