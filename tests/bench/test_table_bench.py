"""Issue 13, Benchmarks (`make bench`): the web table's benchmark runs in small (a real server on loopback,
websocket clients) and reports every action acknowledged, every view seen once, p50/p95 and the reopen time.
No timing is asserted: the figures are for `make bench` on a quiet machine."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from tests.bench.scripts import load_script


@pytest.fixture(scope="module")
def table_bench() -> ModuleType:
    return load_script("table")


def test_the_table_benchmark_loses_and_repeats_no_action_and_prints_its_figures(
    table_bench: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sizes = table_bench.Sizes(
        watchers=3, crowd_actions=6, tables=2, table_actions=4, reopen_actions=10, think=0.0
    )
    runs = table_bench.bench(f"sqlite:///{tmp_path / 'tables.db'}", "SQLite", sizes)
    (crowd, crowd_tally, crowd_last), (_, tables_tally, tables_last) = runs
    assert len(crowd_tally.trips) == 6 and list(crowd_last.values()) == [6]
    assert len(crowd_tally.seen) == 3 and crowd_tally.lost_or_doubled(crowd_last) == 0
    assert len(tables_tally.trips) == 8 and sorted(tables_last.values()) == [4, 4]
    assert tables_tally.lost_or_doubled(tables_last) == 0
    out = capsys.readouterr().out
    assert "GM + 3 watchers" in crowd and out.count("lost/duplicated 0") == 2
    assert out.count("p95") == 2 and "reopen a table of 10 actions" in out and "restart in" in out
