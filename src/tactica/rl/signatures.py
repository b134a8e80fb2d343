"""What each system's verbs name: one :class:`Signature` per form of a verb (docs/agents.md, "Actions").

A signature gives, for each part of an action, the kind of value it takes: ``""`` (none), ``"name"`` (a word
of :func:`~tactica.rl.vocabulary.names`), ``"weapon"``, ``"cell"`` (a square of the board), ``"step"`` (a
square at most :data:`MAX_REACH` squares from the first one, in a straight line: a THRUM Line's far end); a
trailing ``?`` makes the part optional. Its flags are groups, one flag (or none, ``""``) from each; a group is
a tuple of words, where ``<maneuver>`` stands for every manoeuvre of the scenario and ``<name>`` for every
name.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from tactica.engine import Game

Flags = tuple[tuple[str, ...], ...]
#: The farthest a ``step`` part reaches from its first square (the longest THRUM Line).
MAX_REACH = 12


@dataclass(frozen=True)
class Signature:
    """One form of a verb: the kind of its target, square, far square, item and flags."""

    verb: str
    target: str = ""
    at: str = ""
    to: str = ""
    using: str = ""
    flags: Flags = ()


def _s(
    verb: str, target: str = "", at: str = "", using: str = "", flags: Flags = (), to: str = ""
) -> Signature:
    return Signature(verb, target, at, to, using, flags)


_BARE = ("end", "pass", "hold", "kneel", "prone", "sit", "stand")
FUTUREPATH = (
    *(_s(v) for v in _BARE),
    *(_s(v, "fighter", using="weapon") for v in ("attack", "bonus-attack", "coup-de-grace", "fire")),
    *(_s(v, "fighter", using="weapon") for v in ("full-attack", "opportunity")),
    _s("attack-object", "name", using="weapon"),
    *(_s(v, "name") for v in ("disarm", "draw", "drop", "holster", "open", "close", "pickup", "reload")),
    *(_s(v, "name") for v in ("switch",)),
    _s("crawl", at="cell", flags=(("", "fast", "stealthy"),)),
    _s("drag", "name", "cell", flags=(("", "fast"),)),
    *(_s(v, at="cell") for v in ("move", "sprint", "step", "walk")),
    _s("ready", using="weapon?", flags=(("", "attacks", "moves"),)),
    _s("skill", "fighter?", using="name"),
    _s("stabilize", "fighter"),
    _s("technique", "fighter", flags=(("bull-rush",),)),
    _s("throw", at="cell", using="weapon", flags=(("", "cook"),)),
)
SRB = (
    *(_s(v) for v in ("end", "perceive", "stand", "concentrate")),
    *(_s(v, "fighter", using="weapon") for v in ("attack", "heavy-melee", "load")),
    *(_s(v, "name") for v in ("draw", "drop", "pickup", "refill", "store", "clear")),
    _s("reload", "name", flags=(("", "close", "single"),)),
    _s("move", at="cell"),
)
_TAG = (("", "tag"),)
FARRECON = (
    *(_s(v) for v in ("act", "delay", "end", "wait", "interject")),
    *(_s(v, flags=_TAG) for v in ("dodge", "take")),
    _s("attack", "fighter", using="weapon", flags=_TAG),
    _s("clear", using="weapon"),
    _s("move", at="cell"),
    _s("throw", at="cell", using="weapon", flags=_TAG),
    _s("throw", "fighter", using="weapon", flags=_TAG),
    _s("treat", "fighter", flags=_TAG),
)
_P_BARE = (
    "act",
    "delay",
    "dodge",
    "drop",
    "end",
    "fire",
    "pass",
    "prone",
    "recover",
    "recovery",
    "reload",
    "sheathe",
)
_P_TURN = (
    *(_s(v) for v in (*_P_BARE, "sheathe", "stand")),
    *(_s(v, at="cell") for v in ("crawl", "fire", "move", "step", "withdraw")),
    _s("attack", "fighter", using="weapon", flags=(("", "<maneuver>"),)),
    *(_s(v, "name") for v in ("close", "delay", "draw", "open", "pickup")),
)
_TRIGGERS = ("attacks", "moves", "approaches")
PHASE3D6 = (
    *_P_TURN,
    _s("abort", flags=(("<maneuver>",),)),
    _s("opportunity", "fighter", using="weapon", flags=(("", "<maneuver>"),)),
)


def phase3d6_ready() -> tuple[Signature, ...]:
    """Phase 3d6's readied actions: any held action with a trigger (``+attacks``, ``+moves``,
    ``+approaches``); its verb becomes a flag beside the trigger (an attack's manoeuvre stays its flag, and a
    readied attack need not name its target)."""
    out = [_s("ready", "fighter?", using="weapon?", flags=(_TRIGGERS, ("", "<maneuver>")))]
    for sig in _P_TURN:
        if sig.verb != "attack":
            out.append(replace(sig, verb="ready", flags=(_TRIGGERS, (sig.verb,))))
    return tuple(out)


_THRUM_TURN = (
    *(_s(v) for v in ("end", "pass", "trigger", "keep", "swap", "mire", "shockwave")),
    _s("defend", flags=(("evasion", "resilience", "resolve"),)),
    _s("delay", "fighter"),
    _s("stance", "name"),
    *(_s(v, at="cell") for v in ("place", "push")),
    _s("move", at="cell", flags=(("", "endurance", "reflex"),)),
)


def thrum(game: Game) -> tuple[Signature, ...]:
    """THRUM's turn verbs and answers, and one form per ability of the scenario, from its shape."""
    out = list(_THRUM_TURN)
    for ability in getattr(game, "abilities", {}).values():
        out.extend(_ability_forms(ability))
    return tuple(out)


def _ability_forms(ability: Any) -> list[Signature]:
    over = ("", "overexert")
    if ability.special == "dash":
        return [_s(ability.id, at="cell", flags=(("", "endurance", "reflex"),))]
    if ability.special == "teleport":
        return [_s(ability.id, at="cell")]
    if ability.shape == "aura":
        return [_s(ability.id, flags=(over,))]
    if ability.shape == "line":
        return [_s(ability.id, at="cell", to="step", flags=(over,))]
    if ability.shape is not None:
        return [_s(ability.id, at="cell", flags=(over,))]
    if ability.special == "recover":
        return [_s(ability.id, "fighter?", flags=(("<name>",),))]
    return [_s(ability.id, "fighter?", flags=(over,))]


def signatures(game: Game) -> tuple[Signature, ...]:
    """Every form of every verb a fight of ``game`` may list."""
    system = game.system.id
    if system == "thrum":
        return thrum(game)
    if system == "phase3d6":
        return PHASE3D6 + phase3d6_ready()
    return {"futurepath": FUTUREPATH, "srb": SRB, "farrecon": FARRECON}[system]
