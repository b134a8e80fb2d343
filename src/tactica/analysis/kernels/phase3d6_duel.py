"""The Phase 3d6 melee duel kernel: two adjacent fighters trading blows with their basic melee weapons, each
side's AI the default or ``trading-blows``, played for thousands of fights at once.

The model is the one behind ``odds --fight`` (:mod:`tactica.systems.phase3d6.duel`), with the default AI's
choices: every Phase, in initiative order, each fighter attacks the other with its basic melee weapon, or
recovers from being Stunned (option ``hero_stunned``). The ``trading-blows`` AI always Strikes and passes
every Abort; the default AI (:mod:`tactica.systems.phase3d6.ai`) attacks with the manoeuvre its own
``maneuver_for`` picks from its OCV less the other's DCV of the moment (a Haymaker at 3 or more), and Aborts
to a Dodge when attacked with its STUN below a third of its maximum. What the AI decides on — the other's
manoeuvres since its last place, its Dodge, its Stunned flag, its own STUN — is the fight's state, so the
kernel works out each choice for every such state once (by asking the AI's function) and looks it up lane by
lane. Every number comes from the rules' own helpers on the starting state (``combat.ocv``,
``combat.defence``, ``combat.hits``, ``combat.taken``, ``combat.body_of``), and :mod:`~.phase3d6_blows`
plays it die by die in the engine's order.

Whatever else the default AI might do in such a fight is refused from the setup (``covers`` gives the
reason): draw or pick up a weapon (empty hands), Take a Recovery (no enemy within 2 hexes), attack with
another weapon than the basic melee one, use a manoeuvre with an effect, or a Dodge that keeps a guard or
stacks with itself.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import product

import numpy as np
import numpy.typing as npt

from tactica.analysis.kernels import coverage
from tactica.analysis.kernels.base import ModelKernel, Outcomes
from tactica.analysis.kernels.dice import KernelDice, outcome_faces
from tactica.analysis.kernels.phase3d6_blows import ATTACK_DICE, GUARDS, ROLLS, USED, Duel, Ints, play
from tactica.analysis.kernels.phase3d6_harm import harm, harm_problem
from tactica.dice import parse
from tactica.engine import Action, Fight, Game
from tactica.systems.phase3d6 import ai as default_ai
from tactica.systems.phase3d6 import combat, duel, items
from tactica.systems.phase3d6.rules import Phase3d6
from tactica.systems.phase3d6.setup import Phase3d6Game
from tactica.systems.phase3d6.sheet import Character, Weapon
from tactica.systems.phase3d6.state import Fighter, Phase3d6State

#: The policies whose duel the kernel follows.
POLICIES = ("default", "trading-blows")
#: The manoeuvre of a plain attack, and the one the default AI Aborts to.
STRIKE, DODGE = "strike", "dodge"
#: Within this many hexes of an enemy the default AI never Takes a Recovery (``ai._care``).
NEAR = 2
#: The most actions of a Phase of the duel: each fighter's attack, the other's answer to the Abort offer
#: and its ``end``.
ACTIONS_PER_PHASE = 6

Chooser = Callable[[int], str]


def leader_odds(duel_: Duel) -> dict[str, float]:
    """The probability that each fighter's side acts first in Phase 1, without initiative rolls: the higher
    score, or a d20 tie-break re-rolled while tied (rule 3, E13)."""
    if any(duel_.rolled):
        raise ValueError("the initiative rolls 3d6 (E14): the leader's odds are not a fixed pair")
    a, b = duel_.scores
    first = 0.5 if a == b else float(a > b)
    return {duel_.sides[0]: first, duel_.sides[1]: 1.0 - first}


# -- coverage ---------------------------------------------------------------------------------------------


def fighter_problem(fighter: Fighter) -> str | None:
    """Why a fighter's starting state is outside the duel the kernel plays, or None."""
    if fighter.out:
        return f"{fighter.id} starts out of the fight"
    if not fighter.aware:
        return f"{fighter.id} starts unaware (a Surprise Phase)"
    if fighter.prone:
        return f"{fighter.id} starts prone"
    busy = fighter.held or fighter.guard or fighter.split or fighter.maneuvers
    if busy or fighter.lose_phase >= 0 or fighter.dodge_until >= 0:
        return f"{fighter.id} starts holding an action, a guard or a manoeuvre"
    return None


def weapon_problem(weapon: Weapon) -> str | None:
    """Why a weapon is not one the kernel plays: it uses ammunition, or its damage is not plain dice added
    up (no keep/drop, nothing subtracted, no Fudge)."""
    if weapon.ammo is not None:
        return f"{weapon.name} uses ammunition"
    expr = parse(weapon.damage)
    if any(t.keep or t.sign < 0 or t.die.fudge or t.die.min_face != 1 for t in expr.terms):
        return f"{weapon.name}'s damage {weapon.damage} keeps, drops or subtracts dice"
    return None


def default_problem(
    game: Phase3d6Game, state: Phase3d6State, me: Fighter, enemy: Fighter, weapon: Weapon
) -> str | None:
    """Why the default AI might do something in this duel that the kernel does not play (``ai._care``,
    ``ai._attack``): draw or pick up a weapon, Take a Recovery, attack with another weapon."""
    if me.drawn is None and any(
        a.verb in ("draw", "pickup") for a in items.candidates(state, me, move_open=True)
    ):
        return f"{me.id} has empty hands and a weapon to draw or pick up (the default AI would)"
    apart = game.board.distance(me.pos, enemy.pos)
    if apart > NEAR:
        return (
            f"{me.id} stands {apart} hexes from {enemy.id}: low on STUN, the default AI would Take a Recovery"
        )
    used = listed_attacks(game, state, me, enemy)[0].using
    if used != weapon.name:
        return f"{me.id}'s default AI attacks with {used}, not its basic melee weapon {weapon.name}"
    if DODGE in combat.defensive_maneuvers(game) and combat.keeps_guard(game, DODGE):
        return "the Dodge keeps a guard for the next attack"
    return None


def listed_attacks(game: Phase3d6Game, state: Phase3d6State, me: Fighter, enemy: Fighter) -> list[Action]:
    """The attacks the rules list for ``me`` on ``enemy`` at a fresh place of its own (not Stunned)."""
    probe = copy.deepcopy(state)
    probe.fighters[me.id].stunned = False
    system = game.system
    assert isinstance(system, Phase3d6)
    return [a for a in system.turn_actions(game, probe, me.id, ("attack",)) if a.target == enemy.id]


def maneuver_problem(game: Phase3d6Game, names: Sequence[str]) -> str | None:
    """Why a manoeuvre an AI would attack with is not one the kernel plays (a special effect)."""
    for name in names:
        if game.maneuvers[name].effects:
            return f"the {name} manoeuvre has special effects"
    return None


# -- the model --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Defences:
    """Fighters (setup order) and their basic melee weapons: each one's OCV at its place and its DCV in each
    *column* (defence state and Stunned flag, :mod:`~.phase3d6_blows`) it may be in."""

    game: Phase3d6Game
    fighters: tuple[Fighter, ...]
    weapons: tuple[Weapon, ...]

    def dodger(self, y: int) -> bool:
        """Whether y Aborts to a Dodge when low on STUN (the default AI, when the rules have a Dodge)."""
        return DODGE in combat.defensive_maneuvers(self.game)

    def ocv(self, x: int, maneuver: str | None = None) -> int:
        """x's OCV at its place (no manoeuvre yet), or at its attack roll with ``maneuver``."""
        f = self.fighters[x]
        return combat.ocv(self.game, Fighter(f.id, f.side, f.pos, 0, 0), self.weapons[x], maneuver)

    def dcv(self, y: int, used: Sequence[str], guard: int) -> int:
        """y's DCV in defence state and Stunned flag ``guard`` (a column of ``Duel.choice``)."""
        state, stunned = divmod(guard, 2)
        names = ([used[state // 2 - 1]] if state >= 2 else []) + ([DODGE] if state % 2 else [])
        return combat.defence(self.game, self.fighters[y].id, names, surprised=False, stunned=bool(stunned))

    def guards(self, y: int, used: Sequence[str]) -> list[int]:
        """The columns y's defence may be in: each manoeuvre it may have used (or none), Dodged or not,
        Stunned or not."""
        dodged = (0, 1) if self.dodger(y) else (0,)
        stunned = (0, 1) if self.game.options.hero_stunned else (0,)
        return [(u * 2 + d) * 2 + s for u in range(len(used) + 1) for d in dodged for s in stunned]


@dataclass(frozen=True)
class Pairing(Defences):
    """The duel's two fighters, their basic melee weapons and policies."""

    policies: tuple[str, str]

    @property
    def dodges(self) -> tuple[bool, bool]:
        return (self.dodger(0), self.dodger(1))

    def dodger(self, y: int) -> bool:
        return super().dodger(y) and self.policies[y] == "default"


def action_limit(game: Phase3d6Game) -> str | None:
    """A duel that could outlast ``sim``'s action limit before the Turn limit is given up by the engine, not
    by the kernel: not covered."""
    return coverage.action_limit(ACTIONS_PER_PHASE * 4, game.options.max_rounds)


def _model(game: Game, ai: Mapping[str, str]) -> Duel | str:
    assert isinstance(game, Phase3d6Game)
    others = sorted(set(ai.values()) - set(POLICIES))
    if others:
        return f"the AI '{others[0]}' (the kernel follows {' and '.join(POLICIES)})"
    problem = action_limit(game)
    if problem:
        return problem
    state = Fight(game, seed=0).state
    assert isinstance(state, Phase3d6State)
    if len(state.fighters) != 2:
        return f"{len(state.fighters)} combatants, not two"
    problem = next(filter(None, (fighter_problem(f) for f in state.fighters.values())), None)
    pair = duel.duel_pair(game, state)
    if problem or pair is None:
        return problem or "not two adjacent enemies with melee attacks that reach each other"
    ids, weapons = pair
    a, b = state.fighters[ids[0]], state.fighters[ids[1]]
    pairing = Pairing(
        game, (a, b), (weapons[0], weapons[1]), (ai.get(a.side, "default"), ai.get(b.side, "default"))
    )
    problem = _pairing_problem(pairing, state)
    if problem:
        return problem
    choosers = [_chooser(pairing, state, x) for x in (0, 1)]
    used = _used(pairing, choosers)
    return (
        maneuver_problem(game, used[0] + used[1])
        or _dodge_problem(pairing, used)
        or next(
            filter(None, (harm_problem(game, pairing.weapons[x], m) for x in (0, 1) for m in used[x])), None
        )
        or _duel(pairing, used, choosers)
    )


def _pairing_problem(pairing: Pairing, state: Phase3d6State) -> str | None:
    game, (a, b) = pairing.game, pairing.fighters
    problems = [weapon_problem(w) for w in pairing.weapons]
    for x, (me, enemy) in enumerate(((a, b), (b, a))):
        if pairing.policies[x] == "default":
            problems.append(default_problem(game, state, me, enemy, pairing.weapons[x]))
    return next(filter(None, problems), None)


def _chooser(pairing: Pairing, state: Phase3d6State, x: int) -> Chooser:
    """The manoeuvre x attacks with, given its OCV less the other's DCV (``ai._attack``); ``trading-blows``
    always Strikes."""
    if pairing.policies[x] != "default":
        return lambda _gap: STRIKE
    me, enemy = pairing.fighters[x], pairing.fighters[1 - x]
    listed = listed_attacks(pairing.game, state, me, enemy)
    mine = [a for a in listed if a.using == listed[0].using]

    def choose(gap: int) -> str:
        action = default_ai.maneuver_for(pairing.game, mine, gap)
        return action.flags[0] if action.flags else STRIKE

    return choose


def _used(pairing: Pairing, choosers: Sequence[Chooser]) -> tuple[list[str], list[str]]:
    """The manoeuvres each fighter may attack with: those its policy picks against every defence the other
    may be in, which depends on the other's own picks (worked out until nothing new turns up)."""
    used: tuple[list[str], list[str]] = ([], [])
    grown = True
    while grown:
        grown = False
        for x in (0, 1):
            for guard in pairing.guards(1 - x, used[1 - x]):
                name = _pick(pairing, choosers[x], x, used[1 - x], guard)
                if name not in used[x]:
                    used[x].append(name)
                    grown = True
    assert all(len(names) < USED for names in used), used  # one pick at a gap of 3 or more, one below
    return used


def _pick(pairing: Pairing, chooser: Chooser, x: int, theirs: Sequence[str], guard: int) -> str:
    """The manoeuvre x attacks with when the other (who may use ``theirs``) is in column ``guard``."""
    return chooser(pairing.ocv(x) - pairing.dcv(1 - x, theirs, guard))


def _dodge_problem(pairing: Pairing, used: Sequence[Sequence[str]]) -> str | None:
    """A second Dodge before the dodger's next place (an Abort after a lost place) must not change its DCV:
    the kernel keeps one Dodge flag."""
    for y in (0, 1):
        fid = pairing.fighters[y].id
        for names, stunned in product([[], *([m] for m in used[y])], (False, True)):
            once, twice = (
                combat.defence(pairing.game, fid, [*names, *dodges], surprised=False, stunned=stunned)
                for dodges in ([DODGE], [DODGE, DODGE])
            )
            if pairing.dodges[y] and once != twice:
                return "a second Dodge changes the DCV (its penalty stacks, rule 13)"
    return None


def _hits(pairing: Pairing, used: Sequence[Sequence[str]]) -> npt.NDArray[np.bool_]:
    """``Duel.hits``: whether x's attack with its m-th manoeuvre hits the other in each column on each
    outcome of the attack roll."""
    totals = outcome_faces(ATTACK_DICE).sum(axis=1)
    table = np.zeros((2, USED, GUARDS * ROLLS), dtype=np.bool_)
    for x in (0, 1):
        for m, name in enumerate(used[x], 1):
            mine = pairing.ocv(x, name)
            for guard in pairing.guards(1 - x, used[1 - x]):
                theirs = pairing.dcv(1 - x, used[1 - x], guard)
                hit = [combat.hits(pairing.game, int(t), mine, theirs) for t in totals]
                table[x, m, guard * ROLLS : (guard + 1) * ROLLS] = hit
    return table


def _choices(pairing: Pairing, used: Sequence[Sequence[str]], choosers: Sequence[Chooser]) -> Ints:
    """``Duel.choice``: the manoeuvre (1-based) x attacks with against each column of the other's defence
    (columns the other never reaches: the first)."""
    table = np.ones((2, GUARDS), dtype=np.int64)
    for x in (0, 1):
        for guard in pairing.guards(1 - x, used[1 - x]):
            table[x, guard] = used[x].index(_pick(pairing, choosers[x], x, used[1 - x], guard)) + 1
    return table


def _guarded(
    pairing: Pairing, used: Sequence[Sequence[str]], choice: Ints, hits: npt.NDArray[np.bool_]
) -> bool:
    """``Duel.guarded``: a Dodge, or a defence state in which a fighter's pick or its odds to hit differ from
    those against no manoeuvre (with the same Stunned flag)."""
    if any(pairing.dodges):
        return True
    for x in (0, 1):
        for guard in pairing.guards(1 - x, used[1 - x]):
            plain = guard % 2
            mine, theirs = (
                hits[x, :, guard * ROLLS : (guard + 1) * ROLLS],
                hits[x, :, plain * ROLLS : (plain + 1) * ROLLS],
            )
            if choice[x, guard] != choice[x, plain] or (mine != theirs).any():
                return True
    return False


def recovery(game: Phase3d6Game, sheet: Character) -> int:
    """The STUN a Post-Turn gives back at most (rule 1, E10)."""
    return 0 if sheet.no_recovery or not game.options.post_turn_recovery else sheet.rec


def _duel(pairing: Pairing, used: tuple[list[str], list[str]], choosers: Sequence[Chooser]) -> Duel:
    game = pairing.game
    a, b = pairing.fighters
    sheets = [game.sheet(f.id) for f in (a, b)]
    options = game.options
    fixed = game.spec.initiative or {}
    harms = [
        tuple(harm(game, pairing.weapons[x], m, pairing.fighters[1 - x].id) for m in used[x]) for x in (0, 1)
    ]
    choice, hits = _choices(pairing, used, choosers), _hits(pairing, used)
    return Duel(
        (a.id, b.id),
        (a.side, b.side),
        (a.stun, b.stun),
        (a.body, b.body),
        (a.stunned, b.stunned),
        (sheets[0].stun, sheets[1].stun),
        (recovery(game, sheets[0]), recovery(game, sheets[1])),
        (sheets[0].con, sheets[1].con),
        (tuple(used[0]), tuple(used[1])),
        choice,
        hits,
        (harms[0], harms[1]),
        pairing.dodges,
        _guarded(pairing, used, choice, hits),
        (fixed.get(a.id, sheets[0].initiative), fixed.get(b.id, sheets[1].initiative)),
        (a.id not in fixed and options.initiative_roll, b.id not in fixed and options.initiative_roll),
        options.hero_stunned,
        options.tie_break == "every_phase",
        options.max_rounds,
    )


class Phase3d6Duel(ModelKernel[Duel]):
    """Two adjacent Phase 3d6 melee fighters, each with the default or the trading-blows AI
    (docs/performance.md, "Tiers")."""

    name = "phase3d6-duel"
    system = "phase3d6"

    def build(self, game: Game, ai: Mapping[str, str]) -> Duel | str:
        return _model(game, ai)

    def play_model(self, model: Duel, dice: KernelDice) -> Outcomes:
        return play(model, dice)
