"""What the Far Recon line-up kernel knows of a fight before it plays it (issue 16 part B): whether the fight
lies within its coverage (else why not), and the static numbers of every blow, read once through the rules'
own functions (:mod:`tactica.systems.farrecon.attacks`, :mod:`~tactica.systems.farrecon.ai`).

The coverage (docs/performance.md, "farrecon-line"): two sides, both played by the default AI; a *still* map,
where every square that is not a wall holds a combatant, so nobody ever moves (the AI's repositioning,
fleeing when panicked, finds no square); **no two allies adjacent**, so the AI never treats a downed ally
(``ai._care``: anyone treats, Medicine 0 included, and a treated fighter may wake; a hurt medic treating
itself is played); initiative fixed in the scenario with no two equal totals (no simultaneous
slot: no 1dN conflict ordering, no results deferred to the end of a slot); everyone in the fight from the
start, conscious, not broken down; every weapon a melee weapon against Body (touch attacks included);
the rule options at their defaults except those the kernel reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from tactica.analysis.kernels.coverage import default_ai_problem, first_problem, full_map
from tactica.analysis.kernels.dice import outcome_faces
from tactica.analysis.sim import MAX_ACTIONS
from tactica.engine import Game
from tactica.engine.action import Action
from tactica.systems.farrecon import ai, attacks
from tactica.systems.farrecon.options import FarReconOptions
from tactica.systems.farrecon.setup import FarReconGame
from tactica.systems.farrecon.sheet import Character, Weapon
from tactica.systems.farrecon.state import FarReconState, Fighter

Ints = npt.NDArray[np.int64]
#: The options the kernel plays as the engine does; every other option must keep its default.
READ_OPTIONS = frozenset(
    {"fudge_dice", "double_critical", "double_critical_extra", "critical_min_margin", "critical_extra",
     "critical_complications", "combat_ties", "touch_tie_tiers", "dodges_per_round", "dodge_reset",
     "confined_open_neighbours", "damage_tiers", "aspect_bonus", "action_points", "body_roll",
     "default_pdef", "treat_dc", "treat_heal", "touch_dodge_tie", "max_rounds"}
)  # fmt: skip
#: The most actions a covered fighter's slot takes (an attack and the defender's answer, or the end).
ACTIONS_PER_SLOT = 2


@dataclass(frozen=True)
class Choices:
    """The (weapon, target) pairs of one fighter's attacks the AI may ever choose: every weapon against every
    enemy next to it, with what ``ai._expected`` makes of each before the target's health (``worth``), and
    the pairs' indices in the descending order of the action's text (the AI keeps the greatest text among
    equal worths). Tagged, every text ends in " +tag": the same order, as no id or weapon name holds a space
    or a character below it."""

    weapon: Ints
    target: Ints
    worth: npt.NDArray[np.float64]
    by_text: Ints


@dataclass(frozen=True)
class Model:
    """Everything a covered fight depends on (per fighter: setup order)."""

    ids: tuple[str, ...]
    sides: tuple[str, ...]
    side: Ints
    order: tuple[int, ...]  # the fighters in slot order (initiative, highest first)
    health: Ints
    body: Ints  # base Body: the bound of rule 19, and "hurt" at half of it
    ap: Ints
    aspects: npt.NDArray[np.bool_]
    dodges: Ints  # dodges a round
    may_dodge: npt.NDArray[np.bool_]  # not confined, not restrained
    aware: npt.NDArray[np.bool_]  # at the start (the unaware cannot dodge until their first turn)
    agility: Ints
    pdef: Ints
    body_roll: Ints  # the Body roll's modifier (D10)
    medicine: Ints
    #: per weapon (every weapon anyone carries): Base Damage, DI = di_num / di_den exactly, dodgeable
    base_damage: Ints
    di_num: Ints
    di_den: Ints
    dodgeable: npt.NDArray[np.bool_]
    touch: npt.NDArray[np.bool_]  # a touch attack: wins ties (rule 13)
    stuns: npt.NDArray[np.bool_]  # a touch attack that stuns
    skill: Ints  # (fighters, weapons): the attack skill, 0 for a weapon it does not carry
    choices: tuple[Choices, ...]  # per fighter
    foes: npt.NDArray[np.bool_]  # (fighters, fighters): adjacent enemies
    options: FarReconOptions
    #: per outcome of the fudge dice (numbered as ``farrecon_blows.fudge_outcome``): the faces' sum, and
    #: whether every die shows + (a critical success) or - (a critical failure), Far Recon 1, 3-4
    fudge_sum: Ints
    fudge_success: npt.NDArray[np.bool_]
    fudge_failure: npt.NDArray[np.bool_]


# -- coverage ---------------------------------------------------------------------------------------------


def model_of(game: Game, policies: Mapping[str, str]) -> Model | str:
    """The model of a covered fight, or the first reason the fight is not covered."""
    if not isinstance(game, FarReconGame):
        return "not a Far Recon fight"
    state = game.system.new_state(game)
    assert isinstance(state, FarReconState)
    why = first_problem(_problems(game, state, policies))
    return why if why is not None else _model(game, state)


def _problems(game: FarReconGame, state: FarReconState, policies: Mapping[str, str]) -> list[str | None]:
    sides = list(dict.fromkeys(f.side for f in state.fighters.values()))
    return [
        default_ai_problem(policies),
        None if len(sides) == 2 else f"{len(sides)} sides (the kernel plays two)",
        _option_problem(game.options),
        None if full_map(game.board, len(state.fighters)) else "a free square: someone could move",
        _initiative_problem(game, state),
        *(_fighter_problem(game, state, f) for f in state.fighters.values()),
        _action_limit(game, state),
    ]


def _option_problem(options: FarReconOptions) -> str | None:
    default = FarReconOptions.model_validate({})
    changed = [k for k in FarReconOptions.model_fields if k not in READ_OPTIONS]
    bad = [k for k in changed if getattr(options, k) != getattr(default, k)]
    return f"option {bad[0]} is not its default" if bad else None


def _initiative_problem(game: FarReconGame, state: FarReconState) -> str | None:
    fixed = game.spec.initiative or {}
    rolled = [f.id for f in state.fighters.values() if f.id not in fixed and f.present]
    if rolled:
        return f"{rolled[0]} rolls initiative (ties would share a simultaneous slot, Far Recon 5-6)"
    if len(set(fixed.values())) < len(fixed):
        return "two fixed initiative totals are equal (a simultaneous slot, Far Recon 5-6)"
    return None


def _fighter_problem(game: FarReconGame, state: FarReconState, f: Fighter) -> str | None:
    if not f.present:
        return f"{f.id} joins late"
    if not (f.conscious and f.mind > 0):
        return f"{f.id} is not conscious and sane at the start"
    if any(_ally_next(game, f, o) for o in state.fighters.values()):
        return f"{f.id} stands next to an ally (the AI treats a downed ally next to it)"
    return next((_weapon_problem(f, w) for w in game.weapons_of(f.id) if _weapon_problem(f, w)), None)


def _ally_next(game: FarReconGame, f: Fighter, other: Fighter) -> bool:
    return other.id != f.id and other.side == f.side and game.board.distance(f.pos, other.pos) <= 1


def _weapon_problem(f: Fighter, weapon: Weapon) -> str | None:
    if weapon.kind != "melee":
        return f"{f.id}'s {weapon.name} is not a melee weapon"
    if weapon.harms != "body":
        return f"{f.id}'s {weapon.name} harms Mind"
    return None


def _action_limit(game: FarReconGame, state: FarReconState) -> str | None:
    most = len(state.fighters) * ACTIONS_PER_SLOT * game.options.max_rounds
    if most > MAX_ACTIONS:
        return f"max_rounds {game.options.max_rounds} could outlast sim's {MAX_ACTIONS:,} actions"
    return None


# -- the static numbers -------------------------------------------------------------------------------------


def _model(game: FarReconGame, state: FarReconState) -> Model:
    fighters = list(state.fighters.values())
    ids = tuple(f.id for f in fighters)
    sides = tuple(dict.fromkeys(f.side for f in fighters))
    names = list(dict.fromkeys(w.name for f in fighters for w in game.weapons_of(f.id)))
    weapons = [game.weapons[n] for n in names]
    fixed = game.spec.initiative or {}
    sheets = [game.sheet(f.id) for f in fighters]
    options = game.options
    # every outcome of the fudge dice (the first die the most significant base-3 digit), face by face
    faces = outcome_faces([(options.fudge_dice, 3)]) - 2

    def each(values: list[int]) -> Ints:
        return np.array(values, dtype=np.int64)

    skill = np.zeros((len(fighters), len(names)), dtype=np.int64)
    for c, f in enumerate(fighters):
        for w in game.weapons_of(f.id):
            skill[c, names.index(w.name)] = game.skill(f.id, w.attack_skill)
    return Model(
        ids=ids,
        sides=sides,
        side=each([sides.index(f.side) for f in fighters]),
        order=tuple(sorted(range(len(ids)), key=lambda c: -fixed[ids[c]])),
        health=each([f.health for f in fighters]),
        body=each([s.body for s in sheets]),
        ap=each([f.ap for f in fighters]),
        aspects=np.array([bool(s.aspects) for s in sheets]),
        dodges=each([s.dodges_of(options) for s in sheets]),
        may_dodge=np.array([not (f.restrained or attacks.confined(game, f.pos)) for f in fighters]),
        aware=np.array([f.aware for f in fighters]),
        agility=each([game.skill(f.id, "agility") for f in fighters]),
        pdef=each([game.skill(f.id, "pdef") for f in fighters]),
        body_roll=each([_body_roll(s, options) for s in sheets]),
        medicine=each([game.skill(f.id, "medicine") for f in fighters]),
        base_damage=each([w.base_damage for w in weapons]),
        di_num=each([w.di.numerator for w in weapons]),
        di_den=each([w.di.denominator for w in weapons]),
        dodgeable=np.array([w.dodgeable for w in weapons]),
        touch=np.array([w.touch for w in weapons]),
        stuns=np.array([w.touch and w.effect == "stun" for w in weapons]),
        skill=skill,
        choices=tuple(_choices(game, fighters, c, names) for c in range(len(fighters))),
        foes=np.array([[_foe(game, f, o) for o in fighters] for f in fighters]),
        options=options,
        fudge_sum=faces.sum(axis=1),
        fudge_success=(faces == 1).all(axis=1),
        fudge_failure=(faces == -1).all(axis=1),
    )


def _body_roll(sheet: Character, options: FarReconOptions) -> int:
    """D10: the Body roll's modifier (``vitals.dying_roll``)."""
    return sheet.body if options.body_roll == "base_body" else sheet.skill("body", options)


def _foe(game: FarReconGame, f: Fighter, other: Fighter) -> bool:
    return other.side != f.side and game.board.distance(f.pos, other.pos) <= 1


def _choices(game: FarReconGame, fighters: list[Fighter], c: int, names: list[str]) -> Choices:
    """Every (weapon, adjacent enemy) of fighter ``c``, with ``ai._expected`` at 0 health (the AI takes 0.3 x
    the target's health off it) and the text of its action."""
    me = fighters[c]
    pairs = [(w, t) for w in game.weapons_of(me.id) for t, o in enumerate(fighters) if _foe(game, me, o)]
    texts = [str(Action(me.id, "attack", fighters[t].id, using=w.name)) for w, t in pairs]
    return Choices(
        np.array([names.index(w.name) for w, _ in pairs], dtype=np.int64),
        np.array([t for _, t in pairs], dtype=np.int64),
        np.array([ai._expected(game, me, me.pos, _healthless(fighters[t]), w) for w, t in pairs]),
        np.array(sorted(range(len(texts)), key=lambda i: texts[i], reverse=True), dtype=np.int64),
    )


def _healthless(f: Fighter) -> Fighter:
    """A copy of ``f`` at 0 health: what ``ai._expected`` makes of a target before its health counts."""
    return Fighter(f.id, f.side, f.pos, 0, f.mind)
