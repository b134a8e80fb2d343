"""Issue 17 point 3 in FuturePath: the search's own settings there (tactica.ai.search.settings): no skill
check or posture as an alternative (nothing a playout can see), the 5-foot step as one (cover after an
attack), playouts through the enemy team's turn and the deciding team's next one."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from tactica.ai import make_policy
from tactica.ai.search import SearchPolicy
from tactica.ai.search.policy import Plan
from tactica.ai.search.settings import settings_of
from tactica.cli.fights import load_demo
from tactica.engine import Action, Fight
from tactica.engine.events import TurnStarted

SETTINGS = settings_of("futurepath")


def demo_until(stop: str, decisions: int = 200) -> Fight:
    """The FuturePath demo played by the default AI until it is about to take a ``stop`` action."""
    fight = load_demo("futurepath").new_fight(seed=17)
    default = make_policy("default", "futurepath")
    for _ in range(decisions):
        action = default.choose(fight)
        if action.verb == stop:
            return fight
        fight.apply(action)
    raise AssertionError(f"the default AI never took a {stop!r} action")


def tried_by_search(fight: Fight, monkeypatch: pytest.MonkeyPatch) -> list[Action]:
    """The candidates a FuturePath search compares at this decision (its playouts are not played)."""
    tried: list[Action] = []

    def record(self: SearchPolicy, fight: Fight, side: str, plans: Sequence[Plan], *_: object) -> list:
        tried.extend(plan.first for plan in plans)
        return [[0.0] for _ in plans]

    monkeypatch.setattr(SearchPolicy, "_search", record)
    SearchPolicy(0, "8", settings=replace(SETTINGS, width=100)).choose(fight)
    return tried


def test_a_check_or_a_posture_is_never_an_alternative_but_a_step_is(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rule 44: a Diplomacy or Intimidation check is a Full-Round action whose outcome the GM judges (the
    engine reports it with DC 0), and rule 18's prone, sitting and kneeling change no roll of the engine: a
    playout sees only a turn without an attack, which looked safer than advancing (the search swapped sprints
    for checks). Rules 20 and 43: after an attack, a 5-foot step may reach cover, so where the default AI ends
    its turn the search compares ending it with the steps."""
    fight = demo_until("end")
    legal = {a.verb for a in fight.legal_actions_of(fight.deciding()[0])}
    assert {"skill", "step"} <= legal and legal & {"prone", "sit", "kneel"}
    tried = tried_by_search(fight, monkeypatch)
    assert tried[0].verb == "end" and {a.verb for a in tried[1:]} == {"step"}
    assert not {a.verb for a in tried} & SETTINGS.unseen


def test_a_step_is_no_alternative_to_an_attack(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rules 4 and 20: a 5-foot step ends the turn, so in place of an attack it would cost the attack (such
    swaps lost more often than they won when played to the end of the fight, docs/agents.md): where the
    default AI attacks, the alternatives are other attacks, never steps."""
    fight = demo_until("attack")
    assert "step" in {a.verb for a in fight.legal_actions_of(fight.deciding()[0])}
    tried = tried_by_search(fight, monkeypatch)
    assert tried[0].verb == "attack" and len(tried) > 1 and "step" not in {a.verb for a in tried}


def test_a_playout_runs_through_the_enemy_team_turn_and_its_own_next_one() -> None:
    """Rules 2-3 (team turns): a FuturePath playout runs through the enemy team's turn and the deciding
    team's next one, to the start of the enemy team's turn after that, not a fixed number of actions."""
    fight = demo_until("end")
    side = fight.side_of(fight.deciding()[0])
    policy = SearchPolicy(0, "8")
    rollout = policy._rollout_for(fight)
    sim = policy._playout(fight, Plan(rollout.choose(fight), rollout), 1, rollout, side)
    started = [e for e in sim.events[len(fight.events) :] if isinstance(e, TurnStarted)]
    assert SETTINGS.turns == len(started) == 3 and not sim.is_over()
    teams = [{sim.side_of(actor) for actor in turn.actors} for turn in started]
    assert side not in teams[0] and teams[1] == {side} and side not in teams[2]
    assert sim.side_of(sim.deciding()[0]) != side
