"""FuturePath statistics hooks (issue 6): hit points taken per event with the dealer (rules 21-23, 28, 39),
and who is out of action (rule 39: dying, stable or dead)."""

from __future__ import annotations

from tactica.engine import Fight
from tests.systems.futurepath.helpers import fighter, new_fight


def taken(fight: Fight) -> dict[tuple[str, str | None], float]:
    """Hit points taken by (taker, dealer), summed over every event of the fight."""
    out: dict[tuple[str, str | None], float] = {}
    for event in fight.events:
        for harm in fight.system.harm_done(fight.game, event):
            key = (harm.taker, harm.dealer)
            out[key] = out.get(key, 0.0) + harm.amount
    return out


def test_futurepath_23_28_harm_done_sums_what_the_state_lost_with_dealers() -> None:
    """FuturePath 21-23, 28: a hit (1d6 = 4) and a critical (2d6 = 3 + 5) by vex, a hit by rook (6): the
    harm recorded equals the hit points each lost, dealt by the attacker."""
    fight = new_fight(
        fighter("vex", "red", (0, 0), hp=20, weapons=["short-sword"], drawn=["short-sword"]),
        fighter("rook", "blue", (1, 0), hp=30, weapons=["short-sword"], drawn=["short-sword"]),
        dice=[15, 4, 12, 6, 20, 3, 5],
    )
    fight.apply("vex attack rook with short-sword")
    fight.apply("vex end")
    fight.apply("rook attack vex with short-sword")
    fight.apply("rook end")
    fight.apply("vex attack rook with short-sword")
    assert taken(fight) == {("rook", "vex"): 4 + 8, ("vex", "rook"): 6}
    assert fight.state.fighters["rook"].hp == 30 - 12  # type: ignore[attr-defined]
    assert fight.system.out_of_action(fight.game, fight.state) == []


def test_futurepath_39_out_of_action_is_who_the_end_check_counts_down() -> None:
    """FuturePath 39: at 0 HP or below a character is dying and out of action; CON loss is not hit points."""
    fight = new_fight(
        fighter("vex", "red", (0, 0), weapons=["broad-sword"], drawn=["broad-sword"]),
        fighter("rook", "blue", (1, 0), hp=3),
        fighter("ash", "blue", (4, 0)),
        dice=[15, 8, 2],
    )
    fight.apply("vex attack rook with broad-sword")
    assert list(fight.system.out_of_action(fight.game, fight.state)) == ["rook"]
    fight.apply("vex end")  # blue's turn: rook bleeds 1d4 CON (2), which is not harm in hit points
    assert taken(fight) == {("rook", "vex"): 8}
    assert fight.state.fighters["rook"].con == 8  # type: ignore[attr-defined]
    assert not fight.is_over()
