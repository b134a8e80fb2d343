"""Star Rangers sheets: weapons (and powers), characters, and the size table (rule 21).

The seed gives the combat rules of a d20 Modern-style game; what it leaves to other pages (Defense, hit
points, saves, damage) is sheet data here with d20 Modern's defaults (ruling B9): Defense = 10 + DEX
modifier + class bonus + equipment bonus + size modifier, Fortitude = CON modifier unless stated, damage
dice per weapon.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from tactica.dice import parse

#: Rule 1: one square of the battle grid is 1.5 m.
SQUARE_M = Fraction(3, 2)

Kind = Literal["melee", "ranged", "thrown"]
Category = Literal[
    "self_loading",
    "revolver",
    "multi_barrel",
    "powered",
    "bow",
    "thrown",
    "melee",
    "unarmed",
    "natural",
    "power",
]
Feed = Literal["none", "box", "belt", "cell", "revolver", "internal", "quiver"]
RangeClass = Literal["thrown", "projectile", "sniper"]

#: Rule 20: the maximum range in range increments.
MAX_INCREMENTS: dict[str, int] = {"thrown": 5, "projectile": 20, "sniper": 30}
#: Critical-failure categories (rule 22) that are guns.
GUNS = ("self_loading", "revolver", "multi_barrel")
#: Feeds that keep loaded rounds in the weapon (a magazine, a belt, a cell, a cylinder, a tube).
LOADED_FEEDS = ("box", "belt", "cell", "revolver", "internal")

#: Rule 21: (name, modifier, lower bound of the length in cm), smallest first. "And so on" extends it.
SIZES: tuple[tuple[str, int, int], ...] = (
    ("fine-4", 12, 1),
    ("fine-3", 10, 2),
    ("fine-2", 8, 4),
    ("fine-1", 6, 8),
    ("diminutive", 4, 16),
    ("tiny", 2, 32),
    ("small", 1, 64),
    ("medium", 0, 125),
    ("large", -1, 250),
    ("huge", -2, 500),
    ("gargantuan", -4, 1000),
    ("colossal-1", -6, 2000),
    ("colossal-2", -8, 4000),
    ("colossal-3", -10, 8000),
    ("colossal-4", -12, 16000),
)
_MEDIUM = 7


def size_rank(name: str) -> int:
    """A size category's place: medium 0, larger positive, smaller negative ("and so on" beyond the
    table: colossal-5, fine-5, ...)."""
    for i, (size, _mod, _low) in enumerate(SIZES):
        if size == name:
            return i - _MEDIUM
    kind, _, number = name.partition("-")
    if kind in ("colossal", "fine") and number.isdigit() and int(number) >= 1:
        n = int(number)
        return (len(SIZES) - 1 - _MEDIUM + n - 4) if kind == "colossal" else (-_MEDIUM - (n - 4))
    raise ValueError(f"unknown size '{name}'")


def size_name(rank: int) -> str:
    """The size category at a rank (see :func:`size_rank`)."""
    i = rank + _MEDIUM
    if 0 <= i < len(SIZES):
        return SIZES[i][0]
    return f"colossal-{i - len(SIZES) + 5}" if i > 0 else f"fine-{4 - i}"


def size_modifier(name: str) -> int:
    """Rule 21: the size modifier to attack and Defense (+-2 per category beyond the table's ends)."""
    rank = size_rank(name)
    i = rank + _MEDIUM
    if 0 <= i < len(SIZES):
        return SIZES[i][1]
    if i > 0:
        return -12 - 2 * (i - len(SIZES) + 1)
    return 12 + 2 * (-i)


def _lower_bound(rank: int) -> Fraction:
    """The smallest length (in cm) of the category at ``rank``; "and so on" doubles (halves) beyond."""
    i = rank + _MEDIUM
    if 0 <= i < len(SIZES):
        return Fraction(SIZES[i][2])
    if i >= len(SIZES):
        return Fraction(SIZES[-1][2] * 2 ** (i - len(SIZES) + 1))
    return Fraction(1, 2**-i)


def size_of_length(length_m: float, boundary: str = "larger") -> str:
    """Rule 21 / B11: the size category of a creature this long. A length exactly on a boundary takes the
    larger category (``boundary='smaller'``: the smaller one)."""
    cm = Fraction(str(length_m)) * 100
    if cm <= 0:
        raise ValueError("a length must be positive")
    larger = boundary == "larger"
    rank = 0
    while cm < _lower_bound(rank) or (not larger and cm == _lower_bound(rank)):
        rank -= 1
    while cm > _lower_bound(rank + 1) or (larger and cm == _lower_bound(rank + 1)):
        rank += 1
    return size_name(rank)


class Weapon(BaseModel):
    """A weapon or a power: how it attacks (rule 19), its range (rule 20), its critical-failure category
    (rule 22) and how it is fed and reloaded (rule 16)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    title: str = ""
    kind: Kind = "melee"
    category: Category = "melee"
    damage: str = "1d6"
    reach: int = Field(1, ge=1, le=3, description="melee: squares it reaches (2: a reach weapon)")
    increment_m: float | None = Field(None, gt=0, description="rule 20: the range increment in metres")
    range_class: RangeClass | None = Field(None, description="rule 20: thrown 5, projectile 20, sniper 30")
    feed: Feed = "none"
    capacity: int = Field(0, ge=0, le=500)
    speed_loader: bool = Field(False, description="rule 16: speed loaders / clips exist for it")
    loading_gate: bool = Field(False, description="rule 16: a loading-gate revolver (times doubled)")
    attack_bonus: int = Field(0, description="rule 19: other modifiers (enhancements)")
    touch: bool = Field(False, description="a touch attack: the equipment bonus to Defense does not count")
    fort: int = Field(0, description="rule 22 (11): the weapon's own Fortitude save bonus")
    resource: str | None = Field(None, description="powers: the resource spent (tech points, ...)")
    cost: int = Field(0, ge=0, description="powers: points spent per use")
    cooldown: int = Field(0, ge=0, le=50, description="powers: actions before it can be used again")
    action: Literal["standard", "full"] = Field("standard", description="rule 14: most powers are standard")

    @field_validator("damage")
    @classmethod
    def _dice(cls, value: str) -> str:
        parse(value)
        return value

    @model_validator(mode="after")
    def _check(self) -> Weapon:
        if self.kind != "melee" and self.increment_m is None:
            raise ValueError(f"a {self.kind} weapon needs increment_m (rule 20)")
        if self.feed in LOADED_FEEDS and self.capacity < 1:
            raise ValueError(f"a weapon fed by '{self.feed}' needs a capacity of at least 1")
        if self.category == "power" and self.feed != "none":
            raise ValueError("powers are not fed: give them a resource and cost instead")
        if self.category in ("unarmed", "natural", "power") and self.kind == "thrown":
            raise ValueError(f"a {self.category} attack cannot be thrown")
        return self

    @property
    def ranged(self) -> bool:
        """Rule 19: ranged and thrown attacks use DEX and range."""
        return self.kind != "melee"

    @property
    def max_increments(self) -> int:
        """Rule 20: the maximum range in increments."""
        if self.range_class is not None:
            return MAX_INCREMENTS[self.range_class]
        return MAX_INCREMENTS["thrown" if self.kind == "thrown" else "projectile"]

    @property
    def loaded_feed(self) -> bool:
        """True when it holds rounds that attacks spend (a magazine, belt, cell, cylinder or tube)."""
        return self.feed in LOADED_FEEDS

    @property
    def in_hand(self) -> bool:
        """True for weapons that are held (not unarmed strikes, natural weapons or powers)."""
        return self.category not in ("unarmed", "natural", "power")


def modifier(score: int) -> int:
    """The d20 ability modifier of a score: (score - 10) // 2."""
    return (score - 10) // 2


class Character(BaseModel):
    """The static sheet of a combatant (d20 Modern-style numbers; see the module docstring)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    name: str
    str_: int = Field(10, alias="str", ge=1, le=40)
    dex: int = Field(10, ge=1, le=40)
    con: int = Field(10, ge=1, le=40)
    bab: int = Field(0, ge=0, le=30, description="rule 19: base attack bonus")
    hp: int = Field(10, ge=1)
    class_defense: int = Field(0, ge=0, le=30)
    equipment_defense: int = Field(0, ge=0, le=30)
    size: str | None = Field(None, description="rule 21: a size category (default medium)")
    length_m: float | None = Field(None, gt=0, description="rule 21: the size from the creature's length")
    speed_m: float = Field(9.0, ge=0, le=100, description="metres per move action (rule 1: 1.5 m squares)")
    fort: int | None = Field(None, description="Fortitude save bonus (default: CON modifier)")
    initiative_bonus: int = Field(0, description="rule 6: other initiative modifiers")
    perception: int = Field(0, description="rule 15: the Perception skill bonus")
    quick_draw: bool = Field(False, description="rules 15, 16, 24: the Quick Draw feat")
    weapons: list[str] = Field(default_factory=list)
    powers: list[str] = Field(default_factory=list)
    magazines: dict[str, int | list[int]] = Field(
        default_factory=dict, description="rule 16: spare magazines, belts, cells or speed loaders per weapon"
    )
    rounds: dict[str, int] = Field(default_factory=dict, description="rule 16: loose rounds per weapon")
    resources: dict[str, int] = Field(default_factory=dict, description="power points by kind")

    @model_validator(mode="after")
    def _check(self) -> Character:
        if self.size is not None:
            try:
                size_rank(self.size)
            except ValueError:
                names = ", ".join(s for s, _m, _l in SIZES)
                raise ValueError(f"unknown size '{self.size}'; sizes: {names}, and so on") from None
            if self.length_m is not None:
                raise ValueError("give either size or length_m, not both")
        return self

    @property
    def speed_squares(self) -> int:
        """Rule 1: squares per move action (the speed in metres over 1.5 m squares, rounded down)."""
        return int(Fraction(str(self.speed_m)) / SQUARE_M)

    def size_category(self, boundary: str = "larger") -> str:
        """Rule 21: the size category (from ``size``, else ``length_m``, else medium)."""
        if self.size is not None:
            return self.size
        if self.length_m is not None:
            return size_of_length(self.length_m, boundary)
        return "medium"

    @property
    def fort_bonus(self) -> int:
        """The Fortitude save bonus: as stated, else the CON modifier."""
        return modifier(self.con) if self.fort is None else self.fort

    @property
    def initiative_mod(self) -> int:
        """Rule 6: the total initiative modifier: DEX modifier + other initiative modifiers."""
        return modifier(self.dex) + self.initiative_bonus
