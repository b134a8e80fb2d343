"""The engine's shared parts: codec, turn order, economy, conditions, interrupt stack, dice tape."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from tactica.dice import D6, D20, ScriptedDice, SeededDice
from tactica.engine import FULL, Condition, Decision, Economy, Moment, Slot, TurnOrder, count_down, expire
from tactica.engine.codec import from_data, to_data
from tactica.engine.interrupts import push_in_initiative_order
from tactica.engine.tape import DiceTape


@dataclass
class Inner:
    pos: tuple[int, int]
    tags: list[str] = field(default_factory=list)


@dataclass
class Outer:
    name: str
    inner: dict[str, Inner]
    maybe: int | None = None
    order: TurnOrder = field(default_factory=TurnOrder)


def test_codec_round_trips_nested_dataclasses() -> None:
    value = Outer("x", {"a": Inner((1, 2), ["t"])}, 3, TurnOrder([Slot("red", ["a"], 4)], 0, 1))
    data = to_data(value)
    assert data["inner"]["a"]["pos"] == [1, 2]
    assert from_data(Outer, data) == value


def test_turn_order_walks_slots_and_rounds() -> None:
    order = TurnOrder([Slot("a", ["a"]), Slot("b", ["b"])], 0, 1)
    assert [order.advance(), order.advance()] == [False, True]
    assert (order.current.key, order.round) == ("a", 2)


def test_turn_order_moves_an_actor_immediately_ahead_of_another() -> None:
    """Readied actions (Phase 3d6) put a character immediately ahead of the trigger's slot."""
    order = TurnOrder([Slot("a", ["a"]), Slot("b", ["b"]), Slot("c", ["c"])], 1, 1)
    order.move_ahead_of("c", "b")
    assert [s.key for s in order.slots] == ["a", "c", "b"]
    assert order.current.key == "b", "the slot now acting stays the same"


def test_turn_order_removes_empty_slots_and_inserts_late_joiners() -> None:
    order = TurnOrder([Slot("a", ["a"]), Slot("b", ["b"]), Slot("c", ["c"])], 2, 1)
    order.remove("a")
    assert order.current.key == "c"
    order.insert(Slot("z", ["z"]), 0)
    assert order.current.key == "c"


def test_turn_order_removing_the_acting_slot_goes_on_to_the_next() -> None:
    """A character removed during its own turn (THRUM 40): the one after it still acts this round."""
    order = TurnOrder([Slot("a", ["a"]), Slot("b", ["b"]), Slot("c", ["c"])], 1, 1)
    order.remove("b")
    assert (order.advance(), order.current.key, order.round) == (False, "c", 1)
    last = TurnOrder([Slot("a", ["a"]), Slot("b", ["b"])], 1, 1)
    last.remove("b")
    assert (last.advance(), last.current.key, last.round) == (True, "a", 2)


def test_turn_order_a_delayed_turn_moves_behind_another_and_no_one_is_skipped() -> None:
    """THRUM 8: the acting character delays until after a later one; the order goes on with the next."""
    order = TurnOrder([Slot(k, [k]) for k in "abcd"], 0, 1)
    order.move_behind("a", "c")
    assert [s.key for s in order.slots] == ["b", "c", "a", "d"]
    assert [order.advance() or order.current.key for _ in range(4)] == ["b", "c", "a", "d"]


def test_economy_substitutes_and_full_round() -> None:
    """Budgets as data: a move may be paid by the standard slot (Star Rangers); full-round needs a fresh turn."""
    economy = Economy({"standard": 1, "move": 1}, {"move": (("move",), ("standard",))})
    budget = economy.fresh()
    economy.pay(budget, "move")
    economy.pay(budget, "move")
    assert not economy.can_pay(budget, "move") and not economy.can_pay(budget, FULL)
    fresh = economy.fresh()
    economy.pay(fresh, FULL)
    assert fresh.full_round and not economy.can_pay(fresh, "standard")


def test_conditions_end_at_their_moment() -> None:
    conditions = [
        Condition("grenade", "x", until="turn_end", actor="blue", round=1),
        Condition("smoke", "y", until="round_end", round=3),
        Condition("aim", "z", until="actions", count=2),
    ]
    assert expire(conditions, Moment("turn_end", "red", 1)) == []
    assert [c.name for c in expire(conditions, Moment("turn_end", "blue", 1))] == ["grenade"]
    assert expire(conditions, Moment("round_end", None, 2)) == []
    assert [c.name for c in expire(conditions, Moment("round_end", None, 3))] == ["smoke"]
    assert count_down(conditions, "z") == []
    assert [c.name for c in count_down(conditions, "z")] == ["aim"]


def test_economy_left_counts_what_is_unspent() -> None:
    """A fresh budget has every slot whole; paying takes one (kills a surviving mutant, issue 14 point 13)."""
    economy = Economy({"standard": 1, "move": 2}, {})
    budget = economy.fresh()
    assert (economy.left(budget, "standard"), economy.left(budget, "move")) == (1, 2)
    economy.pay(budget, "move")
    assert (economy.left(budget, "standard"), economy.left(budget, "move")) == (1, 1)


def test_count_down_spends_only_the_holders_counted_conditions() -> None:
    """Counting down one holder's actions leaves everyone else's conditions and uncounted ones alone (kills a
    surviving mutant, issue 14 point 13)."""
    conditions = [
        Condition("aim", "z", until="actions", count=2),
        Condition("aim", "w", until="actions", count=1),
        Condition("smoke", "z", until="round_end", round=3, count=1),
    ]
    assert count_down(conditions, "z") == []
    assert [(c.holder, c.name, c.count) for c in conditions] == [
        ("z", "aim", 1),
        ("w", "aim", 1),
        ("z", "smoke", 1),
    ]


def test_interrupts_first_in_initiative_decides_first() -> None:
    stack: list[Decision] = []
    push_in_initiative_order(stack, [Decision("first", "aoo", "m"), Decision("second", "aoo", "m")])
    assert stack[-1].actor == "first"
    stack.append(Decision("reaction", "trigger", "first"))
    assert stack[-1].actor == "reaction", "triggers of triggers: last in, first out"


def test_tape_reuses_faces_after_a_rewind_and_drops_them_on_request() -> None:
    tape = DiceTape(SeededDice(5))
    first = tape.draw(D20, 3, "x")
    tape.rewind(0)
    assert tape.draw(D20, 3, "x") == first
    tape.rewind(0, keep_ahead=False)
    assert tape.faces == [] and tape.pos == 0


def test_tape_stops_reusing_a_face_that_does_not_fit_the_die() -> None:
    tape = DiceTape(ScriptedDice([20, 4]))
    tape.draw(D20, 1, "x")
    tape.rewind(0)
    assert tape.draw(D6, 1, "y") == (4,)


def test_scripted_tape_runs_out_with_a_clear_error() -> None:
    from tactica.dice import DiceExhausted

    tape = DiceTape(ScriptedDice([3]))
    tape.draw(D6, 1, "first")
    with pytest.raises(DiceExhausted, match="second"):
        tape.draw(D6, 1, "second")
