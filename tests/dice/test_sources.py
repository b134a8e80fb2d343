"""Dice sources: seeded (reproducible, restorable), scripted, manual and recording."""

from __future__ import annotations

import copy
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactica.dice import (
    D4,
    D6,
    D20,
    D100,
    DF,
    DiceExhausted,
    DiceScriptError,
    DiceSource,
    Die,
    Draw,
    ManualDice,
    RecordingDice,
    ScriptedDice,
    SeededDice,
)

PURPOSE = "vex attacks rook: accuracy d20"


def draw_many(source: DiceSource, plan: Sequence[tuple[Die, int]]) -> list[int]:
    return [face for die, count in plan for face in source.draw(die, count, "test")]


DICE = [D4, D6, D20, DF, D100]
PLAN = [(D20, 1), (D6, 3), (DF, 4), (D100, 2), (D4, 1), (D6, 1)]


def test_every_source_is_a_dice_source() -> None:
    manual = ManualDice(lambda die, count, purpose: [])
    for source in (SeededDice(1), ScriptedDice([]), manual, RecordingDice(SeededDice(1))):
        assert isinstance(source, DiceSource)


# -- seeded ----------------------------------------------------------------------------------------------


def test_same_seed_same_faces() -> None:
    assert draw_many(SeededDice(42), PLAN) == draw_many(SeededDice(42), PLAN)
    assert draw_many(SeededDice(42), PLAN) != draw_many(SeededDice(43), PLAN)


def test_seeded_faces_are_on_the_die() -> None:
    source = SeededDice(5)
    for die in (D20, D6, DF, D100, Die(1)):
        faces = [face for _ in range(30) for face in source.draw(die, 100, "test")]
        assert set(faces) == set(die.faces)
    assert source.draws == 15_000


@given(st.integers(0, 2**64), st.integers(0, 40), st.lists(st.sampled_from(DICE), max_size=8))
def test_restoring_from_seed_and_draws_continues_exactly(seed: int, n: int, dice: list[Die]) -> None:
    original = SeededDice(seed)
    original.draw(D20, n, "before")  # faces of any dice: one step per face
    assert original.draws == n
    restored = SeededDice(seed, draws=n)
    assert restored.draws == n
    plan = [(die, 2) for die in dice]
    assert draw_many(restored, plan) == draw_many(original, plan)


def test_to_dict_and_from_dict() -> None:
    source = SeededDice(9)
    source.draw(D6, 5, "test")
    assert source.to_dict() == {"seed": 9, "draws": 5}
    restored = SeededDice.from_dict(source.to_dict())
    assert draw_many(restored, PLAN) == draw_many(source, PLAN)
    assert SeededDice.from_dict({"seed": 3}).draws == 0
    with pytest.raises(ValueError, match="needs a 'seed'"):
        SeededDice.from_dict({"draws": 2})


def test_deepcopy_continues_identically() -> None:
    source = SeededDice(11, draws=3)
    twin = copy.deepcopy(source)
    assert draw_many(twin, PLAN) == draw_many(source, PLAN)


def test_seeded_validation() -> None:
    with pytest.raises(ValueError, match="0 or more"):
        SeededDice(1, draws=-1)
    with pytest.raises(TypeError, match="whole number"):
        SeededDice("abc")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="0 or more"):
        SeededDice(1).draw(D6, -1, "test")
    assert SeededDice(1).draw(D6, 0, "test") == ()


# -- scripted --------------------------------------------------------------------------------------------


def test_scripted_faces_come_in_order() -> None:
    source = ScriptedDice([20, 3, 4, 5, -1, 1])
    assert source.draw(D20, 1, PURPOSE) == (20,)
    assert source.draw(D6, 3, PURPOSE) == (3, 4, 5)
    assert (source.used, source.remaining) == (4, 2)
    assert source.draw(DF, 2, PURPOSE) == (-1, 1)
    assert source.remaining == 0


def test_scripted_face_off_the_die_is_an_error_and_uses_nothing() -> None:
    source = ScriptedDice([7])
    with pytest.raises(DiceScriptError) as caught:
        source.draw(D6, 1, PURPOSE)
    assert str(caught.value) == (
        "scripted face 7 for 'vex attacks rook: accuracy d20' is not a face of a d6 (valid: 1-6)"
    )
    assert source.used == 0
    with pytest.raises(DiceScriptError, match=r"valid: -1 to \+1"):
        ScriptedDice([2]).draw(DF, 1, PURPOSE)


def test_scripted_faces_must_be_whole_numbers() -> None:
    with pytest.raises(DiceScriptError, match=r"got 2\.5 at position 2"):
        ScriptedDice([1, 2.5])  # type: ignore[list-item]


def test_exhausted_script_names_the_roll() -> None:
    source = ScriptedDice(list(range(1, 13)))
    source.draw(D20, 12, "earlier")
    with pytest.raises(DiceExhausted) as caught:
        source.draw(D20, 1, PURPOSE)
    assert str(caught.value) == (
        "scripted dice ran out: 'vex attacks rook: accuracy d20' wanted 1 face of a d20 "
        "after all 12 scripted faces were used"
    )


def test_partly_exhausted_script_uses_nothing() -> None:
    source = ScriptedDice([1, 2])
    expected = "wanted 3 faces of a d6 but only 2 of the 2 scripted faces remained"
    with pytest.raises(DiceExhausted, match=expected):
        source.draw(D6, 3, "damage")
    assert source.used == 0


def test_scripted_then_continues_from_another_source() -> None:
    source = ScriptedDice([6, 6], then=ScriptedDice([1, 2, 3]))
    assert source.draw(D6, 3, "test") == (6, 6, 1)
    assert source.draw(D6, 2, "test") == (2, 3)
    assert (source.used, source.remaining) == (2, 0)
    seeded = ScriptedDice([], then=SeededDice(4))
    assert seeded.draw(D20, 5, "test") == SeededDice(4).draw(D20, 5, "test")


# -- manual ----------------------------------------------------------------------------------------------


def test_manual_dice_ask_a_person() -> None:
    asked: list[tuple[Die, int, str]] = []

    def ask(die: Die, count: int, purpose: str) -> list[int]:
        asked.append((die, count, purpose))
        return [4] * count

    assert ManualDice(ask).draw(D6, 2, "damage") == (4, 4)
    assert asked == [(D6, 2, "damage")]


def test_manual_dice_ask_again_after_a_bad_answer() -> None:
    answers = iter([[7, 1], [1], [2, 3]])
    told: list[str] = []
    source = ManualDice(lambda die, count, purpose: next(answers), tell=told.append)
    assert source.draw(D6, 2, "damage") == (2, 3)
    assert told == [
        "7 is not a face of a d6 (valid: 1-6) for 'damage'; please enter them again",
        "expected 2 faces of a d6, got 1 for 'damage'; please enter them again",
    ]


def test_manual_dice_give_up_after_the_attempts() -> None:
    calls: list[int] = []

    def ask(die: Die, count: int, purpose: str) -> list[int]:
        calls.append(count)
        return [0]

    source = ManualDice(ask, attempts=2)
    with pytest.raises(DiceScriptError) as caught:
        source.draw(D20, 1, PURPOSE)
    assert str(caught.value) == (
        "no valid faces for 'vex attacks rook: accuracy d20' after 2 attempts: "
        "0 is not a face of a d20 (valid: 1-20)"
    )
    assert len(calls) == 2


# -- recording -------------------------------------------------------------------------------------------


def test_recording_keeps_every_face_and_purpose() -> None:
    source = RecordingDice(ScriptedDice([20, 1, 2, 0]))
    assert source.draw(D20, 1, PURPOSE) == (20,)
    assert source.draw(D4, 2, "damage") == (1, 2)
    assert source.draw(DF, 1, "luck") == (0,)
    assert source.records == [Draw(D20, (20,), PURPOSE), Draw(D4, (1, 2), "damage"), Draw(DF, (0,), "luck")]
    assert source.faces == [20, 1, 2, 0]


def test_recording_does_not_change_the_faces() -> None:
    recorded = RecordingDice(SeededDice(8))
    assert draw_many(recorded, PLAN) == draw_many(SeededDice(8), PLAN) == recorded.faces
