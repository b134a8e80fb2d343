"""The doc readers behind every system's doc tests find what is missing (so those tests can fail)."""

from __future__ import annotations

from pydantic import BaseModel

from tactica.systems.srb import StarRangersOptions
from tests.systems.docs import SystemDoc, documented, table_rows

DOC = SystemDoc("srb")


class Unknown(BaseModel):
    no_such_option: int = 3


def test_missing_things_are_reported() -> None:
    assert DOC.undocumented_options(Unknown) == ["no_such_option"]
    assert DOC.rulings_without_option("B", 13, StarRangersOptions, "Rulings B1-B12") == ["B13"]
    assert DOC.rulings_without_option("B", 12, Unknown) == [f"B{n}" for n in range(1, 13)]
    assert DOC.rules_without_module(26)[-2:] == [25, 26]


def test_verbs_in_use_and_table_rows() -> None:
    assert documented("attack", "`ana attack orc`") and not documented("attack", "ana attack orc")
    assert table_rows("| `a`, `b` | 1 | 2 |\n| plain | 3 |") == {"a": ["1", "2"], "b": ["1", "2"]}
