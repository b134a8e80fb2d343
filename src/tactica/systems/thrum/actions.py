"""Using abilities on one's turn (THRUM 10-11, 16, 21, 28-29): what can be used now, on what, and how.

Every Action of a character is a verb named after the ability (``ana basic-attack orc``,
``ana fire-burst @4,2``, ``ana lance @3,3 to @6,3``, ``ana recover +stress``, ``ana dash @5,5``).
"""

from __future__ import annotations

from collections.abc import Iterator

from tactica.engine.action import Action
from tactica.engine.system import Context
from tactica.grid.memo import BoardMemo
from tactica.systems.listed import listed
from tactica.systems.thrum import contests, forced, geometry, movement, terrain, vitals
from tactica.systems.thrum.abilities import STATUSES, TICKING, Ability
from tactica.systems.thrum.events import BuffChanged, Revived, Targeted
from tactica.systems.thrum.setup import ThrumGame
from tactica.systems.thrum.state import Contest, Fighter, ThrumState
from tactica.systems.thrum.targeting import (
    Covers,
    affected,
    aim_problem,
    area_cells,
    area_placements,
    fits_category,
    placing,
    reach,
    target_problem,
)

G = ThrumGame
S = ThrumState
#: What Recover can take away: a point of a load, or one Status (Mark is a condition, not a Status: THRUM 45).
RECOVERABLE = ("fatigue", "stress", *(s for s in STATUSES if s != "mark"))


def acting_problem(game: G, state: S, fighter: Fighter) -> str | None:
    """Why ``fighter`` cannot take an Action now (THRUM 9-10, 38, 46), or None."""
    if state.order.round == 0:
        return "Round Zero is for placement and stances: no actions (THRUM 6)"
    if fighter.acted:
        return f"{fighter.id} has already taken its Action this turn (THRUM 9)"
    if "stunned" in fighter.conditions:
        if game.options.stunned == "lose_turn":
            return f"{fighter.id} is Stunned and can neither move nor act (option stunned)"
        if fighter.moved:
            return f"{fighter.id} is Stunned and has moved: it may Move or Act, not both (THRUM 46)"
    return None


def candidates(
    game: G, state: S, fighter: Fighter, ability: Ability, covers: Covers | None = None
) -> Iterator[Action]:
    """Every listed use of ``ability`` by ``fighter`` now (the check of :func:`problem` accepts each);
    ``covers``: the cover of each target from ``fighter``, when the listing has them."""
    if ability.special == "dash":
        if dash_problem(game, fighter) is None:
            yield from movement.move_candidates(
                game, state, fighter, ability.id, movement.speed(game, fighter)
            )
        return
    if ability.special == "teleport":
        for p in movement.teleport_destinations(game, state, fighter, reach(ability, fighter)):
            yield listed(fighter.id, ability.id, None, p)
        return
    flags: list[tuple[str, ...]] = [()]
    if ability.overexert is not None:
        flags.append(("overexert",))
    if ability.shape is not None:
        yield from _area_uses(game, fighter, ability, tuple(flags))
        return
    for target in _targets(game, state, fighter, ability, covers):
        named = None if ability.target == "self" else target.id  # a Self ability names no target
        if ability.special == "recover":
            for what in _recoverable(target):
                yield listed(fighter.id, ability.id, named, None, None, (what,))
            continue
        for f in flags:
            yield listed(fighter.id, ability.id, named, None, None, f)


def _area_uses(
    game: G, fighter: Fighter, ability: Ability, flags: tuple[tuple[str, ...], ...]
) -> tuple[Action, ...]:
    """Every placement of an area ability with each of ``flags``, remembered per board by all it depends
    on."""
    key = (fighter.id, ability.id, flags, placing(game, fighter, ability))

    def uses() -> tuple[Action, ...]:
        placed = area_placements(game, fighter, ability)
        return tuple(Action(fighter.id, ability.id, at=p, to=to, flags=f) for p, to in placed for f in flags)

    return _AREA_USES.get(game.board, key, uses)


#: Area abilities' listed uses, remembered per board; the oldest go past this many per board.
AREA_USES_LIMIT = 4096
_AREA_USES: BoardMemo[tuple[Action, ...]] = BoardMemo(AREA_USES_LIMIT)


def _targets(
    game: G, state: S, fighter: Fighter, ability: Ability, covers: Covers | None
) -> Iterator[Fighter]:
    """The characters :func:`target_problem` accepts as targets of ``ability`` (checked without wording
    the refusals)."""
    if ability.target == "self":  # THRUM 20: its user, whatever the Range
        if not fighter.removed:
            yield fighter
        return
    for target in state.fighters.values():
        if target.removed or not fits_category(ability, fighter, target):
            continue
        if aim_problem(game, state, fighter, ability, target, covers) is None:
            yield target


def _recoverable(target: Fighter) -> list[str]:
    out = [load for load in ("fatigue", "stress") if getattr(target, load) > 0]
    return out + [s for s in RECOVERABLE[2:] if s in target.statuses]


def dash_problem(game: G, fighter: Fighter) -> str | None:
    """C16: Dash moves after moving unless the option says otherwise; Immobilized cannot."""
    if fighter.has("immobilized"):
        return f"{fighter.id} is Immobilized and cannot move (THRUM 45)"
    if fighter.moved and not game.options.dash_after_move:
        return f"{fighter.id} has moved; with option dash_after_move off, Dash is not allowed after a Move"
    return None


def problem(game: G, state: S, fighter: Fighter, ability: Ability, action: Action) -> str | None:
    """Why this use of ``ability`` is not legal (the ability's own conditions), or None."""
    allowed = {"overexert"} if ability.overexert is not None else set()
    if ability.special == "dash":
        return dash_problem(game, fighter) or movement.check_destination(
            game, state, fighter, action, movement.speed(game, fighter)
        )
    if ability.special == "teleport":
        return teleport_problem(game, state, fighter, ability, action, reach(ability, fighter))
    if ability.special == "recover":
        allowed = set(RECOVERABLE)
    unknown = [f for f in action.flags if f not in allowed]
    if unknown:
        valid = ", ".join(f"+{f}" for f in sorted(allowed)) or "none"
        return f"unknown flag '+{unknown[0]}' for {ability.title} (valid: {valid})"
    if ability.shape is not None:
        if action.target is not None:
            return f"{ability.title} is placed on squares, not aimed at a character: {ability.id} @X,Y"
        try:
            area_cells(game, fighter, ability, action)
        except geometry.PlacementError as error:
            return f"{error} (THRUM 16)"
        return None
    if ability.target == "self" and action.target is not None:
        return f"{ability.title} targets its user and names no one: {fighter.id} {ability.id}" + (
            " +fatigue" if ability.special == "recover" else ""
        )
    if action.at is not None or action.to is not None:
        return f"{ability.title} is not placed on squares; name its target: {fighter.id} {ability.id} TARGET"
    target = fighter.id if ability.target == "self" else action.target
    found = target_problem(game, state, fighter, ability, target)
    if found:
        return found
    if ability.special == "recover":
        return _recover_problem(state.fighters[target or fighter.id], action)
    return None


def teleport_problem(
    game: G, state: S, fighter: Fighter, ability: Ability, action: Action, far: int
) -> str | None:
    """THRUM 15: a Teleport names an open square within ``far``."""
    if action.at is None or action.target is not None or action.to is not None or action.flags:
        return f"{ability.title} names the square to appear in: {fighter.id} {ability.id} @X,Y"
    if action.at not in movement.teleport_destinations(game, state, fighter, far):
        return (
            f"{fighter.id} cannot teleport to @{action.at[0]},{action.at[1]}: it must be an open square"
            f" (no wall, no one in it) within {far} (THRUM 15)"
        )
    return None


def _recover_problem(target: Fighter, action: Action) -> str | None:
    if len(action.flags) != 1:
        return (
            "Recover reduces Fatigue or Stress by 1 or ends one Status:"
            " name one with +fatigue, +stress or +STATUS"
        )
    what = action.flags[0]
    if what in ("fatigue", "stress") and getattr(target, what) == 0:
        return f"{target.id} has no {what.capitalize()} to reduce"
    if what in RECOVERABLE[2:] and what not in target.statuses:
        return f"{target.id} is not {what.capitalize()}"
    return None


def use(game: G, state: S, fighter: Fighter, ability: Ability, action: Action, ctx: Context) -> None:
    """Take ``action`` as the turn's Action: pay Overexert, then resolve or start the contest."""
    fighter.acted = fighter.stopped = True
    state.action = ability.id
    if ability.special == "dash":
        movement.walk(game, state, fighter, action, movement.speed(game, fighter), "dash", ctx)
        return
    if ability.special == "teleport":
        assert action.at is not None
        movement.teleport(fighter, action.at, 0, ctx)
        return
    overexert = action.has_flag("overexert")
    cells = area_cells(game, fighter, ability, action) if ability.shape is not None else frozenset()
    targets = _chosen(state, fighter, ability, action, cells)
    ctx.emit(Targeted(fighter.id, ability.id, tuple(t.id for t in targets), tuple(sorted(cells)), overexert))
    if overexert and ability.overexert is not None:  # THRUM 28: Stress first, before any roll
        vitals.deal(
            fighter,
            "stress",
            ability.overexert.stress,
            ctx,
            source="overexert",
            by_enemy=False,
            dealer=fighter.id,
        )
    if ability.is_attack and not targets:
        return  # an area with no one in it: nothing to roll against
    if ability.is_attack:
        contest = Contest(fighter.id, ability.id, [t.id for t in targets], sorted(cells), overexert=overexert)
        state.contests.append(contest)
        return
    _resolve_plain(game, state, fighter, ability, action, targets, cells, ctx)


def _chosen(
    state: S, fighter: Fighter, ability: Ability, action: Action, cells: frozenset[tuple[int, int]]
) -> list[Fighter]:
    if ability.shape is not None:
        return affected(state, fighter, ability, cells)
    return [state.fighters[action.target or fighter.id]]


def _resolve_plain(
    game: G,
    state: S,
    fighter: Fighter,
    ability: Ability,
    action: Action,
    targets: list[Fighter],
    cells: frozenset[tuple[int, int]],
    ctx: Context,
) -> None:
    """Abilities without an attack roll: Recover, Resuscitate, Buffs, Terrain Effects, plain effects."""
    if ability.special == "recover":
        _recover(targets[0], action.flags[0], ctx)
        if ability.id == "recover":  # THRUM 44: taking the Recover action ends Burning, whatever it recovers
            vitals.end_status(fighter, "burning", ctx, "took the Recover action")
    elif ability.special == "resuscitate":
        _resuscitate(targets[0], ctx)
    elif ability.has("terrain_effect"):
        terrain.place(state, fighter, ability, cells, ctx)
    elif ability.has("buff"):
        offer_buff(state, fighter, ability, targets[0], ctx)
    for target in targets:
        effects = contests.effects_for(ability, "success", action.has_flag("overexert"))
        pushes = contests.apply_effects(
            game, target, effects, ctx, by_enemy=target.side != fighter.side, dealer=fighter.id
        )
        forced.queue(state, fighter, target, pushes)


def _recover(target: Fighter, what: str, ctx: Context) -> None:
    """THRUM 11 Recover: Fatigue or Stress -1, or one Status ends."""
    if what in ("fatigue", "stress"):
        vitals.reduce_load(target, what, 1, ctx, "recover")
    else:
        vitals.end_status(target, what, ctx, "recover")


def _resuscitate(target: Fighter, ctx: Context) -> None:
    """THRUM 11, 41: no longer incapacitated, loads halved (round down), negative statuses cleared."""
    target.incapacitated = False
    ctx.emit(Revived(target.id, "resuscitated"))
    vitals.reduce_load(target, "fatigue", target.fatigue - target.fatigue // 2, ctx, "resuscitate")
    vitals.reduce_load(target, "stress", target.stress - target.stress // 2, ctx, "resuscitate")
    for name in [s for s in target.statuses if s in TICKING]:
        vitals.end_status(target, name, ctx, "resuscitated")


def offer_buff(state: S, creator: Fighter, ability: Ability, target: Fighter, ctx: Context) -> None:
    """THRUM 29: a target benefits from one Buff; with one already, it chooses (a pending decision)."""
    if target.buff is None:
        target.buff, target.buff_from = ability.id, creator.id
        ctx.emit(BuffChanged(target.id, ability.id, creator.id, "taken"))
        return
    from tactica.engine.interrupts import Decision

    state.offer = [ability.id, creator.id]
    state.pending.append(Decision(target.id, "buff", creator.id, {"depth": -1}))


def settle_buff(state: S, target: Fighter, swap: bool, ctx: Context) -> None:
    """The target's answer: keep the Buff it has, or end it and take the new one."""
    ability, creator = state.offer
    state.offer = []
    if swap:
        ctx.emit(BuffChanged(target.id, target.buff or "", target.buff_from or "", "ended"))
        target.buff, target.buff_from = ability, creator
        ctx.emit(BuffChanged(target.id, ability, creator, "taken"))
    else:
        ctx.emit(BuffChanged(target.id, ability, creator, "declined"))


def all_contests_done(state: S) -> bool:
    """True when no attack and no decision is waiting."""
    return not state.contests and not state.pending


def finish_action(game: G, state: S, ctx: Context) -> None:
    """THRUM 36: after its Action an Exhausted character makes an Incapacity Roll."""
    fighter = state.fighters[state.acting or ""]
    state.action = None
    if fighter.exhausted and fighter.in_fight:
        vitals.incapacity_roll(game, fighter, ctx, "took an Action while Exhausted")
