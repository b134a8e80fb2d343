"""The Phase 3d6 melee duel kernel: two adjacent fighters trading blows with their basic melee weapons, each
side's AI ``trading-blows``, played for thousands of fights at once.

The model is the one behind ``odds --fight`` (:mod:`tactica.systems.phase3d6.duel`): every Phase, in
initiative order, each fighter Strikes the other with its basic melee weapon, or recovers from being Stunned
(option ``hero_stunned``), and passes every Abort. Its numbers come from the rules' own helpers on the
starting state (``combat.ocv``, ``combat.defence``, ``combat.hits``, ``combat.taken``, ``combat.body_of``),
and :mod:`~.phase3d6_blows` plays it die by die in the engine's order.

The default AI is not covered: its Haymaker (when its OCV is 3 or more above the target's DCV of the moment)
and its Abort to a Dodge (when its STUN is below a third of its maximum, costing its next Phase) depend on
the fight's state lane by lane; those fights run on the engine.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import numpy.typing as npt

from tactica.analysis.kernels.base import ModelKernel, Outcomes
from tactica.analysis.kernels.dice import KernelDice, outcome_faces, outcomes_of
from tactica.analysis.kernels.phase3d6_blows import ATTACK_DICE, Duel, Ints, play
from tactica.dice import parse
from tactica.engine import Fight, Game
from tactica.systems.phase3d6 import combat, duel
from tactica.systems.phase3d6.setup import Phase3d6Game
from tactica.systems.phase3d6.sheet import Character, Weapon
from tactica.systems.phase3d6.state import Fighter, Phase3d6State

#: The policy whose duel the kernel follows.
POLICY = "trading-blows"
#: The manoeuvre of the policy's attack.
STRIKE = "strike"
#: The most outcomes of a hit's damage dice the kernel tabulates (7d6): a weapon with more is not covered.
MAX_OUTCOMES = 6**7


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


def weapon_problem(game: Phase3d6Game, weapon: Weapon) -> str | None:
    """Why a weapon is not one the kernel plays: it uses ammunition, its damage is not plain dice added up
    (no keep/drop, nothing subtracted, no Fudge), or has too many outcomes to tabulate (with the Strike's
    extra dice)."""
    if weapon.ammo is not None:
        return f"{weapon.name} uses ammunition"
    expr = parse(weapon.damage)
    if any(t.keep or t.sign < 0 or t.die.fudge or t.die.min_face != 1 for t in expr.terms):
        return f"{weapon.name}'s damage {weapon.damage} keeps, drops or subtracts dice"
    if outcomes_of(_dice_of(game, weapon)) > MAX_OUTCOMES:
        return f"{weapon.name}'s damage {weapon.damage} has more than {MAX_OUTCOMES:,} outcomes (7d6)"
    return None


def strike_problem(game: Phase3d6Game, ids: list[str]) -> str | None:
    """Why the Strike is not the plain attack the kernel plays: a special effect, or a DCV it changes (the
    target's DCV must not depend on whether it has struck yet this Phase)."""
    row = game.maneuvers.get(STRIKE)
    if row is None or row.effects:
        return "the Strike manoeuvre has special effects"
    for fid in ids:
        for stunned in (False, True):
            plain = combat.defence(game, fid, [], surprised=False, stunned=stunned)
            if plain != combat.defence(game, fid, [STRIKE], surprised=False, stunned=stunned):
                return "a Strike changes the striker's DCV"
    return None


def _model(game: Game, ai: Mapping[str, str]) -> Duel | str:
    assert isinstance(game, Phase3d6Game)
    others = sorted(set(ai.values()) - {POLICY})
    if others:
        return f"the AI '{others[0]}' (the kernel follows {POLICY}; not the default AI's Haymaker and Dodge)"
    state = Fight(game, seed=0).state
    assert isinstance(state, Phase3d6State)
    if len(state.fighters) != 2:
        return f"{len(state.fighters)} combatants, not two"
    problem = next(filter(None, (fighter_problem(f) for f in state.fighters.values())), None)
    pair = duel.duel_pair(game, state)
    if problem or pair is None:
        return problem or "not two adjacent enemies with melee attacks that reach each other"
    ids, weapons = pair
    problem = strike_problem(game, ids) or next(
        filter(None, (weapon_problem(game, w) for w in weapons)), None
    )
    if problem:
        return problem
    return _duel(game, [state.fighters[i] for i in ids], weapons)


def _hit_table(game: Phase3d6Game, fighters: list[Fighter], weapons: list[Weapon]) -> npt.NDArray[np.bool_]:
    """Whether each fighter's Strike hits, by the other's Stunned flag and the attack roll's outcome."""
    totals = outcome_faces(ATTACK_DICE).sum(axis=1)
    table = np.zeros((2, 2, len(totals)), dtype=np.bool_)
    for x in (0, 1):
        attacker = Fighter(fighters[x].id, fighters[x].side, fighters[x].pos, 0, 0)
        mine = combat.ocv(game, attacker, weapons[x], STRIKE)
        for stunned in (0, 1):
            theirs = combat.defence(game, fighters[1 - x].id, [], surprised=False, stunned=bool(stunned))
            table[x, stunned] = [combat.hits(game, int(t), mine, theirs) for t in totals]
    return table


def _dice_of(game: Phase3d6Game, weapon: Weapon) -> tuple[tuple[int, int], ...]:
    terms = [(t.count, t.die.sides) for t in parse(weapon.damage).terms]
    extra = game.maneuvers[STRIKE].extra_dice
    return tuple(terms + ([(extra, 6)] if extra else []))


def _harm_table(game: Phase3d6Game, weapon: Weapon, target: Fighter) -> tuple[Ints, Ints]:
    """The STUN and BODY ``target`` loses on each outcome of a hit with ``weapon`` (``combat.damage``)."""
    faces = outcome_faces(_dice_of(game, weapon))
    body_of = np.array([0] + [combat.body_of(f) for f in range(1, int(faces.max(initial=1)) + 1)])
    rolled = np.maximum(0, faces.sum(axis=1) + parse(weapon.damage).constant)
    pairs, which = np.unique(np.stack([rolled, body_of[faces].sum(axis=1)]), axis=1, return_inverse=True)
    harm = np.array([combat.taken(game, target.id, int(s), int(b)) for s, b in pairs.T], dtype=np.int64)
    return harm[which.ravel(), 0], harm[which.ravel(), 1]


def _recovery(game: Phase3d6Game, sheet: Character) -> int:
    """The STUN a Post-Turn gives back at most (rule 1, E10)."""
    return 0 if sheet.no_recovery or not game.options.post_turn_recovery else sheet.rec


def _duel(game: Phase3d6Game, fighters: list[Fighter], weapons: list[Weapon]) -> Duel:
    sheets = [game.sheet(f.id) for f in fighters]
    options = game.options
    fixed = game.spec.initiative or {}
    a, b = fighters
    harm = [_harm_table(game, weapons[x], fighters[1 - x]) for x in (0, 1)]
    return Duel(
        (a.id, b.id),
        (a.side, b.side),
        (a.stun, b.stun),
        (a.body, b.body),
        (a.stunned, b.stunned),
        (sheets[0].stun, sheets[1].stun),
        (_recovery(game, sheets[0]), _recovery(game, sheets[1])),
        (sheets[0].con, sheets[1].con),
        _hit_table(game, fighters, weapons),
        (_dice_of(game, weapons[0]), _dice_of(game, weapons[1])),
        (harm[0][0], harm[1][0]),
        (harm[0][1], harm[1][1]),
        (fixed.get(a.id, sheets[0].initiative), fixed.get(b.id, sheets[1].initiative)),
        (a.id not in fixed and options.initiative_roll, b.id not in fixed and options.initiative_roll),
        options.hero_stunned,
        options.tie_break == "every_phase",
        options.max_rounds,
    )


class Phase3d6Duel(ModelKernel[Duel]):
    """Two adjacent Phase 3d6 melee fighters trading blows (docs/performance.md, "Tiers")."""

    name = "phase3d6-duel"
    system = "phase3d6"

    def build(self, game: Game, ai: Mapping[str, str]) -> Duel | str:
        return _model(game, ai)

    def play_model(self, model: Duel, dice: KernelDice) -> Outcomes:
        return play(model, dice)
