"""What a readied action holds (rule 20, seed l.99-100): "You can ready an attack action, a move action, or a
free action"; "You can take a 1-hex step as part of your readied action, but only if you don't otherwise move
any distance during the Phase."

``ready [T] with W [+haymaker|+disarm] +TRIGGER`` readies an attack with any attack manoeuvre (a Strike when
none is named) on the enemy that sets it off, or only on ``T`` when named; ``ready +dodge +TRIGGER`` a
Dodge; ``ready [ITEM|DOOR] [@Q,R] +VERB +TRIGGER`` a move action (``move @q,r`` a half move, ``crawl @q,r``,
``stand``, ``draw W``, ``sheathe``, ``pickup W``, ``open D``, ``close D``, ``reload``) or a free action
(``drop``, ``prone``). The trigger is an enemy declaring an attack (``+attacks``), starting a move
(``+moves``) or, during a move, coming within reach (``+approaches``: the readied weapon's reach or range;
for any other readied action the character's melee reach). The answer ``fire @Q,R`` takes the 1-hex step
first."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from tactica.engine.action import Action
from tactica.engine.system import Context
from tactica.grid import Path
from tactica.systems.phase3d6 import combat, doors, items, movement
from tactica.systems.phase3d6.events import ActionReadied
from tactica.systems.phase3d6.setup import Phase3d6Game
from tactica.systems.phase3d6.state import Fighter, Phase3d6State

G = Phase3d6Game
S = Phase3d6State
Pos = tuple[int, int]
#: What sets a readied action off (rule 20: "the conditions under which you will take it").
TRIGGERS = ("attacks", "moves", "approaches")
#: Move actions and free actions that can be readied, by verb.
MOVES = ("move", "crawl", "stand", "draw", "sheathe", "pickup", "open", "close", "reload")
FREES = ("drop", "prone")


def kind_of(action: Action) -> tuple[str, str] | None:
    """(what is readied, its trigger) of a ``ready`` action, or None when its flags do not say."""
    triggers = [f for f in action.flags if f in TRIGGERS]
    rest = [f for f in action.flags if f not in TRIGGERS]
    if len(triggers) != 1 or len(rest) > 1:
        return None
    return (rest[0] if rest else "strike"), triggers[0]


# -- readying ---------------------------------------------------------------------------------------


def candidates(game: G, state: S, f: Fighter) -> list[Action]:
    """Every ``ready`` open now (the attack action is open): attacks with each usable weapon and
    manoeuvre, unnamed or on each enemy; a Dodge; each move or free action it could take now."""
    held: list[Action] = []
    enemies = [None, *(e.id for e in state.fighters.values() if e.side != f.side and not e.out)]
    for w in combat.usable_weapons(game, f):
        kinds = combat.attack_maneuvers(game, w)
        held += [Action(f.id, "ready", t, using=w.name, flags=_flags(k)) for k in kinds for t in enemies]
    held.append(Action(f.id, "ready", flags=("dodge",)))
    held += [Action(f.id, "ready", a.target, a.at, flags=(a.verb,)) for a in doable(game, state, f)]
    return [a.with_flags(t) for a in held for t in TRIGGERS]


def _flags(kind: str) -> tuple[str, ...]:
    return () if kind == "strike" else (kind,)


def doable(game: G, state: S, f: Fighter) -> list[Action]:
    """The move and free actions ``f`` could take from where it stands, its Phase's budget aside."""
    out: list[Action] = []
    if f.prone:
        taken = {o.pos for o in state.fighters.values() if not o.out} | doors.closed(state)
        out += [Action(f.id, "crawl", at=q) for q, _ in game.board.exits(f.pos) if q not in taken]
        out.append(Action(f.id, "stand"))
    else:
        reach = movement.routes(game, state, f, _half(game, f))
        out += [Action(f.id, "move", at=p) for p in sorted(reach)]
        out.append(Action(f.id, "prone"))
    out += items.candidates(state, f, move_open=True) + doors.candidates(game, state, f)
    weapon = game.weapons.get(f.drawn or "")
    if weapon is not None and weapon.ammo is not None and f.ammo.get(weapon.name, 0) < weapon.ammo:
        out.append(Action(f.id, "reload"))
    return out


def refusal(game: G, state: S, f: Fighter, action: Action) -> str:
    """Why a well-formed ``ready`` is refused (its attack action being open)."""
    found = kind_of(action)
    if found is None:
        attacks = [m for m in combat.attack_maneuvers(game) if m != "strike"]
        verbs = ", ".join("+" + v for v in (*attacks, "dodge", *MOVES, *FREES))
        return f"ready takes one trigger (+attacks, +moves or +approaches) and at most one of: {verbs}"
    kind = found[0]
    weapon = combat.weapon_of(game, f, action.using)
    attack = combat.is_attack(game, kind)
    if attack and weapon is None:
        return f"{f.id} has no {action.using} in hand (draw it first, or use its fists)"
    if attack and weapon is not None and kind not in combat.attack_maneuvers(game, weapon):
        return f"+{kind} is a melee manoeuvre and {weapon.name} is a ranged weapon"
    if attack:
        return f"'{action.target}' is not an enemy in the fight"
    return f"{f.id} could not {kind} now: a readied action must be one it could take now (rule 20)"


def store(game: G, state: S, f: Fighter, action: Action, weapon: str, ctx: Context) -> None:
    """Rule 20: readying is an attack action; the action waits for its trigger until ``f``'s next action."""
    kind, trigger = kind_of(action) or ("strike", "attacks")
    f.attacked = True
    f.held, f.ready_trigger, f.ready_kind = "ready", trigger, kind
    f.ready_weapon = weapon if combat.is_attack(game, kind) else ""
    f.ready_target, f.ready_at = action.target or "", action.at
    f.ready_phase = state.order.round
    ctx.emit(ActionReadied(f.id, f.ready_weapon, trigger, kind, f.ready_target))


# -- firing ---------------------------------------------------------------------------------------------


def sets_off(game: G, state: S, h: Fighter, actor: Fighter, trigger: str) -> bool:
    """Does ``actor`` doing ``trigger`` set off ``h``'s readied action (and can ``h`` still take it)?"""
    if h.held != "ready" or h.ready_trigger != trigger or h.side == actor.side or h.out:
        return False
    if h.stunned and game.options.hero_stunned:
        return False
    if combat.is_attack(game, h.ready_kind) and h.ready_target not in ("", actor.id):
        return False
    if trigger == "approaches":
        return _within_reach(game, state, h, actor)
    return bool(answers(game, state, h, actor))


def _within_reach(game: G, state: S, h: Fighter, actor: Fighter) -> bool:
    """``+approaches``: ``actor`` is within the readied weapon's reach or range from where ``h`` stands
    (any other readied action: within its melee reach), and the action can be taken."""
    if combat.is_attack(game, h.ready_kind):
        return problem(game, state, h, actor) is None
    near = game.board.distance(h.pos, actor.pos) <= game.sheet(h.id).reach
    return near and bool(answers(game, state, h, actor))


def answers(game: G, state: S, h: Fighter, actor: Fighter) -> list[Action]:
    """``fire`` when the readied action can be taken now, ``fire @q,r`` when it can after a 1-hex step to
    that hex (seed l.100)."""
    out = [Action(h.id, "fire")] if problem(game, state, h, actor) is None else []
    for q in _steps(game, state, h):
        if problem(game, state, h, actor, q) is None:
            out.append(Action(h.id, "fire", at=q))
    return out


def _steps(game: G, state: S, h: Fighter) -> list[Pos]:
    """Where a 1-hex step with the readied action may go: not with a readied move, not when ``h`` moved in
    this Phase (l.100), and within rule 18's limits."""
    moved = state.order.round == h.ready_phase and (h.hexes > 0 or h.stepped)
    if h.ready_kind in ("move", "crawl") or moved or h.prone or game.sheet(h.id).move <= 1:
        return []
    return movement.step_hexes(game, state, h)


def problem(game: G, state: S, h: Fighter, actor: Fighter, at: Pos | None = None) -> str | None:
    """Why ``h`` could not take its readied action on ``actor`` now (from ``at`` after a step)."""
    with _standing(h, at):
        wanted = action_of(game, h, actor)
        if combat.is_attack(game, h.ready_kind):
            return combat.target_problem(game, state, h, actor, game.weapons[h.ready_weapon])
        if wanted.verb == "dodge" or wanted in doable(game, state, h):
            return None
        return f"{h.id} can no longer {h.ready_kind} (rule 20)"


@contextmanager
def _standing(h: Fighter, at: Pos | None) -> Iterator[None]:
    """``h`` as if it stood in ``at`` (when given), for a check only."""
    saved = h.pos
    h.pos = at or saved
    try:
        yield
    finally:
        h.pos = saved


def action_of(game: G, h: Fighter, actor: Fighter) -> Action:
    """The action ``h`` takes when its readied action fires on ``actor``."""
    kind = h.ready_kind
    if combat.is_attack(game, kind):
        return Action(h.id, "attack", actor.id, using=h.ready_weapon, flags=_flags(kind))
    if kind == "dodge":
        return Action(h.id, "dodge")
    return Action(h.id, kind, h.ready_target or None, h.ready_at)


def one_hex(h: Fighter, at: Pos) -> Path:
    """The path of a 1-hex step (with the readied action) or of a crawl."""
    return Path((h.pos, at), 1, (0, 1))


def route(game: G, state: S, h: Fighter, action: Action) -> tuple[str, Path]:
    """The movement of a readied ``move`` (a half move, seed l.51) or ``crawl`` (l.52)."""
    if action.verb == "crawl" or action.at is None:
        return "crawl", one_hex(h, action.at or h.pos)
    return "half-move", movement.routes(game, state, h, _half(game, h))[action.at]


def _half(game: G, h: Fighter) -> int:
    """A readied move action's reach: half the combat movement, rounded up (as a half move, E7)."""
    return (game.sheet(h.id).move + 1) // 2
