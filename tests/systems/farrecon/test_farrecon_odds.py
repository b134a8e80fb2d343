"""Far Recon exact odds (issue 6): icepool over the engine's own rules, checked against sampled resolutions.

Rules cited: Far Recon 1-4 (4dF, criticals), 10-13 (dodge, Physical Defense, ties, touch attacks, damage by
increments), 15 (throwing), 17 (the helpless), 20 (Mind attacks), 21 (tagged aspects); D1, D5, D8, D11.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from tactica.analysis.odds import action_odds
from tactica.engine import Fight, TacticaError
from tactica.systems.farrecon import odds
from tactica.testing.odds import check_odds
from tests.systems.farrecon.helpers import SYSTEM, fighter, setup

#: A crate (partial cover) between the two rows' middle squares.
COVERED = ". . . . . . . .\n. . . + . . . .\n. . . . . . . ."


def duel(
    *, a: dict[str, Any] | None = None, t: dict[str, Any] | None = None, more: int = 0, **extra: Any
) -> Fight:
    """a (a pistol, Firearms 2) on its turn, t six squares away (Agility 1, PDef 1) and ``more`` of t's
    allies in the bottom row; seeded dice."""
    shooter = {**fighter("a", "recon", (0, 1), skills={"firearms": 2}), **(a or {})}
    target = {**fighter("t", "hostiles", (6, 1), skills={"agility": 1, "pdef": 1}), **(t or {})}
    allies = [fighter(f"u{i}", "hostiles", (7 - i, 2)) for i in range(more)]
    return Fight.new(SYSTEM, setup(shooter, target, *allies, **extra), seed=3)


@pytest.mark.parametrize("samples", [20_000, pytest.param(100_000, marks=pytest.mark.slow)])
def test_farrecon_10_basic_attack_matches_engine_resolutions(samples: int) -> None:
    """Far Recon 10-13: a pistol shot against a dodging defender: exact odds = the engine's, within 4 SE."""
    exact, sampled = check_odds(duel(), "a attack t with pistol", ["t dodge"], samples=samples)
    assert exact.exact and not sampled.exact
    assert set(exact.classes()) >= {"dodged", "touch", "resisted", "graze", "hit: 1 increment"}


def test_farrecon_12_hand_computed_figures() -> None:
    """Far Recon 1-3, 12-13: pistol (BD 2, DI 2), skill 0 against a restrained PDef 0 (no dodge): a tie
    (a graze) is sum(w^2) / 81^2 = 1107/6561; a hit by 4 increments needs margin 7-8 without a critical
    (3 vs -4: 4 ways) or margin 5-6 with one (+4 vs -1 or -2: 26 ways); a critical by 7-8 is 5 increments."""
    fight = duel(a={"skills": {}}, t={"skills": {}, "restrained": True})
    got = odds.attack_odds(
        fight.game,
        fight.state.fighters["a"],
        fight.state.fighters["t"],
        fight.game.weapons["pistol"],
        False,
        None,
    )
    by_class = {r.outcome: p for r, p in got.items()}
    assert by_class["graze"] == Fraction(1107, 6561)
    assert by_class["resisted"] == Fraction(2727, 6561)
    assert by_class["hit: 1 increment"] == Fraction(1786, 6561)
    assert by_class["hit: 4 increments"] == Fraction(30, 6561)
    assert by_class["hit: 5 increments"] == Fraction(5, 6561)
    assert sum(got.values()) == 1
    found = action_odds(fight, "a attack t with pistol")
    assert found.exact and found.classes()["graze"] == pytest.approx(1107 / 6561)


def test_farrecon_d1_option_damage_tiers_changes_the_exact_odds_and_the_engine_agrees() -> None:
    """D1: with damage_tiers meet_or_beat a margin of 2 is worth 2 increments (floor(2/2) + 1)."""
    options = {"damage_tiers": "meet_or_beat"}
    plain = action_odds(duel(), "a attack t with pistol", ["t take"])
    changed, _ = check_odds(duel(options=options), "a attack t with pistol", ["t take"], samples=20_000)
    assert changed.mean_harm() > plain.mean_harm()
    assert changed.classes()["hit: 2 increments"] > plain.classes()["hit: 2 increments"]


def test_farrecon_d5_ties_to_the_attacker_leave_no_graze() -> None:
    """D5: option combat_ties 'active': a tied Physical Defense connects instead of grazing."""
    fight = duel(options={"combat_ties": "active"}, t={"restrained": True})
    found = action_odds(fight, "a attack t with pistol")
    assert "graze" not in found.classes() and found.classes()["connect"] > 0


def test_farrecon_1_21_cover_and_tagged_aspects_match_the_engine() -> None:
    """Far Recon 1 (cover: +1 to dodge and PDef behind a crate) and 21 (+2 for a tagged aspect, on the
    attack and on the dodge)."""
    fight = duel(a={"aspects": ["Cold"]}, t={"aspects": ["Wary"]}, text=COVERED)
    exact, _ = check_odds(fight, "a attack t with pistol +tag", ["t dodge +tag"], samples=20_000)
    open_field = action_odds(
        duel(a={"aspects": ["Cold"]}, t={"aspects": ["Wary"]}),
        "a attack t with pistol +tag",
        ["t dodge +tag"],
    )
    assert exact.classes()["dodged"] > open_field.classes()["dodged"]


def test_farrecon_13_touch_attack_connects_on_ties() -> None:
    """Far Recon 13, D8: a taser wins ties: through a tied dodge, and connects on a tied PDef."""
    fight = duel(a={"weapons": ["taser"]}, t={"at": [2, 1]})
    exact, _ = check_odds(fight, "a attack t with taser", ["t dodge"], samples=20_000)
    assert "touch" not in exact.classes() and "graze" not in exact.classes()
    assert exact.classes()["connect"] > 0


def test_farrecon_15_20_thrown_knife_and_mind_attack_match_the_engine() -> None:
    """Far Recon 15: a throwing knife rolls Agility; Far Recon 20: the memetic lure is resisted with Will,
    cannot be dodged, takes no cover, and its harm is Mind points."""
    fight = duel(
        a={"weapons": ["throwing-knife", "memetic-lure"], "skills": {"agility": 2, "will": 1}},
        t={"at": [3, 1], "skills": {"will": 1}},
        text=COVERED,
    )
    check_odds(fight, "a throw t with throwing-knife", ["t take"], samples=20_000)
    lure = action_odds(fight, "a attack t with memetic-lure")
    assert lure.exact and "dodged" not in lure.classes()


def test_farrecon_17_helpless_target_and_critical_extra() -> None:
    """Far Recon 17: an unconscious target rolls nothing (defence 0) against a carbine (DI 2.5, D1) with
    Firearms 2; Far Recon 3: without the critical's extra increment the mean harm drops."""
    fight = duel(a={"weapons": ["carbine"]}, t={"health_now": 0}, more=1)
    exact, _ = check_odds(fight, "a attack t with carbine", samples=20_000)
    assert set(exact.classes()) <= {"resisted", "graze", *odds.OUTCOME_CLASSES[5:]}
    # 4dF + 2 against a fixed 0: below it on a sum of -3 or -4 (1 + 4 ways of 81), a tie on -2 (10 ways)
    assert exact.classes()["resisted"] == pytest.approx(5 / 81)
    assert exact.classes()["graze"] == pytest.approx(10 / 81)
    no_extra = duel(
        a={"weapons": ["carbine"]}, t={"health_now": 0}, more=1, options={"critical_extra": "none"}
    )
    plain = action_odds(no_extra, "a attack t with carbine")
    assert plain.mean_harm() < exact.mean_harm()


def test_farrecon_d11_declared_attack_resolved_with_the_slot() -> None:
    """Far Recon 5, D11: tied a and t declare; a's attack resolves when t has declared (then: 't end'),
    then t answers it; its damage waits for the end of the slot but the odds are the same."""
    fight = duel(initiative={"a": 3, "t": 3})
    exact, _ = check_odds(fight, "a attack t with pistol", ["t end", "t dodge"], samples=20_000)
    assert exact.exact
    with pytest.raises(TacticaError, match="--then"):
        action_odds(fight, "a attack t with pistol")


def test_farrecon_missing_answer_is_explained() -> None:
    """Far Recon 10: the defender answers after the roll: without the answer the odds say how to give it."""
    with pytest.raises(TacticaError, match="t dodge"):
        action_odds(duel(), "a attack t with pistol")


def test_farrecon_14_explosive_falls_back_to_monte_carlo() -> None:
    """Far Recon 14: a frag hits everyone in its blast: estimated, with intervals around the estimates."""
    fight = duel(a={"weapons": ["frag"], "skills": {"agility": 1}}, t={"at": [4, 1]})
    found = action_odds(fight, "a throw @4,1 with frag", samples=2_000)
    assert not found.exact and found.samples == 2_000
    assert set(found.classes()) <= {"on target", "short"}
    for name, p in found.classes().items():
        low, high = found.class_interval(name)
        assert 0 <= low <= p <= high <= 1
    low, high = found.mean_harm_interval()
    assert low < found.mean_harm() < high and found.mean_harm() > 0


def test_farrecon_13_odds_of_option_touch_dodge_tie_connect() -> None:
    """Issue 14 point 7, Far Recon 13 (seed l.60), option touch_dodge_tie connect: a taser (skill 0) against
    a dodging defender (Agility 0, PDef 0): a tied dodge connects at once (no 'touch' outcome), so a
    connection is a tied dodge (sum(w^2) / 81^2 = 1107/6561) or a dodge below the attack then a PDef equal
    to it (sum over the attack's sum s of w(s)^2 x W(<s) / 81^3 = 36243/531441, w the 4dF weights 1 4 10
    16 19 16 10 4 1); the exact odds agree with the engine's resolutions."""
    fight = duel(
        a={"skills": {}, "weapons": ["taser"]},
        t={"skills": {}, "at": [3, 1]},
        options={"touch_dodge_tie": "connect"},
    )
    exact, _ = check_odds(fight, "a attack t with taser", ["t dodge"], samples=20_000)
    by_class = exact.classes()
    assert "touch" not in by_class
    expected = Fraction(1107, 6561) + Fraction(36243, 531441)
    assert by_class["connect"] == pytest.approx(float(expected), rel=1e-12)
