"""Star Rangers 16 (reloads, step by step: box magazines and cells, belt-fed guns with and without a
loader, revolvers and internal magazines with speed loaders or clips, one round at a time, loading gates,
refilling magazines, Quick Draw) and ruling B8 (option refill_draw)."""

from __future__ import annotations

from typing import Any

import pytest

from tactica.engine import IllegalAction
from tests.systems.srb.helpers import end_until, fighter, fs, new_fight, of, offered, play, steps, why


def armed(
    weapon: str, *others: dict[str, Any], dice: list[int] | None = None, options: Any = None, **sheet: Any
) -> Any:
    """ana with ``weapon`` at (0, 0), then ``others``, then orc far off at (9, 4), in initiative order."""
    return new_fight(
        fighter("ana", "red", (0, 0), weapons=[weapon], **sheet),
        *others,
        fighter("orc", "blue", (9, 4)),
        dice=dice,
        options=options,
    )


def gear(fight: Any, name: str, who: str = "ana") -> Any:
    return fs(fight, who).gear[name]


def costs(events: list[Any]) -> list[tuple[str, tuple[str, ...]]]:
    return [(e.cost, tuple(e.paid)) for e in of(events, "SrbActionPaid")]


def test_srb_16_box_magazine_two_move_actions_in_order() -> None:
    """Star Rangers 16: a box magazine: draw the new magazine and eject the old one (a move action), then
    insert it and chamber a round (a move action: here the standard action spent as one). The magazine
    must be in hand before it goes in, and the gun cannot fire in between."""
    fight = armed("pistol", loaded={"pistol": 3}, magazines={"pistol": 1})
    events = fight.apply("ana reload pistol")
    assert steps(events) == [("ana", "draw-magazine", 0, False)]
    assert fs(fight, "ana").mags == {"pistol": [3]}  # the old magazine, kept with its rounds
    assert "being reloaded" in why(fight, "ana attack orc with pistol")
    events = fight.apply("ana reload pistol")
    assert steps(events) == [("ana", "insert", 12, True)]
    assert costs(events) == [("move", ("standard",))]


def test_srb_16_quick_draw_makes_drawing_the_magazine_free() -> None:
    """Star Rangers 16: with Quick Draw, drawing the magazine is a free action: the reload takes one move
    action and the attack is still there."""
    fight = armed("pistol", dice=[5], loaded={"pistol": 0}, magazines={"pistol": 1}, quick_draw=True)
    events = play(fight, "ana reload pistol", "ana reload pistol")
    assert costs(events) == [("free", ("free",)), ("move", ("move",))]
    assert "ana attack orc with pistol" in offered(fight, "attack")


def test_srb_16_a_powered_weapon_changes_its_cell_like_a_magazine() -> None:
    """Star Rangers 16, 22 (5): a powered weapon's cell is changed like a box magazine."""
    fight = armed("laser-pistol", loaded={"laser-pistol": 0}, magazines={"laser-pistol": 1})
    events = play(fight, "ana reload laser-pistol", "ana reload laser-pistol")
    assert steps(events) == [("ana", "draw-magazine", 0, False), ("ana", "insert", 10, True)]


def test_srb_16_refusals() -> None:
    """Star Rangers 16: a full gun, a gun with no spare, a weapon not in hand are not reloaded."""
    fight = armed("pistol", magazines={"pistol": 1})
    assert "already full" in why(fight, "ana reload pistol")
    fight = armed("pistol", loaded={"pistol": 0})
    assert "no loaded spare magazine" in why(fight, "ana reload pistol")
    fight = new_fight(
        fighter(
            "ana", "red", (0, 0), weapons=["knife", "pistol"], loaded={"pistol": 0}, magazines={"pistol": 1}
        ),
        fighter("orc", "blue", (9, 4)),
    )
    assert "draw the pistol first" in why(fight, "ana reload pistol")


def test_srb_16_belt_fed_four_move_actions_alone() -> None:
    """Star Rangers 16: a belt-fed gun: remove the belt end, draw the new belt, insert it, prepare the gun:
    four move actions (Quick Draw does not help), two turns for the gunner alone."""
    fight = armed("machine-gun", loaded={"machine-gun": 5}, magazines={"machine-gun": 1}, quick_draw=True)
    events = play(fight, "ana reload machine-gun", "ana reload machine-gun")
    assert steps(events) == [("ana", "remove-belt", 0, False), ("ana", "draw-belt", 0, False)]
    assert costs(events) == [("move", ("move",)), ("move", ("standard",))]
    play(fight, "ana end", "orc end")
    events = play(fight, "ana reload machine-gun", "ana reload machine-gun")
    assert steps(events) == [("ana", "insert-belt", 30, False), ("ana", "prepare", 30, True)]
    assert fs(fight, "ana").mags == {"machine-gun": [5]}  # the belt end taken out, with its rounds


def test_srb_16_a_loader_shares_the_belt_reload_in_one_round() -> None:
    """Star Rangers 16: with a loader the two each do two of the moves: ana removes the belt end and draws
    the new one, bo inserts it and prepares the gun; it is ready before ana's next turn."""
    bo = fighter("bo", "red", (1, 0))
    fight = armed("machine-gun", bo, loaded={"machine-gun": 0}, magazines={"machine-gun": 1})
    play(fight, "ana reload machine-gun", "ana reload machine-gun")
    assert offered(fight) == {"ana drop machine-gun", "ana end"}
    fight.apply("ana end")
    assert offered(fight, "load") == {"bo load ana with machine-gun"}
    events = play(fight, "bo load ana with machine-gun", "bo load ana with machine-gun")
    assert steps(events) == [("bo", "insert-belt", 30, False), ("bo", "prepare", 30, True)]
    assert [e.owner for e in of(events, "SrbReloadStep")] == ["ana", "ana"]
    assert fight.state.order.round == 1
    play(fight, "orc end")
    assert "ana attack orc with machine-gun" in offered(fight, "attack")


def test_srb_16_the_loader_draws_the_belt_it_carries() -> None:
    """Star Rangers 16: the belt can come from the loader, who must stand next to the gunner."""
    bo = fighter("bo", "red", (1, 0), magazines={"machine-gun": 1})
    fight = armed("machine-gun", bo, loaded={"machine-gun": 0})
    fight.apply("ana reload machine-gun")
    assert "carries no belt" in why(fight, "ana reload machine-gun")
    fight.apply("ana end")
    events = play(fight, "bo load ana with machine-gun", "bo load ana with machine-gun")
    assert steps(events) == [("bo", "draw-belt", 0, False), ("bo", "insert-belt", 30, False)]
    assert fs(fight, "bo").mags == {"machine-gun": []}
    far = armed(
        "machine-gun", fighter("bo", "red", (3, 0), magazines={"machine-gun": 1}), loaded={"machine-gun": 0}
    )
    play(far, "ana end")
    assert "must stand next to ana" in why(far, "bo load ana with machine-gun")


def test_srb_16_revolver_speed_loader_as_a_box_magazine() -> None:
    """Star Rangers 16: a speed loader is used as a box magazine (draw, then insert); the live rounds left
    in the cylinder go back to the loose rounds."""
    fight = armed("revolver", loaded={"revolver": 2}, magazines={"revolver": 1}, rounds={"revolver": 6})
    assert offered(fight, "reload") == {"ana reload revolver", "ana reload revolver +single"}
    events = play(fight, "ana reload revolver", "ana reload revolver")
    assert steps(events) == [("ana", "draw-loader", 2, False), ("ana", "insert-loader", 6, True)]
    assert fs(fight, "ana").rounds == {"revolver": 8}


def test_srb_16_internal_magazine_with_a_clip() -> None:
    """Star Rangers 16: an internal magazine loaded with a clip: as a box magazine."""
    fight = armed("battle-rifle", loaded={"battle-rifle": 0}, magazines={"battle-rifle": 1})
    events = play(fight, "ana reload battle-rifle", "ana reload battle-rifle")
    assert steps(events) == [("ana", "draw-loader", 0, False), ("ana", "insert-loader", 8, True)]


def test_srb_16_one_round_at_a_time_two_steps_per_move_action() -> None:
    """Star Rangers 16: single rounds: draw the rounds (a move action), then eject, load one round per step,
    close: two steps per move action."""
    fight = armed("revolver", loaded={"revolver": 2}, rounds={"revolver": 10})
    events = play(fight, "ana reload revolver", "ana reload revolver")
    assert steps(events) == [
        ("ana", "draw-rounds", 2, False),
        ("ana", "eject", 2, False),
        ("ana", "load", 3, False),
    ]
    assert fs(fight, "ana").rounds == {"revolver": 6} and gear(fight, "revolver").hand_rounds == 3
    play(fight, "ana end", "orc end")
    events = play(fight, "ana reload revolver", "ana reload revolver")
    assert steps(events) == [
        ("ana", "load", 4, False),
        ("ana", "load", 5, False),
        ("ana", "load", 6, False),
        ("ana", "close", 6, True),
    ]


def test_srb_16_closing_early_and_choosing_single_rounds() -> None:
    """Star Rangers 16: the loader of single rounds may close before the weapon is full (+close: the
    rounds left in hand go back); +single loads single rounds though a speed loader is there."""
    fight = armed("revolver", loaded={"revolver": 2}, magazines={"revolver": 1}, rounds={"revolver": 10})
    play(fight, "ana reload revolver +single", "ana reload revolver")
    play(fight, "ana end", "orc end")
    assert "ana reload revolver +close" in offered(fight, "reload")
    events = fight.apply("ana reload revolver +close")
    assert steps(events) == [("ana", "close", 3, True)]
    assert fs(fight, "ana").rounds == {"revolver": 9} and fs(fight, "ana").mags == {"revolver": [6]}


def test_srb_16_loading_gate_doubles_the_times() -> None:
    """Star Rangers 16: a loading-gate revolver: "the process times are doubled" (all of them): drawing the
    rounds takes two move actions, then one step (eject, each round, close) per move action."""
    fight = armed("frontier-revolver", loaded={"frontier-revolver": 4}, rounds={"frontier-revolver": 10})
    events = play(fight, "ana reload frontier-revolver", "ana reload frontier-revolver")
    assert [s[1] for s in steps(events)] == ["drawing-rounds", "draw-rounds"]
    play(fight, "ana end", "orc end")
    events = play(fight, "ana reload frontier-revolver", "ana reload frontier-revolver")
    assert [s[1:3] for s in steps(events)] == [("eject", 4), ("load", 5)]


def test_srb_16_internal_magazine_single_rounds_open_instead_of_eject() -> None:
    """Star Rangers 16: for an internal magazine the first step is opening it (no eject)."""
    fight = armed("shotgun", loaded={"shotgun": 0}, rounds={"shotgun": 4})
    events = play(fight, "ana reload shotgun", "ana reload shotgun")
    assert [s[1:3] for s in steps(events)] == [("draw-rounds", 0), ("open", 0), ("load", 1)]


def test_srb_16_refilling_a_magazine_two_rounds_per_move_action() -> None:
    """Star Rangers 16, B8: refilling a box magazine: draw the rounds (a move action, free with Quick
    Draw), then insert 2 rounds per move action."""
    fight = armed("pistol", magazines={"pistol": [4]}, rounds={"pistol": 10}, quick_draw=True)
    events = play(fight, "ana refill pistol", "ana refill pistol", "ana refill pistol")
    assert [(e.step, e.rounds, e.magazine) for e in of(events, "SrbRefilled")] == [
        ("draw-rounds", 8, 4),
        ("insert-rounds", 2, 6),
        ("insert-rounds", 2, 8),
    ]
    assert costs(events) == [("free", ("free",)), ("move", ("move",)), ("move", ("standard",))]
    assert fs(fight, "ana").rounds == {"pistol": 2}


def test_srb_b8_option_refill_per_two_rounds() -> None:
    """B8, option refill_draw per_two_rounds: the literal '2/move action': 2 rounds drawn, 2 inserted, 2
    more drawn."""
    fight = armed(
        "pistol", magazines={"pistol": [4]}, rounds={"pistol": 10}, options={"refill_draw": "per_two_rounds"}
    )
    events = play(fight, "ana refill pistol", "ana refill pistol")
    play(fight, "ana end", "orc end")
    events += fight.apply("ana refill pistol")
    assert [(e.step, e.rounds, e.magazine) for e in of(events, "SrbRefilled")] == [
        ("draw-rounds", 2, 4),
        ("insert-rounds", 2, 6),
        ("draw-rounds", 2, 6),
    ]


def test_srb_16_a_magazine_reload_draws_a_new_magazine_not_the_ejected_one() -> None:
    """Star Rangers 16: 'draw the new magazine and eject the old one': the fuller old magazine is not put
    straight back in."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), weapons=["pistol"], magazines={"pistol": [5]}, loaded={"pistol": 10}),
        fighter("orc", "blue", (8, 2)),
    )
    fight.apply("ana reload pistol")
    fight.apply("ana reload pistol")
    ana = fight.state.fighters["ana"]
    assert (ana.gear["pistol"].loaded, ana.mags["pistol"]) == (5, [10])


def test_srb_16_a_belt_reload_draws_a_new_belt_not_the_removed_one() -> None:
    """Star Rangers 16: remove the current belt, draw the new belt, insert it, prepare: the new belt goes in
    and the removed one becomes a spare."""
    fight = new_fight(
        fighter(
            "ana",
            "red",
            (2, 2),
            weapons=["machine-gun"],
            magazines={"machine-gun": [8]},
            loaded={"machine-gun": 20},
        ),
        fighter("orc", "blue", (8, 2)),
    )
    fight.apply("ana reload machine-gun")
    fight.apply("ana reload machine-gun")
    play(fight, "ana end", "orc end")
    fight.apply("ana reload machine-gun")
    fight.apply("ana reload machine-gun")
    ana = fight.state.fighters["ana"]
    assert (ana.gear["machine-gun"].loaded, ana.mags["machine-gun"]) == (8, [20])


def handed_over(weapon: str, ana: dict[str, Any], bo: dict[str, Any], *reloads: str) -> Any:
    """ana takes the ``reloads`` steps on ``weapon``, drops it and steps aside; bo steps in and picks it up;
    then it is bo's turn again."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), weapons=[weapon], **ana),
        fighter("bo", "red", (1, 0), **bo),
        fighter("orc", "blue", (9, 4)),
    )
    play(fight, *reloads, f"ana drop {weapon}", "ana move @0,1")
    end_until(fight, "bo")
    play(fight, "bo move @0,0", f"bo pickup {weapon}")
    end_until(fight, "orc")
    end_until(fight, "bo")
    return fight


def test_srb_16_a_gun_dropped_mid_reload_is_reloaded_by_whoever_picks_it_up() -> None:
    """Star Rangers 16, 12: "draw rounds ... Then the following in order": ana drew half the rounds for a
    loading-gate revolver (the gate doubles the draw) and dropped it; the rounds she drew stay hers, so bo,
    who picks it up without rounds of his own, cannot go on with her draw (this crashed with a KeyError),
    and with rounds of his own he starts by drawing them."""
    empty = {"loaded": {"frontier-revolver": 0}, "rounds": {"frontier-revolver": 6}}
    fight = handed_over("frontier-revolver", empty, {}, "ana reload frontier-revolver")
    with pytest.raises(IllegalAction, match="bo has no speed loader, clip or loose rounds"):
        fight.apply("bo reload frontier-revolver")
    assert not offered(fight, "reload") and gear(fight, "frontier-revolver", "bo").step == ""
    assert fs(fight, "ana").rounds == {"frontier-revolver": 6}
    fight = handed_over(
        "frontier-revolver", empty, {"rounds": {"frontier-revolver": 3}}, "ana reload frontier-revolver"
    )
    events = play(fight, "bo reload frontier-revolver", "bo reload frontier-revolver")
    assert [s[:2] for s in steps(events)] == [("bo", "drawing-rounds"), ("bo", "draw-rounds")]
    assert gear(fight, "frontier-revolver", "bo").hand_rounds == 3


def test_srb_16_what_was_drawn_for_a_dropped_gun_stays_with_the_one_who_drew_it() -> None:
    """Star Rangers 16: "Must have a magazine in hand (requires draw an item)": the magazine ana drew for her
    pistol, and the loose rounds she drew for her revolver, go back among her spares when she drops the gun;
    the gun keeps what is in it (the old magazine was ejected: none), and bo draws his own."""
    fight = handed_over(
        "pistol", {"loaded": {"pistol": 3}, "magazines": {"pistol": [12]}}, {"magazines": {"pistol": [7]}},
        "ana reload pistol",
    )  # fmt: skip
    assert sorted(fs(fight, "ana").mags["pistol"]) == [3, 12]
    pistol = gear(fight, "pistol", "bo")
    assert (pistol.loaded, pistol.mag_in, pistol.held, pistol.step) == (0, False, -1, "")
    events = play(fight, "bo reload pistol", "bo reload pistol")
    assert steps(events) == [("bo", "draw-magazine", 0, False), ("bo", "insert", 7, True)]
    fight = handed_over(
        "revolver", {"loaded": {"revolver": 2}, "rounds": {"revolver": 10}}, {"rounds": {"revolver": 1}},
        "ana reload revolver",
    )  # fmt: skip
    assert fs(fight, "ana").rounds == {"revolver": 10}
    events = play(fight, "bo reload revolver", "bo reload revolver")
    assert [s[:3] for s in steps(events)] == [("bo", "draw-rounds", 2), ("bo", "eject", 2), ("bo", "load", 3)]


def test_srb_16_a_gun_dropped_open_stays_open_until_closed() -> None:
    """Star Rangers 16: "eject old rounds ..., load one round ..., close and prepare for fire": ana ejected
    and loaded one round, then dropped the revolver: the rounds in her hand go back to her, the cylinder
    stays open with what is in it, and bo's next step closes it."""
    fight = handed_over(
        "revolver", {"loaded": {"revolver": 2}, "rounds": {"revolver": 10}, "quick_draw": True}, {},
        "ana reload revolver", "ana reload revolver",
    )  # fmt: skip
    assert fs(fight, "ana").rounds == {"revolver": 9}
    assert gear(fight, "revolver", "bo").step == "load"
    events = fight.apply("bo reload revolver")
    assert steps(events) == [("bo", "close", 3, True)]
