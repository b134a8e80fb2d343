"""Star Rangers rule options: every ruling of the checklist (B1-B12) and the few numbers the seed leaves open.

Each field's description names the ruling or rule it implements; docs/systems/srb.md lists them with their
defaults. The defaults are the rulings of the checklist.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tactica.engine import MAX_ROUNDS


class StarRangersOptions(BaseModel):
    """Rule options for Star Rangers. Defaults follow the rulings in docs/systems/srb.md."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    surprise_budget: Literal["action_and_free", "one_action"] = Field(
        "action_and_free",
        description="B1: in the surprise round an aware combatant takes one standard or move action and one"
        " free action (the Surprise section); 'one_action': a single standard, move or free action (step 1)",
    )
    fumble_die: Literal[20, 21] = Field(
        20,
        description="B2: the critical-failure table is rolled on a d20, so entry 21 needs a modifier; 21:"
        " a 21-sided die makes every entry of the table reachable",
    )
    fumble_modifier: int = Field(
        0,
        ge=-20,
        le=20,
        description="B2: added to the critical-failure roll (the only way to reach entry 21 on a d20);"
        " totals above 21 count as 21, below 1 as 1",
    )
    critical_confirm: bool = Field(
        True,
        description="B3: a natural 20 is a threat confirmed by a second attack roll against the same Defense"
        " (False: every natural 20 is a critical hit)",
    )
    critical_multiplier: int = Field(
        2, ge=1, le=4, description="B3: a critical hit rolls the damage dice this many times"
    )
    range_penalty: Literal["floor", "ceil_minus_one"] = Field(
        "floor",
        description="B4: -2 per full range increment, -2 x floor(distance / increment) (exactly one increment"
        " is -2); 'ceil_minus_one': the 3.5-style -2 x (ceil(distance / increment) - 1)",
    )
    knockback_dc: Literal["str_check", "fixed"] = Field(
        "str_check",
        description="B5 / rule 13: the attacker's STR check total is the DC of the target's Fortitude save"
        " against Heavy melee knockback ('fixed': no STR roll, DC 10 + the attacker's STR modifier)",
    )
    action_durations: Literal["owner_actions", "rounds"] = Field(
        "owner_actions",
        description="B6: durations given in actions (misfire penalties, 'off target', power cooldowns) count"
        " the owner's actions; 'rounds': they count rounds, ending just before the initiative count they"
        " began on (rule 9)",
    )
    full_round_free_action: bool = Field(
        False,
        description="B7: the unfinished 'a full round action counts as' is ignored: a full-round action is"
        " the whole turn (True: it counts as the standard and the move action, leaving the free action)",
    )
    refill_draw: Literal["once", "per_two_rounds"] = Field(
        "once",
        description="B8: refilling a magazine draws the rounds once (a move action, free with Quick Draw),"
        " then inserts 2 rounds per move action; 'per_two_rounds': every 2 rounds are drawn and inserted"
        " anew (the literal '2/move action')",
    )
    flat_footed_defense: Literal["no_dex_bonus", "normal"] = Field(
        "no_dex_bonus",
        description="B9: a flat-footed defender loses its Dexterity bonus (and dodge bonuses) to Defense, as"
        " in d20 Modern ('normal': being flat-footed changes nothing)",
    )
    off_target: Literal["no_attacks", "penalty"] = Field(
        "no_attacks",
        description="B9: 'off target for the next 2 actions' (critical failure 7): no attacks during them"
        " ('penalty': attacks at -4 during them)",
    )
    reroll_initiative: bool = Field(
        False,
        description="B10: only the regular-round step repeats, the order stays (rule 8); True: the reading"
        " where step 3 repeats too and everyone rolls initiative anew each round",
    )
    size_boundary: Literal["larger", "smaller"] = Field(
        "larger",
        description="B11 / rule 21: a length exactly on a size boundary takes the larger category"
        " ('smaller': the smaller one)",
    )
    free_actions: Literal["one", "unlimited"] = Field(
        "one",
        description="B12: one free action a turn (plus standard or move actions spent as free ones);"
        " 'unlimited': d20-style unlimited free actions",
    )
    flat_footed_until: Literal["regular_rounds", "first_turn"] = Field(
        "regular_rounds",
        description="Rule 4: the unaware are flat-footed until the regular rounds start ('first_turn': until"
        " their own first turn, as step 1's 'during the first round' may be read)",
    )
    strength_damage: Literal["none", "melee_and_thrown"] = Field(
        "none",
        description="Issue 14: the seed gives Strength to melee attack rolls only (l.126, l.130) and Heavy"
        " melee '+2 damage' (l.82), so no STR on damage; 'melee_and_thrown': d20 Modern's STR modifier on"
        " melee and thrown damage (the engine before issue 14)",
    )
    heavy_random_attack: Literal["plus_two", "plain"] = Field(
        "plus_two",
        description="Issue 14: a fumbled Heavy melee whose critical failure is a random attack (9) keeps its"
        " '+2 damage' (l.82): the table changes the target and halves the attack bonus (l.233), nothing"
        " else; 'plain': the random attack deals the weapon's damage only (the engine before issue 14)",
    )
    max_rounds: int = Field(
        100,
        ge=1,
        le=MAX_ROUNDS,
        description="A fight still going after this many rounds is cut off (no winner)",
    )
