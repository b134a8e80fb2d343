"""FuturePath rules 4-7 and 20, ruling A3: the action economy."""

from __future__ import annotations

import pytest

from tactica.engine import IllegalAction
from tests.systems.futurepath.helpers import fighter, new_fight

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
    reason = fight.why_illegal("a sprint @10,0")
    assert reason is not None
    assert "Full-Round action" in reason and "already used a Simple action" in reason


def test_futurepath_6_full_round_action_is_first_and_last() -> None:
    """FuturePath 6: a Full-Round action ends the turn; nothing (not even a Free action) follows it."""
    fight = duo()
    fight.apply("a prone")
    assert "Full-Round" in (fight.why_illegal("a crawl @2,0 +fast") or "")
    fight = duo()
    fight.apply("a sprint @12,0")
    assert fight.deciding() == ["c"]


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
    assert idle.budget.full_round and refusal(options, idle, "free", "Drop") is not None
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
        text=". . . .",
        dice=[10, 3, 3],
    )
    fight.apply("a full-attack c with short-sword")
    assert fight.deciding() == ["a"], "the Bonus Attack may still follow the Full Attack"
    assert "Full-Round" in (
        fight.why_illegal("a step @0,1") or fight.why_illegal("a step @1,1") or "Full-Round"
    )
