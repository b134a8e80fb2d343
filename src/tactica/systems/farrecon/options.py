"""Far Recon rule options: every ruling of the checklist (D1-D13), every [res] reading of the rules and the
numbers the seed leaves to the GM.

Each field's description names the ruling or rule it implements; docs/systems/farrecon.md lists them. The
defaults are the rulings of the checklist.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tactica.engine import MAX_ROUNDS


class FarReconOptions(BaseModel):
    """Rule options for Far Recon. Defaults follow the rulings in docs/systems/farrecon.md."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    # -- dice (rules 1-4) ---------------------------------------------------------------------------
    fudge_dice: Literal[4, 6] = Field(
        4, description="D4 / Far Recon 1: every roll is 4dF + skill (6: the manual sandbox's 6dF)"
    )
    double_critical: Literal["compare", "defender"] = Field(
        "compare",
        description="D7 / Far Recon 3: when both sides of an opposed roll roll a critical success the totals"
        " are compared as usual ('defender': the defender wins)",
    )
    double_critical_extra: Literal["cancel", "keep"] = Field(
        "cancel",
        description="D7 / Far Recon 3: when both sides roll a critical success the two cancel: the winner on"
        " the totals gets no critical extra ('keep': the attacker's critical still adds its extra)",
    )
    critical_min_margin: int = Field(
        1,
        ge=0,
        le=10,
        description="D6: a critical success that does not beat the defence numerically hits with this margin",
    )
    critical_extra: Literal["panic_in_melee", "extra_tier", "none"] = Field(
        "panic_in_melee",
        description="Far Recon 3: the GM-defined extra of a critical success: a melee hit panics the defender"
        " (on its next turn it can only move or end it), any other hit one more tier of damage, Medicine"
        " double healing ('extra_tier': one more tier for every attack; 'none': no extra)",
    )
    critical_complications: bool = Field(
        True,
        description="Far Recon 4: a critical failure adds a complication (melee: the attacker hurts itself;"
        " firearm: it jams; grenade: it falls short; defence: the defender staggers)",
    )
    # -- initiative and turns (rules 5-9) -------------------------------------------------------------
    simultaneous: Literal["together", "serialize"] = Field(
        "together",
        description="D11 / Far Recon 5-6: tied characters' results apply together, only conflicting actions"
        " are ordered by 1dN ('serialize': every tied action is resolved separately in 1dN order)",
    )
    default_speed: int = Field(
        6,
        ge=1,
        le=30,
        description="Far Recon 9: squares a character moves in a turn when its sheet says none",
    )
    moves_per_turn: int = Field(
        1,
        ge=0,
        le=5,
        description="Far Recon 9: the free moves a turn allows (the GM's limit on free actions); each spends"
        " Speed left",
    )
    # -- attacks (rules 10-16) ----------------------------------------------------------------------
    combat_ties: Literal["defender", "active"] = Field(
        "defender",
        description="D5 / Far Recon 13: a tie in combat goes to the defender ('active': to the attacker, as"
        " the manual's out-of-combat example does)",
    )
    attack_targets: Literal["any", "enemies"] = Field(
        "any",
        description="Far Recon 9-10 (seed l.21 'Attacking'): an attack may aim at any character in the fight,"
        " an ally included ('enemies': only at another side's characters)",
    )
    treat_targets: Literal["any", "allies"] = Field(
        "any",
        description="Far Recon 9 (seed l.23 'Using Medicine to treat a wounded character'): any wounded"
        " character, an enemy included ('allies': its own side only, itself included)",
    )
    dodges_per_round: int = Field(
        1,
        ge=0,
        le=10,
        description="Far Recon 11: dodges a character may make per round (a sheet's 'dodges' overrides it,"
        " Far Recon 16)",
    )
    dodge_reset: Literal["round", "own_turn"] = Field(
        "round",
        description="D9: the dodge allowance comes back at each new round, one full pass of the initiative"
        " order ('own_turn': at the start of the character's own turn)",
    )
    confined_open_neighbours: int = Field(
        2,
        ge=0,
        le=8,
        description="Far Recon 11: a square with at most this many open neighbouring squares is a confined"
        " space (no dodging there)",
    )
    damage_tiers: Literal["ceil", "meet_or_beat"] = Field(
        "ceil",
        description="D1 / Far Recon 12: damage = Base Damage x ceil(margin / DI) with exact fractions"
        " ('meet_or_beat': x (floor(margin / DI) + 1), the seed's '3, 5, 8' reading)",
    )
    touch_dodge_tie: Literal["through", "connect"] = Field(
        "through",
        description="Far Recon 13: a touch attack that ties the dodge wins the tie: the dodge fails and"
        " Physical Defense follows ('connect': it connects at once, as on a tied PDef roll, no PDef roll)",
    )
    touch_tie_tiers: int = Field(
        1,
        ge=0,
        le=5,
        description="D8: a touch attack that ties the Physical Defense roll connects with this many tiers of"
        " damage (and its touch effect)",
    )
    cover_modifier: int = Field(
        1,
        ge=0,
        le=5,
        description="Far Recon 1 (situational modifiers): per level of cover (partial 1, heavy 2), a bonus to"
        " the dodge and Physical Defense rolls against ranged and thrown attacks",
    )
    helpless_defense: int = Field(
        0,
        ge=-10,
        le=10,
        description="Far Recon 17: an unconscious (helpless) defender makes no roll; its defence total is"
        " this",
    )
    # -- explosives and throwing (rules 14-15) --------------------------------------------------------
    range_increment_unit: Literal["ft", "m"] = Field(
        "ft",
        description="D2: explosives' range increments are in feet, like the map (m: read them as metres)",
    )
    blast_increments: Literal["floor", "ceil"] = Field(
        "floor",
        description="Far Recon 14 [res]: range increments from ground zero = floor(distance / RI)"
        " ('ceil': every started increment counts)",
    )
    explosive_damage: Literal["margin_tiers", "subtract"] = Field(
        "margin_tiers",
        description="D3: the effective damage E is the attacker's total against the PDef roll: damage ="
        " 2 x ceil((E - PDef) / 2) ('subtract': damage = E - PDef total)",
    )
    cover_increments: int = Field(
        1,
        ge=0,
        le=5,
        description="Far Recon 14: per level of cover between ground zero and a character (partial 1, heavy"
        " 2), this many range increments are added",
    )
    throw_skill: Literal["situation", "better"] = Field(
        "situation",
        description="Far Recon 15: thrown attacks use the weapon's skill (Agility for precision, Strength for"
        " heavy objects), Strength beyond long_throw ('better': the better of the two)",
    )
    long_throw: int = Field(
        4, ge=1, le=50, description="Far Recon 15: a throw farther than this many squares is a long throw"
    )
    throw_dc_squares: int = Field(
        3,
        ge=1,
        le=50,
        description="Far Recon 2, 15: a throw at a square is a Difficulty Check of ceil(distance / this)",
    )
    # -- Body, Mind and care (rules 17-21) ----------------------------------------------------------
    body_roll: Literal["sheet", "base_body"] = Field(
        "sheet",
        description="D10: the dying Body roll is 4dF + the sheet's Body roll modifier against DC ="
        " |health| ('base_body': + the base Body points)",
    )
    default_pdef: int = Field(
        0, ge=-5, le=10, description="D12: Physical Defense of a sheet that states none (an input per sheet)"
    )
    wake_count: Literal["after", "on"] = Field(
        "after",
        description="Far Recon 18: a wake-up roll of 1d4 = k: k turns pass unconscious and it wakes at the"
        " start of the next one ('on': it wakes at the start of its k-th turn, so 1 is its next turn)",
    )
    wake_delay: Literal["dying_only", "always"] = Field(
        "dying_only",
        description="D13: healed above 0 from dying, a character wakes after 1d4 turns; otherwise on its"
        " next turn ('always': 1d4 turns whenever it was unconscious)",
    )
    treat_dc: int = Field(
        1, ge=-5, le=10, description="Far Recon 2, 9: the Difficulty Check of treating a wound (Medicine)"
    )
    treat_heal: int = Field(3, ge=1, le=20, description="Body points a successful treatment restores")
    aspect_bonus: int = Field(
        2, ge=0, le=10, description="Far Recon 21: tagging an aspect adds this to a roll for 1 Action Point"
    )
    action_points: int = Field(
        3, ge=0, le=10, description="Far Recon 21: Action Points a character starts a run with"
    )
    delay_after_move: bool = Field(
        False,
        description="Far Recon 8: a character delays before moving or acting (True: also after moving, as"
        " moving does not use up the turn, rule 9)",
    )
    max_rounds: int = Field(
        100,
        ge=1,
        le=MAX_ROUNDS,
        description="A fight still going after this many rounds is cut off (no winner)",
    )
