"""Exact odds of one Far Recon attack (Far Recon 1-4, 10-13, 15, 21; D1, D5-D8): the attack roll against
the defender's dodge (when it answers ``dodge``), then its Physical Defense (Will against a Mind attack),
and the increments of damage the margin is worth.

Each roll is the fudge dice (4dF, option fudge_dice) + a modifier; its sum alone decides whether it is a
critical (every die + is the highest sum, every die - the lowest), so icepool's distribution of the sum of
the dice is all that is needed. The modifiers come from the same helpers the engine's ``attacks.attack`` and
``attacks.finish`` call (skills, the throwing skill, cover, tagged aspects), and each pair of rolls is judged
by the engine's own ``dice.opposed`` and ``attacks._damage`` — so a rule option changes the odds as it
changes the engine.

Outcome classes, in the system's words (``StrikeResolved.result``): ``dodged``; ``touch`` (a tied dodge: no
damage, no Physical Defense roll); ``resisted``; ``graze`` (a tied defence: no serious injury); ``connect``
(a touch attack's tie, D8); ``hit: N increment(s)`` (damage = Base Damage x N, Far Recon 12). Harm: the Body
points (Mind points, for a Mind attack) the target loses. Also read back from the engine (estimates only):
``lost`` (a declared attack that could not be carried out) and, for explosives thrown at a square (several
targets: estimated), ``on target`` / ``short`` with the harm summed over everyone in the blast.

Exact odds cover an ``attack`` or a ``throw`` (thrown weapon) at a character taken on one's turn, or
declared in a simultaneous slot when the slot is then fully declared (by ``then``) and the attack is
resolved together with the others, first of the plans that act, from where the attacker stands (no
conflict, no move of its own before it). The defender's answer (``dodge`` / ``take`` [+tag]), when it has a
choice, must follow in ``then``.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from functools import cache

from tactica.dice import DF, Die
from tactica.dice.odds import icepool_die
from tactica.engine.action import Action
from tactica.engine.errors import TacticaError
from tactica.engine.events import Event
from tactica.engine.system import Context, Resolution
from tactica.systems.farrecon import attacks, explosives, simultaneous
from tactica.systems.farrecon.dice import Fixed, FudgeRoll, Scored, opposed
from tactica.systems.farrecon.events import PlanLost, StrikeResolved, ThrowLanded
from tactica.systems.farrecon.setup import FarReconGame
from tactica.systems.farrecon.sheet import Weapon
from tactica.systems.farrecon.state import FarReconState, Fighter, Strike

G = FarReconGame
S = FarReconState
#: Increments listed in the display order (more are shown after them).
MAX_LISTED_INCREMENTS = 12
#: Far Recon outcome classes in display order.
OUTCOME_CLASSES: tuple[str, ...] = (
    "dodged",
    "touch",
    "resisted",
    "graze",
    "connect",
    *(f"hit: {n} increment{'s' if n != 1 else ''}" for n in range(1, MAX_LISTED_INCREMENTS + 1)),
    "on target",
    "short",
    "lost",
)
ANSWER_VERBS = ("dodge", "take")


def hit_class(tiers: int) -> str:
    """The outcome class of a hit worth ``tiers`` increments of damage (Far Recon 12)."""
    return f"hit: {tiers} increment{'s' if tiers != 1 else ''}"


# -- reading an outcome from the engine's events -----------------------------------------------------


def resolution(action: Action, events: Sequence[Event]) -> Resolution | None:
    """How an attack or throw turned out, read from the events of its resolution (None: not resolved)."""
    if action.verb not in ("attack", "throw"):
        return None
    if action.at is not None:
        return _blast_resolution(action, events)
    for e in events:
        if isinstance(e, PlanLost) and e.actor == action.actor and e.action == str(action):
            return Resolution("lost", 0)
        if (
            isinstance(e, StrikeResolved)
            and e.attacker == action.actor
            and e.defender == action.target
            and e.weapon == action.using
            and e.result != "through"
        ):
            if e.result == "hit":
                return Resolution(hit_class(e.tiers), e.damage)
            return Resolution(e.result, e.damage)
    return None


def _blast_resolution(action: Action, events: Sequence[Event]) -> Resolution | None:
    """A thrown explosive: 'on target' or 'short', and the harm done to everyone in its blast."""
    outcome = None
    harm = 0
    for e in events:
        if isinstance(e, PlanLost) and e.actor == action.actor and e.action == str(action):
            return Resolution("lost", 0)
        if isinstance(e, ThrowLanded) and e.actor == action.actor and outcome is None:
            outcome = "on target" if tuple(e.landed) == tuple(e.aimed) else "short"
        elif (
            isinstance(e, StrikeResolved)
            and outcome is not None
            and e.attacker == action.actor
            and e.weapon == action.using
        ):
            harm += e.damage
    return None if outcome is None else Resolution(outcome, harm)


# -- exact odds ----------------------------------------------------------------------------------------


@cache
def fudge_sums(count: int) -> tuple[tuple[int, Fraction], ...]:
    """Far Recon 1: the sum of ``count`` fudge dice and its probability (icepool)."""
    dist = count @ icepool_die(DF)
    return tuple((int(s), Fraction(q, dist.denominator())) for s, q in dist.items())


def fudge_roll(total_of_dice: int, count: int, modifier: int) -> FudgeRoll:
    """A roll whose dice sum to ``total_of_dice``: the critical follows from the sum alone (Far Recon 3-4:
    every die + is the highest sum, every die - the lowest)."""
    sign = 1 if total_of_dice >= 0 else -1
    faces = (sign,) * abs(total_of_dice) + (0,) * (count - abs(total_of_dice))
    return FudgeRoll(faces, modifier)


def exact_odds(
    game: G, state: S, action: Action, then: Sequence[Action]
) -> Mapping[Resolution, Fraction] | None:
    """The exact distribution of an attack's resolution (None: not modelled exactly; the caller samples)."""
    if state.over or state.pending or action.verb not in ("attack", "throw") or action.at is not None:
        return None
    if action.target is None or action.using is None:
        return None
    f, target = state.fighters[action.actor], state.fighters[action.target]
    weapon = game.weapons[action.using]
    if state.mode == "declare":
        answers = _after_declarations(game, state, action, then)
        if answers is None:
            return None
    elif state.mode == "turn":
        answers = list(then)
    else:
        return None
    answer = _answer(game, state, action, target, weapon, answers)
    odds = attack_odds(game, f, target, weapon, action.has_flag("tag"), answer)
    return odds


def _after_declarations(game: G, state: S, action: Action, then: Sequence[Action]) -> list[Action] | None:
    """Far Recon 5-6, D11: play the slot's declarations (``action``, then those in ``then``) on a copy; the
    answers left in ``then`` when the attack can be modelled (resolved together, first of the plans that
    act, from where the attacker stands), else None."""
    scratch = copy.deepcopy(state)
    ctx = Context(_NoDice(), [])
    rest = list(then)
    from tactica.systems.farrecon.rules import FarRecon  # the rules import this module

    system = game.system
    assert isinstance(system, FarRecon)
    declare = system._declare  # the rules' own declaration step (it rolls nothing)
    declare(scratch, scratch.fighters[action.actor], action, ctx)
    while rest and any(not p.done for p in scratch.plans.values()):
        step = rest[0]
        plan = scratch.plans.get(step.actor)
        if plan is None or plan.done:
            return None
        declare(scratch, scratch.fighters[step.actor], step, ctx)
        rest.pop(0)
    if any(not p.done for p in scratch.plans.values()):
        waiting = ", ".join(a for a, p in scratch.plans.items() if not p.done)
        raise TacticaError(
            f"'{action}' is declared in a simultaneous slot (Far Recon 5): it is resolved when {waiting}"
            " declared too; give their declarations with --then (e.g. --then 'NAME end')"
        )
    mine = scratch.plans.get(action.actor)
    if mine is None or mine.move_to is not None or game.options.simultaneous == "serialize":
        return None
    plans = [p for p in scratch.plans.values() if p.move_to is not None or p.act]
    actors = [p.actor for p in plans]
    pairs = simultaneous.conflicts([simultaneous.intent(game, scratch, p) for p in plans])
    serialized = {a for members, _ in simultaneous.groups(actors, pairs) for a in members}
    together = [a for a in actors if a not in serialized]
    if action.actor not in together:
        return None
    if any(scratch.plans[a].act for a in together[: together.index(action.actor)]):
        return None
    return rest


def _answer(
    game: G, state: S, action: Action, target: Fighter, weapon: Weapon, then: list[Action]
) -> Action | None:
    """The defender's answer when it has a choice (Far Recon 10, 21): the first of ``then``."""
    choices = attacks.defence_answers(game, state, target, weapon)
    if not target.conscious or len(choices) <= 1:
        return None
    if not then or then[0].actor != target.id or then[0].verb not in ANSWER_VERBS:
        listed = " or ".join(f"'{a}'" for a in choices)
        raise TacticaError(
            f"'{action}': {target.id} answers the attack after its roll (Far Recon 10): give the answer"
            f" with --then, one of {listed}"
        )
    return then[0]


def attack_odds(
    game: G, f: Fighter, d: Fighter, weapon: Weapon, tag: bool, answer: Action | None
) -> dict[Resolution, Fraction]:
    """Far Recon 10-13: the exact distribution of an attack by ``f`` on ``d`` with ``weapon`` (from where
    they stand now), the defender answering ``answer`` (None: it has no choice and takes it)."""
    options = game.options
    count = options.fudge_dice
    attack_modifier = game.skill(f.id, _attack_skill(game, f, d, weapon)) + _bonus(game, f, tag)
    ranged = weapon.kind in ("ranged", "thrown")
    cover = attacks.cover_level(game, f.pos, d.pos) * options.cover_modifier if ranged else 0
    ties = weapon.touch or options.combat_ties == "active"
    dodge = answer is not None and answer.verb == "dodge"
    tagged = answer is not None and answer.has_flag("tag") and attacks.can_tag(game, d)
    dodge_modifier = game.skill(d.id, "agility") + cover + (options.aspect_bonus if dodge and tagged else 0)
    mind = weapon.harms == "mind"
    stage = "will" if mind else "pdef"
    defence_modifier = (
        game.skill(d.id, stage)
        + (0 if mind else cover)
        + (options.aspect_bonus if tagged and not dodge else 0)
    )
    defences = list(_defences(d, count, defence_modifier, options.helpless_defense))
    scratch = FarReconState(fighters={d.id: copy.copy(d)})
    out: dict[Resolution, Fraction] = {}

    def add(r: Resolution, p: Fraction) -> None:
        out[r] = out.get(r, Fraction(0)) + p

    for a_sum, pa in fudge_sums(count):
        roll = fudge_roll(a_sum, count, attack_modifier)
        strike = Strike(f.id, d.id, weapon.name, roll.total, roll.critical, False)
        through = pa
        if dodge:
            through = Fraction(0)
            for d_sum, pd in fudge_sums(count):
                dodged = fudge_roll(d_sum, count, dodge_modifier)
                won = opposed(strike, dodged, options)
                if won == "tie" and weapon.touch and options.touch_dodge_tie == "connect":
                    add(_judged(game, scratch, strike, dodged, weapon, ties, "dodge"), pd * pa)
                elif won == "active" or (won == "tie" and ties):
                    through += pd * pa
                else:
                    add(Resolution("touch" if won == "tie" else "dodged", 0), pd * pa)
        if not through:
            continue
        for defence, pp in defences:
            add(_judged(game, scratch, strike, defence, weapon, ties, stage), through * pp)
    return out


def _defences(d: Fighter, count: int, modifier: int, helpless: int) -> Iterator[tuple[Scored, Fraction]]:
    """The defence totals: rolled when conscious, else the helpless defender's fixed total (Far Recon 17)."""
    if not d.conscious:
        yield Fixed(helpless), Fraction(1)
        return
    for s, p in fudge_sums(count):
        yield fudge_roll(s, count, modifier), p


def _judged(
    game: G, scratch: S, strike: Strike, defence: Scored, weapon: Weapon, ties: bool, stage: str
) -> Resolution:
    """The engine's own judgement of one attack total against one defence total (``attacks._damage``)."""
    events: list[Event] = []
    attacks._damage(game, scratch, strike, defence, weapon, ties, stage, Context(_NoDice(), events))
    e = next(x for x in events if isinstance(x, StrikeResolved))
    return Resolution(hit_class(e.tiers) if e.result == "hit" else e.result, e.damage)


def _attack_skill(game: G, f: Fighter, d: Fighter, weapon: Weapon) -> str:
    """Far Recon 15 (as ``attacks.attack``): a thrown weapon's skill depends on the distance."""
    if weapon.throwable:
        return explosives.throw_skill(game, weapon, game.board.distance(f.pos, d.pos), f)
    return weapon.attack_skill


def _bonus(game: G, f: Fighter, tag: bool) -> int:
    """Far Recon 21 (as ``attacks.carry_out`` and ``attacks._tag``): a tagged aspect adds its bonus."""
    return game.options.aspect_bonus if tag and attacks.can_tag(game, f) else 0


class _NoDice:
    """A dice source for judging totals already rolled: drawing from it is a bug."""

    def draw(self, die: Die, count: int, purpose: str) -> tuple[int, ...]:
        raise AssertionError(f"exact odds drew dice for {purpose}")  # pragma: no cover - a bug guard
