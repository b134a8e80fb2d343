"""Issue 13 point 2: manual dice at the table (the engine's manual dice source, over the web). The person
acting types the faces of real dice; an action short of faces is refused (428) naming the next roll, and
nothing changes; a manual table replays exactly from its log."""

from __future__ import annotations

import pytest

from tactica.store import Store, TableRecord
from tactica.table.errors import NeedFaces, Refused
from tactica.table.service import TableService
from tests.table.conftest import DUEL, offered


@pytest.fixture
def manual(service: TableService) -> TableRecord:
    return service.create(DUEL.read_text(), "duel.yaml", dice="manual")


def attack(service: TableService, record: TableRecord) -> str:
    view = service.view(record.id, record.gm_secret)
    return next(a["text"] for a in offered(view) if a["verb"] == "attack")


def test_an_attack_asks_for_each_roll_in_turn(
    service: TableService, store: Store, manual: TableRecord
) -> None:
    action = attack(service, manual)
    with pytest.raises(NeedFaces) as first:
        service.act(manual.id, manual.gm_secret, 0, action, [])
    assert first.value.details["needed"]["die"] == "d20"
    assert first.value.details["needed"]["faces"] == [1, 20]
    faces: list[int] = []
    for _ in range(10):  # FuturePath: the d20, then the Advantage die, then damage: one roll at a time
        try:
            done = service.act(manual.id, manual.gm_secret, 0, action, faces)
            break
        except NeedFaces as need:
            assert store.log(manual.id) == []
            needed = need.details["needed"]
            faces += [needed["faces"][1]] * needed["count"]  # the highest face of each die asked for
    else:
        raise AssertionError("the attack never had enough faces")
    [entry] = store.log(manual.id)
    assert entry.faces == faces
    assert any("20" in line for line in done["lines"])


def test_a_face_the_die_lacks_or_faces_left_over_are_refused(
    service: TableService, store: Store, manual: TableRecord
) -> None:
    action = attack(service, manual)
    with pytest.raises(Refused, match="not a face of a d20"):
        service.act(manual.id, manual.gm_secret, 0, action, [21])
    with pytest.raises(Refused, match="more faces than"):
        service.act(manual.id, manual.gm_secret, 0, action, [1] * 20)
    assert store.log(manual.id) == []


def test_a_manual_table_replays_from_its_log(
    service: TableService, store: Store, manual: TableRecord
) -> None:
    for _ in range(4):
        view = service.view(manual.id, manual.gm_secret)
        if view["over"]:
            break
        faces: list[int] = []
        while True:
            try:
                service.act(manual.id, manual.gm_secret, view["seq"], offered(view)[0]["text"], faces)
                break
            except NeedFaces as need:
                faces += [need.details["needed"]["faces"][0]] * need.details["needed"]["count"]
    assert TableService(store).view(manual.id, manual.gm_secret) == service.view(manual.id, manual.gm_secret)


def test_a_seeded_table_ignores_no_faces(service: TableService, duel: TableRecord) -> None:
    """At a seeded table the server rolls: faces sent along are refused rather than silently ignored."""
    with pytest.raises(Refused, match="more faces than"):
        service.act(duel.id, duel.gm_secret, 0, attack(service, duel), [20])
