"""Writing one row per fight: CSV (no extra dependency) or Parquet (pyarrow, the ``sim`` extra), chosen by
the file's suffix. Columns have fixed types, so the same rows always give the same bytes."""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tactica.analysis.sim import Row
from tactica.engine import TacticaError

SUFFIXES = (".csv", ".parquet")


def write_rows(rows: Sequence[Row], path: str | Path) -> Path:
    """Write the rows to ``path`` (.csv or .parquet)."""
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in SUFFIXES:
        raise TacticaError(f"--out {path}: name a .csv or .parquet file")
    if not rows:
        raise TacticaError(f"--out {path}: there are no fights to write")
    if suffix == ".csv":
        _write_csv(rows, target)
    else:
        _write_parquet(rows, target)
    return target


def _write_csv(rows: Sequence[Row], target: Path) -> None:
    with target.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(list(rows[0]))
        for row in rows:
            writer.writerow([_cell(v) for v in row.values()])


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    return str(value)


def _write_parquet(rows: Sequence[Row], target: Path) -> None:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise TacticaError(
            f"--out {target}: Parquet needs pyarrow: pip install 'tactica[sim]' (or write a .csv file)"
        ) from None
    schema = pa.schema([(name, _arrow_type(pa, name)) for name in rows[0]])
    table = pa.Table.from_pylist(list(rows), schema=schema)
    pq.write_table(table, target)


def _arrow_type(pa: Any, column: str) -> Any:
    if column in ("winner", "result"):
        return pa.string()
    if column.endswith(".out"):
        return pa.bool_()
    if column.endswith((".dealt", ".taken")):
        return pa.float64()
    return pa.int64()
