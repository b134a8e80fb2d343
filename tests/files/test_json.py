"""Issue 12 point 3: saved fights (JSON) go through the same loader: size, nesting, repeated keys, and a
message at a line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tactica.engine import Fight
from tactica.files import MAX_DEPTH, FileError, load_save, parse_json
from tactica.systems import get_system
from tactica.testing.conformance import conformance_setup, play_random


def problem(text: str) -> str:
    with pytest.raises(FileError) as caught:
        parse_json(text, "fight.json")
    assert len(caught.value.problems) == 1
    return str(caught.value.problems[0])


def test_a_saved_fight_loads_and_replays(tmp_path: Path) -> None:
    fight = play_random("futurepath", conformance_setup("futurepath"), seed=2)
    path = tmp_path / "fight.json"
    path.write_text(json.dumps(fight.to_dict(), indent=1))
    loaded = Fight.from_dict(load_save(path), get_system("futurepath"))
    assert loaded.to_json() == fight.to_json()


def test_a_key_given_twice_names_both_lines() -> None:
    """Issue 12 point 3: json.loads keeps the last of two equal keys; the loader refuses them."""
    text = '{\n "seed": 3,\n "setup": {"seed": 1},\n "seed": 4\n}'
    assert problem(text) == "fight.json:4: key 'seed' appears twice (first on line 2)"
    assert problem('{"a\\u0062": 1, "ab": 2}') == "fight.json:1: key 'ab' appears twice (first on line 1)"


def test_keys_inside_strings_are_not_keys() -> None:
    assert parse_json('{"a": "\\"a\\": [[[", "b": ["a", {"a": 1}]}', "x") == {
        "a": '"a": [[[',
        "b": ["a", {"a": 1}],
    }


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 100_000])
def test_nesting_deeper_than_the_limit_is_refused(depth: int) -> None:
    text = '{"actions":\n' + "[" * depth + "]" * depth + "}"
    assert problem(text) == f"fight.json:2: lists and objects nest deeper than {MAX_DEPTH} levels"


def test_syntax_errors_and_long_numbers_are_problems() -> None:
    assert (
        problem('{"seed": 3,\n "faces": [1, 2}')
        == "fight.json:2: not valid JSON: Expecting ',' delimiter (column 16)"
    )
    assert problem('{"seed": ' + "9" * 5000 + "}").startswith("fight.json: not valid JSON: Exceeds the limit")


def test_a_save_is_an_object(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    path.write_text("[1, 2]")
    with pytest.raises(FileError) as caught:
        load_save(path)
    assert str(caught.value) == (
        f"{path}: a saved fight is a JSON object with format, system, setup, seed, actions, faces, state, steps; "
        "got list"
    )


def test_a_save_file_has_the_size_limit(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    path.write_text(json.dumps({"actions": ["x"] * 100}))
    with pytest.raises(FileError, match="more than 100 bytes"):
        load_save(path, max_bytes=100)
