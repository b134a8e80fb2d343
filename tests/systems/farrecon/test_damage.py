"""Far Recon 12 and ruling D1: damage = Base Damage x increments of the margin over the DI, exact fractions;
the fight's end (max_rounds) and the setup's checks."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tactica.engine import SetupError
from tactica.systems.farrecon import FarReconOptions
from tactica.systems.farrecon.dice import tiers
from tests.systems.farrecon.helpers import SYSTEM, F, fighter, last, new_fight, setup


def hit(margin: int, weapon: str = "carbine", **options: object) -> object:
    """a (Firearms ``margin``) rolls 4dF = 0 against b's Physical Defense 0 + 4dF = 0: a hit by ``margin``."""
    people = [
        fighter("a", "x", (0, 1), weapons=[weapon], skills={"firearms": margin}),
        fighter("b", "y", (4, 1), aware=False, body=20),
    ]
    weapons = {"needle": {"kind": "ranged", "range": 8, "di": 0.5}}
    fight = new_fight(*people, dice=F(0) + F(0), weapons=weapons, options=options)
    fight.apply(f"a attack b with {weapon}")
    return last(fight, "StrikeResolved")


@pytest.mark.parametrize(
    ("margin", "damage"), [(1, 2), (2, 2), (3, 4), (4, 4), (5, 4), (6, 6), (7, 6), (8, 8)]
)
def test_farrecon_d1_di_2_5_tiers_at_3_6_and_8(margin: int, damage: int) -> None:
    """D1, Far Recon 12: a carbine (DI 2.5, Base Damage 2) adds damage when the margin *beats* 2.5, 5 and
    7.5: at 3, 6 and 8. The seed's '5' does not beat 5.0 (a typo, per D1): margin 5 still deals 4."""
    strike = hit(margin)
    assert (strike.margin, strike.damage) == (margin, damage)


@pytest.mark.parametrize(
    ("margin", "damage"), [(1, 2), (2, 2), (3, 4), (4, 4), (5, 6), (6, 6), (7, 6), (8, 8)]
)
def test_farrecon_d1_option_damage_tiers_meet_or_beat(margin: int, damage: int) -> None:
    """D1 / option damage_tiers meet_or_beat: floor(m / DI) + 1 gives the seed's 3, 5, 8 for DI 2.5..."""
    assert hit(margin, damage_tiers="meet_or_beat").damage == damage  # type: ignore[attr-defined]


def test_farrecon_d1_meet_or_beat_breaks_the_di_2_example() -> None:
    """D1: ...but it breaks the seed's DI 2 example (a margin of 2 deals 2, not 4), which ceil keeps."""
    meet = FarReconOptions(damage_tiers="meet_or_beat")
    assert tiers(2, Fraction(2), FarReconOptions()) == 1 and tiers(2, Fraction(2), meet) == 2


def test_farrecon_12_di_one_half_deals_4_per_point() -> None:
    """Far Recon 12: 'a weapon with a DI of 0.5 could inflict 4 damage for every point' (Base Damage 2)."""
    strike = hit(3, weapon="needle")
    assert (strike.margin, strike.tiers, strike.damage) == (3, 6, 12)  # type: ignore[attr-defined]


def test_farrecon_12_damage_increments_are_exact_fractions() -> None:
    """Far Recon 12 [res]: no floating point: 7.5 is exactly three DI 2.5 increments."""
    assert tiers(7, Fraction(5, 2), FarReconOptions()) == 3
    assert tiers(8, Fraction(5, 2), FarReconOptions()) == 4
    assert SYSTEM.new_game(setup(fighter("a", "x", (0, 0)), fighter("b", "y", (3, 0)))).weapons[
        "carbine"
    ].di == Fraction(5, 2)


def test_option_max_rounds_ends_in_a_draw() -> None:
    """Option max_rounds: a fight still going after that many rounds ends in a draw."""
    fight = new_fight(fighter("a", "x", (0, 0)), fighter("b", "y", (7, 0)), options={"max_rounds": 1})
    fight.apply("a end")
    fight.apply("b end")
    outcome = fight.outcome()
    assert outcome is not None and outcome.winner is None and "round limit 1" in outcome.reason


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"weapons": ["laser"]}, "unknown weapon 'laser'"),
        ({"carry": {"knife": 2}}, "not one of its thrown weapons"),
        ({"skills": {"piloting": 2}}, "unknown skill"),
        ({"joins_after": "b"}, "joins_after needs joins"),
        ({"joins": 2, "joins_after": "zed"}, "no combatant 'zed'"),
    ],
)
def test_setup_errors_name_the_field(change: dict[str, object], message: str) -> None:
    """Setup data is checked: each problem names its place."""
    with pytest.raises(SetupError, match=message):
        SYSTEM.new_game(setup(fighter("a", "x", (0, 0), **change), fighter("b", "y", (3, 0))))


def test_setup_checks_weapons_and_initiative() -> None:
    """Weapons need sane numbers; a late joiner rolls no initiative (Far Recon 7)."""
    with pytest.raises(SetupError, match=r"weapons\.bad"):
        SYSTEM.new_game(
            setup(
                fighter("a", "x", (0, 0)),
                fighter("b", "y", (3, 0)),
                weapons={"bad": {"kind": "explosive", "blast": 0}},
            )
        )
    data = setup(fighter("a", "x", (0, 0)), fighter("b", "y", (3, 0)), fighter("c", "y", (5, 0), joins=2))
    data["initiative"]["c"] = 3
    with pytest.raises(SetupError, match="joins late and rolls no initiative"):
        SYSTEM.new_game(data)
