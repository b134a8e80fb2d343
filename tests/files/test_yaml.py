"""Issue 12 point 3: YAML is read once, and aliases, deep nesting, too many values and repeated keys are
refused at their line."""

from __future__ import annotations

import importlib
import sys
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from tactica.files import MAX_DEPTH, FileError, parse_yaml
from tactica.files import yaml_loader as loader_module
from tests.files.hostile import ALIAS_BOMB, nested

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "futurepath" / "basics.yaml"


def problem(text: str, name: str = "x.yaml") -> str:
    with pytest.raises(FileError) as caught:
        parse_yaml(text, name)
    assert len(caught.value.problems) == 1
    return str(caught.value.problems[0])


def test_an_alias_bomb_is_refused_at_its_first_alias_in_little_memory_and_time() -> None:
    """Issue 12 point 3: a billion-laughs bomb built 2.4 GB on main; the first alias is refused."""
    tracemalloc.start()
    started = time.monotonic()
    message = problem(ALIAS_BOMB + "seed: *h\n")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert message == "x.yaml:3: aliases (*a) are not allowed in tactica files; write the value out"
    assert peak < 5_000_000 and time.monotonic() - started < 5


def test_an_anchor_that_is_never_used_is_harmless() -> None:
    assert parse_yaml("a: &first 1\nb: 2\n", "x.yaml").data == {"a": 1, "b": 2}


def test_a_merge_through_an_alias_is_an_alias() -> None:
    text = "base: &base {hp: 3}\nvex:\n  <<: *base\n"
    assert problem(text) == "x.yaml:3: aliases (*base) are not allowed in tactica files; write the value out"


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 500])
def test_nesting_deeper_than_the_limit_is_refused_at_its_line(depth: int) -> None:
    """Issue 12 point 3: 500-deep nesting was a RecursionError traceback on main."""
    text = "name: deep\noptions:\n  x: " + nested(depth) + "\n"
    assert problem(text) == f"x.yaml:3: lists and mappings nest deeper than {MAX_DEPTH} levels"
    block = "".join(f"{'  ' * i}k{i}:\n" for i in range(depth)) + "  " * depth + "end\n"
    assert problem(block) == f"x.yaml:{MAX_DEPTH + 1}: lists and mappings nest deeper than {MAX_DEPTH} levels"


def test_libyaml_refuses_very_deep_flow_nesting_itself() -> None:
    """libyaml looks ahead in flow collections and stops at 1,000 levels before the loader's check."""
    assert problem("x: " + nested(100_000)) == (
        "x.yaml:1:1003: not valid YAML: while increasing flow level; exceeded maximum nesting depth"
    )


def test_nesting_up_to_the_limit_is_read() -> None:
    data = parse_yaml("x: " + nested(MAX_DEPTH - 1), "x.yaml").data
    for _ in range(MAX_DEPTH - 2):
        data = data[0] if isinstance(data, list) else data["x"]
    assert data == [[]]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("name: a\nhp: 3\nside: red\nhp: 4\n", "x.yaml:4: key 'hp' appears twice (first on line 2)"),
        ("c:\n  - {id: a, at: [1, 2], 'id': b}\n", "x.yaml:2: key 'id' appears twice (first on line 2)"),
        (
            "options:\n  max_rounds: 3\n\n  max_rounds: 9\n",
            "x.yaml:4: key 'max_rounds' appears twice (first on line 2)",
        ),
        ("{1: a, 1.0: b}", "x.yaml:1: key 1.0 appears twice (first on line 1)"),
    ],
)
def test_a_key_given_twice_names_both_lines(text: str, expected: str) -> None:
    """Issue 12 point 3: duplicate keys were silently accepted (the last won)."""
    assert problem(text) == expected


def test_the_same_key_in_two_mappings_is_fine() -> None:
    assert parse_yaml("a: {hp: 1}\nb: {hp: 2}\n", "x.yaml").data == {"a": {"hp": 1}, "b": {"hp": 2}}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "a: 1\nseed: " + "7" * 5000 + "\n",
            "x.yaml:2: cannot read the value: Exceeds the limit (4300 digits)",
        ),
        ("when: 2001-13-45\n", "x.yaml:1: cannot read the value: month must be in 1..12"),
        ("a: 1\nb: \x00\n", "x.yaml:2: not valid YAML: the character '\\x00' is not allowed"),
        ("a: \ud800\n", "x.yaml:1: not valid text: a lone surrogate code point"),
        ("a: 1\n---\nb: 2\n", "x.yaml:2:1: not valid YAML: expected a single document in the stream"),
        ("a: !!python/object:os.system 1\n", "x.yaml:1:4: not valid YAML: could not determine a constructor"),
    ],
)
def test_values_python_cannot_build_are_problems_at_their_line(text: str, expected: str) -> None:
    """Issue 12 point 3: a 5,000-digit number or a date that does not exist raised ValueError on main."""
    assert problem(text).startswith(expected)


def test_too_many_values_are_refused() -> None:
    """Reading YAML costs time per value: 4 MiB of tiny values would take minutes, so their number is bounded."""
    text = "a: [" + "1," * 200_000 + "1]\n"
    assert (
        problem(text)
        == "x.yaml:1: more than 100,000 values (lists, mappings, scalars); tactica files are smaller"
    )


def test_data_and_lines_come_from_one_reading() -> None:
    text = EXAMPLE.read_text()
    source = parse_yaml(text, "basics.yaml")
    assert source.data["combatants"][2]["id"] == "rook"
    row = next(i for i, line in enumerate(text.splitlines(), 1) if "id: rook" in line)
    assert source.line_of(["combatants", "rook", "at"]) == row


@pytest.fixture
def python_parser() -> Iterator[ModuleType]:
    """The loader as it is built when PyYAML has no libyaml."""
    saved = sys.modules.get("yaml._yaml")
    sys.modules["yaml._yaml"] = None  # type: ignore[assignment]
    try:
        module = importlib.reload(loader_module)
        assert module._Parser is module._PythonParser
        yield module
    finally:
        sys.modules["yaml._yaml"] = saved  # type: ignore[assignment]
        importlib.reload(loader_module)


def test_without_libyaml_the_same_checks_hold(python_parser: ModuleType) -> None:
    """The module's functions now read with PyYAML's Python parser (the fixture rebuilt the loader)."""
    source = python_parser.parse_yaml(EXAMPLE.read_text(), "x.yaml")
    assert source.data["combatants"][2]["id"] == "rook" and source.line_of(["seed"]) == 18
    assert (
        problem("a: &a 1\nb: *a\n")
        == "x.yaml:2: aliases (*a) are not allowed in tactica files; write the value out"
    )
    assert problem("hp: 1\nhp: 2\n") == "x.yaml:2: key 'hp' appears twice (first on line 1)"
    assert (
        problem("a: " + nested(2000)) == f"x.yaml:1: lists and mappings nest deeper than {MAX_DEPTH} levels"
    )
    assert (
        problem("a: [1")
        == "x.yaml:1:6: not valid YAML: while parsing a flow sequence; expected ',' or ']', but got '<stream end>' (is the file cut short, or a bracket or quote left open?)"
    )
