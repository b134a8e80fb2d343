"""Attacks as contests (THRUM 1-5, 21-31): triggers, the defender's declared roll, the two rolls, outcomes.

An attack is a :class:`~tactica.systems.thrum.state.Contest` on ``state.contests``. :func:`advance` walks
the top one through its stages. Stage ``triggers`` raises the triggered stance effects of everyone whose
trigger the targeting meets, as decisions in initiative order (THRUM 30); an attack made by a triggered
effect is pushed on top and resolved first (last in, first out). Stage ``defend`` asks each defender with a
choice which roll it makes, before anything is rolled (THRUM 21). Stage ``roll`` rolls and applies.
Decisions carry ``depth`` (the index of their contest), so a contest moves on only when no decision of its
own or of a contest above it is waiting.
"""

from __future__ import annotations

from collections.abc import Sequence

from tactica.engine.interrupts import Decision, push_in_initiative_order
from tactica.engine.system import Context
from tactica.systems.thrum import dice, forced, vitals
from tactica.systems.thrum.abilities import DEFENSES, Ability, Effect
from tactica.systems.thrum.events import ActionFizzled, ContestDecided, DefenseDeclared, StanceChanged
from tactica.systems.thrum.setup import ThrumGame
from tactica.systems.thrum.state import Contest, Fighter, ThrumState
from tactica.systems.thrum.targeting import cover_of, is_enemy

G = ThrumGame
S = ThrumState


def initiative_rank(state: S) -> dict[str, int]:
    """Each character's place in the initiative order (0 = top)."""
    return {slot.key: i for i, slot in enumerate(state.order.slots)}


def defenses_open(game: G, defender: Fighter, ability: Ability) -> tuple[str, ...]:
    """THRUM 21, 44: the standard defensive rolls against this attack (Slowed: no Evasion)."""
    assert ability.attack is not None
    options = DEFENSES[ability.attack]
    if "slowed" in defender.statuses:
        options = tuple(d for d in options if d != "evasion")
    return options


def advance(game: G, state: S, ctx: Context) -> None:
    """Move the attacks on until a decision is owed or none is left."""
    while state.contests and not state.over:
        depth = len(state.contests) - 1
        if state.pending and state.pending[-1].data.get("depth", -1) >= depth:
            return
        contest = state.contests[depth]
        attacker = state.fighters[contest.actor]
        if not attacker.in_fight:  # pre-empted: a triggered effect put the attacker out of action
            state.contests.pop()
            ctx.emit(ActionFizzled(attacker.id, contest.ability, f"{attacker.id} is out of action"))
            continue
        if contest.stage == "triggers":
            contest.stage = "defend"
            if "hamstrung" in attacker.statuses:  # THRUM 44: making an Attack makes it Dazed
                vitals.apply_condition(attacker, "dazed", 0, ctx, "attacked while Hamstrung")
            _raise_triggers(game, state, contest, depth)
        elif contest.stage == "defend":
            contest.stage = "roll"
            _ask_defenses(game, state, contest, depth, ctx)
        else:
            state.contests.pop()
            _roll(game, state, contest, ctx)


# -- triggers (THRUM 30) --------------------------------------------------------------------------


def _raise_triggers(game: G, state: S, contest: Contest, depth: int) -> None:
    attacker = state.fighters[contest.actor]
    ability = game.abilities[contest.ability]
    rank = initiative_rank(state)
    raised: list[tuple[int, int, Decision]] = []
    for i, tid in enumerate(contest.targets):
        target = state.fighters[tid]
        for holder in state.fighters.values():
            stance = game.abilities[holder.stance] if holder.stance else None
            if stance is None or stance.trigger is None or not holder.in_fight:
                continue
            if _meets(game, stance, holder, attacker, target, ability):
                decision = Decision(holder.id, "trigger", attacker.id, {"depth": depth, "target": i})
                raised.append((rank.get(holder.id, 99), i, decision))
    raised.sort(key=lambda r: (r[0], r[1]))
    push_in_initiative_order(state.pending, [d for _, _, d in raised])


def _meets(
    game: G, stance: Ability, holder: Fighter, attacker: Fighter, target: Fighter, used: Ability
) -> bool:
    """THRUM 11, 30: whether this targeting meets the holder's stance trigger."""
    near = game.board.distance
    if stance.trigger == "ally_targets_enemy_in_range":  # Assist
        return (
            holder.id != attacker.id
            and holder.side == attacker.side
            and is_enemy(holder, target)
            and near(holder.pos, target.pos) <= stance.range
        )
    if stance.trigger == "ally_in_range_targeted_by_enemy":  # Protect
        return (
            holder.id != target.id
            and holder.side == target.side
            and is_enemy(holder, attacker)
            and near(holder.pos, target.pos) <= stance.range
        )
    # targeted_by_enemy_in_range (a counter-attack)
    return (
        holder.id == target.id
        and is_enemy(holder, attacker)
        and near(holder.pos, attacker.pos) <= stance.range
    )


def use_trigger(game: G, state: S, holder: Fighter, decision: Decision, ctx: Context) -> str:
    """Carry out a triggered stance effect (then the caller ends the stance, THRUM 11); say what it did."""
    contest = state.contests[decision.data["depth"]]
    target = contest.targets[decision.data["target"]]
    stance = game.abilities[holder.stance or ""]
    if stance.on_trigger == "bane_on_defense":
        contest.banes[target] = contest.banes.get(target, 0) + 1
        effect = f"+1 Bane on {target}'s defensive roll"
    elif stance.on_trigger == "boon_on_defense":
        contest.boons[target] = contest.boons.get(target, 0) + 1
        effect = f"+1 Boon on {target}'s defensive roll"
    else:
        assert stance.counter is not None
        state.contests.append(Contest(holder.id, stance.counter, [contest.actor], origin="trigger"))
        effect = f"{game.abilities[stance.counter].title} against {contest.actor}"
    return effect


def end_triggered_stance(game: G, holder: Fighter, ctx: Context) -> None:
    """THRUM 11: a stance whose triggered effect was used ends."""
    title = game.abilities[holder.stance or ""].title
    holder.stance = None
    ctx.emit(StanceChanged(holder.id, None, f"{title} was used"))


def trigger_target(state: S, decision: Decision) -> str:
    """The defender a trigger decision is about."""
    return state.contests[decision.data["depth"]].targets[decision.data["target"]]


# -- the defender's declared roll (THRUM 21) ----------------------------------------------------


def _ask_defenses(game: G, state: S, contest: Contest, depth: int, ctx: Context) -> None:
    ability = game.abilities[contest.ability]
    rank = initiative_rank(state)
    asks: list[tuple[int, Decision]] = []
    for i, tid in enumerate(contest.targets):
        defender = state.fighters[tid]
        options = defenses_open(game, defender, ability)
        if len(options) == 1:
            contest.defenses[tid] = options[0]
            ctx.emit(DefenseDeclared(tid, options[0], contest.actor, chosen=False))
        else:
            asks.append(
                (rank.get(tid, 99), Decision(tid, "defend", contest.actor, {"depth": depth, "target": i}))
            )
    asks.sort(key=lambda a: a[0])
    push_in_initiative_order(state.pending, [d for _, d in asks])


def declare_defense(state: S, defender: Fighter, decision: Decision, defense: str, ctx: Context) -> None:
    """Record the defender's choice, before the attack is rolled."""
    contest = state.contests[decision.data["depth"]]
    contest.defenses[defender.id] = defense
    ctx.emit(DefenseDeclared(defender.id, defense, contest.actor))


# -- rolling and outcomes (THRUM 1-4, 22-25, 31) ------------------------------------------------


def attack_banes(game: G, state: S, attacker: Fighter, ability: Ability, target: Fighter | None) -> int:
    """THRUM 25, 26, 36, 44: Ranged (per adjacent enemy), Cover, Exhausted, Weakened, Blinded."""
    banes = 0
    if ability.has("ranged") and (game.options.basic_attack_ranged or ability.id != "basic-attack"):
        banes += sum(
            1
            for f in state.fighters.values()
            if not f.removed and is_enemy(attacker, f) and game.board.distance(attacker.pos, f.pos) == 1
        )
    if target is not None and ability.attack == "physical" and target.id != attacker.id:
        banes += 1 if cover_of(game, state, attacker, target) == "cover" else 0
    if target is not None and "blinded" in attacker.statuses and is_enemy(attacker, target):
        banes += (
            1 if game.board.distance(attacker.pos, target.pos) > 1 else 0
        )  # THRUM 44: non-adjacent enemies
    banes += 1 if attacker.exhausted else 0
    banes += 1 if "weakened" in attacker.statuses else 0
    return banes


def defense_dice(game: G, defender: Fighter, defense: str, contest: Contest) -> tuple[int, int]:
    """THRUM 11, 24, 29, 34, 45: Boons and Banes on a defensive roll."""
    boons = contest.boons.get(defender.id, 0)
    banes = contest.banes.get(defender.id, 0)
    stance = game.abilities[defender.stance] if defender.stance else None
    boons += 1 if stance is not None and stance.defense_boon == defense else 0
    boons += 1 if defense == "evasion" and "vulnerable" not in defender.statuses else 0
    boons += game.abilities[defender.buff].defense_boons if defender.buff else 0
    banes += 1 if defender.frayed else 0
    banes += 1 if "dazed" in defender.conditions else 0
    return boons, banes


def rolls_once(game: G, contest: Contest) -> bool:
    """THRUM 16, 21 / option area_attack_roll: one attack roll against every defender of an area."""
    single = len(contest.targets) == 1 and not contest.cells
    return not single and game.options.area_attack_roll == "once"


def attack_roll(game: G, state: S, contest: Contest, target: Fighter | None) -> tuple[int, int]:
    """The attack roll against ``target`` (None: the one roll of an area): its modifier and Banes."""
    attacker = state.fighters[contest.actor]
    ability = game.abilities[contest.ability]
    mod = game.sheet(attacker.id).art_mod(ability.art)
    return mod, attack_banes(game, state, attacker, ability, target)


def defense_roll(game: G, contest: Contest, defender: Fighter) -> tuple[int, int, int]:
    """The defender's declared roll: its modifier, Boons and Banes."""
    defense = contest.defenses[defender.id]
    boons, banes = defense_dice(game, defender, defense, contest)
    return game.sheet(defender.id).defense(defense), boons, banes


def decide(game: G, attack: int, defense: int) -> tuple[str, str]:
    """THRUM 3, 4, 24, C1, C3: the attacker's outcome and the defender's own ('critical', 'success',
    'failure') for an attack total against a defence total."""
    margin = game.options.critical_margin
    hits = attack > defense if game.options.ties_to_defender else attack >= defense
    outcome = "failure" if not hits else ("critical" if attack >= defense + margin else "success")
    mine = "failure" if hits else ("critical" if defense >= attack + margin else "success")
    return outcome, mine


def gains_vulnerable(defense: str, mine: str) -> bool:
    """THRUM 24: an Evasion roll that is not a Critical leaves the defender +1 Vulnerable."""
    return defense == "evasion" and mine != "critical"


def _roll(game: G, state: S, contest: Contest, ctx: Context) -> None:
    attacker = state.fighters[contest.actor]
    ability = game.abilities[contest.ability]
    shared: int | None = None
    if rolls_once(game, contest):
        mod, banes = attack_roll(game, state, contest, None)
        shared = dice.roll(ctx, attacker.id, f"{ability.title} attack", mod, 0, banes)
    for tid in contest.targets:
        defender = state.fighters[tid]
        total = shared
        if total is None:
            mod, banes = attack_roll(game, state, contest, defender)
            total = dice.roll(ctx, attacker.id, f"{ability.title} attack on {tid}", mod, 0, banes)
        _against(game, state, contest, attacker, defender, total, ctx)
    for tid in contest.targets:  # THRUM 31: Finisher
        defender = state.fighters[tid]
        if ability.has("finisher") and defender.exhausted:
            vitals.incapacity_roll(game, defender, ctx, f"{ability.title} is a Finisher")


def _against(
    game: G, state: S, contest: Contest, attacker: Fighter, defender: Fighter, attack: int, ctx: Context
) -> None:
    ability = game.abilities[contest.ability]
    defense = contest.defenses[defender.id]
    mod, boons, banes = defense_roll(game, contest, defender)
    total = dice.roll(ctx, defender.id, f"{defense} against {ability.title}", mod, boons, banes)
    outcome, mine = decide(game, attack, total)
    ctx.emit(ContestDecided(attacker.id, defender.id, ability.id, defense, attack, total, outcome, mine))
    apply_outcome(game, state, contest, attacker, defender, outcome, mine, ctx)


def apply_outcome(
    game: G,
    state: S,
    contest: Contest,
    attacker: Fighter,
    defender: Fighter,
    outcome: str,
    mine: str,
    ctx: Context,
) -> None:
    """THRUM 22-24, 32, 44: the effects of one outcome on the defender, and Evasion's Vulnerable (after
    the effect, or before it with option vulnerable_after_effect off)."""
    ability = game.abilities[contest.ability]
    by_enemy = is_enemy(attacker, defender)
    vulnerable = gains_vulnerable(contest.defenses[defender.id], mine)
    if vulnerable and not game.options.vulnerable_after_effect:
        vitals.add_status(defender, "vulnerable", 1, ctx, "Evasion")
    effects = effects_for(ability, outcome, contest.overexert)
    pushes = apply_effects(game, defender, effects, ctx, by_enemy=by_enemy, dealer=attacker.id)
    forced.queue(state, attacker, defender, pushes)
    if vulnerable and game.options.vulnerable_after_effect:
        vitals.add_status(defender, "vulnerable", 1, ctx, "Evasion")


def effects_for(ability: Ability, outcome: str, overexert: bool) -> list[Effect]:
    """The effects of one outcome: 'effect' always, 'success' on a success, both lists on a critical."""
    extra = ability.overexert if overexert else None
    out = list(ability.effect) + (list(extra.effect) if extra else [])
    if outcome in ("success", "critical"):
        out += ability.success + (extra.success if extra else [])
    if outcome == "critical":
        out += ability.critical + (extra.critical if extra else [])
    return out


def apply_effects(
    game: G,
    target: Fighter,
    effects: Sequence[Effect],
    ctx: Context,
    *,
    by_enemy: bool,
    dealer: str | None = None,
) -> int:
    """Carry out effects on one character (THRUM 32, 43-46, C4); return the squares it may be pushed
    (the user decides later: :mod:`tactica.systems.thrum.forced`). ``dealer``: who used the ability."""
    push = 0
    for e in effects:
        if e.fatigue is not None:
            amount = e.fatigue or game.options.unnumbered_deal
            vitals.deal(target, "fatigue", amount, ctx, source="attack", by_enemy=by_enemy, dealer=dealer)
        elif e.stress is not None:
            amount = e.stress or game.options.unnumbered_deal
            vitals.deal(target, "stress", amount, ctx, source="attack", by_enemy=by_enemy, dealer=dealer)
        elif e.status is not None:
            vitals.add_status(target, e.status, e.stacks, ctx)
        elif e.condition is not None:
            turns = {"stunned": 1, "immobilized": game.options.immobilized_turns}.get(e.condition, 0)
            vitals.apply_condition(target, e.condition, turns, ctx)
        elif e.push is not None:
            push += e.push
    return push
