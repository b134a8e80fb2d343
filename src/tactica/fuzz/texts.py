"""Generators of small inputs: action texts mutated from listed ones, odd :class:`Action` objects, dice
notation, and lines a person might type at ``tactica play``."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from tactica.engine import Action
from tactica.fuzz.mutate import HUGE_NUMBERS, ODD_TEXT, pick

JUNK = ("@3,3", "+cook", "+x", "with rifle", "to @1,1", "rook", "extra", "@-1,-1", "@99999999999999,0", "+")
JUNK_ALL = (*JUNK, "@", "with", "to", "@1,2,3", "@1.5,2", "+a+b", *ODD_TEXT)


def mutate_action_text(rng: random.Random, listed: Sequence[str], names: Sequence[str] = ()) -> str:
    """A listed action changed in one or two ways (junk appended, words swapped, another actor, ...)."""
    text = pick(rng, listed) if listed else "vex pass"
    for _ in range(rng.choice((1, 1, 2))):
        text = pick(rng, _TEXT_OPS)(rng, text, listed, names)
    return text


def _append(rng: random.Random, text: str, _listed: Sequence[str], _names: Sequence[str]) -> str:
    return f"{text} {pick(rng, JUNK_ALL)}"


def _swap(rng: random.Random, text: str, _listed: Sequence[str], _names: Sequence[str]) -> str:
    words = text.split()
    i, j = rng.randrange(len(words)), rng.randrange(len(words))
    words[i], words[j] = words[j], words[i]
    return " ".join(words)


def _other_name(rng: random.Random, text: str, listed: Sequence[str], names: Sequence[str]) -> str:
    words = text.split()
    pool = [*names, *(w for a in listed for w in a.split())] or ["nobody"]
    words[rng.randrange(len(words))] = pick(rng, pool)
    return " ".join(words)


def _drop(rng: random.Random, text: str, _listed: Sequence[str], _names: Sequence[str]) -> str:
    words = text.split()
    del words[rng.randrange(len(words))]
    return " ".join(words)


def _unicode(rng: random.Random, text: str, _listed: Sequence[str], _names: Sequence[str]) -> str:
    k = rng.randrange(len(text) + 1)
    return text[:k] + pick(rng, ODD_TEXT) + text[k:]


def _coordinates(rng: random.Random, text: str, _listed: Sequence[str], _names: Sequence[str]) -> str:
    huge = [h for h in HUGE_NUMBERS if re.fullmatch(r"-?\d+", h)]
    square = f"@{pick(rng, huge)},{pick(rng, huge)}"
    return re.sub(r"@-?\d+,-?\d+", square, text) if "@" in text else f"{text} {square}"


def _case(_rng: random.Random, text: str, _listed: Sequence[str], _names: Sequence[str]) -> str:
    return text.upper()


def _spaces(rng: random.Random, text: str, _listed: Sequence[str], _names: Sequence[str]) -> str:
    return text.replace(" ", pick(rng, ("  ", "\t", "\n", "\u00a0", "\u3000")))


def _splice(rng: random.Random, text: str, listed: Sequence[str], _names: Sequence[str]) -> str:
    other = pick(rng, listed).split() if listed else ["x"]
    return " ".join(text.split()[:2] + other[2:])


def _long(rng: random.Random, text: str, _listed: Sequence[str], _names: Sequence[str]) -> str:
    return text + " " + pick(rng, ("x", "+a", "@1,1")) * rng.choice((100, 10_000))


_TEXT_OPS: tuple[Callable[[random.Random, str, Sequence[str], Sequence[str]], str], ...] = (
    _append,
    _append,
    _swap,
    _other_name,
    _drop,
    _unicode,
    _coordinates,
    _case,
    _spaces,
    _splice,
    _long,
)

ODD_WORDS: tuple[Any, ...] = ("a b", "", " ", "vex\n", "é", "x" * 10_000, 5, None, 1.5, b"vex", ("x",), ["x"])
ODD_SQUARES: tuple[Any, ...] = (
    (-1, -1),
    (10**12, 0),
    (2**63, -(2**63)),
    (1.5, 2),
    ("1", "2"),
    [1, 2],
    (1,),
    (1, 2, 3),
    "3,4",
    True,
    (True, False),
)
ODD_FLAGS: tuple[Any, ...] = (
    ("x y",),
    ("",),
    ["cook"],
    ("cook", "cook"),
    ("+cook",),
    (5,),
    "cook",
    None,
    ("z", "a"),
)
_FIELDS = {
    "actor": ODD_WORDS,
    "verb": ODD_WORDS,
    "target": ODD_WORDS,
    "using": ODD_WORDS,
    "at": ODD_SQUARES,
    "to": ODD_SQUARES,
    "flags": ODD_FLAGS,
}


def odd_action(rng: random.Random, listed: Sequence[Action], names: Sequence[str]) -> Action:
    """A listed action with one to three fields given odd values (types, spaces, huge squares, ...)."""
    action = pick(rng, listed) if listed else Action("vex", "pass")
    for _ in range(rng.choice((1, 1, 2, 3))):
        name = pick(rng, sorted(_FIELDS))
        value: Any = pick(rng, names) if names and rng.random() < 0.25 else pick(rng, _FIELDS[name])
        changes: dict[str, Any] = {name: value}
        action = replace(action, **changes)
    return action


# -- dice notation --------------------------------------------------------------------------------

COUNTS = ("", "1", "2", "3", "4", "10", "100", "1000", "1001", "0", "999999999", "9999999999", "-1", "٣")
SIDES = ("2", "4", "6", "20", "100", "F", "f", "%", "0", "1", "999999999", "x", "")
MODIFIERS = ("", "", "", "kh", "kl", "k", "dh", "dl", ">=", ">", "!", "r", "x")
AMOUNTS = ("", "1", "3", "0", "-1", "999", "1000000000", "²")


def dice_text(rng: random.Random) -> str:
    """A dice expression built from the notation's pieces, then perhaps mangled."""
    terms = [_term(rng) for _ in range(rng.choice((1, 1, 2, 3, 8)))]
    text = terms[0]
    for term in terms[1:]:
        text += pick(rng, ("+", "-", " + ", "++", "*", " ")) + term
    if rng.random() < 0.3:
        k = rng.randrange(len(text) + 1)
        text = text[:k] + pick(rng, ("", " ", "d", "+", "-", "\x00", "²", "kh", ">=", *ODD_TEXT)) + text[k:]
    return text.upper() if rng.random() < 0.1 else text


def _term(rng: random.Random) -> str:
    if rng.random() < 0.2:
        return pick(rng, ("0", "3", "-2", "99999999999"))
    modifier = pick(rng, MODIFIERS)
    return f"{pick(rng, COUNTS)}d{pick(rng, SIDES)}{modifier}{pick(rng, AMOUNTS) if modifier else ''}"


# -- lines typed at `tactica play` ----------------------------------------------------------------

PLAY_WORDS = (
    "undo",
    "undo reroll",
    "log",
    "log all",
    "board",
    "help",
    "?",
    "",
    "move @3,4",
    "3,4",
    "@-5,2",
    "1 2 3",
    "0",
    "-1",
    "99999999999999999999",
    "²",
    "٣",
    "１",
    "1²",
    "\x00",
    "\x1b[2J",
    "\x03",
    "a" * 100_000,
    "9" * 5000,
    "1,2,3",
    "@1,1 to @2,2",
)


def play_line(rng: random.Random, listed: Sequence[str], entries: int) -> str:
    """A line a person might type: a number, an action (listed or mutated), a command, junk."""
    roll = rng.random()
    if roll < 0.3:
        return str(rng.randint(-1, entries + 2))
    if roll < 0.5 and listed:
        return pick(rng, listed)
    if roll < 0.65:
        return mutate_action_text(rng, listed)
    if roll < 0.7 and listed:
        return " ".join(pick(rng, listed).split()[1:])  # the actor left out
    return pick(rng, (*PLAY_WORDS, *ODD_TEXT))
