"""Phase 3d6 5-7 and rulings E1, E2: the attack roll 3d6 + OCV against 10 + DCV (hit on equal), no
automatic hit or miss, melee reach, ranged range and line of sight, HERO-style damage; options hit_on_equal,
auto_hit_miss, hero_stunned."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactica.grid.hex import DIRECTIONS
from tests.systems.phase3d6.helpers import (
    duel,
    fighter,
    fs,
    hit,
    last,
    new_fight,
    of,
    offered,
    play,
    rolls,
    why,
)

ROW = ". . . . . . . . . . . . ."


def attack_once(ocv: int, dcv: int, faces: tuple[int, int, int], **options: object) -> bool:
    """One attack by ana (OCV ``ocv``) on orc (DCV ``dcv``) with these 3d6 faces: did it hit?"""
    fight = new_fight(
        fighter("ana", "red", (2, 2), ocv=ocv),
        fighter("orc", "blue", (3, 2), dcv=dcv, stun=500, body=500),
        dice=[*faces, 1, 1],
        options=options,
    )
    roll = of(hit(fight, "ana", "orc"), "AttackRoll")[0]
    assert (roll.faces, roll.ocv, roll.dcv) == (faces, ocv, dcv)
    assert (roll.total, roll.target_number) == (sum(faces) + ocv, 10 + dcv)
    return bool(roll.hit)


# --- Phase 3d6 5: 3d6 + OCV against 10 + DCV ------------------------------------------------------------


def test_phase3d6_5_hit_when_the_total_meets_the_target_number() -> None:
    """Phase 3d6 5, E2: 3d6 (3+3+4) + OCV 3 = 13 meets 10 + DCV 3 = 13: a hit; then 2d6 damage (5, 6):
    STUN 11, BODY 1 + 2 = 3."""
    fight = duel(dice=[3, 3, 4, 5, 6])
    events = hit(fight, "ana", "orc")
    assert rolls(events) == [("ana", "orc", (3, 3, 4), 3, 3, 13, 13, True)]
    dealt = of(events, "DamageDealt")
    assert [(d.faces, d.stun, d.body, d.stun_left, d.body_left) for d in dealt] == [((5, 6), 11, 3, 9, 7)]
    assert (fs(fight, "orc").stun, fs(fight, "orc").body) == (9, 7)


def test_phase3d6_5_one_below_the_target_number_misses() -> None:
    """Phase 3d6 5: 3d6 9 + OCV 3 = 12 < 13 misses; no damage is rolled."""
    fight = duel(dice=[3, 3, 3])
    events = hit(fight, "ana", "orc")
    assert rolls(events) == [("ana", "orc", (3, 3, 3), 3, 3, 12, 13, False)]
    assert of(events, "DamageDealt") == []
    assert fight.faces == [3, 3, 3]
    assert fs(fight, "orc").stun == 20


def test_phase3d6_5_ocv_and_dcv_come_from_the_sheet_and_the_weapon() -> None:
    """Phase 3d6 5, E1: OCV = the sheet's OCV (6, not CV 4) + the weapon's (sword +1) = 7; the target
    number is 10 + the defender's DCV 5; 3d6 8 + 7 = 15 hits; sword 4d6 damage."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), cv=4, ocv=6, weapons=["sword"]),
        fighter("orc", "blue", (3, 2), dcv=5),
        dice=[2, 2, 4, 1, 2, 3, 6],
    )
    events = hit(fight, "ana", "orc", "with", "sword")
    assert rolls(events) == [("ana", "orc", (2, 2, 4), 7, 5, 15, 15, True)]
    assert [(d.faces, d.stun, d.body) for d in of(events, "DamageDealt")] == [((1, 2, 3, 6), 12, 4)]


def test_phase3d6_5_ocv_and_dcv_default_to_combat_value() -> None:
    """Phase 3d6 5, E1: without OCV/DCV on the sheet both are the Combat Value."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), cv=7), fighter("orc", "blue", (3, 2), cv=2), dice=[1, 1, 1, 1, 1]
    )
    assert rolls(hit(fight, "ana", "orc")) == [("ana", "orc", (1, 1, 1), 7, 2, 10, 12, False)]


@pytest.mark.parametrize(
    ("difference", "chance"),
    [(0, Fraction(135, 216)), (2, Fraction(81, 216)), (5, Fraction(20, 216)), (8, Fraction(1, 216))],
)
def test_phase3d6_5_hit_chance_matches_the_enumeration(difference: int, chance: Fraction) -> None:
    """Phase 3d6 5: over all 216 rolls of 3d6, P(hit) for TN - OCV = 10 + difference is 135/216 (0.625),
    81/216 (0.375), 20/216 (0.0926) and 1/216, as HERO's 3d6 <= 11 + OCV - DCV."""
    hits = sum(attack_once(3, 3 + difference, faces) for faces in product(range(1, 7), repeat=3))
    assert Fraction(hits, 216) == chance


@settings(max_examples=60, deadline=None)
@given(
    faces=st.tuples(st.integers(1, 6), st.integers(1, 6), st.integers(1, 6)),
    ocv=st.integers(-2, 12),
    dcv=st.integers(-2, 12),
)
def test_phase3d6_5_hit_iff_3d6_plus_ocv_reaches_10_plus_dcv(
    faces: tuple[int, int, int], ocv: int, dcv: int
) -> None:
    """Phase 3d6 5, 6, E2 (property): an attack hits exactly when 3d6 + OCV >= 10 + DCV (no automatic
    hit or miss)."""
    assert attack_once(ocv, dcv, faces) == (sum(faces) + ocv >= 10 + dcv)


def test_phase3d6_e2_option_hit_on_equal_off() -> None:
    """E2 option hit_on_equal=false: meeting the target number misses; beating it hits."""
    assert not attack_once(3, 3, (3, 3, 4), hit_on_equal=False)
    assert attack_once(3, 3, (3, 4, 4), hit_on_equal=False)
    assert attack_once(3, 3, (3, 3, 4))


# --- Phase 3d6 6: no automatic hit or miss unless enabled ------------------------------------------------


def test_phase3d6_6_no_automatic_hit_or_miss_by_default() -> None:
    """Phase 3d6 6: a 3 does not always hit (3 + 3 < 13) and an 18 does not always miss (18 + 3 >= 13)."""
    assert not attack_once(3, 3, (1, 1, 1))
    assert attack_once(3, 3, (6, 6, 6))
    assert not attack_once(3, 30, (6, 6, 6))


def test_phase3d6_6_option_auto_hit_miss() -> None:
    """Phase 3d6 6 option auto_hit_miss=true: HERO's 3 always hits, 18 always misses; other rolls as
    usual."""
    assert attack_once(3, 30, (1, 1, 1), auto_hit_miss=True)
    assert not attack_once(30, 3, (6, 6, 6), auto_hit_miss=True)
    assert attack_once(3, 3, (3, 3, 4), auto_hit_miss=True)
    assert not attack_once(3, 3, (3, 3, 3), auto_hit_miss=True)


# --- Phase 3d6 7: melee reach, ranged range and line of sight -------------------------------------------


@pytest.mark.parametrize("step", DIRECTIONS)
def test_phase3d6_7_melee_strikes_any_adjacent_opponent(step: tuple[int, int]) -> None:
    """Phase 3d6 7: a melee attack reaches an opponent in any of the six adjacent hexes."""
    at = (3 + step[0], 2 + step[1])
    fight = new_fight(fighter("ana", "red", (3, 2)), fighter("orc", "blue", at))
    assert offered(fight, "attack") == {
        "ana attack orc with fists",
        "ana attack orc with fists +haymaker",
        "ana attack orc with fists +disarm",
    }


def test_phase3d6_7_melee_does_not_reach_two_hexes() -> None:
    """Phase 3d6 7: with the default reach of 1 hex an opponent 2 hexes away cannot be struck."""
    fight = new_fight(fighter("ana", "red", (2, 2)), fighter("orc", "blue", (4, 1)))
    assert offered(fight, "attack") == set()
    assert "orc is 2 hexes away; ana strikes within 1 (rule 7)" in why(fight, "ana attack orc")


def test_phase3d6_7_reach_2_strikes_two_hexes_away() -> None:
    """Phase 3d6 7: more reach (Growth, Stretching, a spear) strikes farther: reach 2 hits at 2 hexes,
    not at 3."""
    fight = new_fight(
        fighter("ana", "red", (1, 2), reach=2, weapons=["spear"]),
        fighter("orc", "blue", (3, 2)),
        fighter("gob", "blue", (4, 2)),
        dice=[4, 4, 4, 1, 1, 1],
    )
    assert "ana attack orc with spear" in offered(fight, "attack")
    assert "gob is 3 hexes away; ana strikes within 2 (rule 7)" in why(fight, "ana attack gob with spear")
    events = hit(fight, "ana", "orc", "with", "spear")
    assert rolls(events) == [("ana", "orc", (4, 4, 4), 3, 3, 15, 13, True)]
    assert fs(fight, "orc").stun == 17


def test_phase3d6_7_ranged_reaches_its_maximum_range() -> None:
    """Phase 3d6 7: a ranged attack reaches any target within its maximum range (pistol 10 hexes)."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), weapons=["pistol"]),
        fighter("orc", "blue", (10, 0)),
        fighter("gob", "blue", (11, 0)),
        text=ROW,
        dice=[5, 5, 5, 1, 1, 1],
    )
    assert offered(fight, "attack") == {"ana attack orc with pistol"}
    assert "gob is 11 hexes away; pistol reaches 10 (rule 7)" in why(fight, "ana attack gob with pistol")
    events = hit(fight, "ana", "orc", "with", "pistol")
    assert rolls(events) == [("ana", "orc", (5, 5, 5), 3, 3, 18, 13, True)]
    assert [d.faces for d in of(events, "DamageDealt")] == [(1, 1, 1)]
    assert fs(fight, "ana").ammo == {"pistol": 5}


def test_phase3d6_7_ranged_needs_line_of_sight() -> None:
    """Phase 3d6 7: a wall between attacker and target blocks a ranged attack."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), weapons=["pistol"]),
        fighter("orc", "blue", (4, 0)),
        text=". . # . .",
    )
    assert offered(fight, "attack") == set()
    assert "ana has no line of sight to orc (rule 7)" in why(fight, "ana attack orc with pistol")


def test_phase3d6_7_characters_block_line_of_sight() -> None:
    """Phase 3d6 7 (the code's reading): another character standing on the line blocks a ranged attack."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), weapons=["pistol"]),
        fighter("bob", "red", (2, 0)),
        fighter("orc", "blue", (4, 0)),
        text=". . . . .",
    )
    assert "ana has no line of sight to orc (rule 7)" in why(fight, "ana attack orc with pistol")


def test_phase3d6_7_ranged_attack_at_an_adjacent_target() -> None:
    """Phase 3d6 7: a ranged attack may target an adjacent opponent (within range, in sight)."""
    fight = new_fight(fighter("ana", "red", (2, 2), weapons=["pistol"]), fighter("orc", "blue", (3, 2)))
    assert offered(fight, "attack") == {"ana attack orc with pistol"}


def test_phase3d6_7_ranged_attack_needs_ammunition() -> None:
    """Phase 3d6 7 (ammunition, not in the seed): an empty gun cannot fire until reloaded (a move action)."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), weapons=["derringer"]),
        fighter("orc", "blue", (4, 0)),
        text=". . . . . .",
        weapons={"derringer": {"kind": "ranged", "damage": "1d6", "range": 5, "ammo": 1}},
        dice=[1, 1, 1],
    )
    hit(fight, "ana", "orc", "with", "derringer")
    assert fs(fight, "ana").ammo == {"derringer": 0}
    assert "derringer is empty: reload it" in why(fight, "ana attack orc with derringer")
    assert offered(fight, "reload") == {"ana reload"}  # a move action, open after the attack action
    events = fight.apply("ana reload")
    assert [(e.maneuver, e.type) for e in of(events, "ManeuverUsed")] == [("reload", "move")]
    assert fs(fight, "ana").ammo == {"derringer": 1}


def test_phase3d6_e1_damage_is_hero_normal_damage_minus_pd() -> None:
    """E1 (damage, not in the seed): STUN = the dice total, BODY 0 for a 1, 2 for a 6, else 1; PD comes off
    both: (1, 6) against PD 2 is STUN 5, BODY 0."""
    fight = new_fight(
        fighter("ana", "red", (2, 2)), fighter("orc", "blue", (3, 2), pd=2), dice=[6, 6, 6, 1, 6]
    )
    events = hit(fight, "ana", "orc")
    dealt = last(fight, "DamageDealt")
    assert (dealt.faces, dealt.stun, dealt.body, dealt.stun_left, dealt.body_left) == ((1, 6), 5, 0, 15, 10)
    assert of(events, "FighterDown") == []


def test_phase3d6_e1_out_at_stun_zero() -> None:
    """E1: a character whose STUN falls to 0 or below is out of the fight (here the last of its side)."""
    fight = new_fight(
        fighter("ana", "red", (2, 2)), fighter("orc", "blue", (3, 2), stun_now=5), dice=[6, 6, 6, 2, 3]
    )
    hit(fight, "ana", "orc")
    assert [(e.actor, e.state) for e in of(fight.events, "FighterDown")] == [("orc", "unconscious")]
    assert fs(fight, "orc").out
    assert fight.is_over()
    assert last(fight, "FightEnded").winner == "red"


def test_phase3d6_e1_hero_stunned_off_by_default() -> None:
    """E1: Stunned is not in the seed: by default STUN damage above CON stuns no one."""
    fight = new_fight(
        fighter("ana", "red", (2, 2)), fighter("orc", "blue", (3, 2), con=5), dice=[6, 6, 6, 6, 6]
    )
    hit(fight, "ana", "orc")
    assert not fs(fight, "orc").stunned
    assert of(fight.events, "FighterDown") == []


def test_phase3d6_e1_option_hero_stunned() -> None:
    """E1 option hero_stunned: STUN damage above CON Stuns: half DCV (3 -> 1), no Abort, and its next
    action can only be Recover from being Stunned (a full Phase) or nothing."""
    fight = new_fight(
        fighter("ana", "red", (2, 2)),
        fighter("orc", "blue", (3, 2), con=5),
        dice=[6, 6, 6, 6, 6, 3, 3, 3, 1, 1],
        options={"hero_stunned": True},
    )
    hit(fight, "ana", "orc")
    assert [(e.actor, e.state) for e in of(fight.events, "FighterDown")] == [("orc", "stunned")]
    assert fs(fight, "orc").stunned
    play(fight, "ana end")
    assert offered(fight) == {"orc recover", "orc end"}
    play(fight, "orc end")
    events = fight.apply("ana attack orc")  # no Abort decision for the Stunned: rolled at once
    assert rolls(events) == [("ana", "orc", (3, 3, 3), 3, 1, 12, 11, True)]


def test_phase3d6_e1_recover_from_stunned_takes_the_phase() -> None:
    """E1 option hero_stunned: Recover from being Stunned is a full-Phase action; afterwards DCV is whole."""
    fight = new_fight(
        fighter("ana", "red", (2, 2)),
        fighter("orc", "blue", (3, 2), con=5),
        dice=[6, 6, 6, 6, 6, 3, 3, 3],
        options={"hero_stunned": True},
    )
    hit(fight, "ana", "orc")
    play(fight, "ana end", "orc recover")
    assert not fs(fight, "orc").stunned
    assert offered(fight, "attack") == set()  # a full-Phase action: only a 1-hex step may go with it
    play(fight, "orc end")
    assert [(e.actor, e.state) for e in of(fight.events, "FighterDown")][-1] == (
        "orc",
        "recovered from being Stunned",
    )
    events = hit(fight, "ana", "orc")
    assert rolls(events) == [("ana", "orc", (3, 3, 3), 3, 3, 12, 13, False)]


def test_phase3d6_7_fists_strike_with_a_gun_in_hand() -> None:
    """Phase 3d6 7: any adjacent opponent can be struck with a melee attack; fists are on the sheet (and
    usable undrawn, combat.weapon_of), so a gunslinger holding a pistol may punch."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), weapons=["pistol", "fists"]), fighter("orc", "blue", (3, 2))
    )
    assert "ana attack orc with fists" in offered(fight, "attack")


def test_phase3d6_e1_haymaker_adds_4d6_and_costs_5_dcv() -> None:
    """E1 (HERO manoeuvres): a Haymaker adds 4d6 damage and its user has -5 DCV until its next Phase."""
    fight = new_fight(
        fighter("ana", "red", (2, 2)),
        fighter("orc", "blue", (3, 2), stun=40),
        dice=[4, 4, 4, 1, 2, 3, 4, 5, 6, 3, 3, 3, 1, 1],
    )
    events = hit(fight, "ana", "orc", "+haymaker")
    dealt = of(events, "DamageDealt")[0]
    assert (dealt.faces, dealt.stun, dealt.body) == ((1, 2, 3, 4, 5, 6), 21, 6)
    play(fight, "ana end")
    events = hit(fight, "orc", "ana")
    assert rolls(events) == [("orc", "ana", (3, 3, 3), 3, -2, 12, 8, True)]


def test_phase3d6_e1_disarm_drops_the_weapon() -> None:
    """E1 (HERO manoeuvres): a Disarm (OCV -2) that hits makes the target drop its weapon, no damage."""
    fight = new_fight(
        fighter("ana", "red", (2, 2)), fighter("orc", "blue", (3, 2), weapons=["club"]), dice=[5, 5, 5]
    )
    events = hit(fight, "ana", "orc", "+disarm")
    assert rolls(events) == [("ana", "orc", (5, 5, 5), 1, 3, 16, 13, True)]
    assert fs(fight, "orc").drawn is None
    assert of(events, "DamageDealt") == []


def test_phase3d6_7_attack_uses_the_weapon_in_hand_by_default() -> None:
    """Phase 3d6 7 (action form 'ana attack orc [with W]'): without 'with', the attack uses the weapon in
    hand, as the resolution does (combat.weapon_of); today it is refused with 'allowed manoeuvres: ...'
    (and 'ana ready +attacks' with 'ready takes +attacks or +moves')."""
    fight = new_fight(fighter("ana", "red", (2, 2), weapons=["club"]), fighter("orc", "blue", (3, 2)))
    assert fight.why_illegal("ana attack orc") is None
