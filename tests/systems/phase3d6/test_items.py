"""Phase 3d6 16 (issue 14 points 6 and 8): weapons on the ground, picking them up, sheathing, and doors."""

from __future__ import annotations

import pytest

from tactica.engine import Fight
from tactica.engine.errors import SetupError
from tactica.render.svg import board_svg
from tactica.systems import get_system
from tests.systems.phase3d6.helpers import fighter, fs, new_fight, of, offered, play, setup, why

#: Map with a wall line broken by a door hex at (3, 2): row 2 is ". . . D . . ." where D is the door.
WALLED = "\n".join([". . . . . . .", ". . . . . . .", "# # # . # # #", ". . . . . . .", ". . . . . . ."])


def offers(events: list[object]) -> list[tuple[str, str, str]]:
    return [(e.attacker, e.provoker, e.why) for e in of(events, "OpportunityOffered")]  # type: ignore[attr-defined]


def test_phase3d6_l64_a_disarmed_weapon_lies_on_the_ground_and_is_not_drawn_back() -> None:
    """Phase 3d6 l.64 "Pick up an item | Yes": a Disarm knocks the weapon to the ground in the target's hex;
    it can no longer be drawn, only picked up (a move action)."""
    fight = new_fight(
        fighter("ana", "red", (2, 2)),
        fighter("orc", "blue", (3, 2), weapons=["club", "fists"]),
        dice=[5, 5, 5],
    )
    play(fight, "ana attack orc +disarm", "orc pass", "ana end")
    orc = fs(fight, "orc")
    assert (orc.drawn, orc.carried) == (None, [])
    assert [(i.name, i.pos) for i in fight.state.ground] == [("club", (3, 2))]  # type: ignore[attr-defined]
    assert "orc draw club" not in offered(fight)
    assert "orc pickup club" in offered(fight)
    assert "is picked up: 'orc pickup club'" in why(fight, "orc draw club")


def test_phase3d6_l64_picking_up_provokes_and_needs_no_skill_roll() -> None:
    """Phase 3d6 l.64 "Pick up an item | Yes" (not "skill check negates"): in a threatened hex it provokes an
    attack of opportunity even from a character with Acrobatics; the weapon comes to the empty hand after."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), weapons=["fists"], acrobatics=18),
        fighter("orc", "blue", (3, 2)),
        ground=[{"item": "sword", "at": [2, 2]}],
        dice=[1, 1, 1],
    )
    events = fight.apply("ana pickup sword")
    assert offers(events) == [("orc", "ana", "pick up an item")]
    assert of(events, "SkillRolled") == []
    events = play(fight, "orc opportunity ana", "ana pass")
    ana = fs(fight, "ana")
    assert (ana.drawn, ana.carried, ana.moves) == ("sword", ["sword"], 1)
    assert fight.state.ground == []  # type: ignore[attr-defined]
    assert [(e.item, e.how) for e in of(events, "ItemMoved")] == [("sword", "picked up")]


def test_phase3d6_l64_only_an_item_in_the_characters_hex_can_be_picked_up() -> None:
    """Phase 3d6 l.64 "Pick up an item" (rule 16: ``pickup W``, an item in its hex): a sword two hexes away
    is not offered until ana stands on it (issue 14 point 13: a mutant that offered every item on the map
    survived)."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), weapons=["fists"]),
        fighter("orc", "blue", (6, 4)),
        ground=[{"item": "sword", "at": [4, 2]}],
    )
    assert offered(fight, "pickup") == set()
    fight.apply("ana move @4,2")
    assert offered(fight, "pickup") == {"ana pickup sword"}


def test_phase3d6_l85_a_dropped_weapon_keeps_its_shots_on_the_ground() -> None:
    """Phase 3d6 l.85 "Drop an item" (free): the pistol lies in the hex with its shots; picked up again it
    has them (a move action), and it is observed under ``ground`` meanwhile."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), weapons=["pistol"]), fighter("orc", "blue", (6, 4)), dice=[1, 1, 1]
    )
    play(fight, "ana attack orc", "orc pass", "ana drop")
    assert fight.observe()["ground"] == [{"name": "pistol", "pos": [0, 0], "ammo": 5}]
    assert fs(fight, "ana").ammo == {}
    play(fight, "ana end", "orc end", "ana pickup pistol")
    assert (fs(fight, "ana").drawn, fs(fight, "ana").ammo) == ("pistol", {"pistol": 5})


def test_phase3d6_l53_sheathing_is_its_own_move_action() -> None:
    """Phase 3d6 l.53 "Draw or sheathe a focus" (move action, skill check negates): drawing needs an empty
    hand; sheathing the weapon in hand is a move action of its own, so sheathe + draw is the whole Phase."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), weapons=["club", "sword"]), fighter("orc", "blue", (6, 4))
    )
    assert "ana draw sword" not in offered(fight)
    assert "sheathe it (a move action)" in why(fight, "ana draw sword")
    events = fight.apply("ana sheathe")
    assert [(e.maneuver, e.type) for e in of(events, "ManeuverUsed")] == [("sheathe", "move")]
    assert (fs(fight, "ana").drawn, fs(fight, "ana").moves) == (None, 1)
    fight.apply("ana draw sword")
    assert (fs(fight, "ana").drawn, fs(fight, "ana").carried) == ("sword", ["club", "sword"])


def test_phase3d6_l53_sheathing_in_a_threatened_hex_provokes() -> None:
    """Phase 3d6 l.53: sheathing provokes like drawing ("Yes (skill check negates)")."""
    fight = new_fight(fighter("ana", "red", (2, 2), weapons=["club"]), fighter("orc", "blue", (3, 2)))
    events = fight.apply("ana sheathe")
    assert offers(events) == [("orc", "ana", "draw or sheathe a focus")]
    assert fs(fight, "ana").drawn == "club"  # done after the attack of opportunity (rule 10)


def test_phase3d6_l62_a_closed_door_blocks_moving_and_shooting_until_opened() -> None:
    """Phase 3d6 l.62 "Open or close a door | No": a closed door blocks movement and line of sight; opening
    it is a move action next to it that provokes nothing even in a threatened hex."""
    fight = new_fight(
        fighter("ana", "red", (3, 1), weapons=["pistol"]),
        fighter("bob", "blue", (2, 1)),
        fighter("orc", "blue", (3, 4)),
        text=WALLED,
        objects=[{"id": "gate", "at": [3, 2]}],
    )
    assert "ana move @3,3" not in offered(fight)
    assert "ana attack orc with pistol" not in offered(fight)
    events = fight.apply("ana open gate")
    assert offers(events) == []
    assert [(e.door, e.how) for e in of(events, "DoorMoved")] == [("gate", "opened")]
    assert fight.observe()["objects"]["gate"] == {"pos": [3, 2], "open": True}
    assert "ana attack orc with pistol" in offered(fight)
    assert "ana move @3,3" in offered(fight)
    assert "ana open gate" not in offered(fight)
    assert "gate is open already" in why(fight, "ana open gate")


def test_phase3d6_l62_closing_a_door_is_a_move_action() -> None:
    """Phase 3d6 l.62: closing an open door (nobody in its hex) is a move action; after it the door blocks."""
    fight = new_fight(
        fighter("ana", "red", (3, 1)),
        fighter("orc", "blue", (3, 4)),
        text=WALLED,
        objects=[{"id": "gate", "at": [3, 2], "open": True}],
    )
    fight.apply("ana close gate")
    assert fs(fight, "ana").moves == 1
    assert "ana move @3,3" not in offered(fight)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"ground": [{"item": "laser", "at": [0, 0]}]}, "ground[0] (laser).item: unknown weapon 'laser'"),
        ({"ground": [{"item": "club", "at": [0, 0], "ammo": 2}]}, "club takes no ammunition"),
        ({"ground": [{"item": "pistol", "at": [0, 0], "ammo": 9}]}, "9 is more than pistol holds (6)"),
        ({"objects": [{"id": "gate", "at": [0, 0]}]}, "ana stands on [0, 0]: that door must be open"),
        ({"objects": [{"id": "g", "at": [1, 0]}, {"id": "g", "at": [2, 0]}]}, "'g' is used twice"),
        (
            {
                "combatants": [
                    fighter("ana", "red", (0, 0), ammo={"rifle": 1}),
                    fighter("orc", "blue", (6, 4)),
                ]
            },
            "combatants[0] (ana).ammo: 'rifle' is not among its weapons (fists)",
        ),
        (
            {
                "combatants": [
                    fighter("ana", "red", (0, 0), weapons=["pistol"], ammo={"pistol": 7}),
                    fighter("orc", "blue", (6, 4)),
                ]
            },
            "7 is more than pistol holds (6)",
        ),
    ],
)
def test_issue14_8_bad_items_and_doors_name_the_place(extra: dict[str, object], message: str) -> None:
    """Issue 14 point 8: a bad item or door in the setup is one clear error naming the entry."""
    data = {**setup(fighter("ana", "red", (0, 0)), fighter("orc", "blue", (6, 4))), **extra}
    with pytest.raises(SetupError, match=message.replace("[", r"\[").replace("(", r"\(").replace(")", r"\)")):
        Fight.new(get_system("phase3d6"), data)


def test_issue14_8_the_board_draws_items_on_the_ground_and_doors() -> None:
    """Issue 14 point 8: the web table's board draws a Phase 3d6 weapon lying on the map (a triangle titled
    'on the ground') and a door (a diamond titled open or closed), from ``observe()``."""
    fight = new_fight(
        fighter("ana", "red", (3, 1)),
        fighter("orc", "blue", (3, 4)),
        text=WALLED,
        ground=[{"item": "sword", "at": [1, 1]}],
        objects=[{"id": "gate", "at": [3, 2]}],
    )
    svg = board_svg(fight)
    assert "<title>on the ground: sword</title>" in svg
    assert "<title>gate (object: door, closed)</title>" in svg
    fight.apply("ana open gate")
    assert 'class="object broken" data-object="gate"' in board_svg(fight)


def test_issue14_8_a_combatant_starts_with_partial_ammunition() -> None:
    """Issue 14 point 8: 'ammo: {pistol: 1}' starts the pistol with 1 shot of 6: one shot, then it must be
    reloaded."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), weapons=["pistol"], ammo={"pistol": 1}),
        fighter("orc", "blue", (6, 4)),
        dice=[1, 1, 1],
    )
    assert fs(fight, "ana").ammo == {"pistol": 1}
    play(fight, "ana attack orc", "orc pass", "ana end", "orc end")
    assert why(fight, "ana attack orc with pistol") == "pistol is empty: reload it"
