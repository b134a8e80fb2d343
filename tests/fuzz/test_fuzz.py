"""Issue 12, "Tests that keep it so": the small, always-on fuzz run. Every target of
:mod:`tactica.fuzz` on fixed seeds (the same inputs every run): no traceback, no hang over 10 s, no
memory over 1 GB, no change of state after a rejected input, no error message over 20 lines. ``make fuzz``
runs the same targets on many more seeds.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tactica.cli.fights import load_demo
from tactica.engine import Fight
from tactica.fuzz import TARGETS, run_target
from tactica.fuzz.corpus import example_paths
from tactica.fuzz.fights import is_board
from tactica.render import render_board
from tactica.systems import all_systems

#: Cases per target, and the test items they are split into (so `pytest -n auto` spreads them). The action
#: and play targets try several inputs per case (about 8 actions, or 7 typed lines).
CASES = {
    "dice": (2000, 1),
    "action-text": (40, 2),
    "action-object": (40, 2),
    "play": (50, 2),
    "check": (80, 2),
    "verify": (30, 1),
    "fight": (20, 1),
    "sim": (12, 1),
    "odds": (20, 1),
}
ITEMS = [(name, part) for name, (_, parts) in CASES.items() for part in range(parts)]


def test_every_target_has_an_always_on_share() -> None:
    """Each fuzz target but the conformance fights (tests/conformance) runs in `make test`."""
    assert set(CASES) == {t for t in TARGETS if not t.startswith("conformance-")}


@pytest.mark.parametrize(("target", "part"), ITEMS, ids=[f"{t}-{p}" for t, p in ITEMS])
def test_fuzz_inputs_break_nothing(target: str, part: int) -> None:
    """Issue 12: hostile inputs of this target give deliberate errors only (see tactica.fuzz.guard)."""
    cases, parts = CASES[target]
    seeds = range(part, cases, parts)
    found = [v for v in (run_target(target, seed)[1] for seed in seeds) if v is not None]
    assert not found, "\n".join(
        f"{v.kind}: {v.signature} (python -m tactica.fuzz --target {v.target} --seed {v.seed})" for v in found
    )


def test_a_map_is_not_counted_as_a_long_message() -> None:
    """Issue 12: the 20-line limit is for messages; `play` showing the 20x20 demo map (24 lines) is not one,
    while 30 lines of text still are."""
    board = render_board(Fight(load_demo("futurepath").game, seed=1))
    assert len(board.splitlines()) > 20 and is_board(board)
    assert not is_board("error: vex cannot move there\n" * 30)


def test_the_fuzzer_reads_the_repository_examples() -> None:
    """Issue 12 ("conformance on every example"): the fuzz corpus finds every example scenario file of the
    repository (it once looked one folder too high and found none)."""
    root = Path(__file__).resolve().parents[2]
    assert example_paths() == sorted((root / "examples").glob("*/*.yaml"))
    assert {p.parent.name for p in example_paths()} == {s.id for s in all_systems()}
