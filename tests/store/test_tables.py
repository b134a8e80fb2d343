"""Issue 13 point 5 (Persistence): the store keeps tables, their seats (with their secrets) and settings, on
SQLite and on PostgreSQL; bad input is one StoreError line and changes nothing."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest

from tactica.store import Seat, Store, StoreError

from .conftest import new_table

URL_SAFE = re.compile(r"[A-Za-z0-9_-]+")


def test_a_created_table_reads_back_whole(store: Store) -> None:
    """Issue 13 point 5: a table is its scenario text, seed, seats and settings, read back as given; the
    id is short and url-safe, each secret long, url-safe and distinct."""
    table = store.table(new_table(store))
    assert (table.name, table.system, table.scenario_file, table.seed) == (
        "Ambush at the ford",
        "futurepath",
        "ambush.yaml",
        7,
    )
    assert table.scenario_text == "system: futurepath\n"
    assert table.settings == {"hidden": ["kit"], "harm": "exact"}
    assert list(table.seats) == ["Alice", "Bob"]
    assert table.seats["Alice"].combatants == ("vex", "kit")
    assert table.last_seq == 0
    assert len(table.id) == 8 and URL_SAFE.fullmatch(table.id)
    keys = [table.gm_secret, *(seat.secret for seat in table.seats.values())]
    assert all(len(key) == 32 and URL_SAFE.fullmatch(key) for key in keys)
    assert len(set(keys)) == 3
    assert abs(table.created_at - datetime.now(UTC)) < timedelta(minutes=1)


def test_tables_lists_every_table_newest_first(store: Store) -> None:
    """Issue 13 point 5: "the GM sees a list of their tables" — every table, the newest first."""
    assert store.tables() == []
    made = [new_table(store, name=f"fight {n}", seed=n) for n in range(3)]
    listed = store.tables()
    assert [table.id for table in listed] == made[::-1]
    assert listed == [store.table(table_id) for table_id in made[::-1]]


def test_a_missing_table_is_one_line(store: Store) -> None:
    """Issue 13 point 5 (house rule): naming a table that does not exist is StoreError("no table 'x'")
    from every method."""
    calls = [
        lambda: store.table("nope"),
        lambda: store.log("nope"),
        lambda: store.append("nope", after=0, kind="action", text="vex wait", seat=None, faces=[]),
        lambda: store.set_seats("nope", {"Alice": ["vex"]}),
        lambda: store.set_settings("nope", {}),
    ]
    for call in calls:
        with pytest.raises(StoreError, match=r"^no table 'nope'$"):
            call()


def test_set_seats_keeps_the_secrets_of_kept_seats(store: Store) -> None:
    """Issue 13 point 1 and 5: the GM reassigns seats; a kept seat's link keeps working (same secret, new
    combatants), a new seat gets a new secret, a removed seat's secret is gone."""
    before = store.table(new_table(store))
    after = store.set_seats(before.id, {"Alice": ["vex"], "Carol": ["kit", "rook"]})
    assert after.seats["Alice"] == Seat("Alice", before.seats["Alice"].secret, ("vex",))
    assert after.seats["Carol"].combatants == ("kit", "rook")
    old_keys = {before.gm_secret, *(seat.secret for seat in before.seats.values())}
    assert after.seats["Carol"].secret not in old_keys
    assert list(after.seats) == ["Alice", "Carol"]
    assert after.gm_secret == before.gm_secret
    assert store.table(before.id) == after
    assert store.set_seats(before.id, {}).seats == {}


def test_set_settings_replaces_them(store: Store) -> None:
    """Issue 13 point 4: the GM's settings (hidden combatants, harm shown, notes) are free JSON, replaced
    whole and kept."""
    table_id = new_table(store)
    settings = {"hidden": ["rook"], "harm": "vague", "notes": "the bridge falls in round 3", "n": [1, 2.5]}
    assert store.set_settings(table_id, settings).settings == settings
    assert store.table(table_id).settings == settings


BAD_TABLES = [
    ({"seed": "7"}, r"^seed: '7' is not a whole number"),
    ({"seed": True}, r"^seed: True is not a whole number"),
    ({"seed": 2**64}, r"^seed: 18446744073709551616 is not a whole number between"),
    ({"settings": {"hidden": {"rook"}}}, r"^settings: not storable as JSON: Object of type set"),
    ({"settings": {"odds": float("nan")}}, r"^settings: not storable as JSON: Out of range float"),
    ({"settings": ["hidden"]}, r"^settings: expected a JSON object \(a dict\), got list"),
    (
        {"settings": {"hidden": ("kit",)}},
        r"^settings: would not read back the same from JSON \(keys must be texts",
    ),
    ({"settings": {"harm": {3: "exact"}}}, r"^settings: would not read back the same from JSON"),
    ({"seats": {"Alice": "vex"}}, r"^seats: 'Alice': expected a list of combatant ids, got 'vex'"),
    ({"seats": {" ": ["vex"]}}, r"^seats: ' ' is not a seat name"),
    ({"seats": [("Alice", ["vex"])]}, r"^seats: expected a mapping"),
    ({"name": None}, r"^name: expected a text, got NoneType$"),
    ({"scenario_text": b"system: thrum"}, r"^scenario_text: expected a text, got bytes$"),
]


@pytest.mark.parametrize(("changes", "message"), BAD_TABLES)
def test_bad_table_input_is_one_line_and_writes_nothing(
    store: Store, changes: dict[str, object], message: str
) -> None:
    """House rule: bad input never produces a traceback and never changes state: one line naming the
    field and what would be valid."""
    with pytest.raises(StoreError, match=message) as refused:
        new_table(store, **changes)
    assert "\n" not in str(refused.value)
    assert store.tables() == []


def test_bad_seats_leave_the_seats_alone(store: Store) -> None:
    """House rule: a refused set_seats changes nothing."""
    before = store.table(new_table(store))
    with pytest.raises(StoreError, match=r"^seats: 'Bob': expected a list"):
        store.set_seats(before.id, {"Alice": ["vex"], "Bob": [3]})
    assert store.table(before.id) == before
