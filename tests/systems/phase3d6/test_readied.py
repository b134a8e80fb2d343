"""Phase 3d6 20 (seed l.99-100, issue 14 point 6): readying any attack manoeuvre, a Dodge, a move action or a
free action, and a 1-hex step as part of the readied action."""

from __future__ import annotations

from tests.systems.phase3d6.helpers import fighter, fs, new_fight, of, offered, play, why


def test_phase3d6_l99_a_readied_attack_may_be_any_attack_manoeuvre() -> None:
    """Phase 3d6 l.99 "You can ready an attack action": a Haymaker readied against an attack fires first,
    with the Haymaker's +4d6 and DCV -5 (issue 14: not only a plain Strike)."""
    fight = new_fight(
        fighter("ana", "red", (2, 2)),
        fighter("orc", "blue", (3, 2)),
        dice=[4, 4, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    )
    events = play(fight, "ana ready with fists +attacks +haymaker")
    assert [(e.what, e.trigger) for e in of(events, "ActionReadied")] == [("haymaker", "attacks")]
    events = play(fight, "ana end", "orc attack ana", "ana fire", "orc pass", "ana pass")
    rolls = [(e.attacker, e.maneuver, e.dcv) for e in of(events, "AttackRoll")]
    assert rolls == [("ana", "haymaker", 3), ("orc", "strike", 3 - 5)]
    assert of(events, "DamageDealt")[0].faces == (1, 1, 1, 1, 1, 1)  # fists 2d6 + Haymaker 4d6


def test_phase3d6_l99_a_readied_move_action_goes_first_and_the_attack_is_lost() -> None:
    """Phase 3d6 l.99 "You can ready ... a move action": a half move readied against an attack takes ana
    out of orc's reach before the blow (leaving orc's hex provokes, rule 9); orc's attack is then lost."""
    fight = new_fight(fighter("ana", "red", (2, 2)), fighter("orc", "blue", (3, 2)))
    play(fight, "ana ready @0,2 +attacks +move", "ana end", "orc attack ana")
    assert offered(fight) == {"ana fire", "ana pass"}  # a readied move has no 1-hex step (l.100)
    events = play(fight, "ana fire", "orc pass")
    assert [e.path for e in of(events, "HexesMoved")] == [((2, 2), (1, 2), (0, 2))]
    assert of(events, "AttackRoll") == []
    assert [e.why for e in of(events, "PhaseActionLost")] == [
        "its attack on ana is lost: ana is 3 hexes away; orc strikes within 1 (rule 7) (rule 20)"
    ]


def test_phase3d6_l99_a_readied_free_action_goes_just_before_the_trigger() -> None:
    """Phase 3d6 l.99 "... or a free action": dropping prone readied for an enemy's move happens before
    the move's first hex."""
    fight = new_fight(fighter("ana", "red", (2, 2)), fighter("orc", "blue", (5, 2)))
    play(fight, "ana ready +moves +prone", "ana end")
    events = fight.apply("orc move @4,2")
    assert of(events, "HexesMoved") == []
    events = fight.apply("ana fire")
    moves = [
        (e.kind, getattr(e, "maneuver", e.actor)) for e in events if e.kind in ("ManeuverUsed", "HexesMoved")
    ]
    assert moves == [("ManeuverUsed", "drop-prone"), ("HexesMoved", "orc")]
    assert fs(fight, "ana").prone
    assert fs(fight, "orc").pos == (4, 2)


def test_phase3d6_l100_a_1_hex_step_as_part_of_the_readied_action() -> None:
    """Phase 3d6 l.100 "You can take a 1-hex step as part of your readied action, but only if you don't
    otherwise move any distance during the Phase": the readied punch reaches orc 2 hexes away by stepping
    first ('fire @2,2'); after a move in the same Phase there is no step, so nothing can fire."""
    fight = new_fight(fighter("ana", "red", (1, 2)), fighter("orc", "blue", (3, 2)), dice=[1, 1, 1])
    play(fight, "ana ready with fists +moves", "ana end", "orc move @5,2")
    assert offered(fight) == {"ana fire @2,2", "ana pass"}
    assert "(seed l.100)" in why(fight, "ana fire @1,1")
    events = play(fight, "ana fire @2,2", "orc pass")
    assert [(e.path, e.how) for e in of(events, "HexesMoved")] == [(((1, 2), (2, 2)), "step")]
    assert [(e.attacker, e.target) for e in of(events, "AttackRoll")] == [("ana", "orc")]
    assert fs(fight, "ana").stepped
    moved = new_fight(fighter("ana", "red", (0, 2)), fighter("orc", "blue", (3, 2)))
    play(moved, "ana move @1,2", "ana ready with fists +moves", "ana end", "orc move @5,2")
    assert fs(moved, "orc").pos == (5, 2)  # the readied punch could not be taken: no decision


def test_phase3d6_l99_a_readied_attack_naming_its_target_waits_for_that_target() -> None:
    """Issue 14 point 8: a readied attack that names its target fires only when that enemy sets it off."""
    fight = new_fight(
        fighter("ana", "red", (2, 2)),
        fighter("gob", "blue", (1, 2)),
        fighter("orc", "blue", (3, 2)),
        dice=[1, 1, 1, 1, 1, 1],
    )
    play(fight, "ana ready orc with fists +attacks", "ana end", "gob attack ana")
    assert offered(fight, "fire") == set()  # gob's attack asks ana only whether to Abort
    assert "ana abort +dodge" in offered(fight)
    play(fight, "ana pass", "gob end", "orc attack ana")
    assert "ana fire" in offered(fight)


def test_phase3d6_20_a_ready_without_a_trigger_says_what_it_takes() -> None:
    """Rule 20: a ready without one trigger names the triggers and what may be readied."""
    fight = new_fight(fighter("ana", "red", (2, 2)), fighter("orc", "blue", (3, 2)))
    assert "ready takes one trigger (+attacks, +moves or +approaches)" in why(fight, "ana ready +prone")


def test_phase3d6_20_a_ranged_haymaker_or_an_unknown_target_is_refused_with_the_reason() -> None:
    """Rule 20: a readied manoeuvre must fit the weapon, and a named target must be an enemy in the fight."""
    fight = new_fight(fighter("ana", "red", (2, 2), weapons=["pistol"]), fighter("orc", "blue", (3, 2)))
    assert why(fight, "ana ready with pistol +attacks +haymaker") == (
        "+haymaker is a melee manoeuvre and pistol is a ranged weapon"
    )
    assert why(fight, "ana ready bob with pistol +attacks") == "'bob' is not an enemy in the fight"


def test_phase3d6_20_a_full_move_held_up_by_a_readied_action_is_still_the_whole_phase() -> None:
    """Phase 3d6 14, 20 (seed l.66, "Move more than half and up to all of combat movement" is a full-Phase
    action; l.17, "an attack action and a move action, two move actions, or a full-phase action"): orc's
    5-hex move (of 6) sets off ana's readied drop-prone first, then ends next to ana; it was the whole Phase,
    so only free actions are left, no attack (issue 14 point 13: a mutant that paid it as a step survived)."""
    fight = new_fight(fighter("ana", "red", (1, 2)), fighter("orc", "blue", (6, 2)))
    play(fight, "ana ready +moves +prone", "ana end", "orc move @2,2", "ana fire")
    assert fs(fight, "orc").pos == (2, 2) and fs(fight, "orc").full
    assert offered(fight) == {"orc end", "orc prone"}


def test_phase3d6_l99_a_readied_move_action_in_place_is_done_when_it_fires() -> None:
    """Phase 3d6 l.99 "You can ready ... a move action" and l.53 (sheathing is a move action): ana readies
    sheathing her club against a move; orc's move sets it off and the club is put away before orc's first
    hex (issue 14 point 13: a mutant that broke readied in-place actions survived)."""
    fight = new_fight(fighter("ana", "red", (1, 2), weapons=["club"]), fighter("orc", "blue", (5, 2)))
    play(fight, "ana ready +moves +sheathe", "ana end", "orc move @4,2")
    assert fs(fight, "orc").pos == (5, 2) and fs(fight, "ana").drawn == "club"
    fight.apply("ana fire")
    assert (fs(fight, "ana").drawn, fs(fight, "orc").pos) == (None, (4, 2))
