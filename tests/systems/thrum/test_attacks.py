"""THRUM attacks and defence (THRUM 21-28, 31): the declared defensive roll, Resilience / Resolve /
Evasion outcomes, the Ranged tag, Cover and Obstruction, Overexert and Finisher, and the options
character_cover_height, basic_attack_ranged, area_attack_roll and vulnerable_after_effect.

Dice order (contests.py): per attack the attacker's roll (2 + banes d6), then each defender's roll in
initiative order (2 + |boons - banes| d6); a Finisher's incapacity roll comes after the attack resolves.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tactica.engine import Action, Fight
from tactica.systems.thrum.contests import defenses_open
from tests.systems.thrum.helpers import fighter, fighter_state, kinds, last, new_fight, of, offered

#: A mental attack without Art (Basic: the highest Art modifier) dealing 1 Stress on a success.
JEER: dict[str, Any] = {
    "title": "Jeer",
    "kind": "action",
    "attack": "mental",
    "range": 3,
    "success": [{"stress": 1}],
}
JEERER: dict[str, Any] = {"abilities": ["jeer"]}
MESMER: dict[str, Any] = {"arts": {"mesmerism": 0}, "abilities": ["addle"]}
BRAWLER: dict[str, Any] = {"abilities": ["sockem"]}
PYRO: dict[str, Any] = {"arts": {"elementalism": 0}, "abilities": ["fire-burst"]}
ARCHER: dict[str, Any] = {"arts": {"archery": 0}, "abilities": ["flaming-arrow"]}
GRID_5 = "\n".join([". . . . ."] * 5)


def rolls(fight: Fight) -> list[Any]:
    """Every 2d6 roll so far."""
    return of(list(fight.events), "Rolled2d6")


def duel(
    *dice: int, ana: dict[str, Any] | None = None, orc: dict[str, Any] | None = None, **extra: Any
) -> Fight:
    """Ana (red, acts first) two squares from the orc (blue) on an open row; ``dice`` scripted."""
    return new_fight(
        fighter("ana", "red", (0, 0), **(ana or {})),
        fighter("orc", "blue", (2, 0), **(orc or {})),
        dice=list(dice),
        **extra,
    )


def attack(fight: Fight, defense: str, text: str = "ana basic-attack orc") -> None:
    """Use the attack and answer the defender's choice."""
    fight.apply(text)
    fight.apply(f"orc defend +{defense}")


# --- THRUM 21: the defensive roll is chosen before the attack roll -----------------------------


def test_thrum_21_physical_attack_offers_resilience_or_evasion() -> None:
    """THRUM 21: a target of a Physical Attack defends with its choice of Resilience or Evasion, and that
    answer is the only thing it can do off its turn."""
    fight = duel()
    fight.apply("ana basic-attack orc")
    assert fight.deciding() == ["orc"]
    assert offered(fight) == {"orc defend +resilience", "orc defend +evasion"}


def test_thrum_21_mental_attack_offers_evasion_or_resolve() -> None:
    """THRUM 21: against a Mental Attack the choice is Evasion or Resolve (Resolve replaces Resilience)."""
    fight = duel(ana=JEERER, abilities={"jeer": JEER})
    fight.apply("ana jeer orc")
    assert offered(fight) == {"orc defend +evasion", "orc defend +resolve"}


def test_thrum_21_defense_is_declared_before_the_attack_roll() -> None:
    """THRUM 21: the defender declares its roll BEFORE the attack is rolled: nothing is rolled while the
    choice is open, and the trace is Targeted -> DefenseDeclared -> attacker's roll -> defender's roll."""
    fight = duel(5, 4, 2, 2)
    fight.apply("ana basic-attack orc")
    assert rolls(fight) == []
    fight.apply("orc defend +resilience")
    trace = [k for k in kinds(fight) if k in ("Targeted", "DefenseDeclared", "Rolled2d6", "ContestDecided")]
    assert trace == ["Targeted", "DefenseDeclared", "Rolled2d6", "Rolled2d6", "ContestDecided"]
    declared = last(fight, "DefenseDeclared")
    assert (declared.actor, declared.defense, declared.attacker, declared.chosen) == (
        "orc",
        "resilience",
        "ana",
        True,
    )
    first, second = rolls(fight)
    assert (first.actor, first.faces, second.actor, second.faces) == ("ana", (5, 4), "orc", (2, 2))


def test_thrum_21_refuses_a_defense_the_attack_does_not_allow() -> None:
    """THRUM 21: Resolve is no answer to a Physical Attack; the refusal lists what is valid."""
    fight = duel()
    fight.apply("ana basic-attack orc")
    reason = fight.why_illegal(Action.parse("orc defend +resolve"))
    assert reason is not None and "+resilience or +evasion" in reason
    assert "THRUM 21" in reason


def test_thrum_21_nothing_else_happens_until_the_defender_answers() -> None:
    """THRUM 21: the attack waits for the defender; the attacker cannot go on with its turn meanwhile."""
    fight = duel()
    fight.apply("ana basic-attack orc")
    reason = fight.why_illegal(Action.parse("ana end"))
    assert reason is not None and "waiting for orc to answer the defend" in reason


def test_thrum_21_no_off_turn_actions_without_a_decision() -> None:
    """THRUM 21: outside its turn a character acts only to defend (or through a stance trigger)."""
    fight = duel()
    reason = fight.why_illegal(Action.parse("orc basic-attack ana"))
    assert reason is not None and "it is ana's turn, not orc's" in reason
    reason = fight.why_illegal(Action.parse("orc defend +evasion"))
    assert reason is not None and "nothing for orc to answer" in reason


# --- THRUM 22-23: Resilience and Resolve ----------------------------------------------------------


def test_thrum_22_resilience_success_avoids_the_effect() -> None:
    """THRUM 22: Resilience (END modifier) beats the attack: the effect is avoided, no Vulnerable."""
    fight = duel(3, 3, 3, 2, orc={"end": 2})
    attack(fight, "resilience")
    orc = fighter_state(fight, "orc")
    assert rolls(fight)[1].modifier == 2
    assert rolls(fight)[1].total == 7
    decided = last(fight, "ContestDecided")
    assert (decided.attack_total, decided.defense_total, decided.outcome) == (6, 7, "failure")
    assert (orc.fatigue, orc.statuses) == (0, {})


def test_thrum_22_resilience_failure_takes_the_effect_without_vulnerable() -> None:
    """THRUM 22: a failed Resilience roll takes the effect (Basic Attack: 2 Fatigue) and nothing else."""
    fight = duel(5, 4, 3, 3)
    attack(fight, "resilience")
    orc = fighter_state(fight, "orc")
    assert last(fight, "ContestDecided").outcome == "success"
    assert (orc.fatigue, orc.statuses) == (2, {})
    change = last(fight, "LoadChanged")
    assert (change.actor, change.load, change.amount, change.total) == ("orc", "fatigue", 2, 2)


def test_thrum_23_resolve_uses_focus_and_avoids_on_success() -> None:
    """THRUM 23: Resolve rolls with the FOC modifier; success avoids the Mental Attack's effect."""
    fight = duel(3, 3, 3, 3, ana=JEERER, orc={"foc": 1}, abilities={"jeer": JEER})
    attack(fight, "resolve", "ana jeer orc")
    defence = rolls(fight)[1]
    assert (defence.what, defence.modifier, defence.total) == ("resolve against Jeer", 1, 7)
    assert fighter_state(fight, "orc").stress == 0


def test_thrum_23_resolve_failure_takes_the_effect() -> None:
    """THRUM 23: a failed Resolve roll takes the effect (here 1 Stress) and no Vulnerable."""
    fight = duel(4, 4, 1, 2, ana=JEERER, orc={"foc": 1}, abilities={"jeer": JEER})
    attack(fight, "resolve", "ana jeer orc")
    orc = fighter_state(fight, "orc")
    assert (orc.stress, orc.statuses) == (1, {})


# --- THRUM 24: Evasion ------------------------------------------------------------------------------


def test_thrum_24_evasion_gets_a_boon_and_uses_reflex() -> None:
    """THRUM 24: Evasion rolls with REF and an automatic +1 Boon (3d6, keep the highest two)."""
    fight = duel(1, 1, 2, 6, 5, orc={"ref": 1})
    attack(fight, "evasion")
    roll = rolls(fight)[1]
    assert (roll.faces, roll.kept, roll.boons, roll.banes, roll.modifier, roll.total) == (
        (2, 6, 5),
        (5, 6),
        1,
        0,
        1,
        12,
    )


def test_thrum_24_no_evasion_boon_while_vulnerable() -> None:
    """THRUM 24: the automatic Boon is only for a defender that is not Vulnerable."""
    fight = duel(1, 1, 2, 6, orc={"statuses": {"vulnerable": 1}})
    attack(fight, "evasion")
    roll = rolls(fight)[1]
    assert (roll.faces, roll.boons) == ((2, 6), 0)


def test_thrum_24_c3_evasion_critical_avoids_without_vulnerable() -> None:
    """THRUM 24 / C3: Evasion total >= attack total + 5 is a Critical: the effect is avoided and no
    Vulnerable is added."""
    fight = duel(1, 2, 6, 6, 1)
    attack(fight, "evasion")
    decided = last(fight, "ContestDecided")
    assert (decided.attack_total, decided.defense_total, decided.defender_outcome) == (3, 12, "critical")
    orc = fighter_state(fight, "orc")
    assert (orc.fatigue, orc.statuses) == (0, {})


def test_thrum_24_evasion_success_avoids_but_adds_vulnerable() -> None:
    """THRUM 24: a successful Evasion avoids the effect but adds +1 Vulnerable."""
    fight = duel(3, 3, 4, 3, 1)
    attack(fight, "evasion")
    decided = last(fight, "ContestDecided")
    assert (decided.attack_total, decided.defense_total, decided.defender_outcome) == (6, 7, "success")
    orc = fighter_state(fight, "orc")
    assert (orc.fatigue, orc.statuses) == (0, {"vulnerable": 1})
    assert last(fight, "Afflicted").status == "vulnerable"


def test_thrum_24_c1_evasion_tie_is_a_success_for_the_defender() -> None:
    """THRUM 24 with C1: a tie goes to the defender, so an Evasion tie avoids the effect (+1 Vulnerable)."""
    fight = duel(3, 4, 4, 3, 1)
    attack(fight, "evasion")
    assert last(fight, "ContestDecided").defender_outcome == "success"
    assert (fighter_state(fight, "orc").fatigue, fighter_state(fight, "orc").statuses) == (
        0,
        {"vulnerable": 1},
    )


def test_thrum_24_evasion_failure_takes_the_effect_then_vulnerable() -> None:
    """THRUM 24: a failed Evasion takes the effect AND +1 Vulnerable; by default Vulnerable comes after the
    effect, so it does not add to that very hit (option vulnerable_after_effect)."""
    fight = duel(5, 5, 1, 2, 3)
    attack(fight, "evasion")
    orc = fighter_state(fight, "orc")
    assert (orc.fatigue, orc.statuses) == (2, {"vulnerable": 1})
    order = [e.kind for e in fight.events if e.kind in ("LoadChanged", "Afflicted")]
    assert order == ["LoadChanged", "Afflicted"]


def test_thrum_24_option_vulnerable_after_effect_false_adds_to_the_same_hit() -> None:
    """THRUM 24, option vulnerable_after_effect=False: Vulnerable is applied first, so the failed Evasion's
    own Fatigue grows by 1 and the Vulnerable is spent; nothing else changes."""
    fight = duel(5, 5, 1, 2, 3, options={"vulnerable_after_effect": False})
    attack(fight, "evasion")
    orc = fighter_state(fight, "orc")
    assert (orc.fatigue, orc.statuses) == (3, {})
    assert last(fight, "LoadChanged").amount == 3


def test_thrum_24_option_vulnerable_after_effect_false_keeps_evasion_success() -> None:
    """THRUM 24, option vulnerable_after_effect=False: a successful Evasion still just adds +1 Vulnerable."""
    fight = duel(3, 3, 4, 3, 1, options={"vulnerable_after_effect": False})
    attack(fight, "evasion")
    orc = fighter_state(fight, "orc")
    assert (orc.fatigue, orc.statuses) == (0, {"vulnerable": 1})


@settings(max_examples=40, deadline=None)
@given(
    attack_faces=st.tuples(st.integers(1, 6), st.integers(1, 6)),
    evade_faces=st.tuples(st.integers(1, 6), st.integers(1, 6), st.integers(1, 6)),
    ref=st.integers(-1, 3),
)
def test_thrum_24_evasion_outcomes_follow_the_totals(
    attack_faces: tuple[int, int], evade_faces: tuple[int, int, int], ref: int
) -> None:
    """THRUM 24 (C1, C3): for any faces, Evasion (highest two of three + REF) >= attack + 5 avoids
    cleanly, >= attack avoids with +1 Vulnerable, below the attack takes 2 Fatigue and +1 Vulnerable."""
    fight = duel(*attack_faces, *evade_faces, orc={"ref": ref})
    attack(fight, "evasion")
    mine = sum(attack_faces)
    theirs = sum(sorted(evade_faces)[-2:]) + ref
    orc = fighter_state(fight, "orc")
    if theirs >= mine + 5:
        expected = (0, {})
    elif theirs >= mine:
        expected = (0, {"vulnerable": 1})
    else:
        expected = (2, {"vulnerable": 1})
    assert (orc.fatigue, orc.statuses) == expected


# --- THRUM 25: Ranged -------------------------------------------------------------------------------


def ringed(*dice: int, **extra: Any) -> Fight:
    """Ana at (1,1) with two orcs adjacent to her, an ally adjacent too, and a third orc two squares off."""
    return new_fight(
        fighter("ana", "red", (1, 1), **BRAWLER, **ARCHER_ARTS),
        fighter("bo", "red", (1, 0)),
        fighter("orc", "blue", (3, 1)),
        fighter("o1", "blue", (0, 0)),
        fighter("o2", "blue", (0, 2)),
        dice=list(dice),
        text=GRID_5,
        **extra,
    )


ARCHER_ARTS: dict[str, Any] = {"arts": {"brawling": 0, "archery": 0}}


def test_thrum_25_ranged_attack_gets_a_bane_per_adjacent_enemy() -> None:
    """THRUM 25: Basic Attack is Ranged: +1 Bane per enemy adjacent to the user (two orcs: 4d6, keep the
    lowest two); the adjacent ally does not count."""
    fight = ringed(6, 5, 2, 3, 1, 1)
    attack(fight, "resilience")
    roll = rolls(fight)[0]
    assert (roll.actor, roll.faces, roll.kept, roll.banes, roll.total) == ("ana", (6, 5, 2, 3), (2, 3), 2, 5)


def test_thrum_25_melee_attack_ignores_adjacent_enemies() -> None:
    """THRUM 25: only Ranged attacks take the Bane; Sockem (not Ranged) on an adjacent orc rolls 2d6."""
    fight = ringed(3, 3, 6, 6)
    fight.apply("ana sockem o1")
    fight.apply("o1 defend +resilience")
    roll = rolls(fight)[0]
    assert (roll.faces, roll.banes) == ((3, 3), 0)


def test_thrum_25_c12_option_basic_attack_ranged_false_drops_only_basic_attack_tag() -> None:
    """THRUM 25 / C12, option basic_attack_ranged=False: Basic Attack loses the Ranged Bane (the draft), while
    other Ranged abilities keep it."""
    fight = new_fight(
        fighter("ana", "red", (1, 1), **ARCHER),
        fighter("orc", "blue", (3, 1)),
        fighter("o1", "blue", (0, 0)),
        dice=[3, 3, 1, 1],
        text=GRID_5,
        options={"basic_attack_ranged": False},
    )
    attack(fight, "resilience")
    assert rolls(fight)[0].banes == 0
    other = new_fight(
        fighter("ana", "red", (1, 1), **ARCHER),
        fighter("orc", "blue", (3, 1)),
        fighter("o1", "blue", (0, 0)),
        dice=[3, 3, 3, 1, 1],
        text=GRID_5,
        options={"basic_attack_ranged": False},
    )
    attack(other, "resilience", "ana flaming-arrow orc")
    assert rolls(other)[0].banes == 1


def test_thrum_25_default_basic_attack_is_ranged() -> None:
    """THRUM 25 / C12 default: the wiki's Basic Attack is Ranged, so one adjacent enemy is one Bane."""
    fight = new_fight(
        fighter("ana", "red", (1, 1)),
        fighter("orc", "blue", (3, 1)),
        fighter("o1", "blue", (0, 0)),
        dice=[3, 3, 3, 1, 1],
        text=GRID_5,
    )
    attack(fight, "resilience")
    assert rolls(fight)[0].banes == 1


# --- THRUM 26: Cover --------------------------------------------------------------------------------

HIGH_WALL = """
. . . . .
. . 2 . .
. . . . .
"""
HIGH_ROW = """
. . . . .
. 2 2 2 .
. . . . .
. . . . .
"""
LOW_STEP = """
. . . . .
. . 1 . .
. . . . .
"""
PERCH = """
. . 2 . .
. . . . .
. . . . .
"""


def covered(text: str, *dice: int, bystander: bool = False, **extra: Any) -> Fight:
    """Ana at (2,0) attacks the orc at (2,2); optionally an ally of Ana stands between at (2,1)."""
    ana = fighter("ana", "red", (2, 0), arts={"elementalism": 0}, abilities=["fire-burst", "jeer"])
    people = [ana, fighter("orc", "blue", (2, 2))]
    if bystander:
        people.append(fighter("bo", "red", (2, 1)))
    return new_fight(*people, dice=list(dice), text=text.strip("\n"), abilities={"jeer": JEER}, **extra)


def test_thrum_26_terrain_two_levels_up_gives_cover() -> None:
    """THRUM 26: terrain 2 levels above the target, between it and a lower attacker, is Cover: +1 Bane."""
    fight = covered(HIGH_WALL, 6, 6, 1, 1, 1)
    attack(fight, "resilience")
    roll = rolls(fight)[0]
    assert (roll.faces, roll.kept, roll.banes, roll.total) == ((6, 6, 1), (1, 6), 1, 7)


def test_thrum_26_one_level_up_is_no_cover() -> None:
    """THRUM 26: terrain only 1 level higher than the target gives no Cover."""
    fight = covered(LOW_STEP, 6, 6, 1, 1)
    attack(fight, "resilience")
    assert rolls(fight)[0].banes == 0


def test_thrum_26_attacker_on_the_near_side_gets_no_cover_penalty() -> None:
    """THRUM 26: Cover only protects against attacks from beyond the line through the cover square; an
    attacker level with the target (on the line) or on its own side gets no Bane."""
    fight = new_fight(
        fighter("ana", "red", (4, 2)),
        fighter("orc", "blue", (2, 2)),
        dice=[6, 6, 1, 1],
        text=HIGH_WALL.strip("\n"),
    )
    attack(fight, "resilience")
    assert rolls(fight)[0].banes == 0


def test_thrum_26_attacker_as_high_as_the_cover_gets_no_penalty() -> None:
    """THRUM 26: Cover applies to attacks from a LOWER elevation than the cover source; an attacker
    standing 2 levels up, as high as the ledge, has a clear shot."""
    text = "\n".join([". . 2 . .", ". . 2 . .", ". . . . ."])
    fight = covered(text, 6, 6, 1, 1)
    attack(fight, "resilience")
    assert rolls(fight)[0].banes == 0


def test_thrum_26_a_character_gives_cover() -> None:
    """THRUM 26 / C10: another character adjacent to the target (here the attacker's own ally) is a cover
    source, counting as 2 levels above its square."""
    fight = covered(GRID_5, 6, 6, 1, 1, 1, bystander=True)
    attack(fight, "resilience")
    assert rolls(fight)[0].banes == 1


def test_thrum_26_cover_is_against_physical_attacks_only() -> None:
    """THRUM 26: Cover protects against Physical Attacks; a Mental Attack through it has no Bane."""
    fight = covered(HIGH_WALL, 6, 6, 1, 1)
    attack(fight, "resolve", "ana jeer orc")
    assert rolls(fight)[0].banes == 0


def test_thrum_26_c10_character_cover_height_default_two() -> None:
    """THRUM 26 / C10 default: a character as cover reaches 2 levels above its square, so an attacker
    standing on a +2 square fires over a character on level 0 without a Bane."""
    fight = covered(PERCH, 6, 6, 1, 1, bystander=True)
    attack(fight, "resilience")
    assert rolls(fight)[0].banes == 0


def test_thrum_26_c10_option_character_cover_height_raises_character_cover() -> None:
    """THRUM 26, option character_cover_height=3: a character reaches 3 levels, so the same attacker on +2
    is now lower than the cover and takes the Bane; terrain cover is unchanged."""
    fight = covered(PERCH, 6, 6, 1, 1, 1, bystander=True, options={"character_cover_height": 3})
    attack(fight, "resilience")
    assert rolls(fight)[0].banes == 1
    terrain = covered(HIGH_WALL, 6, 6, 1, 1, 1, options={"character_cover_height": 3})
    attack(terrain, "resilience")
    assert rolls(terrain)[0].banes == 1


# --- THRUM 27: Obstruction ----------------------------------------------------------------------------


def test_thrum_27_obstructed_target_cannot_be_targeted() -> None:
    """THRUM 27: when both squares beside the cover square along the dividing line also give cover, the
    path is Obstructed and the target cannot be targeted by that attack."""
    fight = covered(HIGH_ROW)
    reason = fight.why_illegal(Action.parse("ana basic-attack orc"))
    assert reason is not None and "Obstructed" in reason and "THRUM 27" in reason
    assert offered(fight, "basic-attack") == set()
    assert offered(fight, "jeer") == {"ana jeer orc"}


def test_thrum_27_areas_still_catch_an_obstructed_character() -> None:
    """THRUM 27: an obstructed character can still be affected by an area that has another, unobstructed
    square (Fire Burst placed over it, rolled with no Cover Bane)."""
    fight = covered(HIGH_ROW, 4, 4, 2, 2)
    fight.apply("ana fire-burst @2,2")
    assert last(fight, "Targeted").targets == ("orc",)
    fight.apply("orc defend +resilience")
    assert rolls(fight)[0].banes == 0
    assert fighter_state(fight, "orc").fatigue == 1


# --- THRUM 28: Overexert ------------------------------------------------------------------------------


def test_thrum_28_overexert_stress_is_taken_before_any_roll() -> None:
    """THRUM 28: Overexert is declared with the ability and its Stress taken before any roll (and before
    the defender declares); on a success the extra effect (Addle: +2 Stress) applies."""
    fight = duel(6, 6, 1, 1, ana=MESMER)
    fight.apply("ana addle orc +overexert")
    assert fighter_state(fight, "ana").stress == 1
    assert rolls(fight) == []
    fight.apply("orc defend +resolve")
    events = list(fight.events)
    paid = next(i for i, e in enumerate(events) if e.kind == "LoadChanged" and e.actor == "ana")
    assert events[paid].source == "overexert" and events[paid].amount == 1
    assert paid < kinds(fight).index("DefenseDeclared") < kinds(fight).index("Rolled2d6")
    assert last(fight, "Targeted").overexert is True
    orc = fighter_state(fight, "orc")
    assert (orc.stress, orc.statuses, orc.conditions) == (2, {"slowed": 1}, {"disoriented": 0})


def test_thrum_28_overexert_stress_is_paid_even_when_the_attack_fails() -> None:
    """THRUM 28: the Stress is paid up front, so a failed attack still costs it and adds nothing."""
    fight = duel(1, 1, 6, 6, ana=MESMER)
    attack(fight, "resolve", "ana addle orc +overexert")
    assert fighter_state(fight, "ana").stress == 1
    assert fighter_state(fight, "orc").stress == 0


def test_thrum_28_without_overexert_no_stress_and_no_extra() -> None:
    """THRUM 28: Overexert is optional: without the flag nobody takes the Stress."""
    fight = duel(6, 6, 1, 1, ana=MESMER)
    attack(fight, "resolve", "ana addle orc")
    assert fighter_state(fight, "ana").stress == 0
    assert fighter_state(fight, "orc").stress == 0
    assert offered(duel(ana=MESMER), "addle") == {"ana addle orc", "ana addle orc +overexert"}


def test_thrum_28_overexert_refused_for_abilities_without_it() -> None:
    """THRUM 28: only abilities with an Overexert option take the flag."""
    reason = duel().why_illegal(Action.parse("ana basic-attack orc +overexert"))
    assert reason is not None and "unknown flag '+overexert' for Basic Attack" in reason


# --- THRUM 31: Finisher -------------------------------------------------------------------------------


def test_thrum_31_finisher_on_exhausted_target_makes_incapacity_roll() -> None:
    """THRUM 31: a Finisher attack against an Exhausted target is followed at once by the target's
    Incapacity Roll (here Sockem's hit makes Fatigue 5 > Tolerance 3; the roll 12 > 5 keeps it up)."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), **BRAWLER),
        fighter("orc", "blue", (1, 0), fatigue=3),
        fighter("ogre", "blue", (5, 0)),
        dice=[4, 4, 2, 2, 6, 6],
    )
    attack(fight, "resilience", "ana sockem orc")
    finisher = rolls(fight)[2]
    assert (finisher.actor, finisher.what, finisher.total) == (
        "orc",
        "incapacity roll (Sockem is a Finisher)",
        12,
    )
    assert kinds(fight).index("ContestDecided") < list(fight.events).index(finisher)
    assert fighter_state(fight, "orc").incapacitated is False


def test_thrum_31_finisher_failed_incapacity_roll_incapacitates() -> None:
    """THRUM 31, 37: the Finisher's Incapacity Roll must exceed the Fatigue Load; the tie (4 vs 4)
    incapacitates. The code rolls it even when the attack itself missed (the target is Exhausted)."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), **BRAWLER),
        fighter("orc", "blue", (1, 0), fatigue=4),
        fighter("ogre", "blue", (5, 0)),
        dice=[1, 1, 6, 6, 2, 2],
    )
    attack(fight, "resilience", "ana sockem orc")
    assert last(fight, "ContestDecided").outcome == "failure"
    assert fighter_state(fight, "orc").incapacitated is True


def test_thrum_31_no_incapacity_roll_without_finisher_or_exhaustion() -> None:
    """THRUM 31: a non-Finisher attack on an Exhausted target, or a Finisher on a fresh one, rolls nothing
    more (the scripted dice would run out)."""
    fight = duel(5, 5, 1, 1, orc={"fatigue": 4})
    attack(fight, "resilience")
    assert [r.actor for r in rolls(fight)] == ["ana", "orc"]
    fresh = new_fight(
        fighter("ana", "red", (0, 0), **BRAWLER),
        fighter("orc", "blue", (1, 0)),
        dice=[4, 4, 2, 2],
    )
    attack(fresh, "resilience", "ana sockem orc")
    assert fighter_state(fresh, "orc").fatigue == 2
    assert len(rolls(fresh)) == 2


# --- option area_attack_roll (THRUM 16/21) -------------------------------------------------------------


def burst(*dice: int, **extra: Any) -> Fight:
    """Ana at (0,2) with Fire Burst; two orcs in a column at (2,2) and (2,3)."""
    return new_fight(
        fighter("ana", "red", (0, 2), **PYRO),
        fighter("orc", "blue", (2, 2)),
        fighter("ogre", "blue", (2, 3)),
        dice=list(dice),
        text=GRID_5,
        **extra,
    )


def test_thrum_21_area_attack_asks_each_defender_in_initiative_order() -> None:
    """THRUM 21: every character in an attacking area defends; the choices are asked in initiative order
    and all are made before the single attack roll (option area_attack_roll 'once', the default)."""
    fight = burst(4, 4, 6, 6, 2, 2)
    fight.apply("ana fire-burst @2,2")
    assert fight.deciding() == ["orc"]
    fight.apply("orc defend +resilience")
    assert fight.deciding() == ["ogre"]
    assert rolls(fight) == []
    fight.apply("ogre defend +resilience")
    assert [(r.actor, r.what) for r in rolls(fight)] == [
        ("ana", "Fire Burst attack"),
        ("orc", "resilience against Fire Burst"),
        ("ogre", "resilience against Fire Burst"),
    ]
    assert (fighter_state(fight, "orc").fatigue, fighter_state(fight, "ogre").fatigue) == (0, 1)


def test_thrum_21_option_area_attack_roll_per_target_rolls_for_each_defender() -> None:
    """THRUM 16/21, option area_attack_roll='per_target': the attacker rolls once per defender
    (attack, defence, attack, defence) instead of one shared roll."""
    fight = burst(5, 5, 6, 6, 1, 1, 1, 1, options={"area_attack_roll": "per_target"})
    fight.apply("ana fire-burst @2,2")
    fight.apply("orc defend +resilience")
    fight.apply("ogre defend +resilience")
    assert [(r.actor, r.what) for r in rolls(fight)] == [
        ("ana", "Fire Burst attack on orc"),
        ("orc", "resilience against Fire Burst"),
        ("ana", "Fire Burst attack on ogre"),
        ("ogre", "resilience against Fire Burst"),
    ]
    assert (fighter_state(fight, "orc").fatigue, fighter_state(fight, "ogre").fatigue) == (0, 0)


def test_thrum_21_slowed_defender_has_no_choice_to_declare() -> None:
    """THRUM 21, 44: a Slowed defender cannot use Evasion, so against a Physical Attack its only roll,
    Resilience, is declared for it (DefenseDeclared chosen=False) and the attack rolls at once."""
    fight = duel(5, 5, 1, 1, orc={"statuses": {"slowed": 1}})
    fight.apply("ana basic-attack orc")
    declared = last(fight, "DefenseDeclared")
    assert (declared.defense, declared.chosen) == ("resilience", False)
    assert fighter_state(fight, "orc").fatigue == 2
    game, state = fight.game, fight.state
    assert defenses_open(game, state.fighters["orc"], game.abilities["basic-attack"]) == ("resilience",)


NEIGHBOURS = [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(["", "ally", "enemy"]), min_size=8, max_size=8))
def test_thrum_25_ranged_banes_equal_the_adjacent_enemies(around: list[str]) -> None:
    """THRUM 25: for any mix of allies and enemies around the user, a Ranged attack on a distant enemy has
    exactly one Bane per adjacent enemy (allies never count)."""
    people = [fighter("ana", "red", (1, 1)), fighter("orc", "blue", (4, 1))]
    for i, (pos, who) in enumerate(zip(NEIGHBOURS, around, strict=True)):
        if who:
            people.append(fighter(f"n{i}", "red" if who == "ally" else "blue", pos))
    enemies = around.count("enemy")
    fight = new_fight(*people, dice=[1] * (2 + enemies) + [6, 6], text=GRID_5)
    attack(fight, "resilience")
    roll = rolls(fight)[0]
    assert (roll.banes, len(roll.faces)) == (enemies, 2 + enemies)


def test_thrum_25_an_incapacitated_adjacent_enemy_still_counts() -> None:
    """THRUM 25 (ambiguous; the code's reading): the Ranged Bane counts every adjacent enemy, an
    incapacitated one included (only characters removed from combat are ignored)."""
    fight = new_fight(
        fighter("ana", "red", (1, 1)),
        fighter("orc", "blue", (3, 1)),
        fighter("o1", "blue", (0, 0), fatigue=3, incapacitated=True),
        dice=[3, 3, 3, 1, 1],
        text=GRID_5,
    )
    attack(fight, "resilience")
    assert rolls(fight)[0].banes == 1


def test_thrum_26_area_attack_rolled_once_takes_no_cover_or_blinded_bane() -> None:
    """THRUM 26, 44 with option area_attack_roll 'once' (the code's reading): the single roll of an area
    attack is made against no particular target, so neither a defender's Cover nor Blinded's
    non-adjacent Bane applies to it (with 'per_target' they would)."""
    fight = new_fight(
        fighter("ana", "red", (2, 0), statuses={"blinded": 1}, **PYRO),
        fighter("orc", "blue", (2, 2)),
        dice=[4, 4, 2, 2],
        text=HIGH_WALL.strip("\n"),
    )
    fight.apply("ana fire-burst @2,2")
    fight.apply("orc defend +resilience")
    assert rolls(fight)[0].banes == 0
    per_target = new_fight(
        fighter("ana", "red", (2, 0), statuses={"blinded": 1}, **PYRO),
        fighter("orc", "blue", (2, 2)),
        dice=[4, 4, 4, 4, 1, 1],
        text=HIGH_WALL.strip("\n"),
        options={"area_attack_roll": "per_target"},
    )
    per_target.apply("ana fire-burst @2,2")
    per_target.apply("orc defend +resilience")
    assert rolls(per_target)[0].banes == 2
