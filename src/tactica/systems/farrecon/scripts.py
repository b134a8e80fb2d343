"""Scripts for Far Recon's search (issue 17 point 3): ways of fighting the default AI does not take, each a
policy the search plays as a plan (``Settings.scripts``, docs/agents.md, "The search in Far Recon").

``sharp`` is the default AI (:mod:`.ai`) with two changes, each worth points of win rate against it alone:

- **explosives thrown where they are expected to do the most**: the default AI throws where the blast
  catches two enemies and no ally, as if every throw landed where aimed; but a throw is a Difficulty Check
  (Far Recon 2, 15) and a failure by k lands k squares short (rule 14's blast then hits whoever is there,
  the thrower's side included). This script weighs every outcome of the throw: for each sum of the dice,
  where the explosive lands, and the harm its blast is expected to do there (each character's Physical
  Defense roll against the effective damage, cover adding increments: rule 14, D3), enemies' harm counted
  up to what takes them down and the thrower's side's harm against it one and a half times. It throws the
  best such throw at or next to a conscious enemy when that is worth at least ``MANY`` points of harm
  while it carries two or more of the explosive, ``LAST`` for its last one, and tags an aspect for the
  throw (+2, rule 21) while it has an Action Point;
- **every dodge taken**: a dodge is a roll of its own before Physical Defense (rule 10), once a round (rule
  11); the default AI keeps it for attacks whose total beats its Physical Defense, this script dodges
  whenever it may.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from tactica.engine.action import Action
from tactica.grid import cover_between
from tactica.systems.farrecon import attacks, dice, explosives
from tactica.systems.farrecon.ai import RULES, DefaultPolicy, Rule, _enemies
from tactica.systems.farrecon.odds import fudge_roll, fudge_sums
from tactica.systems.farrecon.options import FarReconOptions
from tactica.systems.farrecon.setup import FarReconGame
from tactica.systems.farrecon.sheet import Weapon
from tactica.systems.farrecon.state import FarReconState, Fighter

G = FarReconGame
S = FarReconState
Pos = tuple[int, int]
#: The least expected harm (Body points) worth a throw while the thrower carries two or more of it.
MANY = 4.0
#: The least expected harm worth throwing the last one.
LAST = 8.0
#: The harm a blast does to the thrower's side counts this many times against it.
OWN_HARM = 1.5
#: An enemy's expected harm counts up to its health and this much more (past that it is down anyway).
PAST_DOWN = 2


class SharpPolicy(DefaultPolicy):
    """The default AI, throwing explosives by where they may land and dodging whenever it may (module
    docstring)."""

    def answer(self, game: G, state: S, me: Fighter, legal: list[Action]) -> Action:
        """The default AI's answer, with a dodge in place of taking the attack wherever a dodge is legal."""
        choice = super().answer(game, state, me, legal)
        if choice.verb != "take":
            return choice
        dodge = Action(me.id, "dodge", flags=choice.flags)
        return dodge if dodge in legal else choice

    def rules(self) -> Sequence[Rule]:
        """The default AI's rules with its throw of explosives replaced by :func:`_throw`."""
        return SHARP_RULES


def _may_throw(game: G, state: S, me: Fighter) -> bool:
    """Whether :func:`_throw` may choose anything: an explosive ready to throw and an enemy standing."""
    ready = any(
        w.kind == "explosive" and attacks.weapon_problem(game, me, w) is None for w in game.weapons_of(me.id)
    )
    return ready and bool(_enemies(state, me))


def _throw(game: G, state: S, me: Fighter, origin: Pos, legal: list[Action]) -> Action | None:
    """The throw of an explosive at or next to a conscious enemy with the most expected harm, when it is
    worth :data:`MANY` (:data:`LAST` for the last one carried), tagged while it has an Action Point."""
    near = {p for e in _enemies(state, me) for p in [e.pos, *game.board.neighbors(e.pos)]}
    tag = me.ap >= 1 and any(a.has_flag("tag") for a in legal)
    bonus = game.options.aspect_bonus if tag else 0
    best: tuple[float, str] | None = None
    choice: Action | None = None
    worth: dict[tuple[str, Pos], float] = {}
    for a in legal:
        if a.at is None or a.at not in near or a.has_flag("tag") != tag:
            continue
        value = _expected_throw(game, state, me, origin, game.weapons[a.using or ""], a.at, bonus, worth)
        if best is None or (value, str(a)) > best:
            best, choice = (value, str(a)), a
    if best is None or choice is None:
        return None
    least = MANY if me.carried.get(choice.using or "", 0) >= 2 else LAST
    return choice if best[0] >= least else None


def _expected_throw(
    game: G,
    state: S,
    me: Fighter,
    origin: Pos,
    weapon: Weapon,
    aim: Pos,
    bonus: int,
    worth: dict[tuple[str, Pos], float],
) -> float:
    """The expected worth of throwing ``weapon`` from ``origin`` at ``aim`` (Far Recon 14-15, as
    :func:`explosives.throw`): over the sums of the dice, where it lands and the :func:`_blast_worth`
    there (kept in ``worth`` by weapon and square)."""
    far = game.board.distance(origin, aim)
    skill = explosives.throw_skill(game, weapon, far, me)
    dc = explosives.throw_dc(game, far)
    modifier = game.skill(me.id, skill) + bonus
    count = game.options.fudge_dice
    value = 0.0
    for total, chance in _sums(count):
        roll = fudge_roll(total, count, modifier)
        passed = dice.passes(roll, dc)
        fumble = roll.critical == "failure" and game.options.critical_complications and not passed
        landed = explosives.landing(game, origin, aim, 0 if passed else dc - roll.total, fumble)
        key = (weapon.name, landed)
        if key not in worth:
            worth[key] = _blast_worth(game, state, me, weapon, landed)
        value += chance * worth[key]
    return value


def _blast_worth(game: G, state: S, me: Fighter, weapon: Weapon, at: Pos) -> float:
    """The expected harm of a blast at ``at`` to conscious enemies (each up to its health and
    :data:`PAST_DOWN`) less :data:`OWN_HARM` times that to the thrower's side (Far Recon 14, D3)."""
    value = 0.0
    for f in explosives.in_blast(game, state, weapon, at):
        cover = min(int(cover_between(game.board, at, f.pos)), 2)
        power = explosives.effective(weapon, explosives.distance_ft(game, at, f.pos), cover, game.options)[2]
        if power <= 0:
            continue
        defence = game.skill(f.id, "pdef") if f.conscious else None
        harm = _expected_harm(weapon, power, defence, game.options)
        if f.side == me.side:
            value -= OWN_HARM * harm
        elif f.conscious:
            value += min(harm, f.health + PAST_DOWN)
    return value


@functools.lru_cache(maxsize=1 << 10)
def _expected_harm(weapon: Weapon, power: int, defence: int | None, options: FarReconOptions) -> float:
    """The expected damage of a blast of effective damage ``power`` against a Physical Defense roll with
    modifier ``defence`` (None: helpless, Far Recon 17), by the engine's :func:`explosives.blast_damage`."""
    count = options.fudge_dice
    if defence is None:
        return float(explosives.blast_damage(weapon, power, dice.Fixed(options.helpless_defense), options)[0])
    return sum(
        chance * explosives.blast_damage(weapon, power, fudge_roll(total, count, defence), options)[0]
        for total, chance in _sums(count)
    )


@functools.cache
def _sums(count: int) -> tuple[tuple[int, float], ...]:
    """The sums of ``count`` fudge dice and their chances, as floats."""
    return tuple((total, float(chance)) for total, chance in fudge_sums(count))


#: The default AI's rules with its throw of explosives (the rule of the verb ``throw`` alone) replaced.
SHARP_RULES: tuple[Rule, ...] = tuple(
    (_throw, verbs, _may_throw) if verbs == {"throw"} else (rule, verbs, worth)
    for rule, verbs, worth in RULES
)
