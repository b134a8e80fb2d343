"""Scripts for THRUM's search (issue 17 point 3): ways of fighting the default AI does not take, each a
policy the search plays as its guide (``Settings.guide``, docs/agents.md, "The search in THRUM").

``focus`` is the default AI (:mod:`.ai`) with these changes (draft; see the docs for what each is worth).
"""

from __future__ import annotations

import functools
from dataclasses import replace

from tactica.engine.action import Action
from tactica.engine.fight import Fight
from tactica.systems.thrum import contests, dice
from tactica.systems.thrum.abilities import Ability, Effect
from tactica.systems.thrum.ai import MOVE, STANCE_OR_END, DefaultPolicy, _care, _grouped, _stance, _uses
from tactica.systems.thrum.setup import ThrumGame
from tactica.systems.thrum.state import Contest, Fighter, ThrumState
from tactica.systems.thrum.targeting import cover_of

G = ThrumGame
S = ThrumState
Pos = tuple[int, int]
#: What taking an enemy out of the fight is worth, in Fatigue dealt.
DOWN = 4.0
#: What pushing an enemy past its Fatigue Tolerance (Exhausted, THRUM 36) is worth, in Fatigue dealt.
EXHAUST = 1.0
#: The bonus of the side's shared target.
FOCUS = 0.5
#: A status an attack leaves on its target, in Fatigue dealt.
STATUS_WORTH = {
    "slowed": 0.6,
    "bleed": 0.3,
    "hamstrung": 0.3,
    "burning": 0.5,
    "blinded": 0.3,
    "weakened": 0.4,
}
#: Switches for measuring the changes one by one.
ANSWER = True
PASSIVE = False
RESCUE = True
NEXT = 1.0
CHASE = True
DASH = True
#: What a Vulnerable stack left on the defender is worth against it, in Fatigue.
VULNERABLE_COST = 0.5
CONDITION_WORTH = {"stunned": 1.0, "disoriented": 0.5, "dazed": 0.3, "immobilized": 0.3}


class FocusPolicy(DefaultPolicy):
    """The default AI, with the side's attacks on one shared target, moves made before attacks, and
    attacks valued by their exact odds (module docstring)."""

    def choose(self, fight: Fight) -> Action:
        game = fight.game
        state = fight.state
        assert isinstance(game, ThrumGame) and isinstance(state, ThrumState)
        actor = fight.deciding()[0]
        me = state.fighters[actor]
        if state.pending:
            if ANSWER and state.pending[-1].kind == "defend":
                return _defend(game, state, me, fight.legal_actions_of(actor))
            return super().choose(fight)
        if me.acted:
            return super().choose(fight)
        by_verb = _grouped(fight.legal_actions_of(actor, game.acting_verbs(actor)))
        if PASSIVE and me.exhausted:
            rest = _rest(game, state, me, by_verb)
            if rest is not None:
                return rest if rest.verb != "stance-or-end" else _stance_or_end(fight, game, state, me)
        if RESCUE and not me.moved and not by_verb.get("resuscitate"):
            rescue = _rescue(game, state, me, fight.legal_actions_of(actor, MOVE))
            if rescue is not None:
                return rescue
        care = _care(game, state, me, by_verb)
        if care is not None:
            return care
        attacks = _attack_options(game, by_verb)
        enemies = [f for f in state.fighters.values() if f.side != me.side and f.in_fight]
        if not enemies:
            return super().choose(fight)
        focus = focus_target(game, state, me.side)
        here = _best_attack(game, state, me, attacks, focus) if attacks else None
        if not me.moved:
            moves = [a for a in fight.legal_actions_of(actor, MOVE) if a.verb == "move" and not a.flags]
            step = _best_step(game, state, me, moves, focus, here[0] if here else None)
            if step is not None:
                return step
        if here is not None:
            return here[1]
        if CHASE and focus is not None:
            verb = "dash" if me.moved else "move"
            if DASH or verb == "move":
                options = [a for a in fight.legal_actions_of(actor, frozenset([verb])) if not a.flags]
                chase = _chase(game, state, me, options, focus)
                if chase is not None:
                    return chase
        return super().choose(fight)


def _rest(game: G, state: S, me: Fighter, by_verb: dict[str, list[Action]]) -> Action | None:
    """THRUM 36-37: an Exhausted character makes an Incapacity Roll after any Action that leaves it
    Exhausted: Recover when it ends the Exhaustion, else take no Action while an ally still fights."""
    recover = {a.flags[0]: a for a in by_verb.get("recover", []) if a.target in (None, me.id)}
    if "fatigue" in recover and me.fatigue - 1 <= me.fatigue_tolerance:
        return recover["fatigue"]
    others = [f for f in state.fighters.values() if f.side == me.side and f.id != me.id and f.in_fight]
    if not any(not f.exhausted for f in others):
        return None
    return Action(me.id, "stance-or-end")


def _rescue(game: G, state: S, me: Fighter, moves: list[Action]) -> Action | None:
    """THRUM 11, 41: a move next to an incapacitated ally, to Resuscitate it (Range 1) this turn."""
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


def _stance_or_end(fight: Fight, game: G, state: S, me: Fighter) -> Action:
    by_verb = _grouped(fight.legal_actions_of(me.id, STANCE_OR_END))
    return _stance(game, state, me, by_verb) or by_verb["end"][0]


def focus_target(game: G, state: S, side: str) -> Fighter | None:
    """The side's shared target: the enemy closest to going down, nearness to the side breaking ties."""
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


def _attack_options(game: G, by_verb: dict[str, list[Action]]) -> dict[str, tuple[Ability, list[Action]]]:
    out = {}
    for verb, options in by_verb.items():
        ability = game.abilities.get(verb)
        if ability is not None and ability.kind == "action" and ability.is_attack:
            out[verb] = (ability, options)
    return out


def _best_attack(
    game: G, state: S, me: Fighter, attacks: dict[str, tuple[Ability, list[Action]]], focus: Fighter | None
) -> tuple[float, Action] | None:
    best: tuple[float, str] | None = None
    choice: Action | None = None
    strained = me.stress + 1 >= me.stress_tolerance
    for ability, options in attacks.values():
        valued: dict[tuple[str | None, Pos | None, Pos | None], float | None] = {}
        for a, hit in _uses(game, state, me, ability, options):
            overexert = a.has_flag("overexert")
            if overexert and strained:
                continue
            use = (a.target, a.at, a.to)
            if use not in valued:
                valued[use] = _use_value(game, state, me, ability, hit, focus, overexert)
            value = valued[use]
            if value is None:
                continue
            if overexert:
                value = _use_value(game, state, me, ability, hit, focus, True)
                if value is None:
                    continue
                value -= 0.6
            ranked = (value, str(a))
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
    overexert: bool = False,
) -> float | None:
    enemies = [f for f in hit if f.side != me.side and f.in_fight]
    friends = [f for f in hit if f.side == me.side]
    if not enemies:
        return None
    value = 0.0
    for e in enemies:
        value += attack_worth(game, state, me, ability, e, overexert)
        value += FOCUS if focus is not None and e.id == focus.id else 0.0
    for f in friends:
        value -= attack_worth(game, state, me, ability, f, overexert) * 1.5
    return value


def attack_worth(
    game: G, state: S, me: Fighter, ability: Ability, target: Fighter, overexert: bool = False
) -> float:
    """The expected worth of ``me`` attacking ``target`` with ``ability`` from where ``me`` stands (its
    exact odds, THRUM 1-4, 21-25)."""
    contest = Contest(me.id, ability.id, [target.id])
    for holder in state.fighters.values():  # triggered stances (THRUM 11, 30): Protect and Assist
        if holder.stance is None or not holder.in_fight or holder.id in (me.id, target.id):
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
    best: tuple[float, float, float] | None = None
    for defense in contests.defenses_open(game, target, ability):
        boons, dbanes = contests.defense_dice(game, target, defense, contest)
        odds = _odds(
            mod,
            -banes,
            sheet.defense(defense),
            boons - dbanes,
            game.options.critical_margin,
            game.options.ties_to_defender,
        )
        if best is None or odds[1] + odds[2] < best[1] + best[2]:
            best = odds
    assert best is not None
    _, success, critical = best
    worth = 0.0
    before = _state_worth(game, target, target.fatigue, target.stress, False, ability)
    for outcome, p in (("failure", 1.0 - success - critical), ("success", success), ("critical", critical)):
        if p <= 0:
            continue
        effects = contests.effects_for(ability, outcome, overexert)
        fatigue = stress = 0
        extra = 0.0
        vulnerable = target.statuses.get("vulnerable", 0)
        for e in effects:
            if e.fatigue is not None:
                fatigue += (e.fatigue or game.options.unnumbered_deal) + vulnerable
                vulnerable = 0
            elif e.stress is not None:
                stress += (e.stress or game.options.unnumbered_deal) + vulnerable
                vulnerable = 0
            elif e.status is not None and e.status not in target.statuses:
                extra += STATUS_WORTH.get(e.status, 0.2)
            elif e.condition is not None and e.condition not in target.conditions:
                extra += CONDITION_WORTH.get(e.condition, 0.2)
        after = _state_worth(
            game, target, target.fatigue + fatigue, target.stress + stress, ability.has("finisher"), ability
        )
        worth += p * (after - before + extra)
    return worth


def _state_worth(
    game: G, target: Fighter, fatigue: int, stress: int, finisher: bool, ability: Ability
) -> float:
    value = fatigue + 0.5 * stress
    if fatigue > target.fatigue_tolerance:
        value += EXHAUST
        res = game.sheet(target.id).defense("resilience")
        banes = 1 if "bleed" in target.statuses else 0
        down = _at_most(res, -banes, fatigue) if finisher else 0.0
        if fatigue - 1 > target.fatigue_tolerance:  # its next Recover still leaves it Exhausted (THRUM 36)
            down += (1.0 - down) * NEXT * _at_most(res, -banes, fatigue - 1)
        value += DOWN * down
    return value


@functools.lru_cache(maxsize=1 << 12)
def _odds(mod: int, net: int, dmod: int, dnet: int, margin: int, ties: bool) -> tuple[float, float, float]:
    """(failure, success, critical) of an attack roll against a defence roll (THRUM 1-4)."""
    attack = dice.distribution(net, mod)
    defense = dice.distribution(dnet, dmod)
    total = attack.denominator() * defense.denominator()
    out = {"failure": 0, "success": 0, "critical": 0}
    for a, qa in attack.items():
        for d, qd in defense.items():
            hits = a > d if ties else a >= d
            outcome = "failure" if not hits else ("critical" if a >= d + margin else "success")
            out[outcome] += qa * qd
    return out["failure"] / total, out["success"] / total, out["critical"] / total


@functools.lru_cache(maxsize=1 << 10)
def _at_most(mod: int, net: int, limit: int) -> float:
    """The chance a roll with ``net`` Boons and modifier ``mod`` is at most ``limit`` (THRUM 37)."""
    roll = dice.distribution(net, mod)
    return sum(q for v, q in roll.items() if v <= limit) / roll.denominator()


def _best_step(
    game: G, state: S, me: Fighter, moves: list[Action], focus: Fighter | None, here: float | None
) -> Action | None:
    """The move to the square from which the best attack is worth most, when it beats attacking from here."""
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
                    continue
                value = attack_worth(game, state, moved, ability, e)
                value += FOCUS if focus is not None and e.id == focus.id else 0.0
                ranked = (value, str(move))
                if best is None or ranked > best:
                    best, choice = ranked, move
    if best is None:
        return None
    if here is not None and best[0] <= here + 0.05:
        return None
    return choice


def _defend(game: G, state: S, me: Fighter, legal: list[Action]) -> Action:
    """The declared defensive roll with the least expected harm (exact odds, THRUM 21-24)."""
    decision = state.pending[-1]
    contest = state.contests[decision.data["depth"]]
    ability = game.abilities[contest.ability]
    mod, banes = contests.attack_roll(game, state, contest, me)
    sheet = game.sheet(me.id)
    before = _state_worth(game, me, me.fatigue, me.stress, False, ability)
    best: tuple[float, str] | None = None
    choice = legal[0]
    for a in legal:
        if a.verb != "defend" or not a.flags:
            continue
        defense = a.flags[0]
        boons, dbanes = contests.defense_dice(game, me, defense, contest)
        fail, success, critical = _odds(
            mod,
            -banes,
            sheet.defense(defense),
            boons - dbanes,
            game.options.critical_margin,
            game.options.ties_to_defender,
        )
        # the defender's own critical: the attack's total at least margin below the defence's
        harm = 0.0
        for outcome, p in (("success", success), ("critical", critical)):
            effects = contests.effects_for(ability, outcome, contest.overexert)
            fatigue, stress, extra = _load(game, me, effects)
            harm += p * (
                _state_worth(
                    game, me, me.fatigue + fatigue, me.stress + stress, ability.has("finisher"), ability
                )
                - before
                + extra
            )
        if defense == "evasion":
            harm += VULNERABLE_COST * (
                1.0
                - _own_critical(
                    mod, -banes, sheet.defense(defense), boons - dbanes, game.options.critical_margin
                )
            )
        ranked = (-harm, str(a))
        if best is None or ranked > best:
            best, choice = ranked, a
    return choice


def _load(game: G, target: Fighter, effects: list[Effect]) -> tuple[int, int, float]:
    fatigue = stress = 0
    extra = 0.0
    vulnerable = target.statuses.get("vulnerable", 0)
    for e in effects:
        if e.fatigue is not None:
            fatigue += (e.fatigue or game.options.unnumbered_deal) + vulnerable
            vulnerable = 0
        elif e.stress is not None:
            stress += (e.stress or game.options.unnumbered_deal) + vulnerable
            vulnerable = 0
        elif e.status is not None and e.status not in target.statuses:
            extra += STATUS_WORTH.get(e.status, 0.2)
        elif e.condition is not None and e.condition not in target.conditions:
            extra += CONDITION_WORTH.get(e.condition, 0.2)
    return fatigue, stress, extra


@functools.lru_cache(maxsize=1 << 12)
def _own_critical(mod: int, net: int, dmod: int, dnet: int, margin: int) -> float:
    """The chance the defence's total is at least ``margin`` above the attack's (THRUM 24, C3)."""
    attack = dice.distribution(net, mod)
    defense = dice.distribution(dnet, dmod)
    total = attack.denominator() * defense.denominator()
    hits = sum(qa * qd for a, qa in attack.items() for d, qd in defense.items() if d >= a + margin)
    return float(hits / total)


def _chase(game: G, state: S, me: Fighter, options: list[Action], focus: Fighter) -> Action | None:
    """The move (or Dash) that brings ``me`` nearest to where its attacks reach the side's target."""
    actions = [a for a in game.actions_of(me.id) if a.kind == "action" and a.is_attack and a.shape is None]
    reach = max((a.range for a in actions), default=1)
    enemies = [f for f in state.fighters.values() if f.side != me.side and f.in_fight]

    def key(at: Pos) -> tuple[int, int]:
        short = max(0, game.board.distance(at, focus.pos) - reach)
        close = sum(1 for e in enemies if game.board.distance(at, e.pos) <= 1)
        return (-short, -close)

    here = key(me.pos)
    best: tuple[tuple[int, int], str] | None = None
    choice = None
    for a in options:
        if a.at is None:
            continue
        ranked = (key(a.at), str(a))
        if best is None or ranked > best:
            best, choice = ranked, a
    if best is None or best[0] <= here:
        return None
    return choice
