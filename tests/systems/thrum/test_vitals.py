"""THRUM Fatigue, Stress and incapacity (THRUM 32-42, rulings C4-C7): loads, Tolerances, Frayed and the
Panic Roll, Exhausted and the Incapacity Roll, incapacitation, Wounds, Resuscitate, the end of combat, and
the options unnumbered_deal, tolerance_base, double_reduction_on_own_turn, incapacitated_end_order and
end_of_combat_recovery.

Dice order: a Panic Roll opens the turn of a Frayed character (for the first in the order: while the
fight is created); an Exhausted character's Incapacity Roll follows its Action (after any attack rolls).
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tactica.engine import Action, Fight
from tactica.scenario import load_scenario_text, run_scenario
from tests.systems.thrum.helpers import fighter, fighter_state, last, new_fight, of, offered

GRID = "\n".join([". . . . . ."] * 3)
#: Attacks dealing a stated amount (3 Fatigue) and an unstated amount ('deals Fatigue and Stress').
EXTRA: dict[str, Any] = {
    "maul": {
        "title": "Maul",
        "kind": "action",
        "attack": "physical",
        "range": 3,
        "success": [{"fatigue": 3}],
    },
    "poke": {
        "title": "Poke",
        "kind": "action",
        "attack": "physical",
        "range": 3,
        "success": [{"fatigue": 0}, {"stress": 0}],
    },
}


def rolls(fight: Fight) -> list[Any]:
    """Every 2d6 roll so far."""
    return of(list(fight.events), "Rolled2d6")


def pair(
    *dice: int, ana: dict[str, Any] | None = None, orc: dict[str, Any] | None = None, **extra: Any
) -> Fight:
    """Ana (red, first) and the orc (blue) two squares apart."""
    return new_fight(
        fighter("ana", "red", (0, 0), **(ana or {})),
        fighter("orc", "blue", (2, 0), **(orc or {})),
        dice=list(dice),
        **extra,
    )


# --- THRUM 32: loads, C4 ------------------------------------------------------------------------------


def test_thrum_32_loads_start_at_zero() -> None:
    """THRUM 32: there are no hit points; Fatigue and Stress Loads start at 0."""
    fight = pair()
    for fid in ("ana", "orc"):
        state = fighter_state(fight, fid)
        assert (state.fatigue, state.stress) == (0, 0)


def test_thrum_32_c4_deal_n_adds_n() -> None:
    """THRUM 32 / C4: 'Deal 3 Fatigue' adds 3 to the Fatigue Load."""
    fight = pair(6, 5, 1, 1, ana={"abilities": ["maul"]}, abilities=EXTRA)
    fight.apply("ana maul orc")
    fight.apply("orc defend +resilience")
    change = last(fight, "LoadChanged")
    assert (change.actor, change.load, change.amount, change.total, change.source) == (
        "orc",
        "fatigue",
        3,
        3,
        "attack",
    )


def test_thrum_32_c4_unnumbered_deal_adds_one() -> None:
    """THRUM 32 / C4: 'deals Fatigue' / 'deals Stress' without a number adds 1 to each Load."""
    fight = pair(6, 5, 1, 1, ana={"abilities": ["poke"]}, abilities=EXTRA)
    fight.apply("ana poke orc")
    fight.apply("orc defend +resilience")
    orc = fighter_state(fight, "orc")
    assert (orc.fatigue, orc.stress) == (1, 1)


def test_thrum_32_c4_option_unnumbered_deal_changes_only_unnumbered_amounts() -> None:
    """C4, option unnumbered_deal=2: an unnumbered deal adds 2; a stated 'Deal 3' still adds 3."""
    fight = pair(6, 5, 1, 1, ana={"abilities": ["poke"]}, abilities=EXTRA, options={"unnumbered_deal": 2})
    fight.apply("ana poke orc")
    fight.apply("orc defend +resilience")
    assert (fighter_state(fight, "orc").fatigue, fighter_state(fight, "orc").stress) == (2, 2)
    stated = pair(6, 5, 1, 1, ana={"abilities": ["maul"]}, abilities=EXTRA, options={"unnumbered_deal": 2})
    stated.apply("ana maul orc")
    stated.apply("orc defend +resilience")
    assert fighter_state(stated, "orc").fatigue == 3


# --- THRUM 33: Tolerances -----------------------------------------------------------------------------


def test_thrum_33_tolerances_are_three_plus_end_and_two_plus_focus() -> None:
    """THRUM 33: Fatigue Tolerance = 3 + END, Stress Tolerance = 2 + FOC."""
    fight = pair(ana={"end": 2, "foc": 1}, orc={"end": -1, "foc": 0})
    ana, orc = fighter_state(fight, "ana"), fighter_state(fight, "orc")
    assert (ana.fatigue_tolerance, ana.stress_tolerance) == (5, 3)
    assert (orc.fatigue_tolerance, orc.stress_tolerance) == (2, 2)


def test_thrum_33_c12_option_tolerance_base_draft() -> None:
    """THRUM 33 / C12, option tolerance_base='draft': Tolerances are 10 + END and 10 + FOC instead."""
    fight = pair(ana={"end": 2, "foc": 1}, options={"tolerance_base": "draft"})
    ana = fighter_state(fight, "ana")
    assert (ana.fatigue_tolerance, ana.stress_tolerance) == (12, 11)


# --- THRUM 34: Frayed ---------------------------------------------------------------------------------


def test_thrum_34_frayed_has_a_bane_on_defensive_rolls() -> None:
    """THRUM 34: Stress Load above Stress Tolerance (3 > 2) is Frayed: +1 Bane on defensive rolls."""
    fight = pair(4, 4, 6, 6, 2, orc={"stress": 3})
    assert fighter_state(fight, "orc").frayed is True
    fight.apply("ana basic-attack orc")
    fight.apply("orc defend +resilience")
    roll = rolls(fight)[1]
    assert (roll.faces, roll.kept, roll.banes, roll.total) == ((6, 6, 2), (2, 6), 1, 8)


def test_thrum_34_stress_equal_to_tolerance_is_not_frayed() -> None:
    """THRUM 34: Frayed needs the Load to EXCEED the Tolerance; at 2 of 2 the roll is plain."""
    fight = pair(4, 4, 6, 6, orc={"stress": 2})
    assert fighter_state(fight, "orc").frayed is False
    fight.apply("ana basic-attack orc")
    fight.apply("orc defend +resilience")
    assert rolls(fight)[1].banes == 0


def test_thrum_34_frayed_bane_also_hits_evasion() -> None:
    """THRUM 34: the Bane is on ALL defensive rolls: a Frayed Evasion has its Boon cancelled (2d6)."""
    fight = pair(4, 4, 6, 6, orc={"stress": 3})
    fight.apply("ana basic-attack orc")
    fight.apply("orc defend +evasion")
    roll = rolls(fight)[1]
    assert (roll.faces, roll.boons, roll.banes) == ((6, 6), 1, 1)


# --- THRUM 35: the Panic Roll -------------------------------------------------------------------------


def test_thrum_35_failed_panic_roll() -> None:
    """THRUM 35: a Frayed character starts its turn with a Panic Roll (2d6 + Resolve) that must EXCEED the
    Stress Load; a tie (3 vs 3) fails: Stunned, Stress Load added to Fatigue then reset, Stress
    Tolerance -1."""
    fight = pair(1, 2, ana={"stress": 3, "fatigue": 1})
    panic = rolls(fight)[0]
    assert (panic.actor, panic.what, panic.total) == ("ana", "panic roll", 3)
    ana = fighter_state(fight, "ana")
    assert (ana.fatigue, ana.stress, ana.stress_tolerance) == (4, 0, 1)
    assert ana.conditions == {"stunned": 1}
    moved = [(e.load, e.amount, e.total, e.source) for e in of(list(fight.events), "LoadChanged")]
    assert moved == [("fatigue", 3, 4, "panic"), ("stress", -3, 0, "panic")]
    tolerance = last(fight, "ToleranceChanged")
    assert (tolerance.tolerance, tolerance.value) == ("stress", 1)


def test_thrum_35_passed_panic_roll_changes_nothing() -> None:
    """THRUM 35: a Panic Roll above the Stress Load (4 > 3) has no effect."""
    fight = pair(2, 2, ana={"stress": 3})
    ana = fighter_state(fight, "ana")
    assert (ana.fatigue, ana.stress, ana.stress_tolerance, ana.conditions) == (0, 3, 2, {})
    assert len(rolls(fight)) == 1


def test_thrum_35_panic_roll_uses_resolve() -> None:
    """THRUM 35: the Panic Roll adds the Resolve (FOC) modifier: 2 + 2 + 1 = 5 > Stress 4."""
    fight = pair(2, 2, ana={"foc": 1, "stress": 4})
    panic = rolls(fight)[0]
    assert (panic.modifier, panic.total) == (1, 5)
    assert fighter_state(fight, "ana").stress == 4


def test_thrum_35_no_panic_roll_unless_frayed() -> None:
    """THRUM 35 / 9a: no Panic Roll while the Stress Load does not exceed the Tolerance (no dice used)."""
    fight = pair(ana={"stress": 2})
    assert rolls(fight) == []
    assert fight.deciding() == ["ana"]


def test_thrum_35_panic_roll_comes_at_the_start_of_ones_own_turn() -> None:
    """THRUM 35 / 9a: the Panic Roll is made when the Frayed character's OWN turn starts."""
    fight = pair(5, 5, orc={"stress": 3})
    assert rolls(fight) == []
    fight.apply("ana end")
    panic = rolls(fight)[0]
    assert (panic.actor, panic.what) == ("orc", "panic roll")
    started = [e for e in fight.events if e.kind == "TurnStarted"][-1]
    assert list(fight.events).index(started) < list(fight.events).index(panic)


def test_thrum_35_shocked_adds_a_bane_to_the_panic_roll() -> None:
    """THRUM 35, 44: Shocked gives +1 Bane on Panic Rolls (3d6, keep the lowest two)."""
    fight = pair(6, 1, 1, ana={"stress": 3, "statuses": {"shocked": 1}})
    panic = rolls(fight)[0]
    assert (panic.faces, panic.kept, panic.banes, panic.total) == ((6, 1, 1), (1, 1), 1, 2)
    assert fighter_state(fight, "ana").conditions == {"stunned": 1}


def frayed_and_down(*dice: int, **options: Any) -> Fight:
    """Ana (red, first) starts incapacitated and Frayed (Stress 3 > Tolerance 2, Fatigue 2); Bo keeps red in
    the fight; the orc acts last."""
    return new_fight(
        fighter("ana", "red", (0, 0), stress=3, fatigue=2, incapacitated=True),
        fighter("bo", "red", (1, 0)),
        fighter("orc", "blue", (4, 0)),
        dice=list(dice),
        options=options,
    )


def test_thrum_c17_an_incapacitated_frayed_character_makes_its_panic_roll() -> None:
    """Ruling C17 (seed l.84: "If a character is Frayed when they start their turn, they must make a Panic
    Roll"; l.91 takes away moving, acting and stances, not this roll): incapacitated Ana rolls [1 1] = 2,
    not above Stress 3: Stunned, Stress onto Fatigue (2 + 3 = 5), Stress Tolerance 1; then her turn ends
    incapacitated: Fatigue Tolerance 3 - 1 = 2, Fatigue 5 - 1 = 4 (THRUM 39)."""
    fight = frayed_and_down(1, 1)
    panic = rolls(fight)[0]
    assert (panic.actor, panic.what, panic.total) == ("ana", "panic roll", 2)
    ana = fighter_state(fight, "ana")
    assert (ana.stress, ana.stress_tolerance, ana.fatigue_tolerance, ana.fatigue) == (0, 1, 2, 4)
    assert ana.incapacitated is True
    assert fight.deciding() == ["bo"]


def test_thrum_c17_option_off_an_incapacitated_character_makes_no_panic_roll() -> None:
    """Ruling C17, option panic_while_incapacitated false: no roll (no die used); her Stress stays 3 and her
    turn only lowers Fatigue Tolerance and Load by 1 (THRUM 39)."""
    fight = frayed_and_down(panic_while_incapacitated=False)
    assert rolls(fight) == []
    ana = fighter_state(fight, "ana")
    assert (ana.stress, ana.stress_tolerance, ana.fatigue_tolerance, ana.fatigue) == (3, 2, 2, 1)
    assert fight.deciding() == ["bo"]


# --- THRUM 36: Exhausted --------------------------------------------------------------------------------


def test_thrum_36_exhausted_has_a_bane_on_offensive_rolls_and_rolls_after_acting() -> None:
    """THRUM 36: Fatigue 4 > Tolerance 3 is Exhausted: +1 Bane on the attack roll, and after the Action an
    Incapacity Roll (here passed, 12 > 4)."""
    fight = pair(3, 3, 3, 1, 1, 6, 6, ana={"fatigue": 4})
    assert fighter_state(fight, "ana").exhausted is True
    fight.apply("ana basic-attack orc")
    fight.apply("orc defend +resilience")
    attack, _, incapacity = rolls(fight)
    assert (attack.actor, attack.banes, len(attack.faces)) == ("ana", 1, 3)
    assert (incapacity.actor, incapacity.what, incapacity.total) == (
        "ana",
        "incapacity roll (took an Action while Exhausted)",
        12,
    )
    assert fighter_state(fight, "ana").incapacitated is False
    assert fight.deciding() == ["ana"]


def test_thrum_36_no_roll_when_the_action_removes_exhaustion() -> None:
    """THRUM 36: no Incapacity Roll when the Action itself ended the Exhaustion (Recover: Fatigue 4 -> 3)."""
    fight = pair(ana={"fatigue": 4})
    fight.apply("ana recover +fatigue")
    ana = fighter_state(fight, "ana")
    assert (ana.fatigue, ana.exhausted, ana.incapacitated) == (3, False, False)
    assert rolls(fight) == []


def test_thrum_36_roll_when_the_action_leaves_exhaustion() -> None:
    """THRUM 36: Recover from Fatigue 5 to 4 leaves the character Exhausted, so it rolls."""
    fight = pair(6, 6, ana={"fatigue": 5})
    fight.apply("ana recover +fatigue")
    assert [r.what for r in rolls(fight)] == ["incapacity roll (took an Action while Exhausted)"]


def test_thrum_36_dash_is_an_action_and_triggers_the_roll() -> None:
    """THRUM 36: Dash is an Action, so an Exhausted character rolls after it."""
    fight = pair(6, 6, ana={"fatigue": 4})
    fight.apply("ana dash @1,0")
    assert fighter_state(fight, "ana").pos == (1, 0)
    assert len(rolls(fight)) == 1


def test_thrum_36_no_roll_without_an_action() -> None:
    """THRUM 36: moving and ending the turn without an Action makes no Incapacity Roll."""
    fight = pair(ana={"fatigue": 4})
    fight.apply("ana move @1,0")
    fight.apply("ana end")
    assert rolls(fight) == []
    assert fight.deciding() == ["orc"]


# --- THRUM 34, 36: Frayed and Exhausted as state paths (issue 14 point 9) ------------------------------

TRACKED = """
system: thrum
options: {round_zero: false}
map: {text: ". . . ."}
combatants:
  - {id: ana, side: red, at: [0, 0], end: 0, ref: 0, foc: 0, arts: {brawling: 0}}
  - {id: orc, side: blue, at: [3, 0], end: 0, ref: 0, foc: 0, arts: {brawling: 0}, stress: 3, fatigue: 4}
initiative: {ana: 20, orc: 10}
dice: [6, 6, 6, 6]
script:
  - expect:
      - state: {orc.frayed: true, orc.exhausted: true, ana.frayed: false, ana.exhausted: false}
  - ana end
  - orc recover +stress
expect:
  - state: {orc.frayed: false, orc.exhausted: true, orc.stress: 2}
"""


def test_thrum_34_36_frayed_and_exhausted_are_state_paths_a_scenario_can_expect() -> None:
    """Issue 14 point 9, seed l.84 ("they are Frayed until their Stress Load no longer Exceeds their
    Tolerance") and l.89 (Exhausted, likewise for Fatigue): ``orc.frayed`` and ``orc.exhausted`` follow the
    loads (Stress 3 > 2, Fatigue 4 > 3; Recover takes the Stress to 2: no longer Frayed). Dice: the orc's
    Panic Roll [6 6], its Incapacity Roll after the Action [6 6]."""
    run = run_scenario(load_scenario_text(TRACKED, "tracked.yaml"))
    assert [r.difference for r in run.results] == ["", ""]
    assert run.results[0].actual == {
        "orc.frayed": True,
        "orc.exhausted": True,
        "ana.frayed": False,
        "ana.exhausted": False,
    }
    assert run.passed


# --- THRUM 37: the Incapacity Roll ----------------------------------------------------------------------


def test_thrum_37_incapacity_roll_must_exceed_the_fatigue_load() -> None:
    """THRUM 37: 2d6 + Resilience must exceed the Fatigue Load; a tie (4 vs 4) incapacitates."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), fatigue=4, stress=1),
        fighter("bo", "red", (1, 0)),
        fighter("orc", "blue", (3, 0)),
        dice=[2, 2],
    )
    fight.apply("ana recover +stress")
    assert rolls(fight)[0].total == 4
    assert fighter_state(fight, "ana").incapacitated is True
    assert last(fight, "Incapacitated").reason == "failed an incapacity roll (4 vs Fatigue 4)"


def test_thrum_37_incapacity_roll_adds_resilience() -> None:
    """THRUM 37: the roll adds the Resilience (END) modifier: 2 + 3 + 1 = 6 > Fatigue 5."""
    fight = pair(2, 3, ana={"end": 1, "fatigue": 5, "stress": 1})
    fight.apply("ana recover +stress")
    roll = rolls(fight)[0]
    assert (roll.modifier, roll.total) == (1, 6)
    assert fighter_state(fight, "ana").incapacitated is False


def test_thrum_37_bleed_adds_a_bane_to_the_incapacity_roll() -> None:
    """THRUM 37, 44: Bleed gives +1 Bane on Incapacity Rolls (3d6, keep the lowest two: 2 + 3 = 5 > 4)."""
    fight = pair(6, 2, 3, ana={"fatigue": 4, "stress": 1, "statuses": {"bleed": 2}})
    fight.apply("ana recover +stress")
    roll = rolls(fight)[0]
    assert (roll.faces, roll.kept, roll.banes, roll.total) == ((6, 2, 3), (2, 3), 1, 5)
    assert fighter_state(fight, "ana").incapacitated is False


# --- THRUM 38-40, C6, C7: incapacitation --------------------------------------------------------------


def knocked_out(*dice: int, **extra: Any) -> Fight:
    """Ana (Fatigue 4, in Dodge, Slowed 2) wards herself, then fails the Incapacity Roll (2 <= 4)."""
    fight = new_fight(
        fighter(
            "ana",
            "red",
            (0, 0),
            arts={"animism": 0},
            abilities=["ward"],
            fatigue=4,
            stance="dodge",
            statuses={"slowed": 2},
        ),
        fighter("bo", "red", (1, 0)),
        fighter("orc", "blue", (4, 0)),
        dice=[1, 1, *dice],
        **extra,
    )
    fight.apply("ana ward ana")
    return fight


def test_thrum_38_incapacitation_ends_the_stance_and_the_turn() -> None:
    """THRUM 38: on becoming Incapacitated the stance ends at once and the character cannot act further
    (its turn ends; no stance can be taken); Statuses and Buffs remain."""
    fight = knocked_out()
    ana = fighter_state(fight, "ana")
    assert ana.incapacitated is True
    assert ana.stance is None
    changed = [e for e in fight.events if e.kind == "StanceChanged"]
    assert [(e.actor, e.stance, e.reason) for e in changed] == [("ana", None, "incapacitated")]
    assert (ana.buff, ana.buff_from) == ("ward", "ana")
    assert "slowed" in ana.statuses
    assert fight.deciding() == ["bo"]
    assert last(fight, "TurnEnded").actor == "ana"


def test_thrum_38_statuses_tick_down_while_incapacitated() -> None:
    """THRUM 38, 43: Statuses with a parameter still tick down at the end of an incapacitated turn."""
    fight = knocked_out()
    assert fighter_state(fight, "ana").statuses == {"slowed": 1}
    fight.apply("bo end")
    fight.apply("orc end")
    assert fighter_state(fight, "ana").statuses == {}


def test_thrum_38_an_incapacitated_characters_turn_passes_without_choices() -> None:
    """THRUM 38: an incapacitated character cannot move, act or take stances: its turn passes by itself
    and the next character decides."""
    fight = knocked_out()
    fight.apply("bo end")
    fight.apply("orc end")
    assert fight.deciding() == ["bo"]
    turns = [e.slot for e in fight.events if e.kind == "TurnStarted"]
    assert turns == ["ana", "bo", "orc", "ana", "bo"]
    assert offered(fight, "move") and all(a.startswith("bo ") for a in offered(fight))


def test_thrum_38_incapacitated_first_in_the_order_cannot_act() -> None:
    """THRUM 38: an incapacitated character cannot move, act or take stances -- also when it is first in
    the initiative order as the fight starts: its turn must pass (FT and FL -1) and Bo decides."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), fatigue=2, incapacitated=True),
        fighter("bo", "red", (1, 0)),
        fighter("orc", "blue", (3, 0)),
        dice=[],
    )
    reason = fight.why_illegal(Action.parse("ana move @2,0"))
    assert reason is not None
    assert fight.deciding() == ["bo"]
    ana = fighter_state(fight, "ana")
    assert (ana.fatigue_tolerance, ana.fatigue) == (2, 1)


def test_thrum_39_c6_reduced_on_becoming_incapacitated_and_again_at_turn_end() -> None:
    """THRUM 39 / C6 default: FT and FL drop by 1 on becoming Incapacitated (3/4 -> 2/3) and again at the
    end of that same turn (-> 1/2)."""
    fight = knocked_out()
    tolerances = [e.value for e in fight.events if e.kind == "ToleranceChanged"]
    assert tolerances == [2, 1]
    ana = fighter_state(fight, "ana")
    assert (ana.fatigue_tolerance, ana.fatigue) == (1, 2)


def test_thrum_39_c6_option_double_reduction_off_reduces_once_that_turn() -> None:
    """C6, option double_reduction_on_own_turn=False: incapacitated by its own post-Action roll, the
    character loses FT/FL only once that turn (2/3); later incapacitated turns still reduce them."""
    fight = knocked_out(options={"double_reduction_on_own_turn": False})
    ana = fighter_state(fight, "ana")
    assert (ana.fatigue_tolerance, ana.fatigue) == (2, 3)
    assert ana.statuses == {"slowed": 1}
    fight.apply("bo end")
    fight.apply("orc end")
    assert (ana.fatigue_tolerance, ana.fatigue) == (1, 2)


def test_thrum_39_40_each_incapacitated_turn_end_reduces_then_wounds_at_zero() -> None:
    """THRUM 39-40: at the end of each incapacitated turn FT and FL drop by 1 (1/2 -> 0/1); ending the
    turn with Fatigue Tolerance 0 (and Load not 0) gives a Wound."""
    fight = knocked_out()
    fight.apply("bo end")
    fight.apply("orc end")
    ana = fighter_state(fight, "ana")
    assert (ana.fatigue_tolerance, ana.fatigue, ana.wounds, ana.incapacitated) == (0, 1, 1, True)
    wounded = last(fight, "Wounded")
    assert (wounded.actor, wounded.wounds, wounded.removed) == ("ana", 1, False)


def test_thrum_39_tolerance_and_load_never_go_below_zero() -> None:
    """THRUM 39 [res]: FT and FL are floored at 0 (FT 0 stays 0; the Wound still comes)."""
    fight = new_fight(
        fighter("bo", "red", (1, 0)),
        fighter("ana", "red", (0, 0), fatigue=3, incapacitated=True, fatigue_tolerance=0),
        fighter("orc", "blue", (3, 0)),
        dice=[],
    )
    fight.apply("bo end")
    ana = fighter_state(fight, "ana")
    assert (ana.fatigue_tolerance, ana.fatigue, ana.wounds) == (0, 2, 1)


def test_thrum_40_third_wound_removes_from_combat() -> None:
    """THRUM 40: the third Wound removes the character from combat: it leaves the turn order and can no
    longer be targeted."""
    fight = wounded_out()
    ana = fighter_state(fight, "ana")
    assert (ana.wounds, ana.removed) == (3, True)
    wounded = last(fight, "Wounded")
    assert (wounded.wounds, wounded.removed) == (3, True)
    assert [s.key for s in fight.state.order.slots] == ["bo", "orc"]
    who = fight.deciding()[0]
    reason = fight.why_illegal(Action.parse(f"{who} basic-attack ana"))
    assert reason is not None and "no character 'ana'" in reason


def test_thrum_40_removal_does_not_skip_the_next_turn() -> None:
    """THRUM 6, 40: when a third Wound removes Ana at the end of her turn, the orc (next in the order)
    still takes its turn this round; round 2 must not start before it."""
    fight = wounded_out()
    assert fight.deciding() == ["orc"]
    assert [(e.round, e.slot) for e in fight.events if e.kind == "TurnStarted"][-1] == (1, "orc")


def wounded_out() -> Fight:
    """Bo ends his turn; Ana (incapacitated, FT 0, two Wounds) passes hers and takes the third Wound."""
    fight = new_fight(
        fighter("bo", "red", (1, 0)),
        fighter("ana", "red", (0, 0), fatigue=3, incapacitated=True, fatigue_tolerance=0, wounds=2),
        fighter("orc", "blue", (3, 0)),
        dice=[],
    )
    fight.apply("bo end")
    return fight


def incapacitated_at(fatigue: int, tolerance: int, **extra: Any) -> Fight:
    """Bo acts first; Ana is incapacitated with the given Fatigue Load and Tolerance; then the orc."""
    return new_fight(
        fighter("bo", "red", (1, 0)),
        fighter("ana", "red", (0, 0), fatigue=fatigue, incapacitated=True, fatigue_tolerance=tolerance),
        fighter("orc", "blue", (3, 0)),
        dice=[],
        **extra,
    )


def test_thrum_40_c7_reaching_load_zero_recovers_before_any_wound() -> None:
    """THRUM 40-41 / C7 default 'recover_first': FT 1/FL 1 -> 0/0 at the end of the turn: Fatigue Load 0
    ends the incapacity first, so no Wound is taken even though Tolerance is 0."""
    fight = incapacitated_at(1, 1)
    fight.apply("bo end")
    ana = fighter_state(fight, "ana")
    assert (ana.fatigue_tolerance, ana.fatigue, ana.incapacitated, ana.wounds) == (0, 0, False, 0)
    assert last(fight, "Revived").how == "Fatigue Load reached 0"
    assert not of(list(fight.events), "Wounded")


def test_thrum_40_c7_option_incapacitated_end_order_wound_first() -> None:
    """C7, option incapacitated_end_order='wound_first': the Wound at FT 0 is checked before recovering, so
    the same turn end gives a Wound and then the revival."""
    fight = incapacitated_at(1, 1, options={"incapacitated_end_order": "wound_first"})
    fight.apply("bo end")
    ana = fighter_state(fight, "ana")
    assert (ana.fatigue_tolerance, ana.fatigue, ana.incapacitated, ana.wounds) == (0, 0, False, 1)
    order = [e.kind for e in fight.events if e.kind in ("Wounded", "Revived")]
    assert order == ["Wounded", "Revived"]


def test_thrum_40_c7_end_of_turn_effects_then_statuses_then_tolerance() -> None:
    """THRUM 40 / C7: an incapacitated turn ends with end-of-turn effects (Burning: +1 Fatigue), then the
    status decrement, then FT -1 and FL -1."""
    fight = new_fight(
        fighter("bo", "red", (1, 0)),
        fighter("ana", "red", (0, 0), fatigue=2, incapacitated=True, statuses={"burning": 1}),
        fighter("orc", "blue", (3, 0)),
        dice=[],
    )
    fight.apply("bo end")
    trace = [
        (e.kind, getattr(e, "amount", getattr(e, "stacks", getattr(e, "value", None))))
        for e in fight.events
        if e.kind in ("LoadChanged", "Afflicted", "ToleranceChanged")
    ]
    assert trace == [("LoadChanged", 1), ("Afflicted", 0), ("ToleranceChanged", 2), ("LoadChanged", -1)]
    ana = fighter_state(fight, "ana")
    assert (ana.fatigue, ana.fatigue_tolerance, ana.statuses) == (2, 2, {})


# --- THRUM 41: the end of incapacity --------------------------------------------------------------------


def revivable(**extra: Any) -> Fight:
    """Bo stands next to the incapacitated Ana (Fatigue 5, Stress 3, Bleed, Burning, Mark, Dazed)."""
    return new_fight(
        fighter("bo", "red", (1, 0)),
        fighter(
            "ana",
            "red",
            (0, 0),
            fatigue=5,
            stress=3,
            incapacitated=True,
            statuses={"bleed": 2, "burning": 1, "mark": 1},
            conditions=["dazed"],
        ),
        fighter("cy", "red", (3, 0)),
        fighter("orc", "blue", (5, 0)),
        dice=[],
        **extra,
    )


def test_thrum_41_resuscitate_revives_halves_loads_and_clears_statuses() -> None:
    """THRUM 41, 11: Resuscitate (Range 1, an incapacitated ally) ends the incapacity, halves Fatigue and
    Stress rounding down (5 -> 2, 3 -> 1) and clears the negative statuses (Mark and Dazed are conditions,
    not statuses, and stay)."""
    fight = revivable()
    fight.apply("bo resuscitate ana")
    ana = fighter_state(fight, "ana")
    assert (ana.incapacitated, ana.fatigue, ana.stress) == (False, 2, 1)
    assert ana.statuses == {"mark": 1}
    assert ana.conditions == {"dazed": 0}  # Dazed is a condition, not a status (see report)
    revived = last(fight, "Revived")
    assert (revived.actor, revived.how) == ("ana", "resuscitated")


def test_thrum_41_a_resuscitated_character_takes_its_turn() -> None:
    """THRUM 41: once no longer incapacitated, the character has its turn again."""
    fight = revivable()
    fight.apply("bo resuscitate ana")
    fight.apply("bo end")
    assert fight.deciding() == ["ana"]
    assert {"ana move @2,0", "ana stance dodge", "ana end"} <= offered(fight)


def test_thrum_41_resuscitate_only_targets_an_incapacitated_ally_in_range() -> None:
    """THRUM 41, 11: Resuscitate refuses a standing ally and an ally out of Range 1."""
    fight = revivable()
    assert offered(fight, "resuscitate") == {"bo resuscitate ana"}
    reason = fight.why_illegal(Action.parse("bo resuscitate cy"))
    assert reason is not None and "targets incapacitated ally; cy is not one" in reason
    far = new_fight(
        fighter("bo", "red", (2, 0)),
        fighter("ana", "red", (0, 0), fatigue=5, incapacitated=True),
        fighter("orc", "blue", (5, 0)),
        dice=[],
    )
    reason = far.why_illegal(Action.parse("bo resuscitate ana"))
    assert reason is not None and "ana is 2 squares away; Resuscitate has Range 1" in reason


def test_thrum_41_lowering_the_load_to_zero_ends_incapacity() -> None:
    """THRUM 41: incapacity ends as soon as the Fatigue Load is reduced to zero (here by an ally's
    Ameliorate: 1 -> 0)."""
    fight = new_fight(
        fighter("bo", "red", (1, 0), arts={"animism": 0}, abilities=["ameliorate"]),
        fighter("ana", "red", (0, 0), fatigue=1, incapacitated=True),
        fighter("orc", "blue", (5, 0)),
        dice=[],
    )
    fight.apply("bo ameliorate ana +fatigue")
    ana = fighter_state(fight, "ana")
    assert (ana.fatigue, ana.incapacitated) == (0, False)
    assert last(fight, "Revived").how == "Fatigue Load reached 0"


# --- THRUM 42 / C5: the end of combat -------------------------------------------------------------------


def last_stand(**extra: Any) -> Fight:
    """Red: Cy standing (Stress 2), Ana incapacitated (FT 2), Bo incapacitated (FT 0, one Wound). The
    orc, Exhausted, recovers and fails its Incapacity Roll: blue has nobody left and the fight ends."""
    fight = new_fight(
        fighter("cy", "red", (0, 0), stress=2),
        fighter("orc", "blue", (5, 0), fatigue=4, stress=1),
        fighter("ana", "red", (1, 0), fatigue=3, incapacitated=True, fatigue_tolerance=2),
        fighter("bo", "red", (2, 0), fatigue=3, incapacitated=True, fatigue_tolerance=0, wounds=1),
        dice=[1, 1],
        **extra,
    )
    fight.apply("cy end")
    fight.apply("orc recover +stress")
    return fight


def test_thrum_42_c5_end_of_combat_resets_loads_and_keeps_tolerances_and_wounds() -> None:
    """THRUM 42 / C5: when a side has nobody standing the fight ends; every Fatigue and Stress Load is set
    to 0; reduced Tolerances and Wounds stay; incapacitated PCs recover unless their Fatigue Tolerance is 0
    (NPCs are not covered by the rule and stay down)."""
    fight = last_stand()
    assert fight.is_over()
    assert fight.state.winner == "red"
    states = {fid: fighter_state(fight, fid) for fid in ("cy", "orc", "ana", "bo")}
    assert all((s.fatigue, s.stress) == (0, 0) for s in states.values())
    assert (states["ana"].incapacitated, states["ana"].fatigue_tolerance) == (False, 2)
    assert (states["bo"].incapacitated, states["bo"].fatigue_tolerance, states["bo"].wounds) == (True, 0, 1)
    assert (states["orc"].incapacitated, states["orc"].fatigue_tolerance) == (True, 1)
    resets = {
        e.actor: (e.fatigue_tolerance, e.wounds, e.incapacitated)
        for e in fight.events
        if e.kind == "CombatReset"
    }
    assert resets == {"cy": (3, 0, False), "orc": (1, 0, True), "ana": (2, 0, False), "bo": (0, 1, True)}


def test_thrum_42_c5_option_end_of_combat_recovery_all() -> None:
    """C5, option end_of_combat_recovery='all': every incapacitated PC recovers, Tolerance 0 included;
    NPCs and Tolerances are unaffected."""
    fight = last_stand(options={"end_of_combat_recovery": "all"})
    assert fighter_state(fight, "bo").incapacitated is False
    assert fighter_state(fight, "bo").fatigue_tolerance == 0
    assert fighter_state(fight, "orc").incapacitated is True


@settings(max_examples=40, deadline=None)
@given(
    faces=st.tuples(st.integers(1, 6), st.integers(1, 6)), stress=st.integers(3, 9), foc=st.integers(-1, 2)
)
def test_thrum_35_panic_outcome_follows_the_total(faces: tuple[int, int], stress: int, foc: int) -> None:
    """THRUM 35: for any roll, the Panic Roll fails exactly when 2d6 + Resolve does not exceed the Stress
    Load, and a failure moves the whole Stress Load onto Fatigue and lowers Stress Tolerance by 1."""
    fight = pair(*faces, ana={"stress": stress, "foc": foc, "stress_tolerance": 2})
    ana = fighter_state(fight, "ana")
    if sum(faces) + foc > stress:
        assert (ana.fatigue, ana.stress, ana.stress_tolerance, ana.conditions) == (0, stress, 2, {})
    else:
        assert (ana.fatigue, ana.stress, ana.stress_tolerance, ana.conditions) == (
            stress,
            0,
            1,
            {"stunned": 1},
        )


def test_thrum_39_incapacitated_on_an_enemys_turn_reduces_once_then_at_own_turn_end() -> None:
    """THRUM 39: incapacitated during the ENEMY's turn (a Finisher), the orc loses FT/FL once then (3/4 ->
    2/3), not again when that turn ends, and once more at the end of its own next turn (-> 1/2)."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), abilities=["sockem"]),
        fighter("orc", "blue", (1, 0), fatigue=4),
        fighter("ogre", "blue", (5, 0)),
        dice=[1, 1, 6, 6, 2, 2],
    )
    fight.apply("ana sockem orc")
    fight.apply("orc defend +resilience")
    orc = fighter_state(fight, "orc")
    assert (orc.incapacitated, orc.fatigue_tolerance, orc.fatigue) == (True, 2, 3)
    fight.apply("ana end")
    assert fight.deciding() == ["ogre"]
    assert (orc.fatigue_tolerance, orc.fatigue, orc.statuses) == (1, 2, {})
    ends = [(e.kind, e.actor) for e in fight.events if e.kind in ("TurnEnded", "ToleranceChanged")]
    assert ends == [
        ("ToleranceChanged", "orc"),
        ("TurnEnded", "ana"),
        ("ToleranceChanged", "orc"),
        ("TurnEnded", "orc"),
    ]
