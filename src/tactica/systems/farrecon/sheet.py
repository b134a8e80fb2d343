"""Far Recon sheets: weapons (Base Damage and Damage Increment; explosives' blast stats) and characters
(skills, base Body and Mind, Speed, weapons, aspects)."""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from tactica.files import brief
from tactica.systems.farrecon.options import FarReconOptions

#: Skills a sheet may list; a missing skill is 0 (Physical Defense: option default_pdef).
SKILLS = ("agility", "strength", "melee", "firearms", "medicine", "pdef", "body", "will")


class Weapon(BaseModel):
    """A weapon or throwable item.

    ``kind``: 'melee' (adjacent, skill melee), 'ranged' (skill firearms, up to ``range`` squares in line of
    sight), 'thrown' (a thrown weapon against a character, Far Recon 15) or 'explosive' (thrown at a square,
    Far Recon 14). Damage: ``base_damage`` per increment of ``di`` (Far Recon 12; fractions allowed, '2.5').
    Explosives: ``blast`` (Base Damage at ground zero), ``ri_ft`` (range increment) and ``falloff`` (Blast
    Falloff per increment); their ``di`` is 2 unless stated. ``skill`` is the throwing skill of thrown
    weapons and explosives: 'agility' (precision) or 'strength' (heavy). ``touch``: a touch attack (wins
    ties, Far Recon 13) with ``effect`` 'stun' (the target loses its next turn) or none. ``harms``: 'mind'
    for an attack on Mind, resisted with Will instead of Physical Defense (Far Recon 20).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    title: str = ""
    kind: Literal["melee", "ranged", "thrown", "explosive"]
    base_damage: int = Field(2, ge=0, le=50)
    di: Fraction = Field(Fraction(2))
    range: int = Field(1, ge=1, le=100)
    skill: Literal["agility", "strength", "melee", "firearms", "will"] | None = None
    touch: bool = False
    effect: Literal["stun"] | None = None
    dodgeable: bool = True
    harms: Literal["body", "mind"] = "body"
    blast: int = Field(0, ge=0, le=100)
    ri_ft: Fraction = Field(Fraction(10))
    falloff: int = Field(2, ge=0, le=50)

    @field_validator("di", "ri_ft", mode="before")
    @classmethod
    def _exact(cls, value: object) -> object:
        """Exact fractions from numbers or text ('2.5', '5/2'): no binary floating point (Far Recon 12)."""
        if isinstance(value, bool):
            raise ValueError("must be a number such as 2 or 2.5")
        if isinstance(value, (int, float, str)):
            try:
                return Fraction(str(value))
            except ValueError:
                raise ValueError(f"must be a number such as 2, 2.5 or 5/2, got {brief(value)}") from None
        return value

    @model_validator(mode="after")
    def _check(self) -> Weapon:
        if self.di <= 0 or self.ri_ft <= 0:
            raise ValueError("di and ri_ft must be above 0")
        if self.kind == "explosive" and self.blast <= 0:
            raise ValueError("an explosive needs its blast (Base Damage at ground zero)")
        if self.kind == "melee" and self.range != 1:
            raise ValueError("a melee weapon reaches the adjacent squares only (range 1)")
        return self

    @property
    def throwable(self) -> bool:
        """Thrown weapons and explosives are thrown, one item at a time."""
        return self.kind in ("thrown", "explosive")

    @property
    def attack_skill(self) -> str:
        """The skill an attack with it rolls (thrown weapons: see :func:`throw_skill`)."""
        if self.skill is not None:
            return self.skill
        return {"melee": "melee", "ranged": "firearms"}.get(self.kind, "agility")

    @property
    def label(self) -> str:
        """Its title, or its name."""
        return self.title or self.name


class Character(BaseModel):
    """The static sheet of a combatant: skills (Far Recon 1: the modifier of each roll), base Body (health)
    and Mind points, Speed in squares, weapons (ids), the count of each throwable it carries (default 1),
    aspects it may tag (Far Recon 21), Action Points and extra dodges granted by abilities (Far Recon 16)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    body: int = Field(8, ge=1, le=100)
    mind: int = Field(8, ge=1, le=100)
    speed: int | None = Field(None, ge=0, le=30)
    skills: dict[str, int] = Field(default_factory=dict)
    weapons: list[str] = Field(default_factory=lambda: ["fists"])
    carry: dict[str, int] = Field(default_factory=dict)
    aspects: list[str] = Field(default_factory=list)
    ap: int | None = Field(None, ge=0, le=20)
    dodges: int | None = Field(None, ge=0, le=10)

    @field_validator("skills")
    @classmethod
    def _known_skills(cls, value: dict[str, int]) -> dict[str, int]:
        unknown = sorted(set(value) - set(SKILLS))
        if unknown:
            raise ValueError(f"unknown skill(s) {', '.join(unknown)}; skills: {', '.join(SKILLS)}")
        return value

    def skill(self, name: str, options: FarReconOptions) -> int:
        """A skill's modifier (0 when not listed; Physical Defense: option default_pdef, D12)."""
        if name == "pdef":
            return self.skills.get("pdef", options.default_pdef)
        return self.skills.get(name, 0)

    def speed_of(self, options: FarReconOptions) -> int:
        """Squares per turn: as stated, else option default_speed."""
        return options.default_speed if self.speed is None else self.speed

    def dodges_of(self, options: FarReconOptions) -> int:
        """Far Recon 11, 16: dodges per round (an ability on the sheet overrides the rule)."""
        return options.dodges_per_round if self.dodges is None else self.dodges

    def ap_of(self, options: FarReconOptions) -> int:
        """Far Recon 21: Action Points at the start of the run."""
        return options.action_points if self.ap is None else self.ap
