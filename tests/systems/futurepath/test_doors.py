"""FuturePath seed l.104-110: "Open a door slowly (Standard or Full Round)" among the move actions done
"without leaving your square"."""

from __future__ import annotations

from typing import Any

import pytest

from tactica.engine import Fight, SetupError
from tests.systems.futurepath.helpers import fighter, last, new_fight, offered

#: A corridor: a door at @2,1 in a wall across the map; vex west of it, rook east.
DOORWAY = ". . # . .\n. . . . .\n. . # . ."


def doorway(**door: Any) -> Fight:
    """vex (red, acts first, pistol) at @1,1 next to the door at @2,1; rook (blue) at @4,1 behind it."""
    return new_fight(
        fighter("vex", "red", (1, 1), weapons=["pistol"], drawn=["pistol"]),
        fighter("rook", "blue", (4, 1)),
        text=DOORWAY,
        dice=[],
        objects=[{"id": "door", "at": [2, 1], "door": True, **door}],
    )


def test_futurepath_l108_opening_a_door_slowly_is_a_standard_move_action() -> None:
    """FuturePath l.108: "Open a door slowly (Standard or Full Round)"; done without leaving the square
    (l.104). The door then blocks nothing: the pistol can fire through the doorway and the Simple action is
    still there (the Standard is spent)."""
    fight = doorway()
    assert "Full cover" in (fight.why_illegal("vex attack rook with pistol") or "")
    assert offered(fight, "open") == {"vex open door"}
    fight.apply("vex open door")
    assert last(fight, "DoorOpened").object == "door"
    vex = fight.state.fighters["vex"]  # type: ignore[attr-defined]
    assert vex.pos == (1, 1) and not fight.state.objects["door"].blocks  # type: ignore[attr-defined]
    assert vex.budget.spent.get("standard") == 1 and not vex.budget.ended
    assert "Standard" in (fight.why_illegal("vex attack rook with pistol") or "")
    assert fight.why_illegal("vex open door") is not None


def test_futurepath_l108_a_door_may_take_a_full_round_to_open() -> None:
    """FuturePath l.108 "(Standard or Full Round)": a door whose opening is Full-Round takes the whole turn."""
    fight = doorway(opening="full")
    fight.apply("vex open door")
    assert fight.state.fighters["vex"].budget.ended  # type: ignore[attr-defined]


def test_futurepath_l108_a_door_is_opened_from_next_to_it() -> None:
    """FuturePath l.108: opening is done without leaving one's square, so the door must be adjacent."""
    fight = new_fight(
        fighter("vex", "red", (0, 1)),
        fighter("rook", "blue", (4, 1)),
        text=DOORWAY,
        dice=[],
        objects=[{"id": "door", "at": [2, 1], "door": True}, {"id": "crate", "at": [0, 0]}],
    )
    assert offered(fight, "open") == set()
    reason = "door is not next to vex; a door is opened from a neighbouring square"
    assert fight.why_illegal("vex open door") == reason
    assert "doors: door" in (fight.why_illegal("vex open crate") or "")


def test_futurepath_l108_opening_is_for_doors() -> None:
    """FuturePath l.108: 'opening' names how long a door takes; on anything but a door it is a setup error."""
    with pytest.raises(SetupError, match="'opening' is for doors"):
        new_fight(
            fighter("vex", "red", (1, 1)),
            fighter("rook", "blue", (4, 1)),
            text=DOORWAY,
            objects=[{"id": "crate", "at": [2, 1], "opening": "full"}],
        )
