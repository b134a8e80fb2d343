"""Star Rangers 1-9 (the battle grid, rounds, surprise, initiative, durations) and rulings B1, B6, B10;
options surprise_budget, action_durations, reroll_initiative, flat_footed_until, max_rounds."""

from __future__ import annotations

from tactica.systems.srb.sheet import SQUARE_M
from tests.systems.srb.helpers import (
    ROLLED,
    acting,
    duel,
    end_until,
    fighter,
    fs,
    last,
    new_fight,
    of,
    offered,
    order,
    play,
    rolls,
    why,
)


def ambush(dice: list[int] | None = None, **extra: object) -> object:
    """ana (red, aware, initiative 15) and orc (blue, unaware, 10), side by side."""
    return new_fight(
        fighter("ana", "red", (2, 2)),
        fighter("orc", "blue", (3, 2), aware=False, dex=14),
        dice=dice,
        initiative={"ana": 15, "orc": 10},
        **extra,  # type: ignore[arg-type]
    )


# --- Star Rangers 1-2: the grid and the round -----------------------------------------------------------


def test_srb_1_a_square_is_one_and_a_half_metres() -> None:
    """Star Rangers 1: one square is 1.5 m: a speed of 9 m is 6 squares a move action, 4.5 m is 3."""
    assert SQUARE_M == 1.5
    fight = new_fight(fighter("ana", "red", (0, 0)), fighter("orc", "blue", (9, 4), speed_m=4.5))
    moves = offered(fight, "move")
    assert "ana move @6,0" in moves and "ana move @7,0" not in moves
    events = fight.apply("ana move @6,0")
    assert [(e.squares, e.metres) for e in of(events, "SrbMoved")] == [(6, 9.0)]
    play(fight, "ana end")
    assert "orc move @6,4" in offered(fight, "move") and "orc move @5,4" not in offered(fight, "move")


def test_srb_2_a_round_is_six_seconds() -> None:
    """Star Rangers 2: rounds of 6 seconds, 10 to a minute: the turn headings count the seconds."""
    fight = duel()
    for _ in range(20):
        fight.apply(f"{acting(fight)} end")
    labels = [e.label for e in of(fight.events, "TurnStarted") if e.slot == "ana"]
    assert labels[:3] == ["Round 1 (0-6 s)", "Round 2 (6-12 s)", "Round 3 (12-18 s)"]
    assert labels[10] == "Round 11 (60-66 s)"  # a minute is 10 rounds


# --- Star Rangers 3-5: surprise ------------------------------------------------------------------------


def test_srb_3_a_surprise_round_when_some_are_unaware() -> None:
    """Star Rangers 3-4: some but not all aware: a surprise round (round 0) in which only the aware act."""
    fight = ambush()
    assert fight.state.order.round == 0
    assert [(e.aware, e.unaware) for e in of(fight.events, "SrbSurprise")] == [(("ana",), ("orc",))]
    assert order(fight) == ["ana"]
    assert last(fight, "TurnStarted").label == "Surprise round (0-6 s)"
    assert "unaware" in why(fight, "orc end")


def test_srb_3_no_surprise_round_when_all_or_none_are_aware() -> None:
    """Star Rangers 3: if no one or everyone is aware, there is no surprise round: round 1 at once."""
    for aware in (True, False):
        fight = new_fight(
            fighter("ana", "red", (0, 0), aware=aware), fighter("orc", "blue", (5, 0), aware=aware)
        )
        assert fight.state.order.round == 1
        assert not of(fight.events, "SrbSurprise")
        assert order(fight) == ["ana", "orc"]
        assert not fs(fight, "orc").flat_footed


def test_srb_4_surprise_round_one_standard_or_move_and_one_free() -> None:
    """Star Rangers 4, B1: in the surprise round an aware combatant takes one standard or move action and
    one free action: after an attack no move; no full-round action at all."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), weapons=["knife"], quick_draw=True),
        fighter("orc", "blue", (3, 2), aware=False),
        dice=[15, 2],
        initiative={"ana": 15, "orc": 10},
    )
    assert "Star Rangers 4" in why(fight, "ana heavy-melee orc")
    fight.apply("ana attack orc")
    assert "Star Rangers 4" in why(fight, "ana move @1,1")
    assert "ana perceive" not in offered(fight)


def test_srb_4_surprise_round_a_move_and_a_free_action() -> None:
    """Star Rangers 4, B1: a move action and a free action (a quick draw) fit in the surprise round; then
    only dropping the knife (no action) and ending are left."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), weapons=["knife"], drawn="", quick_draw=True),
        fighter("orc", "blue", (6, 0), aware=False),
        initiative={"ana": 15, "orc": 10},
    )
    fight.apply("ana draw knife")
    fight.apply("ana move @4,0")
    assert offered(fight) == {"ana drop knife", "ana end"}


def test_srb_b1_option_one_action() -> None:
    """B1, option surprise_budget one_action: the surprise round allows a single action (step 1's 'one
    action'): a quick draw, then no other action (dropping takes none)."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), weapons=["knife"], drawn="", quick_draw=True),
        fighter("orc", "blue", (6, 0), aware=False),
        initiative={"ana": 15, "orc": 10},
        options={"surprise_budget": "one_action"},
    )
    fight.apply("ana draw knife")
    assert offered(fight) == {"ana drop knife", "ana end"}


def test_srb_4_the_unaware_are_flat_footed_until_regular_rounds() -> None:
    """Star Rangers 4, B9: unaware combatants are flat-footed until the regular rounds start: orc's DEX
    bonus (+2) does not count against ana's surprise attack (Defense 10 instead of 12)."""
    fight = ambush(dice=[11, 2])
    assert fs(fight, "orc").flat_footed
    events = fight.apply("ana attack orc")
    assert rolls(events) == [("ana", "orc", "attack", 11, 0, 11, 10, True)]
    assert of(events, "SrbAttackRolled")[0].flat_footed
    assert not fs(fight, "orc").flat_footed  # the surprise round ended with ana's turn
    assert [e.flat_footed for e in of(fight.events, "SrbFlatFooted")] == [True, False]


def test_srb_5_the_unaware_roll_initiative_after_the_surprise_round() -> None:
    """Star Rangers 5: the aware roll initiative before the surprise round, the unaware only after it; the
    unaware may then act before those who acted in the surprise round."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), dex=14),
        fighter("orc", "blue", (6, 0), aware=False),
        dice=[9, 18],
        initiative=ROLLED,
    )
    assert [(e.holder, e.score) for e in of(fight.events, "InitiativeRolled")] == [("ana", 11)]
    fight.apply("ana end")
    assert [(e.holder, e.score) for e in of(fight.events, "InitiativeRolled")] == [("ana", 11), ("orc", 18)]
    assert order(fight) == ["orc", "ana"]
    assert acting(fight) == "orc" and fight.state.order.round == 1


# --- Star Rangers 6-8: initiative ----------------------------------------------------------------------


def test_srb_6_initiative_is_d20_plus_dex_and_other_modifiers() -> None:
    """Star Rangers 6: an initiative check is d20 + DEX modifier + other initiative modifiers; highest
    first."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), dex=14, initiative_bonus=4),
        fighter("orc", "blue", (6, 0), dex=8),
        dice=[5, 12],
        initiative=ROLLED,
    )
    assert [(e.holder, e.score, e.detail) for e in of(fight.events, "InitiativeRolled")] == [
        ("ana", 11, "d20 5 +6"),
        ("orc", 11, "d20 12 -1"),
    ]
    assert order(fight) == ["ana", "orc"]  # a tie: ana's modifier (+6) is higher (rule 7)


def test_srb_7_ties_by_modifier_then_roll_off_repeated() -> None:
    """Star Rangers 7: tied results go by the higher total initiative modifier; still tied, the tied roll
    off, and roll again while tied."""
    fight = new_fight(
        fighter("ana", "red", (0, 0)),
        fighter("bo", "red", (0, 2)),
        fighter("orc", "blue", (6, 0)),
        dice=[10, 10, 10, 7, 7, 3, 4, 9],
        initiative=ROLLED,
    )
    offs = [(e.holder, e.detail) for e in of(fight.events, "InitiativeRolled") if "roll-off" in e.detail]
    assert offs == [
        ("ana", "roll-off d20 7"),
        ("bo", "roll-off d20 7"),
        ("orc", "roll-off d20 3"),
        ("ana", "roll-off d20 4"),
        ("bo", "roll-off d20 9"),
    ]
    assert order(fight) == ["bo", "ana", "orc"]


def test_srb_8_the_order_stays_and_the_down_keep_their_place() -> None:
    """Star Rangers 8: the same order every round; a combatant who cannot act keeps its initiative: its
    turn comes and passes."""
    fight = new_fight(
        fighter("ana", "red", (2, 2)),
        fighter("orc", "blue", (3, 2), hp_now=0),
        fighter("gob", "blue", (6, 2)),
    )
    assert fs(fight, "orc").status == "down"
    play(fight, "ana end", "gob end", "ana end")
    assert order(fight) == ["ana", "orc", "gob"]
    passed = [e.actor for e in of(fight.events, "SrbTurnPassed")]
    assert passed == ["orc", "orc"]


def test_srb_b10_option_reroll_initiative() -> None:
    """B10, option reroll_initiative: the reading where everyone rolls again each round (default: the
    order stays)."""
    fight = new_fight(
        fighter("ana", "red", (0, 0)),
        fighter("orc", "blue", (6, 0)),
        dice=[15, 5, 2, 19],
        initiative=ROLLED,
        options={"reroll_initiative": True},
    )
    assert order(fight) == ["ana", "orc"]
    play(fight, "ana end", "orc end")
    assert order(fight) == ["orc", "ana"] and acting(fight) == "orc"
    fixed = new_fight(
        fighter("ana", "red", (0, 0)), fighter("orc", "blue", (6, 0)), dice=[15, 5], initiative=ROLLED
    )
    play(fixed, "ana end", "orc end")
    assert order(fixed) == ["ana", "orc"]


# --- Star Rangers 9, B6: durations ---------------------------------------------------------------------


def test_srb_9_a_round_effect_ends_just_before_its_initiative_count() -> None:
    """Star Rangers 9: an all-out defense (critical failure 8 with a melee weapon) lasts one round: it
    counts during orc's turn and ends just before ana's next turn."""
    fight = duel(dice=[1, 8, 12], a={"weapons": ["knife"]})
    events = fight.apply("ana attack orc")
    assert [e.entry for e in of(events, "SrbFumble")] == [8]
    assert "all-out defense" in why(fight, "ana attack orc")
    fight.apply("ana end")
    fight.apply("orc attack ana")  # d20 12 vs Defense 10 + 4
    assert rolls(fight.events)[-1][-2:] == (14, False)
    events = fight.apply("orc end")
    ended = of(events, "SrbConditionChanged")
    assert [(e.condition, e.active) for e in ended] == [("all-out-defense", False)]
    assert events.index(ended[0]) < events.index(of(events, "TurnStarted")[0])


def test_srb_b6_action_durations_count_the_owners_actions() -> None:
    """B6: 'off target for the next 2 actions' (critical failure 7) counts ana's own actions: the move
    after the fumble is the first, the first action next round the second; then she attacks again."""
    fight = duel(dice=[1, 7, 14, 2], a={"weapons": ["knife"]})
    fight.apply("ana attack orc")
    play(fight, "ana move @2,1", "ana end", "orc end")  # 'end' is no action (B6 does not count it)
    assert "off target" in why(fight, "ana attack orc")
    fight.apply("ana move @2,2")
    events = fight.apply("ana attack orc")
    assert rolls(events)[0][:4] == ("ana", "orc", "attack", 14)


def test_srb_b6_option_rounds() -> None:
    """B6, option action_durations rounds: the 2 actions are 2 rounds, ending just before ana's count two
    rounds on (rule 9), however many actions she takes."""
    fight = duel(dice=[1, 7, 14, 2], a={"weapons": ["knife"]}, options={"action_durations": "rounds"})
    fight.apply("ana attack orc")
    play(fight, "ana end", "orc end")
    assert "off target" in why(fight, "ana attack orc")
    play(fight, "ana move @2,1", "ana move @2,2", "ana end", "orc end")
    events = fight.apply("ana attack orc")
    assert rolls(events)[0][:4] == ("ana", "orc", "attack", 14)


def test_srb_option_flat_footed_until_first_turn() -> None:
    """Option flat_footed_until first_turn: the unaware stay flat-footed until their own first turn, so
    ana, ahead of orc in round 1, still finds it flat-footed (default: not, the regular rounds began)."""
    fight = ambush(dice=[2], options={"flat_footed_until": "first_turn"})
    play(fight, "ana move @2,1")
    events = fight.apply("ana attack orc")  # round 1, before orc's turn
    assert of(events, "SrbAttackRolled")[0].flat_footed
    assert rolls(events)[0][-2:] == (10, False)
    default = ambush(dice=[2])
    play(default, "ana move @2,1")
    events = default.apply("ana attack orc")
    assert rolls(events)[0][-2:] == (12, False)


def test_srb_option_max_rounds() -> None:
    """Option max_rounds: a fight still going after that many rounds is a draw."""
    fight = duel(options={"max_rounds": 2})
    end_until(fight, "orc")
    for _ in range(3):
        fight.apply(f"{acting(fight)} end")
    assert fight.is_over() and fight.outcome() is not None
    assert fight.outcome().winner is None and "round limit 2" in fight.outcome().reason  # type: ignore[union-attr]
