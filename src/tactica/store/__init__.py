"""The table store (Issue 13 point 5): each web table's scenario, seed, seats, settings and append-only log,
in a SQLite file by default or in PostgreSQL, through SQLAlchemy 2; Alembic migrations shipped in this
package bring the schema up to date when a :class:`Store` opens.

A table is its log: every entry has a seq (1, 2, 3, ... per table), and :meth:`Store.append` writes the
next one only if the caller saw the last one, committing it before it returns.

>>> import tempfile
>>> folder = tempfile.TemporaryDirectory()
>>> store = Store(f"sqlite:///{folder.name}/tables.db")
>>> table = store.create_table(name="Ambush", system="futurepath", scenario_text="...",
...     scenario_file="ambush.yaml", seed=7, seats={"Alice": ["vex"]}, settings={})
>>> store.append(table.id, after=0, kind="action", text="vex move @3,4", seat="Alice", faces=[]).seq
1
>>> store.append(table.id, after=0, kind="action", text="vex attack rook", seat="Alice", faces=[17])
Traceback (most recent call last):
...
tactica.store.errors.StaleSeq: stale: the table moved on to seq 1
>>> [entry.text for entry in store.log(table.id)]
['vex move @3,4']
>>> store.close()
>>> folder.cleanup()
"""

from tactica.store.database import default_url
from tactica.store.errors import StaleSeq, StoreError, UnknownTable
from tactica.store.records import LogEntry, Seat, TableRecord
from tactica.store.store import Store

__all__ = [
    "LogEntry",
    "Seat",
    "StaleSeq",
    "Store",
    "StoreError",
    "TableRecord",
    "UnknownTable",
    "default_url",
]
