"""Phase 3d6 rule options: every ruling of the checklist (E1-E14) and the numbers the seed leaves open.

Each field's description names the ruling it implements; docs/systems/phase3d6.md lists them with defaults.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tactica.engine import MAX_ROUNDS


class Phase3d6Options(BaseModel):
    """Rule options for Phase 3d6. Defaults follow the rulings in docs/systems/phase3d6.md."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    hero_stunned: bool = Field(
        False,
        description="E1: HERO 6E Stunned: STUN damage above CON Stuns (half DCV, a full Phase to recover);"
        " off by default, as the seed does not define Stunned",
    )
    hit_on_equal: bool = Field(True, description="E2: an attack hits when 3d6 + OCV meets or beats 10 + DCV")
    auto_hit_miss: bool = Field(
        False, description="Rule 6: HERO's '3 always hits, 18 always misses' (not assumed by default)"
    )
    aoo_limit_per: Literal["phase", "turn"] = Field(
        "phase", description="E3: the seed's 'round' is a Phase: one attack of opportunity per Phase"
    )
    dodge_blocks_aoo: Literal["until_next_phase", "this_phase"] = Field(
        "until_next_phase",
        description="E4: after a Dodge no attacks of opportunity until the start of the dodger's next Phase"
        " ('this_phase': until the end of the Phase it dodged in)",
    )
    bonus_floor_zero: bool = Field(
        True,
        description="E5: with several manoeuvres in a Phase the worst bonus is min over max(0, bonus): a"
        " manoeuvre with no bonus makes it 0",
    )
    aoo_skill_negates: Literal["acrobatics", "never"] = Field(
        "acrobatics",
        description="E6: 'skill check negates': the provoking character rolls 3d6 against its Acrobatics"
        " (if it has it); success means no attack of opportunity",
    )
    two_half_moves: bool = Field(
        True,
        description="E7: two half moves in a Phase are allowed (not a full-Phase action); each provokes on"
        " its"
        " own, but one opponent gets one opportunity per Phase from leaving hexes",
    )
    step_with_moving_full_phase: bool = Field(
        False,
        description="E8: a 1-hex step may go with a full-Phase action only if that action moves no hexes",
    )
    withdraw_provokes: Literal["never", "after_first_hex", "every_hex"] = Field(
        "never",
        description="E9: Withdraw (full-Phase, the whole combat movement) provokes no attack of opportunity"
        " (seed l.75 'Withdraw from combat | No'); 'after_first_hex': leaving its later hexes provokes (the"
        " d20 SRD's withdraw); 'every_hex': it provokes like any move",
    )
    abort_after_delay: Literal["delayed_action", "next_phase"] = Field(
        "delayed_action",
        description="Rule 21: an Abort by a character that delayed to a later place in this Phase gives up"
        " that delayed action (seed l.102 'before your initiative value comes up ... giving up your next"
        " Action'); 'next_phase': the next Phase's action, as after acting",
    )
    post_turn_recovery: bool = Field(
        True, description="E10: in the Post-Turn everyone not flagged 'no_recovery' Takes a Recovery"
    )
    ready_moves_initiative: bool = Field(
        True,
        description="E11 / rule 20: a readied action puts its user's initiative immediately ahead of the"
        " character that triggered it, for the rest of combat",
    )
    surprise_dcv_penalty: int = Field(3, ge=0, le=10, description="E12 / rule 4: DCV penalty of the unaware")
    surprise_penalty_ends: Literal["end_of_surprise_phase", "first_own_phase"] = Field(
        "end_of_surprise_phase",
        description="E12: the unaware's DCV penalty ends when Phase 1 starts ('first_own_phase': when they"
        " first act)",
    )
    tie_break: Literal["once", "every_phase"] = Field(
        "once", description="E13: equal initiative scores are ordered by a random roll once, at the start"
    )
    initiative_roll: bool = Field(
        False, description="E14: no initiative roll (score = CV + Lightning Reflexes); True adds 3d6"
    )
    max_rounds: int = Field(
        50,
        ge=1,
        le=MAX_ROUNDS,
        description="A fight still going after this many Turns (4 Phases each) is cut off (no winner)",
    )
