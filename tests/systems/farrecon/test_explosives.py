"""Far Recon 14-15 and rulings D2, D3: explosives' range increments and falloff hitting everyone in the blast,
cover against blasts, throwing with Strength or Agility."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from tactica.systems.farrecon import FarReconOptions
from tactica.systems.farrecon.explosives import effective
from tactica.systems.farrecon.sheet import Weapon
from tests.systems.farrecon.helpers import (
    CRIT,
    FUMBLE,
    F,
    fighter,
    last,
    new_fight,
    of,
    offered,
    refused,
    state_of,
)

EXAMPLE = Weapon(name="example", kind="explosive", blast=10, ri_ft=10, falloff=2)
WIDE = ". . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . ."


def blast(*dice: list[int], text: str = WIDE, **options: Any) -> Any:
    """a (Agility 1, Strength 2, two frags) at @0,1; enemies b, c, d, e at @4,1 to @7,1; f at @9,2."""
    people = [
        fighter(
            "a",
            "x",
            (0, 1),
            skills={"agility": 1, "strength": 2},
            weapons=["frag", "knife"],
            carry={"frag": 2},
        ),
        fighter("b", "y", (4, 1)),
        fighter("c", "y", (5, 1)),
        fighter("d", "y", (6, 1)),
        fighter("e", "y", (7, 1)),
        fighter("f", "y", (9, 2)),
    ]
    return new_fight(*people, text=text, dice=[x for roll in dice for x in roll], options=options)


def test_farrecon_14_an_explosive_hits_everyone_in_the_blast_by_distance() -> None:
    """Far Recon 14: a frag (BD 8, RI 5 ft, BF 2) at @4,1: b at ground zero resists E 8, c at 5 ft E 6, d at
    10 ft E 4, e at 15 ft E 2; f, out of the radius, is not hit; no one dodges an explosive."""
    fight = blast(F(1), F(0), F(0), F(0), F(0))
    fight.apply("a throw @4,1 with frag")
    detonated = last(fight, "Detonated")
    assert (detonated.at, detonated.radius, detonated.targets) == ((4, 1), 3, ("b", "c", "d", "e"))
    exposures = [(e.target, e.distance_ft, e.increments, e.effective) for e in of(fight, "BlastExposure")]
    assert exposures == [("b", 0, 0, 8), ("c", 5, 1, 6), ("d", 10, 2, 4), ("e", 15, 3, 2)]
    assert [(e.defender, e.damage) for e in of(fight, "StrikeResolved")] == [
        ("b", 8),
        ("c", 6),
        ("d", 4),
        ("e", 2),
    ]
    assert [state_of(fight, x).health for x in "bcdef"] == [0, 2, 4, 6, 8]
    assert state_of(fight, "a").carried == {"frag": 1}


def test_farrecon_d2_the_example_with_increments_in_feet() -> None:
    """D2, Far Recon 14: 32 ft from BD 10, RI 10 ft, BF 2: 3 increments, E 4."""
    assert effective(EXAMPLE, Fraction(32), 0, FarReconOptions()) == (3, 0, 4)


def test_farrecon_d2_option_range_increment_unit_metres() -> None:
    """D2 / option range_increment_unit m: RI 10 read as metres (32.8 ft): 32 ft is inside the first
    increment, E 10."""
    assert effective(EXAMPLE, Fraction(32), 0, FarReconOptions(range_increment_unit="m")) == (0, 0, 10)


def test_farrecon_14_option_blast_increments_ceil() -> None:
    """Far Recon 14 [res] / option blast_increments ceil: a started increment counts: 32 ft -> 4, E 2."""
    assert effective(EXAMPLE, Fraction(32), 0, FarReconOptions(blast_increments="ceil")) == (4, 0, 2)


def test_farrecon_d3_e_is_the_attackers_total_against_pdef() -> None:
    """D3: the margin of E over the PDef roll makes the damage, DI 2: E 6 - PDef 3 = 3 -> 4 damage; a tie
    does nothing."""
    fight = blast(F(0), F(3), F(3), F(0), F(0))
    fight.apply("a throw @5,1 with frag")  # b at 5 ft (E 6), c at ground zero (E 8), ...
    first, second = of(fight, "StrikeResolved")[:2]
    assert (first.defender, first.attack_total, first.defense_total, first.damage) == ("b", 6, 3, 4)
    assert (second.defender, second.attack_total, second.defense_total) == ("c", 8, 3)


def test_farrecon_d3_option_explosive_damage_subtract() -> None:
    """D3 / option explosive_damage subtract: damage = E - PDef total (6 - 3 = 3)."""
    fight = blast(F(0), F(3), F(0), F(0), F(0), F(0), explosive_damage="subtract")
    fight.apply("a throw @5,1 with frag")
    assert of(fight, "StrikeResolved")[0].damage == 3


def test_farrecon_14_a_tie_against_e_does_no_damage() -> None:
    """D3, Far Recon 13: E equal to the PDef total: no damage."""
    fight = blast(F(1), F(0), F(0), F(0), F(2))
    fight.apply("a throw @4,1 with frag")
    tie = of(fight, "StrikeResolved")[3]
    assert (tie.defender, tie.attack_total, tie.defense_total, tie.result) == ("e", 2, 2, "graze")


def test_farrecon_14_cover_adds_range_increments() -> None:
    """Far Recon 14 / option cover_increments: a crate between ground zero and d (partial cover) adds one
    increment: E 8 - 2 x (2 + 1) = 2; with cover_increments 2, d is shielded."""
    crate = ". . . . . . . . . .\n. . . . . + . . . .\n. . . . . . . . . ."
    people = [
        fighter("a", "x", (0, 1), skills={"agility": 1}, weapons=["frag"]),
        fighter("d", "y", (6, 1)),
        fighter("f", "y", (9, 2)),
    ]
    fight = new_fight(*people, text=crate, dice=F(1) + F(0))
    fight.apply("a throw @4,1 with frag")
    exposure = last(fight, "BlastExposure")
    assert (exposure.increments, exposure.cover_increments, exposure.effective) == (2, 1, 2)
    shielded = new_fight(*people, text=crate, dice=F(1), options={"cover_increments": 2})
    shielded.apply("a throw @4,1 with frag")
    assert last(shielded, "BlastExposure").effective == 0 and not of(shielded, "StrikeResolved")


def test_farrecon_14_walls_stop_a_blast() -> None:
    """Far Recon 14: the blast reaches what ground zero can see: a wall shields the squares behind it."""
    wall = ". . . . . # . . . .\n. . . . . # . . . .\n. . . . . # . . . ."
    people = [
        fighter("a", "x", (0, 1), skills={"agility": 1}, weapons=["frag"]),
        fighter("b", "y", (4, 1)),
        fighter("d", "y", (6, 1)),
    ]
    fight = new_fight(*people, text=wall, dice=F(1) + F(0))
    fight.apply("a throw @4,1 with frag")
    assert last(fight, "Detonated").targets == ("b",)


def test_farrecon_14_the_thrower_and_its_allies_are_hit_too() -> None:
    """Far Recon 14: everyone in the blast radius, friend or foe, thrower included."""
    people = [
        fighter("a", "x", (0, 1), skills={"agility": 1}, weapons=["frag"]),
        fighter("g", "x", (2, 2)),
        fighter("b", "y", (9, 2)),
    ]
    fight = new_fight(*people, text=WIDE, dice=F(0) + F(0) + F(0))
    fight.apply("a throw @3,1 with frag")
    assert last(fight, "Detonated").targets == ("a", "g")


def test_farrecon_14_normalize_aims_an_explosive_at_a_characters_square() -> None:
    """'a throw b with frag' aims at b's square (the listed form names the square)."""
    fight = blast()
    assert str(fight.normalize("a throw b with frag")) == "a throw @4,1 with frag"
    assert "aim the frag at a square" in refused(fight, "a throw with frag")
    assert "throw it at another square" in refused(fight, "a throw @0,1 with frag")


def test_farrecon_15_a_long_throw_uses_strength() -> None:
    """Far Recon 15: beyond 4 squares (option long_throw) the throw is a Strength roll; DC ceil(7 / 3) = 3."""
    fight = blast(F(1), F(0), F(0), F(0), F(0), F(0))
    fight.apply("a throw @7,1 with frag")
    landed = last(fight, "ThrowLanded")
    assert (landed.skill, landed.dc, landed.landed) == ("strength", 3, (7, 1))
    assert of(fight, "FudgeRolled")[0].modifier == 2


def test_farrecon_15_option_long_throw() -> None:
    """Far Recon 15 / option long_throw 8: a 7-square throw is still an Agility throw."""
    fight = blast(F(2), F(0), F(0), F(0), F(0), F(0), long_throw=8)
    fight.apply("a throw @7,1 with frag")
    assert last(fight, "ThrowLanded").skill == "agility"


def test_farrecon_15_option_throw_skill_better() -> None:
    """Far Recon 15 / option throw_skill better: the better of Strength and Agility, whatever the throw."""
    fight = blast(F(0), F(0), F(0), F(0), F(0), throw_skill="better")
    fight.apply("a throw @4,1 with frag")
    assert last(fight, "ThrowLanded").skill == "strength"


def test_farrecon_15_a_missed_throw_lands_short() -> None:
    """Far Recon 2, 15: a throw at a square is a DC (ceil(distance / 3)); failing by 3 lands it 3 squares
    short."""
    fight = blast(F(-2), F(0), F(0), F(0), F(0))
    fight.apply("a throw @7,1 with frag")  # Strength 2 - 2 = 0 against DC 3
    assert last(fight, "ThrowLanded").landed == (4, 1)


def test_farrecon_15_option_throw_dc_squares() -> None:
    """Far Recon 15 / option throw_dc_squares 6: a 7-square throw is DC 2."""
    fight = blast(F(0), F(0), F(0), F(0), F(0), F(0), throw_dc_squares=6)
    fight.apply("a throw @7,1 with frag")
    landed = last(fight, "ThrowLanded")
    assert (landed.dc, landed.landed) == (2, (7, 1))


def test_farrecon_4_a_fumbled_throw_falls_halfway() -> None:
    """Far Recon 4: a critical failure's complication: the grenade lands halfway at best."""
    fight = blast(FUMBLE, F(0), F(0), F(0))
    fight.apply("a throw @7,1 with frag")
    assert last(fight, "ThrowLanded").landed == (2, 1) and last(fight, "Complication").what == "short"


def test_farrecon_3_a_critical_throw_lands_on_target() -> None:
    """Far Recon 3: a critical success passes whatever the DC."""
    fight = blast(CRIT, F(0), F(0), F(0), F(0), F(0), throw_dc_squares=1)
    fight.apply("a throw @7,1 with frag")  # DC 7 above the total 6, but a critical success
    assert last(fight, "ThrowLanded").landed == (7, 1)


def test_farrecon_15_a_thrown_knife_is_an_agility_attack() -> None:
    """Far Recon 15: a throwing knife is a precision weapon: Agility, then resolved like any attack; the
    knives run out."""
    people = [
        fighter(
            "a", "x", (0, 1), skills={"agility": 2}, weapons=["throwing-knife"], carry={"throwing-knife": 1}
        ),
        fighter("b", "y", (3, 1), aware=False),
        fighter("c", "x", (0, 2)),
    ]
    fight = new_fight(*people, dice=F(0) + F(0))
    assert "a throw b with throwing-knife" in offered(fight, "throw")
    fight.apply("a throw b with throwing-knife")
    assert of(fight, "FudgeRolled")[0].what == "throwing-knife attack (agility)"
    assert last(fight, "StrikeResolved").damage == 2
    fight.apply("b end")
    fight.apply("c end")
    assert "no throwing-knife left" in refused(fight, "a throw b with throwing-knife")


@pytest.mark.parametrize("weapon", ["frag", "throwing-knife"])
def test_farrecon_15_thrown_weapons_are_thrown_not_attacked_with(weapon: str) -> None:
    """Far Recon 15: a thrown weapon uses the 'throw' verb."""
    fight = new_fight(fighter("a", "x", (0, 1), weapons=[weapon]), fighter("b", "y", (3, 1)))
    assert "is thrown" in refused(fight, f"a attack b with {weapon}")


def test_farrecon_4_a_fumbled_throw_that_passes_lands_and_the_thrower_staggers() -> None:
    """Far Recon 4: 'a character can critically fail and still succeed, if they beat the DC': the frag lands
    where aimed; the complication is that the thrower staggers."""
    fight = new_fight(
        fighter("ana", "a", (0, 1), weapons=["frag"], skills={"agility": 6}),
        fighter("bo", "b", (3, 1)),
        fighter("cy", "b", (7, 1)),
        dice=FUMBLE + [0, 0, 0, 0] * 3,
    )
    fight.apply("ana throw @3,1 with frag")
    landed = [e for e in fight.events if e.kind == "ThrowLanded"][-1]
    assert (landed.aimed, landed.landed) == ((3, 1), (3, 1))
    assert fight.state.fighters["ana"].stagger is True


def _long_range(scale_ft: int, falloff: int, far: int) -> Any:
    """a throws the seed's example explosive (BD 10, RI 10 ft, BF ``falloff``) at @1,1 on a ``far`` + 2
    squares wide map of ``scale_ft`` ft squares; t stands ``far`` squares beyond ground zero."""
    width = far + 2
    row = " ".join("." * width)
    weapons = {"boom": {"kind": "explosive", "range": 4, "blast": 10, "ri_ft": 10, "falloff": falloff}}
    return new_fight(
        fighter("a", "x", (0, 1), weapons=["boom"], skills={"pdef": 9}),
        fighter("t", "y", (far + 1, 1), skills={"pdef": -2}),
        map={"text": "\n".join([row] * 3), "scale_ft": scale_ft},
        weapons=weapons,
        dice=F(1) + F(0) + F(0),
    )


def test_farrecon_14_a_blast_reaches_as_far_as_its_falloff_lets_it() -> None:
    """Issue 14 point 4, seed l.78/l.86 ("hit everyone within their blast radius"; "32 feet ... 3 range
    increments ... effective damage is 4"): on 1-ft squares the example explosive reaches 49 squares (E 2 at
    49 ft, 0 at 50 ft), no cap at 20; t, 32 squares (32 ft) from ground zero, resists E 4."""
    fight = _long_range(1, 2, 32)
    fight.apply("a throw @1,1 with boom")
    assert last(fight, "Detonated").radius == 49
    exposure = last(fight, "BlastExposure")
    assert (exposure.target, exposure.distance_ft, exposure.increments, exposure.effective) == ("t", 32, 3, 4)
    assert state_of(fight, "t").health == 8 - 6


def test_farrecon_14_a_blast_without_falloff_reaches_the_whole_map() -> None:
    """Issue 14 point 4, seed l.82-84: damage decreases only by the falloff, so BF 0 keeps E at its Base
    Damage everywhere ground zero can see: t, 60 squares away (300 ft), resists E 10."""
    fight = _long_range(5, 0, 60)
    fight.apply("a throw @1,1 with boom")
    assert last(fight, "Detonated").targets == ("a", "t")
    assert last(fight, "BlastExposure").effective == 10
