"""Exact odds of a Phase 3d6 duel (issue 6 item 6): two adjacent melee fighters trading blows, by dynamic
programming over their STUN, BODY and Stunned, against fights played by the engine with the same policy."""

from __future__ import annotations

import math
from typing import Any

import pytest

from tactica.ai import run_fight
from tactica.dice import ScriptedDice, SeededDice
from tactica.engine import Fight
from tactica.systems import get_system
from tactica.systems.phase3d6 import duel
from tactica.systems.phase3d6.duel import TradingBlowsPolicy, duel_odds
from tests.systems.phase3d6.helpers import fighter, play, setup


def _duel(options: dict[str, Any] | None = None, initiative: Any = None, **sheets: dict[str, Any]) -> Fight:
    data = setup(
        fighter("ana", "red", (2, 2), **sheets.get("ana", {})),
        fighter("orc", "blue", (3, 2), **sheets.get("orc", {})),
        options=options,
        initiative=initiative,
    )
    return Fight.new(get_system("phase3d6"), data, seed=1)


def _within(fight: Fight, fights: int, sigmas: float = 4.0) -> dict[str | None, float]:
    exact = fight.system.duel_odds(fight.game, fight.state)
    assert exact is not None and sum(exact.values()) == pytest.approx(1.0)
    counts: dict[str | None, int] = {k: 0 for k in exact}
    policy = TradingBlowsPolicy(0)
    for i in range(fights):
        played = fight.clone(dice=SeededDice(1000 + i))
        outcome = run_fight(played, {"red": policy, "blue": policy})
        assert outcome is not None
        counts[outcome.winner] += 1
    for side, p in exact.items():
        se = math.sqrt(max(p * (1 - p), 1e-9) / fights)
        assert abs(counts[side] / fights - p) <= sigmas * se, (side, p, counts)
    return dict(exact)


def test_dp_matches_3000_fights_played_by_the_engine() -> None:
    """Rules 1-3, 5, E1, E10: Phases in initiative order, 3d6 + OCV against 10 + DCV, STUN less PD, the
    Post-Turn Recovery, the end when one is out: the DP's win rates against 3,000 engine fights."""
    fight = _duel(
        ana={"weapons": ["club"], "pd": 2, "stun": 20, "cv": 4},
        orc={"weapons": ["club"], "pd": 2, "stun": 24, "rec": 5},
    )
    exact = _within(fight, 3_000)
    assert 0.55 < exact["red"] < 0.8


def test_hand_checkable_one_turn() -> None:
    """Any hit knocks out (STUN 1); OCV 3 against DCV 3 hits with p = 5/8; ana strikes first; one Turn
    (4 Phases) then a draw: ana wins p(1 + q + q^2 + q^3) with q = (3/8)^2, orc (3/8)p(...), draw q^4."""
    fight = _duel({"max_rounds": 1}, ana={"stun": 1}, orc={"stun": 1})
    p, q = 5 / 8, (3 / 8) ** 2
    series = 1 + q + q * q + q**3
    assert duel_odds(fight.game, fight.state) == pytest.approx(
        {"red": p * series, "blue": 3 / 8 * p * series, None: q**4}
    )


def test_product_and_matrix_dp_agree() -> None:
    """Without hero_stunned the fighters' states are independent: the product DP equals the matrix DP."""
    fight = _duel(ana={"stun": 14, "rec": 6}, orc={"stun": 16, "cv": 4, "pd": 1})
    alone = duel_odds(fight.game, fight.state, coupled=False)
    joint = duel_odds(fight.game, fight.state, coupled=True)
    assert alone is not None and joint is not None
    assert alone == pytest.approx(joint, abs=1e-12)


def test_stunned_surprise_and_ties_against_engine_fights() -> None:
    """E1 (hero_stunned: STUN over CON Stuns, half DCV, a full Phase to recover), rule 4 (the Surprise
    Phase: the unaware act not and defend at DCV -3), E13 (ties re-rolled every Phase)."""
    stunned = _duel(
        {"hero_stunned": True, "max_rounds": 4},
        ana={"weapons": ["club"], "stun": 16, "body": 8, "con": 7, "cv": 4},
        orc={"weapons": ["club"], "stun": 18, "body": 8, "con": 8, "aware": False},
    )
    _within(stunned, 800)
    ties = _duel(
        {"tie_break": "every_phase", "max_rounds": 2},
        initiative={"ana": 5, "orc": 5},
        ana={"stun": 14, "body": 8},
        orc={"stun": 12, "body": 8, "cv": 4},
    )
    _within(ties, 800)


def test_mid_phase_states_and_the_end() -> None:
    """Issue 14 point 12: the DP starts from the current state. ana's scripted Strike misses ([1 1 1]); her
    attack action is spent, so from the middle of her place (and after her 'end') orc strikes next, then
    Phases 2-4 with ana first: orc wins p(1 + q + q^2 + q^3), ana (3/8)p(1 + q + q^2), a draw (3/8)q^3,
    q = (3/8)^2. A fight ended by a hit ([6 6 6]) is certain."""
    fight = _duel({"max_rounds": 1}, ana={"stun": 1}, orc={"stun": 1}).clone(dice=ScriptedDice([1, 1, 1]))
    play(fight, "ana attack orc", "orc pass")
    assert not fight.is_over() and fight.state.acting == "ana"
    p, q = 5 / 8, (3 / 8) ** 2
    expected = {"blue": p * (1 + q + q * q + q**3), "red": 3 / 8 * p * (1 + q + q * q), None: 3 / 8 * q**3}
    assert duel_odds(fight.game, fight.state) == pytest.approx(expected)
    play(fight, "ana end")
    assert duel_odds(fight.game, fight.state) == pytest.approx(expected)
    ended = _duel({"max_rounds": 1}, ana={"stun": 1}, orc={"stun": 1}).clone(
        dice=ScriptedDice([6, 6, 6, 2, 2])
    )
    play(ended, "ana attack orc", "orc pass")
    assert ended.is_over() and ended.outcome().winner == "red"
    assert duel_odds(ended.game, ended.state) == {"red": 1.0, "blue": 0.0, None: 0.0}


def test_not_a_duel() -> None:
    """None: three fighters, fighters apart, no melee attack, a decision pending."""
    three = Fight.new(
        get_system("phase3d6"),
        setup(fighter("a", "red", (0, 0)), fighter("b", "blue", (1, 0)), fighter("c", "blue", (5, 4))),
    )
    assert duel_odds(three.game, three.state) is None
    apart = Fight.new(
        get_system("phase3d6"), setup(fighter("a", "red", (0, 0)), fighter("b", "blue", (3, 0)))
    )
    assert duel_odds(apart.game, apart.state) is None
    data = setup(fighter("a", "red", (0, 0), weapons=["pistol"]), fighter("b", "blue", (1, 0)), weapons={})
    gun = Fight.new(get_system("phase3d6"), data)
    assert duel_odds(gun.game, gun.state) is None
    waiting = _duel()
    waiting.apply("ana attack orc")
    assert waiting.state.pending and duel_odds(waiting.game, waiting.state) is None
    assert duel.basic_weapon(gun.game, gun.state.fighters["a"]) is None


def test_trading_blows_policy_only_strikes_and_passes() -> None:
    """The policy: a plain Strike on its place, 'end' after it, 'pass' to every decision; legal always."""
    fight = _duel()
    policy = TradingBlowsPolicy(3)
    seen = set()
    for _ in range(40):
        if fight.is_over():
            break
        action = policy.choose(fight)
        assert action in fight.legal_actions()
        seen.add(action.verb if action.verb != "attack" else str(action))
        fight.apply(action)
    assert seen <= {"ana attack orc with fists", "orc attack ana with fists", "end", "pass"}


def test_the_duel_model_takes_post_turn_recoveries_after_every_phase_4() -> None:
    """Phase 3d6 1 (seed l.1, "4 Phases make up 1 Turn ... After every Phase 4, before the next Turn
    begins, there is a "Post-Turn" period"): the exact duel's phases 1-13 (0 is a Surprise Phase) have a
    Post-Turn after Phases 4, 8 and 12 (issue 14 point 13: a mutant with only one, after Phase 13, passed
    the fast tests)."""
    assert [phase for phase in range(14) if duel._post_after(phase)] == [4, 8, 12]
