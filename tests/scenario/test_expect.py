"""Each expectation kind, passing and failing, with the difference it reports."""

from __future__ import annotations

from tactica.scenario import Result, load_scenario_text, run_scenario
from tactica.scenario.expect import lookup, parse_expectation, same, show
from tests.scenario.helpers import DUEL, with_script

#: vex hits rook for 4 (d20 15, Advantage 3, damage 4); rook 16 -> 12 HP.
ATTACK = ("vex attack rook with rifle",)
DICE = "[15, 3, 4]"


def results(expect: str, *script: str, base: str | None = None) -> list[Result]:
    """The results of ``expect``; the attack's faces are scripted when the script attacks (issue 14 point 10:
    faces never rolled would fail the run)."""
    dice = DICE if ATTACK[0] in script else ""
    text = with_script(*script, dice=dice, expect=expect) if base is None else base + f"expect:\n{expect}"
    return run_scenario(load_scenario_text(text, "x.yaml")).results


def one(expect: str, *script: str, **kwargs: str) -> Result:
    (result,) = results(expect, *script, **kwargs)
    return result


def test_state_passes_with_combatant_shorthand_and_round() -> None:
    result = one("  - state: {rook.hp: 12, vex.pos: [0, 0], round: 1, over: false, winner: null}\n", *ATTACK)
    assert result.passed
    assert result.actual == {"rook.hp": 12, "vex.pos": [0, 0], "round": 1, "over": False, "winner": None}


def test_state_failure_shows_expected_and_actual() -> None:
    result = one("  - state: {rook.hp: 9, vex.hp: 18}\n", *ATTACK)
    assert not result.passed
    assert result.difference == "rook.hp: expected 9, got 12"
    assert result.expected == {"rook.hp": 9, "vex.hp": 18}


def test_state_names_a_missing_field() -> None:
    result = one("  - state: {rook.hpp: 9}\n")
    assert not result.passed and "no 'hpp' in fighters.rook" in result.difference


def test_event_passes_when_some_event_has_the_fields() -> None:
    assert one(
        "  - event: {kind: AttackRolled, attacker: vex, natural: 15, total: 21, hit: true}\n", *ATTACK
    ).passed


def test_event_failure_names_the_closest_event() -> None:
    result = one("  - event: {kind: AttackRolled, attacker: vex, natural: 14}\n", *ATTACK)
    assert not result.passed
    assert result.difference == (
        "no matching AttackRolled since the start; of 1 AttackRolled event, the closest has natural 15 (expected 14)"
    )
    assert result.actual["natural"] == 15


def test_event_since_last_looks_after_the_previous_expectation_point() -> None:
    found = results(
        "  - event: {kind: AttackRolled, since: last}\n",
        *ATTACK,
        "{expect: {state: {rook.hp: 12}}}",
        "vex end",
    )
    assert [r.passed for r in found] == [True, False]
    assert "no AttackRolled event since the previous expectation point" in found[1].difference


def test_no_event_passes_and_fails() -> None:
    assert one("  - no_event: {kind: StatusChanged}\n", *ATTACK).passed
    result = one("  - no_event: {kind: Damaged, target: rook}\n", *ATTACK)
    assert not result.passed and "1 Damaged(target=rook) since the start" in result.difference


def test_rejects_checks_the_reason_and_that_nothing_changed() -> None:
    """FuturePath 4: after a Standard action a Full-Round action no longer fits the turn."""
    result = one("  - rejects: {action: 'vex sprint @3,0', reason: Full-Round}\n", *ATTACK)
    assert result.passed and result.actual["state_unchanged"]
    result = one("  - rejects: {action: 'vex sprint @3,0', reason: nonsense}\n", *ATTACK)
    assert not result.passed and "the reason does not contain nonsense" in result.difference


def test_rejects_fails_when_the_action_is_legal() -> None:
    result = one("  - rejects: vex end\n")
    assert not result.passed and result.difference == "'vex end' is legal now; expected it to be rejected"


def test_outcome_passes_and_fails() -> None:
    script = "\nscript:\n  - ada attack bo with short-sword\n"
    base = DUEL + "dice: [18, 2, 2]" + script
    assert one("  - outcome: {winner: red, reason: last standing, round: 1}\n", base=base).passed
    result = one("  - outcome: {winner: blue}\n", base=base)
    assert not result.passed and result.difference == "winner: expected blue, got red"
    result = one("  - outcome: {winner: null}\n")
    assert not result.passed and result.difference == "the fight is not over (round 1)"


def test_legal_and_not_legal() -> None:
    assert one("  - legal: [vex attack rook with rifle, vex end]\n").passed
    result = one("  - legal: vex attack ash with knife\n")
    assert (
        not result.passed
        and "'vex attack ash with knife' is not legal: knife is not drawn" in result.difference
    )
    assert one("  - not_legal: vex attack ash with knife\n").passed
    result = one("  - not_legal: vex end\n")
    assert not result.passed and result.difference == "'vex end' is legal now"


def test_inline_expectations_are_checked_where_they_stand() -> None:
    found = results("", "{expect: {state: {rook.hp: 16}}}", *ATTACK, "{state: {rook.hp: 12}}")
    assert [r.passed for r in found] == [True, True]
    assert [r.expectation.where for r in found] == ["script[0].expect.state", "script[2].state"]


def test_values_compare_as_plain_data() -> None:
    assert same((3, 4), [3, 4]) and same(1, 1.0)
    assert not same(True, 1) and not same([1], [1, 2])
    assert show({"kind": "AttackRolled", "hit": True, "at": (3, 4), "reason": "Full-Round"}) == (
        "{kind: AttackRolled, hit: true, at: [3, 4], reason: Full-Round}"
    )
    assert show("vex move @1,0") == '"vex move @1,0"' and show("true") == '"true"'
    assert lookup({"a": [{"b": 2}]}, "a.0.b") == (2, None)
    assert lookup({"a": [1]}, "a.3")[1] == "a has 1 items, no item 3"


def test_event_count_is_exact() -> None:
    """Issue 14 point 9: `count: N` on an event expectation holds for exactly N matching events."""
    assert one("  - event: {kind: AttackRolled, attacker: vex, count: 1}\n", *ATTACK).passed
    assert one("  - event: {kind: AttackRolled, attacker: rook, count: 0}\n", *ATTACK).passed
    result = one("  - event: {kind: AttackRolled, count: 2}\n", *ATTACK)
    assert not result.passed and result.actual == 1
    assert result.difference.startswith(
        "expected 2 AttackRolled since the start, found 1: {kind: AttackRolled, "
    )


def test_order_holds_for_events_in_that_order_only() -> None:
    """Issue 14 point 9: `order` checks that matching events come in the order listed (others between)."""
    rolled, damaged = "{kind: AttackRolled, attacker: vex}", "{kind: DamageRolled, target: rook}"
    assert one(f"  - order: [{rolled}, {damaged}]\n", *ATTACK).passed
    result = one(f"  - order: [{damaged}, {rolled}]\n", *ATTACK)
    assert not result.passed
    assert (
        result.difference
        == "order[1]: no AttackRolled(attacker=vex) after the DamageRolled(target=rook) (event 7)"
    )
    assert result.actual == [7]
    twice = one(f"  - order: [{rolled}, {rolled}]\n", *ATTACK).difference
    assert twice == "order[1]: no AttackRolled(attacker=vex) after the AttackRolled(attacker=vex) (event 6)"


def test_count_and_order_syntax_problems_are_named() -> None:
    """Issue 14 point 9: a bad count or order is refused at load with what would be valid."""
    problems = [
        parse_expectation("event", {"kind": "AttackRolled", "count": -1})[1],
        parse_expectation("order", [{"kind": "AttackRolled"}])[1],
        parse_expectation("order", [{"kind": "AttackRolled"}, {"kind": "DamageRolled", "since": "last"}])[1],
    ]
    assert problems == [
        ["'count' is how many such events there are: a whole number 0 or more, got -1"],
        ["'order' takes a list of at least two events, e.g. [{kind: OpportunityRaised}, {kind: Moved}]"],
        ["order[1]: only the first event may say 'since' (no 'count' in an order)"],
    ]
