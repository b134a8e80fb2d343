"""Issue 14 points 7 and 11: hand-computed edges of every rounding and sign helper that the engine and the
odds code share (``combat.taken``, ``combat.defence``, ``combat.combined``, ``combat.hits``,
``combat.stops``, ``combat.stuns``, ``combat.body_of``, ``economy.half_move``), and the stated choices of
rulings E17-E19 (Roll With A Punch rounds down, Block against the attacker's OCV with its weapon, the
Post-Turn Recovery does not end Stunned). The seed (004) has no numbers for any of them (l.26 "Block",
l.44 "Roll With A Punch", l.76 "Recover from being Stunned" are table rows only): HERO 6E gives them."""

from __future__ import annotations

from typing import Any

import pytest

from tactica.engine import Fight
from tactica.systems.phase3d6 import combat, economy
from tests.systems.phase3d6.helpers import acting, duel, fighter, fs, new_fight, of, play, rolls


def _pair(**options: Any) -> Fight:
    """ana (PD 0, CON 10) and orc (PD 2), both CV 3, apart."""
    return new_fight(fighter("ana", "red", (0, 0)), fighter("orc", "blue", (6, 4), pd=2), options=options)


@pytest.mark.parametrize(
    ("fid", "stun", "body", "punch", "expected"),
    [
        ("ana", 7, 3, True, (3, 1)),  # odd amounts round down (E17)
        ("ana", 8, 4, True, (4, 2)),
        ("ana", 1, 1, True, (0, 0)),
        ("ana", 0, 0, True, (0, 0)),
        ("ana", 7, 3, False, (7, 3)),
        ("orc", 9, 5, True, (3, 1)),  # PD 2 first (7, 3), then halved
        ("orc", 1, 1, False, (0, 0)),  # PD never makes a hit heal: 1 - 2 is 0, not -1
        ("orc", 2, 2, False, (0, 0)),
        ("orc", 3, 3, False, (1, 1)),
    ],
)
def test_e17_taken_pd_then_roll_with_a_punch_rounds_down(
    fid: str, stun: int, body: int, punch: bool, expected: tuple[int, int]
) -> None:
    """E17, issue 14 points 7 and 11: STUN and BODY after PD (never below 0), halved by a Roll With A Punch,
    rounded down (the defender's favour, HERO's rounding of damage taken)."""
    fight = _pair()
    assert combat.taken(fight.game, fid, stun, body, punch) == expected


def test_e17_roll_with_a_punch_rounds_an_odd_hit_down_in_play() -> None:
    """E17 (seed l.44 "Roll With A Punch", no numbers): a 2d6 hit of [3 4] = 7 STUN, 2 BODY on PD 0,
    rolled with: 3 STUN and 1 BODY taken."""
    fight = duel(dice=[4, 4, 4, 3, 4])
    events = play(fight, "ana end", "orc attack ana", "ana abort +roll-with-a-punch")
    dealt = of(events, "DamageDealt")[0]
    assert (dealt.faces, dealt.stun, dealt.body) == ((3, 4), 3, 1)


@pytest.mark.parametrize(
    ("maneuvers", "surprised", "stunned", "expected"),
    [
        ([], False, False, 3),
        ([], False, True, 1),  # 3 / 2 rounds down
        (["dodge"], False, True, 3),  # 6 / 2
        (["haymaker"], False, False, -2),
        (["haymaker"], False, True, -1),  # -2 / 2
        (["haymaker"], True, False, -5),  # 3 - 5 - 3
        (["haymaker"], True, True, -3),  # -5 / 2 rounds down, also below zero
        (["roll-with-a-punch"], False, True, 0),  # 1 / 2
    ],
)
def test_e1_half_dcv_while_stunned_rounds_down(
    maneuvers: list[str], surprised: bool, stunned: bool, expected: int
) -> None:
    """E1 (hero_stunned: "Stunned DCV 1/2"), rule 4 (the Surprise Phase's DCV -3), rule 13: DCV 3 with
    its manoeuvres and penalties, then halved while Stunned, rounded down (toward the lower DCV)."""
    fight = _pair(hero_stunned=True)
    assert combat.defence(fight.game, "ana", maneuvers, surprised=surprised, stunned=stunned) == expected


def test_e1_stunned_does_not_halve_dcv_without_the_option() -> None:
    """E1: without hero_stunned a Stunned flag changes no DCV."""
    fight = _pair()
    assert combat.defence(fight.game, "ana", ["haymaker"], surprised=True, stunned=True) == -5


@pytest.mark.parametrize(
    ("names", "which", "floor_zero", "expected"),
    [
        ([], "dcv", True, 0),
        (["dodge"], "dcv", True, 3),
        (["dodge", "strike"], "dcv", True, 0),  # the worst bonus: Strike's none counts as 0 (E5)
        (["dodge", "strike"], "dcv", False, 3),  # a manoeuvre without a bonus is ignored
        (["haymaker", "haymaker"], "dcv", True, -10),  # penalties stack
        (["dodge", "haymaker"], "dcv", True, -5),  # worst bonus 0, penalty -5
        (["dodge", "haymaker"], "dcv", False, -2),  # bonus 3, penalty -5
        (["disarm", "roll-with-a-punch"], "ocv", True, -4),
    ],
)
def test_e5_combined_worst_bonus_and_stacked_penalties(
    names: list[str], which: str, floor_zero: bool, expected: int
) -> None:
    """Rule 13, E5 (seed l.13 "you use the worst OCV and DCV bonus, while all OCV and DCV penalties
    stack"): the sum of the worst bonus and every penalty."""
    fight = _pair(bonus_floor_zero=floor_zero)
    assert combat.combined(fight.game, names, which) == expected


@pytest.mark.parametrize(
    ("dice", "ocv", "dcv", "options", "expected"),
    [
        (10, 3, 3, {}, True),  # 13 meets 13 (E2)
        (9, 3, 3, {}, False),
        (10, 3, 3, {"hit_on_equal": False}, False),
        (11, 3, 3, {"hit_on_equal": False}, True),
        (3, 0, -7, {}, True),  # a negative DCV: 3 meets 10 - 7
        (3, 0, -6, {}, False),
        (8, -2, -3, {}, False),  # a negative OCV: 6 against 7
        (9, -2, -3, {}, True),
        (3, 0, 20, {"auto_hit_miss": True}, True),
        (18, 20, 0, {"auto_hit_miss": True}, False),
    ],
)
def test_e2_hits_at_the_edges(dice: int, ocv: int, dcv: int, options: dict[str, Any], expected: bool) -> None:
    """Rules 5-6, E2 (seed l.7 "rolls 3d6 and adds their OCV ... The target number is 10 plus the
    defender's DCV"): equal totals hit by default; negative values count as they are."""
    fight = _pair(**options)
    assert combat.hits(fight.game, dice, ocv, dcv) is expected


@pytest.mark.parametrize(
    ("dice", "mine", "theirs", "expected"),
    [(10, 3, 3, True), (9, 3, 3, False), (10, 3, 4, False), (11, 3, 4, True), (3, 0, -7, True)],
)
def test_e18_stops_meets_ten_plus_the_attackers_ocv(
    dice: int, mine: int, theirs: int, expected: bool
) -> None:
    """E18 (Block, Missile Deflection): 3d6 + the blocker's OCV meets 10 + the attacker's OCV."""
    assert combat.stops(dice, mine, theirs) is expected


def test_e18_block_rolls_against_the_attackers_ocv_with_its_weapon() -> None:
    """E18 (seed l.26 "Block", no numbers): orc's sword adds +1 to the OCV a Block must meet: 10 + 3 = 13
    misses 10 + 3 + 1; ana's own sword adds nothing to her Block (its bonus is to attack with)."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), weapons=["sword"]),
        fighter("orc", "blue", (3, 2), weapons=["sword"]),
        dice=[4, 3, 3, 1, 1, 1],
    )
    events = play(fight, "ana end", "orc attack ana", "ana abort +block")
    assert rolls(events)[0] == ("ana", "orc", (4, 3, 3), 3, 4, 13, 14, False)
    assert of(events, "AttackStopped") == []


@pytest.mark.parametrize(
    ("stun", "already", "expected"), [(10, False, False), (11, False, True), (11, True, False)]
)
def test_e1_stuns_above_con(stun: int, already: bool, expected: bool) -> None:
    """E1 (hero_stunned): STUN damage above CON (10) Stuns; equal does not; no second Stun."""
    fight = _pair(hero_stunned=True)
    ana = fs(fight, "ana")
    ana.stunned = already
    assert combat.stuns(fight.game, ana, stun) is expected


@pytest.mark.parametrize(("face", "body"), [(1, 0), (2, 1), (5, 1), (6, 2)])
def test_damage_body_of_a_die(face: int, body: int) -> None:
    """Damage (HERO normal damage, not in the seed): a die's BODY is 0 for a 1, 2 for a 6, else 1."""
    assert combat.body_of(face) == body


@pytest.mark.parametrize(
    ("move", "hexes", "half"), [(6, 0, 3), (5, 0, 3), (7, 0, 4), (1, 0, 1), (0, 0, 0), (7, 5, 2), (6, 6, 0)]
)
def test_14_half_move_rounds_up_within_the_movement_left(move: int, hexes: int, half: int) -> None:
    """Rule 14, E7 (seed l.51 "Move up to half of combat movement"): half rounded up, never more than the
    movement left this Phase, never below 0."""
    fight = new_fight(fighter("ana", "red", (0, 0), move=move), fighter("orc", "blue", (6, 4)))
    ana = fs(fight, "ana")
    ana.hexes = hexes
    assert economy.half_move(fight.game, ana) == half


def test_e19_the_post_turn_recovery_does_not_end_stunned() -> None:
    """E19 (hero_stunned; seed l.1 "most characters automatically get to Take a Recovery", l.76-77 "Recover
    from being Stunned" and "Take a Recovery" are two actions): the Post-Turn Recovery gives STUN back but
    leaves a Stunned character Stunned; only its own full-Phase 'recover' ends it."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), stun_now=10),
        fighter("orc", "blue", (6, 4)),
        options={"hero_stunned": True},
    )
    fs(fight, "ana").stunned = True
    for _ in range(4):
        play(fight, "ana end", "orc end")
    assert [(e.actor, e.total) for e in of(fight.events, "RecoveryTaken")] == [("ana", 14), ("orc", 20)]
    assert fs(fight, "ana").stunned
    assert acting(fight) == "ana"
    assert {a.verb for a in fight.legal_actions()} == {"recover", "end"}
