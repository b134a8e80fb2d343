"""FuturePath stat sheets: weapons and characters as validated data (inline or by name from content files)."""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tactica.dice import DiceExpr, parse

#: Rule 24: weapon level -> damage dice (L7 and L8 by ruling, the Advantage-die ladder).
DAMAGE_LADDER = ("1d2", "1d4", "1d6", "1d8", "1d10", "1d12", "2d8", "2d10", "2d12")
SKILLS = ("acrobatics", "treat_injury", "perception", "disable_device", "diplomacy", "intimidation")
FEATS = ("akimbo-specialist", "niten-ichi", "gun-fu")
Cost = Literal["free", "simple", "standard", "full"]
#: The abilities whose field names differ from their names (``str`` and ``int`` are Python's).
FIELD_OF = {"str": "str_", "int": "int_"}


def modifier(score: int) -> int:
    """Ability modifier of a score (10-11 -> 0, 12-13 -> +1, 8-9 -> -1)."""
    return (score - 10) // 2


@cache
def _parsed(text: str) -> DiceExpr:
    """Dice text parsed once (a weapon's damage is read at every hit)."""
    return parse(text)


class Weapon(BaseModel):
    """A weapon or grenade as the seed describes it: level, accuracy bonus, critical range, range, ammo."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(pattern=r"^[a-z0-9][a-z0-9_\-]*$")
    kind: Literal["melee", "ranged", "grenade"]
    level: int = Field(1, ge=0, le=8, description="Rule 24: damage dice by level (0 = 1d2 ... 8 = 2d12)")
    damage: str | None = Field(None, description="damage dice overriding the level ladder, e.g. '2d6'")
    accuracy: int = Field(0, description="Weapon Accuracy Bonus (rule 22)")
    bonus_damage: int = 0
    crit_range: int = Field(20, ge=2, le=20, description="lowest natural d20 that is a critical (20, 19, 18)")
    crit_multiplier: int = Field(2, ge=2, le=5)
    range_ft: int | None = Field(None, ge=5, description="range increment of a ranged weapon, in feet")
    reach_ft: int = Field(0, ge=0, description="reach beyond the 5-ft Threat Range (melee)")
    ammo: int | None = Field(None, ge=1, description="Ammunition capacity (ranged); None = unlimited")
    reload: Cost | None = Field(None, description="Reload Speed; None = the rule option default_reload")
    versatile: bool = False
    ap: bool = Field(False, description="armour piercing: may fire through Full cover (rule 43)")
    radius_ft: int = Field(5, ge=0, description="grenade: blast radius in feet (0 = the target square only)")
    effect: Literal["damage", "smoke"] = "damage"
    duration: int = Field(3, ge=1, description="smoke grenade: rounds the cloud lasts")

    @model_validator(mode="after")
    def _check(self) -> Weapon:
        if self.damage is not None:
            parse(self.damage)
        if self.kind == "ranged" and self.range_ft is None:
            raise ValueError(f"ranged weapon '{self.name}' needs range_ft (its range increment in feet)")
        return self

    @property
    def dice(self) -> DiceExpr:
        """Damage dice: the override, or the level ladder (rule 24); parsed once per text (a cache on the
        weapon itself would outlive ``model_copy(update=...)``)."""
        return _parsed(self.damage or DAMAGE_LADDER[self.level])

    @property
    def weight(self) -> Literal["light", "medium", "heavy"]:
        """Rule 33: levels 0-2 are Light, 3-5 Medium, 6+ Heavy."""
        return "light" if self.level <= 2 else "medium" if self.level <= 5 else "heavy"

    @property
    def is_melee(self) -> bool:
        """True for melee weapons."""
        return self.kind == "melee"


class Character(BaseModel):
    """A FuturePath combatant's sheet (the static part; hit points and position live in the state)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = ""
    str_: int = Field(10, alias="str", ge=0, le=40)
    dex: int = Field(10, ge=0, le=40)
    con: int = Field(10, ge=1, le=40)
    int_: int = Field(10, alias="int", ge=0, le=40)
    wis: int = Field(10, ge=0, le=40)
    cha: int = Field(10, ge=0, le=40)
    hp: int = Field(10, ge=1)
    ac: int = Field(10, ge=0)
    speed_ft: int = Field(30, ge=0)
    initiative_misc: int = 0
    advantage_die: Literal[0, 2, 4, 6, 8, 10, 12] = Field(
        4, description="sides of the Advantage die; 0 = none (each net die is a flat +/-1)"
    )
    proficient: list[str] = Field(default_factory=lambda: ["all"], description="weapon names or 'all'")
    extra_attacks: int = Field(0, ge=0, le=5)
    extra_damage: int = Field(0, ge=0, le=5)
    skills: dict[str, int] = Field(default_factory=dict, description="ranks: " + ", ".join(SKILLS))
    feats: list[str] = Field(
        default_factory=list, description="feats with rules in the seed: " + ", ".join(FEATS)
    )
    medkit: bool = False
    cto: int | None = Field(None, description="Combat Technique Offence (default STR modifier)")
    ctd: int | None = Field(None, description="Combat Technique Defence (default 10 + STR modifier)")

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @model_validator(mode="after")
    def _check(self) -> Character:
        for skill in self.skills:
            if skill not in SKILLS:
                raise ValueError(f"unknown skill '{skill}'; valid skills: {', '.join(SKILLS)}")
        for feat in self.feats:
            if feat not in FEATS:
                raise ValueError(f"unknown feat '{feat}'; feats with rules here: {', '.join(FEATS)}")
        return self

    def mod(self, ability: str) -> int:
        """Modifier of an ability ('str', 'dex', 'con', 'int', 'wis', 'cha')."""
        return modifier(getattr(self, FIELD_OF.get(ability, ability)))

    def is_proficient(self, weapon: Weapon) -> bool:
        """Proficient with the weapon (rule 33 requires it for off-hand use)."""
        return "all" in self.proficient or weapon.name in self.proficient or weapon.kind in self.proficient

    def skill(self, name: str) -> int:
        """Ranks in a skill (0 when untrained)."""
        return self.skills.get(name, 0)

    @property
    def technique_offence(self) -> int:
        """CTO (Techniques page: d20 + CTO vs CTD)."""
        return self.mod("str") if self.cto is None else self.cto

    @property
    def technique_defence(self) -> int:
        """CTD."""
        return 10 + self.mod("str") if self.ctd is None else self.ctd
