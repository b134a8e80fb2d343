"""Far Recon statistics hooks (issue 6): the harm events record (Body and Mind points, with their dealers)
and who is out of action, in scripted fights.

Rules cited: Far Recon 4 (a fumbled melee attack hurts the attacker), 7 (late joiners), 12 (damage), 17-19
(unconscious, dying), 20 (Mind), D11 (simultaneous results apply together).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from tactica.engine import Fight
from tactica.systems.farrecon.events import HarmTaken
from tests.systems.farrecon.helpers import FUMBLE, F, fighter, new_fight, state_of


def harm_by(fight: Fight) -> dict[tuple[str, str | None], float]:
    """(taker, dealer) -> harm summed over every event of the fight."""
    out: dict[tuple[str, str | None], float] = defaultdict(float)
    for event in fight.events:
        for h in fight.system.harm_done(fight.game, event):
            out[(h.taker, h.dealer)] += h.amount
    return dict(out)


def out(fight: Fight) -> set[str]:
    return set(fight.system.out_of_action(fight.game, fight.state))


def test_farrecon_12_17_harm_equals_health_lost_and_names_the_shooter() -> None:
    """Far Recon 12, 17: a's pistol hits by 4 (2 increments, 4 damage), then by 4 again: t at 0 is
    unconscious — out of action; harm_done sums to the 8 Body points t lost, all dealt by a."""
    restrained: dict[str, Any] = {"restrained": True}
    fight = new_fight(
        fighter("a", "recon", (0, 1), skills={"firearms": 2}),
        fighter("t", "hostiles", (5, 1), **restrained),
        fighter("u", "hostiles", (7, 2), **restrained),
        dice=[*F(2), *F(0), *F(2), *F(0)],
    )
    fight.apply("a attack t with pistol")
    assert out(fight) == set()
    fight.apply("t end")
    fight.apply("u end")
    fight.apply("a attack t with pistol")
    assert state_of(fight, "t").health == 0
    assert harm_by(fight) == {("t", "a"): 8}
    assert out(fight) == {"t"}


def test_farrecon_d11_simultaneous_damage_is_split_by_dealer() -> None:
    """D11: a and c share a slot and both shoot the restrained t: the results apply together in one
    HarmTaken of 4 + 2; harm_done gives each dealer its share; t below 0 is dying (Far Recon 18): out."""
    fight = new_fight(
        fighter("a", "recon", (0, 1), skills={"firearms": 2}),
        fighter("c", "recon", (0, 2), skills={"firearms": 2}),
        fighter("t", "hostiles", (5, 1), restrained=True, health_now=5),
        fighter("u", "hostiles", (7, 2)),
        dice=[*F(2), *F(0), *F(0), *F(0), *F(2)],  # the last: t's Body roll at its turn (stable)
        initiative={"a": 5, "c": 5, "t": 1, "u": 0},
    )
    fight.apply("a attack t with pistol")
    fight.apply("c attack t with pistol")
    taken = [e for e in fight.events if isinstance(e, HarmTaken)]
    assert len(taken) == 1 and taken[0].amount == 6 and dict(taken[0].dealt_by) == {"a": 4, "c": 2}
    assert harm_by(fight) == {("t", "a"): 4, ("t", "c"): 2}
    assert state_of(fight, "t").health == -1 and out(fight) == {"t"}
    assert state_of(fight, "t").status == "unconscious"  # stabilised, still out of action


def test_farrecon_4_fumbled_melee_attack_hurts_the_attacker_itself() -> None:
    """Far Recon 4: a critical failure in melee: the attacker takes one Base Damage from its own knife."""
    fight = new_fight(
        fighter("a", "recon", (0, 1)),
        fighter("t", "hostiles", (1, 1), restrained=True),
        dice=[*FUMBLE, *F(0)],
    )
    fight.apply("a attack t with knife")
    assert harm_by(fight) == {("a", "a"): 2}
    assert state_of(fight, "a").health == 6 and out(fight) == set()


def test_farrecon_20_mind_harm_and_breakdown_are_out_of_action() -> None:
    """Far Recon 20: the memetic lure takes Mind points (harm too); Mind 0 is a breakdown: out of action.
    Far Recon 7: a late joiner still to come is not out of action."""
    fight = new_fight(
        fighter("h", "hostiles", (0, 1), weapons=["memetic-lure"], skills={"will": 0}),
        fighter("p", "recon", (3, 1), mind_now=2),
        fighter("q", "recon", (7, 2), joins=3),
        fighter("r", "recon", (7, 0)),
        dice=[*F(2), *F(0)],
    )
    fight.apply("h attack p with memetic-lure")
    assert state_of(fight, "p").mind == 0
    assert harm_by(fight) == {("p", "h"): 2}
    assert out(fight) == {"p"}
