"""Phase 3d6 19-21 and ruling E11: Delay, Ready (fired just before its trigger, even mid-move; the readier
then immediately ahead of the trigger), Abort (costing this Phase's or the next Phase's action); option
ready_moves_initiative."""

from __future__ import annotations

from typing import Any

from tactica.engine import Fight
from tests.systems.phase3d6.helpers import (
    acting,
    duel,
    fighter,
    fs,
    global_phase,
    new_fight,
    of,
    offered,
    order,
    play,
    rolls,
    turns_started,
    why,
)

#: A corridor (row 0) with an alcove below it at (3, 1), next to (3, 0) and (4, 0).
CORRIDOR = ". . . . . . .\n# # # . # # #"


def in_phase(fight: Fight, label: str) -> list[str]:
    """Who came up in the Phase with this label, in order."""
    return [who for lab, who in turns_started(fight) if lab == label]


def lost(fight: Fight) -> list[tuple[str, str]]:
    """(character, why) of every Phase action lost so far."""
    return [(e.actor, e.why) for e in of(fight.events, "PhaseActionLost")]


def aborts(fight: Fight) -> list[tuple[str, str, int]]:
    """(character, manoeuvre, the global Phase whose action it costs) of every Abort."""
    return [(e.actor, e.maneuver, e.costs_phase) for e in of(fight.events, "Aborted")]


def trio(**extra: Any) -> Fight:
    """ana, orc and gob (initiative in that order), far apart."""
    return new_fight(
        fighter("ana", "red", (0, 0)), fighter("orc", "blue", (6, 0)), fighter("gob", "blue", (6, 4)), **extra
    )


# --- Phase 3d6 19: Delay -------------------------------------------------------------------------------


def test_phase3d6_19_delay_acts_right_after_the_named_character() -> None:
    """Phase 3d6 19: ana delays until after gob: she acts then, and her initiative stays at that point in
    later Phases."""
    fight = trio(dice=[])
    events = fight.apply("ana delay gob")
    assert [(e.actor, e.where, e.other, e.why) for e in of(events, "InitiativeMoved")] == [
        ("ana", "after", "gob", "delay")
    ]
    assert order(fight) == ["orc", "gob", "ana"]
    assert acting(fight) == "orc"
    play(fight, "orc end", "gob end")
    assert acting(fight) == "ana"
    assert "ana move @3,0" in offered(fight, "move")  # her whole action, later
    play(fight, "ana end", "orc end", "gob end", "ana end")
    assert in_phase(fight, "Turn 1, Phase 1") == ["ana", "orc", "gob", "ana"]
    assert in_phase(fight, "Turn 1, Phase 2") == ["orc", "gob", "ana"]


def test_phase3d6_19_delay_cannot_interrupt() -> None:
    """Phase 3d6 19: the delayer cannot interrupt: it acts only when the named character's action is over."""
    fight = trio(dice=[])
    play(fight, "ana delay orc", "orc move @4,0")
    assert acting(fight) == "orc"
    fight.apply("orc end")
    assert acting(fight) == "ana"


def test_phase3d6_19_delay_only_before_acting() -> None:
    """Phase 3d6 19: delay is taking no action on one's own score: not after having acted."""
    fight = trio(dice=[])
    assert offered(fight, "delay") == {"ana delay orc", "ana delay gob", "ana delay"}
    fight.apply("ana move @1,0")
    assert offered(fight, "delay") == set()
    assert "ana delays only before acting this Phase: 'delay' (act between any two later places)" in why(
        fight, "ana delay orc"
    )
    assert "ana delays only before acting this Phase" in why(fight, "ana delay")


def test_phase3d6_19_delay_into_the_next_phase_replaces_the_regular_action() -> None:
    """Phase 3d6 19: gob delays until after ana, who has acted already: gob acts in the next Phase right
    after ana (initiative risen to that point) and gets no other action in that Phase."""
    fight = trio(dice=[])
    play(fight, "ana end", "orc end", "gob delay ana")
    assert global_phase(fight) == 2
    assert order(fight) == ["ana", "gob", "orc"]
    assert in_phase(fight, "Turn 1, Phase 1") == ["ana", "orc", "gob"]
    play(fight, "ana end", "gob end", "orc end")
    assert in_phase(fight, "Turn 1, Phase 2") == ["ana", "gob", "orc"]
    assert global_phase(fight) == 3


def test_phase3d6_19_delay_again() -> None:
    """Phase 3d6 19: at the delayed point one may delay again."""
    fight = trio(dice=[])
    play(fight, "ana delay orc", "orc end")
    assert acting(fight) == "ana"
    assert "ana delay gob" in offered(fight, "delay")
    play(fight, "ana delay gob", "gob end")
    assert acting(fight) == "ana"
    assert order(fight) == ["orc", "gob", "ana"]


def held(fight: Fight) -> list[str]:
    """The characters asked now whether they act on their held delayed action."""
    return [a.actor for a in fight.legal_actions() if a.verb == "act"]


def test_phase3d6_19_open_delay_acts_at_a_point_chosen_later() -> None:
    """Phase 3d6 19, seed l.96 ("or just wait until some time later and act then, thus fixing your new
    initiative score at that point"; issue 14 point 8): ``delay`` without a name holds the action; between
    two later places the holder is asked (``act`` or ``pass``); acting moves its place there for good."""
    fight = trio(dice=[])
    events = fight.apply("ana delay")
    assert [e.actor for e in of(events, "ActionHeld")] == ["ana"]
    assert acting(fight) == "orc" and held(fight) == []  # its own place has just passed: not asked there
    fight.apply("orc end")
    assert held(fight) == ["ana"] and fight.deciding() == ["ana"]
    assert "waiting for ana to answer whether it acts now on its delayed action (act or pass)" in why(
        fight, "gob end"
    )
    events = fight.apply("ana act")
    assert [(e.where, e.other, e.why) for e in of(events, "InitiativeMoved")] == [
        ("ahead of", "gob", "delayed action")
    ]
    assert acting(fight) == "ana" and order(fight) == ["orc", "ana", "gob"]
    assert "ana move @3,0" in offered(fight, "move")  # her whole action
    play(fight, "ana end", "gob end", "orc end", "ana end", "gob end")
    assert in_phase(fight, "Turn 1, Phase 1") == ["ana", "orc", "ana", "gob"]
    assert in_phase(fight, "Turn 1, Phase 2") == ["orc", "ana", "gob"]


def test_phase3d6_19_open_delay_cannot_interrupt() -> None:
    """Phase 3d6 19, seed l.96: "You can't interrupt anyone else's action": the holder is asked only between
    places, never while another character is acting."""
    fight = trio(dice=[])
    play(fight, "ana delay", "orc move @4,0")
    assert fight.deciding() == ["orc"] and held(fight) == []
    fight.apply("orc end")
    assert held(fight) == ["ana"]


def test_phase3d6_19_open_delay_at_the_end_of_the_phase() -> None:
    """Phase 3d6 19, seed l.96-97: after the last place of the Phase the holder may still act in that Phase
    (its place becomes the last); passing there carries the held action into the next Phase."""
    fight = trio(dice=[])
    play(fight, "ana delay", "orc end", "ana pass", "gob end")
    assert held(fight) == ["ana"] and global_phase(fight) == 1
    events = fight.apply("ana act")
    assert [(e.where, e.other) for e in of(events, "InitiativeMoved")] == [("after", "gob")]
    assert global_phase(fight) == 1 and acting(fight) == "ana"
    play(fight, "ana end")
    assert order(fight) == ["orc", "gob", "ana"] and acting(fight) == "orc"


def test_phase3d6_19_open_delay_taken_in_the_next_phase_replaces_the_regular_action() -> None:
    """Phase 3d6 19, seed l.97: "If you take a delayed action in the next Phase, before your regular action
    comes up, your initiative score rises to that new point in the order of actions, and you do not get
    your regular action that Phase."""
    fight = trio(dice=[])
    play(fight, "ana end", "orc delay", "gob end", "orc pass")
    assert global_phase(fight) == 2 and held(fight) == ["orc"]  # before ana's place in Phase 2
    fight.apply("orc act")
    assert acting(fight) == "orc" and order(fight) == ["orc", "ana", "gob"]
    play(fight, "orc end", "ana end", "gob end")
    assert in_phase(fight, "Turn 1, Phase 2") == ["orc", "ana", "gob"]  # no second, regular place for orc


def test_phase3d6_19_open_delay_lapses_at_the_next_place() -> None:
    """Phase 3d6 19, seed l.97: "If you come to your next action and have not yet performed an action, you
    don't get to take a delayed action (though you can delay again)": the holder is not asked right before
    its own place; there the held action lapses and it takes its regular action, or delays again."""
    fight = trio(dice=[])
    play(fight, "ana end", "orc delay", "gob end", "orc pass", "orc pass", "ana end")
    assert held(fight) == [] and acting(fight) == "orc"
    assert [(e.actor, e.why) for e in of(fight.events, "HeldActionLost")] == [
        ("orc", "its place came up before it acted (rule 19, seed l.97)")
    ]
    assert "orc delay" in offered(fight, "delay")
    assert order(fight) == ["ana", "orc", "gob"]


def test_phase3d6_19_e15_an_abort_gives_up_the_held_action() -> None:
    """Phase 3d6 19 and 21, E15 (seed l.102 "giving up your next Action"): a holder's next Action is the one
    it holds: an Abort ends the hold and costs nothing else (``abort_after_delay: next_phase``: the next
    Phase's action, as after acting)."""
    for option, lost in (
        ("delayed_action", []),
        ("next_phase", [("orc", "it aborted this action (rule 21)")]),
    ):
        fight = new_fight(
            fighter("ana", "red", (2, 2)),
            fighter("orc", "blue", (3, 2)),
            fighter("gob", "blue", (6, 4)),
            dice=[1, 1, 1],
            options={"abort_after_delay": option},
        )
        play(fight, "ana end", "orc delay", "gob end", "orc pass", "orc pass")
        play(fight, "ana attack orc", "orc abort +dodge")
        assert held(fight) == [] and fs(fight, "orc").held == ""
        play(fight, "ana end")
        assert [(e.actor, e.why) for e in of(fight.events, "PhaseActionLost")] == lost


# --- Phase 3d6 20: Ready --------------------------------------------------------------------------------


def test_phase3d6_20_ready_is_an_attack_action_and_does_not_provoke() -> None:
    """Phase 3d6 20: readying is an attack action; it provokes no attack of opportunity."""
    fight = duel(dice=[])
    events = fight.apply("ana ready +attacks")
    assert [(e.actor, e.weapon, e.trigger) for e in of(events, "ActionReadied")] == [
        ("ana", "fists", "attacks")
    ]
    assert of(events, "OpportunityOffered") == []
    assert offered(fight, "attack") == set()
    assert offered(fight, "ready") == set()


def test_phase3d6_20_readied_attack_goes_just_before_the_triggering_attack() -> None:
    """Phase 3d6 20: the orc declares an attack on ana; her readied attack (the trigger's target reached)
    happens first: her roll comes before the orc's."""
    fight = duel(dice=[4, 4, 4, 1, 1, 1, 1, 1])
    play(fight, "ana ready +attacks", "ana end")
    fight.apply("orc attack ana")
    assert fight.deciding() == ["ana"]
    assert offered(fight) == {
        "ana fire",
        "ana pass",
        "ana fire @3,1",
        "ana fire @2,3",
    }  # l.100: or step first
    play(fight, "ana fire", "orc pass", "ana pass")
    assert rolls(fight.events) == [
        ("ana", "orc", (4, 4, 4), 3, 3, 15, 13, True),
        ("orc", "ana", (1, 1, 1), 3, 3, 6, 13, False),
    ]


def test_phase3d6_20_a_readied_attack_can_stop_the_trigger() -> None:
    """Phase 3d6 20: the triggering character goes on only if still able: knocked out by the readied
    attack, the orc's attack is never rolled."""
    fight = new_fight(
        fighter("ana", "red", (2, 2)),
        fighter("orc", "blue", (3, 2), stun_now=2),
        fighter("gob", "blue", (6, 4)),
        dice=[4, 4, 4, 1, 1],
    )
    play(fight, "ana ready +attacks", "ana end", "orc attack ana", "ana fire", "orc pass")
    if fight.deciding() == ["ana"]:
        fight.apply("ana pass")
    assert fs(fight, "orc").out
    assert [r[0] for r in rolls(fight.events)] == ["ana"]


def test_phase3d6_20_readied_attack_resolves_before_anything_else_of_the_trigger() -> None:
    """Phase 3d6 20: the readied action occurs just before the triggering action, so it is rolled before
    the target of the triggering attack decides anything about it: the orc falls, and ana is never asked
    to Abort an attack that does not happen."""
    fight = new_fight(
        fighter("ana", "red", (2, 2)),
        fighter("orc", "blue", (3, 2), stun_now=2),
        fighter("gob", "blue", (6, 4)),
        dice=[4, 4, 4, 1, 1],
    )
    play(fight, "ana ready +attacks", "ana end", "orc attack ana", "ana fire")
    events = fight.apply("orc pass")
    assert [r[0] for r in rolls(events)] == ["ana"]


def readied_then_triggered(**options: Any) -> Fight:
    """cat, orc, ana in initiative order; ana readies in Phase 1; in Phase 2 the orc attacks her."""
    fight = new_fight(
        fighter("cat", "red", (0, 4)),
        fighter("orc", "blue", (3, 2)),
        fighter("ana", "red", (2, 2)),
        dice=[1, 1, 1, 1, 1, 1],
        options=options,
    )
    play(fight, "cat end", "orc end", "ana ready +attacks", "ana end", "cat end")
    play(fight, "orc attack ana", "ana fire", "orc pass", "ana pass")
    return fight


def test_phase3d6_20_e11_readier_acts_immediately_ahead_of_the_trigger_from_then_on() -> None:
    """Phase 3d6 20, E11: used in the next Phase, the readied action puts ana immediately ahead of the orc
    (after cat, who was above the orc) for the rest of the fight, and she has no regular action in that
    Phase."""
    fight = readied_then_triggered()
    moved = [(e.actor, e.where, e.other, e.why) for e in of(fight.events, "InitiativeMoved")]
    assert moved == [("ana", "ahead of", "orc", "readied action")]
    assert order(fight) == ["cat", "ana", "orc"]
    fight.apply("orc end")
    assert in_phase(fight, "Turn 1, Phase 2") == ["cat", "orc"]
    assert global_phase(fight) == 3
    play(fight, "cat end")
    assert acting(fight) == "ana"
    assert in_phase(fight, "Turn 1, Phase 3") == ["cat", "ana"]


def test_phase3d6_20_option_ready_moves_initiative_off() -> None:
    """E11 / Phase 3d6 20 option ready_moves_initiative=false: the readier keeps its place and still has
    its regular action in that Phase."""
    fight = readied_then_triggered(ready_moves_initiative=False)
    assert of(fight.events, "InitiativeMoved") == []
    assert order(fight) == ["cat", "orc", "ana"]
    fight.apply("orc end")
    assert acting(fight) == "ana"
    assert in_phase(fight, "Turn 1, Phase 2") == ["cat", "orc", "ana"]


def test_phase3d6_20_ready_moves_fires_before_the_move() -> None:
    """Phase 3d6 20: an attack readied for a move fires before the mover leaves: the orc is shot where it
    stands, then its move goes on."""
    fight = new_fight(
        fighter("ana", "red", (0, 2), weapons=["pistol"]),
        fighter("orc", "blue", (3, 2)),
        dice=[4, 4, 4, 1, 1, 1],
    )
    play(fight, "ana ready with pistol +moves", "ana end")
    events = fight.apply("orc move @5,2")
    assert of(events, "HexesMoved") == []
    assert offered(fight) == {
        "ana fire",
        "ana pass",
        "ana fire @1,1",
        "ana fire @0,1",
        "ana fire @1,2",
        "ana fire @0,3",
    }  # l.100: or step first
    events = play(fight, "ana fire", "orc pass")
    assert rolls(events) == [("ana", "orc", (4, 4, 4), 3, 3, 15, 13, True)]
    assert [e.path for e in of(events, "HexesMoved")] == [((3, 2), (4, 2), (5, 2))]
    kinds = [e.kind for e in events]
    assert kinds.index("AttackRoll") < kinds.index("HexesMoved")
    assert fs(fight, "ana").ammo == {"pistol": 5}


def test_phase3d6_20_ready_approaches_fires_mid_move() -> None:
    """Phase 3d6 20: an attack readied for an enemy coming within reach interrupts the move in the hex
    where it comes within reach (3, 0); the move then continues (leaving that hex, which ana threatens, is
    also an opportunity, rule 9)."""
    fight = new_fight(
        fighter("ana", "red", (3, 1)), fighter("orc", "blue", (0, 0)), text=CORRIDOR, dice=[4, 4, 4, 1, 1]
    )
    play(fight, "ana ready +approaches", "ana end")
    events = fight.apply("orc move @6,0")
    assert [e.path for e in of(events, "HexesMoved")] == [((0, 0), (1, 0), (2, 0), (3, 0))]
    assert offered(fight) == {"ana fire", "ana pass", "ana fire @4,0"}  # l.100: or step first
    events = play(fight, "ana fire", "orc pass")
    assert rolls(events) == [("ana", "orc", (4, 4, 4), 3, 3, 15, 13, True)]
    assert [(e.attacker, e.provoker) for e in of(events, "OpportunityOffered")] == [("ana", "orc")]
    events = fight.apply("ana pass")
    assert [e.path for e in of(events, "HexesMoved")] == [((3, 0), (4, 0), (5, 0), (6, 0))]
    assert order(fight) == ["ana", "orc"]


def test_phase3d6_20_unused_ready_lapses_at_the_next_action() -> None:
    """Phase 3d6 20: a readied action not taken by the readier's next action is lost; it may act (and
    ready again) as usual."""
    fight = duel(dice=[])
    play(fight, "ana ready +attacks", "ana end", "orc end")
    assert lost(fight) == [("ana", "its readied action lapsed unused (rule 20)")]
    assert fs(fight, "ana").held == ""
    assert "ana attack orc with fists" in offered(fight, "attack")
    assert "ana ready with fists +attacks" in offered(fight, "ready")


def test_phase3d6_20_pass_keeps_the_readied_action() -> None:
    """Phase 3d6 20 (the code's reading): passing on a trigger keeps the action readied for a later one
    before the readier's next action."""
    fight = new_fight(
        fighter("ana", "red", (2, 2)),
        fighter("orc", "blue", (3, 2)),
        fighter("gob", "blue", (2, 3)),
        dice=[1, 1, 1, 1, 1, 1],
    )
    play(fight, "ana ready +attacks", "ana end", "orc attack ana", "ana pass", "ana pass", "orc end")
    fight.apply("gob attack ana")
    assert offered(fight) == {"ana fire", "ana pass", "ana fire @1,3"}  # l.100: or step first


def test_phase3d6_20_ready_needs_the_trigger_within_reach() -> None:
    """Phase 3d6 20: the readied attack must be able to hit the trigger: a gunman 4 hexes away shooting
    ana does not let her readied punch fire."""
    fight = new_fight(
        fighter("ana", "red", (0, 2)), fighter("orc", "blue", (4, 2), weapons=["pistol"]), dice=[1, 1, 1]
    )
    play(fight, "ana ready +attacks", "ana end")
    fight.apply("orc attack ana with pistol")
    assert offered(fight) == {
        "ana pass",
        "ana abort +dodge",
        "ana abort +block",
        "ana abort +missile-deflection",
        "ana abort +roll-with-a-punch",
    }


# --- Phase 3d6 21: Abort -------------------------------------------------------------------------------


def test_phase3d6_21_abort_before_acting_costs_this_phases_action() -> None:
    """Phase 3d6 21: aborting to a Dodge before one's initiative in the Phase gives up that Phase's action;
    initiative does not change; the next Phase is as usual."""
    fight = new_fight(fighter("orc", "blue", (3, 2)), fighter("ana", "red", (2, 2)), dice=[1, 1, 1])
    events = play(fight, "orc attack ana", "ana abort +dodge")
    assert aborts(fight) == [("ana", "dodge", 1)]
    assert rolls(events) == [("orc", "ana", (1, 1, 1), 3, 6, 6, 16, False)]
    fight.apply("orc end")
    assert lost(fight) == [("ana", "it aborted this action (rule 21)")]
    assert order(fight) == ["orc", "ana"]
    fight.apply("orc end")
    assert acting(fight) == "ana"
    assert in_phase(fight, "Turn 1, Phase 2") == ["orc", "ana"]


def test_phase3d6_21_abort_after_acting_costs_the_next_phases_action() -> None:
    """Phase 3d6 21: aborting after having acted in the Phase gives up the next Phase's action."""
    fight = duel(dice=[1, 1, 1])
    play(fight, "ana end", "orc attack ana", "ana abort +dodge", "orc end")
    assert aborts(fight) == [("ana", "dodge", 2)]
    assert lost(fight) == [("ana", "it aborted this action (rule 21)")]
    assert acting(fight) == "orc"
    assert in_phase(fight, "Turn 1, Phase 2") == ["ana", "orc"]
    assert order(fight) == ["ana", "orc"]


def test_phase3d6_21_only_defensive_manoeuvres() -> None:
    """Phase 3d6 21: the target of an attack may abort to a defensive manoeuvre only."""
    fight = duel(dice=[])
    play(fight, "ana end", "orc attack ana")
    assert offered(fight) == {
        "ana pass",
        "ana abort +dodge",
        "ana abort +block",
        "ana abort +missile-deflection",
        "ana abort +roll-with-a-punch",
    }
    assert "abort to one of: +dodge, +block, +missile-deflection, +roll-with-a-punch (rule 21)" in why(
        fight, "ana abort +haymaker"
    )


def test_phase3d6_21_no_second_abort_in_the_phase_it_costs() -> None:
    """Phase 3d6 21: having aborted this Phase's action, ana cannot abort again before her initiative:
    the goblin's attack is rolled without asking."""
    fight = new_fight(
        fighter("orc", "blue", (3, 2)),
        fighter("gob", "blue", (2, 3)),
        fighter("ana", "red", (2, 2)),
        dice=[1, 1, 1, 1, 1, 1],
    )
    play(fight, "orc attack ana", "ana abort +dodge", "orc end")
    events = fight.apply("gob attack ana")
    assert rolls(events) == [("gob", "ana", (1, 1, 1), 3, 6, 6, 16, False)]


def test_phase3d6_21_no_abort_until_after_initiative_in_the_following_phase() -> None:
    """Phase 3d6 21: having aborted next Phase's action, ana cannot abort again until after her
    initiative in that Phase; after it she can."""
    fight = new_fight(
        fighter("orc", "blue", (3, 2)),
        fighter("ana", "red", (2, 2)),
        fighter("gob", "blue", (2, 3)),
        dice=[1] * 9,
    )
    play(fight, "orc end", "ana end", "gob attack ana", "ana abort +dodge", "gob end")
    assert aborts(fight) == [("ana", "dodge", 2)]
    events = fight.apply("orc attack ana")  # Phase 2, before ana's place: no Abort question
    assert rolls(events) == [("orc", "ana", (1, 1, 1), 3, 6, 6, 16, False)]
    fight.apply("orc end")
    assert lost(fight) == [("ana", "it aborted this action (rule 21)")]
    fight.apply("gob attack ana")
    assert fight.deciding() == ["ana"]
    assert "ana abort +dodge" in offered(fight)


def test_phase3d6_21_abort_before_acting_in_a_later_phase_costs_that_phase() -> None:
    """Phase 3d6 21: in Phase 2, attacked before her place, ana has not acted in Phase 2: aborting costs
    Phase 2's action (not Phase 3's)."""
    fight = new_fight(fighter("orc", "blue", (3, 2)), fighter("ana", "red", (2, 2)), dice=[1, 1, 1])
    play(fight, "orc end", "ana end", "orc attack ana", "ana abort +dodge")
    assert aborts(fight) == [("ana", "dodge", 2)]


def test_phase3d6_21_abort_during_own_action_costs_the_next_phase() -> None:
    """Phase 3d6 21: an Abort during one's own action (to Dodge an attack of opportunity while moving) is
    after acting on one's initiative: it gives up the next Phase's action."""
    fight = duel(dice=[1, 1, 1])
    play(fight, "ana move @0,2", "orc opportunity ana", "ana abort +dodge")
    assert aborts(fight) == [("ana", "dodge", 2)]


def test_phase3d6_21_aborted_dodge_lasts_until_the_next_phase_it_acts_in() -> None:
    """Phase 3d6 21, E4 (HERO Abort): a Dodge aborted to is that Phase's action; its +3 DCV lasts until the
    start of ana's next Phase, so the place it cost passing does not end it: the goblin, after ana's
    place, still faces DCV 6."""
    fight = new_fight(
        fighter("orc", "blue", (3, 2)),
        fighter("ana", "red", (2, 2)),
        fighter("gob", "blue", (2, 3)),
        dice=[1] * 6,
    )
    play(fight, "orc attack ana", "ana abort +dodge", "orc end")
    events = play(fight, "gob attack ana", "ana pass")
    assert rolls(events) == [("gob", "ana", (1, 1, 1), 3, 6, 6, 16, False)]


def test_phase3d6_21_abort_to_block_stops_a_melee_attack() -> None:
    """Phase 3d6 21 (Block, HERO): 3d6 + the blocker's OCV against 10 + the attacker's OCV, rolled before
    the attack: 18 + 3 >= 13 stops it."""
    fight = duel(dice=[6, 6, 6])
    events = play(fight, "ana end", "orc attack ana", "ana abort +block")
    assert rolls(events) == [("ana", "orc", (6, 6, 6), 3, 3, 21, 13, True)]
    assert [(e.defender, e.attacker, e.maneuver) for e in of(events, "AttackStopped")] == [
        ("ana", "orc", "block")
    ]


def test_phase3d6_21_abort_to_roll_with_a_punch_halves_the_damage() -> None:
    """Phase 3d6 21 (Roll With A Punch, HERO): DCV -2, the damage that gets through is halved."""
    fight = duel(dice=[4, 4, 4, 6, 6])
    events = play(fight, "ana end", "orc attack ana", "ana abort +roll-with-a-punch")
    assert rolls(events) == [("orc", "ana", (4, 4, 4), 3, 1, 15, 11, True)]
    dealt = of(events, "DamageDealt")[0]
    assert (dealt.stun, dealt.body) == (6, 2)


def test_phase3d6_21_missile_deflection_stops_a_ranged_attack() -> None:
    """Phase 3d6 21 (Missile Deflection, HERO): like Block, against a ranged attack."""
    fight = new_fight(
        fighter("ana", "red", (0, 2)), fighter("orc", "blue", (4, 2), weapons=["pistol"]), dice=[6, 6, 6]
    )
    events = play(fight, "ana end", "orc attack ana with pistol", "ana abort +missile-deflection")
    assert [e.maneuver for e in of(events, "AttackStopped")] == ["missile-deflection"]
    assert fs(fight, "ana").stun == 20


def test_phase3d6_20_e1_a_stunned_readier_cannot_fire() -> None:
    """Phase 3d6 20, E1 option hero_stunned: a Stunned character cannot act until it recovers, so its
    readied attack does not fire (no 'fire' decision when the goblin attacks)."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), con=5),
        fighter("orc", "blue", (3, 2)),
        fighter("gob", "blue", (2, 3)),
        dice=[6, 6, 6, 6, 6, 1, 1, 1],
        options={"hero_stunned": True},
    )
    play(fight, "ana ready +attacks", "ana end", "orc attack ana", "ana pass", "ana pass", "orc end")
    assert fs(fight, "ana").stunned
    events = fight.apply("gob attack ana")
    assert rolls(events) == [("gob", "ana", (1, 1, 1), 3, 1, 6, 11, False)]


def test_phase3d6_e11_delayed_place_is_not_a_tie() -> None:
    """E11, E13 option tie_break='every_phase': a delayed (or readied) place is stored so that it sorts
    right after (or before) the other character; it is not a tie to roll again: the order stays and no
    d20 is rolled."""
    fight = new_fight(
        fighter("ana", "red", (0, 0)),
        fighter("orc", "blue", (6, 4)),
        options={"tie_break": "every_phase"},
        dice=[],
    )
    play(fight, "ana delay orc", "orc end", "ana end")
    assert order(fight) == ["orc", "ana"]
    assert fight.faces == []


def _delayed_then_attacked(**options: Any) -> Fight:
    """ana (first) delays until after gob (last); orc, next to her, attacks and she aborts to a Dodge."""
    fight = new_fight(
        fighter("ana", "red", (2, 2)),
        fighter("orc", "blue", (3, 2)),
        fighter("gob", "blue", (6, 4)),
        dice=[1, 1, 1],
        options=options,
    )
    play(fight, "ana delay gob", "orc attack ana", "ana abort +dodge", "orc end")
    return fight


def test_phase3d6_21_an_abort_after_a_delay_gives_up_the_delayed_action() -> None:
    """Rule 21, issue 14 point 5 (seed l.102 "You can abort ... before your initiative value comes up in a
    Phase, giving up your next Action to do so"; l.96 a delay takes "no action on your own Initiative
    score"): ana delayed until after gob and has not acted; her next Action is the delayed one, later in
    this Phase: the Abort gives it up, and she acts as usual in Phase 2 (at her new place, rule 19)."""
    fight = _delayed_then_attacked()
    assert aborts(fight) == [("ana", "dodge", 1)]
    fight.apply("gob end")
    assert lost(fight) == [("ana", "it aborted this action (rule 21)")]
    assert global_phase(fight) == 2
    assert in_phase(fight, "Turn 1, Phase 2") == ["orc"]
    play(fight, "orc end", "gob end")
    assert acting(fight) == "ana"


def test_phase3d6_21_option_abort_after_delay_next_phase() -> None:
    """Rule 21 option abort_after_delay=next_phase: the delayer counts as having acted: it keeps its
    delayed action in this Phase and gives up the next Phase's."""
    fight = _delayed_then_attacked(abort_after_delay="next_phase")
    assert aborts(fight) == [("ana", "dodge", 2)]
    fight.apply("gob end")
    assert acting(fight) == "ana" and global_phase(fight) == 1
    play(fight, "ana end", "orc end", "gob end")
    assert lost(fight) == [("ana", "it aborted this action (rule 21)")]
    assert global_phase(fight) == 3


def test_phase3d6_21_an_abort_after_a_readied_action_replaced_the_regular_one() -> None:
    """Rules 20-21, issue 14 point 5 (seed l.101 "If you take your readied action in the next Phase, before
    your regular turn comes up, ... you do not get your regular action that Phase"; l.102 an Abort "after
    acting on your initiative score earlier in a Phase ... gives up your Action from the following Phase"):
    ana's readied attack fires in Phase 2 before her place and takes its place; her Abort later in that
    Phase costs Phase 3's action (it used to cost the place already gone, that is nothing)."""
    fight = new_fight(fighter("orc", "blue", (3, 2)), fighter("ana", "red", (2, 2)), dice=[1, 1, 1, 1, 1, 1])
    play(fight, "orc end", "ana ready +attacks", "ana end")
    play(fight, "orc attack ana", "ana fire", "orc pass", "ana abort +dodge")
    assert aborts(fight) == [("ana", "dodge", 3)]
    assert order(fight) == ["ana", "orc"]
