"""The Phase 3d6 line-up kernel (issue 16 part B): N against M melee fighters in contact, each within reach
and within 2 hexes of every enemy, the default AI on both sides, played for thousands of fights at once
(:mod:`~.phase3d6_places` plays it).

The duel kernel's model (:mod:`~.phase3d6_duel`) for every (attacker, target) pair: every Phase, in
initiative order, each fighter recovers from being Stunned or attacks the enemy still in the fight with the
least STUN (ties by id, ``ai._attack``) with the manoeuvre the default AI's ``maneuver_for`` picks from its
OCV less that enemy's DCV of the moment; the target may Abort to a Dodge when low on STUN (``ai._answer``).
With every enemy in reach and within 2 hexes, the default AI never moves nor Takes a Recovery while the fight
goes on (``ai._care``, ``ai._advance``). Every number comes from the rules' own helpers on the starting
state, as for the duel. :func:`model_of` says why any other fight is not covered; it runs on the engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import product

import numpy as np
import numpy.typing as npt

from tactica.analysis.kernels.base import ModelKernel, Outcomes
from tactica.analysis.kernels.coverage import action_limit, first_problem
from tactica.analysis.kernels.dice import KernelDice, outcome_faces
from tactica.analysis.kernels.phase3d6_blows import ATTACK_DICE, GUARDS, ROLLS, USED, Harm, Ints
from tactica.analysis.kernels.phase3d6_duel import (
    DODGE,
    NEAR,
    STRIKE,
    Defences,
    fighter_problem,
    listed_attacks,
    maneuver_problem,
    recovery,
    weapon_problem,
)
from tactica.analysis.kernels.phase3d6_harm import harm, harm_problem
from tactica.analysis.kernels.phase3d6_places import play
from tactica.engine import Action, Fight, Game
from tactica.systems.phase3d6 import ai as default_ai
from tactica.systems.phase3d6 import combat, items
from tactica.systems.phase3d6.duel import basic_weapon
from tactica.systems.phase3d6.setup import Phase3d6Game
from tactica.systems.phase3d6.state import Fighter, Phase3d6State

#: The most actions of one fighter's place: its attack, the target's answer to the Abort offer, its ``end``.
ACTIONS_PER_PLACE = 3


@dataclass(frozen=True)
class Lineup:
    """Everything one fight of the line-up depends on; per fighter arrays in setup order.

    ``side[x]``: index into ``sides``; ``id_rank[x]``: x's place among the ids sorted (the AI's tie-break);
    ``enemies[x, y]``; ``choice[x, y, g]``: the manoeuvre (1-based in ``maneuvers[x]``) x attacks y with
    when y's defence state and Stunned flag are column ``g`` (as in :class:`~.phase3d6_blows.Duel`);
    ``hits``: flat, ``[((x * F + y) * USED + m) * GUARDS + g) * ROLLS + o]``: x's attack with manoeuvre m
    hits y in column g on the attack roll's outcome o; ``blows[x][m - 1]``: its damage dice, with ``lost`` and
    ``wounds`` one row per target; ``dodges[x]``: x Aborts to a Dodge when attacked low on STUN;
    ``guarded``: whether defence states change anything; ``scores``/``rolled``: initiative (E14)."""

    ids: tuple[str, ...]
    sides: tuple[str, ...]
    side: Ints
    stun: Ints
    body: Ints
    stunned: Ints
    max_stun: Ints
    rec: Ints
    con: Ints
    id_rank: Ints
    enemies: npt.NDArray[np.bool_]
    maneuvers: tuple[tuple[str, ...], ...]
    choice: Ints
    hits: npt.NDArray[np.bool_]
    blows: tuple[tuple[Harm, ...], ...]
    dodges: npt.NDArray[np.bool_]
    guarded: bool
    scores: Ints
    rolled: npt.NDArray[np.bool_]
    hero_stunned: bool
    every_phase: bool
    max_rounds: int

    @property
    def phases(self) -> int:
        """The last global Phase before the Turn limit cuts the fight off."""
        return 4 * self.max_rounds

    @property
    def size(self) -> int:
        return len(self.ids)

    @property
    def by_rank(self) -> Ints:
        """The fighters in the order of their ids (``id_rank`` inverted)."""
        return np.argsort(self.id_rank)

    @property
    def foes(self) -> tuple[Ints, Ints]:
        """The fighters each side attacks (those of the other side), in setup order."""
        return (np.flatnonzero(self.side == 1), np.flatnonzero(self.side == 0))


# -- coverage -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Roster(Defences):
    """The fighters (setup order), their basic melee weapons and the default AI's attacks (its first
    listed weapon, every manoeuvre), as the rules list them at a fresh place."""

    attacks: tuple[tuple[Action, ...], ...]

    def enemies(self, x: int) -> list[int]:
        return [y for y, f in enumerate(self.fighters) if f.side != self.fighters[x].side]

    @property
    def dodges(self) -> bool:
        """Whether everybody Aborts to a Dodge when low on STUN (the default AI: when the rules have one)."""
        return self.dodger(0)

    def pick(self, x: int, y: int, theirs: Sequence[str], guard: int) -> str:
        """The manoeuvre x attacks y with when y (who may use ``theirs``) is in column ``guard``."""
        gap = self.ocv(x) - self.dcv(y, theirs, guard)
        action = default_ai.maneuver_for(self.game, list(self.attacks[x]), gap)
        return action.flags[0] if action.flags else STRIKE


def model_of(game: Game, ai: Mapping[str, str]) -> Lineup | str:
    """The line-up's model, or why the kernel does not cover the fight."""
    assert isinstance(game, Phase3d6Game)
    others = sorted(set(ai.values()) - {"default"})
    if others:
        return f"the AI '{others[0]}' (the kernel follows the default AI)"
    state = Fight(game, seed=0).state
    assert isinstance(state, Phase3d6State)
    fighters = tuple(state.fighters.values())
    problem = _setup_problem(game, state, fighters)
    if problem:
        return problem
    weapons = tuple(basic_weapon(game, f) for f in fighters)
    if any(w is None for w in weapons):
        return next(
            f"{f.id} has no melee attack" for f, w in zip(fighters, weapons, strict=True) if w is None
        )
    roster = Roster(game, fighters, tuple(w for w in weapons if w is not None), ())
    problem = next(filter(None, (_contact_problem(roster, state, x) for x in range(len(fighters)))), None)
    if problem:
        return problem
    roster = Roster(
        game, fighters, roster.weapons, tuple(_attacks(roster, state, x) for x in range(len(fighters)))
    )
    used = _used(roster)
    if isinstance(used, str):
        return used
    return _blow_problem(roster, used) or _lineup(roster, used)


def _setup_problem(game: Phase3d6Game, state: Phase3d6State, fighters: Sequence[Fighter]) -> str | None:
    sides = list(dict.fromkeys(f.side for f in fighters))
    if len(sides) != 2:
        return f"{len(sides)} sides (the kernel plays two)"
    return action_limit(ACTIONS_PER_PLACE * len(fighters) * 4, game.options.max_rounds) or first_problem(
        fighter_problem(f) for f in fighters
    )


def _contact_problem(roster: Roster, state: Phase3d6State, x: int) -> str | None:
    """Why fighter x might do something else than attack, recover or dodge (``ai._care``, ``ai._advance``,
    ``ai._attack``): draw or pick up a weapon, Take a Recovery (an enemy more than 2 hexes away), move (an
    enemy out of reach), attack with another weapon than its basic melee one."""
    game, me, weapon = roster.game, roster.fighters[x], roster.weapons[x]
    problem = weapon_problem(weapon)
    if problem:
        return problem
    if me.drawn is None and any(
        a.verb in ("draw", "pickup") for a in items.candidates(state, me, move_open=True)
    ):
        return f"{me.id} has empty hands and a weapon to draw or pick up (the default AI would)"
    for y in roster.enemies(x):
        enemy = roster.fighters[y]
        apart = game.board.distance(me.pos, enemy.pos)
        if apart > NEAR:
            return (
                f"{me.id} stands {apart} hexes from {enemy.id}: low on STUN, the default AI would Take a"
                " Recovery"
            )
        listed = listed_attacks(game, state, me, enemy)
        if not listed:
            return f"{me.id} cannot reach {enemy.id} from where it stands (the default AI would move)"
        if listed[0].using != weapon.name:
            return f"{me.id}'s default AI attacks with {listed[0].using}, not its melee weapon {weapon.name}"
    if DODGE in combat.defensive_maneuvers(game) and combat.keeps_guard(game, DODGE):
        return "the Dodge keeps a guard for the next attack"
    return None


def _attacks(roster: Roster, state: Phase3d6State, x: int) -> tuple[Action, ...]:
    """x's attacks with its basic melee weapon on its first enemy, one per manoeuvre (the same on each)."""
    listed = listed_attacks(roster.game, state, roster.fighters[x], roster.fighters[roster.enemies(x)[0]])
    return tuple(a for a in listed if a.using == roster.weapons[x].name)


def _used(roster: Roster) -> list[list[str]] | str:
    """The manoeuvres each fighter may attack with: those it picks against every defence each enemy may
    be in, which depends on the enemies' own picks (worked out until nothing new turns up)."""
    used: list[list[str]] = [[] for _ in roster.fighters]
    grown = True
    while grown:
        grown = False
        for x, y in product(range(len(used)), range(len(used))):
            if y not in roster.enemies(x):
                continue
            for guard in roster.guards(y, used[y]):
                name = roster.pick(x, y, used[y], guard)
                if name not in used[x]:
                    used[x].append(name)
                    grown = True
            if len(used[x]) >= USED:
                return (
                    f"{roster.fighters[x].id} may attack with {len(used[x])} manoeuvres (the kernel plays 2)"
                )
    return used


def _blow_problem(roster: Roster, used: Sequence[Sequence[str]]) -> str | None:
    game = roster.game
    names = [m for ms in used for m in ms]
    return (
        maneuver_problem(game, names)
        or _dodge_problem(roster, used)
        or next(
            filter(
                None,
                (harm_problem(game, roster.weapons[x], m) for x in range(len(used)) for m in used[x]),
            ),
            None,
        )
    )


def _dodge_problem(roster: Roster, used: Sequence[Sequence[str]]) -> str | None:
    """A second Dodge before the dodger's next place must not change its DCV: the kernel keeps one flag."""
    if not roster.dodges:
        return None
    for y, f in enumerate(roster.fighters):
        for names, stunned in product([[], *([m] for m in used[y])], (False, True)):
            once, twice = (
                combat.defence(roster.game, f.id, [*names, *dodges], surprised=False, stunned=stunned)
                for dodges in ([DODGE], [DODGE, DODGE])
            )
            if once != twice:
                return "a second Dodge changes the DCV (its penalty stacks, rule 13)"
    return None


# -- the tables -------------------------------------------------------------------------------------------


def _choices(roster: Roster, used: Sequence[Sequence[str]]) -> Ints:
    """``Lineup.choice`` (columns an enemy never reaches: the first manoeuvre)."""
    size = len(used)
    table = np.ones((size, size, GUARDS), dtype=np.int64)
    for x in range(size):
        for y in roster.enemies(x):
            for guard in roster.guards(y, used[y]):
                table[x, y, guard] = used[x].index(roster.pick(x, y, used[y], guard)) + 1
    return table


def _hits(roster: Roster, used: Sequence[Sequence[str]]) -> npt.NDArray[np.bool_]:
    """``Lineup.hits``, by the rules' ``combat.hits`` on every total of the attack roll."""
    totals = outcome_faces(ATTACK_DICE).sum(axis=1)
    size = len(used)
    table = np.zeros((size, size, USED, GUARDS, ROLLS), dtype=np.bool_)
    for x in range(size):
        for (m, name), y in product(enumerate(used[x], 1), roster.enemies(x)):
            mine = roster.ocv(x, name)
            for guard in roster.guards(y, used[y]):
                theirs = roster.dcv(y, used[y], guard)
                table[x, y, m, guard] = [combat.hits(roster.game, int(t), mine, theirs) for t in totals]
    return table.ravel()


def _blows(roster: Roster, x: int, used: Sequence[str]) -> tuple[Harm, ...]:
    """What x's hit with each of its manoeuvres does, with one row of STUN and BODY lost per target."""
    out = []
    for name in used:
        rows = {
            y: harm(roster.game, roster.weapons[x], name, roster.fighters[y].id) for y in roster.enemies(x)
        }
        first = next(iter(rows.values()))
        lost = np.stack(
            [rows[y].lost if y in rows else np.zeros_like(first.lost) for y in range(len(roster.fighters))]
        )
        wounds = np.stack(
            [
                rows[y].wounds if y in rows else np.zeros_like(first.wounds)
                for y in range(len(roster.fighters))
            ]
        )
        out.append(Harm(first.chunks, first.codes, lost, wounds))
    return tuple(out)


def _guarded(
    roster: Roster, used: Sequence[Sequence[str]], choice: Ints, hits: npt.NDArray[np.bool_]
) -> bool:
    """Whether defence states change anything: a Dodge, or a column in which a pick or the odds to hit
    differ from those against no manoeuvre (with the same Stunned flag)."""
    if roster.dodges:
        return True
    size = len(used)
    table = hits.reshape(size, size, USED, GUARDS, ROLLS)
    for x in range(size):
        for y in roster.enemies(x):
            for guard in roster.guards(y, used[y]):
                plain = guard % 2
                if (
                    choice[x, y, guard] != choice[x, y, plain]
                    or (table[x, y, :, guard] != table[x, y, :, plain]).any()
                ):
                    return True
    return False


def _lineup(roster: Roster, used: list[list[str]]) -> Lineup:
    game, fighters = roster.game, roster.fighters
    sheets = [game.sheet(f.id) for f in fighters]
    sides = tuple(dict.fromkeys(f.side for f in fighters))
    fixed = game.spec.initiative or {}
    ranks = {fid: i for i, fid in enumerate(sorted(f.id for f in fighters))}
    choice, hits = _choices(roster, used), _hits(roster, used)

    def ints(values: Sequence[int]) -> Ints:
        return np.array(values, dtype=np.int64)

    return Lineup(
        ids=tuple(f.id for f in fighters),
        sides=sides,
        side=ints([sides.index(f.side) for f in fighters]),
        stun=ints([f.stun for f in fighters]),
        body=ints([f.body for f in fighters]),
        stunned=ints([int(f.stunned) for f in fighters]),
        max_stun=ints([s.stun for s in sheets]),
        rec=ints([recovery(game, s) for s in sheets]),
        con=ints([s.con for s in sheets]),
        id_rank=ints([ranks[f.id] for f in fighters]),
        enemies=np.array([[a.side != b.side for b in fighters] for a in fighters]),
        maneuvers=tuple(tuple(u) for u in used),
        choice=choice,
        hits=hits,
        blows=tuple(_blows(roster, x, used[x]) for x in range(len(fighters))),
        dodges=np.full(len(fighters), roster.dodges),
        guarded=_guarded(roster, used, choice, hits),
        scores=ints([fixed.get(f.id, s.initiative) for f, s in zip(fighters, sheets, strict=True)]),
        rolled=np.array([f.id not in fixed and game.options.initiative_roll for f in fighters]),
        hero_stunned=game.options.hero_stunned,
        every_phase=game.options.tie_break == "every_phase",
        max_rounds=game.options.max_rounds,
    )


class Phase3d6Lines(ModelKernel[Lineup]):
    """N against M Phase 3d6 melee fighters in contact, the default AI on both sides (docs/performance.md,
    "Phase 3d6: phase3d6-lines")."""

    name = "phase3d6-lines"
    system = "phase3d6"

    def build(self, game: Game, ai: Mapping[str, str]) -> Lineup | str:
        return model_of(game, ai)

    def play_model(self, model: Lineup, dice: KernelDice) -> Outcomes:
        return play(model, dice)
