"""Delay/Ready: sacrifice the turn for one instant action on a trigger (rule 41).

The seed says Delay and Ready are "the same thing, two ways to describe it", so there is one verb:

* ``ACTOR ready with WEAPON [+moves|+attacks]`` takes the whole turn (a Full-Round cost: it must be the first
  thing done, and it ends the turn). The character waits, weapon trained, until the start of its team's next
  turn (a ``ready`` condition on it).
* ``+moves`` (the default): when an enemy ends a step of a move in a square the readied weapon can attack
  (inside the Threat Range for a melee weapon; in line of sight and not in Full cover for a ranged one), the
  move stops and the readier decides: ``fire MOVER with WEAPON`` (one attack, the instant action) or ``hold``
  (keep waiting: the move goes on and the next step asks again). Moving needs no roll the readied attack
  could affect, so no initiative check: the attack happens where the mover stands.
* ``+attacks``: when an enemy the readier can attack declares an attack (Attack, Full Attack, Bonus Attack,
  Throw, Coup de grâce, a Combat Technique), the attack waits while the readier decides ``fire`` or
  ``hold``. The enemy's action needs a roll the instant action affects, so an initiative check decides who
  goes first: d20 + DEX + WIS modifiers + misc for each, ties to the readier (who has been waiting for
  exactly this). If the readier wins it attacks first, and the enemy's action is lost if the enemy can no
  longer take it; otherwise the enemy's action resolves and the readied attack follows, if still possible.
  This trigger needs :data:`DECLARE_HOOKS` run by the rules before a turn action resolves (see
  :func:`on_declare`).

The instant action need not be the readied attack (seed l.253: "the Character gets an instant action"):
instead of ``fire`` the readier may take any one Standard, Simple or Free action of its own (the rules
list them with the answers, :func:`answering_ready`). ``ACTOR ready [+moves|+attacks]`` with no weapon is
set off by an enemy in the readier's sight. Against a declared attack the initiative check comes first, as
for ``fire``.

Firing uses the ready up; a readied character who drops (dying) loses it. Forced movement (a Bull Rush push)
is not a move and does not trigger ``+moves``.
"""

from __future__ import annotations

from collections.abc import Iterable

from tactica.dice import D20
from tactica.engine.action import Action
from tactica.engine.conditions import Condition, find
from tactica.engine.interrupts import Decision, Suspended, push_in_initiative_order
from tactica.engine.system import Context
from tactica.grid import Cover
from tactica.systems.futurepath.attacks import Swing, cover_of, strike, target_problem, visible
from tactica.systems.futurepath.events import ActionLost, Checked, Readied, ReadyEnded, ReadyTriggered
from tactica.systems.futurepath.setup import FuturePathGame
from tactica.systems.futurepath.sheet import Weapon
from tactica.systems.futurepath.state import Fighter, FuturePathState
from tactica.systems.futurepath.turns import initiative_score
from tactica.systems.futurepath.verbs import Verb, fixed

G = FuturePathGame
S = FuturePathState
Pos = tuple[int, int]

READY = "ready"
TRIGGERS = ("moves", "attacks")
#: Rule 41 (l.253): "the Character gets an instant action": any one action of these costs.
INSTANT_COSTS = ("free", "simple", "standard")
#: Declared actions that set off a ``+attacks`` ready: every action built on an attack roll or damage roll.
ATTACK_VERBS = frozenset({"attack", "full-attack", "bonus-attack", "throw", "coup-de-grace", "technique"})


# -- who is ready, with what ---------------------------------------------------------------------


def readied(state: S, fid: str) -> Condition | None:
    """The ``ready`` condition on ``fid``, if it is waiting."""
    return find(state.conditions, fid, READY)


def readied_weapon(game: G, fighter: Fighter, condition: Condition) -> Weapon | None:
    """The weapon named when readying, if still in hand."""
    index = condition.data.get("weapon", -1)
    if not 0 <= index < len(fighter.carried) or fighter.carried[index] not in fighter.hands:
        return None
    return game.weapons[fighter.carried[index]]


def can_strike(game: G, state: S, readier: Fighter, target: Fighter, weapon: Weapon) -> bool:
    """Could the readied weapon attack ``target`` now: in the Threat Range (melee), or in sight and not in
    Full cover (ranged)."""
    if target_problem(game, state, readier, target, weapon) is not None:
        return False
    if weapon.is_melee:
        return True
    return visible(game, state, readier, target) and cover_of(game, state, readier, target) != Cover.FULL


def _waiting(game: G, state: S, trigger: str, enemy: Fighter) -> list[Fighter]:
    """Readied enemies of ``enemy`` waiting for ``trigger`` and able to attack it, in initiative order."""
    attacks = int(trigger == "attacks")
    out = []
    for c in state.conditions:
        if c.name != READY or c.data.get("attacks", 0) != attacks:
            continue
        readier = state.fighters[c.holder]
        if readier.side != enemy.side and readier.is_up and _sets_off(game, state, readier, c, enemy):
            out.append(readier)
    if len(out) < 2:
        return out  # nothing to order
    order = [s.key for s in state.order.slots]
    ids = list(state.fighters)
    return sorted(
        out, key=lambda f: (order.index(f.side) if f.side in order else len(order), ids.index(f.id))
    )


def _sets_off(game: G, state: S, readier: Fighter, condition: Condition, enemy: Fighter) -> bool:
    """Does ``enemy`` set off this ready: within reach of the readied weapon, or, with no weapon named,
    in the readier's sight (walls and blocking objects stop it)."""
    if condition.data.get("weapon", -1) < 0:
        return visible(game, state, readier, enemy)
    weapon = readied_weapon(game, readier, condition)
    return weapon is not None and can_strike(game, state, readier, enemy, weapon)


# -- the ready verb ------------------------------------------------------------------------------


def weapon_problem(game: G, fighter: Fighter, name: str | None) -> str | None:
    """Why ``name`` cannot be readied by ``fighter`` (drawn, not a grenade, loaded), or None."""
    if name is None:
        return f"say which weapon to ready: '{fighter.id} ready with WEAPON [+moves|+attacks]'"
    weapon = game.weapons.get(name)
    if weapon is None:
        return f"unknown weapon '{name}'"
    if name not in fighter.hands:
        drawn = ", ".join(fighter.hands) or "nothing"
        return f"{name} is not drawn (drawn: {drawn}); a readied weapon must be in hand (FuturePath 41)"
    if weapon.kind == "grenade":
        return f"{name} is a grenade; readying is for a weapon attack (FuturePath 41)"
    if weapon.ammo is not None and fighter.ammo.get(name, 0) <= 0:
        return f"{name} is empty; reload it before readying it (FuturePath 19, 41)"
    return None


def ready_check(game: G, state: S, fighter: Fighter, action: Action) -> str | None:
    """Rule 41: a drawn, usable weapon (if one is named) and at most one trigger."""
    if action.target is not None or action.at is not None:
        return f"ready takes no target: '{fighter.id} ready [with WEAPON] [+moves|+attacks]'"
    unknown = [f for f in action.flags if f not in TRIGGERS]
    if unknown:
        return f"unknown trigger +{unknown[0]}: a readied action waits for +moves (default) or +attacks"
    if len(action.flags) > 1:
        return "a readied action waits for one trigger: +moves or +attacks, not both"
    return None if action.using is None else weapon_problem(game, fighter, action.using)


def ready_candidates(game: G, state: S, fighter: Fighter) -> Iterable[Action]:
    """No weapon and each drawn weapon, with the default trigger, +moves spelled out, and +attacks."""
    weapons: list[str | None] = [
        None,
        *(w for w in fighter.hands if weapon_problem(game, fighter, w) is None),
    ]
    out = []
    for name in weapons:
        plain = Action(fighter.id, "ready", using=name)
        out += [plain, plain.with_flags("moves"), plain.with_flags("attacks")]
    return out


def ready_resolve(game: G, state: S, fighter: Fighter, action: Action, ctx: Context) -> None:
    """Wait until the start of the team's next turn for the trigger."""
    trigger = "attacks" if action.has_flag("attacks") else "moves"
    weapon = -1 if action.using is None else fighter.carried.index(action.using)
    data = {"weapon": weapon, "attacks": int(trigger == "attacks")}
    state.conditions.append(
        Condition(READY, fighter.id, "turn_start", fighter.side, state.order.round + 1, data=data)
    )
    ctx.emit(Readied(fighter.id, trigger, action.using or ""))


def _lapsed(game: G, state: S, condition: Condition, ctx: Context) -> None:
    ctx.emit(ReadyEnded(condition.holder, "lapsed"))


# -- triggers ------------------------------------------------------------------------------------


def on_step(game: G, state: S, fid: str, pos: Pos, ctx: Context) -> None:
    """``+moves``: an enemy ended a step where a readied weapon can reach it; its move waits (STEP_HOOKS)."""
    mover = state.fighters[fid]
    if not mover.is_up:
        return
    decisions = []
    for readier in _waiting(game, state, "moves", mover):
        ctx.emit(ReadyTriggered(readier.id, mover.id, pos, "moved"))
        decisions.append(Decision(readier.id, READY, mover.id, {"attacks": 0}))
    push_in_initiative_order(state.pending, decisions)


def on_declare(game: G, state: S, action: Action, ctx: Context) -> None:
    """``+attacks``: an enemy declared an attack; the readiers it sets off decide before it resolves.

    A declare hook: the rules run it after paying for a turn action and before resolving it; when a hook
    pushed decisions the action waits as ``Suspended(actor, 'action', note=str(action))``.
    """
    if action.verb not in ATTACK_VERBS or not state.conditions:
        return  # not an attack, or no one has readied anything (a ready is a condition)
    attacker = state.fighters[action.actor]
    decisions = []
    for readier in _waiting(game, state, "attacks", attacker):
        ctx.emit(ReadyTriggered(readier.id, attacker.id, attacker.pos, action.verb))
        decisions.append(Decision(readier.id, READY, attacker.id, {"attacks": 1}))
    push_in_initiative_order(state.pending, decisions)


# -- answering: fire or hold ---------------------------------------------------------------------


def fire_candidates(game: G, state: S, fighter: Fighter) -> Iterable[Action]:
    """The one attack the readied weapon can make on the enemy who set the ready off."""
    condition = readied(state, fighter.id)
    weapon = readied_weapon(game, fighter, condition) if condition else None
    trigger = state.fighters[state.pending[-1].trigger]
    if weapon is None or not can_strike(game, state, fighter, trigger, weapon):
        return []
    return [Action(fighter.id, "fire", trigger.id, using=weapon.name)]


def fire_check(game: G, state: S, fighter: Fighter, action: Action) -> str | None:
    """Rule 41: the instant action is an attack with the readied weapon on the triggering enemy."""
    decision = state.pending[-1]
    if action.verb == "hold":
        bare = action.target is None and action.using is None and action.at is None and not action.flags
        return None if bare else f"say just '{fighter.id} hold'"
    condition = readied(state, fighter.id)
    weapon = readied_weapon(game, fighter, condition) if condition else None
    if weapon is None:
        return f"{fighter.id} has no readied weapon in hand any more; it can only hold"
    if action.target != decision.trigger:
        answer = f"'{fighter.id} fire {decision.trigger} with {weapon.name}'"
        return f"the readied action answers {decision.trigger}: {answer}"
    if action.using != weapon.name:
        return f"{fighter.id} readied {weapon.name}; fire with it: 'with {weapon.name}' (FuturePath 41)"
    if action.flags or action.at is not None:
        return f"fire takes no flags or position: '{fighter.id} fire {decision.trigger} with {weapon.name}'"
    if not can_strike(game, state, fighter, state.fighters[decision.trigger], weapon):
        return f"{weapon.name} cannot attack {decision.trigger} from here"
    return None


def fire_resolve(game: G, state: S, fighter: Fighter, action: Action, ctx: Context) -> None:
    """Use the ready: attack now, or after the enemy's action if the enemy wins the initiative check."""
    assert action.using is not None
    enemy = state.fighters[state.pending[-1].trigger]
    if not use_ready(game, state, fighter, ctx):
        _after_declared_action(state, Suspended(fighter.id, "ready-fire", note=str(action)))
        return
    strike(game, state, fighter, enemy, Swing(game.weapons[action.using], purpose="readied attack"), ctx)


def use_ready(game: G, state: S, fighter: Fighter, ctx: Context) -> bool:
    """Spend the ready on its instant action; False when the action must wait for the enemy's declared one
    (it lost the initiative check of a ``+attacks`` trigger)."""
    decision = state.pending.pop()
    condition = readied(state, fighter.id)
    assert condition is not None
    state.conditions.remove(condition)
    ctx.emit(ReadyEnded(fighter.id, "used"))
    enemy = state.fighters[decision.trigger]
    return not decision.data.get("attacks") or _readier_first(game, fighter, enemy, ctx)


def answering_ready(state: S, fighter: Fighter) -> bool:
    """Is ``fighter`` deciding what to do with its readied action now?"""
    return bool(state.pending) and state.pending[-1].kind == READY and state.pending[-1].actor == fighter.id


def instant_problem(cost: str) -> str | None:
    """Rule 41 (l.253): the instant action is one action: a Standard, Simple or Free one."""
    if cost in INSTANT_COSTS:
        return None
    return "a readied instant action is one Standard, Simple or Free action (FuturePath 41)"


def defer(state: S, fighter: Fighter, action: Action) -> None:
    """Queue an instant action that lost the initiative check to follow the enemy's declared action."""
    _after_declared_action(state, Suspended(fighter.id, "action", note=str(action)))


def _readier_first(game: G, readier: Fighter, enemy: Fighter, ctx: Context) -> bool:
    """Rule 41: an initiative check, d20 + DEX + WIS + misc each; ties go to the readier."""
    mine = ctx.die(D20, f"{readier.id} initiative check against {enemy.id} (readied action)")
    theirs = ctx.die(D20, f"{enemy.id} initiative check against {readier.id} (readied action)")
    my_total = mine + initiative_score(game, readier.id)
    their_total = theirs + initiative_score(game, enemy.id)
    first = my_total >= their_total
    ctx.emit(Checked(readier.id, f"initiative check against {enemy.id}", mine, my_total, their_total, first))
    ctx.emit(
        Checked(enemy.id, f"initiative check against {readier.id}", theirs, their_total, my_total, not first)
    )
    return first


def _after_declared_action(state: S, work: Suspended) -> None:
    """Queue ``work`` to run right after the suspended declared action (below it on the stack)."""
    for i in range(len(state.suspended) - 1, -1, -1):
        if state.suspended[i].kind == "action":
            state.suspended.insert(i, work)
            return
    state.suspended.append(work)


def resume_fire(game: G, state: S, ctx: Context) -> None:
    """A readied attack that lost the initiative check goes off after the enemy's action, if it still can."""
    work = state.suspended.pop()
    action = Action.parse(work.note)
    assert action.target is not None and action.using is not None
    readier, enemy = state.fighters[work.actor], state.fighters[action.target]
    weapon = game.weapons[action.using]
    if not readier.is_up:
        ctx.emit(ActionLost(readier.id, work.note, f"{readier.id} is {readier.status}"))
    elif enemy.status == "dead" or not can_strike(game, state, readier, enemy, weapon):
        ctx.emit(ActionLost(readier.id, work.note, f"{weapon.name} can no longer attack {enemy.id}"))
    else:
        strike(game, state, readier, enemy, Swing(weapon, purpose="readied attack"), ctx)


def hold_resolve(game: G, state: S, fighter: Fighter, action: Action, ctx: Context) -> None:
    """Keep waiting: the enemy's move or action goes on and the ready stays."""
    state.pending.pop()


VERBS = [
    Verb(
        "ready",
        "Delay/Ready",
        fixed("full"),
        ready_candidates,
        ready_check,
        ready_resolve,
        ends_turn=True,
        rule="FuturePath 41",
    ),
    Verb(
        "fire",
        "Readied attack",
        fixed("none"),
        fire_candidates,
        fire_check,
        fire_resolve,
        answers=READY,
        rule="FuturePath 41",
    ),
    Verb(
        "hold",
        "Keep waiting",
        fixed("none"),
        lambda g, s, f: [Action(f.id, "hold")],
        fire_check,
        hold_resolve,
        answers=READY,
        rule="FuturePath 41",
    ),
]
ON_EXPIRE = {READY: _lapsed}
STEP_HOOKS = [on_step]
DECLARE_HOOKS = [on_declare]
RESUME = {"ready-fire": resume_fire}
