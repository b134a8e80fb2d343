"""Star Rangers 10-12, 14-15, 24 (the action economy, what each action costs, drawing and storing, the
Perception roll, dropping) and rulings B7, B12; options full_round_free_action, free_actions."""

from __future__ import annotations

from tests.systems.srb.helpers import acting, duel, fighter, fs, new_fight, of, offered, play, why

KNIFE_QD = {"weapons": ["knife", "pistol"], "quick_draw": True, "drawn": ""}


def paid(events: list[object]) -> list[tuple[str, str, tuple[str, ...]]]:
    """(what, cost, slots that paid) for every action paid for."""
    return [(e.what, e.cost, tuple(e.paid)) for e in of(events, "SrbActionPaid")]  # type: ignore[attr-defined]


def test_srb_10_standard_move_and_free_in_any_order() -> None:
    """Star Rangers 10: one standard, one move and one free action, in any order: a quick draw (free), a
    move, an attack; then only dropping the knife (no action) and ending are left."""
    fight = duel(dice=[3, 2], a=KNIFE_QD)
    events = play(fight, "ana draw knife", "ana move @2,3", "ana attack orc with knife")
    assert paid(events) == [
        ("draw", "free", ("free",)),
        ("move", "move", ("move",)),
        ("attack", "standard", ("standard",)),
    ]
    assert offered(fight) == {"ana drop knife", "ana end"}


def test_srb_10_a_full_round_action_is_the_whole_turn() -> None:
    """Star Rangers 10, 13: Heavy melee is a full-round action: not after another action, and no action
    after it (dropping the knife takes none)."""
    fight = duel(dice=[3, 1, 1], a={"weapons": ["knife"]})
    fight.apply("ana move @2,3")
    assert "Star Rangers 10" in why(fight, "ana heavy-melee orc")
    assert "full-round" in why(fight, "ana heavy-melee orc")
    fresh = duel(dice=[3, 1, 1, 1], a={"weapons": ["knife"]})
    events = fresh.apply("ana heavy-melee orc")
    assert paid(events) == [("heavy-melee", "full", ("standard", "move", "free"))]
    assert offered(fresh) == {"ana drop knife", "ana end"}


def test_srb_11_a_standard_action_spent_as_a_move_action() -> None:
    """Star Rangers 11: two move actions in one turn: the second is paid with the standard action, and
    then no attack is possible."""
    fight = duel(a={"weapons": ["knife"], "quick_draw": True})
    events = play(fight, "ana move @2,1", "ana move @3,1")
    assert paid(events) == [("move", "move", ("move",)), ("move", "move", ("standard",))]
    assert "ana attack orc with knife" not in offered(fight)
    assert "Star Rangers 10: an attack with the knife is a standard action" in why(fight, "ana attack orc")


def test_srb_11_free_actions_from_the_move_and_the_standard_action() -> None:
    """Star Rangers 11, B12: one free action, and the move and standard actions spent as free ones: draw,
    store, draw (F + F + F); then only dropping the pistol (no action) and ending are left."""
    fight = duel(a=KNIFE_QD)
    events = play(fight, "ana draw knife", "ana store knife", "ana draw pistol")
    assert paid(events) == [
        ("draw", "free", ("free",)),
        ("store", "free", ("move",)),
        ("draw", "free", ("standard",)),
    ]
    assert offered(fight) == {"ana drop pistol", "ana end"}


def test_srb_b12_option_unlimited_free_actions() -> None:
    """B12, option free_actions unlimited: free actions take no slot (d20-style): four quick draws and
    stores, then still a move and an attack."""
    fight = duel(dice=[15, 2], a=KNIFE_QD, options={"free_actions": "unlimited"})
    play(fight, "ana draw knife", "ana store knife", "ana draw pistol", "ana store pistol", "ana draw knife")
    assert fs(fight, "ana").spent == {}
    play(fight, "ana move @2,3", "ana attack orc")
    assert fs(fight, "ana").spent == {"move": 1, "standard": 1}


def test_srb_b7_option_full_round_leaves_the_free_action() -> None:
    """B7, option full_round_free_action: a full-round action counts as the standard and the move action,
    so the free action is left (default: a full-round action is the whole turn)."""
    fight = duel(
        dice=[3, 1, 1, 1], a={**KNIFE_QD, "drawn": "knife"}, options={"full_round_free_action": True}
    )
    fight.apply("ana heavy-melee orc")
    assert acting(fight) == "ana"
    assert offered(fight, "store") == {"ana store knife"}
    fight.apply("ana store knife")
    assert acting(fight) == "orc"


def test_srb_12_dropping_a_held_item_takes_no_action() -> None:
    """Star Rangers 12: dropping a held item is no action: nothing is spent; it lies in the square and
    picking it up again is a move action."""
    fight = duel(a={"weapons": ["knife"]})
    events = fight.apply("ana drop knife")
    assert paid(events) == [] and fs(fight, "ana").spent == {}
    assert fs(fight, "ana").hand is None
    assert [(i.name, i.pos) for i in fight.state.ground] == [("knife", (2, 2))]  # type: ignore[attr-defined]
    events = fight.apply("ana pickup knife")
    assert paid(events) == [("pickup", "move", ("move",))]
    assert fs(fight, "ana").hand == "knife" and not fight.state.ground  # type: ignore[attr-defined]


def test_srb_14_activating_a_power_is_a_standard_action() -> None:
    """Star Rangers 14: most powers are a standard action to activate: the shock bolt spends 2 tech points
    and is on cooldown for its owner's next 2 actions; a full-round power takes the whole turn."""
    techie = {"powers": ["shock-bolt", "overload"], "resources": {"tech": 10}}
    fight = new_fight(
        fighter("ana", "red", (0, 2), **techie), fighter("orc", "blue", (4, 2)), dice=[15, 3, 4, 10]
    )
    events = fight.apply("ana attack orc with shock-bolt")
    assert paid(events) == [("attack", "standard", ("standard",))]
    assert fs(fight, "ana").resources == {"tech": 8}
    assert "Star Rangers 10" in why(fight, "ana attack orc with overload")
    fight.apply("ana perceive")
    play(fight, "orc end")
    assert "on cooldown for 1 more actions" in why(fight, "ana attack orc with shock-bolt")
    assert "ana attack orc with overload" in offered(fight)


def test_srb_15_storing_is_a_move_action_free_with_quick_draw() -> None:
    """Star Rangers 15: storing an item is a move action; with Quick Draw a free action."""
    slow = duel(a={"weapons": ["knife"]})
    assert paid(slow.apply("ana store knife")) == [("store", "move", ("move",))]
    quick = duel(a={"weapons": ["knife"], "quick_draw": True})
    assert paid(quick.apply("ana store knife")) == [("store", "free", ("free",))]


def test_srb_15_a_perception_roll_is_a_move_action() -> None:
    """Star Rangers 15: a Perception roll (search, spot, listen) is a move action: d20 + Perception."""
    fight = duel(dice=[12], a={"perception": 5})
    events = fight.apply("ana perceive")
    assert paid(events) == [("perceive", "move", ("move",))]
    assert [(e.what, e.face, e.total) for e in of(events, "SrbCheckRolled")] == [("Perception", 12, 17)]


def test_srb_24_drawing_a_weapon_is_a_move_action_free_with_quick_draw() -> None:
    """Star Rangers 24: drawing a weapon is a move action (free with Quick Draw); the hand must be free."""
    fight = duel(a={"weapons": ["knife", "pistol"]})
    assert "store or drop it first" in why(fight, "ana draw pistol")
    play(fight, "ana drop knife")
    assert paid(fight.apply("ana draw pistol")) == [("draw", "move", ("move",))]
    quick = duel(a=KNIFE_QD)
    assert paid(quick.apply("ana draw pistol")) == [("draw", "free", ("free",))]


def test_srb_turn_ends_by_itself_and_end_is_always_there() -> None:
    """A turn with nothing at all left but ending ends by itself; 'end' ends it any time."""
    fight = duel(dice=[2, 1], a={"weapons": ["knife"]})
    assert "ana end" in offered(fight)
    play(fight, "ana drop knife", "ana move @2,1", "ana attack orc")
    assert acting(fight) == "orc"
    assert "not ana's" in why(fight, "ana end")


def test_srb_12_dropping_stays_possible_after_the_actions_are_spent() -> None:
    """Issue 14 point 2, Star Rangers 12 (seed l.109 "These take no time and you can do any reasonable
    number", l.112 "Drop held item"): once the standard, move and free actions are spent, the held knife
    can still be dropped; the turn then ends by itself, as nothing at all is left."""
    fight = duel(dice=[2, 1], a={"weapons": ["knife"]})
    play(fight, "ana move @2,1", "ana attack orc")
    assert acting(fight) == "ana"
    assert offered(fight) == {"ana drop knife", "ana end"}
    events = fight.apply("ana drop knife")
    assert paid(events) == [] and fs(fight, "ana").hand is None
    assert acting(fight) == "orc"


def test_srb_12_dropping_after_a_full_round_action() -> None:
    """Issue 14 point 2, Star Rangers 10, 12 (seed l.46 "one full round action", l.112 "Drop held item"):
    after Heavy melee (the whole turn) only dropping and ending are left; 'end' ends the turn."""
    fight = duel(dice=[3, 1, 1, 1], a={"weapons": ["knife"]})
    fight.apply("ana heavy-melee orc")
    assert offered(fight) == {"ana drop knife", "ana end"}
    fight.apply("ana end")
    assert acting(fight) == "orc" and fs(fight, "ana").hand == "knife"
