"""THRUM statuses and conditions (THRUM 43-46): stacking and ticking down, Bleed, Blinded, Burning, Shocked,
Slowed, Hamstrung, Vulnerable, Weakened, Mark, Dazed, Immobilized and Stunned, and the options
slowed_blocks_stances and immobilized_turns.

Dice order: the attacker's roll, then the defender's (contests.py); a Panic Roll at the start of the
Frayed character's own turn.
"""

from __future__ import annotations

from typing import Any

from tactica.engine import Action, Fight
from tactica.systems.thrum.contests import defenses_open
from tests.systems.thrum.helpers import fighter, fighter_state, kinds, last, new_fight, of, offered

GRID = "\n".join([". . . . . ."] * 6)
#: A Physical Attack that Immobilizes on a success (no stated duration).
SNARE: dict[str, Any] = {
    "snare": {
        "title": "Snare",
        "kind": "action",
        "attack": "physical",
        "range": 3,
        "success": [{"condition": "immobilized"}],
    },
    "jeer": {"title": "Jeer", "kind": "action", "attack": "mental", "range": 3, "success": [{"stress": 1}]},
}
BRAWLER: dict[str, Any] = {"abilities": ["sockem"]}
DUELIST: dict[str, Any] = {"arts": {"dueling": 0}, "abilities": ["riposte"]}


def rolls(fight: Fight) -> list[Any]:
    """Every 2d6 roll so far."""
    return of(list(fight.events), "Rolled2d6")


def pair(
    *dice: int,
    ana: dict[str, Any] | None = None,
    orc: dict[str, Any] | None = None,
    far: bool = True,
    **extra: Any,
) -> Fight:
    """Ana (red, first) at (0,0) and the orc (blue) at (2,0), or adjacent at (1,0) with ``far=False``."""
    return new_fight(
        fighter("ana", "red", (0, 0), **(ana or {})),
        fighter("orc", "blue", (2, 0) if far else (1, 0), **(orc or {})),
        dice=list(dice),
        abilities=SNARE,
        **extra,
    )


# --- THRUM 43: stacks and ticking -------------------------------------------------------------------


def test_thrum_43_a_new_status_starts_at_n() -> None:
    """THRUM 43: '+1 Slowed' on a character without it sets X = 1 (Sockem's Effect applies whatever the
    roll)."""
    fight = pair(1, 1, 6, 6, ana=BRAWLER, far=False)
    fight.apply("ana sockem orc")
    fight.apply("orc defend +resilience")
    assert fighter_state(fight, "orc").statuses == {"slowed": 1}


def test_thrum_43_adding_to_a_status_adds_stacks() -> None:
    """THRUM 43: '+1 Slowed' on a character with Slowed 2 makes it Slowed 3."""
    fight = pair(1, 1, 6, 6, ana=BRAWLER, orc={"statuses": {"slowed": 2}}, far=False)
    fight.apply("ana sockem orc")
    assert fighter_state(fight, "orc").statuses == {"slowed": 3}
    added = last(fight, "Afflicted")
    assert (added.actor, added.status, added.stacks) == ("orc", "slowed", 3)


def test_thrum_43_statuses_tick_down_at_the_end_of_their_holders_turn() -> None:
    """THRUM 43: X drops by 1 at the end of the affected character's own turn, not at anyone else's."""
    fight = pair(ana={"statuses": {"slowed": 2, "weakened": 1}}, orc={"statuses": {"slowed": 2}})
    fight.apply("ana end")
    assert fighter_state(fight, "ana").statuses == {"slowed": 1}
    assert fighter_state(fight, "orc").statuses == {"slowed": 2}
    ticks = [(e.actor, e.status, e.stacks, e.reason) for e in of(list(fight.events), "Afflicted")]
    assert ticks == [("ana", "slowed", 1, "end of turn"), ("ana", "weakened", 0, "end of turn")]
    fight.apply("orc end")
    assert fighter_state(fight, "orc").statuses == {"slowed": 1}


def test_thrum_43_the_tick_comes_after_end_of_turn_effects() -> None:
    """THRUM 43 / 9: the decrement follows the other end-of-turn effects: Burning 1 still burns (+1
    Fatigue) before it ends."""
    fight = pair(ana={"statuses": {"burning": 1}})
    fight.apply("ana end")
    trace = [e.kind for e in fight.events if e.kind in ("LoadChanged", "Afflicted")]
    assert trace == ["LoadChanged", "Afflicted"]
    ana = fighter_state(fight, "ana")
    assert (ana.fatigue, ana.statuses) == (1, {})


# --- THRUM 44: Bleed, Blinded, Burning, Shocked -----------------------------------------------------


def test_thrum_44_bleed_does_not_bane_defence() -> None:
    """THRUM 44: Bleed X banes Incapacity Rolls only: a Bleeding defender's Resilience roll is plain."""
    fight = pair(4, 4, 6, 6, orc={"statuses": {"bleed": 2}})
    fight.apply("ana basic-attack orc")
    fight.apply("orc defend +resilience")
    assert (rolls(fight)[1].faces, rolls(fight)[1].banes) == ((6, 6), 0)


def test_thrum_44_bleed_bane_on_the_incapacity_roll() -> None:
    """THRUM 44: an Exhausted, Bleeding character's Incapacity Roll after its Action has +1 Bane."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), fatigue=4, stress=1, statuses={"bleed": 1}),
        fighter("bo", "red", (1, 0)),
        fighter("orc", "blue", (5, 0)),
        dice=[2, 1, 6],
    )
    fight.apply("ana recover +stress")
    roll = rolls(fight)[0]
    assert (roll.what, roll.faces, roll.kept, roll.banes, roll.total) == (
        "incapacity roll (took an Action while Exhausted)",
        (2, 1, 6),
        (1, 2),
        1,
        3,
    )
    assert fighter_state(fight, "ana").incapacitated is True


def test_thrum_44_blinded_halves_range_rounding_up() -> None:
    """THRUM 44: Blinded halves the ranges of the character's abilities, rounding up (Basic Attack 3 -> 2),
    and the refusal says so."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), statuses={"blinded": 1}),
        fighter("orc", "blue", (3, 0)),
        fighter("ogre", "blue", (2, 2)),
        dice=[],
        text=GRID,
    )
    reason = fight.why_illegal(Action.parse("ana basic-attack orc"))
    assert reason is not None and "orc is 3 squares away; Basic Attack has Range 2" in reason
    assert "Blinded halves it" in reason
    assert offered(fight, "basic-attack") == {"ana basic-attack ogre"}


def test_thrum_44_blinded_range_one_stays_one() -> None:
    """THRUM 44: half of Range 1 rounds up to 1: a Blinded brawler can still Sockem an adjacent enemy."""
    fight = pair(ana={"statuses": {"blinded": 1}, **BRAWLER}, far=False)
    assert offered(fight, "sockem") == {"ana sockem orc"}


def test_thrum_44_blinded_bane_against_non_adjacent_enemies() -> None:
    """THRUM 44: a Blinded character's attacks on enemies in non-adjacent squares have +1 Bane."""
    fight = pair(3, 3, 1, 1, 1, ana={"statuses": {"blinded": 1}})
    fight.apply("ana basic-attack orc")
    fight.apply("orc defend +resilience")
    roll = rolls(fight)[0]
    assert (roll.faces, roll.kept, roll.banes) == ((3, 3, 1), (1, 3), 1)


def test_thrum_44_blinded_no_bane_against_an_adjacent_enemy() -> None:
    """THRUM 44: against an adjacent enemy Blinded adds no Bane (Sockem, not Ranged: 2d6)."""
    fight = pair(3, 3, 1, 1, ana={"statuses": {"blinded": 1}, **BRAWLER}, far=False)
    fight.apply("ana sockem orc")
    fight.apply("orc defend +resilience")
    assert rolls(fight)[0].banes == 0


def test_thrum_44_blinded_bane_is_only_against_enemies() -> None:
    """THRUM 44 (wiki: 'attacks targeting ENEMIES in nonadjacent spaces are at +1 Bane'): an area attack
    rolled per target that catches a non-adjacent ally has no Blinded Bane on that roll."""
    fight = new_fight(
        fighter(
            "ana", "red", (0, 0), statuses={"blinded": 1}, arts={"elementalism": 0}, abilities=["fire-burst"]
        ),
        fighter("bo", "red", (2, 2)),
        fighter("orc", "blue", (5, 5)),
        dice=[4] * 8,
        text=GRID,
        options={"area_attack_roll": "per_target"},
    )
    fight.apply("ana fire-burst @2,2")
    fight.apply("bo defend +resilience")
    roll = rolls(fight)[0]
    assert (roll.what, roll.banes) == ("Fire Burst attack on bo", 0)


def test_thrum_44_burning_deals_fatigue_at_the_end_of_the_turn() -> None:
    """THRUM 44: Burning X: the character takes Fatigue (C4: 1) at the end of its turn, then X ticks."""
    fight = pair(ana={"statuses": {"burning": 2}})
    fight.apply("ana end")
    burn = last(fight, "LoadChanged")
    assert (burn.actor, burn.load, burn.amount, burn.source) == ("ana", "fatigue", 1, "burning")
    assert fighter_state(fight, "ana").statuses == {"burning": 1}


def test_thrum_44_option_unnumbered_deal_sets_the_burn() -> None:
    """THRUM 44 / C4, option unnumbered_deal=2: Burning's unnumbered Fatigue becomes 2."""
    fight = pair(ana={"statuses": {"burning": 2}}, options={"unnumbered_deal": 2})
    fight.apply("ana end")
    assert fighter_state(fight, "ana").fatigue == 2


def test_thrum_44_recover_ends_burning() -> None:
    """THRUM 44, 11: Recover can end Burning (all its stacks) -- no Fatigue at the end of that turn."""
    fight = pair(ana={"statuses": {"burning": 3}})
    assert offered(fight, "recover") == {"ana recover +burning"}
    fight.apply("ana recover +burning")
    fight.apply("ana end")
    ana = fighter_state(fight, "ana")
    assert (ana.statuses, ana.fatigue) == ({}, 0)


def test_thrum_44_any_recover_action_ends_burning() -> None:
    """THRUM 44 (wiki Conditions): 'If they take the Recover action, this status ends' -- whatever the
    Recover was used for; Recover +fatigue lowers Fatigue AND ends Burning."""
    fight = pair(ana={"statuses": {"burning": 2}, "fatigue": 2})
    fight.apply("ana recover +fatigue")
    ana = fighter_state(fight, "ana")
    assert ana.fatigue == 1
    assert "burning" not in ana.statuses


def test_thrum_44_shocked_banes_only_panic_rolls() -> None:
    """THRUM 44: Shocked X gives +1 Bane on Panic Rolls (3d6 keep the lowest two: 2 + 4 = 6 > Stress 3)
    and none on defence (the Shocked orc's Resilience is plain)."""
    fight = pair(
        5, 4, 2, 3, 3, 2, 2, ana={"stress": 3, "statuses": {"shocked": 2}}, orc={"statuses": {"shocked": 1}}
    )
    panic = rolls(fight)[0]
    assert (panic.what, panic.faces, panic.kept, panic.banes, panic.total) == (
        "panic roll",
        (5, 4, 2),
        (2, 4),
        1,
        6,
    )
    fight.apply("ana basic-attack orc")
    fight.apply("orc defend +resilience")
    assert (rolls(fight)[2].actor, rolls(fight)[2].banes) == ("orc", 0)


# --- THRUM 44: Slowed, Hamstrung, Vulnerable, Weakened ------------------------------------------------


def test_thrum_44_slowed_has_two_less_speed() -> None:
    """THRUM 44: Slowed X: -2 Speed (4 -> 2): two squares are reachable, three are not."""
    fight = new_fight(
        fighter("ana", "red", (0, 0), statuses={"slowed": 1}),
        fighter("orc", "blue", (6, 0)),
        dice=[],
        text=". . . . . . .",
    )
    assert offered(fight, "move") == {"ana move @1,0", "ana move @2,0"}
    reason = fight.why_illegal(Action.parse("ana move @3,0"))
    assert reason is not None and "cannot reach @3,0 with 2 squares of movement" in reason


def test_thrum_44_slowed_cannot_use_evasion_against_physical() -> None:
    """THRUM 44: a Slowed character cannot use Evasion: Resilience is declared for it."""
    fight = pair(5, 5, 1, 1, orc={"statuses": {"slowed": 1}})
    fight.apply("ana basic-attack orc")
    declared = last(fight, "DefenseDeclared")
    assert (declared.actor, declared.defense, declared.chosen) == ("orc", "resilience", False)
    assert fighter_state(fight, "orc").fatigue == 2


def test_thrum_44_slowed_cannot_use_evasion_against_mental() -> None:
    """THRUM 44: against a Mental Attack a Slowed character is left with Resolve only."""
    fight = pair(5, 5, 1, 1, ana={"abilities": ["jeer"]}, orc={"statuses": {"slowed": 1}})
    fight.apply("ana jeer orc")
    assert last(fight, "DefenseDeclared").defense == "resolve"
    ability = fight.game.abilities["jeer"]
    assert defenses_open(fight.game, fighter_state(fight, "orc"), ability) == ("resolve",)


def test_thrum_44_c12_slowed_does_not_block_stances_by_default() -> None:
    """THRUM 44 / C12 default: the wiki's Slowed does not forbid stances (the draft's did)."""
    fight = pair(ana={"statuses": {"slowed": 1}})
    assert "ana stance dodge" in offered(fight, "stance")
    fight.apply("ana stance dodge")
    assert fighter_state(fight, "ana").stance == "dodge"


def test_thrum_44_c12_option_slowed_blocks_stances() -> None:
    """C12, option slowed_blocks_stances=True: a Slowed character cannot take a new stance (it may still
    end its turn keeping the current one); an unslowed one can."""
    fight = pair(ana={"statuses": {"slowed": 1}}, options={"slowed_blocks_stances": True})
    assert offered(fight, "stance") == set()
    reason = fight.why_illegal(Action.parse("ana stance dodge"))
    assert reason is not None and "Slowed and cannot take a new stance" in reason
    assert "ana end" in offered(fight)
    fight.apply("ana end")
    assert "orc stance dodge" in offered(fight, "stance")


def test_thrum_44_hamstrung_attacker_becomes_dazed() -> None:
    """THRUM 44: Hamstrung X: making an Attack makes the character Dazed (as the attack is made)."""
    fight = pair(3, 3, 6, 6, ana={"statuses": {"hamstrung": 1}})
    fight.apply("ana basic-attack orc")
    assert fighter_state(fight, "ana").conditions == {"dazed": 0}
    dazed = last(fight, "Afflicted")
    assert (dazed.actor, dazed.status, dazed.reason) == ("ana", "dazed", "attacked while Hamstrung")


def test_thrum_44_hamstrung_non_attack_does_not_daze() -> None:
    """THRUM 44: only an Attack dazes a Hamstrung character; Recover does not."""
    fight = pair(ana={"statuses": {"hamstrung": 1}, "stress": 1})
    fight.apply("ana recover +stress")
    assert fighter_state(fight, "ana").conditions == {}


def test_thrum_44_hamstrung_counter_attack_also_dazes() -> None:
    """THRUM 44: 'If the affected character makes an Attack, they become Dazed' -- a Riposte strike made
    off-turn is an Attack too."""
    fight = new_fight(
        fighter("ana", "red", (0, 0)),
        fighter("orc", "blue", (1, 0), stance="riposte", statuses={"hamstrung": 1}, **DUELIST),
        dice=[],
    )
    fight.apply("ana basic-attack orc")
    fight.apply("orc trigger")
    assert "dazed" in fighter_state(fight, "orc").conditions


def test_thrum_44_vulnerable_adds_x_once_then_ends() -> None:
    """THRUM 44: Vulnerable X: the next Fatigue taken is X more (2 + 2 = 4) and the status ends."""
    fight = pair(5, 5, 1, 1, orc={"statuses": {"vulnerable": 2}})
    fight.apply("ana basic-attack orc")
    fight.apply("orc defend +resilience")
    orc = fighter_state(fight, "orc")
    assert (orc.fatigue, orc.statuses) == (4, {})
    change = last(fight, "LoadChanged")
    assert (change.amount, change.total) == (4, 4)
    spent = [e for e in of(list(fight.events), "Afflicted") if e.status == "vulnerable"]
    assert [(e.stacks, e.reason) for e in spent] == [(0, "adds 2 fatigue")]


def test_thrum_44_vulnerable_applies_to_stress_of_the_same_type() -> None:
    """THRUM 44: Vulnerable adds to Stress when Stress is taken (1 + 1)."""
    fight = pair(5, 5, 1, 1, ana={"abilities": ["jeer"]}, orc={"statuses": {"vulnerable": 1}})
    fight.apply("ana jeer orc")
    fight.apply("orc defend +resolve")
    orc = fighter_state(fight, "orc")
    assert (orc.stress, orc.fatigue, orc.statuses) == (2, 0, {})


def test_thrum_44_vulnerable_ticks_down_unused() -> None:
    """THRUM 43-44: an unused Vulnerable ticks down at the end of its holder's turn like other statuses."""
    fight = pair(orc={"statuses": {"vulnerable": 2}})
    fight.apply("ana end")
    fight.apply("orc end")
    assert fighter_state(fight, "orc").statuses == {"vulnerable": 1}


def test_thrum_44_weakened_banes_offence_only() -> None:
    """THRUM 44: Weakened X: +1 Bane on offensive rolls (3d6, keep the lowest), none on defence."""
    fight = pair(6, 6, 1, 1, 1, 5, 5, 2, 2, ana={"statuses": {"weakened": 2}})
    fight.apply("ana basic-attack orc")
    fight.apply("orc defend +resilience")
    assert (rolls(fight)[0].faces, rolls(fight)[0].banes, rolls(fight)[0].total) == ((6, 6, 1), 1, 7)
    fight.apply("ana end")
    fight.apply("orc basic-attack ana")
    fight.apply("ana defend +resilience")
    assert rolls(fight)[3].banes == 0


# --- THRUM 45: Mark, Dazed, Immobilized -------------------------------------------------------------


def test_thrum_45_mark_does_not_tick() -> None:
    """THRUM 45: Mark X has no effect of its own and does not tick down at the end of turns."""
    fight = pair(ana={"statuses": {"mark": 2}})
    fight.apply("ana end")
    fight.apply("orc end")
    assert fighter_state(fight, "ana").statuses == {"mark": 2}
    assert not [e for e in fight.events if e.kind == "Afflicted"]


def test_thrum_45_mark_is_not_a_status_recover_cannot_end_it() -> None:
    """THRUM 45 (wiki: Mark 'does not count as a status') with THRUM 11 (Recover ends one Status): Recover
    cannot be used to end Mark."""
    fight = pair(ana={"statuses": {"mark": 1}})
    assert not [a for a in offered(fight, "recover") if a.endswith("+mark")]
    fresh = pair(ana={"statuses": {"mark": 1}})
    assert fresh.why_illegal(Action.parse("ana recover +mark")) is not None


def test_thrum_44_recover_text_form_is_legal_after_listing() -> None:
    """THRUM 44, 11: Recover targets Self; its documented form 'ana recover +burning' is legal, and stays
    legal after the legal actions have been listed (a regression: the listing once held only
    'ana recover ana +burning', so the same text was refused after listing)."""
    fight = pair(ana={"statuses": {"burning": 3}})
    assert fight.why_illegal(Action.parse("ana recover +burning")) is None
    fight.legal_actions()
    assert fight.why_illegal(Action.parse("ana recover +burning")) is None


def test_thrum_45_dazed_banes_defence() -> None:
    """THRUM 45: Dazed: +1 Bane on rolls to defend against attacks."""
    fight = pair(2, 2, 6, 6, 1, orc={"conditions": ["dazed"]})
    fight.apply("ana basic-attack orc")
    fight.apply("orc defend +resilience")
    roll = rolls(fight)[1]
    assert (roll.faces, roll.kept, roll.banes, roll.total) == ((6, 6, 1), (1, 6), 1, 7)
    assert fighter_state(fight, "orc").conditions == {"dazed": 0}


def test_thrum_45_dazed_ends_when_an_enemy_deals_fatigue() -> None:
    """THRUM 45: Dazed ends when the character takes Fatigue or Stress from an enemy ability."""
    fight = pair(5, 5, 1, 1, 1, orc={"conditions": ["dazed"]})
    fight.apply("ana basic-attack orc")
    fight.apply("orc defend +resilience")
    assert fighter_state(fight, "orc").conditions == {}
    ended = last(fight, "Afflicted")
    assert (ended.actor, ended.status, ended.stacks, ended.reason) == (
        "orc",
        "dazed",
        0,
        "took fatigue from an enemy",
    )
    assert kinds(fight).index("LoadChanged") < list(fight.events).index(ended)


def test_thrum_45_dazed_stays_on_own_stress_and_does_not_tick() -> None:
    """THRUM 45: Dazed has no duration (it does not tick) and Stress the character takes from its own
    Overexert is not from an enemy: it stays Dazed."""
    fight = pair(1, 1, 6, 6, ana={"arts": {"mesmerism": 0}, "abilities": ["addle"], "conditions": ["dazed"]})
    fight.apply("ana addle orc +overexert")
    fight.apply("orc defend +resolve")
    fight.apply("ana end")
    ana = fighter_state(fight, "ana")
    assert (ana.stress, ana.conditions) == (1, {"dazed": 0})


def test_thrum_45_immobilized_cannot_move_or_dash() -> None:
    """THRUM 45: an Immobilized character cannot move (Move or Dash); other actions remain."""
    fight = pair(ana={"conditions": ["immobilized"]})
    assert offered(fight, "move") == set() and offered(fight, "dash") == set()
    reason = fight.why_illegal(Action.parse("ana move @1,0"))
    assert reason is not None and "Immobilized and cannot move" in reason
    reason = fight.why_illegal(Action.parse("ana dash @1,0"))
    assert reason is not None and "Immobilized and cannot move" in reason
    assert offered(fight, "basic-attack") == {"ana basic-attack orc"}


def snared(*dice: int, **extra: Any) -> Fight:
    """Ana snares the orc (a hit) and ends her turn."""
    fight = pair(*dice, ana={"abilities": ["snare"]}, **extra)
    fight.apply("ana snare orc")
    fight.apply("orc defend +resilience")
    fight.apply("ana end")
    return fight


def test_thrum_45_immobilized_lasts_to_the_end_of_the_next_turn() -> None:
    """THRUM 45 (option immobilized_turns default 1): Immobilized without a duration holds through the
    target's next turn and ends at its end."""
    fight = snared(5, 5, 1, 1)
    assert offered(fight, "move") == set()
    fight.apply("orc end")
    assert fighter_state(fight, "orc").conditions == {}
    fight.apply("ana end")
    assert "orc move @3,0" in offered(fight, "move")


def test_thrum_45_option_immobilized_turns_two() -> None:
    """THRUM 45, option immobilized_turns=2: the same Immobilized lasts two of the target's turns."""
    fight = snared(5, 5, 1, 1, options={"immobilized_turns": 2})
    assert fighter_state(fight, "orc").conditions == {"immobilized": 2}
    fight.apply("orc end")
    fight.apply("ana end")
    assert offered(fight, "move") == set()
    fight.apply("orc end")
    assert fighter_state(fight, "orc").conditions == {}


def test_thrum_45_setup_immobilized_follows_immobilized_turns() -> None:
    """THRUM 45, option immobilized_turns=2: an Immobilized with no stated duration -- including one given in
    the setup's conditions list -- lasts that many turns."""
    fight = pair(ana={"conditions": ["immobilized"]}, options={"immobilized_turns": 2})
    assert fighter_state(fight, "ana").conditions == {"immobilized": 2}


# --- THRUM 46: Stunned ----------------------------------------------------------------------------------


def test_thrum_46_c11_stunned_move_or_act_and_ends_at_end_of_turn() -> None:
    """THRUM 46 / C11: Sockem's Critical Stuns; on its next turn the Stunned orc may Move or Act, not both,
    and Stunned ends at the end of that turn."""
    fight = pair(6, 6, 1, 1, ana=BRAWLER, far=False)
    fight.apply("ana sockem orc")
    fight.apply("orc defend +resilience")
    orc = fighter_state(fight, "orc")
    assert (orc.fatigue, orc.statuses, orc.conditions) == (3, {"slowed": 1}, {"stunned": 1})
    fight.apply("ana end")
    fight.apply("orc move @2,0")
    reason = fight.why_illegal(Action.parse("orc basic-attack ana"))
    assert reason is not None and "Stunned and has moved: it may Move or Act, not both" in reason
    fight.apply("orc end")
    assert (orc.conditions, orc.statuses) == ({}, {})
    assert fight.deciding() == ["ana"]
