"""Every rule system passes the shared conformance check (tactica.testing.conformance)."""

from __future__ import annotations

import pytest

from tactica.systems import all_systems
from tactica.testing import check_fight

SYSTEMS = [s.id for s in all_systems()]
FIGHTS = 200


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_random_legal_fights_end_replay_undo_and_round_trip(system_id: str) -> None:
    """200 random-legal fights: all end, no offered action is rejected, replay is identical, undo restores
    every step, JSON round-trips."""
    reports = [check_fight(system_id, seed) for seed in range(FIGHTS)]
    assert all(r.ended for r in reports)
    assert len({r.winner for r in reports}) > 1, "random fights should not all end the same way"


@pytest.mark.slow
@pytest.mark.parametrize("system_id", SYSTEMS)
def test_many_more_random_fights(system_id: str) -> None:
    """The long version (make long): 2,000 fights."""
    for seed in range(FIGHTS, FIGHTS + 2000):
        check_fight(system_id, seed)
