"""Star Rangers time (rules 2-9): initiative checks with tie-breaks and roll-offs, the surprise round and the
flat-footed, the unaware rolling afterwards, turns in a fixed order, durations, and the end of the fight."""

from __future__ import annotations

from tactica.dice import D20
from tactica.engine.events import (
    FightEnded,
    InitiativeRolled,
    InitiativeTieBroken,
    RoundStarted,
    TurnEnded,
    TurnStarted,
)
from tactica.engine.system import Context
from tactica.engine.turn_order import Slot, ties_broken
from tactica.systems.srb import durations
from tactica.systems.srb.events import SrbFlatFooted, SrbSurprise, SrbTurnPassed
from tactica.systems.srb.setup import SrbGame
from tactica.systems.srb.state import Fighter, SrbState

G = SrbGame
S = SrbState
#: Rule 2: a round is 6 seconds.
ROUND_SECONDS = 6


def start_fight(game: G, state: S, ctx: Context) -> None:
    """Rules 3-6: a surprise round when some but not all are aware (only the aware roll initiative now);
    otherwise everyone rolls and round 1 begins."""
    fighters = list(state.fighters.values())
    aware = [f for f in fighters if f.aware]
    state.surprise = 0 < len(aware) < len(fighters)
    if state.surprise:
        ctx.emit(SrbSurprise(tuple(f.id for f in aware), tuple(f.id for f in fighters if not f.aware)))
        for f in fighters:
            if not f.aware:
                f.flat_footed = True
                ctx.emit(SrbFlatFooted(f.id, True, "unaware at the start of the battle (rule 4)"))
        roll_initiative(game, state, aware, ctx)
        state.order.slots = _slots(game, state, aware, ctx, keep=[])
        state.order.round = 0
    else:
        roll_initiative(game, state, fighters, ctx)
        state.order.slots = _slots(game, state, fighters, ctx, keep=[])
        state.order.round = 1
    ctx.emit(RoundStarted(state.order.round))
    begin_turn(game, state, ctx)


def roll_initiative(game: G, state: S, fighters: list[Fighter], ctx: Context) -> None:
    """Rule 6: a d20 + the initiative modifier (DEX + other), in setup order; fixed results come from the
    setup's ``initiative``."""
    fixed = game.spec.initiative or {}
    for f in fighters:
        mod = game.sheet(f.id).initiative_mod
        if f.id in fixed:
            f.initiative = fixed[f.id]
            ctx.emit(InitiativeRolled(f.id, f.initiative, "fixed"))
        else:
            face = ctx.die(D20, f"{f.id} initiative")
            f.initiative = face + mod
            ctx.emit(InitiativeRolled(f.id, f.initiative, f"d20 {face} {mod:+d}"))


def _slots(game: G, state: S, fighters: list[Fighter], ctx: Context, keep: list[str]) -> list[Slot]:
    """Rule 7: highest result first; ties by the higher total initiative modifier; still tied, a d20
    roll-off, repeated among those who tie again. A tie among combatants already ordered (``keep``, in
    their order) keeps that order."""

    def key(f: Fighter) -> tuple[int, int]:
        return (-(f.initiative or 0), -game.sheet(f.id).initiative_mod)

    groups: dict[tuple[int, int], list[str]] = {}
    for f in fighters:
        groups.setdefault(key(f), []).append(f.id)
    for f in ties_broken(fighters, lambda g: key(g)[0], key):  # shown (issue 15 point 14)
        mod = game.sheet(f.id).initiative_mod
        ctx.emit(InitiativeTieBroken(f.id, f.initiative or 0, f"initiative modifier {mod:+d} (rule 7)"))
    out: list[str] = []
    for k in sorted(groups):
        tied = groups[k]
        if len(tied) > 1 and all(t in keep for t in tied):
            out.extend(sorted(tied, key=keep.index))
        else:
            out.extend(_roll_off(state, tied, ctx) if len(tied) > 1 else tied)
    return [Slot(fid, [fid], state.fighters[fid].initiative or 0) for fid in out]


def _roll_off(state: S, tied: list[str], ctx: Context, depth: int = 0) -> list[str]:
    """Rule 7: the tied roll a d20 each, highest first; those equal again roll again."""
    if depth >= 20:  # pragma: no cover - twenty equal roll-offs in a row
        return tied
    rolls = {fid: ctx.die(D20, f"{fid} initiative roll-off") for fid in tied}
    for fid in tied:
        score = state.fighters[fid].initiative or 0
        ctx.emit(InitiativeRolled(fid, score, f"roll-off d20 {rolls[fid]}"))
    out: list[str] = []
    for face in sorted(set(rolls.values()), reverse=True):
        group = [fid for fid in tied if rolls[fid] == face]
        out.extend(group if len(group) == 1 else _roll_off(state, group, ctx, depth + 1))
    return out


def label(state: S) -> str:
    """'Surprise round', or 'Round 2 (12-18 s)' (rule 2: 6 seconds a round)."""
    n = state.order.round
    if n == 0:
        return f"Surprise round (0-{ROUND_SECONDS} s)"
    start = ROUND_SECONDS * (n - 1 + (1 if state.surprise else 0))
    return f"Round {n} ({start}-{start + ROUND_SECONDS} s)"


def begin_turn(game: G, state: S, ctx: Context) -> None:
    """A combatant's initiative count comes up: round effects that began on it end (rule 9), its turn
    opens with a fresh budget; one who cannot act (down) keeps its place and its turn passes (rule 8)."""
    slot = state.order.current
    durations.before_turn(state, slot.key, ctx)
    f = state.fighters[slot.key]
    ctx.emit(TurnStarted(state.order.round, f.id, (f.id,), label(state)))
    state.acting = f.id
    f.spent, f.full, f.no_attacks = {}, False, False
    f.turns += 1
    if f.flat_footed and game.options.flat_footed_until == "first_turn":
        f.flat_footed = False
        ctx.emit(SrbFlatFooted(f.id, False, "its first turn (option flat_footed_until)"))
    if not f.up:
        ctx.emit(SrbTurnPassed(f.id, f"{f.status}: it keeps its place in the order (rule 8)"))
        end_turn(state, ctx)


def end_turn(state: S, ctx: Context) -> None:
    """The acting combatant's turn is over."""
    f = state.fighters[state.acting or ""]
    state.acting = None
    ctx.emit(TurnEnded(f.id))


def _regular_rounds(game: G, state: S, ctx: Context) -> None:
    """Rules 4-5: after the surprise round the unaware roll initiative, everyone is ordered, and the
    flat-footed are no longer flat-footed (option flat_footed_until)."""
    late = [f for f in state.fighters.values() if f.initiative is None]
    roll_initiative(game, state, late, ctx)
    keep = [s.key for s in state.order.slots]
    state.order.slots = _slots(game, state, list(state.fighters.values()), ctx, keep)
    state.order.index = 0
    if game.options.flat_footed_until == "regular_rounds":
        for f in state.fighters.values():
            if f.flat_footed:
                f.flat_footed = False
                ctx.emit(SrbFlatFooted(f.id, False, "the regular rounds begin (rule 4)"))


def _reroll(game: G, state: S, ctx: Context) -> None:
    """Option reroll_initiative (B10's other reading): everyone rolls anew at the start of each round."""
    fighters = list(state.fighters.values())
    roll_initiative(game, state, fighters, ctx)
    state.order.slots = _slots(game, state, fighters, ctx, keep=[])
    state.order.index = 0


def settle(game: G, state: S, ctx: Context) -> None:
    """After each decision: end the fight if it is over, else open turns until someone must decide."""
    for _ in range(10_000):
        if state.over or check_end(state, ctx):
            return
        if state.pending or state.acting is not None:
            return
        if state.order.advance():
            if state.order.round > game.options.max_rounds:
                state.cut_off = True
                finish(state, ctx, None, f"round limit {game.options.max_rounds} reached")
                return
            ctx.emit(RoundStarted(state.order.round))
            if state.order.round == 1:
                _regular_rounds(game, state, ctx)
            elif game.options.reroll_initiative:
                _reroll(game, state, ctx)
        begin_turn(game, state, ctx)
    raise RuntimeError("Star Rangers turn loop did not settle")  # pragma: no cover - a bug guard


def check_end(state: S, ctx: Context) -> bool:
    """The fight ends when only one side has combatants still standing."""
    standing = {f.side for f in state.fighters.values() if f.up}
    if len(standing) > 1:
        return False
    winner = next(iter(standing)) if standing else None
    finish(state, ctx, winner, "every other side is down" if standing else "everyone is down")
    return True


def finish(state: S, ctx: Context, winner: str | None, reason: str) -> None:
    """Close the fight."""
    state.over, state.winner, state.end_reason = True, winner, reason
    state.acting = None
    state.pending.clear()
    state.suspended.clear()
    ctx.emit(FightEnded(winner, reason, state.cut_off))
