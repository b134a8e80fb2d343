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
                # `make mutants` (mutmut) adds undocumented copies of each method, named with "mutmut"
                public = not member_name.startswith("_") and "mutmut" not in member_name
                if inspect.isfunction(member) and public:
                    assert inspect.getdoc(member), f"{name}.{member_name}"


def test_the_package_docstring_example_runs() -> None:
    board = grid.parse_map("a..#").board
    assert sorted(grid.reachable(board, (0, 0), 2).items()) == [((0, 0), 0), ((1, 0), 1), ((2, 0), 2)]
