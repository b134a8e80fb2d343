"""Star Rangers state: what changes during a fight (positions, hit points, hands, ammunition, reload steps,
weapon faults, timed effects, items on the ground)."""

from __future__ import annotations

from dataclasses import dataclass, field

from tactica.engine.system import State

Pos = tuple[int, int]


@dataclass(slots=True)
class Gear:
    """One weapon a combatant has (in hand or at the ready), with its rounds and its reload progress.

    ``loaded`` counts the rounds in it (magazine, belt, cell, cylinder or tube); ``mag_in`` says a magazine,
    belt or cell is in it. ``step`` is the last reload step done ('' when no reload is under way, rule 16);
    ``held`` the rounds of the magazine, belt or speed loader drawn for it (-1: none in hand); ``removed``
    the rounds of the belt taken out, put with the spares once the new one is in (-1: none);
    ``hand_rounds`` loose rounds drawn for loading one at a time. ``refill_rounds`` are the rounds drawn to
    refill a carried magazine. ``fault`` is a critical failure that
    takes one action to clear ('jammed', 'safe', 'fuse', 'off'); ``broken`` a weapon ruined or broken;
    ``overheated`` a self-loading gun that may cook off (rule 22, entry 10).
    """

    name: str
    loaded: int = 0
    mag_in: bool = True
    step: str = ""
    held: int = -1
    removed: int = -1
    hand_rounds: int = 0
    refill_rounds: int = 0
    fault: str = ""
    broken: bool = False
    overheated: bool = False


@dataclass(slots=True)
class GroundItem:
    """Something lying on a square: a weapon (with its state), a magazine or belt, or loose rounds.

    ``name`` is what a ``pickup`` names: the weapon's name, ``mag-W`` or ``rounds-W``."""

    name: str
    pos: Pos
    kind: str = "weapon"
    weapon: str = ""
    gear: Gear | None = None
    rounds: int = 0


@dataclass(slots=True)
class Timed:
    """An effect with a duration (rule 9, B6): in the holder's actions (``unit`` 'actions': it covers the
    holder's actions numbered ``start + 1`` to ``start + length``) or in rounds (``unit`` 'rounds': it ends
    just before the initiative count of ``slot`` in round ``start + length``). ``item`` is the weapon or
    power it concerns."""

    name: str
    holder: str
    unit: str
    start: int
    length: int
    slot: str = ""
    score: int = 0
    item: str = ""


@dataclass(slots=True)
class Fighter:
    """One combatant's changing state.

    ``status`` is 'ok', 'down' (0 hit points or fewer) or 'dead' (-10 or fewer). ``hand`` is the weapon in
    hand; ``gear`` every weapon it has (in hand or at the ready); ``mags`` its spare magazines, belts, cells
    and speed loaders per weapon (rounds in each); ``rounds`` its loose rounds per weapon. The turn fields:
    ``spent`` (slots used this turn: standard, move, free), ``full`` (a full-round action this turn),
    ``actions`` (actions taken in the fight, counted for action-denominated durations, B6).
    """

    id: str
    side: str
    pos: Pos
    hp: int
    status: str = "ok"
    aware: bool = True
    flat_footed: bool = False
    prone: bool = False
    tired: bool = False
    initiative: int | None = None
    hand: str | None = None
    gear: dict[str, Gear] = field(default_factory=dict)
    mags: dict[str, list[int]] = field(default_factory=dict)
    rounds: dict[str, int] = field(default_factory=dict)
    resources: dict[str, int] = field(default_factory=dict)
    concentrate: bool = False
    spent: dict[str, int] = field(default_factory=dict)
    full: bool = False
    no_attacks: bool = False
    actions: int = 0
    turns: int = 0

    @property
    def up(self) -> bool:
        """Standing in the fight (not down or dead)."""
        return self.status == "ok"


@dataclass(slots=True)
class SrbState(State):
    """A Star Rangers fight in progress.

    ``order.round`` is 0 during the surprise round (rules 3-4), then 1, 2, ...; ``acting`` the character
    whose turn it is (None between turns); ``surprise`` whether this fight began with a surprise round;
    ``timed`` the effects with durations; ``ground`` the items lying on the map.
    """

    fighters: dict[str, Fighter] = field(default_factory=dict)
    acting: str | None = None
    surprise: bool = False
    timed: list[Timed] = field(default_factory=list)
    ground: list[GroundItem] = field(default_factory=list)
