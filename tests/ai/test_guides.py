"""Issue 17 point 3: the scripts that guide the search (``Settings.guide``), one per system that names one:
FuturePath ``blast``, Star Rangers ``scoot``, THRUM ``focus``, Far Recon ``sharp``. What every guide must do is
checked here, the same way for each; what each script does differently from its system's default AI is
checked, rule by rule, beside its system (tests/ai/test_search_<system>.py, tests/systems/futurepath)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

import pytest

from tactica.ai import Policy, make_policy, policy_names, sides
from tactica.ai.search import SearchPolicy
from tactica.ai.search.policy import Plan
from tactica.ai.search.settings import settings_of
from tactica.cli.fights import load_demo
from tactica.engine import Fight
from tests.ai.legality import play_checked

#: The guide each system's search settings name (Phase 3d6 has none: its default AI is the guide).
GUIDES = {"futurepath": "blast", "srb": "scoot", "thrum": "focus", "farrecon": "sharp"}
EACH = pytest.mark.parametrize(("system_id", "name"), sorted(GUIDES.items()))


def demo(system_id: str, seed: int) -> Fight:
    return load_demo(system_id).new_fight(seed=seed)


def default(system_id: str) -> Policy:
    return make_policy("default", system_id)


@EACH
def test_the_search_settings_name_the_guide_and_it_is_a_policy_of_its_system_only(
    system_id: str, name: str
) -> None:
    """The guide is a policy by name (``--ai SIDE=NAME``, listed by ``policy_names``) of its own system."""
    assert settings_of(system_id).guide == name
    assert name in policy_names(system_id)
    assert not any(name in policy_names(other) for other in GUIDES if other != system_id)
    assert type(make_policy(name, system_id, 3)) is not type(default(system_id))


@EACH
@pytest.mark.parametrize("side", [0, 1])
def test_the_guide_plays_legal_actions_through_a_demo_fight(system_id: str, name: str, side: int) -> None:
    """Every choice of the script is listed as legal and is the deciding actor's, on either side of the
    demo, to the end of the fight."""
    fight = demo(system_id, 17)
    mine = sides(fight)[side]
    assert play_checked(fight, make_policy(name, system_id), mine, default(system_id), 20_000) > 0


@EACH
def test_the_guide_replays_a_seeded_fight_identically(system_id: str, name: str) -> None:
    """The same demo fight (same dice seed) played twice by the script against the default AI is the same."""
    played = []
    for _ in range(2):
        fight = demo(system_id, 1_000_020)
        policies = dict(zip(sides(fight), (make_policy(name, system_id, 3), default(system_id)), strict=True))
        while not fight.is_over():
            fight.apply(policies[fight.side_of(fight.deciding()[0])].choose(fight))
        played.append([str(a) for a in fight.history])
    assert played[0] == played[1] and played[0]


@EACH
def test_a_search_that_never_overrules_its_guide_plays_the_guides_choices(system_id: str, name: str) -> None:
    """With an infinite margin the search takes its candidate 0 at every decision: the script's choice, which
    is not always the default AI's."""
    fight = demo(system_id, 17)
    search = SearchPolicy(1, "4", settings=replace(settings_of(system_id), margin=math.inf))
    guide, usual = make_policy(name, system_id), default(system_id)
    differ = 0
    for _ in range(80):
        if fight.is_over():
            break
        expected = guide.choose(fight)
        differ += expected != usual.choose(fight)
        action = search.choose(fight)
        assert action == expected
        fight.apply(action)
    assert differ > 0


@EACH
def test_the_guide_plays_the_deciding_side_in_every_candidates_playouts(
    system_id: str, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every candidate's plan is played on by the script for the deciding side; the default AI plays the
    other sides (``rollout``)."""
    seen: list[tuple[list[Plan], object]] = []

    def record(
        self: SearchPolicy, fight: Fight, side: str, plans: Sequence[Plan], rollout: object
    ) -> list[list[float]]:
        seen.append((list(plans), rollout))
        return [[0.0] for _ in plans]

    monkeypatch.setattr(SearchPolicy, "_search", record)
    fight, search = demo(system_id, 17), SearchPolicy(1, "4")
    guide, usual = type(make_policy(name, system_id)), type(default(system_id))
    for _ in range(30):
        fight.apply(search.choose(fight))
    assert seen
    for plans, rollout in seen:
        assert all(type(p.then) is guide for p in plans)
        assert type(rollout) is usual
