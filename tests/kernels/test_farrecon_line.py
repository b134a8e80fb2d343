"""The Far Recon line-up kernel (issue 16 part B): N against M melee fighters on a still map, no two allies
next to each other, fixed initiative without ties, the default AI on both sides; proven against the engine
by lockstep replay on its dice tapes and by the distribution of its win rate, with a coverage that refuses
what it does not play."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from tactica.analysis import sim_spec
from tactica.analysis.kernels import covering
from tactica.analysis.kernels.farrecon_line import FarReconLine
from tactica.analysis.kernels.proofs import rows_lockstep, win_gap
from tactica.analysis.sim import SimSpec, game_of
from tactica.scenario import load_scenario
from tactica.scenario.load import load_scenario_text
from tests.kernels.conftest import EXAMPLES

LINE = EXAMPLES / "farrecon" / "line-4v4.yaml"
KERNEL = FarReconLine()

#: Three against three in a zigzag of open squares (each enemy on a diagonal), everyone free to dodge
#: (confined_open_neighbours 0), with every option the kernel reads turned from its default: ties to the
#: attacker with two increments (a stun baton's tied dodge connecting at once), both criticals to the
#: defender with the extra kept, a critical's extra increment, a minimum critical margin of 2, meet-or-beat
#: tiers, two dodges a turn, +3 tags and 4 Action Points, Body rolls on base Body, a default PDef of 1, a
#: medic treating itself against DC 2 for 1, an unaware fighter (no dodge before its first turn), and a
#: round limit of 12.
OPTIONS_SETUP: dict[str, Any] = {
    "name": "options",
    "system": "farrecon",
    "options": {
        "double_critical": "defender",
        "double_critical_extra": "keep",
        "critical_min_margin": 2,
        "critical_extra": "extra_tier",
        "combat_ties": "active",
        "touch_tie_tiers": 2,
        "touch_dodge_tie": "connect",
        "dodges_per_round": 2,
        "dodge_reset": "own_turn",
        "confined_open_neighbours": 0,
        "damage_tiers": "meet_or_beat",
        "aspect_bonus": 3,
        "action_points": 4,
        "body_roll": "base_body",
        "default_pdef": 1,
        "treat_dc": 2,
        "treat_heal": 1,
        "max_rounds": 12,
    },
    "map": {"text": "a # b # c #\n# d # e # f"},
    "combatants": [
        {"id": "ana", "side": "red", "at": "a", "skills": {"melee": 2}, "weapons": ["knife"], "aspects": ["A"]},
        {"id": "bo", "side": "red", "at": "b", "body": 6, "weapons": ["baton", "fists"]},
        {"id": "cy", "side": "red", "at": "c", "skills": {"agility": 2, "medicine": 2}, "weapons": ["knife"]},
        {"id": "dee", "side": "blue", "at": "d", "body": 12, "skills": {"melee": 1}, "aspects": ["B"],
         "weapons": ["knife"], "aware": False},
        {"id": "eve", "side": "blue", "at": "e", "skills": {"pdef": 2}, "weapons": ["baton"], "dodges": 0},
        {"id": "fay", "side": "blue", "at": "f", "skills": {"melee": 3}, "weapons": ["fists", "stun-baton"]},
    ],
    "initiative": {"ana": 3, "dee": 2, "bo": 1, "eve": 0, "cy": -1, "fay": -2},
}  # fmt: skip

#: A duel in a corridor (N = M = 1), both free to dodge, six fudge dice, no critical complications.
DUEL_SETUP: dict[str, Any] = {
    "name": "duel",
    "system": "farrecon",
    "options": {"fudge_dice": 6, "confined_open_neighbours": 0, "critical_complications": False},
    "map": {"text": "# # # #\n# a b #\n# # # #"},
    "combatants": [
        {"id": "ana", "side": "red", "at": "a", "skills": {"melee": 1, "agility": 1}, "weapons": ["knife"],
         "aspects": ["A"]},
        {"id": "bo", "side": "blue", "at": "b", "body": 10, "skills": {"pdef": 1}, "weapons": ["baton"]},
    ],
    "initiative": {"ana": 1, "bo": 2},
}  # fmt: skip


def _spec(setup: dict[str, Any]) -> SimSpec:
    return sim_spec(load_scenario_text(yaml.safe_dump(setup), "setup.yaml"), seed=1)


def test_lockstep_on_the_example_line_up() -> None:
    """Issue 16 B lockstep: 30 of sim's engine fights of the 4 v 4 example replayed by the kernel on their
    dice tapes: same winner, result, rounds, health left, and the same row (harm dealt and taken, who went
    out and in which round). The AI's target among up to four enemies, tags, dodges, panics, dying rolls,
    fights cut off when the survivors stand apart (Far Recon 3-4, 10-13, 17-19, 21)."""
    assert rows_lockstep(KERNEL, sim_spec(load_scenario(LINE), seed=1), range(30)) == []


def test_lockstep_with_every_option_turned() -> None:
    """Issue 16 B lockstep on 30 fights with every option the kernel reads turned (D1, D6-D8, D9-D12, Far
    Recon 11, 16, 21), an ability of no dodges, and the round limit."""
    assert rows_lockstep(KERNEL, _spec(OPTIONS_SETUP), range(30)) == []


def test_lockstep_on_a_duel() -> None:
    """Issue 16 B lockstep on 40 duels (the N = M = 1 line-up) with 6dF (D4) and no complications."""
    assert rows_lockstep(KERNEL, _spec(DUEL_SETUP), range(40)) == []


def test_win_rate_matches_the_engine() -> None:
    """Issue 16 B distribution (small N): 20,000 kernel fights of the duel against 400 engine fights, within
    4 standard errors of the difference."""
    assert abs(win_gap(KERNEL, _spec(DUEL_SETUP), "red", 20_000, 400, 1)) < 4


def test_sim_picks_the_kernel_for_the_example() -> None:
    """Issue 16 B: a covered scenario is played by the kernel."""
    spec = sim_spec(load_scenario(LINE), seed=1)
    found = covering(game_of(spec), spec.ai)
    assert found is not None and found.name == "farrecon-line"


def _setup(**change: Any) -> dict[str, Any]:
    setup: dict[str, Any] = yaml.safe_load(yaml.safe_dump(OPTIONS_SETUP))
    setup.update(change)
    return setup


def _fighter(i: int, **change: Any) -> dict[str, Any]:
    setup = _setup()
    setup["combatants"][i].update(change)
    return setup


def _late() -> dict[str, Any]:
    setup = _fighter(5, joins=2)
    del setup["initiative"]["fay"]
    return setup


MIND_BLADE = {"whisper": {"kind": "melee", "harms": "mind"}}


@pytest.mark.parametrize(
    ("setup", "reason"),
    [
        (_setup(map={"text": "a # b # c .\n# d # e # f"}), "a free square: someone could move"),
        (_setup(map={"text": "a b # # c #\n# d # e # f"}), "ana stands next to an ally"),
        (_fighter(0, weapons=["knife", "pistol"]), "ana's pistol is not a melee weapon"),
        (_setup(weapons=MIND_BLADE, combatants=[*OPTIONS_SETUP["combatants"][:5],
                {"id": "fay", "side": "blue", "at": "f", "weapons": ["whisper"]}]),
         "fay's whisper harms Mind"),
        (_fighter(2, mind_now=0), "cy is not conscious and sane"),
        (_fighter(2, health_now=0), "cy is not conscious and sane"),
        (_late(), "fay joins late"),
        (_fighter(5, side="green"), "3 sides"),
        (_setup(initiative={"ana": 3, "dee": 2, "bo": 1, "eve": 0, "cy": -1}), "fay rolls initiative"),
        (_setup(initiative={"ana": 3, "dee": 2, "bo": 1, "eve": 0, "cy": -1, "fay": 3}),
         "two fixed initiative totals are equal"),
        (_setup(options={"simultaneous": "serialize"}), "option simultaneous is not its default"),
        (_setup(options={"max_rounds": 10_000}), "could outlast sim's 100,000 actions"),
    ],
)  # fmt: skip
def test_coverage_refuses_what_it_does_not_play(setup: dict[str, Any], reason: str) -> None:
    """Issue 16 B: coverage is decided statically, with a one-line reason (docs/performance.md,
    "farrecon-line")."""
    spec = _spec(setup)
    found = KERNEL.covers(game_of(spec), spec.ai)
    assert found is not None and reason in found


def test_coverage_refuses_another_ai() -> None:
    """Issue 16 B: only the default AI's choices are played."""
    spec = _spec(OPTIONS_SETUP)
    assert KERNEL.covers(game_of(spec), {"red": "random", "blue": "default"}) == (
        "side red is not played by the default AI"
    )
