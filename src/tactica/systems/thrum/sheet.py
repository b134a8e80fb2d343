"""A THRUM character sheet: the modifiers combat reads, Combat Arts, Speed, abilities and Tolerances."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from tactica.systems.thrum.options import ThrumOptions


class Character(BaseModel):
    """The static sheet of a combatant.

    ``end``, ``ref`` and ``foc`` are attribute modifiers; Resilience, Evasion, Resolve and Initiative
    default to them (THRUM 22-24, THRUM 6) and may be given directly. ``arts`` maps each Combat Art to its
    modifier (attacks roll with it, THRUM 5). ``abilities`` lists the Art abilities it has; the Basic
    Combat Abilities are always there (THRUM 11). Tolerances default to their maximum (THRUM 33); a
    character coming into a fight with lowered Tolerances or Wounds (THRUM 42) states them.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    end: int = Field(0, ge=-5, le=10)
    ref: int = Field(0, ge=-5, le=10)
    foc: int = Field(0, ge=-5, le=10)
    resilience: int | None = None
    evasion: int | None = None
    resolve: int | None = None
    initiative: int | None = None
    arts: dict[str, int] = Field(default_factory=dict)
    speed: int | None = Field(None, ge=0, le=30)
    abilities: list[str] = Field(default_factory=list)
    fatigue_tolerance: int | None = Field(None, ge=0)
    stress_tolerance: int | None = Field(None, ge=0)
    wounds: int = Field(0, ge=0, le=2)

    def defense(self, kind: str) -> int:
        """The modifier of a defensive roll: 'resilience' (END), 'evasion' (REF) or 'resolve' (FOC)."""
        given = {"resilience": self.resilience, "evasion": self.evasion, "resolve": self.resolve}[kind]
        if given is not None:
            return given
        return {"resilience": self.end, "evasion": self.ref, "resolve": self.foc}[kind]

    @property
    def initiative_mod(self) -> int:
        """THRUM 6: the Initiative modifier (REF unless stated)."""
        return self.ref if self.initiative is None else self.initiative

    def art_mod(self, art: str | None) -> int:
        """THRUM 5: the modifier of the Art granting an ability; the highest Art for Basic abilities."""
        if art is None:
            return max(self.arts.values(), default=0)
        return self.arts.get(art, 0)

    def max_fatigue_tolerance(self, options: ThrumOptions) -> int:
        """THRUM 33: 3 + END (the draft: 10 + END)."""
        return (3 if options.tolerance_base == "wiki" else 10) + self.end

    def max_stress_tolerance(self, options: ThrumOptions) -> int:
        """THRUM 33: 2 + FOC (the draft: 10 + FOC)."""
        return (2 if options.tolerance_base == "wiki" else 10) + self.foc

    def speed_of(self, options: ThrumOptions) -> int:
        """C15: Speed as stated, else the default."""
        return options.default_speed if self.speed is None else self.speed
