"""THRUM rule options: every ruling of the checklist (C1-C16) and the numbers the seed leaves open.

Each field's description names the ruling it implements; ``tactica check`` and docs/systems/thrum.md list
them. The defaults are the rulings of the checklist.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tactica.engine import MAX_ROUNDS


class ThrumOptions(BaseModel):
    """Rule options for THRUM. Defaults follow the rulings in docs/systems/thrum.md."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    ties_to_defender: bool = Field(
        True, description="C1: a contest tie goes to the defender (False: to the attacker)"
    )
    initiative_tie_break: Literal["modifier_pc_random", "random"] = Field(
        "modifier_pc_random",
        description="C2: equal initiative totals: higher Initiative modifier, then PCs, then a die roll"
        " ('random': a die roll only)",
    )
    critical_margin: int = Field(
        5, ge=1, le=12, description="C3 / THRUM 3: a Critical is a total at least this much above the other"
    )
    unnumbered_deal: int = Field(
        1, ge=0, le=5, description="C4: 'deals Fatigue/Stress' without a number adds this much"
    )
    end_of_combat_recovery: Literal["tolerance_above_zero", "all"] = Field(
        "tolerance_above_zero",
        description="C5: at the end of combat incapacitated PCs recover unless their Fatigue Tolerance is 0"
        " ('all': every incapacitated PC recovers)",
    )
    double_reduction_on_own_turn: bool = Field(
        True,
        description="C6: a character incapacitated by its own post-action roll loses FT/FL on becoming"
        " incapacitated and again at the end of that turn",
    )
    incapacitated_end_order: Literal["recover_first", "wound_first"] = Field(
        "recover_first",
        description="C7 / THRUM 40: at the end of an incapacitated turn, FL 0 ends incapacity before a Wound"
        " is checked ('wound_first': the Wound at FT 0 is checked first)",
    )
    fall_dazed: bool = Field(
        True,
        description="C8: a failed descent roll with the movement already spent applies Dazed (a condition"
        " without stacks); False: only Slowed",
    )
    descent_ties_to_environment: bool = Field(
        True, description="C9: the descent roll must beat the environment's 2d6 + difference"
    )
    character_cover_height: int = Field(
        2,
        ge=0,
        le=10,
        description="C10: a character used as cover counts as terrain this high above its square",
    )
    stunned: Literal["move_or_act", "lose_turn"] = Field(
        "move_or_act",
        description="C11: a Stunned character may Move or Act on its turn, not both, and the status ends at"
        " the"
        " end of that turn (the draft's text); 'lose_turn': it can do neither",
    )
    basic_attack_ranged: bool = Field(
        True, description="C12: Basic Attack has the Ranged tag (the wiki; the draft had no tag)"
    )
    slowed_blocks_stances: bool = Field(
        False, description="C12: Slowed also forbids taking a new Stance (the draft; the wiki does not)"
    )
    tolerance_base: Literal["wiki", "draft"] = Field(
        "wiki",
        description="C12 / THRUM 33: Fatigue Tolerance 3 + END and Stress Tolerance 2 + FOC (the wiki);"
        " 'draft': 10 + END and 10 + FOC",
    )
    disoriented_blocked_step: Literal["lost", "stay_intended"] = Field(
        "lost",
        description="C13: a Disoriented step redirected into a wall, an enemy or off the map is lost"
        " ('stay_intended': the character moves as intended instead)",
    )
    default_speed: int = Field(
        4, ge=0, le=20, description="C15: Speed of a character that does not state one"
    )
    area_in_range: Literal["any_square", "every_square"] = Field(
        "any_square",
        description="C14: an Area or Line is legal when at least one of its squares is within range"
        " ('every_square': all of them must be)",
    )
    dash_after_move: bool = Field(
        True, description="C16: Dash may be taken after moving (the action itself says the character moves)"
    )
    area_attack_roll: Literal["once", "per_target"] = Field(
        "once",
        description="THRUM 16/21: an Area attack is rolled once against every defender ('per_target': one"
        " attack roll per defender)",
    )
    vulnerable_after_effect: bool = Field(
        True,
        description="THRUM 24: a failed Evasion takes the effect first, then +1 Vulnerable (False: Vulnerable"
        " first, so it adds to this very effect)",
    )
    immobilized_turns: int = Field(
        1,
        ge=1,
        le=10,
        description="THRUM 45: Immobilized without a stated duration lasts to the end of the character's next"
        " turn (this many turns)",
    )
    panic_while_incapacitated: bool = Field(
        True,
        description="C17 / THRUM 35: a character Frayed at the start of its turn makes its Panic Roll, also"
        " while incapacitated (False: an incapacitated character makes none)",
    )
    round_zero: bool = Field(
        True, description="THRUM 6: Round Zero (placement in the Starting Area and a first Stance) is played"
    )
    max_rounds: int = Field(
        100,
        ge=1,
        le=MAX_ROUNDS,
        description="A fight still going after this many rounds is cut off (no winner)",
    )
