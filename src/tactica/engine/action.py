"""Actions: value objects naming an actor, a verb and its arguments, with a text form that round-trips.

Text form (the same in scripts, logs, the command line and JSON)::

    ACTOR VERB [TARGET] [@X,Y [@X,Y ...] | @X,Y to @X,Y] [with ITEM] [+FLAG ...]

for example ``vex move @4,5``, ``vex attack rook with pistol``, ``vex throw @8,8 with frag +cook``,
``ana lance @2,3 to @5,3`` (a shape from one square to another), ``rook pass``, and a move along waypoints,
``vex move @1,0 @3,0 @3,2`` (a route: the last square is the destination, ``at``; the ones before it are
``via``, issue 14 point 9). Ids are single words of letters, digits, ``_`` and ``-``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from tactica.engine.errors import ActionSyntaxError
from tactica.files import brief, clip

Pos = tuple[int, int]

_WORD = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_\-]*\Z", re.ASCII)
_POS = re.compile(r"^@(-?[0-9]{1,9}),(-?[0-9]{1,9})\Z")
#: The longest id, verb, item or flag an action may name.
MAX_WORD = 64
#: The largest coordinate (either sign) an action may name: far beyond any board, small enough to stay cheap.
MAX_COORD = 999_999_999
#: The most squares one action may list (a route's waypoints and its destination).
MAX_ROUTE = 100


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: who acts (``actor``), what they do (``verb``) and on what.

    ``at`` is the square named (a move's destination); ``via`` the waypoints a route passes before it, in
    order (empty for a move that names its destination only)."""

    actor: str
    verb: str
    target: str | None = None
    at: Pos | None = None
    using: str | None = None
    flags: tuple[str, ...] = ()
    to: Pos | None = None
    via: tuple[Pos, ...] = ()

    def __str__(self) -> str:
        text = f"{self.actor} {self.verb}"
        if self.target is not None:
            text += f" {self.target}"
        if self.at is not None:
            text += "".join([f" @{x},{y}" for x, y in self.route])
        if self.to is not None:
            text += f" to @{self.to[0]},{self.to[1]}"
        if self.using is not None:
            text += f" with {self.using}"
        for flag in self.flags:
            text += f" +{flag}"
        return text

    @property
    def route(self) -> tuple[Pos, ...]:
        """The squares named in order: the waypoints, then the destination (empty when none is named)."""
        return () if self.at is None else (*self.via, self.at)

    def has_flag(self, flag: str) -> bool:
        """True when the action carries ``+flag``."""
        return flag in self.flags

    def with_flags(self, *flags: str) -> Action:
        """A copy with these flags added (kept sorted, so equal actions print alike)."""
        merged = tuple(sorted(set(self.flags) | set(flags)))
        return replace(self, flags=merged)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action from its text form; raises :class:`ActionSyntaxError` on bad syntax."""
        return parse_action(text)

    @classmethod
    def check(cls, value: object) -> Action:
        """``value`` when it is a well-formed action (text or :class:`Action`), read from text when it is
        text; an :class:`Action` built directly must be one its text form reads back to (words that are
        single words, whole-number positions, sorted flags). Raises :class:`ActionSyntaxError` otherwise."""
        if isinstance(value, str):
            return parse_action(value)
        if not isinstance(value, Action):
            raise ActionSyntaxError(f"an action is text or an Action, not {type(value).__name__}")
        problem = _shape_problem(value)
        if problem is None and parse_action(str(value)) != value:
            problem = "its text form does not read back to it (flags are kept sorted and unique)"
        if problem is not None:
            raise ActionSyntaxError(f"malformed action {brief(value)}: {problem}")
        return value


#: The text of actions written before, by the action's id, each with its action: the entry holds the action,
#: so no other object can take its id while the entry lives. Policies hand back the same listed objects
#: fight after fight (issue 16 A).
_WRITTEN: dict[int, tuple[Action, str]] = {}
#: Entries :data:`_WRITTEN` may hold before it starts over.
WRITTEN_LIMIT = 4096


def written(action: Action) -> str:
    """``str(action)``, worked out once per action object (an action is an immutable value)."""
    found = _WRITTEN.get(id(action))
    if found is not None:
        return found[1]
    if len(_WRITTEN) >= WRITTEN_LIMIT:
        _WRITTEN.clear()
    text = str(action)
    _WRITTEN[id(action)] = (action, text)
    return text


def parse_action(text: str) -> Action:
    """Parse ``ACTOR VERB [TARGET] [@X,Y [@X,Y ...] | @X,Y to @X,Y] [with ITEM] [+FLAG ...]``."""
    if not isinstance(text, str):
        raise ActionSyntaxError(f"an action is text, not {type(text).__name__}")
    words = text.split()
    text = clip(" ".join(words), 80)
    if len(words) < 2:
        raise ActionSyntaxError(
            f"cannot read action '{text}': expected 'ACTOR VERB [TARGET] [@X,Y] [with ITEM] [+FLAG]',"
            " for example 'vex attack rook with pistol'"
        )
    actor, verb, rest = words[0], words[1], words[2:]
    for name, word in (("actor", actor), ("verb", verb)):
        _check_word(text, name, word)
    target: str | None = None
    squares: list[Pos] = []
    using: str | None = None
    to: Pos | None = None
    flags: list[str] = []
    i = 0
    while i < len(rest):
        word = rest[i]
        if word.startswith("+"):
            _check_word(text, "flag", word[1:])
            flags.append(word[1:])
        elif word.startswith("@") and to is None and (not squares or rest[i - 1].startswith("@")):
            squares.append(_parse_pos(text, word))
            _check_route(text, squares)
        elif word == "to" and len(squares) == 1 and to is None:
            if i + 1 >= len(rest) or not rest[i + 1].startswith("@"):
                raise ActionSyntaxError(
                    f"cannot read action '{text}': 'to' needs a position after it (to @X,Y)"
                )
            i += 1
            to = _parse_pos(text, rest[i])
        elif word == "with" and using is None:
            if i + 1 >= len(rest):
                raise ActionSyntaxError(f"cannot read action '{text}': 'with' needs an item name after it")
            i += 1
            using = _check_word(text, "item", rest[i])
        elif target is None and not flags and not squares and using is None:
            target = _check_word(text, "target", word)
        else:
            raise ActionSyntaxError(
                f"cannot read action '{text}': unexpected '{clip(word, 40)}'"
                " (order is ACTOR VERB [TARGET] [@X,Y [@X,Y ...] | @X,Y to @X,Y] [with ITEM] [+FLAG ...];"
                " the squares of a route come one after another, and a route takes no 'to')"
            )
        i += 1
    at = squares[-1] if squares else None
    return Action(actor, verb, target, at, using, tuple(sorted(set(flags))), to, tuple(squares[:-1]))


def _check_route(text: str, squares: list[Pos]) -> None:
    if len(squares) > MAX_ROUTE:
        raise ActionSyntaxError(
            f"cannot read action '{text}': a route names at most {MAX_ROUTE} squares"
            " (waypoints and destination)"
        )


def _shape_problem(action: Action) -> str | None:
    """What is wrong with the field types and words of an :class:`Action` built directly, if anything."""
    words = {"actor": action.actor, "verb": action.verb, "target": action.target, "item": action.using}
    for name, word in words.items():
        if (word is not None or name in ("actor", "verb")) and not _is_word(word):
            return f"{name} {brief(word)} must be one word of letters, digits, '_' or '-'"
    for name, pos in (("position", action.at), ("'to' position", action.to)):
        if pos is not None and not _is_pos(pos):
            return f"{name} {brief(pos)} must be two whole numbers (X, Y)"
    if not isinstance(action.via, tuple) or not all(_is_pos(p) for p in action.via):
        return f"waypoints {brief(action.via)} must be a tuple of positions (X, Y)"
    if action.via and (action.at is None or action.to is not None or len(action.via) >= MAX_ROUTE):
        return f"waypoints {brief(action.via)} need a destination, no 'to', and {MAX_ROUTE} squares at most"
    if not isinstance(action.flags, tuple) or not all(_is_word(f) for f in action.flags):
        return f"flags {brief(action.flags)} must be a tuple of words"
    return None


def _is_word(word: object) -> bool:
    return isinstance(word, str) and len(word) <= MAX_WORD and _WORD.match(word) is not None


def _is_pos(pos: object) -> bool:
    return (
        isinstance(pos, tuple)
        and len(pos) == 2
        and all(isinstance(c, int) and not isinstance(c, bool) and abs(c) <= MAX_COORD for c in pos)
    )


def _check_word(text: str, what: str, word: str) -> str:
    if not _is_word(word):
        raise ActionSyntaxError(
            f"cannot read action '{text}': {what} '{clip(word, 40)}' must be one word of at most {MAX_WORD}"
            " letters, digits, '_' or '-'"
        )
    return word


def _parse_pos(text: str, word: str) -> Pos:
    match = _POS.match(word)
    if match is None:
        raise ActionSyntaxError(
            f"cannot read action '{text}': position '{clip(word, 40)}' must look like @X,Y (e.g. @4,5)"
        )
    return int(match.group(1)), int(match.group(2))
