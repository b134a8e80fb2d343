"""Issue 16 part B: the Phase 3d6 melee duel kernel is the engine's game, with the ``trading-blows`` AI and
with the default AI ("first: a FuturePath or Phase 3d6 melee duel with the default AI"). Lockstep: fed the
dice tape of an engine fight, it gives the same winner, result, Phases, STUN and BODY left, for every seed;
distribution: its win rates lie within 4 standard errors of the exact duel odds (``duel_odds``, trading
blows) or of the engine's own fights (the default AI); and it covers only what it models."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from tactica.ai import make_policies
from tactica.analysis.kernels import GeneratorDice, kernel_named
from tactica.analysis.kernels.phase3d6_blows import initiative
from tactica.analysis.kernels.phase3d6_duel import Phase3d6Duel, leader_odds
from tactica.analysis.kernels.proofs import (
    distribution,
    engine_fight,
    initiative_mixture,
    lockstep,
    rows_lockstep,
    win_gap,
)
from tactica.analysis.sim import sim_spec
from tactica.engine import Fight, Game
from tactica.scenario import load_scenario
from tactica.systems import get_system
from tactica.systems.phase3d6.events import Aborted, AttackRoll, FighterDown, PhaseActionLost
from tactica.systems.phase3d6.state import Phase3d6State
from tests.kernels.conftest import EXAMPLES

KERNEL = Phase3d6Duel()
BLOWS = {"heroes": "trading-blows", "thugs": "trading-blows"}
DEFAULT = {"heroes": "default", "thugs": "default"}
TRADING = EXAMPLES / "phase3d6" / "trading-blows.yaml"
DUEL = EXAMPLES / "phase3d6" / "duel.yaml"
EVEN = {"cv": 5, "lightning_reflexes": 0}


def _game(setup_changes: Mapping[str, Any] | None = None, **changes: Any) -> Game:
    """The examples' setup (the same fighters in both) with ``changes`` (``options``, or a combatant's
    fields by id)."""
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


#: A manoeuvre of a scenario's own that the default AI prefers to a Strike (no OCV or DCV cost, an extra die)
#: and that raises its user's DCV until its next place.
MARTIAL = {"maneuvers": {"martial-strike": {"title": "Martial Strike", "type": "attack", "provokes": "no",
           "ocv": 2, "dcv": 1, "verb": "attack", "extra_dice": 1}}}  # fmt: skip
LOW = {"stun_now": 7}  # below a third of either fighter's STUN: both Abort to Dodges from the start

#: Duels with the default AI on one side or both that reach what it decides on: the Haymaker (OCV 3 above
#: the other's DCV of the moment: after the other's own Haymaker, while it is Stunned, not while it Dodges),
#: the Abort to a Dodge below a third of its STUN, the place it costs (this Phase's or the next's), a second
#: Dodge before the dodger acts again, Post-Turn Recoveries bringing it back above a third; with every
#: option that changes them (E5's bonus floor, E13, E14, hero_stunned) and manoeuvres of other numbers.
DEFAULT_VARIANTS = {
    "the example": (lambda: get_system("phase3d6").new_game(load_scenario(DUEL).game.setup), DEFAULT),
    "default against trading blows": (lambda: _game(), {"heroes": "default", "thugs": "trading-blows"}),
    "trading blows against default": (lambda: _game(), {"heroes": "trading-blows", "thugs": "default"}),
    "no Stunned": (lambda: _game(options={"hero_stunned": False}), DEFAULT),
    "low STUN, cut off": (lambda: _game(options={"max_rounds": 1}, blade=LOW, crusher=LOW), DEFAULT),
    "no bonus floor": (lambda: _game(options={"bonus_floor_zero": False}, blade=LOW, crusher=LOW), DEFAULT),
    "ties every Phase": (
        lambda: _game(blade={**EVEN, **LOW}, crusher=EVEN, options={"tie_break": "every_phase"}),
        DEFAULT,
    ),
    "initiative rolled": (lambda: _game(blade=EVEN, options={"initiative_roll": True}), DEFAULT),
    "a martial strike": (lambda: _game(MARTIAL, crusher={"cv": 6}), DEFAULT),
    "a Haymaker costing OCV": (
        lambda: _game({"maneuvers": {"haymaker": {"ocv": -2}}}, crusher={"stun_now": 14}),
        DEFAULT,
    ),
}


@pytest.mark.parametrize("variant", VARIANTS)
def test_lockstep_on_the_engines_dice(variant: str) -> None:
    """Issue 16 B, lockstep: 40 seeds per variant here (1,000 in benchmarks/kernels.py)."""
    game = VARIANTS[variant]()
    assert KERNEL.covers(game, BLOWS) is None
    assert lockstep(KERNEL, game, BLOWS, range(40)) == []


@pytest.mark.parametrize("variant", DEFAULT_VARIANTS)
def test_lockstep_with_the_default_ai(variant: str) -> None:
    """Issue 16 B, lockstep with the default AI: 60 seeds per variant here (1,000 in benchmarks/kernels.py)."""
    make, ai = DEFAULT_VARIANTS[variant]
    game = make()
    assert KERNEL.covers(game, ai) is None
    assert lockstep(KERNEL, game, ai, range(60)) == []


def test_a_strike_that_changes_the_strikers_dcv_is_played() -> None:
    """Issue 16 B: a Strike of a scenario's own numbers (DCV -2 until the striker's next place) changes the
    other's odds within the Phase; the kernel keeps it lane by lane (lockstep, trading blows)."""
    game = _game({"maneuvers": {"strike": {"dcv": -2}}})
    assert KERNEL.covers(game, BLOWS) is None
    assert lockstep(KERNEL, game, BLOWS, range(40)) == []


def test_the_default_ai_variants_reach_what_it_decides_on() -> None:
    """The engine's fights of the lockstep seeds do reach each of the default AI's choices: both Haymaker
    and Strike by both fighters, Aborts to a Dodge costing this Phase's place and the next's, a second
    Dodge before the dodger acts again — and the kernel covers those fights."""
    example = DEFAULT_VARIANTS["the example"][0]()
    assert KERNEL.covers(example, DEFAULT) is None
    fights = [engine_fight(example, DEFAULT, seed) for seed in range(60)]
    events = [e for f in fights for e in f.events]
    used = {(e.attacker, e.maneuver) for e in events if isinstance(e, AttackRoll)}
    assert used == {(f, m) for f in ("blade", "crusher") for m in ("strike", "haymaker")}
    assert any(isinstance(e, PhaseActionLost) and "aborted" in e.why for e in events)
    low = DEFAULT_VARIANTS["low STUN, cut off"][0]()
    assert KERNEL.covers(low, DEFAULT) is None
    assert any(engine_fight(low, DEFAULT, seed).state.cut_off for seed in range(60))
    tied = DEFAULT_VARIANTS["ties every Phase"][0]()
    aborts = {found for game in (low, tied) for seed in range(60) for found in _aborts(game, seed)}
    assert {costs for costs, _ in aborts} == {0, 1} and {1, 2} <= {dodges for _, dodges in aborts}


def _aborts(game: Game, seed: int) -> list[tuple[int, int]]:
    """Each Abort of the engine's fight on ``seed`` (default AI): the place it costs (0: this Phase's, 1:
    the next's) and how many Dodges its fighter has in force then (2 or more: it has not acted since the last)."""
    fight = Fight(game, seed=seed)
    policies = make_policies("phase3d6", DEFAULT, seed)
    found = []
    while not fight.is_over():
        seen = len(fight.events)
        fight.apply(policies[fight.side_of(fight.deciding()[0])].choose(fight))
        state = fight.state
        assert isinstance(state, Phase3d6State)
        for e in fight.events[seen:]:
            if isinstance(e, Aborted):
                found.append(
                    (e.costs_phase - state.order.round, state.fighters[e.actor].maneuvers.count("dodge"))
                )
    return found


def test_the_default_ai_duel_gives_the_engines_rows() -> None:
    """Issue 16 B, lockstep on ``sim``'s rows: each fight of a ``sim`` run of the example, replayed by the
    kernel, gives the engine's row (STUN dealt and taken, who went out and in which Phase)."""
    spec = sim_spec(load_scenario(DUEL), seed=3)
    assert rows_lockstep(KERNEL, spec, range(40)) == []


def test_the_default_ai_duel_wins_as_often_as_on_the_engine() -> None:
    """Issue 16 B, distribution (small N): with no exact odds for the default AI, 20,000 kernel fights
    against 400 engine fights, within 4 standard errors of the difference (10^6 against 10^5 in
    benchmarks/kernels.py)."""
    spec = sim_spec(load_scenario(DUEL), seed=5)
    assert abs(win_gap(KERNEL, spec, "heroes", 20_000, 400, 1)) < 4


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


def test_the_kernel_is_registered_and_chosen_for_the_examples() -> None:
    assert kernel_named("phase3d6-duel").covers(_game(), BLOWS) is None
    duel = load_scenario(DUEL)
    assert (
        kernel_named("phase3d6-duel").covers(get_system("phase3d6").new_game(duel.game.setup), DEFAULT)
        is None
    )


@pytest.mark.parametrize(
    ("setup", "changes", "ai", "reason"),
    [
        ({}, {}, {"heroes": "random", "thugs": "default"}, "the AI 'random'"),
        ({}, {"crusher": {"at": [3, 1]}}, BLOWS, "not two adjacent enemies"),
        (
            {},
            {"options": {"max_rounds": 5000}},
            BLOWS,
            "max_rounds 5000 would let a fight outlast sim's 100,000",
        ),
        ({}, {"crusher": {"aware": False}}, BLOWS, "crusher starts unaware"),
        ({}, {"blade": {"prone": True}}, BLOWS, "blade starts prone"),
        ({}, {"crusher": {"stun_now": 0}}, BLOWS, "crusher starts out of the fight"),
        (
            {"weapons": {"axe": {"kind": "melee", "damage": "4d6kh3"}}},
            {"crusher": {"weapons": ["axe"]}},
            BLOWS,
            "axe's damage 4d6kh3 keeps",
        ),
        (
            {"weapons": {"ram": {"kind": "melee", "damage": "100d6"}}},
            {"crusher": {"weapons": ["ram"]}},
            BLOWS,
            "ram's damage 100d6 with the strike has more than 65,536 totals",
        ),
        (
            {"maneuvers": {"strike": {"effects": ["disarm"]}}},
            {},
            BLOWS,
            "the strike manoeuvre has special effects",
        ),
        # The default AI: what it might do that the kernel does not play.
        (
            {},
            {"blade": {"at": [0, 1], "reach": 3}, "crusher": {"at": [3, 1], "reach": 3}},
            DEFAULT,
            "blade stands 3 hexes from crusher: low on STUN, the default AI would Take a Recovery",
        ),
        (
            {"weapons": {"javelin": {"kind": "ranged", "damage": "2d6", "range": 3}}},
            {"crusher": {"weapons": ["javelin", "fists"]}},
            DEFAULT,
            "crusher's default AI attacks with javelin, not its basic melee weapon fists",
        ),
        (
            {},
            {"blade": {"weapons": ["sword", "fists"], "drawn": "fists"}},
            DEFAULT,
            "blade has empty hands and a weapon to draw",
        ),
        ({"maneuvers": {"dodge": {"effects": ["block"]}}}, {}, DEFAULT, "the Dodge keeps a guard"),
        ({"maneuvers": {"dodge": {"dcv": -1}}}, {}, DEFAULT, "a second Dodge changes the DCV"),
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
