"""A Phase 3d6 character sheet and its attacks. Everything the seed leaves undefined (E1) is data here with a
documented default: Combat Value, Lightning Reflexes, Combat Reflexes, OCV/DCV, combat movement, the
HERO-style STUN/BODY/CON/REC/PD used for damage and recoveries, Acrobatics for rule 16's "skill check
negates"."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from tactica.dice import parse


class Weapon(BaseModel):
    """An attack: melee (reach from the sheet) or ranged (``range`` hexes, ammunition)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    kind: Literal["melee", "ranged"] = "melee"
    damage: str = "2d6"
    ocv: int = 0
    range: int = Field(0, ge=0)
    ammo: int | None = Field(None, ge=1)

    @field_validator("damage")
    @classmethod
    def _dice(cls, value: str) -> str:
        parse(value)
        return value


class Character(BaseModel):
    """The static sheet of a combatant."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    cv: int = Field(3, ge=0, le=30, description="Combat Value: the initiative score (rule 3)")
    lightning_reflexes: int = Field(0, ge=0, le=20, description="added to the initiative score (rule 3)")
    ocv: int | None = Field(None, description="Offensive Combat Value (default: CV)")
    dcv: int | None = Field(None, description="Defensive Combat Value (default: CV)")
    combat_reflexes: int = Field(
        0, ge=0, le=10, description="extra attacks of opportunity per Phase (rule 12)"
    )
    reach: int = Field(1, ge=1, le=10, description="hexes it threatens and strikes (rule 8)")
    move: int = Field(6, ge=0, le=60, description="combat movement in hexes per Phase")
    acrobatics: int | None = Field(None, ge=3, le=18, description="3d6 roll-under skill (E6), none if absent")
    stun: int = Field(20, ge=1)
    body: int = Field(10, ge=1)
    con: int = Field(10, ge=1, description="STUN damage above CON Stuns (option hero_stunned)")
    rec: int = Field(4, ge=0, description="Recovery: STUN regained in a Post-Turn or a Take a Recovery")
    pd: int = Field(2, ge=0, description="defence subtracted from STUN and BODY damage")
    weapons: list[str] = Field(default_factory=lambda: ["fists"])
    no_recovery: bool = Field(False, description="E10: no Post-Turn Recovery (holding breath, ...)")

    @property
    def base_ocv(self) -> int:
        """OCV before manoeuvres and conditions."""
        return self.cv if self.ocv is None else self.ocv

    @property
    def base_dcv(self) -> int:
        """DCV before manoeuvres and conditions."""
        return self.cv if self.dcv is None else self.dcv

    @property
    def initiative(self) -> int:
        """Rule 3: Combat Value plus Lightning Reflexes."""
        return self.cv + self.lightning_reflexes
