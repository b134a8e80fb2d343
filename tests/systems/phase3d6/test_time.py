"""Phase 3d6 1-4 and rulings E10, E12, E13, E14: Phases and Turns, the Post-Turn Recovery, initiative
from Combat Value + Lightning Reflexes with ties rolled once, the Surprise Phase; options
post_turn_recovery, tie_break, initiative_roll, surprise_dcv_penalty, surprise_penalty_ends, max_rounds."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tactica.engine import Fight
from tactica.systems import get_system
from tactica.systems.phase3d6 import economy
from tests.systems.phase3d6.helpers import (
    SHEET,
    acting,
    duel,
    fighter,
    fs,
    global_phase,
    hit,
    last,
    new_fight,
    of,
    offered,
    order,
    phases_started,
    play,
    rolls,
    setup,
    turns_started,
    why,
)


def end_phases(fight: Fight, count: int) -> None:
    """Everyone ends its action, ``count`` Phases long (no one may be waiting on a decision)."""
    start = global_phase(fight)
    while global_phase(fight) < start + count:
        who = fight.deciding()
        assert len(who) == 1
        fight.apply(f"{who[0]} end")


def scores(fight: Fight) -> dict[str, tuple[int, str]]:
    """Initiative score and how it was found, per character."""
    return {e.holder: (e.score, e.detail) for e in of(fight.events, "InitiativeRolled")}


def lost(fight: Fight) -> list[tuple[str, str]]:
    """(character, why) of every Phase action lost so far."""
    return [(e.actor, e.why) for e in of(fight.events, "PhaseActionLost")]


def surprise(*, dice: list[int] | None = None, **extra: object) -> Fight:
    """ana (aware, first) next to orc, who is unaware: a Surprise Phase (rule 4)."""
    return new_fight(
        fighter("ana", "red", (2, 2)), fighter("orc", "blue", (3, 2), aware=False), dice=dice, **extra
    )


# --- Phase 3d6 1: Phases, Turns, the Post-Turn ----------------------------------------------------------


def test_phase3d6_1_four_phases_make_a_turn() -> None:
    """Phase 3d6 1: a Turn is 4 Phases; global Phase 5 is Turn 2, Phase 1 (labelled so)."""
    fight = duel()
    end_phases(fight, 5)
    assert phases_started(fight) == [
        (1, 1, 1),
        (2, 1, 2),
        (3, 1, 3),
        (4, 1, 4),
        (5, 2, 1),
        (6, 2, 2),
    ]
    assert [e.round for e in of(fight.events, "RoundStarted")] == [1, 2]
    labels = [label for label, who in turns_started(fight) if who == "ana"]
    assert labels == [
        "Turn 1, Phase 1",
        "Turn 1, Phase 2",
        "Turn 1, Phase 3",
        "Turn 1, Phase 4",
        "Turn 2, Phase 1",
        "Turn 2, Phase 2",
    ]
    assert (fight.state.turn, fight.state.phase) == (2, 2)


def test_phase3d6_1_post_turn_recovery_twice_in_eight_phases() -> None:
    """Phase 3d6 1: after every Phase 4 comes a Post-Turn in which everyone Takes a Recovery (+REC STUN,
    capped at the maximum): two in 8 Phases, each between Phase 4 and the next Turn's Phase 1."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), stun_now=5, rec=4),
        fighter("orc", "blue", (3, 2), stun_now=18, rec=4),
    )
    end_phases(fight, 8)
    assert [e.turn for e in of(fight.events, "PostTurn")] == [1, 2]
    assert [(e.actor, e.stun, e.total, e.why) for e in of(fight.events, "RecoveryTaken")] == [
        ("ana", 4, 9, "Post-Turn"),
        ("orc", 2, 20, "Post-Turn"),
        ("ana", 4, 13, "Post-Turn"),
        ("orc", 0, 20, "Post-Turn"),
    ]
    assert (fs(fight, "ana").stun, fs(fight, "orc").stun) == (13, 20)
    kinds = [(e.kind, getattr(e, "number", getattr(e, "turn", None))) for e in fight.events]
    first_post = kinds.index(("PostTurn", 1))
    assert kinds.index(("PhaseStarted", 4)) < first_post < kinds.index(("PhaseStarted", 5))
    second_post = kinds.index(("PostTurn", 2))
    assert kinds.index(("PhaseStarted", 8)) < second_post < kinds.index(("PhaseStarted", 9))


def test_phase3d6_1_no_recovery_before_phase_4_ends() -> None:
    """Phase 3d6 1: the Post-Turn comes only after Phase 4: three Phases give no Recovery."""
    fight = new_fight(fighter("ana", "red", (2, 2), stun_now=5), fighter("orc", "blue", (3, 2)))
    end_phases(fight, 3)
    assert of(fight.events, "PostTurn") == []
    assert fs(fight, "ana").stun == 5


def test_phase3d6_1_post_turn_wakes_a_knocked_out_character() -> None:
    """Phase 3d6 1, E10: the knocked-out recover too; STUN above 0 again (BODY above 0) wakes them, and
    they act in the next Turn."""
    fight = new_fight(
        fighter("ana", "red", (0, 0)),
        fighter("bob", "red", (1, 0), stun_now=-2, rec=4),
        fighter("orc", "blue", (6, 4)),
    )
    assert fs(fight, "bob").out
    end_phases(fight, 4)
    assert [(e.actor, e.stun, e.total) for e in of(fight.events, "RecoveryTaken") if e.actor == "bob"] == [
        ("bob", 4, 2)
    ]
    assert [(e.actor, e.state) for e in of(fight.events, "FighterDown")] == [("bob", "conscious again")]
    assert not fs(fight, "bob").out
    fight.apply("ana end")
    assert acting(fight) == "bob"
    assert turns_started(fight)[-1] == ("Turn 2, Phase 1", "bob")


def test_phase3d6_e10_no_recovery_flag_skips_the_post_turn_recovery() -> None:
    """E10: everyone Takes a Recovery in the Post-Turn except characters flagged unable (no_recovery)."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), stun_now=5, no_recovery=True),
        fighter("orc", "blue", (3, 2), stun_now=5),
    )
    end_phases(fight, 4)
    assert [e.actor for e in of(fight.events, "RecoveryTaken")] == ["orc"]
    assert (fs(fight, "ana").stun, fs(fight, "orc").stun) == (5, 9)


def test_phase3d6_e10_option_post_turn_recovery_off() -> None:
    """E10 option post_turn_recovery=false: the Post-Turn still comes, but no one recovers in it."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), stun_now=5),
        fighter("orc", "blue", (3, 2), stun_now=5),
        options={"post_turn_recovery": False},
    )
    end_phases(fight, 4)
    assert [e.turn for e in of(fight.events, "PostTurn")] == [1]
    assert of(fight.events, "RecoveryTaken") == []
    assert (fs(fight, "ana").stun, fs(fight, "orc").stun) == (5, 5)


def test_phase3d6_1_option_max_rounds_ends_in_a_draw() -> None:
    """Option max_rounds (not in the seed): a fight still going after that many Turns is a draw."""
    fight = duel(options={"max_rounds": 1})
    for _ in range(7):
        fight.apply(f"{fight.deciding()[0]} end")
    assert not fight.is_over()
    fight.apply("orc end")
    assert fight.is_over()
    ended = last(fight, "FightEnded")
    assert (ended.winner, ended.reason) == (None, "Turn limit 1 reached")
    assert [e.turn for e in of(fight.events, "PostTurn")] == [1]


# --- Phase 3d6 2-3: initiative order ---------------------------------------------------------------------


def test_phase3d6_2_characters_act_in_initiative_order() -> None:
    """Phase 3d6 2: everyone acts in each Phase, in initiative order (highest first); only the character
    whose place it is may act."""
    fight = new_fight(
        fighter("ana", "red", (0, 0)),
        fighter("orc", "blue", (6, 4)),
        fighter("cat", "red", (0, 4)),
        initiative={"ana": 5, "orc": 9, "cat": 7},
    )
    assert order(fight) == ["orc", "cat", "ana"]
    assert "it is orc's place in the Phase, not ana's (rule 2)" in why(fight, "ana end")
    end_phases(fight, 1)
    assert [who for _, who in turns_started(fight)] == ["orc", "cat", "ana", "orc"]


def test_phase3d6_2_one_or_more_actions_in_a_phase() -> None:
    """Phase 3d6 2: a character's place in the Phase holds several actions (here an attack and a move)."""
    fight = duel(dice=[1, 1, 1])
    hit(fight, "ana", "orc")
    assert acting(fight) == "ana"
    play(fight, "ana move @0,2", "orc pass", "ana end")
    assert acting(fight) == "orc"
    assert [e.maneuver for e in of(fight.events, "ManeuverUsed") if e.actor == "ana"] == [
        "strike",
        "half-move",
    ]


def test_phase3d6_3_initiative_is_combat_value_plus_lightning_reflexes() -> None:
    """Phase 3d6 3, E14: the Initiative score is Combat Value + Lightning Reflexes; no dice are rolled."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), cv=5, lightning_reflexes=3),
        fighter("orc", "blue", (3, 2), cv=7),
        initiative=SHEET,
        dice=[],
    )
    assert scores(fight) == {"ana": (8, "CV + Lightning Reflexes"), "orc": (7, "CV + Lightning Reflexes")}
    assert order(fight) == ["ana", "orc"]
    assert fight.faces == []


def test_phase3d6_3_order_is_the_same_every_phase() -> None:
    """Phase 3d6 3: in every Phase that follows the characters act in the same order."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), cv=4),
        fighter("orc", "blue", (6, 4), cv=6),
        fighter("cat", "red", (0, 4), cv=5),
        initiative=SHEET,
    )
    end_phases(fight, 6)
    per_phase = [who for _, who in turns_started(fight)]
    assert per_phase == ["orc", "cat", "ana"] * 6 + ["orc"]


def test_phase3d6_3_ties_are_ordered_by_a_roll() -> None:
    """Phase 3d6 3: characters with the same score randomly determine who goes first (a d20 each; the
    dice are drawn for the tied only, in setup order)."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), cv=5),
        fighter("orc", "blue", (6, 4), cv=5),
        fighter("cat", "red", (0, 4), cv=6),
        initiative=SHEET,
        dice=[4, 15],
    )
    assert order(fight) == ["cat", "orc", "ana"]
    assert fight.faces == [4, 15]
    assert scores(fight)["ana"] == (5, "tie-break d20 4")
    assert scores(fight)["orc"] == (5, "tie-break d20 15")


def test_phase3d6_3_equal_tie_break_rolls_roll_again() -> None:
    """Phase 3d6 3: when the tie-break dice tie again, the still-tied roll again."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), cv=5),
        fighter("orc", "blue", (6, 4), cv=5),
        initiative=SHEET,
        dice=[7, 7, 2, 9],
    )
    assert order(fight) == ["orc", "ana"]
    assert fight.faces == [7, 7, 2, 9]


def test_phase3d6_e13_ties_are_rolled_once() -> None:
    """E13: the tie-break is rolled once, at the start of combat; the order then stays (no more dice in
    eight Phases: the scripted dice would run out)."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), cv=5),
        fighter("orc", "blue", (6, 4), cv=5),
        initiative=SHEET,
        dice=[4, 15],
    )
    end_phases(fight, 8)
    assert fight.faces == [4, 15]
    assert [who for _, who in turns_started(fight)] == ["orc", "ana"] * 8 + ["orc"]


def test_phase3d6_e13_option_tie_break_every_phase() -> None:
    """E13 option tie_break='every_phase': the tied roll again at the start of every Phase."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), cv=5),
        fighter("orc", "blue", (6, 4), cv=5),
        initiative=SHEET,
        dice=[10, 3, 2, 12, 1, 20],
        options={"tie_break": "every_phase"},
    )
    assert order(fight) == ["ana", "orc"]
    end_phases(fight, 1)
    assert order(fight) == ["orc", "ana"]
    end_phases(fight, 1)
    assert order(fight) == ["ana", "orc"]
    assert [who for _, who in turns_started(fight)] == ["ana", "orc", "orc", "ana", "ana"]
    assert fight.faces == [10, 3, 2, 12, 1, 20]


def test_phase3d6_e14_option_initiative_roll_adds_3d6() -> None:
    """E14 option initiative_roll=true: the score is CV + Lightning Reflexes + 3d6 (in setup order)."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), cv=5),
        fighter("orc", "blue", (6, 4), cv=5),
        initiative=SHEET,
        dice=[1, 2, 3, 6, 6, 6],
        options={"initiative_roll": True},
    )
    assert scores(fight) == {
        "ana": (11, "CV + Lightning Reflexes + 3d6"),
        "orc": (23, "CV + Lightning Reflexes + 3d6"),
    }
    assert order(fight) == ["orc", "ana"]


def test_phase3d6_3_fixed_initiative_rolls_nothing() -> None:
    """Phase 3d6 3 (setup): fixed initiative scores are used as given, even with initiative_roll on."""
    fight = new_fight(
        fighter("ana", "red", (0, 0)),
        fighter("orc", "blue", (6, 4)),
        initiative={"ana": 4, "orc": 9},
        options={"initiative_roll": True},
        dice=[],
    )
    assert scores(fight) == {"ana": (4, "fixed"), "orc": (9, "fixed")}
    assert order(fight) == ["orc", "ana"]


def test_phase3d6_3_characters_unable_to_act_keep_their_score() -> None:
    """Phase 3d6 3: an unconscious character keeps its place in the order; its action is lost."""
    fight = new_fight(
        fighter("ana", "red", (0, 0)),
        fighter("bob", "red", (1, 0), stun_now=0),
        fighter("orc", "blue", (6, 4)),
    )
    end_phases(fight, 2)
    assert order(fight) == ["ana", "bob", "orc"]
    assert lost(fight) == [("bob", "out of the fight")] * 2


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    cvs=st.lists(st.integers(0, 6), min_size=2, max_size=6),
    lrs=st.lists(st.integers(0, 3), min_size=6, max_size=6),
    seed=st.integers(0, 10_000),
)
def test_phase3d6_3_order_is_a_permutation_sorted_by_score(cvs: list[int], lrs: list[int], seed: int) -> None:
    """Phase 3d6 3 (property): the order holds every character once, sorted by CV + Lightning Reflexes
    from the highest down; the d20s rolled are exactly one per tied character (and re-rolls)."""
    combatants = [
        fighter(f"c{i}", "red" if i % 2 == 0 else "blue", (i, 0), cv=cv, lightning_reflexes=lrs[i])
        for i, cv in enumerate(cvs)
    ]
    fight = Fight.new(get_system("phase3d6"), setup(*combatants, initiative=SHEET), seed=seed)
    ranked = order(fight)
    assert sorted(ranked) == sorted(c["id"] for c in combatants)
    score = {c["id"]: c["cv"] + c["lightning_reflexes"] for c in combatants}
    assert [score[c] for c in ranked] == sorted(score.values(), reverse=True)
    tied = sum(1 for s in score.values() if list(score.values()).count(s) > 1)
    assert len(fight.faces) >= tied
    if not tied:
        assert fight.faces == []


# --- Phase 3d6 4: the Surprise Phase ----------------------------------------------------------------


def test_phase3d6_4_surprise_phase_when_some_are_unaware() -> None:
    """Phase 3d6 4: some but not all aware: a Surprise Phase (global Phase 0) comes first; the aware act,
    the unaware do not; then Turn 1, Phase 1."""
    fight = surprise()
    assert phases_started(fight) == [(0, 0, 0)]
    assert (acting(fight), fight.state.turn, fight.state.phase) == ("ana", 0, 0)
    fight.apply("ana end")
    assert lost(fight) == [("orc", "surprised: the unaware do not act in the Surprise Phase (rule 4)")]
    assert turns_started(fight) == [
        ("Surprise Phase", "ana"),
        ("Surprise Phase", "orc"),
        ("Turn 1, Phase 1", "ana"),
    ]
    assert phases_started(fight) == [(0, 0, 0), (1, 1, 1)]


@pytest.mark.parametrize("aware", [True, False])
def test_phase3d6_4_no_surprise_phase_when_all_or_none_are_surprised(aware: bool) -> None:
    """Phase 3d6 4: if no one or everyone is surprised, no Surprise Phase occurs."""
    fight = new_fight(fighter("ana", "red", (2, 2), aware=aware), fighter("orc", "blue", (3, 2), aware=aware))
    assert phases_started(fight) == [(1, 1, 1)]
    assert turns_started(fight) == [("Turn 1, Phase 1", "ana")]


def test_phase3d6_4_aware_act_in_initiative_order_in_the_surprise_phase() -> None:
    """Phase 3d6 4: in the Surprise Phase the aware act in initiative order; the unaware's places pass."""
    fight = new_fight(
        fighter("ana", "red", (0, 0)),
        fighter("orc", "blue", (6, 4), aware=False),
        fighter("cat", "red", (0, 4)),
        fighter("gob", "blue", (6, 0)),
    )
    end_phases(fight, 1)
    assert [who for label, who in turns_started(fight) if label == "Surprise Phase"] == [
        "ana",
        "orc",
        "cat",
        "gob",
    ]
    assert [who for who, _ in lost(fight)] == ["orc"]


def test_phase3d6_4_unaware_have_minus_3_dcv_in_the_surprise_phase() -> None:
    """Phase 3d6 4: the unaware have -3 DCV during the Surprise Phase: 3d6 9 + OCV 3 = 12 hits 10 + 0."""
    fight = surprise(dice=[3, 3, 3, 2, 2])
    events = hit(fight, "ana", "orc")
    assert rolls(events) == [("ana", "orc", (3, 3, 3), 3, 0, 12, 10, True)]
    assert fs(fight, "orc").stun == 16


def test_phase3d6_4_option_surprise_dcv_penalty() -> None:
    """Option surprise_dcv_penalty (rule 4's -3): 5 makes the unaware's DCV 3 - 5 = -2."""
    fight = surprise(dice=[3, 3, 3, 2, 2], options={"surprise_dcv_penalty": 5})
    events = hit(fight, "ana", "orc")
    assert rolls(events) == [("ana", "orc", (3, 3, 3), 3, -2, 12, 8, True)]


def test_phase3d6_4_surprise_phase_allows_one_attack_action() -> None:
    """Phase 3d6 4, 15: in the Surprise Phase an aware character takes an attack action OR a move action:
    after its attack no move; free actions stay open."""
    fight = surprise(dice=[1, 1, 1])
    hit(fight, "ana", "orc")
    assert acting(fight) == "ana"
    assert offered(fight, "move") == set()
    assert "the Surprise Phase allows a single attack or move action (rule 15); ana has taken it" in why(
        fight, "ana move @1,2"
    )
    assert offered(fight, "prone") == {"ana prone"}
    assert offered(fight, "recovery") == set()
    assert "ana step @1,2" in offered(fight, "step")  # the code's reading: the step is not an action


def test_phase3d6_4_surprise_phase_allows_one_move_action() -> None:
    """Phase 3d6 4, 15: after a move action in the Surprise Phase nothing but free actions is left (seed l.6
    "You can also take free actions during the Surprise Phase"): no attack on the orc it moved next to; after
    'end' the next place is Phase 1's."""
    fight = new_fight(fighter("ana", "red", (0, 2)), fighter("orc", "blue", (4, 2), aware=False))
    fight.apply("ana move @3,2")
    assert {a.verb for a in fight.legal_actions()} == {"prone", "end"}
    fight.apply("ana end")
    assert of(fight.events, "AttackRoll") == []
    assert turns_started(fight)[-1] == ("Turn 1, Phase 1", "ana")
    assert economy.attack_problem(fight.state, fs(fight, "ana")) is None  # a fresh Phase


def test_phase3d6_4_surprise_attack_refused_after_a_move() -> None:
    """Phase 3d6 4, 15: the refusal of an attack after a move action in the Surprise Phase names rule 15."""
    fight = new_fight(fighter("ana", "red", (0, 2)), fighter("orc", "blue", (4, 2), aware=False))
    fight.state.fighters["ana"].moves = 1  # type: ignore[attr-defined]
    assert economy.attack_problem(fight.state, fs(fight, "ana")) == (
        "the Surprise Phase allows a single attack or move action, and ana moved (rule 15)"
    )


def test_phase3d6_4_no_full_phase_action_in_the_surprise_phase() -> None:
    """Phase 3d6 4, 15: a full-Phase action (Withdraw, a move beyond half) is not possible in the
    Surprise Phase."""
    fight = new_fight(fighter("ana", "red", (0, 2)), fighter("orc", "blue", (6, 2), aware=False))
    assert "no full-Phase action in a restricted Phase such as the Surprise Phase (rule 15)" in why(
        fight, "ana withdraw @4,2"
    )
    assert "ana move @3,2" in offered(fight, "move")
    assert "ana move @4,2" not in offered(fight, "move")
    assert offered(fight, "withdraw") == set()


def test_phase3d6_4_full_move_refusal_names_the_surprise_phase() -> None:
    """Phase 3d6 4, 15: refusing a move beyond half movement in the Surprise Phase says why (a single
    move action, no full-Phase action), not that the hex cannot be reached."""
    fight = new_fight(fighter("ana", "red", (0, 2)), fighter("orc", "blue", (6, 2), aware=False))
    assert "Surprise Phase" in why(fight, "ana move @4,2")


def test_phase3d6_4_unaware_do_not_threaten_in_the_surprise_phase() -> None:
    """Phase 3d6 4 (the code's reading): the unaware take no part in the Surprise Phase, so leaving a hex
    next to one provokes no attack of opportunity."""
    fight = surprise()
    events = fight.apply("ana move @0,2")
    assert of(events, "OpportunityOffered") == []
    assert fs(fight, "ana").pos == (0, 2)


def test_phase3d6_4_unaware_cannot_abort_in_the_surprise_phase() -> None:
    """Phase 3d6 4, 21: characters unaware at the start do not act in the Surprise Phase, so they cannot
    Abort to a defence there: ana's attack is rolled at once (-3 DCV applies)."""
    fight = surprise(dice=[3, 3, 3, 2, 2])
    events = fight.apply("ana attack orc")
    assert rolls(events) == [("ana", "orc", (3, 3, 3), 3, 0, 12, 10, True)]


def test_phase3d6_e12_penalty_ends_when_phase_1_starts() -> None:
    """E12: the -3 DCV applies only during the Surprise Phase: in Phase 1, before the formerly unaware
    has acted, its DCV is 3 again (3d6 9 + 3 = 12 misses 13)."""
    fight = surprise(dice=[3, 3, 3])
    fight.apply("ana end")
    assert global_phase(fight) == 1
    events = hit(fight, "ana", "orc")
    assert rolls(events) == [("ana", "orc", (3, 3, 3), 3, 3, 12, 13, False)]


def test_phase3d6_e12_option_penalty_lasts_until_own_first_phase() -> None:
    """E12 option surprise_penalty_ends='first_own_phase': the -3 DCV lasts into Phase 1 until the
    unaware character's own first action."""
    fight = surprise(dice=[3, 3, 3, 1, 1, 3, 3, 3], options={"surprise_penalty_ends": "first_own_phase"})
    fight.apply("ana end")
    events = hit(fight, "ana", "orc")
    assert rolls(events) == [("ana", "orc", (3, 3, 3), 3, 0, 12, 10, True)]
    play(fight, "ana end", "orc end")
    events = hit(fight, "ana", "orc")
    assert rolls(events) == [("ana", "orc", (3, 3, 3), 3, 3, 12, 13, False)]


def test_phase3d6_e12_option_first_own_phase_no_penalty_without_a_surprise_phase() -> None:
    """Phase 3d6 4, E12: when everyone is unaware there is no Surprise Phase, so no -3 DCV at all (also
    with surprise_penalty_ends='first_own_phase')."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), aware=False),
        fighter("orc", "blue", (3, 2), aware=False),
        dice=[3, 3, 3, 1, 1],
        options={"surprise_penalty_ends": "first_own_phase"},
    )
    events = hit(fight, "ana", "orc")
    assert rolls(events) == [("ana", "orc", (3, 3, 3), 3, 3, 12, 13, False)]
