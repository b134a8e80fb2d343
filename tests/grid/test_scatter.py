"""Scatter: direction dice, offsets and scatter relative to the throw."""

from __future__ import annotations

import random

import pytest

from tactica.grid import SquareBoard, direction_from_face, offset, scatter_relative

BOARD = SquareBoard(12, 12)


def test_faces_pick_directions_clockwise_from_north() -> None:
    assert direction_from_face(BOARD, 1) == (0, -1)
    assert direction_from_face(BOARD, 3) == (1, 0)
    assert direction_from_face(BOARD, 8) == (-1, -1)
    for face in (0, 9):
        with pytest.raises(ValueError):
            direction_from_face(BOARD, face)


def test_a_rolled_face_gives_a_direction() -> None:
    face = random.Random(7).randint(1, 8)
    assert direction_from_face(BOARD, face) in BOARD.directions()


def test_offset_is_clamped_to_the_board() -> None:
    assert offset(BOARD, (5, 5), (1, 0), 3) == (8, 5)
    assert offset(BOARD, (5, 5), (1, 1), -2) == (3, 3)
    assert offset(BOARD, (10, 5), (1, -1), 4) == (11, 1)


def test_scatter_along_an_axis() -> None:
    # thrown east: right is south
    origin, target = (0, 5), (6, 5)
    assert scatter_relative(BOARD, origin, target, 0, 0) == target
    assert scatter_relative(BOARD, origin, target, 1, 0) == (6, 6)
    assert scatter_relative(BOARD, origin, target, -1, 0) == (6, 4)
    assert scatter_relative(BOARD, origin, target, 0, 2) == (8, 5)
    assert scatter_relative(BOARD, origin, target, 0, -2) == (4, 5)
    # thrown north: right is east
    assert scatter_relative(BOARD, (5, 10), (5, 4), 1, 1) == (6, 3)


def test_scatter_along_a_diagonal() -> None:
    # thrown north-east: beyond is north-east, right is south-east
    origin, target = (1, 9), (5, 5)
    assert scatter_relative(BOARD, origin, target, 1, 0) == (6, 6)
    assert scatter_relative(BOARD, origin, target, 0, 1) == (6, 4)
    assert scatter_relative(BOARD, origin, target, -1, -1) == (3, 5)


def test_scatter_rounds_the_throw_to_the_nearest_direction() -> None:
    assert scatter_relative(BOARD, (0, 5), (6, 6), 0, 1) == (7, 6)  # nearly east
    assert scatter_relative(BOARD, (0, 0), (5, 4), 0, 1) == (6, 5)  # nearly south-east


def test_scatter_is_clamped_and_handles_a_throw_at_ones_own_cell() -> None:
    assert scatter_relative(BOARD, (0, 5), (11, 5), 0, 3) == (11, 5)
    assert scatter_relative(BOARD, (4, 4), (4, 4), 1, 1) == (5, 3)  # counts as thrown north
