"""What the THRUM line-up kernel knows of a fight before it plays it (issue 16 part B): whether the fight
lies within its coverage (else why not), and its static numbers, read once through the rules' own functions.

The coverage (docs/performance.md, "THRUM: `thrum-lines`"): two sides, both played by the default AI; every
combatant with Speed 0, so nobody ever moves (every character's Basic Attack is Ranged, Range 3, so on a map
with a free square the AI backs away from the enemies next to it, and a removed character frees its square);
everyone in the fight at the start, without Stress, statuses or conditions; every attack a combatant has
aimed at one enemy and dealing only Fatigue (no area, Overexert, status, condition, push or Stress, so
nobody is ever Frayed, Slowed, Dazed or Stunned); Recover and Resuscitate as the Basic ones; only stances
with a defence Boon or an Assist- or Protect-like trigger (no counter-attacks) where a combatant may hold
them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from tactica.analysis.sim import MAX_ACTIONS
from tactica.engine import Game
from tactica.engine.action import Action
from tactica.systems.thrum import ai, geometry, movement
from tactica.systems.thrum.abilities import Ability
from tactica.systems.thrum.setup import ThrumGame
from tactica.systems.thrum.state import Fighter

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
#: The defensive rolls, as the kernel numbers them.
DEFENSES = ("resilience", "evasion", "resolve")
EVASION = 1
#: Stance triggers the kernel plays (Assist-like, Protect-like), numbered from 1 (0: no trigger).
TRIGGERS = ("ally_targets_enemy_in_range", "ally_in_range_targeted_by_enemy")
#: The stances the default AI takes by name (``ai._stance``).
AI_STANCES = ("protect", "brace", "dodge")
#: The most decisions a combatant's turn can take: its Action, a trigger per other combatant, the defence,
#: the stance.
DECISIONS = 3
#: The most combatants: every Boon or Bane is one more die, and the dice tables hold up to this many.
MOST = 16


@dataclass(frozen=True)
class Stance:
    """A stance as the kernel plays it: the defence its Boon goes to (-1: none), its trigger (0: none, else
    1 + index in :data:`TRIGGERS`), +1 (Boon) or -1 (Bane) on the defender's roll, its Range."""

    id: str
    boon: int
    trigger: int
    effect: int
    range: int


@dataclass(frozen=True)
class Attack:
    """An attack ability: its two open defences, Ranged (THRUM 25), Finisher (THRUM 31), Physical (cover),
    the Fatigue dealt on a failure, a success, a critical (``dealt``) and whether any is dealt at all
    (``deals``: Vulnerable is used up by the first deal, THRUM 44), and the AI's damage value."""

    id: str
    defenses: tuple[int, int]
    ranged: bool
    finisher: bool
    physical: bool
    dealt: tuple[int, int, int]
    deals: tuple[bool, bool, bool]
    value: float


@dataclass(frozen=True)
class Model:
    """Everything a covered fight depends on (per combatant: setup order)."""

    ids: tuple[str, ...]
    sides: tuple[str, ...]
    side: Ints  # (C,) index into sides
    pc: tuple[bool, ...]
    fatigue: Ints
    tolerance: Ints
    wounds: Ints
    stance: Ints  # (C,) index into stances, -1 for none
    initiative_mod: tuple[int, ...]
    fixed_initiative: tuple[int | None, ...]
    defense: Ints  # (C, 3) the defensive rolls' modifiers
    distance: Ints  # (C, C)
    stances: tuple[Stance, ...]
    wants: Ints  # (C, 3) the stance index of protect, brace, dodge (-2: the combatant has none)
    attacks: tuple[Attack, ...]
    # the attack candidates of each combatant (C, K), in descending order of their text (-1: padding)
    cand_attack: Ints
    cand_target: Ints
    cand_mod: Ints
    resuscitate: Bools  # (C, C) the allies in reach of its Resuscitate
    options: Any
    cover: Any  # callable (attacker, target, removed bitmask) -> 0 none, 1 cover, 2 obstructed

    @property
    def combatants(self) -> int:
        return len(self.ids)


def model_of(game: Game, ai_of: Mapping[str, str]) -> Model | str:
    """The model of ``game`` played with ``ai_of`` (side -> policy), or why the kernel does not cover it."""
    if not isinstance(game, ThrumGame):
        return "not a THRUM fight"
    why = _sides_problem(game, ai_of) or _limit_problem(game)
    if why:
        return why
    fighters = game.system.new_state(game).fighters
    for f in fighters.values():
        why = _fighter_problem(game, f) or _abilities_problem(game, f)
        if why:
            return why
    stances = _stances(game, fighters)
    if isinstance(stances, str):
        return stances
    return _built(game, fighters, stances)


def _sides_problem(game: ThrumGame, ai_of: Mapping[str, str]) -> str | None:
    sides = list(dict.fromkeys(p.side for p in game.start.values()))
    if len(sides) != 2:
        return f"{len(sides)} sides, not two"
    other = [f"{s}: {ai_of.get(s)}" for s in sides if ai_of.get(s) != "default"]
    return f"not the default AI ({', '.join(other)})" if other else None


def _limit_problem(game: ThrumGame) -> str | None:
    count = len(game.start)
    if count > MOST:
        return f"{count} combatants, more than {MOST}"
    per_round = count * (count + DECISIONS)
    if per_round * game.options.max_rounds > MAX_ACTIONS:
        return (
            f"max_rounds {game.options.max_rounds}: a fight could outlast sim's {MAX_ACTIONS:,} actions"
            f" ({per_round} decisions a round)"
        )
    return None


def _fighter_problem(game: ThrumGame, f: Fighter) -> str | None:
    speed = movement.speed(game, f)
    if speed:
        return (
            f"{f.id} has Speed {speed}: the default AI would move (a Ranged Basic Attack backs away to"
            " Range 3); the kernel covers Speed 0 only"
        )
    if f.incapacitated or f.stress or f.statuses or f.conditions:
        return f"{f.id} starts incapacitated, with Stress, a status or a condition"
    return None


def _abilities_problem(game: ThrumGame, f: Fighter) -> str | None:
    for ability in game.actions_of(f.id):
        why = _action_problem(ability)
        if why:
            return f"{f.id}'s {ability.id}: {why}"
    return None


def _action_problem(ability: Ability) -> str | None:
    """Why the kernel cannot play an Action the default AI may take (None: it can, or the AI never does)."""
    if ability.id == "recover":
        plain = ability.special == "recover" and ability.target == "self"
        return None if plain and _no_effects(ability) else "not the Basic Recover"
    if ability.id == "resuscitate":
        plain = ability.special == "resuscitate" and ability.target == "incapacitated_ally"
        return None if plain and _no_effects(ability) and ability.shape is None else "not the Basic one"
    if not ability.is_attack:
        return None  # the default AI takes no other Action
    if ability.shape is not None or ability.target != "enemy" or ability.special is not None:
        return "an attack on an area, on a non-enemy or with a special rule"
    if ability.overexert is not None or set(ability.tags) - {"ranged", "finisher"}:
        return "Overexert, a Buff or a Terrain Effect"
    effects = [*ability.effect, *ability.success, *ability.critical]
    if any(e.fatigue is None for e in effects):
        return "deals more than Fatigue (Stress, a status, a condition or a push)"
    return None


def _no_effects(ability: Ability) -> bool:
    return not (ability.effect or ability.success or ability.critical or ability.is_attack)


def _stances(game: ThrumGame, fighters: Mapping[str, Fighter]) -> tuple[Stance, ...] | str:
    """Every stance a combatant may hold (its starting one, those the AI takes), as the kernel plays them."""
    wanted = dict.fromkeys(
        [f.stance for f in fighters.values() if f.stance]
        + [s.id for f in fighters for s in game.stances_of(f) if s.id in AI_STANCES]
    )
    out = []
    for sid in wanted:
        stance = game.abilities[sid]
        if stance.trigger is not None and (
            stance.trigger not in TRIGGERS or stance.on_trigger not in ("bane_on_defense", "boon_on_defense")
        ):
            return f"stance {sid}: a counter-attack trigger"
        boon = DEFENSES.index(stance.defense_boon) if stance.defense_boon else -1
        trigger = TRIGGERS.index(stance.trigger) + 1 if stance.trigger else 0
        effect = 1 if stance.on_trigger == "boon_on_defense" else -1
        out.append(Stance(sid, boon, trigger, effect, stance.range))
    return tuple(out)


def _attack(game: ThrumGame, ability: Ability) -> Attack:
    unnumbered = game.options.unnumbered_deal
    on = [list(ability.effect)]
    on.append(on[0] + list(ability.success))
    on.append(on[1] + list(ability.critical))
    assert ability.attack is not None
    defenses = ("resilience", "evasion") if ability.attack == "physical" else ("evasion", "resolve")
    ranged = ability.has("ranged") and (game.options.basic_attack_ranged or ability.id != "basic-attack")
    return Attack(
        ability.id,
        (DEFENSES.index(defenses[0]), DEFENSES.index(defenses[1])),
        ranged,
        ability.has("finisher"),
        ability.attack == "physical",
        tuple(sum(e.fatigue or unnumbered for e in effects) for effects in on),  # type: ignore[arg-type]
        tuple(bool(effects) for effects in on),  # type: ignore[arg-type]
        ai._damage_value(ability),
    )


def _built(game: ThrumGame, fighters: Mapping[str, Fighter], stances: tuple[Stance, ...]) -> Model:
    ids = tuple(fighters)
    sides = tuple(dict.fromkeys(f.side for f in fighters.values()))
    squares = tuple(f.pos for f in fighters.values())
    board = game.board
    distance = np.array([[board.distance(p, q) for q in squares] for p in squares], dtype=np.int64)
    index = {s.id: i for i, s in enumerate(stances)}
    attacks: dict[str, Attack] = {}
    candidates: list[list[tuple[str, int, int, int]]] = []
    for i, f in enumerate(fighters.values()):
        sheet = game.sheet(f.id)
        mine = []
        for ability in game.actions_of(f.id):
            if not ability.is_attack:
                continue
            attacks.setdefault(ability.id, _attack(game, ability))
            for j, t in enumerate(fighters.values()):
                if t.side != f.side and distance[i, j] <= ability.range:
                    text = str(Action(f.id, ability.id, t.id))
                    mine.append((text, list(attacks).index(ability.id), j, sheet.art_mod(ability.art)))
        candidates.append(sorted(mine, reverse=True))
    width = max(1, max(len(c) for c in candidates))
    table = np.full((3, len(ids), width), -1, dtype=np.int64)
    for i, mine in enumerate(candidates):
        for k, (_, a, j, mod) in enumerate(mine):
            table[:, i, k] = (a, j, mod)
    cover = _Cover(game, squares)
    resus = game.abilities["resuscitate"].range
    side = np.array([sides.index(f.side) for f in fighters.values()], dtype=np.int64)
    return Model(
        ids,
        sides,
        side,
        tuple(f.pc for f in fighters.values()),
        np.array([f.fatigue for f in fighters.values()], dtype=np.int64),
        np.array([f.fatigue_tolerance for f in fighters.values()], dtype=np.int64),
        np.array([f.wounds for f in fighters.values()], dtype=np.int64),
        np.array([index[f.stance] if f.stance else -1 for f in fighters.values()], dtype=np.int64),
        tuple(game.sheet(i).initiative_mod for i in ids),
        tuple((game.spec.initiative or {}).get(i) for i in ids),
        np.array([[game.sheet(i).defense(d) for d in DEFENSES] for i in ids], dtype=np.int64),
        distance,
        stances,
        np.array([[_want(game, i, s, index) for s in AI_STANCES] for i in ids], dtype=np.int64),
        tuple(attacks.values()),
        table[0],
        table[1],
        table[2],
        (side[:, None] == side[None, :]) & (distance <= resus) & (distance > 0),
        game.options,
        cover,
    )


def _want(game: ThrumGame, fid: str, stance: str, index: Mapping[str, int]) -> int:
    return index[stance] if any(s.id == stance for s in game.stances_of(fid)) else -2


#: THRUM 26-27's answers as the kernel numbers them.
COVER_CODES = {"none": 0, "cover": 1, "obstructed": 2}


class _Cover:
    """THRUM 26-27 between two combatants with some removed (their squares empty), through the rules' own
    geometry: 0 none, 1 cover, 2 obstructed; remembered per (attacker, target, removed)."""

    def __init__(self, game: ThrumGame, squares: tuple[tuple[int, int], ...]) -> None:
        self.game = game
        self.squares = squares
        self.known: dict[tuple[int, int, int], int] = {}

    def __call__(self, attacker: int, target: int, removed: int) -> int:
        key = (attacker, target, removed)
        found = self.known.get(key)
        if found is None:
            others = [
                p for c, p in enumerate(self.squares) if c not in (attacker, target) and not removed >> c & 1
            ]
            height = self.game.options.character_cover_height
            result = geometry.cover(
                self.game.board, self.squares[attacker], self.squares[target], others, character_height=height
            )
            found = self.known[key] = COVER_CODES[result]
        return found
