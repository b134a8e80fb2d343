"""Far Recon 17-21 and rulings D10, D12, D13: health at 0 and below, dying and the Body roll, death below
minus base Body, waking up, treating wounds, Mind and breakdowns, Action Points and aspects."""

from __future__ import annotations

from typing import Any

from tests.systems.farrecon.helpers import (
    CRIT,
    FUMBLE,
    F,
    fighter,
    last,
    new_fight,
    of,
    offered,
    refused,
    state_of,
)


def ward(*dice: list[int], patient: dict[str, Any] | None = None, **options: Any) -> Any:
    """m (Medicine 0, a medic) next to its ally p; e, an enemy with a pistol (Firearms 2), far away."""
    people = [
        fighter("m", "x", (0, 1)),
        fighter("p", "x", (1, 1), **(patient or {})),
        fighter("e", "y", (6, 1), skills={"firearms": 2}),
    ]
    return new_fight(*people, dice=[x for roll in dice for x in roll], options=options)


def statuses(fight: Any) -> list[tuple[str, str]]:
    return [(e.actor, e.status) for e in of(fight, "VitalsChanged")]


def test_farrecon_17_health_zero_is_unconscious_and_stable() -> None:
    """Far Recon 17: at 0 the character is unconscious, helpless and stable: its turn passes, no roll."""
    fight = ward(F(0), F(0), patient={"health_now": 2})
    fight.apply("m end")
    fight.apply("p end")
    fight.apply("e attack p with pistol")
    fight.apply("p take")
    assert statuses(fight) == [("p", "unconscious")] and state_of(fight, "p").health == 0
    fight.apply("m end")
    assert fight.deciding() == ["e"] and not of(fight, "DyingRoll")  # p's turn passed without a roll


def test_farrecon_17_raised_above_zero_it_wakes_on_its_next_turn() -> None:
    """Far Recon 17, D13: healed above 0 (not dying) -> conscious again at the start of its next turn."""
    fight = ward(F(1), patient={"health_now": 0})
    fight.apply("m treat p")
    assert last(fight, "WakeScheduled").turns == 1 and state_of(fight, "p").health == 3
    assert statuses(fight)[-1] == ("p", "active") and fight.deciding() == ["p"]


def test_farrecon_d13_option_wake_delay_always() -> None:
    """D13 / option wake_delay always: even from 0 the character wakes only after 1d4 turns."""
    fight = ward(F(1), [2], patient={"health_now": 0}, wake_delay="always", wake_count="on")
    fight.apply("m treat p")
    assert last(fight, "WakeScheduled").turns == 2 and fight.deciding() == ["e"]


def test_farrecon_18_below_zero_is_dying_and_the_body_roll_stabilises() -> None:
    """Far Recon 18, D10: still dying at the start of its turn: 4dF + Body roll modifier against DC = its
    negative Body points; a success makes it stable with its health unchanged."""
    fight = ward(F(3), patient={"health_now": -3, "skills": {"body": 0}})
    assert state_of(fight, "p").status == "dying"
    fight.apply("m end")
    roll = last(fight, "DyingRoll")
    assert (roll.dc, roll.total, roll.survived) == (3, 3, True)
    assert state_of(fight, "p").status == "unconscious" and state_of(fight, "p").health == -3


def test_farrecon_18_a_failed_body_roll_kills() -> None:
    """Far Recon 18: a failed Body roll: the character dies (permanently)."""
    fight = ward(F(2), patient={"health_now": -3})
    fight.apply("m end")
    assert state_of(fight, "p").status == "dead" and not last(fight, "DyingRoll").survived


def test_farrecon_d10_option_body_roll_base_body() -> None:
    """D10 / option body_roll base_body: the Body roll adds the base Body points."""
    fight = ward(F(-3), patient={"health_now": -3, "body": 6}, body_roll="base_body")
    fight.apply("m end")
    assert of(fight, "FudgeRolled")[0].modifier == 6 and last(fight, "DyingRoll").survived


def test_farrecon_18_healed_from_dying_above_zero_wakes_after_1d4_turns() -> None:
    """Far Recon 18, D13 / option wake_count on: brought above 0 while dying: it stops dying and wakes on
    its 1d4-th turn (here 2: not on its next turn, on the one after)."""
    fight = ward(F(1), [2], patient={"health_now": -1}, wake_count="on")
    fight.apply("m treat p")
    assert statuses(fight) == [("p", "unconscious")] and last(fight, "WakeScheduled").turns == 2
    assert fight.deciding() == ["e"]  # p's turn passed: 1 turn to go
    fight.apply("e end")
    fight.apply("m end")
    assert fight.deciding() == ["p"] and statuses(fight)[-1] == ("p", "active")


def test_farrecon_18_healed_from_dying_to_zero_is_stable() -> None:
    """Far Recon 18: brought to 0 while dying: stops dying, stays unconscious (no roll at its turn)."""
    fight = ward(F(1), patient={"health_now": -3})
    fight.apply("m treat p")
    assert state_of(fight, "p").health == 0 and statuses(fight) == [("p", "unconscious")]
    assert not of(fight, "DyingRoll") and fight.deciding() == ["e"]


def test_farrecon_18_a_stable_character_hurt_again_is_dying_again() -> None:
    """Far Recon 17-18: stable at 0 (or below) and damaged: dying."""
    fight = ward(F(0), patient={"health_now": 0})
    fight.apply("m end")
    fight.apply("e attack p with pistol")  # helpless: 2 against 0 -> 2 damage
    assert state_of(fight, "p").health == -2 and statuses(fight) == [("p", "dying")]


def test_farrecon_19_below_minus_base_body_is_death() -> None:
    """Far Recon 19: health below -(base Body) -> dead at once, no Body roll; exactly -Body is dying."""
    fight = ward(F(2), patient={"health_now": -5, "stable": True})
    fight.apply("m end")
    fight.apply("e attack p with pistol")  # 4 damage: -9, below -8
    assert statuses(fight) == [("p", "dead")] and "below -8" in last(fight, "VitalsChanged").reason
    fight = ward(F(0), patient={"health_now": -6, "stable": True})
    fight.apply("m end")
    fight.apply("e attack p with pistol")  # 2 damage: -8, not below -8
    assert statuses(fight) == [("p", "dying")]


def test_farrecon_9_treating_uses_medicine_against_the_dc() -> None:
    """Far Recon 2, 9: treat an adjacent wounded ally (Medicine vs DC 1): +3 health, never above base Body;
    it uses up the turn."""
    fight = ward(F(1), patient={"health_now": 6})
    assert offered(fight, "treat") == {"m treat p"}
    fight.apply("m treat p")
    assert last(fight, "Mended").amount == 2 and state_of(fight, "p").health == 8
    assert fight.deciding() == ["p"]
    assert "not wounded" in refused(fight, "p treat p")


def test_farrecon_9_options_treat_dc_and_treat_heal() -> None:
    """Options treat_dc 3 and treat_heal 5."""
    failed = ward(F(2), patient={"health_now": 1}, treat_dc=3)
    failed.apply("m treat p")
    assert not last(failed, "WoundTreated").success
    healed = ward(F(1), patient={"health_now": 1}, treat_heal=5)
    healed.apply("m treat p")
    assert state_of(healed, "p").health == 6


def test_farrecon_3_4_critical_treatments() -> None:
    """Far Recon 3-4: a critical success doubles the healing; a critical failure hurts the patient."""
    good = ward(CRIT, patient={"health_now": 1})
    good.apply("m treat p")
    assert last(good, "WoundTreated").amount == 6
    bad = ward(FUMBLE, patient={"health_now": 3})
    bad.apply("m treat p")
    assert last(bad, "Complication").what == "mistreatment" and state_of(bad, "p").health == 2


def test_farrecon_4_d11_a_mistreatment_in_a_simultaneous_slot_hurts_at_its_end() -> None:
    """Far Recon 4 (seed l.52, "rolling all minuses is a critical failure ... suffers an additional
    complication") and D11 (seed l.7, "tied characters acting simultaneously"): m and its patient p tie, so
    m's fumbled Medicine resolves once both have declared, and its 1 Body damage lands with the slot's
    results: health 3, then 2 (issue 14 point 13: a mutant that mislabelled the deferred damage lost it)."""
    people = [fighter("m", "x", (0, 1)), fighter("p", "x", (1, 1), health_now=3), fighter("e", "y", (6, 1))]
    fight = new_fight(*people, initiative={"m": 5, "p": 5, "e": 1}, dice=FUMBLE)
    fight.apply("m treat p")
    assert state_of(fight, "p").health == 3
    fight.apply("p end")
    assert last(fight, "Complication").what == "mistreatment"
    assert (last(fight, "HarmTaken").actor, state_of(fight, "p").health) == ("p", 2)


def test_farrecon_d12_option_default_pdef() -> None:
    """D12 / option default_pdef: Physical Defense of a sheet that states none."""
    fight = ward(F(0), F(0), patient={"skills": {}}, default_pdef=2)
    fight.apply("m end")
    fight.apply("p end")
    fight.apply("e attack p with pistol")
    fight.apply("p take")
    assert of(fight, "FudgeRolled")[-1].modifier == 2


def mind_fight(*dice: list[int], mind: int = 2) -> Any:
    """h (a memetic lure, Will 2) against p (Will 0, Mind ``mind``) and q (Mind 2)."""
    people = [
        fighter("h", "y", (5, 1), weapons=["memetic-lure"], skills={"will": 2}),
        fighter("p", "x", (1, 1), mind=8, mind_now=mind),
        fighter("q", "x", (0, 0), mind_now=2),
    ]
    return new_fight(*people, dice=[x for roll in dice for x in roll])


def test_farrecon_20_mind_zero_is_a_temporary_breakdown() -> None:
    """Far Recon 20: a Mind attack (no dodge; Will resists) takes p to Mind 0: a temporary breakdown; it can
    only move (follow the party, flee) and no longer counts for its side."""
    fight = mind_fight(F(0), F(0))
    fight.apply("h attack p with memetic-lure")
    strike = last(fight, "StrikeResolved")
    assert (strike.stage, strike.damage) == ("will", 2)
    assert last(fight, "Breakdown").permanent is False and state_of(fight, "p").mind == 0
    assert state_of(fight, "p").health == 8
    assert {a.split()[1] for a in offered(fight)} == {"move", "delay", "end"}
    assert "broken down" in refused(fight, "p attack h with pistol")


def test_farrecon_20_mind_below_zero_is_permanent_and_debriefed() -> None:
    """Far Recon 20: below 0 a permanent breakdown; after the fight: Mind 0 -> off duty, negative -> unfit."""
    fight = mind_fight(F(2), F(0), F(0), F(0), mind=3)
    fight.apply("h attack p with memetic-lure")  # margin 4: 4 Mind damage
    assert last(fight, "Breakdown").permanent and state_of(fight, "p").mind == -1
    fight.apply("p end")
    fight.apply("q end")
    fight.apply("h attack q with memetic-lure")
    assert fight.is_over()
    duty = {e.actor: e.duty for e in of(fight, "Debriefed")}
    assert duty == {"h": "fit", "p": "unfit", "q": "off duty"} and fight.outcome().winner == "y"  # type: ignore[union-attr]


def tagger(*dice: list[int], **options: Any) -> Any:
    people = [
        fighter("a", "x", (0, 1), skills={"firearms": 1}, aspects=["Steady hands"]),
        fighter("b", "y", (4, 1), aspects=["Hard to pin down"]),
    ]
    return new_fight(*people, dice=[x for roll in dice for x in roll], options=options)


def test_farrecon_21_tagging_an_aspect_adds_2_for_an_action_point() -> None:
    """Far Recon 21: +tag spends 1 of 3 Action Points for +2 on the roll; the defender may tag too."""
    fight = tagger(F(0), F(0))
    assert "a attack b with pistol +tag" in offered(fight, "attack")
    fight.apply("a attack b with pistol +tag")
    assert state_of(fight, "a").ap == 2 and of(fight, "FudgeRolled")[0].modifier == 3
    assert offered(fight) == {"b dodge", "b dodge +tag", "b take", "b take +tag"}
    fight.apply("b take +tag")
    assert of(fight, "FudgeRolled")[1].modifier == 2 and state_of(fight, "b").ap == 2
    assert last(fight, "AspectTagged").roll == "pdef"


def test_farrecon_21_options_aspect_bonus_and_action_points() -> None:
    """Far Recon 21 / options aspect_bonus 3 and action_points 1: one tag, worth +3."""
    fight = tagger(F(0), F(0), aspect_bonus=3, action_points=1)
    fight.apply("a attack b with pistol +tag")
    assert of(fight, "FudgeRolled")[0].modifier == 4 and state_of(fight, "a").ap == 0
    fight.apply("b take")
    fight.apply("b end")
    assert "no Action Point left" in refused(fight, "a attack b with pistol +tag")


def test_farrecon_21_no_aspect_no_tag() -> None:
    """Far Recon 21: a character without aspects cannot tag."""
    fight = ward()
    assert "no aspect to tag" in refused(fight, "m end +tag")
    assert all("+tag" not in a for a in offered(fight))
    assert "unknown flag" in refused(fight, "m end +fast")


def test_farrecon_19_a_setup_cannot_start_someone_below_minus_base_body() -> None:
    """Far Recon 19: below minus the base Body a character is dead: a setup asking for it is refused, as is
    health above the base Body."""
    import pytest

    from tactica.engine.errors import SetupError

    for health in (-12, 30):
        with pytest.raises(SetupError, match=r"health_now: -?\d+ is outside -8\.\.8"):
            new_fight(fighter("ana", "a", (0, 1)), fighter("bo", "b", (3, 1), health_now=health))


def test_farrecon_18_a_wake_roll_of_k_lets_k_turns_pass_unconscious() -> None:
    """Issue 14 point 5, seed l.66 ("regain consciousness on their next turn ... however, in this case they
    awaken after 1d4 turns"), option wake_count after: healed from dying, a 1d4 roll of 1 lets one of p's
    turns pass unconscious (not its next turn, unlike a character healed from 0); p wakes on the one after."""
    fight = ward(F(1), [1], patient={"health_now": -1})
    fight.apply("m treat p")
    assert last(fight, "WakeScheduled").turns == 2
    assert fight.deciding() == ["e"] and state_of(fight, "p").status == "unconscious"  # p's turn passed
    fight.apply("e end")
    fight.apply("m end")
    assert fight.deciding() == ["p"] and statuses(fight)[-1] == ("p", "active")


def test_farrecon_9_medicine_treats_any_wounded_character() -> None:
    """Issue 14 point 6, seed l.23 ("Using Medicine to treat a wounded character"), option treat_targets:
    m treats the wounded enemy e next to it (Medicine 1 against DC 1: +3); with 'allies' it is refused."""
    people = [
        fighter("m", "x", (0, 1)),
        fighter("e", "y", (1, 1), health_now=2),
    ]
    fight = new_fight(*people, dice=F(1))
    fight.apply("m treat e")
    assert last(fight, "WoundTreated").success and state_of(fight, "e").health == 5
    allies = new_fight(*people, options={"treat_targets": "allies"})
    assert "Medicine is for allies" in refused(allies, "m treat e")
