"""Issue 17 point 3 in Far Recon: the ``sharp`` script (tactica.systems.farrecon.scripts), the default AI
throwing explosives by where they may land (Far Recon 14-15) and dodging whenever it may (Far Recon 10-11),
guides the search there (``Settings.guide``): it proposes the move to beat and plays the deciding side in the
playouts, while the default AI plays the other side."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

import pytest

from tactica.ai import make_policy, sides
from tactica.ai.search import SearchPolicy
from tactica.ai.search.policy import Plan
from tactica.ai.search.settings import settings_of
from tactica.cli.fights import load_demo
from tactica.engine import Action, Fight
from tactica.systems.farrecon.ai import DefaultPolicy
from tactica.systems.farrecon.scripts import SharpPolicy
from tests.ai.legality import play_checked
from tests.systems.farrecon.helpers import F, fighter, new_fight

FIELD = ". . . . . . . . . . . .\n. . . . . . . . . . . .\n. . . . . . . . . . . .\n. . . . . . . . . . . ."


def demo(seed: int) -> Fight:
    return load_demo("farrecon").new_fight(seed=seed)


def sharp_choice(fight: Fight) -> str:
    action = SharpPolicy(0).choose(fight)
    assert action in fight.legal_actions() and action.actor == fight.deciding()[0]
    return str(action)


@pytest.mark.parametrize("side", [0, 1])
def test_the_sharp_script_plays_legal_actions_through_demo_fights(side: int) -> None:
    """Issue 17 point 3: every choice of the script is legal, on either side of the demo, to the end."""
    for seed in (17, 1_000_020):
        fight = demo(seed)
        assert play_checked(fight, SharpPolicy(0), sides(fight)[side], DefaultPolicy(0), 20_000) > 0


def test_the_sharp_script_is_deterministic_for_a_seed() -> None:
    """The same demo fight (same dice seed) played twice by the script against the default AI is the same."""
    played = []
    for _ in range(2):
        fight = demo(5)
        policies = dict(
            zip(sides(fight), (make_policy("sharp", "farrecon", 3), DefaultPolicy(0)), strict=True)
        )
        while not fight.is_over():
            fight.apply(policies[fight.side_of(fight.deciding()[0])].choose(fight))
        played.append([str(a) for a in fight.history])
    assert played[0] == played[1]


def test_the_sharp_script_dodges_an_attack_the_default_ai_would_take() -> None:
    """Far Recon 10-11: a dodge is a roll before Physical Defense, once a round; the default AI keeps it for
    an attack that beats its Physical Defense, the script dodges a weak one too (and a strong one)."""
    for faces, default in ((F(-3), "b take"), (F(3), "b dodge")):
        fight = new_fight(
            fighter("a", "x", (0, 1), skills={"firearms": 1}),
            fighter("b", "y", (4, 1), skills={"pdef": 1}),
            dice=faces,
        )
        fight.apply("a attack b with pistol")
        assert str(DefaultPolicy(0).choose(fight)) == default
        assert sharp_choice(fight) == "b dodge"


def lone_grenadier(ally: tuple[int, int], enemies: Sequence[tuple[int, int]]) -> Fight:
    """A thrower with one frag and an aspect to tag, an ally and two enemies on an open field."""
    return new_fight(
        fighter("a", "x", (0, 1), weapons=["pistol", "frag"], aspects=["Steady hands"]),
        fighter("d", "x", ally),
        *(fighter(f"e{i}", "y", at) for i, at in enumerate(enemies)),
        text=FIELD,
    )


def test_the_sharp_script_keeps_its_last_grenade_from_a_throw_that_may_land_on_an_ally() -> None:
    """Far Recon 14-15: a long throw is a Difficulty Check (ceil(8 / 3) = 3 for 8 squares, Strength 0) and a
    failure lands short, on the ally halfway; the default AI throws at the bunched enemies (its blast there
    misses the ally), the script keeps its last frag and shoots."""
    fight = lone_grenadier((4, 1), [(8, 1), (8, 2)])
    assert str(DefaultPolicy(0).choose(fight)).startswith("a throw @")
    assert sharp_choice(fight).startswith("a attack ")


def test_the_sharp_script_throws_a_tagged_grenade_that_is_sure_to_land_well() -> None:
    """Far Recon 14-15, 21: enemies bunched 2 squares away (Difficulty Check 1), the ally behind the thrower:
    it throws at them, tagging its aspect (+2) for the throw."""
    fight = lone_grenadier((0, 3), [(2, 1), (3, 1)])
    choice = sharp_choice(fight)
    assert choice.startswith("a throw @") and choice.endswith("+tag")


def test_far_recons_search_is_guided_by_the_sharp_script() -> None:
    """Issue 17 point 3: the settings name the script as the guide; a search that never overrules its guide
    (an infinite margin) chooses what the script chooses, which is not always what the default AI would."""
    settings = settings_of("farrecon")
    assert settings.guide == "sharp" and isinstance(make_policy("sharp", "farrecon"), SharpPolicy)
    fight = demo(17)
    search = SearchPolicy(1, "4", settings=replace(settings, margin=math.inf))
    differ = 0
    for _ in range(80):
        expected = SharpPolicy(0).choose(fight)
        differ += expected != DefaultPolicy(0).choose(fight)
        action = search.choose(fight)
        assert action == expected
        fight.apply(action)
    assert differ > 0


def test_the_candidates_playouts_let_the_script_play_the_deciding_side(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 17 point 3: every candidate's plan in Far Recon is played on by the script (the default AI plays
    the others: ``rollout``)."""
    seen: list[tuple[list[Plan], object]] = []

    def record(self: SearchPolicy, fight: Fight, side: str, plans: Sequence[Plan], rollout: object) -> list:
        seen.append((list(plans), rollout))
        return [[0.0] for _ in plans]

    monkeypatch.setattr(SearchPolicy, "_search", record)
    fight, search = demo(17), SearchPolicy(1, "4")
    for _ in range(30):
        action: Action = search.choose(fight)
        fight.apply(action)
    assert seen
    for plans, rollout in seen:
        assert all(isinstance(p.then, SharpPolicy) for p in plans)
        assert isinstance(rollout, DefaultPolicy) and not isinstance(rollout, SharpPolicy)
