"""The package's public face: everything in ``__all__`` exists and is documented."""

from __future__ import annotations

import inspect

import tactica.grid as grid


def test_every_public_name_is_exported_and_documented() -> None:
    for name in grid.__all__:
        value = getattr(grid, name)
        if inspect.isclass(value) or inspect.isfunction(value):
            assert inspect.getdoc(value), name
            for member_name, member in vars(value).items():
                if inspect.isfunction(member) and not member_name.startswith("_"):
                    assert inspect.getdoc(member), f"{name}.{member_name}"


def test_the_package_docstring_example_runs() -> None:
    board = grid.parse_map("a..#").board
    assert sorted(grid.reachable(board, (0, 0), 2).items()) == [((0, 0), 0), ((1, 0), 1), ((2, 0), 2)]
