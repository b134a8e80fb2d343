"""Simulation runs: rows depend only on the scenario, N and the seed (issue 6: 1, 2 or 8 workers, or a Dask
cluster, give identical per-fight rows), the summary's figures, and the files written."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactica.analysis.sim import chunks, fight_seed, run_fights
from tactica.analysis.summary import summarize
from tactica.analysis.table import write_rows
from tactica.engine import TacticaError
from tactica.scenario import load_scenario

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
DUEL = EXAMPLES / "futurepath" / "duel.yaml"


def test_fight_seeds_are_distinct_and_stable() -> None:
    seeds = [fight_seed(1, i) for i in range(1000)]
    assert len(set(seeds)) == 1000
    assert seeds == [fight_seed(1, i) for i in range(1000)]
    assert fight_seed(2, 0) not in seeds
    assert all(0 <= s < 2**63 for s in seeds)


@pytest.mark.parametrize("workers", [2, 8])
def test_rows_do_not_depend_on_the_number_of_workers(spec, serial_rows, workers: int) -> None:
    assert run_fights(spec, 24, workers=workers) == serial_rows


def test_rows_are_the_same_on_a_dask_cluster(spec, serial_rows) -> None:
    """Issue 6: a Dask LocalCluster runs the same fights and gives identical rows."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        assert run_fights(spec, 24, cluster=cluster.scheduler_address) == serial_rows


def test_an_unreachable_cluster_is_a_clear_error(spec, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tactica.analysis.sim.CLUSTER_TIMEOUT", "1s")
    with pytest.raises(TacticaError, match="cannot reach a Dask scheduler"):
        run_fights(spec, 2, cluster="tcp://127.0.0.1:1")


def test_rows_hold_the_fight_and_each_combatant(serial_rows) -> None:
    row = serial_rows[0]
    assert [r["fight"] for r in serial_rows] == list(range(24))
    assert row["result"] in ("win", "draw", "cut off")
    for name in ("ada", "bo"):
        assert {f"{name}.out", f"{name}.out_round", f"{name}.dealt", f"{name}.taken"} <= set(row)
    for r in serial_rows:
        assert (r["winner"] != "") == (r["result"] == "win")


def test_summary_counts_every_fight_once(spec, serial_rows) -> None:
    summary = summarize(spec, serial_rows)
    wins = sum(rate.count for rate in summary.wins.values())
    assert wins + summary.draws.count + summary.cut_off.count == 24
    for rate in summary.wins.values():
        low, high = rate.interval
        assert low <= rate.rate <= high
    assert summary.rounds.median <= summary.rounds.p90


def test_a_round_limit_counts_as_cut_off() -> None:
    scenario = load_scenario(DUEL)
    setup = {**scenario.setup, "options": {"max_rounds": 1}}
    from tactica.analysis.sim import spec_for

    spec = spec_for(scenario.system.new_game(setup), {}, seed=3)
    summary = summarize(spec, run_fights(spec, 10, workers=1))
    assert summary.cut_off.count >= 1
    assert summary.rounds.p90 <= 1


def test_files_are_identical_for_one_and_two_workers(spec, serial_rows, tmp_path: Path) -> None:
    """Issue 6 acceptance: the same command with 1 and 2 workers writes identical --out files."""
    two = run_fights(spec, 24, workers=2)
    for suffix in ("csv", "parquet"):
        a = write_rows(serial_rows, tmp_path / f"one.{suffix}").read_bytes()
        b = write_rows(two, tmp_path / f"two.{suffix}").read_bytes()
        assert a == b


def test_parquet_reads_back_with_typed_columns(serial_rows, tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    table = pq.read_table(write_rows(serial_rows, tmp_path / "rows.parquet"))
    assert table.num_rows == 24
    assert str(table.schema.field("ada.out").type) == "bool"
    assert str(table.schema.field("ada.dealt").type) == "double"
    assert table.column("fight").to_pylist() == list(range(24))


def test_bad_runs_are_refused(spec, tmp_path: Path) -> None:
    with pytest.raises(TacticaError, match="-n 0: give 1 to 1,000,000 fights"):
        run_fights(spec, 0)
    with pytest.raises(TacticaError, match=r"\.csv or \.parquet"):
        write_rows([{"fight": 0}], tmp_path / "rows.txt")


def test_chunks_cover_every_fight_once() -> None:
    for n, workers in [(1, 4), (7, 2), (1000, 8), (13, 1)]:
        got = [i for piece in chunks(n, workers) for i in piece]
        assert got == list(range(n))
