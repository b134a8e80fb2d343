"""FuturePath rules 8-16, 18, rulings A1, A9, A18, A20: movement and Tactical Opportunity."""

from __future__ import annotations

import pytest

from tactica.engine import IllegalAction
from tests.systems.futurepath.helpers import OUT_OF_REACH, fighter, kinds, new_fight, offered

ROW = " ".join("." * 20)
OPEN = "\n".join([" ".join("." * 20)] * 20)


def test_futurepath_8_diagonals_cost_the_same_30_ft_is_6_squares() -> None:
    """FuturePath 8: 30 ft = 6 squares in any direction including diagonal."""
    fight = new_fight(fighter("a", "red", (0, 0)), fighter("c", "blue", (19, 19)), text=OPEN, dice=[])
    assert fight.why_illegal("a move @6,6") is None
    assert "out of reach" in (fight.why_illegal("a move @7,7") or "")


def test_futurepath_9_friends_cost_double_enemies_block_bodies_pass() -> None:
    """FuturePath 9: a friend's square is difficult terrain; an enemy's blocks unless unconscious; no one ends
    a move in an occupied square."""
    friend = new_fight(
        fighter("a", "red", (0, 0)),
        fighter("b", "red", (1, 0)),
        fighter("c", "blue", (19, 0)),
        text=ROW,
        dice=[],
    )
    assert friend.why_illegal("a move @5,0") is None
    assert "out of reach" in (friend.why_illegal("a move @6,0") or "")
    assert "occupied" in (friend.why_illegal("a move @1,0") or "")
    enemy = new_fight(
        fighter("a", "red", (0, 0)),
        fighter("c", "blue", (1, 0)),
        fighter("d", "blue", (19, 0)),
        text=ROW,
        dice=[],
    )
    assert enemy.why_illegal("a move @2,0") == f"@2,0 is out of reach: a has 6 {OUT_OF_REACH}"
    body = new_fight(
        fighter("a", "red", (0, 0)),
        fighter("c", "blue", (1, 0), hp_now=0),
        fighter("d", "blue", (19, 0)),
        text=ROW,
        dice=[],
    )
    assert body.why_illegal("a move @2,0") is None


def test_futurepath_11_standard_move_and_walk() -> None:
    """FuturePath 11: a Standard Move goes up to Speed (30 ft = 6 squares); Walk is half (3 squares)."""
    fight = new_fight(fighter("a", "red", (0, 0)), fighter("c", "blue", (19, 0)), text=ROW, dice=[])
    assert fight.why_illegal("a move @6,0") is None
    assert fight.why_illegal("a walk @3,0") is None
    assert fight.why_illegal("a walk @4,0") == f"@4,0 is out of reach: a has 3 {OUT_OF_REACH}"


@pytest.mark.parametrize(("multiplier", "reach"), [(3, 18), (2, 12)])
def test_futurepath_13_a1_sprint_is_three_times_speed(multiplier: int, reach: int) -> None:
    """FuturePath 12-13 / A1: moving beyond Speed is a Full-Round Sprint of up to 3 x Speed (option)."""
    fight = new_fight(
        fighter("a", "red", (0, 0)),
        fighter("c", "blue", (19, 19)),
        text=OPEN,
        dice=[],
        options={"sprint_multiplier": multiplier},
    )
    assert fight.why_illegal(f"a sprint @{reach},0") is None
    assert (
        fight.why_illegal(f"a sprint @{reach + 1},0")
        == f"@{reach + 1},0 is out of reach: a has {reach} {OUT_OF_REACH}"
    )
    fight.apply(f"a sprint @{reach},0")
    assert fight.deciding() == ["c"], "Sprint is the declaration of the end of the turn"


def test_futurepath_14_crawl_is_half_speed_and_fast_is_full_round() -> None:
    """FuturePath 14, 18: prone characters crawl at half Speed; at full Speed it is a Full-Round action, not
    allowed when moving stealthily."""
    fight = new_fight(
        fighter("a", "red", (0, 0), posture="prone"),
        fighter("c", "blue", (19, 0)),
        text=ROW,
        dice=[],
        initiative={"red": 5, "blue": 1},
    )
    assert "prone" in (fight.why_illegal("a move @2,0") or "")
    assert fight.why_illegal("a crawl @3,0") is None
    assert fight.why_illegal("a crawl @4,0") == f"@4,0 is out of reach: a has 3 {OUT_OF_REACH}"
    assert fight.why_illegal("a crawl @6,0 +fast") is None
    assert "stealthily" in (fight.why_illegal("a crawl @6,0 +fast +stealthy") or "")


def test_futurepath_15_a18_difficult_squares_cost_two() -> None:
    """FuturePath 15 / A18: each difficult square entered costs 2 squares of movement."""
    text = ". ~ ~ . . . . . . ."
    fight = new_fight(fighter("a", "red", (0, 0)), fighter("c", "blue", (9, 0)), text=text, dice=[])
    assert fight.why_illegal("a move @4,0") is None
    assert fight.why_illegal("a move @5,0") == f"@5,0 is out of reach: a has 6 {OUT_OF_REACH}"


def test_futurepath_16_sprint_through_difficult_terrain_needs_acrobatics() -> None:
    """FuturePath 16: Acrobatics DC 15 before a Sprint through difficult terrain; failure trips the character
    about halfway: it falls prone and the action fails."""
    text = ". ~ . . . . . . . . . . ."
    fight = new_fight(fighter("a", "red", (0, 0)), fighter("c", "blue", (12, 0)), text=text, dice=[4])
    fight.apply("a sprint @10,0")
    check = [e for e in fight.events if e.kind == "Checked"][-1]
    assert (check.what, check.natural, check.dc, check.success) == ("acrobatics", 4, 15, False)
    state = fight.state.fighters["a"]
    assert state.pos == (5, 0) and state.posture == "prone"
    assert "Tripped" in kinds(fight)


def test_futurepath_16_a_good_acrobatics_check_lets_the_sprint_through() -> None:
    """FuturePath 16: success, and the Sprint goes the whole way."""
    text = ". ~ . . . . . . . . . . ."
    fight = new_fight(
        fighter("a", "red", (0, 0), dex=14, skills={"acrobatics": 0}),
        fighter("c", "blue", (12, 0)),
        text=text,
        dice=[13],
    )
    fight.apply("a sprint @10,0")
    assert fight.state.fighters["a"].pos == (10, 0)


def test_futurepath_18_prone_is_free_standing_is_simple() -> None:
    """FuturePath 18 / A2: dropping prone is a Free action, standing up a Simple action."""
    fight = new_fight(fighter("a", "red", (0, 0)), fighter("c", "blue", (9, 0)), text=ROW, dice=[])
    fight.apply("a prone")
    assert fight.state.fighters["a"].frees == 1
    fight.apply("a stand")
    assert fight.state.fighters["a"].budget.spent["simple"] == 1


@pytest.mark.parametrize("gravity", ["low", "zero"])
def test_futurepath_18_in_low_or_zero_gravity_going_prone_is_not_free(gravity: str) -> None:
    """FuturePath 18: going prone is Free "as long as the Character is not in Low or Zero Gravity"; there it
    is not forbidden but a Simple action (the seed's table lists dropping prone under Simple actions)."""
    fight = new_fight(
        fighter("a", "red", (0, 0)), fighter("c", "blue", (9, 0)), text=ROW, dice=[], gravity=gravity
    )
    assert offered(fight, "prone") == {"a prone"}
    fight.apply("a prone")
    a = fight.state.fighters["a"]
    assert (a.posture, a.frees, a.budget.spent.get("simple")) == ("prone", 0, 1)


def melee_pair(**options: object) -> object:
    return new_fight(
        fighter("a", "red", (1, 0)),
        fighter("c", "blue", (0, 0), weapons=["short-sword"], drawn=["short-sword"], str=10),
        text=ROW,
        dice=[15, 4],
        options=options,
    )


def test_futurepath_a9_leaving_a_threat_range_gives_a_tactical_opportunity() -> None:
    """FuturePath 10 / A9: leaving an enemy's Threat Range suspends the move and the enemy decides."""
    fight = melee_pair()
    fight.apply("a move @5,0")
    assert fight.deciding() == ["c"]
    assert {str(a) for a in fight.legal_actions()} == {"c pass", "c opportunity a with short-sword"}
    assert fight.state.fighters["a"].pos == (1, 0), "the attack comes before the mover leaves"
    fight.apply("c opportunity a with short-sword")
    assert fight.state.fighters["a"].pos == (5, 0), "the move continues after the opportunity"
    assert fight.state.fighters["a"].hp == 10 - 4


def test_futurepath_a9_passing_lets_the_move_continue_and_one_per_round() -> None:
    """A9: the enemy may let it go; opportunities are limited per round (option, default 1)."""
    fight = melee_pair()
    fight.apply("a move @5,0")
    fight.apply("c pass")
    assert fight.state.fighters["a"].pos == (5, 0)
    assert fight.state.fighters["c"].opportunities == 0


def test_futurepath_20_a20_the_five_foot_step_still_provokes() -> None:
    """FuturePath 20 / A20: a 5-foot step out of a Threat Range does not protect (option)."""
    fight = melee_pair()
    fight.apply("a step @2,0")
    assert fight.deciding() == ["c"]
    safe = melee_pair(five_foot_step_provokes=False)
    safe.apply("a step @2,0")
    assert safe.state.fighters["a"].pos == (2, 0) and safe.deciding() == ["c"]
    assert "OpportunityRaised" not in kinds(safe)


def test_a9_only_the_enemy_owed_the_decision_may_act() -> None:
    """Interrupts: while a Tactical Opportunity is pending, nothing else may be done."""
    fight = melee_pair()
    fight.apply("a move @5,0")
    with pytest.raises(IllegalAction, match="waiting for c"):
        fight.apply("a end")


def test_futurepath_a9_one_tactical_opportunity_per_enemy_per_round() -> None:
    """A9 (option opportunities_per_round, default 1): an enemy who took a Tactical Opportunity this round is
    not offered another (a second mover leaves freely); the count starts again next round."""
    fight = new_fight(
        fighter("a", "red", (1, 0)),
        fighter("b", "red", (0, 1)),
        fighter("c", "blue", (0, 0), weapons=["short-sword"], drawn=["short-sword"]),
        text=OPEN,
        dice=[15, 4],
    )
    fight.apply("a move @5,0")
    fight.apply("c opportunity a with short-sword")
    assert fight.state.fighters["c"].opportunities == 1
    fight.apply("b move @0,5")
    assert fight.state.fighters["b"].pos == (0, 5)
    assert kinds(fight).count("OpportunityRaised") == 1
    for fid in ("a", "b", "c"):
        fight.apply(f"{fid} end")
    assert fight.state.order.round == 2 and fight.state.fighters["c"].opportunities == 0


def test_futurepath_a9_two_opportunities_per_round_by_option() -> None:
    """A9 option opportunities_per_round=2: the same enemy may take a second Tactical Opportunity."""
    fight = new_fight(
        fighter("a", "red", (1, 0)),
        fighter("b", "red", (0, 1)),
        fighter("c", "blue", (0, 0), weapons=["short-sword"], drawn=["short-sword"]),
        text=OPEN,
        dice=[15, 4],
        options={"opportunities_per_round": 2},
    )
    fight.apply("a move @5,0")
    fight.apply("c opportunity a with short-sword")
    fight.apply("b move @0,5")
    assert fight.deciding() == ["c"] and fight.state.fighters["b"].pos == (0, 1)


WALLED = "c . . . .\n# # . . .\n. . . . .\n. . . . ."


def test_futurepath_43_a9_no_tactical_opportunity_through_a_wall() -> None:
    """FuturePath 10, 43 / A9: a reach weapon's Threat Range stops at walls: a mover behind a wall, though
    within 10 ft, is not threatened, so moving away raises no Tactical Opportunity."""
    fight = new_fight(
        fighter("a", "red", (2, 1)),
        fighter("c", "blue", "c", weapons=["spear"], drawn=["spear"]),
        text=WALLED,
        dice=[],
    )
    fight.apply("a move @3,2")
    assert fight.state.fighters["a"].pos == (3, 2)
    assert "OpportunityRaised" not in kinds(fight)


def test_futurepath_43_a9_stepping_behind_a_wall_leaves_the_threat_range() -> None:
    """FuturePath 10, 43 / A9: moving from a threatened square to one behind a wall, out of the weapon's
    reach, leaves the Threat Range: the enemy gets its Tactical Opportunity."""
    fight = new_fight(
        fighter("a", "red", (2, 0)),
        fighter("c", "blue", "c", weapons=["spear"], drawn=["spear"]),
        text=WALLED,
        dice=[],
    )
    fight.apply("a move @2,1")
    assert fight.deciding() == ["c"]
    assert offered(fight, "opportunity") == {"c opportunity a with spear"}
