"""Issue 14 point 9: 'legal' and 'not_legal' expectations judge a route (never listed) by the rules, as the
engine does: a route the rules accept is legal, one they refuse is not."""

from __future__ import annotations

from tests.scenario.test_expect import one


def test_a_route_the_rules_accept_is_legal_and_one_they_refuse_is_not() -> None:
    assert one("  - legal: vex move @1,0 @3,0\n").passed
    assert not one("  - not_legal: vex move @1,0 @3,0\n").passed
    refused = one("  - legal: vex move @1,0 @2,1\n")
    assert not refused.passed
    assert refused.actual == {"vex move @1,0 @2,1": "leg 2 (@1,0 to @2,1): @2,1 is a wall"}
    assert one("  - not_legal: vex move @1,0 @2,1\n").passed
