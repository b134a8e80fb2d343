"""Dice: faces, labels, fudge dice, the shared constants and validation."""

from __future__ import annotations

import pytest

from tactica.dice import D4, D6, D20, D100, DF, Die, die_for


def test_ordinary_die_faces_and_label() -> None:
    assert (D20.min_face, D20.max_face, D20.label, str(D20)) == (1, 20, "d20", "d20")
    assert list(D6.faces) == [1, 2, 3, 4, 5, 6]


def test_fudge_die_has_faces_minus_one_to_plus_one() -> None:
    assert Die(3, fudge=True) == DF
    assert (DF.min_face, DF.max_face, list(DF.faces), str(DF)) == (-1, 1, [-1, 0, 1], "dF")
    assert Die(3) != DF


def test_die_for_is_cached_and_matches_constants() -> None:
    assert die_for(6) is D6
    assert die_for(100) is D100
    assert die_for(4) == D4 == Die(4)


@pytest.mark.parametrize("sides", [0, -3])
def test_die_needs_a_side(sides: int) -> None:
    with pytest.raises(ValueError, match="at least 1"):
        Die(sides)
    with pytest.raises(ValueError, match="at least 1"):
        die_for(sides)


def test_fudge_die_must_have_three_sides() -> None:
    with pytest.raises(ValueError, match="exactly 3 sides"):
        Die(6, fudge=True)


def test_die_is_immutable_and_hashable() -> None:
    with pytest.raises(AttributeError):
        D6.sides = 8  # type: ignore[misc]
    assert len({D6, Die(6), DF, Die(3)}) == 3
