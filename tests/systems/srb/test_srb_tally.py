"""Star Rangers statistics hooks: the hit points each event takes away and who dealt them (every loss,
critical failures included: rule 22), and who is out of the fight (down at 0 hit points or fewer, dead at
-10 or fewer: the same test as the end of the fight)."""

from __future__ import annotations

from collections import defaultdict

from tactica.engine import Fight
from tests.systems.common import fs, play
from tests.systems.srb.helpers import fighter, new_fight


def tally(fight: Fight) -> dict[tuple[str, str | None], float]:
    """Harm summed per (taker, dealer) over the whole log."""
    out: dict[tuple[str, str | None], float] = defaultdict(float)
    for event in fight.events:
        for harm in fight.system.harm_done(fight.game, event):
            out[(harm.taker, harm.dealer)] += harm.amount
    return dict(out)


def lost(fight: Fight, start: dict[str, int]) -> dict[str, float]:
    taken: dict[str, float] = defaultdict(float)
    for (taker, _dealer), amount in tally(fight).items():
        taken[taker] += amount
    assert {k: start[k] - fs(fight, k).hp for k in start} == {k: taken.get(k, 0.0) for k in start}
    return dict(taken)


def test_srb_22_harm_done_counts_every_loss_with_its_dealer() -> None:
    """Star Rangers 17-22: a hit (orc on ana), a fumble's random attack that picks an ally (entry 9: ana
    hurts bo) and a critical hit (bo on orc) are counted for whoever lost the hit points, dealt by the
    attacker; the sums equal what the state lost; orc, at -1, is out of action and the fight is over."""
    fight = new_fight(
        fighter("ana", "red", (2, 2)),
        fighter("orc", "blue", (3, 2), hp=5),
        fighter("bo", "red", (3, 1)),
        # ana: natural 1, entry 9, the d2 picks bo, 15 hits, 1d3 = 2; orc: 12 hits ana, 1d3 = 3;
        # bo: natural 20, confirmed with 18, 1d3 twice = 6
        dice=[1, 9, 2, 15, 2, 12, 3, 20, 18, 3, 3],
    )
    assert list(fight.system.out_of_action(fight.game, fight.state)) == []
    play(fight, "ana attack orc", "ana end", "orc attack ana", "orc end", "bo attack orc")
    assert tally(fight) == {("bo", "ana"): 2.0, ("ana", "orc"): 3.0, ("orc", "bo"): 6.0}
    assert lost(fight, {"ana": 20, "orc": 5, "bo": 20}) == {"bo": 2.0, "ana": 3.0, "orc": 6.0}
    assert list(fight.system.out_of_action(fight.game, fight.state)) == ["orc"]
    assert fight.is_over()


def test_srb_22_self_inflicted_harm_is_dealt_by_the_attacker_itself() -> None:
    """Star Rangers 22 (1, 11): attacking oneself (full damage) and an unarmed strike hitting something hard
    (1 hit point) are harm the attacker takes and deals; the fumbler goes down and is out of action."""
    fight = new_fight(
        fighter("ana", "red", (2, 2), weapons=["knife"]),
        fighter("orc", "blue", (3, 2), hp=3),
        # ana: 15 hits orc, 1d4 = 1; orc: natural 1, entry 1, 1d3 = 1; orc: natural 1, entry 11
        dice=[15, 1, 1, 1, 1, 1, 11],
    )
    play(fight, "ana attack orc", "ana end", "orc attack ana", "orc end", "ana end", "orc attack ana")
    assert tally(fight) == {("orc", "ana"): 1.0, ("orc", "orc"): 2.0}
    lost(fight, {"ana": 20, "orc": 3})
    assert list(fight.system.out_of_action(fight.game, fight.state)) == ["orc"]


def test_srb_out_of_action_includes_those_down_or_dead_from_the_start() -> None:
    """Down at 0 hit points or fewer, dead at -10 or fewer: both out of action, no harm recorded."""
    fight = new_fight(
        fighter("ana", "red", (0, 0)),
        fighter("orc", "blue", (5, 0)),
        fighter("gob", "blue", (5, 2), hp_now=-12),
        fighter("bo", "red", (0, 2), hp_now=0),
    )
    assert fs(fight, "gob").status == "dead"
    assert list(fight.system.out_of_action(fight.game, fight.state)) == ["gob", "bo"]
    assert tally(fight) == {}
