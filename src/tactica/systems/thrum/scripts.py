"""Scripts for THRUM's search (issue 17 point 3): ways of fighting the default AI does not take, each a
policy the search can play (``Settings.guide``, docs/agents.md, "The search in THRUM").

``focus`` is the default AI (:mod:`.ai`) with these changes, each measured against it alone on the demo:

- **Resuscitate reached by a move** (THRUM 9, 11, 41): Resuscitate has Range 1 and brings an incapacitated
  ally back into the fight; the default AI uses it only on an ally already next to it. This script, before
  anything else of its turn, moves next to an incapacitated ally of its side when a move reaches one (then
  the default AI's care resuscitates it). In THRUM a fight ends only when a whole side is out of action at
  once (THRUM 6), so a side that gets its fallen up again seldom loses.
- **The move before the attack** (THRUM 9-10): the default AI attacks from where it stands when anything
  is in reach (a Basic Attack reaches 3 squares) and moves only when nothing is. This script weighs every
  square its move reaches, and staying, by the best attack it could make from there, and moves first when
  another square is worth more: a brawler steps in to use Sockem (the same Art modifier as its Basic
  Attack, not Ranged, so no Bane for adjacent enemies, THRUM 25; its target is Slowed: -2 Speed and no
  Evasion, THRUM 44; and it is a Finisher, THRUM 31), an archer steps away from an adjacent enemy (THRUM 25).
- **Attacks valued by their exact odds** (THRUM 1-4, 21-25, 31-37, 44): each attack on each target is
  worth what each outcome (failure, success, critical) does to the target, weighed by its exact chance:
  the attack's Banes (:func:`contests.attack_banes`: Ranged, Cover, Exhausted, Weakened, Blinded), the
  defence the target is likeliest to avoid it with (:func:`contests.defenses_open`: no Evasion when Slowed)
  and its Boons and Banes (:func:`contests.defense_dice`, with the Protect and Assist stances that the
  attack would trigger, THRUM 11, 30), 2d6 pools by :func:`dice.distribution` (icepool). An outcome's worth
  is the Fatigue (Stress at half) it deals by the engine's :func:`contests.effects_for` (Vulnerable's extra
  included), :data:`EXHAUST` more when it leaves the target Exhausted (THRUM 36), :data:`DOWN` times the
  chance a Finisher's Incapacity Roll then fails (THRUM 31, 37, Bleed's Bane included), and the statuses
  and conditions it leaves (:data:`STATUS_WORTH`, :data:`CONDITION_WORTH`).
- **One target for the side**: attacks on the enemy closest to going down (the least room under its
  Fatigue Tolerance, its distance to the side's nearest character counting a quarter) are worth
  :data:`FOCUS` more, so the side's characters pile on one enemy rather than spreading their Fatigue.
Everything else (Round Zero, defences, Recover, stances, triggered stances, pushes) is the default AI's.
"""

from __future__ import annotations

import functools
from dataclasses import replace

from tactica.engine.action import Action
from tactica.engine.fight import Fight
from tactica.systems.thrum import contests, dice
from tactica.systems.thrum.abilities import Ability, Effect
from tactica.systems.thrum.ai import MOVE, DefaultPolicy, _care, _grouped, _uses, deciding
from tactica.systems.thrum.setup import ThrumGame
from tactica.systems.thrum.state import Contest, Fighter, ThrumState
from tactica.systems.thrum.targeting import cover_of

G = ThrumGame
S = ThrumState
Pos = tuple[int, int]
#: What an enemy's failed Incapacity Roll (out of the fight, THRUM 37-38) is worth, in Fatigue dealt.
DOWN = 4.0
#: What pushing an enemy past its Fatigue Tolerance (Exhausted, THRUM 36) is worth, in Fatigue dealt.
EXHAUST = 1.0
#: What an attack on the side's shared target is worth more.
FOCUS = 1.0
#: What Overexert's own Stress (THRUM 28) costs the attacker.
OVEREXERT_COST = 0.6
#: What a status an attack leaves on a target is worth (THRUM 44), in Fatigue dealt; others 0.2.
STATUS_WORTH = {
    "slowed": 0.6,
    "bleed": 0.3,
    "hamstrung": 0.3,
    "burning": 0.5,
    "blinded": 0.3,
    "weakened": 0.4,
}
#: What a condition an attack leaves on a target is worth (THRUM 45-46), in Fatigue dealt; others 0.2.
CONDITION_WORTH = {"stunned": 1.0, "disoriented": 0.5, "dazed": 0.3, "immobilized": 0.3}
#: Switches for measuring the changes one at a time (docs/agents.md).
RESCUE = True
STEP = True


class FocusPolicy(DefaultPolicy):
    """The default AI, resuscitating the side's fallen, moving before it attacks, valuing attacks by their
    exact odds and focusing the side on one target (module docstring)."""

    def choose(self, fight: Fight) -> Action:
        """The script's action for the deciding character (the default AI's where it changes nothing)."""
        game, state, me = deciding(fight)
        actor = me.id
        if state.pending or me.acted:
            return super().choose(fight)
        by_verb = _grouped(fight.legal_actions_of(actor, game.acting_verbs(actor)))
        if RESCUE and not me.moved and not by_verb.get("resuscitate"):
            rescue = _rescue(game, state, me, fight.legal_actions_of(actor, MOVE))
            if rescue is not None:
                return rescue
        care = _care(game, state, me, by_verb)
        if care is not None:
            return care
        if not any(f.side != me.side and f.in_fight for f in state.fighters.values()):
            return super().choose(fight)
        focus = focus_target(game, state, me.side)
        here = _best_attack(game, state, me, by_verb, focus)
        if STEP and not me.moved:
            moves = [a for a in fight.legal_actions_of(actor, MOVE) if a.verb == "move" and not a.flags]
            step = _best_step(game, state, me, moves, focus, None if here is None else here[0])
            if step is not None:
                return step
        return super().choose(fight) if here is None else here[1]


def focus_target(game: G, state: S, side: str) -> Fighter | None:
    """The side's shared target: the enemy in the fight with the least room under its Fatigue Tolerance,
    its distance to the side's nearest character counting a quarter (ties: the smaller id)."""
    mine = [f for f in state.fighters.values() if f.side == side and f.in_fight]
    best: tuple[float, str] | None = None
    choice = None
    for e in state.fighters.values():
        if e.side == side or not e.in_fight:
            continue
        near = min((game.board.distance(f.pos, e.pos) for f in mine), default=0)
        key = (e.fatigue_tolerance - e.fatigue + 0.25 * near, e.id)
        if best is None or key < best:
            best, choice = key, e
    return choice


def _rescue(game: G, state: S, me: Fighter, moves: list[Action]) -> Action | None:
    """THRUM 11, 41: the shortest move next to an incapacitated ally (to Resuscitate it this turn)."""
    down = [f for f in state.fighters.values() if f.side == me.side and f.incapacitated and not f.removed]
    if not down:
        return None
    best: tuple[int, str] | None = None
    choice = None
    for a in moves:
        if a.verb != "move" or a.flags or a.at is None:
            continue
        if any(game.board.distance(a.at, f.pos) <= 1 for f in down):
            ranked = (-game.board.distance(me.pos, a.at), str(a))
            if best is None or ranked > best:
                best, choice = ranked, a
    return choice


def _best_attack(
    game: G, state: S, me: Fighter, by_verb: dict[str, list[Action]], focus: Fighter | None
) -> tuple[float, Action] | None:
    """The listed attack worth most (:func:`attack_worth`, summed over an area's targets), with its worth;
    ties go to the greater text."""
    best: tuple[float, str] | None = None
    choice: Action | None = None
    strained = me.stress + 1 >= me.stress_tolerance  # the default AI's limit on Overexert
    for verb, options in by_verb.items():
        ability = game.abilities.get(verb)
        if ability is None or ability.kind != "action" or not ability.is_attack:
            continue
        for a, hit in _uses(game, state, me, ability, options):
            overexert = a.has_flag("overexert")
            if overexert and strained:
                continue
            value = _use_value(game, state, me, ability, hit, focus, overexert)
            if value is None:
                continue
            ranked = (value - (OVEREXERT_COST if overexert else 0.0), str(a))
            if best is None or ranked > best:
                best, choice = ranked, a
    if best is None or choice is None:
        return None
    return best[0], choice


def _use_value(
    game: G,
    state: S,
    me: Fighter,
    ability: Ability,
    hit: list[Fighter],
    focus: Fighter | None,
    overexert: bool,
) -> float | None:
    """The worth of one use: its enemies' worths (the shared target's :data:`FOCUS` more) less one and a
    half times its allies'; None when it hits no enemy in the fight."""
    enemies = [f for f in hit if f.side != me.side and f.in_fight]
    if not enemies:
        return None
    value = 0.0
    for e in enemies:
        value += attack_worth(game, state, me, ability, e, overexert)
        value += FOCUS if focus is not None and e.id == focus.id else 0.0
    for f in hit:
        if f.side == me.side:
            value -= 1.5 * attack_worth(game, state, me, ability, f, overexert)
    return value


def attack_worth(
    game: G, state: S, me: Fighter, ability: Ability, target: Fighter, overexert: bool = False
) -> float:
    """The expected worth of ``me`` attacking ``target`` with ``ability`` from where ``me`` stands, by the
    exact odds of the attack roll against the defence the target is likeliest to avoid it with (THRUM 1-4,
    21-25, 30, 44; module docstring)."""
    contest = Contest(me.id, ability.id, [target.id])
    for holder in state.fighters.values():  # the stances the attack triggers (THRUM 11, 30)
        if (
            holder.stance not in ("protect", "assist")
            or not holder.in_fight
            or holder.id in (me.id, target.id)
        ):
            continue
        if game.board.distance(holder.pos, target.pos) > 1:
            continue
        if holder.stance == "protect" and holder.side == target.side:
            contest.boons[target.id] = contest.boons.get(target.id, 0) + 1
        elif holder.stance == "assist" and holder.side == me.side:
            contest.banes[target.id] = contest.banes.get(target.id, 0) + 1
    mod = game.sheet(me.id).art_mod(ability.art)
    banes = contests.attack_banes(game, state, me, ability, target)
    sheet = game.sheet(target.id)
    odds: tuple[float, float, float] | None = None
    for defense in contests.defenses_open(game, target, ability):
        boons, dbanes = contests.defense_dice(game, target, defense, contest)
        found = _odds(game, mod, -banes, sheet.defense(defense), boons - dbanes)
        if odds is None or found[1] + found[2] < odds[1] + odds[2]:
            odds = found
    assert odds is not None
    return _expected(game, target, ability, odds, overexert)


def _expected(
    game: G, target: Fighter, ability: Ability, odds: tuple[float, float, float], overexert: bool
) -> float:
    """The worth of an attack's outcomes to its attacker, weighed by their chances (failure, success,
    critical)."""
    finisher = ability.has("finisher")
    before = _standing(game, target, target.fatigue, target.stress, False)
    worth = 0.0
    for outcome, chance in zip(("failure", "success", "critical"), odds, strict=True):
        if chance <= 0:
            continue
        fatigue, stress, marks = _dealt(game, target, contests.effects_for(ability, outcome, overexert))
        after = _standing(game, target, target.fatigue + fatigue, target.stress + stress, finisher)
        worth += chance * (after - before + marks)
    return worth


def _dealt(game: G, target: Fighter, effects: list[Effect]) -> tuple[int, int, float]:
    """The Fatigue and Stress some effects deal ``target`` (Vulnerable adding its stacks to the first,
    THRUM 32, 44) and the worth of the statuses and conditions they leave that it has not."""
    fatigue = stress = 0
    marks = 0.0
    vulnerable = target.statuses.get("vulnerable", 0)
    for e in effects:
        if e.fatigue is not None:
            fatigue += (e.fatigue or game.options.unnumbered_deal) + vulnerable
            vulnerable = 0
        elif e.stress is not None:
            stress += (e.stress or game.options.unnumbered_deal) + vulnerable
            vulnerable = 0
        elif e.status is not None and e.status not in target.statuses:
            marks += STATUS_WORTH.get(e.status, 0.2)
        elif e.condition is not None and e.condition not in target.conditions:
            marks += CONDITION_WORTH.get(e.condition, 0.2)
    return fatigue, stress, marks


def _standing(game: G, target: Fighter, fatigue: int, stress: int, finisher: bool) -> float:
    """How far a character with these loads is from the fight (to its enemies): its Fatigue and half its
    Stress, :data:`EXHAUST` when Exhausted (THRUM 36), :data:`DOWN` times the chance a Finisher's
    Incapacity Roll fails (THRUM 31, 37: 2d6 + Resilience must exceed the Fatigue, Bleed a Bane)."""
    value = fatigue + 0.5 * stress
    if fatigue > target.fatigue_tolerance:
        value += EXHAUST
        if finisher:
            banes = 1 if "bleed" in target.statuses else 0
            value += DOWN * _at_most(game.sheet(target.id).defense("resilience"), -banes, fatigue)
    return value


def _odds(game: G, mod: int, net: int, dmod: int, dnet: int) -> tuple[float, float, float]:
    """The chances of the attacker's failure, success and critical (THRUM 1-4, with the game's options)."""
    return _contest(mod, net, dmod, dnet, game.options.critical_margin, game.options.ties_to_defender)


@functools.lru_cache(maxsize=1 << 12)
def _contest(mod: int, net: int, dmod: int, dnet: int, margin: int, ties: bool) -> tuple[float, float, float]:
    """An attack roll (modifier, net Boons) against a defence roll: the chances of the attacker's failure,
    success and critical (THRUM 1-4, C1; ``ties`` to the defender, a critical ``margin`` above)."""
    attack = dice.distribution(net, mod)
    defense = dice.distribution(dnet, dmod)
    failure = success = critical = 0
    for a, qa in attack.items():
        for d, qd in defense.items():
            weight = int(qa) * int(qd)
            if not (a > d if ties else a >= d):
                failure += weight
            elif a >= d + margin:
                critical += weight
            else:
                success += weight
    total = failure + success + critical
    return failure / total, success / total, critical / total


@functools.lru_cache(maxsize=1 << 10)
def _at_most(mod: int, net: int, limit: int) -> float:
    """The chance a roll with ``net`` Boons and modifier ``mod`` is at most ``limit`` (THRUM 2, 37)."""
    roll = dice.distribution(net, mod)
    return sum(int(q) for v, q in roll.items() if v <= limit) / sum(int(q) for _, q in roll.items())


def _best_step(
    game: G, state: S, me: Fighter, moves: list[Action], focus: Fighter | None, here: float | None
) -> Action | None:
    """THRUM 9-10: the move to the square from which the best single-target attack is worth most, when that
    beats the best attack from where it stands (``here``); ties go to the greater text."""
    actions = [a for a in game.actions_of(me.id) if a.kind == "action" and a.is_attack and a.shape is None]
    if not actions or not moves:
        return None
    reach = max(a.range for a in actions)
    enemies = [f for f in state.fighters.values() if f.side != me.side and f.in_fight]
    best: tuple[float, str] | None = None
    choice: Action | None = None
    for move in moves:
        assert move.at is not None
        if not any(game.board.distance(move.at, e.pos) <= reach for e in enemies):
            continue
        moved = replace(me, pos=move.at)
        for e in enemies:
            far = game.board.distance(move.at, e.pos)
            for ability in actions:
                if far > ability.range:
                    continue
                if ability.attack == "physical" and cover_of(game, state, moved, e) == "obstructed":
                    continue  # THRUM 27
                value = attack_worth(game, state, moved, ability, e)
                value += FOCUS if focus is not None and e.id == focus.id else 0.0
                ranked = (value, str(move))
                if best is None or ranked > best:
                    best, choice = ranked, move
    if best is None or (here is not None and best[0] <= here + 0.05):
        return None
    return choice
