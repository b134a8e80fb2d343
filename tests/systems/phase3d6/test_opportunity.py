"""Phase 3d6 8-13 and 16, rulings E3-E7: threatened hexes, what provokes an attack of opportunity, the
interrupted action going on afterwards, one per Phase, Dodge, Combat Reflexes, one opportunity per opponent,
manoeuvre combination; options aoo_limit_per, dodge_blocks_aoo, bonus_floor_zero, aoo_skill_negates."""

from __future__ import annotations

from typing import Any

import pytest

from tactica.engine import Fight
from tests.systems.phase3d6.helpers import (
    acting,
    duel,
    fighter,
    fs,
    hit,
    kinds,
    new_fight,
    of,
    offered,
    play,
    rolls,
    why,
)

#: A corridor (row 0) with the orc's alcove below it at (3, 1): the orc threatens (3, 0) and (4, 0).
CORRIDOR = ". . . . . . .\n# # # . # # #"


def offers(events: list[Any]) -> list[tuple[str, str, str]]:
    """(attacker, provoker, why) of the attacks of opportunity offered."""
    return [(e.attacker, e.provoker, e.why) for e in of(events, "OpportunityOffered")]


def paths(events: list[Any]) -> list[tuple[tuple[int, int], ...]]:
    """The paths of the HexesMoved events."""
    return [e.path for e in of(events, "HexesMoved")]


def corridor(*extra: dict[str, Any], dice: list[int] | None = None, **options: Any) -> Fight:
    """ana at (0, 0) in the corridor, the orc in its alcove at (3, 1)."""
    return new_fight(
        fighter("ana", "red", (0, 0)),
        fighter("orc", "blue", (3, 1), **options.pop("orc", {})),
        *extra,
        text=CORRIDOR,
        dice=dice,
        options=options,
    )


# --- Phase 3d6 8: threatened hexes ------------------------------------------------------------------


def test_phase3d6_8_adjacent_hexes_are_threatened() -> None:
    """Phase 3d6 8-9: a character threatens the hexes next to it (reach 1), even off its turn; leaving one
    provokes."""
    fight = duel()
    events = fight.apply("ana move @1,2")
    assert offers(events) == [("orc", "ana", "leaves a threatened hex")]
    assert fight.deciding() == ["orc"]
    assert offered(fight) == {
        "orc opportunity ana with fists",
        "orc opportunity ana with fists +haymaker",
        "orc opportunity ana with fists +disarm",
        "orc pass",
    }


def test_phase3d6_8_hexes_beyond_reach_are_not_threatened() -> None:
    """Phase 3d6 8: with reach 1 a hex 2 away is not threatened: leaving it provokes nothing."""
    fight = new_fight(fighter("ana", "red", (1, 2)), fighter("orc", "blue", (3, 2)))
    events = fight.apply("ana move @0,2")
    assert offers(events) == []
    assert paths(events) == [((1, 2), (0, 2))]


def test_phase3d6_8_reach_2_threatens_two_hexes_away() -> None:
    """Phase 3d6 8: more reach threatens more hexes: a reach-2 spearman threatens a hex 2 away, and its
    attack of opportunity strikes there."""
    fight = new_fight(
        fighter("ana", "red", (1, 2)),
        fighter("orc", "blue", (3, 2), reach=2, weapons=["spear"]),
        dice=[4, 4, 4, 1, 1, 1],
    )
    events = fight.apply("ana move @0,2")
    assert offers(events) == [("orc", "ana", "leaves a threatened hex")]
    assert offered(fight, "opportunity") == {
        "orc opportunity ana with spear",
        "orc opportunity ana with spear +haymaker",
        "orc opportunity ana with spear +disarm",
    }
    events = play(fight, "orc opportunity ana with spear", "ana pass")
    assert rolls(events) == [("orc", "ana", (4, 4, 4), 3, 3, 15, 13, True)]
    assert paths(events) == [((1, 2), (0, 2))]


def test_phase3d6_9_moving_into_a_threatened_hex_does_not_provoke() -> None:
    """Phase 3d6 9: only moving OUT of a threatened hex provokes; coming next to an enemy does not."""
    fight = new_fight(fighter("ana", "red", (0, 2)), fighter("orc", "blue", (3, 2)))
    events = fight.apply("ana move @2,2")
    assert offers(events) == []
    assert fs(fight, "ana").pos == (2, 2)


# --- Phase 3d6 9-10: provoking, and the action going on afterwards -----------------------------------


def test_phase3d6_10_opportunity_interrupts_a_move_that_then_goes_on() -> None:
    """Phase 3d6 10, 12: the attack of opportunity is resolved at once when the mover is about to leave
    the threatened hex (3, 0), then the move continues; leaving (4, 0), threatened by the same orc, is the
    same opportunity."""
    fight = corridor(dice=[4, 4, 4, 2, 3])
    events = fight.apply("ana move @6,0")
    assert [(e.maneuver, e.type) for e in of(events, "ManeuverUsed")] == [("full-move", "full")]
    assert paths(events) == [((0, 0), (1, 0), (2, 0), (3, 0))]
    assert offers(events) == [("orc", "ana", "leaves a threatened hex")]
    assert fs(fight, "ana").pos == (3, 0)
    events = play(fight, "orc opportunity ana", "ana pass")
    assert rolls(events) == [("orc", "ana", (4, 4, 4), 3, 3, 15, 13, True)]
    assert of(events, "AttackRoll")[0].opportunity
    assert fs(fight, "ana").stun == 15
    assert paths(events) == [((3, 0), (4, 0), (5, 0), (6, 0))]
    assert offers(events) == []
    assert kinds(fight).index("DamageDealt") < len(fight.events) - 1
    assert fs(fight, "ana").pos == (6, 0)


def test_phase3d6_10_opportunity_is_optional() -> None:
    """Phase 3d6 11: an attack of opportunity need not be taken: passing rolls nothing, the move goes on."""
    fight = corridor(dice=[])
    fight.apply("ana move @6,0")
    events = fight.apply("orc pass")
    assert of(events, "AttackRoll") == []
    assert fs(fight, "ana").pos == (6, 0)


def test_phase3d6_10_a_mover_knocked_out_stops() -> None:
    """Phase 3d6 10: the provoking action goes on only if still possible: knocked out, the mover stays in
    the hex it was leaving."""
    fight = new_fight(
        fighter("ana", "red", (1, 0), stun_now=5),
        fighter("orc", "blue", (3, 1)),
        fighter("bob", "red", (0, 0)),
        text=CORRIDOR,
        dice=[4, 4, 4, 2, 3],
    )
    play(fight, "ana move @6,0", "orc opportunity ana", "ana pass")
    assert fs(fight, "ana").out
    assert fs(fight, "ana").pos == (3, 0)
    assert paths(fight.events) == [((1, 0), (2, 0), (3, 0))]
    assert acting(fight) == "orc"


@pytest.mark.parametrize(
    ("verb", "sheet", "why_text"),
    [
        ("ana stand", {"prone": True}, "stand up from prone"),
        ("ana draw club", {"weapons": ["fists", "club"]}, "draw or sheathe a focus"),
        ("ana reload", {"weapons": ["pistol"]}, "reload a gun"),
    ],
)
def test_phase3d6_9_distracting_move_actions_provoke(verb: str, sheet: dict[str, Any], why_text: str) -> None:
    """Phase 3d6 9, 16: standing up, drawing a weapon and reloading a gun in a threatened hex provoke; the
    action is done after the attack of opportunity (rule 10)."""
    fight = new_fight(fighter("ana", "red", (2, 2), **sheet), fighter("orc", "blue", (3, 2)), dice=[1, 1, 1])
    if verb == "ana reload":
        fs(fight, "ana").ammo["pistol"] = 2
    events = fight.apply(verb)
    assert offers(events) == [("orc", "ana", why_text)]
    assert of(events, "ManeuverUsed") == []  # not done yet
    events = play(fight, "orc opportunity ana", "ana pass")
    assert rolls(events)[0][:2] == ("orc", "ana")
    assert [e.actor for e in of(events, "ManeuverUsed")] == ["orc", "ana"]
    ana = fs(fight, "ana")
    assert (ana.prone, ana.drawn, ana.ammo) == {
        "ana stand": (False, None, {}),
        "ana draw club": (False, "club", {}),
        "ana reload": (False, "pistol", {"pistol": 6}),
    }[verb]


def test_phase3d6_9_distracting_action_out_of_reach_provokes_nothing() -> None:
    """Phase 3d6 9: standing up away from enemies provokes nothing and is done at once."""
    fight = new_fight(fighter("ana", "red", (0, 2), prone=True), fighter("orc", "blue", (3, 2)))
    events = fight.apply("ana stand")
    assert offers(events) == []
    assert not fs(fight, "ana").prone


@pytest.mark.parametrize(
    "actions",
    [
        ["ana attack orc with club", "orc pass"],
        ["ana dodge"],
        ["ana ready with club +attacks"],
        ["ana prone"],
        ["ana drop"],
        ["ana recovery"],
        ["ana step @1,2"],
        ["ana delay orc"],
        ["ana withdraw @0,2"],
    ],
)
def test_phase3d6_16_actions_that_do_not_provoke(actions: list[str]) -> None:
    """Phase 3d6 16: attacks, Dodge, Ready, free actions (drop prone, drop an item), Take a Recovery, the
    1-hex step, Delay and Withdraw (its first hex, E9) provoke no attack of opportunity."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), weapons=["club"]), fighter("orc", "blue", (3, 2)), dice=[1, 1, 1]
    )
    events = play(fight, *actions)
    assert offers(events) == []


def test_phase3d6_16_ranged_attack_in_a_threatened_hex_does_not_provoke() -> None:
    """Phase 3d6 16: 'other attacks' provoke nothing: firing a pistol next to an enemy is no opportunity."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), weapons=["pistol"]), fighter("orc", "blue", (3, 2)), dice=[1, 1, 1]
    )
    events = hit(fight, "ana", "orc", "with", "pistol")
    assert offers(events) == []
    assert len(rolls(events)) == 1


def test_phase3d6_10_several_enemies_decide_in_initiative_order() -> None:
    """Phase 3d6 10: leaving a hex two enemies threaten offers both an attack of opportunity; the first in
    initiative order decides first."""
    fight = new_fight(
        fighter("ana", "red", (2, 2)), fighter("orc", "blue", (3, 2)), fighter("gob", "blue", (2, 3)), dice=[]
    )
    events = fight.apply("ana move @0,2")
    assert sorted(offers(events)) == [
        ("gob", "ana", "leaves a threatened hex"),
        ("orc", "ana", "leaves a threatened hex"),
    ]
    assert fight.deciding() == ["orc"]
    fight.apply("orc pass")
    assert fight.deciding() == ["gob"]


def test_phase3d6_10_each_opportunity_is_resolved_at_once() -> None:
    """Phase 3d6 10: an attack of opportunity is resolved immediately: the orc's (first in order) is rolled
    before the goblin decides, so the rolls come orc first, goblin second."""
    fight = new_fight(
        fighter("ana", "red", (2, 2)),
        fighter("orc", "blue", (3, 2)),
        fighter("gob", "blue", (2, 3)),
        dice=[4, 4, 4, 1, 1, 5, 5, 5, 2, 2],
    )
    fight.apply("ana move @0,2")
    events = play(fight, "orc opportunity ana", "ana pass")
    assert rolls(events) == [("orc", "ana", (4, 4, 4), 3, 3, 15, 13, True)]
    events = play(fight, "gob opportunity ana", "ana pass")
    assert rolls(events) == [("gob", "ana", (5, 5, 5), 3, 3, 18, 13, True)]


# --- Phase 3d6 11: one per Phase; not after a Dodge -------------------------------------------------------


def two_leavers(**orc: Any) -> Fight:
    """ana and bob (red, first) both next to the orc; each moves away in turn."""
    return new_fight(
        fighter("ana", "red", (2, 2)),
        fighter("bob", "red", (3, 3)),
        fighter("orc", "blue", (3, 2), **orc),
        dice=[1, 1, 1, 1, 1, 1],
    )


def test_phase3d6_11_one_attack_of_opportunity_per_phase() -> None:
    """Phase 3d6 11: an attack of opportunity per Phase: after the orc's on ana, bob leaves freely; in the
    next Phase the orc may take one again."""
    fight = two_leavers()
    play(fight, "ana move @0,2", "orc opportunity ana", "ana pass", "ana end")
    assert acting(fight) == "bob"
    events = fight.apply("bob move @3,4")
    assert offers(events) == []
    assert fs(fight, "bob").pos == (3, 4)
    play(fight, "bob end", "orc move @3,3", "orc end")  # the orc comes next to bob
    fight.apply("ana end")  # Phase 2
    events = fight.apply("bob move @5,4")
    assert offers(events) == [("orc", "bob", "leaves a threatened hex")]


def test_phase3d6_11_a_passed_opportunity_is_not_spent() -> None:
    """Phase 3d6 11: only an attack made counts: the orc passes on ana and may still strike bob."""
    fight = two_leavers()
    play(fight, "ana move @0,2", "orc pass", "ana end")
    events = fight.apply("bob move @3,4")
    assert offers(events) == [("orc", "bob", "leaves a threatened hex")]


def dodger(**options: Any) -> Fight:
    """Phase 1: ana ends, the orc (next to her) Dodges; Phase 2: ana is first to act."""
    fight = duel(dice=[], options=options)
    play(fight, "ana end", "orc dodge", "orc end")
    assert acting(fight) == "ana"
    return fight


def test_phase3d6_11_e4_no_opportunity_after_a_dodge_until_its_next_phase() -> None:
    """Phase 3d6 11, E4: after a Dodge no attacks of opportunity until the dodger's next Phase starts
    (here: in Phase 2, before the orc's place)."""
    fight = dodger()
    events = fight.apply("ana move @0,2")
    assert offers(events) == []
    assert fs(fight, "ana").pos == (0, 2)


def test_phase3d6_e4_option_dodge_blocks_only_this_phase() -> None:
    """E4 option dodge_blocks_aoo='this_phase': the Dodge stops attacks of opportunity only until the end
    of the Phase it was made in."""
    fight = dodger(dodge_blocks_aoo="this_phase")
    events = fight.apply("ana move @0,2")
    assert offers(events) == [("orc", "ana", "leaves a threatened hex")]


def test_phase3d6_11_aborting_to_dodge_also_stops_opportunities() -> None:
    """Phase 3d6 11, 21: a Dodge taken by Abort also forbids attacks of opportunity: the orc attacks, ana
    Aborts to a Dodge, and the orc walks away from her unpunished."""
    fight = duel(dice=[1, 1, 1])
    play(fight, "ana end", "orc attack ana", "ana abort +dodge")
    events = fight.apply("orc move @5,2")
    assert offers(events) == []
    assert fs(fight, "orc").pos == (5, 2)


# --- Phase 3d6 12: Combat Reflexes, one opportunity per opponent ------------------------------------


def test_phase3d6_12_combat_reflexes_allow_more_per_phase() -> None:
    """Phase 3d6 12: with Combat Reflexes (1) the orc strikes both ana and bob in one Phase."""
    fight = two_leavers(combat_reflexes=1)
    play(fight, "ana move @0,2", "orc opportunity ana", "ana pass", "ana end")
    events = fight.apply("bob move @3,4")
    assert offers(events) == [("orc", "bob", "leaves a threatened hex")]
    events = play(fight, "orc opportunity bob", "bob pass")
    assert rolls(events) == [("orc", "bob", (1, 1, 1), 3, 3, 6, 13, False)]
    assert fs(fight, "orc").aoo_used == 2


def test_phase3d6_12_several_hexes_of_one_opponent_are_one_opportunity() -> None:
    """Phase 3d6 12: moving out of two hexes the same orc threatens is one opportunity, even with Combat
    Reflexes."""
    fight = corridor(dice=[1, 1, 1], orc={"combat_reflexes": 2})
    fight.apply("ana move @6,0")
    events = play(fight, "orc opportunity ana", "ana pass")
    assert offers(events) == []
    assert fs(fight, "ana").pos == (6, 0)


def test_phase3d6_e7_second_half_move_same_opponent_no_new_opportunity() -> None:
    """E7, Phase 3d6 12: each half move provokes on its own, but the same opponent gets one opportunity
    for leaving hexes in a Phase: the second half move past the orc provokes nothing more."""
    fight = corridor(dice=[], orc={"combat_reflexes": 1})
    fight.apply("ana move @3,0")
    assert offers(fight.events) == []
    events = fight.apply("ana move @6,0")
    assert offers(events) == [("orc", "ana", "leaves a threatened hex")]
    fight.apply("orc pass")
    assert fs(fight, "ana").pos == (6, 0)
    assert len(offers(fight.events)) == 1


def test_phase3d6_12_same_opponent_provoking_twice_is_two_opportunities() -> None:
    """Phase 3d6 12: if the same opponent provokes twice (leaving a threatened hex, then drawing a weapon
    in one), each is its own opportunity: with Combat Reflexes the orc may strike both times."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), weapons=["fists", "club"]),
        fighter("orc", "blue", (3, 2), combat_reflexes=1),
        dice=[1, 1, 1, 1, 1, 1],
    )
    play(fight, "ana move @2,3", "orc opportunity ana", "ana pass")
    assert fs(fight, "ana").pos == (2, 3)
    events = fight.apply("ana draw club")
    assert offers(events) == [("orc", "ana", "draw or sheathe a focus")]


def test_phase3d6_e6_acrobatics_success_negates() -> None:
    """E6: 'skill check negates': the provoker rolls 3d6 under its Acrobatics (12 <= 12): no attack of
    opportunity from anyone for this opportunity."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), acrobatics=12), fighter("orc", "blue", (3, 2)), dice=[4, 4, 4]
    )
    events = fight.apply("ana move @0,2")
    assert [(e.actor, e.skill, e.faces, e.target, e.success) for e in of(events, "SkillRolled")] == [
        ("ana", "acrobatics", (4, 4, 4), 12, True)
    ]
    assert offers(events) == []
    assert fs(fight, "ana").pos == (0, 2)


def test_phase3d6_e6_one_roll_per_opportunity() -> None:
    """E6, Phase 3d6 12 (the code's reading): the Acrobatics roll covers the opportunity: leaving the
    second hex the same orc threatens needs no second roll."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), acrobatics=12),
        fighter("orc", "blue", (3, 1)),
        text=CORRIDOR,
        dice=[4, 4, 4],
    )
    events = fight.apply("ana move @6,0")
    assert [e.success for e in of(events, "SkillRolled")] == [True]
    assert offers(events) == []
    assert fs(fight, "ana").pos == (6, 0)
    assert fight.faces == [4, 4, 4]


def test_phase3d6_e6_acrobatics_failure_provokes() -> None:
    """E6: a failed Acrobatics roll (13 > 12) leaves the attack of opportunity open."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), acrobatics=12), fighter("orc", "blue", (3, 2)), dice=[4, 4, 5]
    )
    events = fight.apply("ana move @0,2")
    assert [e.success for e in of(events, "SkillRolled")] == [False]
    assert offers(events) == [("orc", "ana", "leaves a threatened hex")]


def test_phase3d6_e6_acrobatics_negates_standing_up() -> None:
    """E6, Phase 3d6 16: standing up is 'Yes (skill check negates)': a successful roll, no opportunity."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), acrobatics=10, prone=True),
        fighter("orc", "blue", (3, 2)),
        dice=[1, 2, 3],
    )
    events = fight.apply("ana stand")
    assert [e.success for e in of(events, "SkillRolled")] == [True]
    assert offers(events) == []
    assert not fs(fight, "ana").prone


def test_phase3d6_e6_no_acrobatics_no_roll() -> None:
    """E6: a character without Acrobatics cannot try: no dice, the opportunity stands."""
    fight = duel(dice=[])
    events = fight.apply("ana move @0,2")
    assert of(events, "SkillRolled") == []
    assert offers(events) == [("orc", "ana", "leaves a threatened hex")]


def test_phase3d6_e6_option_skill_never_negates() -> None:
    """E6 option aoo_skill_negates='never': even with Acrobatics there is no roll; the opportunity stands."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), acrobatics=18),
        fighter("orc", "blue", (3, 2)),
        dice=[],
        options={"aoo_skill_negates": "never"},
    )
    events = fight.apply("ana move @0,2")
    assert of(events, "SkillRolled") == []
    assert offers(events) == [("orc", "ana", "leaves a threatened hex")]


def test_phase3d6_16_withdraw_is_not_skill_negated_on_its_first_hex() -> None:
    """Phase 3d6 16, E9: Withdraw provokes nothing on its first hex, so no Acrobatics roll is made there."""
    fight = new_fight(fighter("ana", "red", (2, 2), acrobatics=12), fighter("orc", "blue", (3, 2)), dice=[])
    events = fight.apply("ana withdraw @0,2")
    assert of(events, "SkillRolled") == []
    assert offers(events) == []


# --- E3: per Phase, option aoo_limit_per --------------------------------------------------------------


def test_phase3d6_e3_the_limit_is_per_phase() -> None:
    """E3: the seed's 'round' is a Phase: the orc's attack of opportunity in Phase 1 does not stop one in
    Phase 2 of the same Turn."""
    fight = two_leavers()
    play(fight, "ana move @0,2", "orc opportunity ana", "ana pass", "ana end", "bob end", "orc end")
    fight.apply("ana end")  # Phase 2: bob, still next to the orc, walks away
    events = fight.apply("bob move @5,4")
    assert offers(events) == [("orc", "bob", "leaves a threatened hex")]


def test_phase3d6_e3_option_limit_per_turn() -> None:
    """E3 option aoo_limit_per='turn': one attack of opportunity per Turn: after the orc's in Phase 1, bob
    leaves it in Phase 2 of the same Turn without an offer."""
    fight = new_fight(
        fighter("ana", "red", (2, 2)),
        fighter("bob", "red", (3, 3)),
        fighter("orc", "blue", (3, 2)),
        dice=[1, 1, 1],
        options={"aoo_limit_per": "turn"},
    )
    play(fight, "ana move @0,2", "orc opportunity ana", "ana pass", "ana end", "bob end", "orc end")
    fight.apply("ana end")  # Phase 2: bob, still next to the orc, walks away
    events = fight.apply("bob move @5,4")
    assert offers(events) == []


# --- Phase 3d6 13, E5: manoeuvres combined ---------------------------------------------------------------


def test_phase3d6_13_opportunity_with_another_manoeuvre() -> None:
    """Phase 3d6 13: an attack of opportunity may use any attack manoeuvre, not the one used on its own
    place: a Haymaker (+4d6 damage)."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), stun=60),
        fighter("orc", "blue", (3, 2)),
        dice=[4, 4, 4, 1, 1, 1, 1, 1, 1],
    )
    play(fight, "ana move @0,2")
    events = play(fight, "orc opportunity ana +haymaker", "ana pass")
    assert [e.maneuver for e in of(events, "ManeuverUsed")] == ["haymaker"]
    assert [d.faces for d in of(events, "DamageDealt")] == [(1, 1, 1, 1, 1, 1)]


def test_phase3d6_13_opportunity_with_disarm() -> None:
    """Phase 3d6 13: any manoeuvre that needs an attack roll may be used for an attack of opportunity,
    Disarm included."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), weapons=["club"]), fighter("orc", "blue", (3, 2)), dice=[6, 6, 6]
    )
    fight.apply("ana move @0,2")
    assert "orc opportunity ana with fists +disarm" in offered(fight, "opportunity")


def test_phase3d6_13_penalties_carry_into_the_opportunity() -> None:
    """Phase 3d6 13: the manoeuvres of a Phase combine: after a Disarm (OCV -2) ana's attack of
    opportunity (Strike, bonus 0) is at OCV 3 - 2 = 1."""
    fight = new_fight(
        fighter("ana", "red", (2, 2)), fighter("orc", "blue", (3, 2)), dice=[1, 1, 1, 4, 4, 4, 1, 1]
    )
    hit(fight, "ana", "orc", "+disarm")
    fight.apply("ana end")
    fight.apply("orc move @5,2")
    events = play(fight, "ana opportunity orc", "orc pass")
    assert rolls(events) == [("ana", "orc", (4, 4, 4), 1, 3, 13, 13, True)]


def test_phase3d6_13_dcv_penalties_stack() -> None:
    """Phase 3d6 13: all penalties stack: a Haymaker on its place and a Haymaker as attack of opportunity
    leave ana at DCV 3 - 5 - 5 = -7 against the goblin."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), stun=99),
        fighter("orc", "blue", (3, 2), stun=99),
        fighter("gob", "blue", (2, 3), stun=99),
        dice=[1] * 11,
    )
    hit(fight, "ana", "orc", "+haymaker")
    fight.apply("ana end")
    fight.apply("orc move @5,2")
    play(fight, "ana opportunity orc +haymaker", "orc pass", "orc end")
    events = hit(fight, "gob", "ana")
    assert rolls(events) == [("gob", "ana", (1, 1, 1), 3, -7, 6, 3, True)]


def worst_bonus_fight(**options: Any) -> Fight:
    """ana Strikes the orc (bonus 0) on her place; then the orc attacks and ana Aborts to a Dodge (+3)."""
    fight = new_fight(
        fighter("ana", "red", (2, 2)),
        fighter("orc", "blue", (3, 2)),
        dice=[1, 1, 1, 1, 1, 1],
        options=options,
    )
    hit(fight, "ana", "orc")
    fight.apply("ana end")
    play(fight, "orc attack ana", "ana abort +dodge")
    return fight


def test_phase3d6_13_e5_worst_bonus_counts_a_manoeuvre_without_bonus_as_0() -> None:
    """Phase 3d6 13, E5: with a Strike (no bonus) and a Dodge (+3 DCV) in one Phase the worst DCV bonus
    is 0: ana's DCV stays 3."""
    fight = worst_bonus_fight()
    assert rolls(fight.events)[-1] == ("orc", "ana", (1, 1, 1), 3, 3, 6, 13, False)


def test_phase3d6_e5_option_bonus_floor_zero_off() -> None:
    """E5 option bonus_floor_zero=false: manoeuvres without a bonus do not count: the Dodge's +3 stands."""
    fight = worst_bonus_fight(bonus_floor_zero=False)
    assert rolls(fight.events)[-1] == ("orc", "ana", (1, 1, 1), 3, 6, 6, 16, False)


def test_phase3d6_21_dodge_alone_gives_plus_3_dcv() -> None:
    """Phase 3d6 13 (one manoeuvre): a Dodge alone gives its full +3 DCV."""
    fight = new_fight(fighter("orc", "blue", (3, 2)), fighter("ana", "red", (2, 2)), dice=[1, 1, 1])
    events = play(fight, "orc attack ana", "ana abort +dodge")
    assert rolls(events) == [("orc", "ana", (1, 1, 1), 3, 6, 6, 16, False)]


def test_phase3d6_11_opportunity_needs_a_melee_weapon() -> None:
    """Phase 3d6 8, 10: an attack of opportunity is a melee attack, and one threatens only the hexes it can
    make a melee attack into: holding only a pistol (no fists) the orc threatens nothing, so leaving its side
    provokes nothing."""
    fight = new_fight(
        fighter("ana", "red", (2, 2)), fighter("orc", "blue", (3, 2), weapons=["pistol"]), dice=[]
    )
    events = fight.apply("ana move @0,2")
    assert offers(events) == []
    assert fight.deciding() == ["ana"]
    assert why(fight, "orc opportunity ana with pistol")
