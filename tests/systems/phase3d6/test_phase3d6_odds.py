"""Exact odds of one Phase 3d6 attack against sampled engine resolutions (issue 6): rules 4-6, 13, 21, E1-E2
and E12, through the same helpers the resolution uses."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tactica.analysis import action_odds, sampled_odds
from tactica.dice import SeededDice
from tactica.engine import Action, Fight, Resolution
from tactica.systems import get_system
from tactica.systems.phase3d6 import odds
from tactica.testing.odds import check_odds
from tests.systems.phase3d6.helpers import fighter, new_fight, pass_until, play, setup

SAMPLES = 20_000


def _fight(options: dict[str, object] | None = None, **orc: object) -> Fight:
    """ana (CV 3, club 3d6) strikes orc (CV 3, PD 2, STUN 12) next to it; seeded dice."""
    data = setup(
        fighter("ana", "red", (2, 2), weapons=["club"]),
        fighter("orc", "blue", (3, 2), **{"pd": 2, "stun": 12, **orc}),
        options=options,
    )
    return Fight.new(get_system("phase3d6"), data, dice=SeededDice(3))


@pytest.mark.parametrize("samples", [20_000, pytest.param(100_000, marks=pytest.mark.slow)])
def test_basic_attack_matches_engine_resolutions(samples: int) -> None:
    """Phase 3d6 5 (E2): 3d6 + OCV against 10 + DCV, club 3d6 less PD 2; orc does not Abort (rule 21)."""
    exact, _ = check_odds(_fight(), "ana attack orc", ["orc pass"], samples=samples)
    assert exact.exact and set(exact.classes()) == {"miss", "hit", "knocked out"}


def test_hand_computed_equal_combat_values() -> None:
    """Phase 3d6 5 / E2: OCV 3 against DCV 3 hits on 3d6 >= 10, 135/216 = 0.625; fists 2d6 with PD 0:
    the harm is the 2d6 total, mean 7 * 0.625."""
    fight = new_fight(fighter("ana", "red", (2, 2)), fighter("orc", "blue", (3, 2)))
    result = action_odds(fight, "ana attack orc", ["orc pass"])
    assert result.exact
    assert result.classes() == pytest.approx({"miss": 81 / 216, "hit": 135 / 216})
    assert result.harm()[2.0] == pytest.approx(0.625 / 36)
    assert result.harm()[7.0] == pytest.approx(0.625 * 6 / 36)
    assert result.mean_harm() == pytest.approx(7 * 0.625)
    assert odds.hit_chance(fight.game, 3, 3) == Fraction(135, 216)


def test_option_hit_on_equal_changes_the_odds_and_the_engine_agrees() -> None:
    """E2 (option hit_on_equal false): the total must beat 10 + DCV: 3d6 >= 11 is 1/2, not 5/8."""
    fight = _fight({"hit_on_equal": False})
    exact, _ = check_odds(fight, "ana attack orc", ["orc pass"], samples=SAMPLES)
    assert exact.classes()["miss"] == pytest.approx(0.5)


def test_auto_hit_miss_option() -> None:
    """Rule 6 (option auto_hit_miss): a 3 always hits, an 18 always misses: OCV 3 against DCV 12."""
    plain = action_odds(_fight(dcv=12), "ana attack orc", ["orc pass"])
    auto = action_odds(_fight({"auto_hit_miss": True}, dcv=12), "ana attack orc", ["orc pass"])
    assert plain.classes() == {"miss": 1.0}  # 3d6 + 3 never reaches 22
    assert 1 - auto.classes()["miss"] == pytest.approx(1 / 216)  # but a 3 always hits


def test_dodge_abort_adds_3_dcv() -> None:
    """Rule 21, manoeuvre table: an Abort to Dodge (DCV +3): OCV 3 against DCV 6 hits on 3d6 >= 13."""
    result = action_odds(_fight(), "ana attack orc", ["orc abort +dodge"])
    assert result.classes()["miss"] == pytest.approx(1 - 56 / 216)


def test_block_stops_first_and_the_engine_agrees() -> None:
    """Rule 21, manoeuvre table: a Block rolls 3d6 + its OCV against 10 + the attacker's OCV first."""
    exact, _ = check_odds(_fight(), "ana attack orc", ["orc abort +block"], samples=SAMPLES)
    assert exact.classes()["blocked"] == pytest.approx(0.625)


def test_haymaker_on_a_roll_with_a_punch_and_the_engine_agrees() -> None:
    """Rule 13 / manoeuvre table: Haymaker +4d6; Roll With A Punch (DCV -2) halves STUN and BODY after PD."""
    exact, _ = check_odds(
        _fight(stun=30, body=12),
        "ana attack orc +haymaker",
        ["orc abort +roll-with-a-punch"],
        samples=SAMPLES,
    )
    assert exact.classes()["miss"] == pytest.approx(35 / 216)  # DCV 3 - 2: 3d6 + 3 >= 11
    assert max(exact.harm()) == (3 * 6 + 4 * 6 - 2) // 2


def test_stunned_and_surprise_penalty_and_the_engine_agrees() -> None:
    """E1 (option hero_stunned): STUN over CON Stuns; rule 4 / E12: the unaware defend at DCV -3 in the
    Surprise Phase and cannot Abort."""
    fight = _fight({"hero_stunned": True}, con=6, aware=False, stun=20)
    exact, _ = check_odds(fight, "ana attack orc", [], samples=SAMPLES)
    assert exact.classes()["miss"] == pytest.approx(20 / 216)  # 3d6 + 3 >= 10 + DCV 0
    assert exact.classes()["stunned"] > 0.3


def test_disarm_class() -> None:
    """Manoeuvre table: a Disarm that hits makes a weapon drop and takes no STUN."""
    result = action_odds(_fight(weapons=["club"]), "ana attack orc +disarm", ["orc pass"])
    assert result.classes() == pytest.approx({"miss": 1 - 81 / 216, "disarmed": 81 / 216})
    assert result.mean_harm() == 0


def test_opportunity_and_resolution_agree() -> None:
    """Rules 9-10: an attack of opportunity has exact odds too; ``resolution`` reads the same classes."""
    fight = _fight()
    play(fight, "ana end")
    fight.apply("orc move @5,2")
    assert fight.deciding() == ["ana"]
    exact, _ = check_odds(fight, "ana opportunity orc", ["orc pass"], samples=2_000)
    assert exact.exact


def test_a_readied_attack_that_fires_first_falls_back_to_monte_carlo() -> None:
    """Rule 20: orc's readied attack fires before ana's attack lands: not modelled exactly; sampled."""
    fight = _fight(stun=30)
    play(fight, "ana end", "orc ready +attacks")
    pass_until(fight, "ana")
    action = Action.parse("ana attack orc with club")
    then = ["orc fire", "ana pass", "orc pass"]
    result = action_odds(fight, action, then, samples=2_000)
    assert not result.exact and result.samples == 2_000
    low, high = result.class_interval("miss")
    assert low < 0.375 < high
    assert sampled_odds(fight, action, then, samples=10).samples == 10


def test_then_must_answer_every_decision() -> None:
    """Without orc's answer to the Abort offer the attack is not rolled: no exact odds."""
    fight = _fight()
    game, state = fight.game, fight.state
    assert odds.exact_odds(game, state, Action.parse("ana attack orc with club"), []) is None
    assert odds.resolution(game, Action.parse("ana end"), []) is None
    assert Resolution("miss", 0.0) in (
        odds.exact_odds(game, state, fight.normalize("ana attack orc"), [Action.parse("orc pass")]) or {}
    )


def test_a_damage_constant_adds_stun_not_body_and_the_engine_agrees() -> None:
    """E1 (HERO normal damage): a weapon of 2d6+3 deals the dice total + 3 STUN, BODY from the dice only;
    the exact odds follow the engine (PD 0: the least STUN on a hit is 2 + 3 = 5)."""
    data = setup(
        fighter("ana", "red", (2, 2), weapons=["knuckles"]),
        fighter("orc", "blue", (3, 2), stun=40),
        weapons={"knuckles": {"kind": "melee", "damage": "2d6+3"}},
    )
    fight = Fight.new(get_system("phase3d6"), data, dice=SeededDice(5))
    exact, _ = check_odds(fight, "ana attack orc", ["orc pass"], samples=SAMPLES)
    hurt = [h for h in exact.harm() if h > 0]
    assert min(hurt) == 5 and max(hurt) == 15
    assert odds.damage_table("2d6+3")[(5, 0)] == Fraction(1, 36)
