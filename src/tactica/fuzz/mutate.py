"""Mutations of text and data, each a small function of a random generator.

Text mutations work on a file's lines and bytes (flips, deletions, duplications, splices of other files, huge
numbers, deep nesting, YAML aliases, unicode); data mutations replace one value somewhere in parsed YAML
(another type, a wrong id, a negative or huge number, extreme dice notation, deep nesting).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

#: Strings that are known to trouble parsers and renderers.
ODD_TEXT = (
    "",
    " ",
    "\t",
    "\x00",
    "\x1b[2J",
    "\r\n",
    "²",
    "٣",
    "Ⅻ",
    "é",
    "🎲",
    "\u202e",
    "\ufeff",
    "ｖｅｘ",
    "-",
    "@",
    "+",
    "~",
    "null",
    "NaN",
    "inf",
    "1e309",
    "0x1F",
    "&a",
    "*a",
    "!!python/object:os.system",
    "{",
    "[",
    "'",
    '"',
    "#",
    ":",
    "- -",
)
HUGE_NUMBERS = ("99999999999999999999", "-1", "-2147483649", "1e400", "9" * 60, "0", "-0", "2147483648")
DICE_EXTREMES = (
    "1000d4",
    "1001d6",
    "1d999999999",
    "999999999d6",
    "1d0",
    "0d6",
    "d",
    "1d6kh999",
    "1000d1000kh1",
    "1000d999999999",
    "1d1>=0",
    "4dF" * 40,
    "1d6+" * 200 + "1",
    "99999999999d6",
    "-1d6",
    "1d-6",
    "2d6!!!",
)


def pick(rng: random.Random, options: Sequence[T]) -> T:
    """One of ``options``."""
    return options[rng.randrange(len(options))]


# -- text -----------------------------------------------------------------------------------------


def flip_bytes(rng: random.Random, text: str, _others: Sequence[str]) -> str:
    """A few bytes changed at random (decoded back leniently)."""
    data = bytearray(text.encode())
    for _ in range(rng.randint(1, 4)):
        if data:
            data[rng.randrange(len(data))] = rng.randrange(256)
    return data.decode("utf-8", errors="replace")


def delete_lines(rng: random.Random, text: str, _others: Sequence[str]) -> str:
    """One to three lines gone."""
    lines = text.splitlines()
    for _ in range(rng.randint(1, 3)):
        if lines:
            del lines[rng.randrange(len(lines))]
    return "\n".join(lines)


def duplicate_line(rng: random.Random, text: str, _others: Sequence[str]) -> str:
    """A line repeated (often a duplicate key)."""
    lines = text.splitlines() or [""]
    k = rng.randrange(len(lines))
    lines[k:k] = [lines[k]] * rng.randint(1, 3)
    return "\n".join(lines)


def splice_lines(rng: random.Random, text: str, others: Sequence[str]) -> str:
    """A few lines of another file put in place of some of this one's."""
    lines, donor = text.splitlines() or [""], pick(rng, others).splitlines() or [""]
    start, take = rng.randrange(len(donor)), rng.randint(1, 6)
    k = rng.randrange(len(lines))
    lines[k : k + rng.randint(0, 3)] = donor[start : start + take]
    return "\n".join(lines)


def huge_number(rng: random.Random, text: str, _others: Sequence[str]) -> str:
    """A number in the text replaced by a huge, negative or odd one."""
    numbers = list(re.finditer(r"-?\d+", text))
    if not numbers:
        return text + "\nseed: " + pick(rng, HUGE_NUMBERS)
    found = pick(rng, numbers)
    return text[: found.start()] + pick(rng, HUGE_NUMBERS) + text[found.end() :]


def deep_nesting(rng: random.Random, text: str, _others: Sequence[str]) -> str:
    """A value replaced by hundreds of nested lists or mappings."""
    depth = rng.choice((50, 200, 500, 2000))
    nested = "[" * depth + "1" + "]" * depth if rng.random() < 0.5 else "{a: " * depth + "1" + "}" * depth
    return _replace_value(rng, text, nested)


def alias_bomb(rng: random.Random, text: str, _others: Sequence[str]) -> str:
    """A value replaced by a chain of aliases that grows ``width ** levels`` times (a 'billion laughs')."""
    width, levels = rng.choice(((2, 6), (4, 4), (9, 5), (9, 5), (9, 7)))
    anchors = ["x0: &a0 [lol]"]
    for level in range(1, levels + 1):
        refs = ", ".join([f"*a{level - 1}"] * width)
        anchors.append(f"x{level}: &a{level} [{refs}]")
    return "\n".join(anchors) + "\n" + _replace_value(rng, text, f"*a{levels}")


def unicode_text(rng: random.Random, text: str, _others: Sequence[str]) -> str:
    """Odd characters inserted somewhere."""
    k = rng.randrange(len(text) + 1)
    return text[:k] + pick(rng, ODD_TEXT) * rng.choice((1, 1, 3, 1000)) + text[k:]


def dice_notation(rng: random.Random, text: str, _others: Sequence[str]) -> str:
    """A dice expression (or any value) replaced by an extreme one."""
    found = list(re.finditer(r"\b\d*d(\d+|F|%)[^\s,\]}]*", text))
    extreme = pick(rng, DICE_EXTREMES)
    if not found:
        return _replace_value(rng, text, extreme)
    where = pick(rng, found)
    return text[: where.start()] + extreme + text[where.end() :]


def _replace_value(rng: random.Random, text: str, value: str) -> str:
    """The value of one ``key: value`` line replaced."""
    lines = text.splitlines()
    keyed = [i for i, line in enumerate(lines) if re.match(r"^\s*-?\s*[\w.]+:\s*\S", line)]
    if not keyed:
        return text + "\n" + value
    i = pick(rng, keyed)
    key = lines[i].split(":", 1)[0]
    lines[i] = f"{key}: {value}"
    return "\n".join(lines)


TextMutation = Callable[[random.Random, str, Sequence[str]], str]
TEXT_MUTATIONS: tuple[TextMutation, ...] = (
    flip_bytes,
    delete_lines,
    duplicate_line,
    splice_lines,
    huge_number,
    deep_nesting,
    unicode_text,
    dice_notation,
)


def mutate_text(rng: random.Random, text: str, others: Sequence[str]) -> str:
    """One to three text mutations (an alias bomb now and then)."""
    if rng.random() < 0.004:
        return alias_bomb(rng, text, others)
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        text = pick(rng, TEXT_MUTATIONS)(rng, text, others)
    return text


# -- data -----------------------------------------------------------------------------------------


def odd_value(rng: random.Random, words: Sequence[str]) -> Any:
    """A value of a random kind: another type, a wrong id, a negative or huge number, extreme dice."""
    makers: tuple[Callable[[], Any], ...] = (
        lambda: None,
        lambda: rng.choice((True, False)),
        lambda: rng.choice((-1, 0, 10**12, -(10**12), 10**40, 2**63)),
        lambda: rng.choice((0.5, -1.5, 1e308, float("inf"), float("nan"))),
        lambda: pick(rng, ODD_TEXT),
        lambda: pick(rng, words) if words else "nobody",
        lambda: pick(rng, words) + "x" if words else "x",
        lambda: pick(rng, DICE_EXTREMES),
        lambda: [],
        lambda: {},
        lambda: [pick(rng, words) if words else 1] * rng.randint(1, 3),
        lambda: {"x": 1, "at": [1, 2]},
        lambda: _nested(rng.choice((10, 100, 400))),
        lambda: "x" * rng.choice((100, 10_000, 1_000_000)),
    )
    return pick(rng, makers)()


def _nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in nested data (mapping keys and list indexes), the root excluded."""
    found: list[tuple[Any, ...]] = []
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        found.append((*prefix, key))
        found += paths(value, (*prefix, key))
    return found


def words_of(data: Any) -> list[str]:
    """Every string in nested data (ids, names, dice), for wrong-but-plausible values."""
    if isinstance(data, dict):
        return [w for k, v in data.items() for w in (*words_of(k), *words_of(v))]
    if isinstance(data, list):
        return [w for v in data for w in words_of(v)]
    return [data] if isinstance(data, str) else []


def mutate_data(rng: random.Random, data: Any) -> Any:
    """One to three values somewhere in ``data`` replaced (in place; returns ``data``)."""
    words = words_of(data)
    for _ in range(rng.choice((1, 1, 2, 3))):
        places = paths(data)
        if not places:
            return data
        *parent_path, key = pick(rng, places)
        parent = data
        for step in parent_path:
            parent = parent[step]
        if isinstance(parent, dict) and rng.random() < 0.2:
            parent[pick(rng, words) if words else "x"] = parent.pop(key)  # a key renamed
        else:
            parent[key] = odd_value(rng, words)
    return data
