"""Far Recon 5-9 and ruling D11: Agility initiative, simultaneous slots for ties with conflicts ordered by
1dN, late joiners, delayed turns that move a character's slot, what uses up the turn."""

from __future__ import annotations

from tests.systems.farrecon.helpers import F, fighter, kinds, last, new_fight, of, offered, refused, state_of


def keys(fight: object) -> list[str]:
    return [s.key for s in fight.state.order.slots]  # type: ignore[attr-defined]


def test_farrecon_5_initiative_is_agility_and_ties_act_simultaneously() -> None:
    """Far Recon 5: each rolls 4dF + Agility (setup order); descending order; equal totals share a
    simultaneous slot whose characters all declare."""
    fight = new_fight(
        fighter("a", "x", (0, 0), skills={"agility": 2}),
        fighter("b", "y", (7, 0), skills={"agility": 0}),
        fighter("c", "y", (7, 2), skills={"agility": 1}),
        dice=F(0) + F(2) + F(-1),
        initiative=None,
    )
    assert [(e.holder, e.score) for e in of(fight, "InitiativeRolled")] == [("a", 2), ("b", 2), ("c", 0)]
    slots = fight.state.order.slots  # type: ignore[attr-defined]
    assert [(s.key, s.actors, s.simultaneous) for s in slots] == [
        ("a+b", ["a", "b"], True),
        ("c", ["c"], False),
    ]
    assert fight.deciding() == ["a", "b"]
    assert last(fight, "TurnStarted").label == "Round 1, together"


def test_farrecon_5_a_new_round_starts_from_the_top() -> None:
    """Far Recon 5: once everyone has acted the round is over and the order starts again from the top."""
    fight = new_fight(fighter("a", "x", (0, 0)), fighter("b", "y", (7, 0)))
    fight.apply("a end")
    fight.apply("b end")
    assert fight.state.order.round == 2 and fight.deciding() == ["a"]  # type: ignore[attr-defined]


def tied(*extra: dict[str, object], **options: object) -> object:
    """a and b tied at 5 (a simultaneous slot), each with 2 health."""
    people = [
        fighter("a", "x", (0, 1), health_now=2),
        fighter("b", "y", (4, 1), health_now=2),
        *extra,
    ]
    initiative = {"a": 5, "b": 5, **{str(c["id"]): 1 for c in extra}}
    return people, initiative, options


def test_farrecon_d11_tied_characters_can_take_each_other_down() -> None:
    """D11, Far Recon 5: tied results apply together: a and b shoot each other and both drop, although
    a's shot alone would have dropped b first."""
    people, initiative, _ = tied()
    fight = new_fight(*people, initiative=initiative, dice=F(2) + F(0) + F(2) + F(0))
    fight.apply("a attack b with pistol")
    assert [e.action for e in of(fight, "PlanDeclared")] == ["a attack b with pistol"]
    assert state_of(fight, "b").health == 2  # nothing happens before everyone has declared
    fight.apply("b attack a with pistol")
    resolution = last(fight, "SimultaneousResolution")
    assert resolution.together == ("a", "b") and resolution.serialized == ()
    fight.apply("b take")
    fight.apply("a take")
    assert [e.attacker for e in of(fight, "StrikeResolved")] == ["a", "b"]
    assert kinds(fight).index("SimultaneousResults") < kinds(fight).index("HarmTaken")
    assert state_of(fight, "a").status == state_of(fight, "b").status == "unconscious"
    assert fight.is_over() and fight.outcome().winner is None  # type: ignore[union-attr]


def test_farrecon_6_a_conflict_is_ordered_by_1dn_mover_first() -> None:
    """Far Recon 6: b's taser aims at a, who moves: they conflict; 1d2 = 1 picks a, who moves out of the
    taser's range first, so b's shot is lost."""
    fight = new_fight(
        fighter("a", "x", (1, 1), aware=False),
        fighter("b", "y", (4, 1), weapons=["taser"]),
        initiative={"a": 3, "b": 3},
        dice=[1],
    )
    fight.apply("a move @0,0")
    fight.apply("a end")
    fight.apply("b attack a with taser")
    conflict = last(fight, "ConflictFound")
    assert conflict.actors == ("a", "b") and "a moves while b's action aims at a" in conflict.reasons
    ordered = last(fight, "ConflictOrdered")
    assert (ordered.actors, ordered.sides, ordered.face, ordered.first) == (("a", "b"), 2, 1, "a")
    assert state_of(fight, "a").pos == (0, 0)
    assert "beyond the taser's range" in last(fight, "PlanLost").reason


def test_farrecon_6_a_conflict_is_ordered_by_1dn_shooter_first() -> None:
    """Far Recon 6: the same conflict with 1d2 = 2: b's taser is resolved before a moves (a answers the
    attack), then a moves; the stun takes a's next turn."""
    fight = new_fight(
        fighter("a", "x", (1, 1)),
        fighter("b", "y", (4, 1), weapons=["taser"]),
        initiative={"a": 3, "b": 3},
        dice=[2, *F(2), *F(0)],
    )
    fight.apply("a move @0,0")
    fight.apply("a end")
    fight.apply("b attack a with taser")
    assert last(fight, "ConflictOrdered").first == "b"
    assert fight.deciding() == ["a"] and offered(fight) == {"a dodge", "a take"}
    fight.apply("a take")
    assert last(fight, "StrikeResolved").damage == 1 and last(fight, "TouchEffect").target == "a"
    assert state_of(fight, "a").pos == (0, 0) and state_of(fight, "a").health == 7


def test_farrecon_6_two_attacks_on_one_dodger_conflict() -> None:
    """Far Recon 6, 11: a and b both attack c, who may dodge one attack a round: the order matters, so 1d2
    decides it; c dodges the first and can only take the second."""
    fight = new_fight(
        fighter("a", "x", (0, 0)),
        fighter("b", "x", (0, 2)),
        fighter("c", "y", (5, 1)),
        initiative={"a": 4, "b": 4, "c": 1},
        dice=[2, *F(1), *F(3), *F(1), *F(0)],
    )
    fight.apply("a attack c with pistol")
    fight.apply("b attack c with pistol")
    assert "both attack c, who can dodge one attack a round" in last(fight, "ConflictFound").reasons[0]
    assert last(fight, "ConflictOrdered").first == "b"
    fight.apply("c dodge")
    first, second = of(fight, "StrikeResolved")
    assert (first.attacker, first.stage, first.result) == ("b", "dodge", "dodged")
    # c has no dodge left: Physical Defense is its only answer, so no one is asked
    assert (second.attacker, second.stage, second.result) == ("a", "pdef", "hit")
    assert state_of(fight, "c").health == 6 and state_of(fight, "c").dodges == 1


def test_farrecon_d11_option_simultaneous_serialize() -> None:
    """D11 / option simultaneous serialize: every tied action is resolved separately in 1dN order: b goes
    first and drops a, whose shot is then lost."""
    people, initiative, _ = tied()
    fight = new_fight(
        *people, initiative=initiative, dice=[2, *F(2), *F(0)], options={"simultaneous": "serialize"}
    )
    fight.apply("a attack b with pistol")
    fight.apply("b attack a with pistol")
    fight.apply("a take")
    assert "option simultaneous: serialize" in last(fight, "ConflictFound").reasons[0]
    assert state_of(fight, "a").status == "unconscious" and state_of(fight, "b").health == 2
    assert "out of action" in last(fight, "PlanLost").reason
    assert fight.outcome().winner == "y"  # type: ignore[union-attr]


def test_farrecon_6_moves_through_the_same_square_conflict() -> None:
    """Far Recon 6: two tied characters moving onto the same square: 1d2 picks who gets there; the other's
    move is blocked."""
    fight = new_fight(
        fighter("a", "x", (2, 0)), fighter("b", "y", (4, 0)), initiative={"a": 2, "b": 2}, dice=[2]
    )
    fight.apply("a move @3,1")
    fight.apply("a end")
    fight.apply("b move @3,1")
    fight.apply("b end")
    assert "both move through @3,1" in last(fight, "ConflictFound").reasons[0]
    assert state_of(fight, "b").pos == (3, 1) and state_of(fight, "a").pos == (2, 0)
    assert last(fight, "MoveBlocked").actor == "a"


def test_farrecon_5_a_tied_character_declares_a_move_then_acts_from_there() -> None:
    """Far Recon 5, 9: in a simultaneous slot a declared move comes first; the action is declared from the
    square the move ends on."""
    fight = new_fight(
        fighter("a", "x", (0, 1), aware=False),
        fighter("b", "y", (7, 1), aware=False),
        initiative={"a": 2, "b": 2},
        dice=F(0) + F(0),
    )
    assert "a attack b with knife" not in offered(fight)
    fight.apply("a move @6,1")
    assert "a attack b with knife" in offered(fight, "attack")
    assert "already declared its move" in refused(fight, "a move @5,1")
    fight.apply("a attack b with knife")
    assert "has declared its action" in refused(fight, "a end")
    fight.apply("b end")
    fight.apply("b take")
    assert state_of(fight, "a").pos == (6, 1) and last(fight, "StrikeResolved").attacker == "a"


def test_farrecon_7_a_late_joiner_enters_after_the_named_slot() -> None:
    """Far Recon 7: a late joiner rolls no initiative; it enters in round 2 right after a's slot."""
    fight = new_fight(
        fighter("a", "x", (0, 0)),
        fighter("b", "y", (7, 0)),
        fighter("c", "y", (7, 2), joins=2, joins_after="a"),
        dice=[],
    )
    assert [e.holder for e in of(fight, "InitiativeRolled")] == ["a", "b"]
    assert keys(fight) == ["a", "b"] and not state_of(fight, "c").present
    assert "not joined the fight" in refused(fight, "a attack c with pistol")
    fight.apply("a end")
    fight.apply("b end")
    fight.apply("a end")
    assert last(fight, "LateJoined").actor == "c" and keys(fight) == ["a", "c", "b"]
    assert fight.deciding() == ["c"]


def test_farrecon_7_a_late_joiner_without_a_place_enters_at_the_top() -> None:
    """Far Recon 7: joining at the start of a round: its slot is the first of that round."""
    fight = new_fight(
        fighter("a", "x", (0, 0)), fighter("b", "y", (7, 0)), fighter("c", "x", (0, 2), joins=2)
    )
    fight.apply("a end")
    fight.apply("b end")
    assert keys(fight) == ["c", "a", "b"] and fight.deciding() == ["c"]
    assert last(fight, "LateJoined").after == ""


def test_farrecon_8_a_delayed_turn_moves_the_slot_where_it_is_taken() -> None:
    """Far Recon 8: a delays; after b it acts: its slot is after b for good."""
    fight = new_fight(fighter("a", "x", (0, 0)), fighter("b", "y", (7, 0)), fighter("c", "y", (7, 2)))
    fight.apply("a delay")
    assert offered(fight) == {"a act", "a wait"}
    fight.apply("a wait")
    assert fight.deciding() == ["b"]
    fight.apply("b end")
    fight.apply("a act")
    assert last(fight, "HeldTurnTaken").after == "b" and keys(fight) == ["b", "a", "c"]
    assert fight.deciding() == ["a"] and "delayed action now" in refused(fight, "a delay")
    fight.apply("a end")
    fight.apply("c end")
    fight.apply("b end")
    assert fight.deciding() == ["a"]  # round 2: a acts after b


def test_farrecon_8_a_delay_past_the_next_turn_is_lost() -> None:
    """Far Recon 8: a delayed action not taken before the character's next turn is lost; its normal turn
    comes instead."""
    fight = new_fight(fighter("a", "x", (0, 0)), fighter("b", "y", (7, 0)))
    fight.apply("a delay")
    fight.apply("a wait")
    fight.apply("b end")
    fight.apply("a wait")
    assert last(fight, "HeldTurnLost").actor == "a"
    assert fight.state.order.round == 2 and fight.deciding() == ["a"]  # type: ignore[attr-defined]
    assert keys(fight) == ["a", "b"]


def test_farrecon_8_delay_before_moving_only() -> None:
    """Far Recon 8: a delay holds the whole turn: not after moving."""
    fight = new_fight(fighter("a", "x", (0, 0)), fighter("b", "y", (7, 0)))
    fight.apply("a move @1,0")
    assert "already moved" in refused(fight, "a delay")


def test_farrecon_8_option_delay_after_move() -> None:
    """Option delay_after_move (Far Recon 8-9): moving does not use up the turn, so the action may still be
    delayed after a move; the delayed character acts later without moving again."""
    fight = new_fight(
        fighter("a", "x", (0, 0)), fighter("b", "y", (7, 0)), options={"delay_after_move": True}
    )
    fight.apply("a move @1,0")
    fight.apply("a delay")
    assert {str(x) for x in fight.legal_actions()} == {"a act", "a wait"}  # before b's slot: act now or wait
    fight.apply("a wait")
    assert fight.deciding() == ["b"]
    assert fight.state.fighters["a"].pos == (1, 0)


def test_farrecon_8_a_tied_character_may_delay_out_of_its_slot() -> None:
    """Far Recon 8: in a simultaneous slot a character may delay; the others resolve without it and it
    acts later in a slot of its own."""
    fight = new_fight(
        fighter("a", "x", (0, 0)), fighter("b", "y", (7, 0)), fighter("c", "y", (7, 2)),
        initiative={"a": 3, "b": 3, "c": 1},
    )  # fmt: skip
    fight.apply("a delay")
    fight.apply("b end")
    fight.apply("a wait")
    fight.apply("c end")
    fight.apply("a act")
    assert keys(fight) == ["a+b", "c", "a"] and fight.state.order.slots[0].actors == ["b"]  # type: ignore[attr-defined]


def test_farrecon_9_moving_does_not_use_up_the_turn_attacking_does() -> None:
    """Far Recon 9: a move leaves the turn open; an attack, a treatment or 'end' closes it."""
    fight = new_fight(fighter("a", "x", (0, 1)), fighter("b", "y", (7, 1), aware=False), dice=F(0) + F(0))
    fight.apply("a move @5,1")
    assert fight.deciding() == ["a"] and "a attack b with pistol" in offered(fight)
    assert "made its 1 move" in refused(fight, "a move @4,1")
    fight.apply("a attack b with pistol")
    assert fight.deciding() == ["b"]


def test_farrecon_9_option_moves_per_turn() -> None:
    """Far Recon 9 / option moves_per_turn 2: two moves, sharing the turn's Speed."""
    fight = new_fight(fighter("a", "x", (0, 1)), fighter("b", "y", (7, 1)), options={"moves_per_turn": 2})
    fight.apply("a move @2,1")
    fight.apply("a move @4,1")
    assert state_of(fight, "a").spent == 4 and offered(fight, "move") == set()
    assert "made its 2 move" in refused(fight, "a move @5,1")


def test_farrecon_9_option_default_speed() -> None:
    """Far Recon 9 / option default_speed: a sheet without Speed moves this many squares."""
    plain = {k: v for k, v in fighter("a", "x", (0, 1)).items() if k != "speed"}
    fight = new_fight(plain, fighter("b", "y", (7, 1)), options={"default_speed": 2})
    assert max(int(a.split("@")[1].split(",")[0]) for a in offered(fight, "move")) == 2
