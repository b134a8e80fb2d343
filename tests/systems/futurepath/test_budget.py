"""FuturePath rules 4-7 and 20, ruling A3: the action economy."""

from __future__ import annotations

import pytest

from tactica.engine import IllegalAction
from tactica.systems.futurepath.budget import COSTS, affordable, refusal
from tests.systems.futurepath.helpers import fighter, new_fight, offered

ROW = ". . . . . . . . . . . . . . . . . . . ."


def duo(**sheet: object) -> object:
    return new_fight(
        fighter("a", "red", (0, 0), weapons=["knife", "pistol", "rifle"], drawn=["knife", "pistol"], **sheet),
        fighter("c", "blue", (19, 0)),
        text=ROW,
        dice=[],
    )


def test_futurepath_4_one_standard_action_per_turn() -> None:
    """FuturePath 4: one Standard action (a Move or an Attack), not two."""
    fight = duo()
    fight.apply("a move @3,0")
    with pytest.raises(IllegalAction, match="already used the Standard action"):
        fight.apply("a move @5,0")


def test_futurepath_4_standard_simple_and_free_in_one_turn() -> None:
    """FuturePath 4: a Standard, a Simple and a Free action fit in one turn."""
    fight = duo()
    fight.apply("a move @3,0")
    fight.apply("a holster knife")
    fight.apply("a prone")
    assert fight.deciding() == ["c"], "with all three spent, the turn ends by itself"


def test_futurepath_5_simple_action_forbids_a_full_round_action() -> None:
    """FuturePath 5: a character who takes a Simple action cannot take a Full-Round action (no Draw + Full Attack)."""
    fight = duo()
    fight.apply("a holster knife")
    assert fight.why_illegal("a sprint @10,0") == (
        "Sprint is a Full-Round action; a already used a Simple action this turn"
        " (a Full-Round action must be the first and last thing done)"
    )


def test_futurepath_6_full_round_action_is_first_and_last() -> None:
    """FuturePath 6: a Full-Round action ends the turn; nothing (not even a Free action) follows it."""
    fight = duo()
    fight.apply("a sprint @12,0")
    assert fight.deciding() == ["c"]
    assert fight.state.fighters["a"].budget.ended


def test_futurepath_6_a_free_action_may_go_with_a_full_round_action() -> None:
    """FuturePath 6: "Free Actions can act during a Full Round action": one Free action, taken first, happens
    during the Full-Round action that follows (here a dropped knife and a fast crawl after going prone)."""
    fight = duo()
    fight.apply("a drop knife")
    assert fight.why_illegal("a sprint @12,0") is None
    fight.apply("a sprint @12,0")
    assert fight.state.fighters["a"].pos == (12, 0) and fight.deciding() == ["c"]
    prone = duo()
    prone.apply("a prone")
    assert prone.why_illegal("a crawl @6,0 +fast") is None


def test_futurepath_6_7_two_free_actions_rule_out_a_full_round_action() -> None:
    """FuturePath 6-7: a second Free action takes up the Simple action, which rules out a Full-Round action."""
    fight = duo()
    fight.apply("a drop knife")
    fight.apply("a drop pistol")
    assert fight.why_illegal("a sprint @12,0") == (
        "Sprint is a Full-Round action; a already used a Simple action this turn"
        " (a Full-Round action must be the first and last thing done)"
    )


@pytest.mark.parametrize(
    ("accounting", "simple_after_three"),
    [("tiered", True), ("cumulative", False)],
)
def test_futurepath_7_a3_free_actions_add_up(accounting: str, simple_after_three: bool) -> None:
    """FuturePath 7 / A3: 2 Free actions take the Simple; 3 take the Standard (tiered: the Simple is usable
    again); cumulative: 3 take both."""
    fight = new_fight(
        fighter("a", "red", (0, 0), weapons=["knife", "pistol", "rifle"], drawn=["knife", "pistol"]),
        fighter("c", "blue", (19, 0)),
        text=ROW,
        dice=[],
        options={"free_action_accounting": accounting},
    )
    fight.apply("a drop knife")
    assert fight.why_illegal("a draw rifle") is None
    fight.apply("a prone")
    assert "Simple action" in (fight.why_illegal("a draw rifle") or "")
    fight.apply("a drop pistol")
    assert "Standard" in (fight.why_illegal("a crawl @1,0") or "")
    assert (fight.why_illegal("a draw rifle") is None) is simple_after_three
    assert fight.deciding() == ["a"], "a fourth Free action (the whole turn) is still possible"


def test_futurepath_7_dropping_several_objects_is_one_free_action() -> None:
    """FuturePath 7: dropping several objects simultaneously is one Free action."""
    fight = duo()
    fight.apply("a drop all")
    fighter_state = fight.state.fighters["a"]
    assert fighter_state.frees == 1 and fighter_state.hands == []


def test_futurepath_7_a_fourth_free_action_takes_the_whole_turn() -> None:
    """FuturePath 7: 4 Free actions require a Full-Round action: only when nothing else was done, and the turn
    is then over."""
    from tactica.systems.futurepath import FuturePathOptions
    from tactica.systems.futurepath.budget import pay, refusal
    from tactica.systems.futurepath.state import Fighter

    options = FuturePathOptions()
    idle = Fighter("a", "red", (0, 0), 10, 10, frees=3)
    assert refusal(options, idle, "free", "Drop") is None
    pay(options, idle, "free")
    assert idle.budget.full_round
    assert (
        refusal(options, idle, "free", "Drop")
        == "Drop cannot follow a Full-Round action, which is the first and last thing done in a turn"
    )
    busy = Fighter("a", "red", (0, 0), 10, 10, frees=3)
    pay(options, busy, "simple")
    assert "requires a Full-Round action" in (refusal(options, busy, "free", "Drop") or "")


def test_futurepath_20_five_foot_step_ends_the_turn() -> None:
    """FuturePath 20: the 5-foot step (Simple) moves one square and declares the end of the turn."""
    fight = duo()
    fight.apply("a step @1,0")
    assert fight.state.fighters["a"].pos == (1, 0)
    assert fight.deciding() == ["c"]


def test_futurepath_20_no_five_foot_step_after_a_full_round_action() -> None:
    """FuturePath 20: a 5-foot step cannot follow a Full-Round action (here a Full Attack with a Bonus Attack
    still pending)."""
    fight = new_fight(
        fighter(
            "a",
            "red",
            (0, 0),
            str=30,
            extra_damage=1,
            proficient=["all"],
            weapons=["knife", "short-sword"],
            drawn=["short-sword", "knife"],
        ),
        fighter("c", "blue", (1, 0), ac=5, hp=200),
        text=". . . .\n. . . .",
        dice=[10, 3, 3],
    )
    fight.apply("a full-attack c with short-sword")
    assert fight.deciding() == ["a"], "the Bonus Attack may still follow the Full Attack"
    assert "a step @0,1" not in offered(fight, "step")
    assert fight.why_illegal("a step @0,1") == (
        "5-foot step cannot follow a Full-Round action, which is the first and last thing done in a turn"
    )


def test_futurepath_20_a_step_after_a_standard_attack() -> None:
    """FuturePath 20: "This 5ft step is used to be able to move a little bit after a Standard Attack. So one
    can fire and move slightly in one turn." """
    fight = new_fight(
        fighter("a", "red", (0, 0), weapons=["pistol"], drawn=["pistol"]),
        fighter("c", "blue", (5, 0), ac=30),
        text=ROW,
        dice=[5],
    )
    fight.apply("a attack c with pistol")
    assert offered(fight, "step") == {"a step @1,0"}
    fight.apply("a step @1,0")
    assert fight.state.fighters["a"].pos == (1, 0) and fight.deciding() == ["c"]


def test_futurepath_12_20_no_five_foot_step_after_a_move() -> None:
    """FuturePath 12, 20: a Standard Move of 6 squares plus a 5-foot step would be 7 squares in a turn,
    beyond Speed, which only a Full-Round action allows; the step is the move of a turn spent attacking."""
    fight = duo()
    fight.apply("a move @6,0")
    assert offered(fight, "step") == set()
    assert fight.why_illegal("a step @7,0") == (
        "a has moved this turn; the 5-foot step is the move of a turn spent attacking ('fire and move"
        " slightly', FuturePath 20), not more movement after a move (FuturePath 12)"
    )


def test_futurepath_12_20_step_after_move_within_speed_option() -> None:
    """FuturePath 12, 20 option step_after_move=within_speed: a step may follow a move while the turn's
    squares stay within Speed (5 + 1 = 6), not beyond it (6 + 1 = 7)."""
    options = {"step_after_move": "within_speed"}
    short = new_fight(fighter("a", "red", (0, 0)), fighter("c", "blue", (19, 0)), text=ROW, options=options)
    short.apply("a move @5,0")
    assert short.why_illegal("a step @6,0") is None
    full = new_fight(fighter("a", "red", (0, 0)), fighter("c", "blue", (19, 0)), text=ROW, options=options)
    full.apply("a move @6,0")
    assert full.why_illegal("a step @7,0") == (
        "a has moved 6 squares this turn; a 5-foot step would take it past its Speed (6 squares), which only"
        " a Full-Round action allows (FuturePath 12, 20)"
    )


def test_futurepath_7_drop_all_is_offered_with_a_single_item() -> None:
    """FuturePath 7: 'drop all' is legal whenever something is held, so it is offered with one item too."""
    fight = new_fight(
        fighter("a", "red", (0, 0), weapons=["knife"], drawn=["knife"]),
        fighter("c", "blue", (19, 0)),
        text=ROW,
        dice=[],
    )
    assert offered(fight, "drop") == {"a drop knife", "a drop all"}
    fight.apply("a drop all")
    assert fight.state.fighters["a"].hands == []


def test_what_a_budget_can_pay_is_what_refusal_allows_for_every_shape_a_turn_takes() -> None:
    """Issue 16 A (memoise per-state look-ups): ``affordable``, remembered by the budget's shape, is exactly
    the costs ``refusal`` allows, after every action of a turn of a Free, a Simple and a Standard action."""
    fight = duo()
    steps = ["a drop knife", "a draw rifle", "a move @3,0"]  # the move ends the turn: all is spent
    for step in [None, *steps]:
        if step:
            fight.apply(step)
        me = fight.state.fighters["a"]
        allowed = {c for c in COSTS if refusal(fight.game.options, me, c, "") is None}
        assert affordable(fight.game.options, me) == allowed
