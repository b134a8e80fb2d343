"""What the Star Rangers melee kernel knows of a fight before it plays it (issue 16 part B): whether the
fight lies within its coverage (else why not), and the static numbers of every blow, worked out once through
the rules' own functions (:mod:`tactica.systems.srb.attacks`).

The coverage (docs/performance.md, "srb-melee"): two sides, both played by the default AI; a *still* map,
where every square that is not a wall holds a combatant, so nobody ever moves (the AI closes in only by
moving; Heavy melee's knockback and a fumbled unarmed strike's fall find every square taken, rule 13, 22.3);
everyone aware (no surprise round), up, standing and not tired; nothing on the ground; no powers; every
weapon an unpowered melee weapon (at most one held, and in hand) or a natural or unarmed attack, whose damage
only adds plain dice; the rule options at their defaults except those the kernel reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tactica.analysis.kernels.coverage import action_limit, default_ai_problem, first_problem, full_map
from tactica.dice import parse
from tactica.engine import Game
from tactica.systems.srb import attacks, movement
from tactica.systems.srb.options import StarRangersOptions
from tactica.systems.srb.setup import UNARMED, SrbGame
from tactica.systems.srb.sheet import Weapon, modifier, size_modifier, size_rank
from tactica.systems.srb.state import Fighter, SrbState

Pos = tuple[int, int]
#: The options the kernel plays as the engine does; every other option must keep its default.
READ_OPTIONS = frozenset(
    {"critical_confirm", "critical_multiplier", "knockback_dc", "strength_damage", "heavy_random_attack",
     "max_rounds", "size_boundary"}
)  # fmt: skip
#: The most actions a covered fighter takes in a turn (stand, pick up or perceive; attack, pick up or
#: perceive; end).
ACTIONS_PER_TURN = 3
#: The squares a flung weapon may fly (rule 22.3: 1d6).
FLIGHT = 6


@dataclass(frozen=True)
class Arm:
    """A weapon as the kernel uses it: ``held`` weapons go in the hand and may be flung, dropped, broken and
    picked up (the table's 'melee' column); the others are unarmed strikes and natural weapons ('unarmed')."""

    name: str
    held: bool
    reach: int
    mean: float  # the AI's mean damage (``ai._mean``)
    terms: tuple[tuple[int, int], ...]  # (count, sides) in rolling order
    constant: int
    attack_bonus: int
    touch: bool
    fort: int


@dataclass(frozen=True)
class Combatant:
    """The static numbers of one combatant (setup order)."""

    id: str
    side: int
    square: int  # index into :attr:`Model.squares`
    hp: int
    bab_size: int  # BAB + size modifier (rule 19, 21)
    size_mod: int
    str_mod: tuple[int, int]  # (rested, tired): critical failure 5 is -2 STR and DEX
    dex_mod: tuple[int, int]
    class_defense: int
    equipment_defense: int
    initiative_mod: int
    fixed_initiative: int | None
    hand: int  # index into :attr:`Model.arms`, -1 for an empty hand


@dataclass(frozen=True)
class Model:
    """Everything a covered fight depends on."""

    ids: tuple[str, ...]
    sides: tuple[str, ...]
    fighters: tuple[Combatant, ...]
    arms: tuple[Arm, ...]
    squares: tuple[Pos, ...]
    #: per fighter and verb ("heavy-melee", "attack"): (weapon, target) pairs it may ever attack with, in the
    #: order of their action's text (the AI's tie-break keeps the last of equal keys)
    choices: Mapping[tuple[int, str], tuple[tuple[int, int], ...]]
    #: per (fighter, weapon): who stands exactly at the weapon's reach (critical failure 9), setup order
    strays: Mapping[tuple[int, int], tuple[int, ...]]
    #: per (fighter, target): the square a flung weapon lands on, by direction (0-7) and squares (1-6)
    flights: Mapping[tuple[int, int], tuple[tuple[int, ...], ...]]
    #: per (attacker, target): the d20s of a Heavy melee's knockback (0: the target is larger)
    knockback_dice: Mapping[tuple[int, int], int]
    confirm: bool
    multiplier: int
    strength_damage: bool
    heavy_random_plus_two: bool
    max_rounds: int


# -- coverage ---------------------------------------------------------------------------------------------


def model_of(game: Game, ai: Mapping[str, str]) -> Model | str:
    """The model of a covered fight, or the first reason the fight is not covered."""
    if not isinstance(game, SrbGame):
        return "not a Star Rangers fight"
    state = game.system.new_state(game)
    assert isinstance(state, SrbState)
    why = first_problem(_problems(game, state, ai))
    return why if why is not None else _model(game, state)


def _problems(game: SrbGame, state: SrbState, ai: Mapping[str, str]) -> list[str | None]:
    sides = list(dict.fromkeys(f.side for f in state.fighters.values()))
    return [
        default_ai_problem(ai),
        None if len(sides) == 2 else f"{len(sides)} sides (the kernel plays two)",
        _option_problem(game.options),
        "items lie on the ground at the start" if state.ground else None,
        None
        if full_map(game.board, len(state.fighters))
        else "a free square: someone could move (or be knocked back into it)",
        *(_fighter_problem(game, f) for f in state.fighters.values()),
        action_limit(len(state.fighters) * ACTIONS_PER_TURN, game.options.max_rounds),
    ]


def _option_problem(options: StarRangersOptions) -> str | None:
    default = StarRangersOptions.model_validate({})
    changed = [k for k in StarRangersOptions.model_fields if k not in READ_OPTIONS]
    bad = [k for k in changed if getattr(options, k) != getattr(default, k)]
    return f"option {bad[0]} is not its default" if bad else None


def _fighter_problem(game: SrbGame, f: Fighter) -> str | None:
    sheet = game.sheet(f.id)
    if not f.aware:
        return f"{f.id} is unaware (a surprise round)"
    if not f.up or f.prone or f.tired:
        return f"{f.id} does not start up, standing and rested"
    if sheet.powers:
        return f"{f.id} has powers"
    weapons = [game.weapons[n] for n in f.gear]
    if any(w.kind != "melee" or w.category not in ("melee", "natural") for w in weapons):
        return f"{f.id} carries a weapon that is not an unpowered melee or natural weapon"
    held = [w.name for w in weapons if w.in_hand]
    if len(held) > 1 or (held and f.hand != held[0]):
        return f"{f.id} carries more than one held weapon, or has one that is not in hand"
    return next((_dice_problem(w) for w in [*weapons, game.weapons[UNARMED]] if _dice_problem(w)), None)


def _dice_problem(w: Weapon) -> str | None:
    expr = parse(w.damage)
    if any(t.keep is not None or t.sign < 0 or t.die.fudge for t in expr.terms):
        return f"the {w.name}'s damage {w.damage} keeps, drops, subtracts or uses Fudge dice"
    return None


# -- the model --------------------------------------------------------------------------------------------


def _model(game: SrbGame, state: SrbState) -> Model:
    fighters = list(state.fighters.values())
    sides = tuple(dict.fromkeys(f.side for f in fighters))
    arms = _arms(game, fighters)
    names = [a.name for a in arms]
    squares = tuple(p for p in game.board.cells() if not game.board.terrain(p).wall)
    combatants = tuple(_combatant(game, f, sides, names, squares) for f in fighters)
    options = game.options
    return Model(
        ids=tuple(f.id for f in fighters),
        sides=sides,
        fighters=combatants,
        arms=arms,
        squares=squares,
        choices=_choices(game, state, fighters, arms),
        strays=_strays(game, fighters, arms),
        flights=_flights(game, fighters, squares),
        knockback_dice=_knockback_dice(game, fighters),
        confirm=options.critical_confirm,
        multiplier=options.critical_multiplier,
        strength_damage=options.strength_damage == "melee_and_thrown",
        heavy_random_plus_two=options.heavy_random_attack == "plus_two",
        max_rounds=options.max_rounds,
    )


def _arms(game: SrbGame, fighters: list[Fighter]) -> tuple[Arm, ...]:
    """Every held weapon of the fight (anyone may pick one up), then every natural weapon, then unarmed."""
    held = dict.fromkeys(n for f in fighters for n in f.gear if game.weapons[n].in_hand)
    natural = dict.fromkeys(n for f in fighters for n in f.gear if not game.weapons[n].in_hand)
    return tuple(_arm(game.weapons[n]) for n in [*held, *natural, UNARMED])


def _arm(w: Weapon) -> Arm:
    expr = parse(w.damage)
    return Arm(
        w.name,
        w.in_hand,
        w.reach,
        float(expr.mean()),
        tuple((t.count, t.die.sides) for t in expr.terms),
        expr.constant,
        w.attack_bonus,
        w.touch,
        w.fort,
    )


def _combatant(
    game: SrbGame, f: Fighter, sides: tuple[str, ...], names: list[str], squares: tuple[Pos, ...]
) -> Combatant:
    sheet = game.sheet(f.id)
    size = game.sizes[f.id]
    fixed = (game.spec.initiative or {}).get(f.id)
    return Combatant(
        id=f.id,
        side=sides.index(f.side),
        square=squares.index(f.pos),
        hp=f.hp,
        bab_size=sheet.bab + size_modifier(size),
        size_mod=size_modifier(size),
        str_mod=(modifier(sheet.str_), modifier(sheet.str_ - 2)),
        dex_mod=(modifier(sheet.dex), modifier(sheet.dex - 2)),
        class_defense=sheet.class_defense,
        equipment_defense=sheet.equipment_defense,
        initiative_mod=sheet.initiative_mod,
        fixed_initiative=fixed,
        hand=names.index(f.hand) if f.hand is not None else -1,
    )


def _choices(
    game: SrbGame, state: SrbState, fighters: list[Fighter], arms: tuple[Arm, ...]
) -> dict[tuple[int, str], tuple[tuple[int, int], ...]]:
    """Per fighter and verb, the (weapon, target) pairs it could attack with (the targets each weapon
    reaches from its square, in sight: ``attacks.target_problem``), sorted by their action's text."""
    out = {}
    for c, f in enumerate(fighters):
        mine = [i for i, a in enumerate(arms) if a.held or a.name in f.gear or a.name == UNARMED]
        pairs = [
            (w, t)
            for w in mine
            for t, other in enumerate(fighters)
            if attacks.target_problem(game, state, f, game.weapons[arms[w].name], other) is None
        ]
        for verb in ("heavy-melee", "attack"):
            out[c, verb] = tuple(sorted(pairs, key=lambda p: f"{f.id} {verb} {fighters[p[1]].id} with "
                                                             f"{arms[p[0]].name}"))  # fmt: skip
    return out


def _strays(
    game: SrbGame, fighters: list[Fighter], arms: tuple[Arm, ...]
) -> dict[tuple[int, int], tuple[int, ...]]:
    """Critical failure 9, melee: the others standing exactly at the weapon's reach (``random_targets``)."""
    distance = game.board.distance
    return {
        (c, w): tuple(
            o for o, other in enumerate(fighters) if o != c and distance(f.pos, other.pos) == a.reach
        )
        for c, f in enumerate(fighters)
        for w, a in enumerate(arms)
    }


def _flights(
    game: SrbGame, fighters: list[Fighter], squares: tuple[Pos, ...]
) -> dict[tuple[int, int], tuple[tuple[int, ...], ...]]:
    """Critical failure 3, melee weapons: where the weapon lands, per direction and squares flown, when it
    is flung from the attacker's square (``movement.fly``); direction 0 is toward the target."""
    out = {}
    for c, f in enumerate(fighters):
        for t, other in enumerate(fighters):
            forward = movement.facing(f.pos, other.pos)
            out[c, t] = tuple(
                tuple(
                    squares.index(movement.fly(game, f.pos, (forward + turn) % 8, n))
                    for n in range(FLIGHT + 1)
                )
                for turn in range(8)
            )
    return out


def _knockback_dice(game: SrbGame, fighters: list[Fighter]) -> dict[tuple[int, int], int]:
    """Rule 13, B5: a Heavy melee that hits a target of the same or a smaller size rolls the attacker's STR
    check (not with option ``knockback_dc: fixed``) and the target's Fortitude save; the push always finds
    the square taken on a still map."""
    rolls = 2 if game.options.knockback_dc == "str_check" else 1
    return {
        (c, t): 0 if size_rank(game.sizes[o.id]) > size_rank(game.sizes[f.id]) else rolls
        for c, f in enumerate(fighters)
        for t, o in enumerate(fighters)
    }
