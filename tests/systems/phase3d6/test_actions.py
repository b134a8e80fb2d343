"""Phase 3d6 14-18 and rulings E7-E9: attack + move, move + move, a full-Phase action, free actions, the
restricted Phase, the 1-hex step and its limits, Withdraw; options two_half_moves,
step_with_moving_full_phase, withdraw_provokes."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tactica.engine import Fight
from tactica.engine.errors import SetupError
from tactica.render.board import render_board
from tactica.render.svg import board_svg
from tactica.systems.phase3d6 import economy
from tests.systems.phase3d6.helpers import (
    acting,
    duel,
    fighter,
    fs,
    global_phase,
    hit,
    new_fight,
    of,
    offered,
    play,
    why,
)

#: ana's corner (0, 0) of the open map; the orc far away at (6, 4) unless a test puts it elsewhere.
FAR = (6, 4)


def used(fight: Fight, actor: str = "ana") -> list[tuple[str, str]]:
    """(manoeuvre, type) of what ``actor`` has done so far."""
    return [(e.maneuver, e.type) for e in of(fight.events, "ManeuverUsed") if e.actor == actor]


def alone(*, at: tuple[int, int] = (0, 0), orc_at: tuple[int, int] = FAR, **sheet: Any) -> Fight:
    """ana (first) and a distant orc: nothing provokes."""
    options = sheet.pop("options", {})
    extra = {key: sheet.pop(key) for key in ("text", "areas") if key in sheet}
    return new_fight(
        fighter("ana", "red", at, **sheet),
        fighter("orc", "blue", orc_at),
        dice=[1] * 12,
        options=options,
        **extra,
    )


def only_free_actions_left(fight: Fight, actor: str = "ana") -> bool:
    """``actor`` still has its place, and nothing but free actions (a standing, empty-handed character:
    drop prone) and 'end' is left to it (rule 14)."""
    return acting(fight) == actor and {a.verb for a in fight.legal_actions()} == {"prone", "end"}


def offers(events: list[Any]) -> list[tuple[str, str, str]]:
    """(attacker, provoker, why) of the attacks of opportunity offered."""
    return [(e.attacker, e.provoker, e.why) for e in of(events, "OpportunityOffered")]


# --- Phase 3d6 14: the bundles of a normal Phase ---------------------------------------------------------


def test_phase3d6_14_attack_then_move() -> None:
    """Phase 3d6 14: an attack action and a move action; then only free actions and 'end' are left."""
    fight = duel(dice=[1, 1, 1])
    hit(fight, "ana", "orc")
    assert acting(fight) == "ana"
    play(fight, "ana move @0,2", "orc pass")
    assert used(fight) == [("strike", "attack"), ("half-move", "move")]
    assert {str(a) for a in fight.legal_actions()} == {"ana prone", "ana end"}
    fight.apply("ana end")
    assert acting(fight) == "orc"
    assert of(fight.events, "TurnEnded")[0].actor == "ana"


def test_phase3d6_14_move_then_attack() -> None:
    """Phase 3d6 14: the move action may come first, the attack after it."""
    fight = alone(at=(0, 2), orc_at=(3, 2))
    fight.apply("ana move @2,2")
    assert "ana attack orc with fists" in offered(fight, "attack")
    hit(fight, "ana", "orc")
    assert used(fight) == [("half-move", "move"), ("strike", "attack")]
    assert only_free_actions_left(fight)


def test_phase3d6_14_two_move_actions() -> None:
    """Phase 3d6 14, E7: a move action may take the attack action's place: two half moves (3 + 3 hexes),
    not a full-Phase action; no attack after them."""
    fight = alone(orc_at=(6, 1))
    play(fight, "ana move @3,0", "ana move @5,1")
    assert used(fight) == [("half-move", "move"), ("half-move", "move")]
    assert fs(fight, "ana").pos == (5, 1)
    assert of(fight.events, "AttackRoll") == []
    assert only_free_actions_left(fight)


def test_phase3d6_14_no_attack_after_two_move_actions() -> None:
    """Phase 3d6 14: two move actions use the attack action's place (the refusal names rule 14)."""
    fight = alone()
    ana = fs(fight, "ana")
    ana.moves = 2
    assert economy.attack_problem(fight.state, ana) == "ana took two move actions this Phase (rule 14)"
    assert (
        economy.move_problem(fight.state, ana)
        == "ana has used its attack and move actions this Phase (rule 14)"
    )


def test_phase3d6_14_a_move_beyond_half_is_a_full_phase_action() -> None:
    """Phase 3d6 14, 16: moving more than half the combat movement (4 of 6) is a full-Phase action: no
    attack with it, even next to the orc."""
    fight = alone(orc_at=(5, 0))
    fight.apply("ana move @4,0")
    assert used(fight) == [("full-move", "full")]
    assert only_free_actions_left(fight)
    assert of(fight.events, "AttackRoll") == []
    assert (
        economy.attack_problem(fight.state, fs(fight, "ana"))
        == "ana took a full-Phase action this Phase (rule 17)"
    )


def test_phase3d6_14_half_is_rounded_up() -> None:
    """Phase 3d6 14 (the code's reading of 'half'): movement 5: 3 hexes are a move action, 4 a full Phase."""
    fight = alone(move=5)
    fight.apply("ana move @3,0")
    assert used(fight) == [("half-move", "move")]
    fight = alone(move=5)
    fight.apply("ana move @4,0")
    assert used(fight) == [("full-move", "full")]


def test_phase3d6_14_after_an_attack_only_a_half_move() -> None:
    """Phase 3d6 14: after the attack action only a move action is left: 3 hexes, not 4."""
    fight = duel(dice=[1, 1, 1])
    hit(fight, "ana", "orc")
    moves = offered(fight, "move")
    assert "ana move @2,4" in moves  # 2 hexes
    assert "ana move @5,1" in moves  # 3 hexes
    assert "ana move @6,2" not in moves  # 4 hexes


def test_phase3d6_14_refusal_of_a_long_move_after_an_attack_names_the_half_move() -> None:
    """Phase 3d6 14: refusing a 4-hex move after the attack action explains that only a move action (half
    the movement, 3 hexes) is left."""
    fight = duel(dice=[1, 1, 1])
    hit(fight, "ana", "orc")
    assert "more than a half move (3)" in why(fight, "ana move @6,2") and "rule 17" in why(
        fight, "ana move @6,2"
    )


def test_phase3d6_e7_two_half_moves_stay_within_the_combat_movement() -> None:
    """E7: total movement in a Phase is at most the combat movement: movement 5 gives 3 + 2 hexes."""
    fight = alone(move=5)
    fight.apply("ana move @3,0")
    moves = offered(fight, "move")
    assert "ana move @5,0" in moves
    assert "ana move @6,0" not in moves


def test_phase3d6_e7_option_two_half_moves_off() -> None:
    """E7 option two_half_moves=false: a second half move in the same Phase is not allowed (a full move
    is the way to go farther); the attack action stays open."""
    fight = alone(orc_at=(4, 0), options={"two_half_moves": False})
    fight.apply("ana move @3,0")
    assert offered(fight, "move") == set()
    assert "ana attack orc with fists" in offered(fight, "attack")
    fight = alone(orc_at=(4, 0))
    fight.apply("ana move @2,0")
    assert "ana move @2,1" in offered(fight, "move")


def test_phase3d6_14_dodge_and_ready_are_attack_actions() -> None:
    """Phase 3d6 14, 20: Dodge and Ready are attack actions: after either, no attack, but a move action."""
    for first in ("ana dodge", "ana ready +attacks"):
        fight = alone(orc_at=(1, 0))
        fight.apply(first)
        assert offered(fight, "attack") == set()
        assert offered(fight, "dodge") == set()
        assert "ana has made its attack action this Phase (rule 14)" in why(fight, "ana attack orc")
        assert "ana move @0,2" in offered(fight, "move")


def test_phase3d6_14_free_actions_cost_nothing() -> None:
    """Phase 3d6 14, 16: free actions (drop an item, drop prone) use none of the Phase's actions."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), weapons=["club"]), fighter("orc", "blue", (3, 2)), dice=[1, 1, 1]
    )
    hit(fight, "ana", "orc", "with", "club")
    fight.apply("ana drop")
    assert used(fight) == [("strike", "attack"), ("drop-item", "free")]
    assert fs(fight, "ana").drawn is None
    assert "ana prone" in offered(fight, "prone")
    fight.apply("ana prone")
    assert offered(fight, "stand") == {"ana stand"}  # the move action is still open
    play(fight, "ana stand", "orc pass")  # standing up next to the orc provokes (rule 16)
    assert used(fight)[-2:] == [("drop-prone", "free"), ("stand", "move")]


def test_phase3d6_14_free_actions_follow_the_spent_actions() -> None:
    """Issue 14 point 1, Phase 3d6 14 (seed l.17 "You can also perform one or more free actions", l.92
    "Free actions never incur attacks of opportunity"): after a move and an attack ana's Phase goes on;
    next to the orc she drops her club and drops prone, provoking nothing, and only then, with nothing at
    all left to do, her Phase ends by itself."""
    fight = new_fight(
        fighter("ana", "red", (0, 2), weapons=["club"]), fighter("orc", "blue", (3, 2)), dice=[1, 1, 1]
    )
    fight.apply("ana move @2,2")
    hit(fight, "ana", "orc", "with", "club")
    assert acting(fight) == "ana"
    assert {a.verb for a in fight.legal_actions()} == {"drop", "prone", "end"}
    events = fight.apply("ana drop") + fight.apply("ana prone")
    assert used(fight)[-2:] == [("drop-item", "free"), ("drop-prone", "free")]
    assert offers(events) == []
    assert acting(fight) == "orc"
    assert of(fight.events, "TurnEnded")[-1].actor == "ana"


def test_phase3d6_14_a_phase_with_a_free_action_left_ends_on_end() -> None:
    """Issue 14 point 1, Phase 3d6 14 (seed l.17): a character with a free action left keeps its place
    until it says 'end' (a Withdraw, a full-Phase action, leaves 'prone')."""
    fight = alone()
    fight.apply("ana withdraw @3,0")
    assert acting(fight) == "ana"
    assert {str(a) for a in fight.legal_actions()} == {"ana prone", "ana end"}
    fight.apply("ana end")
    assert acting(fight) == "orc"


# --- Phase 3d6 15: the restricted Phase ---------------------------------------------------------------


def surprised(**options: Any) -> Fight:
    """ana aware, the orc far off and unaware: a Surprise Phase (restricted, rule 15)."""
    return new_fight(
        fighter("ana", "red", (0, 0), stun_now=10),
        fighter("orc", "blue", FAR, aware=False),
        dice=[],
        options=options,
    )


def test_phase3d6_15_restricted_phase_single_action_plus_free() -> None:
    """Phase 3d6 15: in a restricted Phase one attack or move action plus free actions: no full move."""
    fight = surprised()
    moves = offered(fight, "move")
    assert "ana move @3,0" in moves
    assert "ana move @4,0" not in moves
    fight.apply("ana prone")
    assert used(fight) == [("drop-prone", "free")]
    assert acting(fight) == "ana"


def test_phase3d6_15_a_move_action_starts_a_full_phase_action() -> None:
    """Phase 3d6 15: in a restricted Phase a move action may start a full-Phase action (Take a Recovery);
    a move action in the next Phase completes it, leaving the attack action open."""
    fight = surprised()
    fight.apply("ana recovery")
    assert used(fight) == [("recovery", "started with a move action")]
    assert of(fight.events, "RecoveryTaken") == []
    assert offered(fight, "move") == set()  # the Surprise Phase's single action is spent
    fight.apply("ana end")
    assert fight.state.order.round == 1
    fight.apply("ana recovery")
    assert used(fight)[-1] == ("recovery", "completed with a move action")
    assert [(e.actor, e.stun, e.total) for e in of(fight.events, "RecoveryTaken")] == [("ana", 4, 14)]
    assert economy.attack_problem(fight.state, fs(fight, "ana")) is None


def test_phase3d6_15_a_started_full_phase_action_is_completed_in_the_next_phase() -> None:
    """Phase 3d6 15: a full-Phase action started with a move action is completed in the following Phase
    (d20 SRD 'start/complete full-round action'); not completed then, it lapses: two Phases later Take a
    Recovery is a full-Phase action again."""
    fight = surprised()
    play(fight, "ana recovery", "ana end")
    play(fight, "ana end", "orc end")  # Phase 1: ana does not complete it
    fight.apply("ana recovery")
    assert used(fight)[-1] == ("recovery", "full")


# --- Phase 3d6 17: full-Phase actions ----------------------------------------------------------------


def test_phase3d6_17_full_phase_action_takes_the_whole_phase() -> None:
    """Phase 3d6 17: Take a Recovery is a full-Phase action: no attack or move with it."""
    fight = alone(orc_at=(1, 0), stun_now=10)
    fight.apply("ana recovery")
    assert used(fight) == [("recovery", "full")]
    assert [(e.actor, e.stun, e.total, e.why) for e in of(fight.events, "RecoveryTaken")] == [
        ("ana", 4, 14, "Take a Recovery")
    ]
    assert offered(fight, "attack") == set()
    assert "ana took a full-Phase action this Phase (rule 17)" in why(fight, "ana attack orc")
    assert offered(fight, "move") == set()


def test_phase3d6_17_no_full_phase_action_after_another_action() -> None:
    """Phase 3d6 17: after an attack (or a move) no full-Phase action: not Take a Recovery, not Withdraw,
    not a full move."""
    fight = duel(dice=[1, 1, 1])
    hit(fight, "ana", "orc")
    assert offered(fight, "recovery") == set()
    assert offered(fight, "withdraw") == set()
    assert "a full-Phase action takes the whole Phase; ana has already acted in it (rule 17)" in why(
        fight, "ana withdraw @0,2"
    )


def test_phase3d6_17_step_goes_with_a_full_phase_action_that_moves_nothing() -> None:
    """Phase 3d6 17, E8: a 1-hex step may go with a full-Phase action that involves no movement (Take a
    Recovery), before or after it."""
    fight = alone()
    fight.apply("ana recovery")
    assert "ana step @1,0" in offered(fight, "step")
    fight.apply("ana step @1,0")
    assert fs(fight, "ana").pos == (1, 0)
    fight = alone()
    fight.apply("ana step @1,0")
    assert offered(fight, "recovery") == {"ana recovery"}


def test_phase3d6_e8_no_step_with_a_moving_full_phase_action() -> None:
    """E8: the full-Phase action must involve no movement: after a full move no step (only free actions)."""
    fight = alone()
    fight.apply("ana move @4,0")
    assert only_free_actions_left(fight)
    assert fs(fight, "ana").pos == (4, 0)


def test_phase3d6_e8_option_step_with_moving_full_phase() -> None:
    """E8 option step_with_moving_full_phase=true: a 1-hex step may follow a full move (not a half move:
    rule 18 still forbids that)."""
    fight = alone(options={"step_with_moving_full_phase": True})
    fight.apply("ana move @4,0")
    assert acting(fight) == "ana"
    assert "ana step @5,0" in offered(fight, "step")
    fight = alone(options={"step_with_moving_full_phase": True})
    fight.apply("ana move @2,0")
    assert offered(fight, "step") == set()


# --- Phase 3d6 18: the 1-hex step ---------------------------------------------------------------------


def test_phase3d6_18_step_never_provokes() -> None:
    """Phase 3d6 18: a 1-hex step out of a threatened hex provokes no attack of opportunity."""
    fight = duel(dice=[])
    events = fight.apply("ana step @1,2")
    assert offers(events) == []
    assert [e.path for e in of(events, "HexesMoved")] == [((2, 2), (1, 2))]
    assert used(fight) == [("step", "none")]


def test_phase3d6_18_one_step_per_phase_and_no_other_movement() -> None:
    """Phase 3d6 18: at most one 1-hex step in a Phase, and no other movement in a Phase with one."""
    fight = alone()
    fight.apply("ana step @1,0")
    assert offered(fight, "step") == set()
    assert offered(fight, "move") == set()
    assert "ana has taken its 1-hex step this Phase (rule 18)" in why(fight, "ana step @2,0")
    assert "ana took a 1-hex step this Phase: no other movement (rule 18)" in why(fight, "ana move @3,0")


def test_phase3d6_18_no_withdraw_after_a_step() -> None:
    """Phase 3d6 18: no other movement in a Phase with a 1-hex step: Withdraw (a move) is not allowed after
    it (found by the budget property test)."""
    fight = alone()
    fight.apply("ana step @1,0")
    assert offered(fight, "withdraw") == set()
    assert "rule 18" in why(fight, "ana withdraw @3,0")


def test_phase3d6_18_no_step_after_moving() -> None:
    """Phase 3d6 18: no 1-hex step in a Phase in which the character moved any distance."""
    fight = alone()
    fight.apply("ana move @2,0")
    assert offered(fight, "step") == set()
    assert "ana has moved this Phase; a 1-hex step needs a Phase with no other movement (rule 18)" in why(
        fight, "ana step @3,0"
    )


def test_phase3d6_18_step_before_or_after_the_attack() -> None:
    """Phase 3d6 18: the step may come before or after the other actions of the Phase."""
    fight = duel(dice=[1, 1, 1, 1, 1, 1])
    fight.apply("ana step @2,3")
    assert "ana attack orc with fists" in offered(fight, "attack")  # (2, 3) is next to (3, 2) too
    hit(fight, "ana", "orc")
    assert acting(fight) == "ana"  # the move action is still open
    fight = duel(dice=[1, 1, 1])
    hit(fight, "ana", "orc")
    fight.apply("ana step @2,3")
    assert used(fight) == [("strike", "attack"), ("step", "none")]


def test_phase3d6_18_step_is_one_hex() -> None:
    """Phase 3d6 18: a step goes to an adjacent open hex only."""
    fight = alone()
    assert offered(fight, "step") == {"ana step @1,0", "ana step @0,1"}
    assert "a 1-hex step goes to an open adjacent hex" in why(fight, "ana step @2,0")


def test_phase3d6_18_no_step_in_difficult_terrain() -> None:
    """Phase 3d6 18: no 1-hex step out of or into difficult terrain."""
    text = "~ . . . . . .\n. ~ . . . . .\n. . . . . . ."
    fight = alone(text=text, orc_at=(6, 2))
    assert offered(fight, "step") == set()
    assert "no 1-hex step from difficult terrain (@0,0)" in why(fight, "ana step @1,0")
    fight = alone(at=(1, 0), text=text, orc_at=(6, 2))
    assert offered(fight, "step") == {"ana step @2,0", "ana step @0,1"}
    assert "no 1-hex step into difficult terrain (@1,1)" in why(fight, "ana step @1,1")


def test_phase3d6_18_slow_characters_cannot_step() -> None:
    """Phase 3d6 18: a character with a total movement of 1 hex or less cannot take a 1-hex step."""
    fight = alone(move=1)
    assert offered(fight, "step") == set()
    assert "ana's movement is 1 hex or less: even 1 hex needs a move action (rule 18)" in why(
        fight, "ana step @1,0"
    )
    assert "ana move @1,0" in offered(fight, "move")


def test_phase3d6_18_prone_cannot_step() -> None:
    """Phase 3d6 18 (the code's choice): a prone character stands up or crawls instead of stepping."""
    fight = alone(prone=True)
    assert offered(fight, "step") == set()
    assert "ana is prone: stand up or crawl" in why(fight, "ana step @1,0")
    assert offered(fight, "crawl") == {"ana crawl @1,0", "ana crawl @0,1"}


def test_phase3d6_16_crawl_is_a_move_action_that_provokes() -> None:
    """Phase 3d6 16: crawling one hex is a move action and provokes when leaving a threatened hex."""
    fight = new_fight(fighter("ana", "red", (2, 2), prone=True), fighter("orc", "blue", (3, 2)), dice=[])
    events = fight.apply("ana crawl @1,2")
    assert offers(events) == [("orc", "ana", "leaves a threatened hex")]
    fight.apply("orc pass")
    assert used(fight) == [("crawl", "move")]
    assert fs(fight, "ana").pos == (1, 2)
    assert fs(fight, "ana").prone


# --- E9: Withdraw ------------------------------------------------------------------------------------


def test_phase3d6_e9_withdraw_is_a_full_phase_move_that_never_provokes() -> None:
    """E9 (issue 14 point 5; seed l.75 "Withdraw from combat | No", l.11 "two common methods of avoiding
    such an attack: the 1-hex step and the withdraw action"): Withdraw is a full-Phase action moving up to
    the full combat movement (6 hexes); no hex it leaves provokes, not even one a reach-2 spear still
    threatens after the first."""
    fight = duel(dice=[])
    assert "ana withdraw @0,0" in offered(fight, "withdraw")  # 4 hexes away
    fight = new_fight(
        fighter("ana", "red", (2, 2)), fighter("orc", "blue", (3, 2), reach=2, weapons=["spear"]), dice=[]
    )
    events = fight.apply("ana withdraw @0,2")
    assert offers(events) == []
    assert used(fight) == [("withdraw", "full")]
    assert [e.path for e in of(events, "HexesMoved")] == [((2, 2), (1, 2), (0, 2))]


def test_phase3d6_e9_option_withdraw_provokes_after_its_first_hex() -> None:
    """E9 option withdraw_provokes=after_first_hex (the d20 SRD's withdraw): only the first hex left is
    free: a reach-2 spearman still threatens the second hex; the Withdraw goes on after the offer."""
    fight = new_fight(
        fighter("ana", "red", (2, 2)),
        fighter("orc", "blue", (3, 2), reach=2, weapons=["spear"]),
        dice=[],
        options={"withdraw_provokes": "after_first_hex"},
    )
    events = fight.apply("ana withdraw @0,2")
    assert offers(events) == [("orc", "ana", "leaves a threatened hex")]
    assert [e.path for e in of(events, "HexesMoved")] == [((2, 2), (1, 2))]
    fight.apply("orc pass")
    assert fs(fight, "ana").pos == (0, 2)
    fight = duel(dice=[], options={"withdraw_provokes": "after_first_hex"})
    assert offers(fight.apply("ana withdraw @0,2")) == []


def test_phase3d6_e9_option_withdraw_provokes_every_hex() -> None:
    """E9 option withdraw_provokes=every_hex: leaving the first hex of a Withdraw provokes too."""
    fight = duel(dice=[], options={"withdraw_provokes": "every_hex"})
    events = fight.apply("ana withdraw @0,2")
    assert offers(events) == [("orc", "ana", "leaves a threatened hex")]


def test_phase3d6_e9_withdraw_only_as_the_whole_phase() -> None:
    """E9, Phase 3d6 17: Withdraw is full-Phase: not after a move action."""
    fight = alone()
    fight.apply("ana move @1,0")
    assert offered(fight, "withdraw") == set()
    assert "a full-Phase action takes the whole Phase; ana has already acted in it (rule 17)" in why(
        fight, "ana withdraw @3,0"
    )


# --- Phase 3d6 14-18 (property): what one Phase's action can hold ---------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), surprise=st.booleans())
def test_phase3d6_14_budget_never_exceeds_a_bundle(data: st.DataObject, surprise: bool) -> None:
    """Phase 3d6 14-18, E7 (property): whatever legal actions ana picks in one Phase, she ends with at most
    one attack action and one move action, or two move actions, or one full-Phase action; at most one
    1-hex step and none with other movement; no more hexes than her combat movement; in the Surprise
    Phase (rule 15) a single attack or move action."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), weapons=["fists", "club"], stun_now=10),
        fighter("orc", "blue", (4, 2), aware=not surprise),
        dice=[3] * 200,
    )
    start = global_phase(fight)
    for _ in range(12):
        if global_phase(fight) != start or acting(fight) != "ana" or fight.is_over():
            break
        who = fight.deciding()[0]
        if who != "ana":
            fight.apply(f"{who} pass")
            continue
        skip = {"end", "delay"}
        choices = sorted(str(a) for a in fight.legal_actions() if a.verb not in skip)
        if fight.state.pending or not choices:
            fight.apply("ana pass" if fight.state.pending else "ana end")
            continue
        fight.apply(data.draw(st.sampled_from(choices)))
    mine = [e for e in fight.events if getattr(e, "actor", None) == "ana"]
    types = [e.type for e in of(mine, "ManeuverUsed")]
    attacks = types.count("attack") + len(of(mine, "ActionReadied"))
    moves = types.count("move") + types.count("started with a move action")
    full = types.count("full")
    steps = [e for e in of(mine, "ManeuverUsed") if e.maneuver == "step"]
    if surprise:
        assert attacks + moves <= 1 and full == 0
    assert full <= 1
    assert full == 0 or attacks == moves == 0
    assert attacks <= 1 and attacks + moves <= 2
    assert len(steps) <= 1
    walked = sum(len(e.path) - 1 for e in of(mine, "HexesMoved"))
    assert walked <= 6
    if steps:
        assert walked == 1


def test_phase3d6_18_no_step_from_or_into_darkness() -> None:
    """Phase 3d6 18, seed l.94 ("You can only take a 1-hex step if your movement isn't hampered by difficult
    terrain or darkness"; issue 14 point 8): ``areas:`` of kind ``darkness`` stop the 1-hex step out of or
    into them, and nothing else: a move action still walks through them."""
    dark = [{"kind": "darkness", "hexes": [[1, 0], [2, 1]]}]
    fight = alone(areas=dark)
    assert offered(fight, "step") == {"ana step @0,1"}
    assert "no 1-hex step into darkness (@1,0)" in why(fight, "ana step @1,0")
    assert "ana move @2,1" in offered(fight, "move")
    fight = alone(at=(1, 0), areas=dark)
    assert offered(fight, "step") == set()
    assert "no 1-hex step from darkness (@1,0)" in why(fight, "ana step @0,0")
    fight.apply("ana move @0,0")
    assert fs(fight, "ana").pos == (0, 0)


def test_phase3d6_18_darkness_stops_the_step_of_a_readied_action() -> None:
    """Phase 3d6 18 and 20, seed l.94 and l.100: the 1-hex step taken with a readied action is a 1-hex step,
    so it is not taken into darkness either."""
    for areas, steps in (([], {"ana fire @2,1"}), ([{"kind": "darkness", "hexes": [[2, 1]]}], set())):
        fight = new_fight(fighter("ana", "red", (1, 1)), fighter("orc", "blue", (3, 1)), dice=[], areas=areas)
        play(fight, "ana ready with fists +moves", "ana end", "orc move @4,1")
        assert offered(fight, "fire") == steps


def test_phase3d6_darkness_errors_name_the_entry() -> None:
    """Issue 14 point 8: a bad area is one clear error naming the entry and what is valid."""
    cases = [
        ({"kind": "fog", "hexes": [[1, 0]]}, "areas.0.kind: Input should be 'darkness'"),
        ({"kind": "darkness", "hexes": [[9, 0]]}, "areas[0].hexes[0]: position [9, 0] is off the map"),
        ({"kind": "darkness", "hexes": ["z"]}, "areas[0].hexes[0]: no marker 'z' on the map"),
        ({"kind": "darkness", "hexes": [[1, 0]], "light": 2}, "areas.0.light: unknown field"),
    ]
    for area, message in cases:
        with pytest.raises(SetupError) as caught:
            alone(areas=[area])
        assert message in str(caught.value)


def test_phase3d6_darkness_is_observed_and_drawn() -> None:
    """Issue 14 point 8 (render it): ``observe()`` lists the dark hexes; the text board draws ``:`` on those
    with nothing on them, the SVG board a ``darkness`` area."""
    fight = alone(areas=[{"kind": "darkness", "hexes": [[0, 0], [1, 0]]}])
    assert fight.observe()["darkness"] == [(0, 0), (1, 0)]
    text = render_board(fight, coordinates=False)
    assert text.splitlines()[0].startswith("A : .")
    assert "darkness: : (2 hexes, drawn over the terrain)" in text
    assert board_svg(fight).count('<polygon class="area darkness"') == 2
