"""FuturePath rule options: every ruling of the checklist (A1-A20) and every tunable number, with defaults.

Each field's description names the ruling it implements; ``tactica check`` and the docs list them.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from tactica.dice import DiceError, parse
from tactica.engine import MAX_ROUNDS


class FuturePathOptions(BaseModel):
    """Rule options for FuturePath. Defaults follow the rulings in docs/systems/futurepath.md."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    sprint_multiplier: int = Field(3, ge=1, le=6, description="A1: Sprint moves up to this many times Speed")
    prone_is_free: bool = Field(
        True, description="A2: dropping prone is a Free action (sitting/kneeling: Simple)"
    )
    free_action_accounting: Literal["tiered", "cumulative"] = Field(
        "tiered",
        description="A3: tiered = 2 frees take the Simple, 3 the Standard (Simple usable again), 4 the turn;"
        " cumulative = 2 take the Simple, 3 also the Standard, 4 the turn",
    )
    technique_full_round: bool = Field(True, description="A4: a Combat Technique is a Full-Round action")
    default_reload: Literal["free", "simple", "standard", "full"] = Field(
        "standard", description="A5: reload cost when a weapon does not name its Reload Speed"
    )
    accuracy_bonus_always: bool = Field(
        True,
        description="A6: add the Weapon Accuracy Bonus to melee and ranged (false: to neither, as the"
        " melee and ranged formulas read)",
    )
    critical_auto_hit: bool = Field(True, description="A7: a natural roll in the critical range always hits")
    critical_multiplies_flat: bool = Field(False, description="A7: multiply flat damage (STR, bonus) too")
    critical_failure_natural: int = Field(
        1, ge=0, le=20, description="A8: natural roll that is a critical failure"
    )
    tactical_opportunity: bool = Field(
        True,
        description="A9: leaving an enemy's Threat Range gives it one melee attack (Tactical Opportunity)",
    )
    opportunities_per_round: int = Field(
        1, ge=0, le=10, description="A9: Tactical Opportunities per enemy per round"
    )
    extra_damage_adds_str: bool = Field(True, description="A10: Extra Damage rolls add STR for melee")
    weak_strength_blocks: Literal["objects", "all"] = Field(
        "objects", description="A11: STR 3 or less stops moving objects (or, 'all', any movement)"
    )
    coup_de_grace_dice: Literal["disadvantage", "advantage"] = Field(
        "disadvantage",
        description="A12: each attacker Extra Attack/Damage is this kind of die on the CON save",
    )
    instant_death_below_negative_con: bool = Field(
        True, description="A13: HP below -CON score is instant death"
    )
    stabilize_dc: int = Field(15, ge=1, le=40, description="A14: Treat Injury DC to stabilize")
    stabilize_sets_hp: int = Field(
        1, ge=1, le=10, description="A14: HP of a stabilized character (set, not added)"
    )
    grenade_timing: Literal["target_team_turn_end", "thrower_next_enemy_turn_end"] = Field(
        "target_team_turn_end", description="A15: whose turn end detonates an uncooked grenade"
    )
    scatter_extreme_ft: int = Field(10, ge=5, le=30, description="A16: scatter for a 1 or a 10 on the d10")
    blast_damage_roll: Literal["one_for_all", "per_creature"] = Field(
        "one_for_all",
        description="Rules 34, 42 (seed silent): one damage roll for all caught by a blast, or one each",
    )
    range_penalty: Literal["ceil_minus_one", "floor"] = Field(
        "ceil_minus_one",
        description="A17: disadvantages = max(0, ceil(d/increment) - 1), or floor(d/increment)",
    )
    difficult_terrain: Literal["per_square", "whole_move", "minus_10ft"] = Field(
        "per_square",
        description="A18: per_square = each difficult square costs 2; whole_move = a move entering difficult"
        " terrain has half its allowance; minus_10ft = it has its allowance less 10 ft (rule 15, the GM's"
        " alternative for uneven ground)",
    )
    critical_check_multiplier: Literal["current", "base"] = Field(
        "current",
        description="A19: a successful critical check uses the current (possibly exploded) multiplier",
    )
    five_foot_step_provokes: bool = Field(
        True, description="A20: a 5-foot step out of a Threat Range provokes"
    )
    max_advantage_dice: int = Field(
        3, ge=0, le=6, description="Rule 27: at most this many net advantage dice"
    )
    proficiency_advantage: bool = Field(
        True, description="Rule 27/33: proficiency gives 1 advantage on accuracy"
    )
    acrobatics_dc: int = Field(15, ge=1, le=40, description="Rule 16: Acrobatics DC in difficult terrain")
    cooking_dc: int = Field(25, ge=1, le=40, description="Rule 34: Wisdom check DC to cook a grenade")
    critical_multiplier_cap: int = Field(5, ge=2, le=10, description="Rule 31: critical multiplier cap")
    critical_check_natural: int = Field(
        19, ge=2, le=20, description="Rule 31: a critical check explodes from this"
    )
    full_cover_connect: int = Field(
        6, ge=1, le=10, description="Rule 43: d10 at least this connects through cover"
    )
    trap_notice_range: int = Field(
        2, ge=0, le=20, description="Rule 42: squares within which passive Perception works"
    )
    trap_fail_margin: int = Field(5, ge=0, le=20, description="Rule 42: failing by more than this detonates")
    stabilize_grace_above: int = Field(
        10, ge=0, le=40, description="Rule 40: a failed check above this skips one loss"
    )
    hit_on_equal: bool = Field(
        True, description="Rule 21: an Accuracy Value equal to AC hits (false: it must beat AC)"
    )
    level_7_damage: str = Field("2d10", description="Rule 24: damage dice of a level 7 weapon")
    level_8_damage: str = Field("2d12", description="Rule 24: damage dice of a level 8 weapon")
    off_hand_advantage: Literal["discarded", "capped"] = Field(
        "discarded",
        description="Rule 33: discarded = off-hand attacks gain no advantage dice and every disadvantage"
        " applies; capped = advantages still cancel disadvantages, only a net advantage is lost",
    )
    throw_floor_ft: int = Field(
        5, ge=0, le=30, description="Rule 34: the shortest maximum throw, whatever STR and DEX (0: none)"
    )
    trip_after: Literal["half_down", "half_up"] = Field(
        "half_down",
        description="Rule 16: a failed Acrobatics check trips the character after half the planned"
        " squares, rounded down or up",
    )
    step_after_move: Literal["never", "within_speed"] = Field(
        "never",
        description="Rules 12, 20: never = no 5-foot step after moving this turn; within_speed = a step"
        " may follow a move if the turn's squares stay within Speed",
    )
    max_rounds: int = Field(
        100, ge=1, le=MAX_ROUNDS, description="A fight still going after this round is cut off (no winner)"
    )

    @field_validator("level_7_damage", "level_8_damage")
    @classmethod
    def _dice(cls, text: str) -> str:
        try:
            parse(text)
        except DiceError as error:
            raise ValueError(f"'{text}' is not dice notation (e.g. 2d10): {error}") from error
        return text
