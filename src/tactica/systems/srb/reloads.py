"""Reloading, step by step (rule 16; ruling B8).

- Box magazines (and the cells of powered weapons): draw the new magazine and eject the old one (a move
  action, free with Quick Draw), then insert it and chamber a round (a move action); inserting needs the
  magazine in hand, so the steps go in order. The ejected magazine is kept, with its rounds.
- Belt-fed: remove the belt end, draw the new belt, insert it, prepare the gun: four move actions. A loader
  next to the gunner may do any of them on the gunner's gun (``load GUNNER with GUN``), drawing the belt
  from what the loader carries; so two characters finish in one round.
- Revolvers and internal magazines with a speed loader or clip: as a box magazine (draw it, insert it);
  rounds still in the weapon go back to the loose rounds.
- One round at a time: draw the rounds (a move action, free with Quick Draw), then in order eject (open,
  for internal magazines), load one round (as often as needed), close and prepare to fire: two of these
  steps per move action, one with a loading gate (times doubled).
- Refilling a box magazine: draw the rounds (a move action, free with Quick Draw), then insert 2 rounds per
  move action (option ``refill_draw: per_two_rounds``: draw 2 rounds, insert them, draw 2 more, ...).
"""

from __future__ import annotations

from tactica.engine.action import Action
from tactica.engine.system import Context
from tactica.systems.srb.economy import Cost
from tactica.systems.srb.events import SrbRefilled, SrbReloadStep
from tactica.systems.srb.setup import SrbGame
from tactica.systems.srb.sheet import Weapon
from tactica.systems.srb.state import Fighter, Gear, SrbState

G = SrbGame
S = SrbState
#: Steps that draw something: a move action, free with Quick Draw (rule 16).
DRAWS = ("draw-magazine", "draw-loader", "draw-rounds", "drawing-rounds")
BELT = ("remove-belt", "draw-belt", "insert-belt", "prepare")
#: One-round-at-a-time steps after drawing the rounds: two per move action (one with a loading gate).
SINGLE_STEPS = ("eject", "open", "load")
#: Where a reload stands once the weapon has left the hand, after a step that only drew something for it
#: (what was drawn goes back to the one who held the weapon, see ``let_go``); the other steps left their
#: mark on the weapon itself (a belt out or in, a cylinder or magazine open) and stand.
UNDRAWN = {
    "draw-magazine": "",
    "draw-loader": "",
    "drawing-rounds": "",
    "draw-rounds": "",
    "draw-belt": "remove-belt",
}


def _fullest(mags: list[int]) -> int:
    """The index of the fullest magazine (the first of equals)."""
    return max(range(len(mags)), key=lambda i: (mags[i], -i))


def has_full_spare(f: Fighter, weapon: str) -> bool:
    """True when ``f`` carries a spare magazine, belt, cell or speed loader with rounds in it."""
    return any(n > 0 for n in f.mags.get(weapon, []))


def next_step(game: G, performer: Fighter, w: Weapon, gear: Gear, single: bool = False) -> tuple[str, str]:
    """The next reload step of ``gear`` when ``performer`` does it: (step, '') or ('', why none)."""
    step = gear.step
    full = gear.loaded >= w.capacity and (gear.mag_in or w.feed in ("revolver", "internal"))
    if w.feed in ("box", "cell"):
        if step == "draw-magazine":
            return "insert", ""
        if full:
            return "", f"Star Rangers 16: the {w.name} is already full"
        what = "cell" if w.feed == "cell" else "magazine"
        if not has_full_spare(performer, w.name):
            return "", f"Star Rangers 16: {performer.id} has no loaded spare {what} for the {w.name}"
        return "draw-magazine", ""
    if w.feed == "belt":
        if step in BELT[:-1]:
            nxt = BELT[BELT.index(step) + 1]
            if nxt == "draw-belt" and not has_full_spare(performer, w.name):
                return "", f"Star Rangers 16: {performer.id} carries no belt for the {w.name}"
            return nxt, ""
        if full:
            return "", f"Star Rangers 16: the {w.name} is already full"
        return "remove-belt", ""
    if w.feed in ("revolver", "internal"):
        if step == "draw-loader":
            return "insert-loader", ""
        if step == "drawing-rounds":  # a loading gate: drawing the rounds takes twice as long
            return "draw-rounds", ""
        if step == "draw-rounds" or step in SINGLE_STEPS:
            return "load", ""
        if full:
            return "", f"Star Rangers 16: the {w.name} is already full"
        loader = w.speed_loader and has_full_spare(performer, w.name)
        if loader and not single:
            return "draw-loader", ""
        if performer.rounds.get(w.name, 0) > 0:
            return ("drawing-rounds" if w.loading_gate else "draw-rounds"), ""
        if single:
            return "", f"Star Rangers 16: {performer.id} has no loose rounds for the {w.name}"
        return (
            "",
            f"Star Rangers 16: {performer.id} has no speed loader, clip or loose rounds for the {w.name}",
        )
    return "", f"the {w.name} is not reloaded (rule 16 covers magazines, belts, cylinders and tubes)"


def let_go(holder: Fighter, gear: Gear) -> None:
    """The weapon leaves ``holder``'s hand mid-reload (dropped, flung): the magazine, belt, speed loader or
    loose rounds drawn for it, and a belt taken out of it, stay with ``holder``, among its spares and loose
    rounds; the weapon keeps what is in it, and whoever reloads it next draws its own (rule 16: "Must have a
    magazine in hand. (requires draw an item)"; "draw rounds ... Then the following in order")."""
    for rounds in (gear.held, gear.removed):
        if rounds >= 0:
            holder.mags.setdefault(gear.name, []).append(rounds)
    loose = gear.hand_rounds + gear.refill_rounds
    if loose:
        holder.rounds[gear.name] = holder.rounds.get(gear.name, 0) + loose
    gear.held = gear.removed = -1
    gear.hand_rounds = gear.refill_rounds = 0
    gear.step = UNDRAWN.get(gear.step, gear.step)


def step_cost(game: G, performer: Fighter, step: str) -> Cost:
    """Drawing a magazine, a speed loader or rounds is a move action, free with Quick Draw; every other
    step is a move action (rule 16)."""
    if step in DRAWS and game.sheet(performer.id).quick_draw:
        return "free"
    return "move"


def reload_problem(game: G, f: Fighter, weapon: str | None, action: Action) -> str | None:
    """Why ``f`` cannot take the next step of reloading ``weapon`` itself (cost aside), or None."""
    if weapon is None:
        held = f.hand or "the weapon in hand"
        return f"Star Rangers 16: name the weapon: {f.id} reload {held}"
    w = game.weapons.get(weapon)
    if w is None or weapon not in f.gear:
        return f"Star Rangers 16: {f.id} has no {weapon}"
    if f.hand != weapon:
        return f"Star Rangers 16: {f.id} reloads the weapon in hand; draw the {weapon} first"
    gear = f.gear[weapon]
    if gear.broken:
        return f"Star Rangers 22: the {weapon} is broken"
    step, why = next_step(game, f, w, gear, action.has_flag("single"))
    if not step:
        return why
    return _flag_problem(f, w, gear, step, action)


def _flag_problem(f: Fighter, w: Weapon, gear: Gear, step: str, action: Action) -> str | None:
    flags = set(action.flags)
    if not flags:
        return None
    if flags == {"single"}:
        if step == "draw-rounds" and gear.step == "" and w.speed_loader and has_full_spare(f, w.name):
            return None
        return "+single (load one round at a time) is for starting a reload that could use a speed loader"
    if flags == {"close"}:
        if step == "load" and gear.step in SINGLE_STEPS and gear.hand_rounds > 0 and gear.loaded < w.capacity:
            return None
        return "+close (stop loading and close) is for a weapon opened and being loaded one round at a time"
    return "reload takes +single (at the start) or +close (while loading one round at a time)"


def reload_candidates(game: G, f: Fighter) -> list[tuple[Action, Cost]]:
    """Every ``reload W [+single|+close]`` for the weapon in hand, with its cost."""
    if f.hand is None:
        return []
    w = game.weapons[f.hand]
    gear = f.gear[f.hand]
    if not w.loaded_feed or gear.broken:
        return []
    step, _why = next_step(game, f, w, gear)
    out: list[tuple[Action, Cost]] = []
    if step:
        out.append((Action(f.id, "reload", w.name), step_cost(game, f, step)))
        if step == "load" and gear.step in SINGLE_STEPS and gear.hand_rounds > 0 and gear.loaded < w.capacity:
            out.append((Action(f.id, "reload", w.name, flags=("close",)), "move"))
    if step == "draw-loader" and f.rounds.get(w.name, 0) > 0:
        out.append((Action(f.id, "reload", w.name, flags=("single",)), step_cost(game, f, "draw-rounds")))
    return out


def reload_cost(game: G, f: Fighter, action: Action) -> Cost:
    """What the next reload step costs (for a valid ``reload``)."""
    w = game.weapons[action.target or ""]
    step, _why = next_step(game, f, w, f.gear[w.name], action.has_flag("single"))
    return step_cost(game, f, step)


def reload(game: G, state: S, f: Fighter, action: Action, ctx: Context) -> None:
    """``reload W``: the next step (or, one round at a time, the next two) of reloading the weapon."""
    w = game.weapons[action.target or ""]
    do_step(game, f, f, w, f.gear[w.name], action, ctx)


def load_problem(game: G, state: S, f: Fighter, action: Action) -> str | None:
    """Why ``f`` cannot do the next step of reloading another's belt-fed gun (cost aside), or None."""
    gunner = state.fighters.get(action.target or "")
    if gunner is None:
        return f"name the gunner: {f.id} load GUNNER with GUN"
    if gunner.id == f.id:
        return f"{f.id} reloads its own weapon with 'reload'"
    if action.using is None:
        return f"name the gun: {f.id} load {gunner.id} with {gunner.hand or 'GUN'}"
    w = game.weapons.get(action.using)
    if w is None or w.feed != "belt":
        return f"Star Rangers 16: a loader helps only with a belt-fed weapon; the {action.using} is not one"
    if gunner.side != f.side or not gunner.up:
        return f"{gunner.id} is not a standing ally"
    if gunner.hand != w.name:
        return f"{gunner.id} does not hold a {w.name}"
    if game.board.distance(f.pos, gunner.pos) > 1:
        return f"Star Rangers 16: the loader must stand next to {gunner.id}"
    if action.flags:
        return "load takes no flags"
    step, why = next_step(game, f, w, gunner.gear[w.name])
    return None if step else why


def load_candidates(game: G, state: S, f: Fighter) -> list[Action]:
    """``load G with W`` for every adjacent ally holding a belt-fed gun with a step left that ``f`` can do."""
    out: list[Action] = []
    for g in state.fighters.values():
        if g.id == f.id or g.side != f.side or not g.up or g.hand is None:
            continue
        w = game.weapons[g.hand]
        if w.feed != "belt" or game.board.distance(f.pos, g.pos) > 1:
            continue
        step, _why = next_step(game, f, w, g.gear[w.name])
        if step:
            out.append(Action(f.id, "load", g.id, using=w.name))
    return out


def load(game: G, state: S, f: Fighter, action: Action, ctx: Context) -> None:
    """``load G with W``: the loader does the next step on the gunner's gun."""
    gunner = state.fighters[action.target or ""]
    w = game.weapons[action.using or ""]
    do_step(game, f, gunner, w, gunner.gear[w.name], action, ctx)


def do_step(game: G, f: Fighter, owner: Fighter, w: Weapon, gear: Gear, action: Action, ctx: Context) -> None:
    """Carry out the next step(s) on ``owner``'s weapon, done by ``f``."""
    step, _why = next_step(game, f, w, gear, action.has_flag("single"))
    if step == "load":
        _single_units(w, owner, gear, f, action.has_flag("close"), ctx)
        return
    mags = f.mags.setdefault(w.name, [])
    if step in ("draw-magazine", "draw-belt", "draw-loader"):
        gear.held = mags.pop(_fullest(mags))  # a new one from the spares, before the old one joins them
        if step == "draw-magazine" and gear.mag_in:
            owner.mags.setdefault(w.name, []).append(gear.loaded)
            gear.loaded, gear.mag_in = 0, False
    elif step in ("insert", "insert-belt"):
        gear.loaded, gear.mag_in, gear.held = gear.held, True, -1
        if gear.removed >= 0:  # the belt taken out is a spare now
            owner.mags.setdefault(w.name, []).append(gear.removed)
            gear.removed = -1
    elif step == "insert-loader":
        owner.rounds[w.name] = owner.rounds.get(w.name, 0) + gear.loaded
        gear.loaded, gear.held = min(w.capacity, gear.held), -1
    elif step == "remove-belt":
        if gear.mag_in and gear.loaded > 0:
            gear.removed = gear.loaded  # kept apart: the belt drawn next is a new one (rule 16)
        gear.loaded, gear.mag_in = 0, False
    elif step == "drawing-rounds":
        pass  # the first half of a loading gate's doubled draw (rule 16): the rounds come with the second
    elif step == "draw-rounds":
        take = min(f.rounds.get(w.name, 0), w.capacity - gear.loaded)
        f.rounds[w.name] -= take
        gear.hand_rounds = take
    done = step in ("insert", "insert-loader", "prepare")
    gear.step = "" if done else step
    ctx.emit(SrbReloadStep(f.id, owner.id, w.name, step, gear.loaded, done))


def _single_units(w: Weapon, owner: Fighter, gear: Gear, f: Fighter, close: bool, ctx: Context) -> None:
    """One round at a time: eject (open), load one round each, close: two steps per move action (one with a
    loading gate)."""
    for _ in range(1 if w.loading_gate else 2):
        if gear.step == "draw-rounds":
            gear.step = "eject" if w.feed == "revolver" else "open"
            ctx.emit(SrbReloadStep(f.id, owner.id, w.name, gear.step, gear.loaded, False))
        elif close or gear.hand_rounds <= 0 or gear.loaded >= w.capacity:
            owner.rounds[w.name] = owner.rounds.get(w.name, 0) + gear.hand_rounds
            gear.hand_rounds, gear.step = 0, ""
            ctx.emit(SrbReloadStep(f.id, owner.id, w.name, "close", gear.loaded, True))
            return
        else:
            gear.loaded += 1
            gear.hand_rounds -= 1
            gear.step = "load"
            ctx.emit(SrbReloadStep(f.id, owner.id, w.name, "load", gear.loaded, False))


# -- refilling magazines --------------------------------------------------------------------------------


def _emptiest(f: Fighter, w: Weapon) -> int | None:
    """The index of the least full carried magazine that is not full, if any."""
    mags = f.mags.get(w.name, [])
    open_ = [i for i, n in enumerate(mags) if n < w.capacity]
    return min(open_, key=lambda i: (mags[i], i)) if open_ else None


def refill_step(game: G, f: Fighter, w: Weapon) -> tuple[str, str]:
    """The next step of refilling a magazine of ``w``: ('draw-rounds' | 'insert-rounds', '') or ('', why)."""
    if w.feed != "box":
        return "", f"Star Rangers 16: only box magazines are refilled; the {w.name} takes none"
    gear = f.gear[w.name]
    if gear.refill_rounds > 0:
        return "insert-rounds", ""
    if _emptiest(f, w) is None:
        return "", f"{f.id} has no magazine for the {w.name} that is not full"
    if f.rounds.get(w.name, 0) <= 0:
        return "", f"{f.id} has no loose rounds for the {w.name}"
    return "draw-rounds", ""


def refill_problem(game: G, f: Fighter, action: Action) -> str | None:
    """Why ``f`` cannot refill a magazine of the named weapon now (cost aside), or None."""
    w = game.weapons.get(action.target or "")
    if w is None or w.name not in f.gear:
        return f"name one of {f.id}'s weapons: {f.id} refill WEAPON"
    if action.flags or action.using:
        return "refill takes only the weapon's name"
    step, why = refill_step(game, f, w)
    return None if step else why


def refill_candidates(game: G, f: Fighter) -> list[tuple[Action, Cost]]:
    """``refill W`` for every weapon with a magazine to refill, with the cost of its next step."""
    out: list[tuple[Action, Cost]] = []
    for name in f.gear:
        w = game.weapons[name]
        if w.feed != "box":
            continue
        step, _why = refill_step(game, f, w)
        if step:
            out.append((Action(f.id, "refill", name), step_cost(game, f, step)))
    return out


def refill_cost(game: G, f: Fighter, action: Action) -> Cost:
    """What the next refill step costs."""
    step, _why = refill_step(game, f, game.weapons[action.target or ""])
    return step_cost(game, f, step)


def refill(game: G, state: S, f: Fighter, action: Action, ctx: Context) -> None:
    """``refill W``: draw rounds for the least full magazine, or insert 2 of them (B8)."""
    w = game.weapons[action.target or ""]
    gear = f.gear[w.name]
    step, _why = refill_step(game, f, w)
    index = _emptiest(f, w)
    mags = f.mags.setdefault(w.name, [])
    if step == "draw-rounds":
        assert index is not None
        room = w.capacity - mags[index]
        take = min(f.rounds.get(w.name, 0), room)
        if game.options.refill_draw == "per_two_rounds":
            take = min(take, 2)
        f.rounds[w.name] -= take
        gear.refill_rounds = take
        ctx.emit(SrbRefilled(f.id, w.name, step, take, mags[index]))
        return
    if index is None:  # every magazine filled meanwhile: the rounds go back
        f.rounds[w.name] = f.rounds.get(w.name, 0) + gear.refill_rounds
        gear.refill_rounds = 0
        ctx.emit(SrbRefilled(f.id, w.name, "put back", 0, 0))
        return
    n = min(2, gear.refill_rounds, w.capacity - mags[index])
    mags[index] += n
    gear.refill_rounds -= n
    ctx.emit(SrbRefilled(f.id, w.name, step, n, mags[index]))
