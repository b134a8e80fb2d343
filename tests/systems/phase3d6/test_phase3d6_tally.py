"""What Phase 3d6 fights count: the STUN each hit takes (E1 damage, rule 5) with its dealer, and who is out
of the fight (STUN or BODY 0 or below, the end of the fight's notion)."""

from __future__ import annotations

from tactica.engine import Fight
from tactica.systems.phase3d6 import tally
from tests.systems.phase3d6.helpers import duel, fighter, fs, hit, new_fight, play


def _taken(fight: Fight) -> dict[tuple[str, str | None], float]:
    out: dict[tuple[str, str | None], float] = {}
    for event in fight.events:
        for harm in fight.system.harm_done(fight.game, event):
            key = (harm.taker, harm.dealer)
            out[key] = out.get(key, 0.0) + harm.amount
    return out


def test_harm_done_sums_what_each_lost_with_the_dealer() -> None:
    """Rule 5, E1: ana's two hits (10 and 12 STUN) knock orc out; orc's one hit takes 12 from ana."""
    fight = duel(dice=[6, 6, 6, 5, 5, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6])
    hit(fight, "ana", "orc")
    play(fight, "ana end")
    hit(fight, "orc", "ana")
    play(fight, "orc end")
    assert fight.system.out_of_action(fight.game, fight.state) == []
    hit(fight, "ana", "orc")
    assert _taken(fight) == {("orc", "ana"): 22.0, ("ana", "orc"): 12.0}
    assert 20 - fs(fight, "orc").stun == 22 and 20 - fs(fight, "ana").stun == 12
    assert fight.system.out_of_action(fight.game, fight.state) == ["orc"]
    assert fight.is_over() and fight.outcome().winner == "red"


def test_pd_and_the_harm_unit() -> None:
    """E1: PD comes off the STUN before it counts; the harm unit is STUN, the round unit Phases."""
    fight = new_fight(
        fighter("ana", "red", (2, 2)), fighter("orc", "blue", (3, 2), pd=3), dice=[6, 6, 6, 4, 2]
    )
    hit(fight, "ana", "orc")
    assert _taken(fight) == {("orc", "ana"): 3.0}
    assert fight.system.harm_unit == "STUN" and fight.system.round_unit == "Phases"


def test_out_of_action_is_out_not_stunned() -> None:
    """E1 (option hero_stunned): a Stunned character is still in the fight; BODY 0 puts one out."""
    fight = duel(dice=[6, 6, 6, 6, 6], options={"hero_stunned": True})
    hit(fight, "ana", "orc")
    assert fs(fight, "orc").stunned
    assert list(tally.out_of_action(fight.game, fight.state)) == []
    other = new_fight(
        fighter("ana", "red", (2, 2)), fighter("orc", "blue", (3, 2), body_now=2), dice=[6, 6, 6, 6, 6]
    )
    hit(other, "ana", "orc")
    assert list(tally.out_of_action(other.game, other.state)) == ["orc"]
