"""Issue 17 point 1: the action table numbers every action a system can list for a scenario."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tactica.engine import Action, Fight
from tactica.rl import ActionTable
from tactica.scenario import load_scenario
from tests.rl.scenarios import DEMOS, ROOT, SMALL

#: Decisions per random fight, and fights per scenario: enough to meet every verb of a demo.
DECISIONS, FIGHTS = 80, 3


def _listed(path: Path):
    """Every action listed along random legal fights of a scenario, with the table of that scenario."""
    game = load_scenario(path).game
    table = ActionTable(game)
    for seed in range(FIGHTS):
        fight, rng = Fight(game, seed=seed), random.Random(seed)
        for _ in range(DECISIONS):
            if fight.is_over():
                break
            legal = fight.legal_actions()
            yield table, legal
            fight.apply(rng.choice(legal))


PLAYED = {**{f"{s}-example": p for s, p in SMALL.items()}, **{f"{s}-demo": p for s, p in DEMOS.items()}}


@pytest.mark.parametrize("path", list(PLAYED.values()), ids=list(PLAYED))
def test_every_listed_action_has_a_number_that_decodes_to_it(path: Path) -> None:
    """Issue 17 point 1: 'The table must cover every legal action that can occur (prove it: a test that plays
    random legal fights of each system and checks each listed action encodes and decodes back to itself)'."""
    for table, legal in _listed(path):
        numbers = set()
        for action in legal:
            number = table.encode(action)
            assert number is not None, f"{action} has no number"
            assert 0 <= number < table.size
            assert table.decode(number, action.actor) == action
            numbers.add((action.actor, number))
        assert len(numbers) == len(legal)  # two listed actions never share a number


@pytest.mark.slow
@pytest.mark.parametrize(
    "path", sorted(ROOT.glob("examples/*/*.yaml")), ids=lambda p: p.parent.name + "/" + p.stem
)
def test_every_example_s_listed_actions_have_numbers(path: Path) -> None:
    """Issue 17 point 1, over every example scenario (`make long`): each listed action has a number that
    decodes back to it."""
    test_every_listed_action_has_a_number_that_decodes_to_it(path)


def test_an_action_outside_the_table_has_no_number() -> None:
    """Issue 17 point 1: a verb the system never lists, or a square off the board, is not in the table."""
    table = ActionTable(load_scenario(SMALL["futurepath"]).game)
    assert table.encode(Action("ada", "fly")) is None
    assert table.encode(Action("ada", "move", at=(40, 40))) is None
    assert table.encode(Action("ada", "move", at=(1, 0))) is not None


def test_the_table_is_the_same_whatever_the_seed() -> None:
    """Issue 17 point 1: a fixed table built from the scenario (the same numbers for every fight of it)."""
    game = load_scenario(SMALL["thrum"]).game
    first, second = ActionTable(game), ActionTable(game)
    assert first.size == second.size
    assert [b.signature for b in first.blocks] == [b.signature for b in second.blocks]
