"""Phase 3d6 time (rules 1-4): initiative without a roll, the Surprise Phase, Phases and Turns, the
Post-Turn Recovery, and the end of the fight."""

from __future__ import annotations

from tactica.dice import D6
from tactica.engine.events import FightEnded, InitiativeRolled, RoundStarted, TurnEnded, TurnStarted
from tactica.engine.interrupts import Decision, push_in_initiative_order
from tactica.engine.system import Context
from tactica.engine.turn_order import Slot
from tactica.systems.phase3d6 import combat
from tactica.systems.phase3d6.events import (
    FighterDown,
    HeldActionLost,
    InitiativeMoved,
    PhaseActionLost,
    PhaseStarted,
    PostTurn,
    RecoveryTaken,
)
from tactica.systems.phase3d6.holds import UNTIL_NEXT_PHASE
from tactica.systems.phase3d6.setup import Phase3d6Game
from tactica.systems.phase3d6.state import Fighter, Phase3d6State

G = Phase3d6Game
S = Phase3d6State


def start_fight(game: G, state: S, ctx: Context) -> None:
    """Rules 3-4: initiative = CV + Lightning Reflexes (E14: no roll unless the option adds 3d6), ties
    ordered by a roll once (E13); a Surprise Phase when some but not all are aware."""
    fixed = game.spec.initiative or {}
    scores: dict[str, int] = {}
    for fid in state.fighters:
        score = fixed.get(fid, game.sheet(fid).initiative)
        detail = "fixed" if fid in fixed else "CV + Lightning Reflexes"
        if fid not in fixed and game.options.initiative_roll:
            score += sum(ctx.draw(D6, 3, f"{fid} initiative"))
            detail = "CV + Lightning Reflexes + 3d6"
        scores[fid] = score
        ctx.emit(InitiativeRolled(fid, score, detail))
    state.order.slots = [Slot(fid, [fid], scores[fid]) for fid in _ordered(scores, ctx)]
    aware = {f.aware for f in state.fighters.values()}
    state.surprise = len(aware) == 2
    state.order.round = 0 if state.surprise else 1
    _phase_started(game, state, ctx)
    begin_slot(game, state, ctx)


def _ordered(scores: dict[str, int], ctx: Context) -> list[str]:
    out: list[str] = []
    for score in sorted(set(scores.values()), reverse=True):
        tied = [fid for fid, s in scores.items() if s == score]
        out.extend(tied if len(tied) == 1 else combat.tie_break(tied, scores, ctx))
    return out


def _phase_started(game: G, state: S, ctx: Context) -> None:
    """A new Phase: attacks of opportunity are counted afresh (rules 11-12; per Turn with E3's option)."""
    if game.options.aoo_limit_per == "phase" or state.phase <= 1:
        for f in state.fighters.values():
            f.aoo_used = 0
            f.aoo_movers = []
    for f in state.fighters.values():
        f.done = False  # rule 21: 'before your initiative in this Phase' starts again
    if game.options.tie_break == "every_phase" and state.order.round > 1:
        _reorder_ties(state, ctx)
    if state.phase == 1:
        ctx.emit(RoundStarted(state.turn))
    ctx.emit(PhaseStarted(state.order.round, state.turn, state.phase))


def _reorder_ties(state: S, ctx: Context) -> None:
    """E13 'every_phase': runs of neighbouring places with equal scores are rolled again at each Phase;
    places set by a delay or a readied action (rules 19-20) are kept where they are."""
    slots = state.order.slots
    out: list[Slot] = []
    i = 0
    while i < len(slots):
        j = i
        while j + 1 < len(slots) and slots[j + 1].score == slots[i].score:
            j += 1
        run = slots[i : j + 1]
        if len(run) > 1 and not any(s.key in state.placed for s in run):
            by_key = {s.key: s for s in run}
            run = [
                by_key[k] for k in combat.tie_break([s.key for s in run], {s.key: s.score for s in run}, ctx)
            ]
        out.extend(run)
        i = j + 1
    state.order.slots = out


def phase_label(state: S) -> str:
    """'Surprise Phase' or 'Turn 2, Phase 3'."""
    return "Surprise Phase" if state.order.round == 0 else f"Turn {state.turn}, Phase {state.phase}"


def begin_slot(game: G, state: S, ctx: Context) -> None:
    """A character's place in the Phase comes up: it acts unless it cannot (out, unaware in the Surprise
    Phase, an Abort took this action, rule 21)."""
    fighter = state.fighters[state.order.current.key]
    ctx.emit(TurnStarted(state.turn, fighter.id, (fighter.id,), phase_label(state)))
    state.acting, state.asked = fighter.id, False
    if fighter.held == "delay":
        fighter.held = ""
        ctx.emit(HeldActionLost(fighter.id, "its place came up before it acted (rule 19, seed l.97)"))
    aborted = fighter.lose_phase == state.order.round
    _fresh_phase(game, state, fighter, ctx, keep_defence=aborted)
    why = _cannot_act(state, fighter)
    if why:
        ctx.emit(PhaseActionLost(fighter.id, why))
        if aborted:
            fighter.lose_phase = -1  # rule 21: it may Abort again after its initiative in this Phase
        end_slot(state, ctx)


def _fresh_phase(game: G, state: S, fighter: Fighter, ctx: Context, *, keep_defence: bool = False) -> None:
    """What ends when its own Phase begins: last Phase's manoeuvres and guards (rule 13), a Dodge (E4), an
    unused readied action (rule 20), a full-Phase action started two Phases ago and not completed (rule 15),
    the unaware's penalty by option (E12). A place lost to an Abort keeps the defence the Abort bought until
    the character's next Phase in which it acts (E4)."""
    fighter.attacked, fighter.moves, fighter.full, fighter.hexes = False, 0, False, 0
    fighter.stepped = False
    if not keep_defence:
        fighter.maneuvers = []
        fighter.guard = ""
        if fighter.dodge_until == UNTIL_NEXT_PHASE:
            fighter.dodge_until = -1
    if fighter.held == "ready" and fighter.ready_phase < state.order.round:
        fighter.held = ""
        ctx.emit(PhaseActionLost(fighter.id, "its readied action lapsed unused (rule 20)"))
    if fighter.split and fighter.split_phase < state.order.round - 1:
        ctx.emit(PhaseActionLost(fighter.id, f"its started {fighter.split} lapsed, not completed (rule 15)"))
        fighter.split = ""
    if (
        not fighter.aware
        and state.order.round > 0
        and game.options.surprise_penalty_ends == "first_own_phase"
    ):
        fighter.aware = True


def _cannot_act(state: S, fighter: Fighter) -> str:
    if fighter.out:
        return "out of the fight"
    if state.order.round == 0 and not fighter.aware:
        return "surprised: the unaware do not act in the Surprise Phase (rule 4)"
    if fighter.lose_phase == state.order.round:
        return "it aborted this action (rule 21)"
    return ""


def end_slot(state: S, ctx: Context) -> None:
    """Its action in this Phase is over."""
    fighter = state.fighters[state.acting or ""]
    fighter.done = True
    state.acting = None
    ctx.emit(TurnEnded(fighter.id))


def settle(game: G, state: S, ctx: Context) -> None:
    """After each decision: end the fight if it is over, else move on until someone must decide. Between
    two places (and at a Phase's end and start) characters holding a delayed action decide first (rule
    19)."""
    for _ in range(10_000):
        if state.over or check_end(state, ctx):
            return
        if state.pending or state.suspended or state.acting is not None:
            return
        if not state.asked:
            state.asked = True
            if ask_holders(state):
                return
        if state.opening:
            state.opening = False
        elif _next_place(game, state, ctx):
            continue
        begin_slot(game, state, ctx)
    raise RuntimeError("Phase 3d6 turn loop did not settle")  # pragma: no cover - a bug guard


def _next_place(game: G, state: S, ctx: Context) -> bool:
    """Go on to the next place; True when that opens a new Phase (whose first place waits for the holders
    of delayed actions), or ends the fight at the Turn limit."""
    finished = state.order.round
    if not state.order.advance():
        return False
    _phase_over(game, state, finished, ctx)
    if state.turn > game.options.max_rounds:
        state.cut_off = True
        finish(state, ctx, None, f"Turn limit {game.options.max_rounds} reached")
        return True
    _phase_started(game, state, ctx)
    state.opening, state.asked = True, False
    return True


# -- the open-ended delay (rule 19, seed l.96-97) ------------------------------------------------------


def ask_holders(state: S) -> bool:
    """Seed l.96 "just wait until some time later and act then": every character holding a delayed action
    decides (``interject``: ``act`` or ``pass``), first in initiative order first, except one whose own place
    comes next (its delayed action lapses there, l.97) or has just passed (it delayed there); True when
    anyone was asked."""
    if all(f.held != "delay" for f in state.fighters.values()):
        return False  # nobody holds a delayed action
    order = state.order
    here = order.index if state.opening else order.index + 1
    near = {s.key for s in order.slots[order.index : here + 1]}
    upcoming = order.slots[here].key if here < len(order.slots) else ""
    holders = [
        s.key for s in order.slots if state.fighters[s.key].held == "delay" and not state.fighters[s.key].out
    ]
    asked = [Decision(key, "interject", upcoming) for key in holders if key not in near]
    push_in_initiative_order(state.pending, asked)
    return bool(asked)


def step_in(game: G, state: S, fighter: Fighter, ctx: Context) -> None:
    """Seed l.96-97: a holder acts now, between two places: its place moves here for good ("fixing your new
    initiative score at that point"), so in the Phase after the one it delayed in it does not get its
    regular place as well."""
    state.pending[:] = [d for d in state.pending if d.kind != "interject"]
    order = state.order
    fighter.held = ""
    order.remove(fighter.id)
    here = order.index if state.opening else order.index + 1
    if here < len(order.slots):
        ctx.emit(InitiativeMoved(fighter.id, "ahead of", order.slots[here].key, "delayed action"))
    else:
        ctx.emit(InitiativeMoved(fighter.id, "after", order.slots[-1].key, "delayed action"))
    score = order.slots[min(here, len(order.slots) - 1)].score
    order.slots.insert(here, Slot(fighter.id, [fighter.id], score))
    order.index, state.opening = here, False
    if fighter.id not in state.placed:
        state.placed.append(fighter.id)
    begin_slot(game, state, ctx)


def _phase_over(game: G, state: S, finished: int, ctx: Context) -> None:
    """After the Surprise Phase its penalty ends (E12); after every Phase 4 comes the Post-Turn (rule 1)."""
    if finished == 0:
        if game.options.surprise_penalty_ends == "end_of_surprise_phase":
            for f in state.fighters.values():
                f.aware = True
        return
    if (finished - 1) % 4 == 3:
        post_turn(game, state, (finished - 1) // 4 + 1, ctx)


def post_turn(game: G, state: S, turn: int, ctx: Context) -> None:
    """Rule 1 / E10: everyone not flagged 'no_recovery' Takes a Recovery (STUN + REC, up to its maximum)."""
    ctx.emit(PostTurn(turn))
    if not game.options.post_turn_recovery:
        return
    for f in state.fighters.values():
        if not game.sheet(f.id).no_recovery:
            recover(game, f, "Post-Turn", ctx)


def recover(game: G, fighter: Fighter, why: str, ctx: Context) -> None:
    """Take a Recovery: STUN + REC (capped); a character knocked out wakes when its STUN is above 0 again
    and its BODY is above 0."""
    sheet = game.sheet(fighter.id)
    gained = max(0, min(sheet.rec, sheet.stun - fighter.stun))
    fighter.stun += gained
    ctx.emit(RecoveryTaken(fighter.id, gained, fighter.stun, why))
    if fighter.out and fighter.stun > 0 and fighter.body > 0:
        fighter.out = False
        ctx.emit(FighterDown(fighter.id, "conscious again"))


def check_end(state: S, ctx: Context) -> bool:
    """The fight ends when only one side has characters still in the fight."""
    standing = {f.side for f in state.fighters.values() if not f.out}
    if len(standing) > 1:
        return False
    winner = next(iter(standing)) if standing else None
    finish(state, ctx, winner, "every other side is out of the fight" if standing else "everyone is down")
    return True


def finish(state: S, ctx: Context, winner: str | None, reason: str) -> None:
    """Close the fight."""
    state.over, state.winner, state.end_reason = True, winner, reason
    state.acting = None
    state.pending.clear()
    state.suspended.clear()
    ctx.emit(FightEnded(winner, reason, state.cut_off))
