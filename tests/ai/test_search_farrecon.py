"""Issue 17 point 3 in Far Recon: the ``sharp`` script (tactica.systems.farrecon.scripts), the default AI
throwing explosives by where they may land (Far Recon 14-15) and dodging whenever it may (Far Recon 10-11),
guides the search there (``Settings.guide``): it proposes the move to beat and plays the deciding side in the
playouts, while the default AI plays the other side."""

from __future__ import annotations

from collections.abc import Sequence

from tactica.engine import Fight
from tactica.systems.farrecon.ai import DefaultPolicy
from tactica.systems.farrecon.scripts import SharpPolicy
from tests.systems.farrecon.helpers import F, fighter, new_fight

FIELD = ". . . . . . . . . . . .\n. . . . . . . . . . . .\n. . . . . . . . . . . .\n. . . . . . . . . . . ."


def sharp_choice(fight: Fight) -> str:
    action = SharpPolicy(0).choose(fight)
    assert action in fight.legal_actions() and action.actor == fight.deciding()[0]
    return str(action)


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
