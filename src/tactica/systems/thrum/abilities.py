"""THRUM abilities as data: actions and stances, what they target and what they do on each outcome.

The Basic Combat Abilities every character has (THRUM 11) and a few Combat Art abilities ship in
``content/abilities.yaml``; a scenario may add its own under ``abilities:``. An ability's effects are small
records (deal Fatigue, deal Stress, add a status, apply a condition); the rules code carries them out.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

#: Statuses with a parameter that tick down at the end of the holder's turn (THRUM 43-44); Mark does not tick.
STATUSES = ("bleed", "blinded", "burning", "shocked", "slowed", "hamstrung", "vulnerable", "weakened", "mark")
TICKING = frozenset(STATUSES) - {"mark"}
#: Conditions without a parameter (THRUM 45-46).
CONDITIONS = ("dazed", "immobilized", "disoriented", "stunned")
Defense = Literal["resilience", "evasion", "resolve"]
#: The standard defensive rolls open against each kind of attack (THRUM 21).
DEFENSES: dict[str, tuple[Defense, ...]] = {
    "physical": ("resilience", "evasion"),
    "mental": ("evasion", "resolve"),
}
#: Verbs the rules use themselves: an ability may not take one of these ids.
RESERVED = frozenset(
    {"move", "stance", "end", "delay", "place", "defend", "trigger", "pass", "keep", "swap", "push"}
)
Target = Literal["self", "ally", "enemy", "character", "ally_or_self", "incapacitated_ally", "area"]
#: Limits of an ability's numbers (issue 12: a file cannot ask for unbounded work): Fatigue, Stress and stacks
#: dealt, squares of a push or of an area's size, range in squares, and the Boons of a Buff (each Boon is
#: one more d6 in the roll's pool).
MAX_AMOUNT = 100
MAX_SQUARES = 20
MAX_RANGE = 200
MAX_BOONS = 10
Trigger = Literal[
    "ally_targets_enemy_in_range", "ally_in_range_targeted_by_enemy", "targeted_by_enemy_in_range"
]


class Effect(BaseModel):
    """One thing an ability does to each character it affects; exactly one of the fields is set."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    fatigue: int | None = Field(
        None, ge=0, le=MAX_AMOUNT, description="deal this much Fatigue (0: 'deals Fatigue', C4)"
    )
    stress: int | None = Field(
        None, ge=0, le=MAX_AMOUNT, description="deal this much Stress (0: 'deals Stress', C4)"
    )
    status: Literal[STATUSES] | None = None  # type: ignore[valid-type]
    stacks: int = Field(1, ge=1, le=MAX_AMOUNT)
    condition: Literal[CONDITIONS] | None = None  # type: ignore[valid-type]
    push: int | None = Field(
        None, ge=1, le=MAX_SQUARES, description="the user may push the target up to N squares"
    )

    @model_validator(mode="after")
    def _one(self) -> Effect:
        fields = ("fatigue", "stress", "status", "condition", "push")
        chosen = [f for f in fields if getattr(self, f) is not None]
        if len(chosen) != 1:
            raise ValueError(
                "an effect is exactly one of {fatigue: N}, {stress: N}, {status: NAME, stacks: N},"
                " {condition: NAME}, {push: N}"
            )
        return self


class Overexert(BaseModel):
    """THRUM 28: extra effects bought with Stress declared before any roll."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    stress: int = Field(1, ge=1, le=MAX_AMOUNT)
    effect: list[Effect] = Field(default_factory=list)
    success: list[Effect] = Field(default_factory=list)
    critical: list[Effect] = Field(default_factory=list)


class Ability(BaseModel):
    """An Action or a Stance.

    Actions: ``attack`` (physical/mental, None for no roll), ``target`` and ``range``, an optional area
    ``shape`` of ``size``; ``effect`` happens whatever the roll, ``success`` on a success, ``critical`` on
    a critical in addition to ``success``. ``special`` names built-in behaviour (dash, recover,
    resuscitate). Stances: ``defense_boon`` (Brace, Dodge, Concentrate) or a ``trigger`` with its
    ``on_trigger`` effect (Assist, Protect, or a counter-attack with ``counter``). Kind ``move``: used
    during the Move and paid with movement (a Teleport that spends movement, THRUM 15).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9\-]*$")
    title: str
    kind: Literal["action", "stance", "move"]
    art: str | None = Field(None, description="the Combat Art granting it; None: the highest Art (Basic)")
    attack: Literal["physical", "mental"] | None = None
    tags: list[Literal["ranged", "finisher", "terrain_effect", "buff"]] = Field(default_factory=list)
    range: int = Field(0, ge=0, le=MAX_RANGE)
    target: Target = "enemy"
    shape: Literal["area", "line", "aura"] | None = None
    size: int = Field(1, ge=1, le=MAX_SQUARES)
    affects: Literal["characters", "enemies", "allies"] = "characters"
    effect: list[Effect] = Field(default_factory=list)
    success: list[Effect] = Field(default_factory=list)
    critical: list[Effect] = Field(default_factory=list)
    overexert: Overexert | None = None
    special: Literal["dash", "recover", "resuscitate", "teleport"] | None = None
    difficult: bool = Field(False, description="a Terrain Effect: its squares are difficult terrain")
    defense_boons: int = Field(
        0, ge=0, le=MAX_BOONS, description="a Buff: Boons on its holder's defensive rolls"
    )
    defense_boon: Literal["resilience", "evasion", "resolve"] | None = None
    trigger: Trigger | None = None
    on_trigger: Literal["bane_on_defense", "boon_on_defense", "counter"] | None = None
    counter: str | None = Field(None, description="the ability a 'counter' trigger attacks with")
    rule: str = ""

    @model_validator(mode="after")
    def _consistent(self) -> Ability:
        if self.id in RESERVED:
            raise ValueError(f"'{self.id}' is a rules verb; choose another id")
        if (self.shape is None) != (self.target != "area"):
            raise ValueError(
                "target 'area' goes with a shape (area, line or aura) and a shape with target 'area'"
            )
        if (self.trigger is None) != (self.on_trigger is None):
            raise ValueError("a stance with a 'trigger' needs 'on_trigger' (and the other way round)")
        if self.on_trigger == "counter" and self.counter is None:
            raise ValueError("on_trigger 'counter' needs 'counter': the ability it attacks with")
        if self.kind == "stance" and (self.attack or self.special or self.effect or self.success):
            raise ValueError("a stance has no attack, special or effects of its own; use a trigger")
        if self.kind == "move" and self.special != "teleport":
            raise ValueError(
                "an ability of kind 'move' is a Teleport that spends movement: special 'teleport'"
            )
        if "terrain_effect" in self.tags and self.shape is None:
            raise ValueError("a Terrain Effect covers squares: give it a shape and a size")
        return self

    @property
    def is_attack(self) -> bool:
        """True for abilities with the Attack type (a defensive roll answers them)."""
        return self.attack is not None

    def has(self, tag: str) -> bool:
        """True when the ability carries ``tag``."""
        return tag in self.tags
