"""THRUM 1-5 and rulings C1, C3: contests of two 2d6 rolls, Boons and Banes, criticals, ties, attack modifiers.

Dice order of an attack (context.md): the attacker's roll, then the defender's. Every test scripts the faces
exactly and runs out of faces on any extra roll.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactica.engine import Action, Fight
from tactica.systems.thrum.dice import distribution, kept
from tests.systems.thrum.helpers import fighter, fighter_state, last, new_fight, of, offered

ROW = ". . . . . ."


def duel(dice: list[int], attacker: dict[str, Any] | None = None, **defender: Any) -> Fight:
    """ana (0,0) against orc two squares away (no adjacency, no cover): ana acts first."""
    return new_fight(
        fighter("ana", "heroes", (0, 0), **(attacker or {})),
        fighter("orc", "raiders", (2, 0), **defender),
        dice=dice,
        text=ROW,
    )


def attack(fight: Fight, text: str, defense: str) -> Any:
    """Take ``text``, answer the defender's choice with ``defense``; the ContestDecided event."""
    fight.apply(text)
    defender = fight.state.pending[-1].actor  # type: ignore[attr-defined]
    assert f"{defender} defend +{defense}" in offered(fight, "defend")
    fight.apply(f"{defender} defend +{defense}")
    return last(fight, "ContestDecided")


def rolls(fight: Fight) -> list[Any]:
    """Every Rolled2d6 event so far."""
    return of(fight.events, "Rolled2d6")


# --- THRUM 1: a contest -----------------------------------------------------------------------------------


def test_thrum_1_a_contest_is_two_2d6_totals_with_their_modifiers() -> None:
    """THRUM 1: each side rolls 2d6 + its modifier; the attacker's total against the defender's."""
    fight = duel([3, 4, 2, 3], attacker={"arts": {"brawling": 2}}, end=1)
    decided = attack(fight, "ana basic-attack orc", "resilience")
    mine, theirs = rolls(fight)
    assert (mine.actor, mine.faces, mine.modifier, mine.total) == ("ana", (3, 4), 2, 9)
    assert (theirs.actor, theirs.faces, theirs.modifier, theirs.total) == ("orc", (2, 3), 1, 6)
    assert (decided.attack_total, decided.defense_total, decided.outcome) == (9, 6, "success")
    assert decided.defense == "resilience"
    assert fighter_state(fight, "orc").fatigue == 2


@pytest.mark.parametrize(
    ("faces", "outcome", "fatigue"),
    [
        ([6, 6, 1, 1], "critical", 2),
        ([3, 4, 1, 1], "critical", 2),
        ([3, 3, 1, 1], "success", 2),
        ([2, 1, 1, 1], "success", 2),
        ([1, 1, 1, 1], "failure", 0),
        ([1, 1, 2, 1], "failure", 0),
    ],
)
def test_thrum_1_the_outcome_follows_the_difference(faces: list[int], outcome: str, fatigue: int) -> None:
    """THRUM 1, 3, 4: difference >= 5 is a critical, 1-4 a success, 0 or less a failure."""
    fight = duel(faces)
    assert attack(fight, "ana basic-attack orc", "resilience").outcome == outcome
    assert fighter_state(fight, "orc").fatigue == fatigue


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=4, max_size=4), st.integers(-2, 3), st.integers(-2, 3))
def test_thrum_1_outcome_is_a_function_of_attack_minus_defence(faces: list[int], art: int, end: int) -> None:
    """THRUM 1, 3, 4 (property): the attacker's outcome depends only on attack total - defence total."""
    fight = duel(faces, attacker={"arts": {"brawling": art}}, end=end)
    decided = attack(fight, "ana basic-attack orc", "resilience")
    difference = (faces[0] + faces[1] + art) - (faces[2] + faces[3] + end)
    assert decided.attack_total - decided.defense_total == difference
    expected = "critical" if difference >= 5 else "success" if difference >= 1 else "failure"
    assert decided.outcome == expected
    assert decided.defender_outcome == (
        "failure" if difference >= 1 else "success" if difference > -5 else "critical"
    )


# --- THRUM 2: Boons and Banes -----------------------------------------------------------------------------


def test_thrum_2_a_bane_rolls_three_dice_and_keeps_the_lowest_two() -> None:
    """THRUM 2 (with 25): one net Bane (an enemy next to a Ranged attacker) -> 3d6, the lowest two count."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0)), fighter("orc", "raiders", (1, 0)), dice=[6, 1, 5, 2, 2], text=ROW
    )
    attack(fight, "ana basic-attack orc", "resilience")
    mine = rolls(fight)[0]
    assert (mine.faces, mine.kept, mine.boons, mine.banes, mine.total) == ((6, 1, 5), (1, 5), 0, 1, 6)


def test_thrum_2_the_checklist_example_two_boons_one_bane() -> None:
    """THRUM 2: 2 Boons + 1 Bane -> net 1 -> 3d6 (3,4,6), keep 4 + 6 = 10.

    The orc defends with Evasion (+1 Boon, not Vulnerable) in Dodge (+1 Boon) while Dazed (+1 Bane)."""
    fight = duel([1, 1, 3, 4, 6], stance="dodge", conditions=["dazed"])
    decided = attack(fight, "ana basic-attack orc", "evasion")
    theirs = rolls(fight)[1]
    assert (theirs.faces, theirs.kept, theirs.boons, theirs.banes, theirs.total) == (
        (3, 4, 6),
        (4, 6),
        2,
        1,
        10,
    )
    assert (decided.attack_total, decided.defense_total, decided.outcome) == (2, 10, "failure")


def test_thrum_2_boons_and_banes_cancel_one_for_one() -> None:
    """THRUM 2: one Boon and one Bane cancel: plain 2d6 (Evasion's Boon against Dazed's Bane)."""
    fight = duel([1, 1, 2, 3], conditions=["dazed"])
    attack(fight, "ana basic-attack orc", "evasion")
    theirs = rolls(fight)[1]
    assert (theirs.faces, theirs.kept, theirs.boons, theirs.banes, theirs.total) == ((2, 3), (2, 3), 1, 1, 5)


@given(
    st.integers(-4, 4).flatmap(
        lambda n: st.tuples(st.just(n), st.lists(st.integers(1, 6), min_size=2 + abs(n), max_size=2 + abs(n)))
    )
)
def test_thrum_2_the_kept_dice_are_the_two_highest_or_lowest(case: tuple[int, list[int]]) -> None:
    """THRUM 2 (property): net Boons keep the highest two faces, net Banes the lowest two."""
    net, faces = case
    two = kept(tuple(faces), net)
    assert len(two) == 2
    ordered = sorted(faces)
    assert sorted(two) == (ordered[-2:] if net > 0 else ordered[:2])


@pytest.mark.parametrize("net", [-3, -2, -1, 0, 1, 2, 3])
@pytest.mark.parametrize("modifier", [-1, 0, 2])
def test_thrum_2_the_distribution_matches_enumeration(net: int, modifier: int) -> None:
    """THRUM 2: the exact distribution of a roll with Boons/Banes equals brute-force enumeration."""
    counts: Counter[int] = Counter()
    for faces in itertools.product(range(1, 7), repeat=2 + abs(net)):
        counts[sum(kept(faces, net)) + modifier] += 1
    die = distribution(net, modifier)
    got = dict(zip(die.outcomes(), die.quantities(), strict=True))
    scale = 6 ** (2 + abs(net)) // die.denominator()
    assert {k: v * scale for k, v in got.items() if v} == dict(counts)


# --- THRUM 3 / C3: criticals ------------------------------------------------------------------------------

SOCKEM = {"arts": {"brawling": 0}, "abilities": ["sockem"]}


def brawl(dice: list[int], **options: Any) -> Fight:
    """ana (brawler, Sockem) next to the orc; Sockem is not Ranged, so no Bane."""
    return new_fight(
        fighter("ana", "heroes", (0, 0), **SOCKEM),
        fighter("orc", "raiders", (1, 0)),
        dice=dice,
        text=ROW,
        options=options,
    )


def test_thrum_3_five_above_the_defence_is_a_critical() -> None:
    """THRUM 3: a total 5 or more above the other is a Critical: Sockem's success and critical effects."""
    fight = brawl([4, 3, 1, 1])
    decided = attack(fight, "ana sockem orc", "resilience")
    assert (decided.attack_total, decided.defense_total, decided.outcome) == (7, 2, "critical")
    orc = fighter_state(fight, "orc")
    assert orc.fatigue == 3
    assert orc.conditions == {"stunned": 1}
    assert orc.statuses == {"slowed": 1}


def test_thrum_3_four_above_is_only_a_success() -> None:
    """THRUM 3: a margin of 4 is a plain success (no critical effects)."""
    fight = brawl([3, 3, 1, 1])
    decided = attack(fight, "ana sockem orc", "resilience")
    assert (decided.attack_total, decided.defense_total, decided.outcome) == (6, 2, "success")
    orc = fighter_state(fight, "orc")
    assert (orc.fatigue, orc.conditions, orc.statuses) == (2, {}, {"slowed": 1})


def test_thrum_c3_the_defenders_evasion_critical_is_five_above_the_attack() -> None:
    """C3 / THRUM 24: defender's total >= attack + 5 is its Critical (no Vulnerable); +4 is a success
    (Vulnerable)."""
    fight = duel([1, 1, 3, 4, 1])  # attack 2; evasion 3d6 keep 3+4 = 7
    decided = attack(fight, "ana basic-attack orc", "evasion")
    assert (decided.defense_total, decided.defender_outcome) == (7, "critical")
    assert fighter_state(fight, "orc").statuses == {}
    fight = duel([1, 1, 3, 3, 1])  # evasion 6 = attack + 4
    decided = attack(fight, "ana basic-attack orc", "evasion")
    assert (decided.defense_total, decided.defender_outcome) == (6, "success")
    assert fighter_state(fight, "orc").statuses == {"vulnerable": 1}


def test_thrum_c3_option_critical_margin_moves_the_threshold() -> None:
    """Option critical_margin (C3 / THRUM 3): with 3, a margin of 3 is already a Critical."""
    fight = brawl([3, 2, 1, 1], critical_margin=3)  # 5 vs 2
    assert attack(fight, "ana sockem orc", "resilience").outcome == "critical"
    assert fighter_state(fight, "orc").conditions == {"stunned": 1}
    fight = brawl([2, 2, 1, 1], critical_margin=3)  # 4 vs 2: still a success
    assert attack(fight, "ana sockem orc", "resilience").outcome == "success"
    default = brawl([3, 2, 1, 1])  # the same 5 vs 2 is a success with the default 5
    assert attack(default, "ana sockem orc", "resilience").outcome == "success"


# --- THRUM 4 / C1: ties -----------------------------------------------------------------------------------


def test_thrum_4_a_tie_goes_to_the_defender() -> None:
    """THRUM 4 / C1: an attack succeeds only when its total is above the defender's; a tie fails."""
    fight = duel([3, 3, 2, 4])
    decided = attack(fight, "ana basic-attack orc", "resilience")
    assert (decided.attack_total, decided.defense_total, decided.outcome) == (6, 6, "failure")
    assert decided.defender_outcome == "success"
    assert fighter_state(fight, "orc").fatigue == 0


def test_thrum_c1_option_ties_to_defender_off_gives_ties_to_the_attacker() -> None:
    """Option ties_to_defender=False (C1): the same tie is the attacker's success; nothing else changes."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0)),
        fighter("orc", "raiders", (2, 0)),
        dice=[3, 3, 2, 4],
        text=ROW,
        options={"ties_to_defender": False},
    )
    decided = attack(fight, "ana basic-attack orc", "resilience")
    assert (decided.attack_total, decided.defense_total, decided.outcome) == (6, 6, "success")
    assert decided.defender_outcome == "failure"
    assert fighter_state(fight, "orc").fatigue == 2


def test_thrum_c1_a_tie_on_evasion_is_the_defenders_success() -> None:
    """THRUM 4, 24: a tie against Evasion is the defender's success: avoid, but +1 Vulnerable."""
    fight = duel([3, 3, 2, 4, 1])
    decided = attack(fight, "ana basic-attack orc", "evasion")
    assert (decided.outcome, decided.defender_outcome) == ("failure", "success")
    orc = fighter_state(fight, "orc")
    assert (orc.fatigue, orc.statuses) == (0, {"vulnerable": 1})


# --- THRUM 5: the attack's modifier -----------------------------------------------------------------------


def test_thrum_5_an_art_ability_rolls_with_its_art() -> None:
    """THRUM 5: Sockem (a Brawling ability) rolls with the Brawling modifier, not the highest Art."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0), arts={"brawling": 1, "dueling": 3}, abilities=["sockem"]),
        fighter("orc", "raiders", (1, 0)),
        dice=[2, 2, 1, 1],
        text=ROW,
    )
    attack(fight, "ana sockem orc", "resilience")
    assert (rolls(fight)[0].modifier, rolls(fight)[0].total) == (1, 5)


def test_thrum_5_basic_attack_uses_the_highest_art() -> None:
    """THRUM 5: a Basic Attack uses the highest Art modifier."""
    fight = duel([2, 2, 1, 1], attacker={"arts": {"brawling": 1, "dueling": 3, "archery": -1}})
    attack(fight, "ana basic-attack orc", "resilience")
    assert (rolls(fight)[0].modifier, rolls(fight)[0].total) == (3, 7)


def test_thrum_5_basic_attack_with_only_negative_arts_uses_the_highest_of_them() -> None:
    """THRUM 5: the highest Art is the highest even when every Art is negative (-1 over -2)."""
    fight = duel([2, 2, 1, 1], attacker={"arts": {"brawling": -1, "dueling": -2}})
    attack(fight, "ana basic-attack orc", "resilience")
    assert rolls(fight)[0].modifier == -1


def test_thrum_5_the_defender_rolls_with_the_declared_defence() -> None:
    """THRUM 1, 22-24: Resilience rolls END, Evasion REF (here with its Boon), each the defender's own."""
    fight = duel([1, 1, 2, 2], end=3, ref=-1)
    attack(fight, "ana basic-attack orc", "resilience")
    assert rolls(fight)[1].modifier == 3
    fight = duel([1, 1, 2, 2, 2], end=3, ref=-1)
    attack(fight, "ana basic-attack orc", "evasion")
    assert (rolls(fight)[1].modifier, rolls(fight)[1].boons) == (-1, 1)


def test_thrum_1_no_die_is_rolled_before_the_defence_is_declared() -> None:
    """THRUM 1, 21: after the attack is declared the defender chooses first; no die is rolled until then."""
    fight = duel([])
    fight.apply("ana basic-attack orc")
    assert rolls(fight) == []
    assert offered(fight) == {"orc defend +resilience", "orc defend +evasion"}
    assert "defends with +resilience or +evasion" in (
        fight.why_illegal(Action.parse("orc defend +resolve")) or ""
    )
