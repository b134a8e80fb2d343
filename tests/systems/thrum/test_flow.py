"""THRUM 6-11 and 46, rulings C2, C11, C16: initiative, Round Zero, the fixed order, Delay, the turn
(Move -> Action -> Stance), Basic Combat Abilities, Stunned; options round_zero, initiative_tie_break,
stunned, dash_after_move."""

from __future__ import annotations

from typing import Any

from tactica.dice import ScriptedDice
from tactica.engine import Action, Fight
from tactica.systems import get_system
from tests.systems.thrum.helpers import fighter, fighter_state, last, new_fight, of, offered, setup

ROW = ". . . . . . . ."


def rolled(*combatants: dict[str, Any], dice: list[int], **extra: Any) -> Fight:
    """A fight whose initiative is rolled (no fixed totals): 2d6 per combatant in setup order."""
    data = setup(*combatants, text=extra.pop("text", ROW), **extra)
    del data["initiative"]
    return Fight.new(get_system("thrum"), data, dice=ScriptedDice(dice))


def order(fight: Fight) -> list[str]:
    """The initiative order now."""
    return [slot.key for slot in fight.state.order.slots]


def turns_started(fight: Fight) -> list[tuple[int, str]]:
    """(round, character) of every turn started so far."""
    return [(e.round, e.slot) for e in of(fight.events, "TurnStarted")]


def why(fight: Fight, text: str) -> str:
    """The refusal of an action (empty when it is legal)."""
    return fight.why_illegal(Action.parse(text)) or ""


# --- THRUM 6: initiative -----------------------------------------------------------------------------------


def test_thrum_6_initiative_is_2d6_plus_ref_in_descending_order() -> None:
    """THRUM 6-7: everyone rolls 2d6 + Initiative modifier (REF); turns go from the highest total down."""
    fight = rolled(
        fighter("ana", "heroes", (0, 0), ref=2),
        fighter("orc", "raiders", (7, 0), ref=1),
        fighter("bo", "heroes", (1, 0), ref=0),
        dice=[1, 2, 3, 3, 6, 5],
    )
    scores = {e.holder: (e.score, e.detail) for e in of(fight.events, "InitiativeRolled")}
    assert scores == {"ana": (5, "2d6 +2"), "orc": (7, "2d6 +1"), "bo": (11, "2d6 +0")}
    assert [(r.actor, r.faces, r.modifier) for r in of(fight.events, "Rolled2d6")] == [
        ("ana", (1, 2), 2),
        ("orc", (3, 3), 1),
        ("bo", (6, 5), 0),
    ]
    assert order(fight) == ["bo", "orc", "ana"]
    assert fight.state.acting == "bo"


def test_thrum_6_a_stated_initiative_modifier_replaces_ref() -> None:
    """THRUM 6: the Initiative modifier is REF unless the sheet states one."""
    fight = rolled(
        fighter("ana", "heroes", (0, 0), ref=0, initiative=3),
        fighter("orc", "raiders", (7, 0), ref=2),
        dice=[1, 1, 1, 2],
    )
    scores = {e.holder: (e.score, e.detail) for e in of(fight.events, "InitiativeRolled")}
    assert scores == {"ana": (5, "2d6 +3"), "orc": (5, "2d6 +2")}
    assert order(fight) == ["ana", "orc"]  # the tie goes to the higher modifier (C2)


def test_thrum_6_fixed_initiative_totals_roll_nothing() -> None:
    """THRUM 6 (setup 'initiative'): fixed totals are used as given and no die is drawn."""
    fight = new_fight(fighter("ana", "heroes", (0, 0)), fighter("orc", "raiders", (7, 0)), dice=[], text=ROW)
    assert [(e.holder, e.score, e.detail) for e in of(fight.events, "InitiativeRolled")] == [
        ("ana", 20, "fixed"),
        ("orc", 19, "fixed"),
    ]
    assert of(fight.events, "Rolled2d6") == []


# --- C2: initiative ties -------------------------------------------------------------------------------------


def test_thrum_c2_a_tie_goes_to_the_higher_initiative_modifier() -> None:
    """C2: equal totals -> the higher Initiative modifier first (no roll-off die is drawn)."""
    fight = rolled(
        fighter("ana", "heroes", (0, 0), ref=0),
        fighter("orc", "raiders", (7, 0), ref=2),
        dice=[4, 4, 3, 3],
    )
    assert order(fight) == ["orc", "ana"]  # the script holds no d20: a roll-off would have raised


def test_thrum_c2_then_pcs_before_npcs() -> None:
    """C2: equal totals and modifiers -> PCs before NPCs."""
    fight = rolled(
        fighter("orc", "raiders", (7, 0), ref=1, pc=False),
        fighter("ana", "heroes", (0, 0), ref=1, pc=True),
        dice=[3, 3, 2, 4],
    )
    assert order(fight) == ["ana", "orc"]


def test_thrum_c2_then_a_d20_roll_off() -> None:
    """C2: equal totals, modifiers and PC-ness -> a d20 each, the higher first (drawn after initiative)."""
    fight = rolled(
        fighter("ana", "heroes", (0, 0)),
        fighter("bo", "heroes", (1, 0)),
        fighter("orc", "raiders", (7, 0)),
        dice=[3, 3, 2, 4, 1, 1, 5, 17],
    )
    assert order(fight) == ["bo", "ana", "orc"]
    details = [e.detail for e in of(fight.events, "InitiativeRolled") if "tie-break" in e.detail]
    assert details == ["tie-break d20 5", "tie-break d20 17"]


def test_thrum_c2_an_equal_roll_off_is_rolled_again() -> None:
    """C2: the roll-off is random to the end: equal d20s roll again, only among those still tied."""
    fight = rolled(
        fighter("ana", "heroes", (0, 0)),
        fighter("bo", "heroes", (1, 0)),
        fighter("cy", "heroes", (2, 0)),
        fighter("orc", "raiders", (7, 0)),
        dice=[3, 3, 3, 3, 3, 3, 1, 1, 12, 12, 4, 2, 9],
    )
    assert order(fight) == ["bo", "ana", "cy", "orc"]  # ana 12, bo 12, cy 4; then ana 2, bo 9
    details = [e.detail for e in of(fight.events, "InitiativeRolled") if "tie-break" in e.detail]
    assert details == [
        "tie-break d20 12",
        "tie-break d20 12",
        "tie-break d20 4",
        "tie-break d20 2",
        "tie-break d20 9",
    ]


def test_thrum_c2_option_random_uses_only_the_roll_off() -> None:
    """Option initiative_tie_break='random' (C2): modifiers and PC-ness are ignored; the d20 decides."""
    fight = rolled(
        fighter("ana", "heroes", (0, 0), ref=0),
        fighter("orc", "raiders", (7, 0), ref=2),
        dice=[4, 4, 3, 3, 15, 3],
        options={"initiative_tie_break": "random"},
    )
    assert order(fight) == ["ana", "orc"]


# --- THRUM 6: Round Zero -------------------------------------------------------------------------------------

START = "s s . . . . . .\ns s . . . . . ."


def round_zero(**extra: Any) -> Fight:
    """ana and bo (PCs) outside the starting area 's', orc (NPC) on the map; Round Zero on."""
    return new_fight(
        fighter("ana", "heroes", (4, 0)),
        fighter("bo", "heroes", (5, 0)),
        fighter("orc", "raiders", (7, 1)),
        dice=[],
        text=START,
        options={"round_zero": True, **extra.pop("options", {})},
        **{"starting_area": "s", **extra},
    )


def test_thrum_6_round_zero_pcs_place_themselves_in_the_starting_area() -> None:
    """THRUM 6: in Round Zero a PC, on its turn, takes a square of the Starting Area; no actions."""
    fight = round_zero()
    assert (fight.state.order.round, fight.state.acting) == (0, "ana")
    assert offered(fight, "place") == {"ana place @0,0", "ana place @1,0", "ana place @0,1", "ana place @1,1"}
    assert offered(fight, "move") == set()
    assert offered(fight, "basic-attack") == set()
    fight.apply("ana place @1,1")
    assert fighter_state(fight, "ana").pos == (1, 1)
    assert last(fight, "Placed").at == (1, 1)
    assert offered(fight, "place") == set()
    assert "already taken its starting square" in why(fight, "ana place @0,0")


def test_thrum_6_round_zero_refusals() -> None:
    """THRUM 6: Round Zero allows placement and a Stance only: no Action, no Move, no Delay; a square
    outside the Starting Area is refused."""
    fight = round_zero()
    assert "Round Zero is for placement and stances: no actions" in why(fight, "ana dash @3,0")
    assert "use 'place @X,Y'" in why(fight, "ana move @3,0")
    assert "no delaying in Round Zero" in why(fight, "ana delay bo")
    assert "@3,0 is not in the starting area" in why(fight, "ana place @3,0")
    assert "name the square" in why(fight, "ana place")
    bare = round_zero(starting_area=None)
    assert "this fight has no starting area" in why(bare, "ana place @0,0")
    assert offered(bare, "place") == set()


def test_thrum_6_round_zero_stances_carry_into_round_one() -> None:
    """THRUM 6: a Stance taken in Round Zero ends the Round Zero turn and is held in round 1."""
    fight = round_zero()
    fight.apply("ana place @0,0")
    fight.apply("ana stance dodge")
    assert fight.state.acting == "bo"
    assert "someone already stands there" in why(fight, "bo place @0,0")
    assert "bo place @0,0" not in offered(fight, "place")
    fight.apply("bo end")
    assert fight.state.acting == "orc"
    assert "is an NPC: the GM placed it" in why(fight, "orc place @1,0")
    assert offered(fight, "place") == set()
    fight.apply("orc stance brace")  # THRUM 6: 'characters' enter a stance in Round Zero, NPCs too
    assert (fight.state.order.round, fight.state.acting) == (1, "ana")
    assert [fighter_state(fight, f).stance for f in ("ana", "bo", "orc")] == ["dodge", None, "brace"]
    assert fighter_state(fight, "bo").pos == (5, 0)  # bo ended without placing: it keeps its setup square
    assert "placement happens in Round Zero only" in why(fight, "ana place @1,1")


def test_thrum_6_option_round_zero_off_starts_with_round_one() -> None:
    """Option round_zero=False (THRUM 6): the fight opens at round 1 and placement is refused; with the
    default (True) the same setup opens at Round Zero."""
    off = new_fight(
        fighter("ana", "heroes", (4, 0)),
        fighter("orc", "raiders", (7, 1)),
        dice=[],
        text=START,
        starting_area="s",
        options={"round_zero": False},
    )
    assert [e.round for e in of(off.events, "RoundStarted")] == [1]
    assert "placement happens in Round Zero only" in why(off, "ana place @0,0")
    assert "ana move @3,0" in offered(off, "move")
    on = round_zero()
    assert [e.round for e in of(on.events, "RoundStarted")] == [0]


def test_thrum_6_round_zero_has_no_panic_roll_and_no_status_ticks() -> None:
    """THRUM 6, 9 (code's choice): Round Zero turns take no actions, so no Panic Roll is made and statuses do
    not tick down; both happen from round 1."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0), stress=3, statuses={"slowed": 2}),
        fighter("orc", "raiders", (7, 1)),
        dice=[6, 6],
        text=START,
        starting_area="s",
        options={"round_zero": True},
    )
    assert of(fight.events, "Rolled2d6") == []
    fight.apply("ana end")
    assert fighter_state(fight, "ana").statuses == {"slowed": 2}
    fight.apply("orc end")
    assert [(r.actor, r.what, r.total) for r in of(fight.events, "Rolled2d6")] == [("ana", "panic roll", 12)]


def test_thrum_6_the_fight_ends_when_one_side_is_out() -> None:
    """THRUM 6: combat ends when all characters of one side are incapacitated or removed."""
    going = new_fight(
        fighter("ana", "heroes", (0, 0)),
        fighter("orc", "raiders", (7, 0), incapacitated=True),
        fighter("gob", "raiders", (7, 1)),
        dice=[],
        text=START,
    )
    assert not going.is_over()
    over = new_fight(
        fighter("ana", "heroes", (0, 0)),
        fighter("orc", "raiders", (7, 0), incapacitated=True),
        fighter("gob", "raiders", (7, 1), incapacitated=True),
        dice=[],
        text=START,
    )
    assert over.is_over()
    assert (over.state.winner, over.state.end_reason) == (
        "heroes",
        "every other side is incapacitated or removed",
    )


# --- THRUM 7: a fixed order -----------------------------------------------------------------------------------


def test_thrum_7_the_order_repeats_every_round() -> None:
    """THRUM 7: the initiative order stays the same round after round (no Delay)."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0)),
        fighter("orc", "raiders", (7, 0)),
        fighter("bo", "heroes", (1, 0)),
        dice=[],
        text=ROW,
    )
    for _ in range(6):
        fight.apply(f"{fight.state.acting} end")
    assert turns_started(fight) == [
        (1, "ana"),
        (1, "orc"),
        (1, "bo"),
        (2, "ana"),
        (2, "orc"),
        (2, "bo"),
        (3, "ana"),
    ]


# --- THRUM 8: Delay -----------------------------------------------------------------------------------------


def bob_alice_carl() -> Fight:
    """Bob rolled highest, then Alice, then Carl (an enemy); the order is never listed before acting."""
    return new_fight(
        fighter("bob", "heroes", (0, 0)),
        fighter("alice", "heroes", (1, 0)),
        fighter("carl", "raiders", (7, 0)),
        dice=[],
        text=ROW,
    )


def test_thrum_8_delay_moves_the_turn_after_the_named_character() -> None:
    """THRUM 8: a character may delay its turn to a named later point of the order."""
    fight = bob_alice_carl()
    fight.apply("bob delay carl")
    assert last(fight, "Delayed").behind == "carl"
    assert (fight.state.acting, order(fight)) == ("alice", ["alice", "carl", "bob"])
    fight.apply("alice end")
    fight.apply("carl end")
    assert fight.state.acting == "bob"
    assert turns_started(fight) == [(1, "bob"), (1, "alice"), (1, "carl"), (1, "bob")]


def test_thrum_8_the_bob_and_alice_example() -> None:
    """THRUM 8: Bob delays until after Alice; Alice delays until after Bob; then Bob must act (he cannot
    delay again this round), and Alice acts after him."""
    fight = bob_alice_carl()
    fight.apply("bob delay alice")
    assert fight.state.acting == "alice"
    fight.apply("alice delay bob")
    assert fight.state.acting == "bob"
    assert "bob has already delayed this round and must act now" in why(fight, "bob delay alice")
    assert "already delayed this round" in why(fight, "bob delay carl")
    fight.apply("bob end")
    assert fight.state.acting == "alice"
    assert "already delayed this round" in why(fight, "alice delay carl")
    fight.apply("alice end")
    assert fight.state.acting == "carl"
    assert turns_started(fight) == [(1, "bob"), (1, "alice"), (1, "bob"), (1, "alice"), (1, "carl")]


def test_thrum_8_the_new_place_is_kept_for_the_rest_of_combat() -> None:
    """THRUM 8: after a delay the character's turns take place at the later position every round."""
    fight = bob_alice_carl()
    fight.apply("bob delay carl")
    for _ in range(3):
        fight.apply(f"{fight.state.acting} end")
    assert fight.state.order.round == 2
    for _ in range(3):
        fight.apply(f"{fight.state.acting} end")
    assert [who for rnd, who in turns_started(fight) if rnd >= 2] == ["alice", "carl", "bob", "alice"]


def test_thrum_8_delaying_is_once_per_round_not_once_per_combat() -> None:
    """THRUM 8: the once-per-round limit starts over in the next round."""
    fight = bob_alice_carl()
    fight.apply("bob delay alice")
    fight.apply("alice end")
    fight.apply("bob end")
    fight.apply("carl end")
    assert (fight.state.order.round, fight.state.acting) == (2, "alice")
    fight.apply("alice end")
    assert fight.state.acting == "bob"
    assert why(fight, "bob delay carl") == ""
    fight.apply("bob delay carl")
    assert order(fight) == ["alice", "carl", "bob"]


def test_thrum_8_delay_refusals() -> None:
    """THRUM 8: a delay names a character acting later this round, before the delayer moves or acts."""
    fight = bob_alice_carl()
    assert "name whom to wait for" in why(fight, "bob delay")
    assert "ghost does not act later this round" in why(fight, "bob delay ghost")
    fight.apply("bob end")
    assert "bob does not act later this round; alice can delay until after: carl" in why(
        fight, "alice delay bob"
    )
    fight.apply("alice move @2,0")
    assert "already begun its turn; delay before moving or acting" in why(fight, "alice delay carl")
    fight.apply("alice end")
    assert "no one acts after carl this round: there is nothing to delay for" in why(fight, "carl delay bob")


def test_thrum_8_delay_is_offered_and_can_be_taken_after_listing() -> None:
    """THRUM 8: every character acting later this round is offered as a delay target, and the listed
    action can be taken."""
    fight = bob_alice_carl()
    assert offered(fight, "delay") == {"bob delay alice", "bob delay carl"}
    fight.apply("bob delay alice")
    assert fight.state.acting == "alice"


# --- THRUM 9: the turn ----------------------------------------------------------------------------------------


def test_thrum_9_a_frayed_character_makes_its_panic_roll_at_the_start_of_its_turn() -> None:
    """THRUM 9a: Stress Load above Stress Tolerance -> a Panic Roll when the turn starts, before anything."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0), stress=3),
        fighter("orc", "raiders", (7, 0)),
        dice=[6, 5],
        text=ROW,
    )
    kinds = [e.kind for e in fight.events]
    start = kinds.index("TurnStarted")
    assert kinds[start + 1] == "Rolled2d6"
    panic = of(fight.events, "Rolled2d6")[0]
    assert (panic.actor, panic.what, panic.total) == ("ana", "panic roll", 11)
    assert fighter_state(fight, "ana").stress == 3  # 11 > 3: passed


def test_thrum_9_end_of_turn_effects_come_before_statuses_tick_down() -> None:
    """THRUM 9 End of Turn: (a) end-of-turn effects (Burning deals Fatigue) then (b) statuses lose a stack."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0), statuses={"burning": 1, "slowed": 2}),
        fighter("orc", "raiders", (7, 0)),
        dice=[],
        text=ROW,
    )
    events = fight.apply("ana end")
    kinds = [e.kind for e in events]
    assert kinds == ["ActionTaken", "LoadChanged", "Afflicted", "Afflicted", "TurnEnded", "TurnStarted"]
    assert [(e.status, e.stacks) for e in of(events, "Afflicted")] == [("burning", 0), ("slowed", 1)]
    ana = fighter_state(fight, "ana")
    assert (ana.fatigue, ana.statuses) == (1, {"slowed": 1})


def test_thrum_9_move_then_action_then_stance() -> None:
    """THRUM 9: Move, then an Action, then a new Stance, which ends the turn."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0)),
        fighter("orc", "raiders", (7, 0)),
        dice=[4, 4, 1, 1],
        text=ROW,
    )
    fight.apply("ana move @4,0")
    fight.apply("ana basic-attack orc")
    fight.apply("orc defend +resilience")
    assert fighter_state(fight, "orc").fatigue == 2
    assert fight.state.acting == "ana"
    assert offered(fight, "stance") == {
        f"ana stance {s}" for s in ("brace", "dodge", "concentrate", "assist", "protect")
    }
    fight.apply("ana stance dodge")
    assert (fight.state.acting, fighter_state(fight, "ana").stance) == ("orc", "dodge")


def test_thrum_9_a_move_may_be_split_while_speed_is_left() -> None:
    """THRUM 9 (code's choice): the Move phase may be taken in several moves up to Speed in all."""
    fight = new_fight(fighter("ana", "heroes", (0, 0)), fighter("orc", "raiders", (7, 0)), dice=[], text=ROW)
    fight.apply("ana move @1,0")
    assert offered(fight, "move") >= {"ana move @4,0"}
    assert "ana move @5,0" not in offered(fight, "move")
    fight.apply("ana move @4,0")
    assert (fighter_state(fight, "ana").pos, fighter_state(fight, "ana").spent) == ((4, 0), 4)
    assert "has no movement left this turn (Speed 4)" in why(fight, "ana move @5,0")


# --- THRUM 10 / C16 -------------------------------------------------------------------------------------------


def test_thrum_10_no_moving_again_after_the_action() -> None:
    """THRUM 10: once a character stops moving to take its Action, it cannot move again this turn."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0)),
        fighter("orc", "raiders", (4, 0)),
        dice=[1, 1, 1, 1],
        text=ROW,
    )
    fight.apply("ana move @1,0")
    fight.apply("ana basic-attack orc")
    fight.apply("orc defend +resilience")
    assert offered(fight, "move") == set()
    assert "stopped moving to take its Action; it cannot move again this turn" in why(fight, "ana move @2,0")
    assert "has already taken its Action this turn" in why(fight, "ana basic-attack orc")
    assert offered(fight, "dash") == set()


def test_thrum_c16_dash_moves_after_a_move() -> None:
    """C16 / THRUM 10-11: Dash is an Action that says the character moves, so it may follow a Move; it moves
    up to Speed again, and after it the character cannot move."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0), speed=2), fighter("orc", "raiders", (7, 0)), dice=[], text=ROW
    )
    fight.apply("ana move @2,0")
    assert offered(fight, "move") == set()  # Speed spent
    assert offered(fight, "dash") == {"ana dash @0,0", "ana dash @1,0", "ana dash @3,0", "ana dash @4,0"}
    fight.apply("ana dash @4,0")
    stepped = last(fight, "Stepped")
    assert (stepped.path, stepped.cost, stepped.how) == (((2, 0), (3, 0), (4, 0)), 2, "dash")
    assert fighter_state(fight, "ana").pos == (4, 0)
    assert "cannot move again this turn" in why(fight, "ana move @5,0")


def test_thrum_c16_option_dash_after_move_off() -> None:
    """Option dash_after_move=False (C16): Dash is refused after a Move, still allowed without one."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0), speed=2),
        fighter("orc", "raiders", (7, 0)),
        dice=[],
        text=ROW,
        options={"dash_after_move": False},
    )
    assert "ana dash @2,0" in offered(fight, "dash")
    fight.apply("ana move @1,0")
    assert offered(fight, "dash") == set()
    assert "with option dash_after_move off, Dash is not allowed after a Move" in why(fight, "ana dash @2,0")
    assert offered(fight, "move") == {"ana move @0,0", "ana move @2,0"}  # the Move itself is untouched


def test_thrum_10_one_stance_at_a_time() -> None:
    """THRUM 10: a new Stance ends the current one; 'end' keeps it; the same Stance is not taken twice."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0), stance="dodge"),
        fighter("orc", "raiders", (7, 0), stance="brace"),
        dice=[],
        text=ROW,
    )
    assert "ana is already in dodge; 'end' keeps the current stance" in why(fight, "ana stance dodge")
    assert "ana stance dodge" not in offered(fight, "stance")
    assert "unknown stance 'riposte' for ana" in why(fight, "ana stance riposte")
    fight.apply("ana stance brace")
    assert last(fight, "StanceChanged").stance == "brace"
    assert fighter_state(fight, "ana").stance == "brace"
    fight.apply("orc end")
    assert fighter_state(fight, "orc").stance == "brace"


# --- THRUM 11: Basic Combat Abilities -------------------------------------------------------------------------


def test_thrum_11_every_character_has_the_basic_combat_abilities() -> None:
    """THRUM 11: a character without Art abilities still has Basic Attack, Dash, Recover, Resuscitate and the
    five basic Stances."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0), fatigue=1, arts={}),
        fighter("bo", "heroes", (1, 0), incapacitated=True),
        fighter("orc", "raiders", (3, 0)),
        dice=[],
        text=ROW,
    )
    verbs = {a.verb for a in fight.legal_actions()} - {"delay"}
    assert verbs == {"move", "basic-attack", "dash", "recover", "resuscitate", "stance", "end"}
    assert offered(fight, "basic-attack") == {"ana basic-attack orc"}
    assert offered(fight, "recover") == {"ana recover +fatigue"}
    assert offered(fight, "resuscitate") == {"ana resuscitate bo"}
    assert len(offered(fight, "stance")) == 5
    assert "unknown action 'sockem' for ana" in why(fight, "ana sockem orc")


def test_thrum_11_basic_attack_has_range_3_and_deals_2_fatigue() -> None:
    """THRUM 11, 13: Basic Attack reaches an enemy 3 squares away (not 4) and a success deals 2 Fatigue."""
    far = new_fight(fighter("ana", "heroes", (0, 0)), fighter("orc", "raiders", (4, 0)), dice=[], text=ROW)
    assert "orc is 4 squares away; Basic Attack has Range 3" in why(far, "ana basic-attack orc")
    near = new_fight(
        fighter("ana", "heroes", (0, 0)), fighter("orc", "raiders", (3, 0)), dice=[3, 3, 1, 1], text=ROW
    )
    near.apply("ana basic-attack orc")
    near.apply("orc defend +resilience")
    assert fighter_state(near, "orc").fatigue == 2


def test_thrum_11_recover_lowers_a_load_by_one() -> None:
    """THRUM 11: Recover (self) reduces Fatigue or Stress by 1 or ends one Status; one of them, named."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0), fatigue=2, statuses={"slowed": 2}),
        fighter("orc", "raiders", (7, 0)),
        dice=[],
        text=ROW,
    )
    assert offered(fight, "recover") == {"ana recover +fatigue", "ana recover +slowed"}
    assert "name one with +fatigue, +stress or +STATUS" in why(fight, "ana recover +fatigue +slowed")
    assert "ana has no Stress to reduce" in why(fight, "ana recover +stress")
    fight.apply("ana recover +fatigue")
    ana = fighter_state(fight, "ana")
    assert (ana.fatigue, ana.statuses) == (1, {"slowed": 2})


def test_thrum_11_recover_in_its_documented_form_works_after_listing() -> None:
    """THRUM 11: 'ana recover +fatigue' (the form in the docs) is one legal action whether or not the legal
    actions were listed first."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0), fatigue=2), fighter("orc", "raiders", (7, 0)), dice=[], text=ROW
    )
    assert why(fight, "ana recover +fatigue") == ""
    fight.legal_actions()
    fight.apply("ana recover +fatigue")
    assert fighter_state(fight, "ana").fatigue == 1


# --- THRUM 46 / C11: Stunned ----------------------------------------------------------------------------------


def stunned_fight(**options: Any) -> Fight:
    return new_fight(
        fighter("ana", "heroes", (0, 0), conditions=["stunned"]),
        fighter("orc", "raiders", (3, 0)),
        dice=[1, 1, 1, 1],
        text=ROW,
        options=options,
    )


def test_thrum_46_stunned_may_move_but_then_not_act() -> None:
    """THRUM 46 / C11: a Stunned character may Move or Act on its turn, not both: after moving, no Action."""
    fight = stunned_fight()
    assert "ana basic-attack orc" in offered(fight) and "ana move @1,0" in offered(fight)
    fight.apply("ana move @1,0")
    assert "is Stunned and has moved: it may Move or Act, not both" in why(fight, "ana basic-attack orc")
    assert offered(fight, "basic-attack") == offered(fight, "dash") == set()


def test_thrum_46_stunned_may_act_but_then_not_move() -> None:
    """THRUM 46 / C11: a Stunned character that acts does not move afterwards."""
    fight = stunned_fight()
    fight.apply("ana basic-attack orc")
    fight.apply("orc defend +resilience")
    assert offered(fight, "move") == set()
    assert "cannot move again this turn" in why(fight, "ana move @1,0")


def test_thrum_46_stunned_ends_at_the_end_of_its_turn() -> None:
    """THRUM 46 / C11: Stunned ends at the end of the character's turn."""
    fight = stunned_fight()
    events = fight.apply("ana end")
    assert [(e.status, e.stacks, e.reason) for e in of(events, "Afflicted")] == [
        ("stunned", 0, "end of turn")
    ]
    assert fighter_state(fight, "ana").conditions == {}


def test_thrum_46_option_stunned_lose_turn() -> None:
    """Option stunned='lose_turn' (C11): the Stunned character can neither move nor act (a Stance is still
    open); with the default it could do either."""
    fight = stunned_fight(stunned="lose_turn")
    assert "is Stunned and can neither move nor act (option stunned)" in why(fight, "ana move @1,0")
    assert "can neither move nor act" in why(fight, "ana basic-attack orc")
    assert {a.verb for a in fight.legal_actions()} == {"delay", "stance", "end"}  # waiting is not acting
    fight.apply("ana end")
    assert fighter_state(fight, "ana").conditions == {}
