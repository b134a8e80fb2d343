"""Star Rangers odds (issue 6): the exact distribution of an attack's outcome (rules 13, 17-23; rulings B2-B4,
B9) against the engine's own resolutions, hand-computed figures, rule options that change the odds, the
common modifiers, the critical-failure entries that can still hurt the target, and the Monte Carlo
fallback."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from tactica.analysis.odds import action_odds, resolve_once, sampled_odds
from tactica.dice import ScriptedDice, SeededDice
from tactica.engine import Action, Fight, Resolution, TacticaError
from tactica.systems.srb import odds
from tactica.testing.odds import check_odds, deviations
from tests.systems.srb.helpers import duel, fighter, new_fight

#: A 12 x 5 open map.
WIDE = "\n".join([" ".join(["."] * 12)] * 5)


def exact(fight: Fight, text: str) -> dict[Resolution, Fraction]:
    """The exact odds as fractions (the action in its written form)."""
    action = fight.normalize(Action.parse(text))
    found = odds.exact_fractions(fight.game, fight.state, action)  # type: ignore[arg-type]
    assert found is not None
    assert sum(found.values()) == 1
    return found


def classes(found: dict[Resolution, Fraction]) -> dict[str, Fraction]:
    out: dict[str, Fraction] = {}
    for r, p in found.items():
        out[r.outcome] = out.get(r.outcome, Fraction(0)) + p
    return out


def harm_of(found: dict[Resolution, Fraction], outcome: str) -> dict[float, Fraction]:
    return {r.harm: p for r, p in found.items() if r.outcome == outcome}


def shot(**options: Any) -> Fight:
    """vex (raider: pistol 2d6, BAB +1, DEX +1) at (1, 1); rook (Defense 13) 6 squares = 9 m away, exactly
    one increment (-2, B4); gob beside rook, also in the cone toward it (critical failure 9)."""
    return new_fight(
        {"id": "vex", "side": "red", "at": [1, 1], "template": "raider"},
        {"id": "rook", "side": "blue", "at": [7, 1], "template": "raider"},
        {"id": "gob", "side": "blue", "at": [7, 2], "template": "raider"},
        text=WIDE,
        options=options,
    )


@pytest.mark.parametrize("samples", [20_000, pytest.param(100_000, marks=pytest.mark.slow)])
def test_srb_17_22_a_pistol_shot_matches_engine_resolutions(samples: int) -> None:
    """Star Rangers 17-22: the exact odds of a basic shot (range penalty, natural 1 and 20, confirmation,
    the critical-failure table with a random attack that may pick the target) agree with 20,000 shots
    resolved by the engine, 100,000 in make long (every outcome class, every amount of harm and the mean
    within 4 SE)."""
    exact_odds, sampled = check_odds(shot(), "vex attack rook", samples=samples)
    assert exact_odds.exact and sampled.samples == samples
    assert set(exact_odds.classes()) == {"miss", "hit", "critical hit", "fumble"}


def test_srb_17_18_hand_computed_odds_of_a_knife_thrust() -> None:
    """Star Rangers 17-18, 22 (9), B3: BAB +0, STR +0, knife 1d4 against Defense 10: a hit on 10-19 and on
    a natural 20 (P(hit or critical) = 11/20); a threat is confirmed on 10+ (11/20), so P(critical) =
    11/400 and P(hit) = 10/20 + 1/20 x 9/20 = 209/400; a fumble (1/20) hurts orc only on entry 9 (1/20), a
    random attack on the one adjacent combatant at half the bonus (+0: 11/20)."""
    found = exact(duel(a={"weapons": ["knife"]}), "ana attack orc with knife")
    assert classes(found) == {
        "miss": Fraction(8, 20),
        "hit": Fraction(209, 400),
        "critical hit": Fraction(11, 400),
        "fumble": Fraction(1, 20),
    }
    quarter = Fraction(1, 4)
    assert harm_of(found, "hit") == {float(h): Fraction(209, 400) * quarter for h in range(1, 5)}
    two_d4 = {2: 1, 3: 2, 4: 3, 5: 4, 6: 3, 7: 2, 8: 1}
    assert harm_of(found, "critical hit") == {float(h): Fraction(11, 400) * n / 16 for h, n in two_d4.items()}
    random_hit = Fraction(1, 20) * Fraction(1, 20) * Fraction(11, 20)
    assert harm_of(found, "fumble") == {
        0.0: Fraction(1, 20) - random_hit,
        **{float(h): random_hit * quarter for h in range(1, 5)},
    }
    mean = sum(Fraction(r.harm) * p for r, p in found.items())
    assert mean == Fraction(209, 400) * Fraction(5, 2) + Fraction(11, 400) * 5 + random_hit * Fraction(5, 2)


def test_srb_b3_option_critical_confirm_changes_the_odds_and_the_engine_agrees() -> None:
    """B3, options critical_confirm and critical_multiplier: with no confirmation every natural 20 is a
    critical (1/20), rolling the dice 3 times (3d4, mean 7.5)."""
    fight = duel(a={"weapons": ["knife"]}, options={"critical_confirm": False, "critical_multiplier": 3})
    found = exact(fight, "ana attack orc with knife")
    assert classes(found)["critical hit"] == Fraction(1, 20)
    assert classes(found)["hit"] == Fraction(10, 20)
    critical = harm_of(found, "critical hit")
    assert min(critical) == 3 and max(critical) == 12
    assert sum(Fraction(h) * p for h, p in critical.items()) * 20 == Fraction(15, 2)
    check_odds(fight, "ana attack orc with knife", samples=20_000)


def test_srb_b4_option_range_penalty_changes_the_odds_and_the_engine_agrees() -> None:
    """B4, option range_penalty: at exactly one increment the literal reading is -2 (hit on 13+: 8/20),
    ceil_minus_one no penalty (hit on 12+: 9/20, as d20 + 2 meets 13 from 11)."""
    floor = classes(exact(shot(), "vex attack rook"))
    ceil = classes(exact(shot(range_penalty="ceil_minus_one"), "vex attack rook"))
    assert floor["miss"] == Fraction(11, 20)
    assert ceil["miss"] == Fraction(9, 20)
    check_odds(shot(range_penalty="ceil_minus_one"), "vex attack rook", samples=20_000)


def modifier_fights() -> dict[str, tuple[Fight, str, Fraction]]:
    """A fight, an attack and its exact P(miss) for each common modifier."""
    surprise = new_fight(
        fighter("ana", "red", (2, 2), weapons=["machete"], bab=2),
        fighter("orc", "blue", (3, 2), aware=False, dex=14, class_defense=4),
    )
    return {
        # rule 4, B9: unaware and flat-footed: Defense 14 without DEX +2 (not 16); d20 + 2 misses on 2-11
        "flat-footed": (surprise, "ana attack orc with machete", Fraction(10, 20)),
        # d20 Modern prone: -4 Defense against melee (10 -> 6): d20 + 0 misses on 2-5
        "prone target": (duel(b={"prone": True}), "ana attack orc", Fraction(4, 20)),
        # rule 21: a Large attacker (-1 to attack) against a Small one (+1 Defense): 11 to hit at -1, miss
        # on 2-11
        "size": (
            duel(a={"template": "brute"}, b={"length_m": 1.0}),
            "ana attack orc with pike",
            Fraction(10, 20),
        ),
        # rule 13: Heavy melee, +2 damage (the knockback is not harm)
        "heavy melee": (
            duel(a={"weapons": ["machete"], "str": 14}),
            "ana heavy-melee orc with machete",
            Fraction(6, 20),
        ),
        # a touch power ignores the equipment bonus (Defense 10 + 0 instead of 16); DEX +2, range 0
        "touch power": (
            duel(
                a={"powers": ["shock-bolt"], "resources": {"tech": 4}, "dex": 14}, b={"equipment_defense": 6}
            ),
            "ana attack orc with shock-bolt",
            Fraction(6, 20),
        ),
        # tired (critical failure 5): -2 STR, so STR 11 -> 9: -1 to attack and damage
        "tired": (
            duel(a={"weapons": ["knife"], "str": 11, "tired": True}),
            "ana attack orc with knife",
            Fraction(9, 20),
        ),
    }


@pytest.mark.parametrize("name", list(modifier_fights()))
def test_srb_19_21_common_modifiers_in_the_exact_odds_and_the_engine_agrees(name: str) -> None:
    """Star Rangers 4, 13, 19, 21, B9: flat-footed Defense, prone, size, Heavy melee's +2 damage, touch
    powers and 'tired' are in the exact odds, and 20,000 engine resolutions agree."""
    fight, text, miss = modifier_fights()[name]
    assert classes(exact(fight, text)).get("miss", Fraction(0)) == miss
    exact_odds = action_odds(fight, text)
    sampled = sampled_odds(fight, text, samples=20_000, seed=3)
    assert deviations(exact_odds, sampled) == []


def test_srb_13_heavy_melee_adds_two_to_the_damage() -> None:
    """Star Rangers 13 (seed l.82 "Make a melee attack, +2 damage"), issue 14 point 3: Heavy melee deals
    +2 damage and STR 14 none (machete 1d8 + 2: 3-10, each 1/8 of the hits); with option strength_damage
    melee_and_thrown the STR modifier +2 too (5-12)."""
    fight = duel(a={"weapons": ["machete"], "str": 14})
    found = exact(fight, "ana heavy-melee orc with machete")
    hits = classes(found)["hit"]
    assert harm_of(found, "hit") == {float(h): hits / 8 for h in range(3, 11)}
    strong = duel(a={"weapons": ["machete"], "str": 14}, options={"strength_damage": "melee_and_thrown"})
    hit = harm_of(exact(strong, "ana heavy-melee orc with machete"), "hit")
    assert (min(hit), max(hit)) == (5.0, 12.0)


def test_srb_19_strength_adds_to_the_odds_of_hitting_not_to_the_damage() -> None:
    """Issue 14 point 3, Star Rangers 19 (seed l.130 "its modifier applies to melee attack rolls"): a knife
    with STR 16 (+3) against Defense 10 hits on 7-19 and a natural 20 (P(hit or critical) = 14/20); a hit
    deals 1d4 (1-4, not 4-7)."""
    found = exact(duel(a={"weapons": ["knife"], "str": 16}), "ana attack orc with knife")
    assert classes(found)["miss"] == Fraction(5, 20)
    hits = classes(found)["hit"]
    assert harm_of(found, "hit") == {float(h): hits / 4 for h in range(1, 5)}


def conditioned(fight: Fight, text: str, faces: list[int], samples: int) -> dict[float, float]:
    """The harm of ``samples`` engine resolutions whose first dice are ``faces`` (the rest seeded)."""
    rest = SeededDice(11)
    action = fight.normalize(Action.parse(text))
    counts: dict[float, float] = {}
    for _ in range(samples):
        found = resolve_once(fight.clone(dice=ScriptedDice(faces, then=rest)), action, [])
        assert found.outcome == "fumble"
        counts[found.harm] = counts.get(found.harm, 0) + 1 / samples
    return counts


def within(exact_dist: dict[int, Fraction], sampled: dict[float, float], samples: int) -> None:
    for amount in {*exact_dist, *map(int, sampled)}:
        p = float(exact_dist.get(amount, 0))
        error = (p * (1 - p) / samples) ** 0.5
        assert abs(sampled.get(float(amount), 0.0) - p) <= max(4 * error, 1e-12), amount


def test_srb_22_9_a_random_attack_may_pick_the_target() -> None:
    """Star Rangers 22 (9): a fumble's random attack picks one of those in the cone (rook or gob, 1/2)
    and attacks at half the bonus (+0 against 13: 8/20): the harm to rook, given entry 9, agrees with the
    engine."""
    fight = shot()
    vex, rook = fight.state.fighters["vex"], fight.state.fighters["rook"]  # type: ignore[attr-defined]
    w = fight.game.weapons["pistol"]  # type: ignore[attr-defined]
    dist = odds.random_attack(fight.game, fight.state, vex, w, rook, 0, 13)  # type: ignore[arg-type]
    assert dist[0] == 1 - Fraction(1, 2) * Fraction(8, 20)
    within(dist, conditioned(fight, "vex attack rook", [1, 9], 4000), 4000)


def test_srb_22_9_a_fumbled_heavy_melee_random_attack_in_the_odds() -> None:
    """Issue 14 point 7 (seed l.82 Heavy melee "+2 damage", l.233 "use half normal attack bonus"): knife
    Heavy melee against Defense 10: a fumble (1/20) is a random attack on orc, the only one adjacent, on
    entry 9 (1/20), hitting at half of +0 on 10+ (11/20) for 1d4 + 2 (3-6); option heavy_random_attack
    plain: 1d4 (1-4)."""
    random_hit = Fraction(1, 20) * Fraction(1, 20) * Fraction(11, 20)
    for options, low in (({}, 3), ({"heavy_random_attack": "plain"}, 1)):
        found = exact(duel(a={"weapons": ["knife"]}, options=options), "ana heavy-melee orc with knife")
        assert harm_of(found, "fumble") == {
            0.0: Fraction(1, 20) - random_hit,
            **{float(h): random_hit / 4 for h in range(low, low + 4)},
        }
    fight = duel(a={"weapons": ["knife"]})
    ana, orc = fight.state.fighters["ana"], fight.state.fighters["orc"]  # type: ignore[attr-defined]
    knife = fight.game.weapons["knife"]  # type: ignore[attr-defined]
    dist = odds.random_attack(fight.game, fight.state, ana, knife, orc, 0, 10, heavy=True)  # type: ignore[arg-type]
    within(dist, conditioned(fight, "ana heavy-melee orc with knife", [1, 9], 2000), 2000)


def test_srb_22_10_a_shotgun_multifire_may_meet_the_target() -> None:
    """Star Rangers 22 (10), 23: a multi-barrel gun's overheat: a d12 showing 1 fires the remaining barrel
    in a random direction; forward (1/3) it meets orc, attacked at half the bonus: agrees with the
    engine."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), weapons=["shotgun"], dex=14, bab=2),
        fighter("orc", "blue", (5, 2)),
        fighter("bo", "red", (2, 0)),
        text=WIDE,
    )
    ana, orc = fight.state.fighters["ana"], fight.state.fighters["orc"]  # type: ignore[attr-defined]
    w = fight.game.weapons["shotgun"]  # type: ignore[attr-defined]
    dist = odds.multifire(fight.game, fight.state, ana, w, orc, 4, 10)  # type: ignore[arg-type]
    assert dist is not None
    # half of +4 = +2 against Defense 10: a hit on 8+ (13/20)
    assert dist[0] == 1 - Fraction(1, 12) * Fraction(1, 3) * Fraction(13, 20)
    fired = {a: p * 12 for a, p in dist.items() if a}  # given the d12's 1
    fired[0] = 1 - sum(fired.values(), Fraction(0))
    within(fired, conditioned(fight, "ana attack orc", [1, 10, 1], 3000), 3000)
    check_odds(fight, "ana attack orc", samples=20_000)


def test_srb_b2_fail_badly_falls_back_to_a_monte_carlo_estimate() -> None:
    """B2, option fumble_die 21: entry 21 ('fail badly': 1d4 more rolls, every result applies) can chain a
    random attack after entries that moved or changed the attacker: no exact odds; the estimate is
    labelled, sampled and given with intervals around what the attack roll alone fixes (P(miss) = 8/20)."""
    fight = duel(a={"weapons": ["knife"]}, options={"fumble_die": 21})
    action = fight.normalize(Action.parse("ana attack orc with knife"))
    assert fight.system.exact_odds(fight.game, fight.state, action, []) is None
    estimate = action_odds(fight, action, samples=4000, seed=5)
    assert not estimate.exact and estimate.samples == 4000
    low, high = estimate.class_interval("miss")
    assert low < 0.4 < high and high - low < 0.04
    low, high = estimate.mean_harm_interval()
    assert low < estimate.mean_harm() < high
    assert estimate.to_dict()["method"] == "Monte Carlo estimate"


def test_srb_22_10_an_overheated_gun_falls_back_to_a_monte_carlo_estimate() -> None:
    """Star Rangers 22 (10): after an overheat, every later shot of a self-loading gun may cook off rounds
    in random directions: those shots are estimated."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), weapons=["pistol"]), fighter("orc", "blue", (5, 2)), dice=[1, 10]
    )
    fight.apply("ana attack orc")
    fight.apply("ana end")
    fight.apply("orc end")
    assert fight.state.fighters["ana"].gear["pistol"].overheated  # type: ignore[attr-defined]
    assert not action_odds(fight, "ana attack orc", samples=500).exact


def test_srb_odds_of_an_action_that_does_not_attack() -> None:
    """Only attacks have odds: moving reads no outcome."""
    fight = duel()
    assert odds.exact_fractions(fight.game, fight.state, Action.parse("ana move @2,3")) is None  # type: ignore[arg-type]
    with pytest.raises(TacticaError, match="no outcome"):
        action_odds(fight, "ana move @2,3", samples=10)


@pytest.mark.parametrize(
    ("dice", "expected"),
    [
        ([20, 15, 2, 3], Resolution("critical hit", 5.0)),
        ([20, 1, 2], Resolution("hit", 2.0)),
        ([9], Resolution("miss", 0.0)),
        ([1, 12], Resolution("fumble", 0.0)),
        ([1, 1, 3], Resolution("fumble", 0.0)),  # entry 1: ana hurts itself, not orc
        ([1, 9, 10, 2], Resolution("fumble", 2.0)),  # entry 9: the random attack picks orc and hits
    ],
)
def test_srb_17_22_resolution_read_from_the_events(dice: list[int], expected: Resolution) -> None:
    """Star Rangers 17-22: the outcome class and the harm to the target, read from one attack's events."""
    fight = duel(dice=dice)
    events = fight.apply("ana attack orc")
    assert (
        fight.system.resolution(fight.game, Action.parse("ana attack orc with unarmed"), events) == expected
    )


def test_srb_22_10_a_multifire_of_several_shots_at_the_target_is_estimated() -> None:
    """Star Rangers 22 (10): a three-barrel gun fires its two remaining shots in random directions; a first
    shot may take down whoever stands in front of the target, so such a multifire is not computed."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), weapons=["triple"]),
        fighter("orc", "blue", (5, 2)),
        text=WIDE,
        weapons={
            "triple": {"kind": "ranged", "category": "multi_barrel", "damage": "2d6", "increment_m": 6,
                       "feed": "internal", "capacity": 3},
        },
    )  # fmt: skip
    action = fight.normalize(Action.parse("ana attack orc"))
    assert odds.exact_fractions(fight.game, fight.state, action) is None  # type: ignore[arg-type]
