"""Issue 14 point 11: hand-computed edges (negative odd values, zero, one) of every rounding, sign and clamping
helper the Star Rangers engine shares with its exact odds, so that changing a rounding fails a test: half the
attack bonus (rule 22 (9)), the ability modifier (rule 19), flat-footed Defense (rule 4, B9), the maximum range
(rule 20), the minimum damage, the critical-failure entry (B2) and half damage to oneself (rule 22 (2))."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tactica.engine import Action, Fight
from tactica.systems.srb import attacks, odds
from tactica.systems.srb.sheet import modifier
from tests.systems.srb.helpers import duel, fighter, fs, fumbles, new_fight, of, offered, rolls, why

#: A 9 x 3 open map (row 1 is the line of fire).
ROW = "\n".join([" ".join(["."] * 9)] * 3)


def exact(fight: Fight, text: str) -> dict[str, Fraction]:
    """The exact odds of an attack as P(outcome class)."""
    found = odds.exact_fractions(fight.game, fight.state, fight.normalize(Action.parse(text)))  # type: ignore[arg-type]
    assert found is not None
    out: dict[str, Fraction] = {}
    for r, p in found.items():
        out[r.outcome] = out.get(r.outcome, Fraction(0)) + p
    return out


@pytest.mark.parametrize(("bonus", "halved"), [(-4, -2), (-3, -1), (-1, 0), (0, 0), (1, 0), (3, 1), (4, 2)])
def test_srb_22_9_half_the_attack_bonus_rounds_toward_zero(bonus: int, halved: int) -> None:
    """Rule 22 (9) (seed l.232-233 "use half normal attack bonus"), docs "rounded toward zero": -3 halves
    to -1 (not -2), -1 and +1 to 0."""
    assert attacks.half(bonus) == halved


def test_srb_22_9_a_random_attack_at_half_of_minus_three() -> None:
    """Rule 22 (9), seed l.233: ana (STR 5, -3) fumbles a knife thrust; the random attack on orc goes at
    half of -3 = -1: d20 11 - 1 = 10 meets Defense 10 (with -2 it would miss)."""
    fight = duel(dice=[1, 9, 11, 2], a={"str": 5, "weapons": ["knife"]})
    events = fight.apply("ana attack orc")
    assert rolls(events)[1] == ("ana", "orc", "random", 11, -1, 10, 10, True)
    assert fs(fight, "orc").hp == 18


@pytest.mark.parametrize(("bonus", "hits"), [(-3, 10), (-1, 11), (0, 11), (1, 11), (3, 12)])
def test_srb_22_9_the_odds_of_a_random_attack_at_half_the_bonus(bonus: int, hits: int) -> None:
    """Rule 22 (9) in the exact odds: against Defense 10 a random attack at half of -3 (-1) hits on 11-20
    (10 in 20), at half of -1, 0 or +1 (0) on 10-20 (11), at half of +3 (+1) on 9-20 (12)."""
    fight = duel(a={"weapons": ["knife"]})
    ana = fight.state.fighters["ana"]  # type: ignore[attr-defined]
    knife = fight.game.weapons["knife"]  # type: ignore[attr-defined]
    dist = odds.unaimed(fight.game, ana, knife, bonus, 10)  # type: ignore[arg-type]
    assert dist[0] == 1 - Fraction(hits, 20)


@pytest.mark.parametrize(("score", "mod"), [(1, -5), (7, -2), (8, -1), (9, -1), (10, 0), (11, 0), (12, 1)])
def test_srb_19_the_ability_modifier_rounds_down(score: int, mod: int) -> None:
    """Rule 19 (d20 Modern): the modifier is (score - 10) / 2 rounded down: 9 gives -1, 7 gives -2, 11
    gives 0."""
    assert modifier(score) == mod


def test_srb_19_strength_9_is_minus_one_on_the_attack_roll_and_in_the_odds() -> None:
    """Rule 19 (seed l.126 "Base attack bonus + Strength modifier"): STR 9 is -1: d20 10 - 1 = 9 misses
    Defense 10; the exact odds miss on 2-10 (9 in 20; 8 with a modifier of 0)."""
    fight = duel(dice=[10], a={"str": 9, "weapons": ["knife"]})
    assert exact(fight, "ana attack orc with knife")["miss"] == Fraction(9, 20)
    events = fight.apply("ana attack orc")
    assert of(events, "SrbAttackRolled")[0].detail == "STR -1"
    assert rolls(events)[0][4:] == (-1, 9, 10, False)


def test_srb_4_flat_footed_keeps_a_dexterity_penalty() -> None:
    """Rule 4, B9 (d20 Modern): flat-footed Defense loses a DEX *bonus* only: orc, unaware with DEX 8 (-1),
    has Defense 9 (not 10): d20 9 hits; the exact odds miss only on 2-8 (7 in 20)."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), weapons=["knife"]),
        fighter("orc", "blue", (3, 2), aware=False, dex=8),
        dice=[9, 2],
    )
    assert exact(fight, "ana attack orc with knife")["miss"] == Fraction(7, 20)
    assert rolls(fight.apply("ana attack orc"))[0][4:] == (0, 9, 9, True)


def dart_at(x: int) -> Fight:
    """ana with a dart (thrown, 2 m increment) at (0, 1), orc at (x, 1)."""
    dart = {"dart": {"kind": "thrown", "category": "thrown", "damage": "1d3", "increment_m": 2}}
    ana = fighter("ana", "red", (0, 1), weapons=["dart"])
    return new_fight(ana, fighter("orc", "blue", (x, 1)), text=ROW, weapons=dart)


def test_srb_20_maximum_range_rounds_down_to_whole_squares() -> None:
    """Rule 20 (seed l.142 "a maximum range of 5 range increments"): a dart of 2 m reaches 10 m, 6 whole
    squares (9 m); a target 7 squares (10.5 m) away is beyond it."""
    assert "ana attack orc with dart" in offered(dart_at(6), "attack")
    assert "maximum range of 5 increments (9 m)" in why(dart_at(7), "ana attack orc with dart")


def test_srb_damage_is_at_least_one_in_the_engine_and_the_odds() -> None:
    """Damage is at least 1 (d20 Modern; docs "damage is at least 1"): a cudgel of 1d4 - 3 deals 1 on
    every face, and every hit of the exact odds harms 1."""
    cudgel = {"cudgel": {"kind": "melee", "category": "melee", "damage": "1d4-3"}}
    fight = duel(dice=[15, 1], a={"weapons": ["cudgel"]}, weapons=cudgel)
    found = odds.exact_fractions(fight.game, fight.state, Action("ana", "attack", "orc", using="cudgel"))  # type: ignore[arg-type]
    assert found is not None
    assert {r.harm for r in found if r.outcome == "hit"} == {1.0}
    assert [e.amount for e in of(fight.apply("ana attack orc"), "SrbDamageDealt")] == [1]


def test_srb_b2_a_negative_modifier_stops_at_entry_one() -> None:
    """B2, option fumble_modifier -5: a table roll of 3 - 5 counts as entry 1 (attack self, full damage),
    not as no entry; in the odds faces 1-6 all reach entry 1 (6 in 20)."""
    fight = duel(dice=[1, 3, 2], a={"weapons": ["knife"]}, options={"fumble_modifier": -5})
    assert odds.entries(fight.game)[1] == Fraction(6, 20)  # type: ignore[arg-type]
    assert fumbles(fight.apply("ana attack orc")) == [(1, "attack self: full damage")]
    assert fs(fight, "ana").hp == 18


def test_srb_22_2_half_of_one_damage_to_oneself_is_one() -> None:
    """Rule 22 (2) (seed l.204 "Deal half damage to self"), docs "rounded down, at least 1": a knife's 1
    halves to 1, not 0."""
    fight = duel(dice=[1, 2, 1], a={"weapons": ["knife"]})
    assert fumbles(fight.apply("ana attack orc")) == [(2, "attack self: half damage")]
    assert fs(fight, "ana").hp == 19
