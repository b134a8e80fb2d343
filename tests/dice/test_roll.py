"""Rolling expressions: every face kept, kept flags for each rule, success pools, totals and text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactica.dice import DiceExpr, DiceScriptError, RecordingDice, Roll, ScriptedDice, SeededDice, parse, roll

from .strategies import exprs


def scripted(text: str, faces: list[int]) -> Roll:
    return roll(text, ScriptedDice(faces), "test")


def test_brief_example() -> None:
    result = scripted("4d6kh3+2", [6, 5, 3, 1])
    assert result.total == 16
    assert str(result) == "4d6kh3+2 = [6, 5, 3, (1)] + 2 = 16"
    assert result.faces == (6, 5, 3, 1)
    assert result.terms[0].kept == (True, True, True, False)


@pytest.mark.parametrize(
    ("text", "faces", "kept", "value"),
    [
        ("4d6kh3", [3, 1, 6, 5], (True, False, True, True), 14),
        ("4d6kl2", [3, 1, 6, 5], (True, True, False, False), 4),
        ("4d6dh1", [3, 1, 6, 5], (True, True, False, True), 9),
        ("4d6dl1", [3, 1, 6, 5], (True, False, True, True), 14),
        ("2d20kh1", [12, 12], (True, False), 12),
        ("2d20kl1", [7, 7], (True, False), 7),
        ("3d6dl1", [2, 5, 2], (False, True, True), 7),
        ("3d6dh2", [6, 6, 1], (False, False, True), 1),
        ("5d6>=5", [5, 2, 6, 4, 1], (True, False, True, False, False), 2),
        ("5d6>5", [5, 2, 6, 4, 1], (False, False, True, False, False), 1),
        ("4dF>=1", [1, 0, -1, 1], (True, False, False, True), 2),
        ("2d6", [3, 4], (True, True), 7),
    ],
)
def test_kept_flags_and_value(text: str, faces: list[int], kept: tuple[bool, ...], value: int) -> None:
    result = scripted(text, faces)
    assert result.faces == tuple(faces)
    assert result.terms[0].kept == kept
    assert result.terms[0].value == result.total == value


@pytest.mark.parametrize(
    ("text", "faces", "shown"),
    [
        ("5d6>=5", [5, 2, 6, 4, 1], "5d6>=5 = [5, (2), 6, (4), (1)] = 2"),
        ("2d6-1d4+3", [3, 4, 2], "2d6-1d4+3 = [3, 4] - [2] + 3 = 8"),
        ("-1d4-1", [3], "-1d4-1 = -[3] - 1 = -4"),
        ("7", [], "7 = 7 = 7"),
        ("2d20kl1+5", [15, 4], "2d20kl1+5 = [(15), 4] + 5 = 9"),
    ],
)
def test_roll_text(text: str, faces: list[int], shown: str) -> None:
    assert str(scripted(text, faces)) == shown


def test_negative_terms_subtract() -> None:
    result = scripted("2d6-1d4", [6, 6, 4])
    assert [term.value for term in result.terms] == [12, -4]
    assert result.total == 8


def test_natural_is_the_single_die() -> None:
    assert scripted("1d20+5", [17]).natural == 17
    assert scripted("d20", [1]).natural == 1
    assert scripted("2d20kh1", [1, 20]).natural is None
    assert scripted("1d20+1d4", [1, 2]).natural is None
    assert scripted("3", []).natural is None


def test_to_dict() -> None:
    assert scripted("2d6-1d4+3", [3, 4, 2]).to_dict() == {
        "expr": "2d6-1d4+3",
        "terms": [
            {"term": "2d6", "faces": [3, 4], "kept": [True, True], "value": 7},
            {"term": "-1d4", "faces": [2], "kept": [True], "value": -2},
        ],
        "constant": 3,
        "total": 8,
    }


def test_purpose_is_passed_to_the_source_and_defaults_to_the_expression() -> None:
    recorded = RecordingDice(SeededDice(1))
    parse("1d20+2").roll(recorded, "vex attacks rook: accuracy d20")
    roll("2d6+1d4", recorded)
    assert [r.purpose for r in recorded.records] == ["vex attacks rook: accuracy d20", "2d6+1d4", "2d6+1d4"]


def test_a_source_giving_the_wrong_number_of_faces_is_an_error() -> None:
    class Short:
        def draw(self, die: object, count: int, purpose: str) -> tuple[int, ...]:
            return (1,)

    with pytest.raises(DiceScriptError, match="gave 1 faces for 'damage' but 2 were asked for"):
        parse("2d6").roll(Short(), "damage")


@given(exprs, st.integers(0, 2**32))
def test_every_face_is_kept_and_the_total_adds_up(expr: DiceExpr, seed: int) -> None:
    recorded = RecordingDice(SeededDice(seed))
    result = expr.roll(recorded, "test")
    assert list(result.faces) == recorded.faces
    assert len(result.faces) == sum(term.count for term in expr.terms)
    assert result.total == expr.constant + sum(term.value for term in result.terms)
    assert expr.min() <= result.total <= expr.max()
    for term in result.terms:
        assert len(term.kept) == len(term.faces)
        keep = term.term.keep
        if keep is not None and not keep.is_target:
            assert sum(term.kept) == keep.summed(term.term.count)
            kept = sorted(face for face, k in zip(term.faces, term.kept, strict=True) if k)
            dropped = sorted(face for face, k in zip(term.faces, term.kept, strict=True) if not k)
            if kept and dropped:
                higher = keep.which in ("kh", "dl")
                assert (kept[0] >= dropped[-1]) if higher else (kept[-1] <= dropped[0])
