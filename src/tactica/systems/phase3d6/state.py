"""Phase 3d6 state: positions, STUN and BODY, what each character has done this Phase, held actions."""

from __future__ import annotations

from dataclasses import dataclass, field

from tactica.engine.system import State

Pos = tuple[int, int]


@dataclass(slots=True)
class Fighter:
    """One combatant's changing state.

    Per Phase (reset when its own Phase action starts): ``attacked`` (the attack action is used), ``moves``
    (move actions used), ``full`` (a full-Phase action), ``hexes`` moved, ``stepped`` (the 1-hex step),
    ``done`` (its action in this Phase is over). ``maneuvers`` are the manoeuvres used since its last Phase
    began (rule 13). ``aoo_used``/``aoo_movers`` count attacks of opportunity in the current Phase (rules
    11-12). ``held`` is 'delay' while a delayed action waits for its holder to step in (rule 19, seed
    l.96), 'ready' while a readied action waits (``ready_trigger``; ``ready_kind`` what is
    readied, with ``ready_weapon``, ``ready_target`` and ``ready_at``, see :mod:`readied`);
    ``lose_phase`` is the global Phase whose regular action is lost (abort, rule 21); ``dodge_until`` the
    global Phase until which it makes no attacks of opportunity (E4); ``guard`` a Block, Missile Deflection
    or Roll With A Punch waiting for the next attack; ``split`` a full-Phase action started with a move action
    in a restricted Phase, to be completed with a move action later (rule 15). ``carried`` are the weapons it
    has (the one ``drawn`` among them; fists are not an item); a dropped or disarmed weapon leaves it for the
    ground (rule 16).
    """

    id: str
    side: str
    pos: Pos
    stun: int
    body: int
    aware: bool = True
    prone: bool = False
    stunned: bool = False
    out: bool = False
    drawn: str | None = None
    ammo: dict[str, int] = field(default_factory=dict)
    carried: list[str] = field(default_factory=list)
    attacked: bool = False
    moves: int = 0
    full: bool = False
    hexes: int = 0
    stepped: bool = False
    done: bool = False
    maneuvers: list[str] = field(default_factory=list)
    aoo_used: int = 0
    aoo_movers: list[str] = field(default_factory=list)
    held: str = ""
    ready_trigger: str = ""
    ready_weapon: str = ""
    ready_kind: str = ""
    ready_target: str = ""
    ready_at: Pos | None = None
    ready_phase: int = -1
    lose_phase: int = -1
    dodge_until: int = -1
    guard: str = ""
    split: str = ""
    split_phase: int = -1

    @property
    def can_act(self) -> bool:
        """Conscious and in the fight."""
        return not self.out


@dataclass(slots=True)
class GroundItem:
    """A weapon lying in a hex (rule 16: dropped, knocked away by a Disarm, or there from the start), with
    the shots left in it (``ammo``, None for a weapon without ammunition)."""

    name: str
    pos: Pos
    ammo: int | None = None


@dataclass(slots=True)
class Door:
    """A door filling a hex (rule 16: open or close a door): closed, it blocks movement and sight."""

    pos: Pos
    open: bool = False


@dataclass(slots=True)
class Phase3d6State(State):
    """A Phase 3d6 fight in progress.

    ``order.round`` counts global Phases (0: the Surprise Phase, then 1, 2, ...); :attr:`phase` is the Phase
    within its Turn (1-4) and :attr:`turn` the Turn. ``acting`` is the character whose Phase action it is;
    ``placed`` the characters whose place a delay or a readied action set (kept by E13's re-rolls);
    ``ground`` the items lying on the map; ``objects`` the doors by id. Between two places, characters
    holding a delayed action are asked once whether they act (``asked``); ``opening`` is true while a
    Phase has started and its first place has not begun (rule 19).
    """

    fighters: dict[str, Fighter] = field(default_factory=dict)
    acting: str | None = None
    surprise: bool = False
    placed: list[str] = field(default_factory=list)
    ground: list[GroundItem] = field(default_factory=list)
    objects: dict[str, Door] = field(default_factory=dict)
    asked: bool = False
    opening: bool = False

    @property
    def phase(self) -> int:
        """The Phase within the Turn, 1-4 (0 in the Surprise Phase)."""
        g = self.order.round
        return 0 if g == 0 else (g - 1) % 4 + 1

    @property
    def turn(self) -> int:
        """The Turn number (0 in the Surprise Phase)."""
        g = self.order.round
        return 0 if g == 0 else (g - 1) // 4 + 1
