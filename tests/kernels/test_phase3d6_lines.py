"""Issue 16 part B: "lines of N against M fighters in contact without movement, in every system whose rules
allow it" — the Phase 3d6 line-up kernel is the engine's game with the default AI. Lockstep: fed the dice
tape of an engine fight, it gives the same winner, result, Phases, STUN and BODY left (and ``sim``'s rows);
distribution: its win rate lies within 4 standard errors of the engine's own fights; and it covers only what
it models (everyone in reach and within 2 hexes of every enemy, the default AI)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache
from typing import Any

import numpy as np
import pytest

from tactica.ai import make_policies
from tactica.analysis.kernels import GeneratorDice, covering, kernel_named
from tactica.analysis.kernels.phase3d6_lines import Phase3d6Lines
from tactica.analysis.kernels.phase3d6_places import Places, initiative
from tactica.analysis.kernels.proofs import engine_result, kernel_result, rows_lockstep, win_gap
from tactica.analysis.sim import sim_spec
from tactica.engine import Event, Fight, Game
from tactica.scenario import load_scenario
from tactica.systems import get_system
from tactica.systems.phase3d6.events import Aborted, FighterDown, PhaseActionLost, PhaseStarted
from tests.bench.scripts import load_script
from tests.kernels.conftest import EXAMPLES

KERNEL = Phase3d6Lines()
DEFAULT = {"heroes": "default", "thugs": "default"}
LINE = EXAMPLES / "phase3d6" / "line-4v4.yaml"
DUEL = EXAMPLES / "phase3d6" / "duel.yaml"
#: Two against two on the example's floor, each touching both enemies (hexes b, c against f, d).
PAIRS = [
    {"id": "ann", "side": "heroes", "at": "b", "template": "martial-artist", "cv": 5, "stun_now": 9},
    {"id": "bea", "side": "heroes", "at": "c", "template": "brick", "cv": 5, "stun_now": 9},
    {
        "id": "cal",
        "side": "thugs",
        "at": "f",
        "template": "brick",
        "cv": 5,
        "weapons": ["club"],
        "stun_now": 9,
    },
    {"id": "dan", "side": "thugs", "at": "d", "template": "swordsman", "cv": 5, "stun_now": 7},
]


#: The example's floor with ed (hex h) 3 hexes from the nearest hero.
FAR = "a e f . .\n g b c . .\n  . d . . h\n"


def _game(setup_changes: Mapping[str, Any] | None = None, **changes: Any) -> Game:
    """The example's setup with ``changes`` (``options``, or a combatant's fields by id)."""
    setup = dict(load_scenario(LINE).game.setup)
    setup.update(setup_changes or {})
    setup["options"] = {**setup.get("options", {}), **changes.pop("options", {})}
    setup["combatants"] = [{**c, **changes.get(c["id"], {})} for c in setup["combatants"]]
    game: Game = get_system("phase3d6").new_game(setup)
    return game


#: Line-ups that reach every path: knocked-out fighters waking at a Post-Turn and fighting again, Aborts to
#: Dodges costing this Phase's place and the next one's, Stunned and its recovery, ties rolled once and at
#: every Phase (recursively), rolled initiative, the Turn limit, the options the blows read.
VARIANTS = {
    "the example": lambda: _game(),
    "pairs, ties every Phase": lambda: _game(
        {"combatants": PAIRS}, options={"tie_break": "every_phase", "max_rounds": 5}
    ),
    "pairs, no Stunned, no recovery": lambda: _game(
        {"combatants": PAIRS}, options={"hero_stunned": False, "post_turn_recovery": False, "max_rounds": 3}
    ),
    "rolled initiative, every Phase": lambda: _game(
        options={"initiative_roll": True, "tie_break": "every_phase"}, brick={"rec": 20}, pike={"rec": 20}
    ),
    "hit options, a Martial Strike": lambda: _game(
        {
            "maneuvers": {
                "martial-strike": {
                    "title": "Martial Strike",
                    "type": "attack",
                    "provokes": "no",
                    "ocv": 2,
                    "dcv": 1,
                    "verb": "attack",
                    "extra_dice": 1,
                }
            }
        },
        options={"hit_on_equal": False, "auto_hit_miss": True, "bonus_floor_zero": False},
    ),
    "fixed initiative, waking": lambda: _game(
        {"initiative": {"ed": 9, "pike": 9, "carl": 9}}, ed={"rec": 12}, pike={"rec": 12}, carl={"rec": 12}
    ),
}


@cache
def _played(variant: str, seeds: int) -> tuple[list[str], list[Event]]:
    """The engine's fights of a variant on ``seeds`` seeds, each replayed by the kernel on its dice tape:
    the seeds where they differ, and every event of the engine's fights."""
    game = VARIANTS[variant]()
    assert KERNEL.covers(game, DEFAULT) is None
    differ, events = [], []
    for seed in range(seeds):
        fight = Fight(game, seed=seed)
        policies = make_policies("phase3d6", DEFAULT, seed)
        while not fight.is_over():
            fight.apply(policies[fight.side_of(fight.deciding()[0])].choose(fight))
        mine = kernel_result(KERNEL.replay(game, DEFAULT, fight.faces))
        theirs = engine_result(fight, [t for t in mine if "." in t])
        if mine != theirs:
            differ.append(f"seed {seed}: kernel {mine}, engine {theirs}")
        events += fight.events
    return differ, events


@pytest.mark.parametrize("variant", VARIANTS)
def test_lockstep_on_the_engines_dice(variant: str) -> None:
    """Issue 16 B, lockstep: 20 seeds per variant here (1,000 in benchmarks/kernels_lines.py)."""
    assert _played(variant, 20)[0] == []


def test_the_variants_reach_the_rare_paths() -> None:
    """The lockstep fights do reach what the kernel keeps: a knocked-out fighter waking at a Post-Turn and
    attacking again, Aborts costing this Phase's place and the next's, Stunned fighters, the Turn limit."""
    events = [e for variant in VARIANTS for e in _played(variant, 20)[1]]
    assert any(isinstance(e, FighterDown) and e.state == "conscious again" for e in events)
    assert any(isinstance(e, FighterDown) and e.state == "stunned" for e in events)
    assert any(isinstance(e, PhaseActionLost) and "aborted" in e.why for e in events)
    assert _costs(events) == {False, True}
    game = VARIANTS["pairs, no Stunned, no recovery"]()
    assert (KERNEL.run(game, DEFAULT, 2000, 1).result == 2).any()


def _costs(events: list[Event]) -> set[bool]:
    """For each Abort, whether it costs the next Phase's place (not the one it was made in)."""
    phase, found = 0, set()
    for e in events:
        if isinstance(e, PhaseStarted):
            phase = e.number
        elif isinstance(e, Aborted):
            found.add(e.costs_phase > phase)
    return found


def test_the_example_gives_the_engines_rows() -> None:
    """Issue 16 B, lockstep on ``sim``'s rows: each fight of a ``sim`` run of the example, replayed by the
    kernel, gives the engine's row (STUN dealt and taken, who is out at the end, who went out first and in
    which Phase — a fighter who woke up is out in its Phase but not at the end)."""
    spec = sim_spec(load_scenario(LINE), seed=3)
    assert rows_lockstep(KERNEL, spec, range(20)) == []


def test_a_duel_is_a_line_up_of_one_against_one() -> None:
    """N = M = 1: the duel example, replayed on the line-up kernel, gives the engine's rows."""
    spec = sim_spec(load_scenario(DUEL), seed=2)
    assert rows_lockstep(KERNEL, spec, range(20)) == []


def test_the_win_rate_agrees_with_the_engine() -> None:
    """Issue 16 B, distribution (small N): 20,000 kernel fights against 200 engine fights, within 4 standard
    errors of the difference, on the line-up whose generator path does the most (3d6 initiative, ties
    ordered again every Phase); the example's 10^6 against 10^5 in benchmarks/kernels_lines.py."""
    game = _game(options={"initiative_roll": True, "tie_break": "every_phase"})
    spec = replace(sim_spec(load_scenario(LINE), seed=5), setup=game.setup)
    assert abs(win_gap(KERNEL, spec, "heroes", 20_000, 200, 1)) < 4


def test_tied_fighters_are_ordered_uniformly_on_a_generator() -> None:
    """Rule 3, E13: on a generator the tied fighters of each fight come in a uniformly random order, as the
    engine's d20 roll-offs give them (brick, pike and carl tie at 4, vera and duke at 8)."""
    model = KERNEL.model(_game(), DEFAULT)
    assert not isinstance(model, str)
    places = Places(model, 60_000)
    initiative(model, GeneratorDice(60_000, 2), places)
    ids = list(model.ids)
    assert (places.order[2] == ids.index("nadia")).all() and (places.order[7] == ids.index("ed")).all()
    trios = places.order[4:7].T @ np.array([100, 10, 1])
    counts = np.unique(trios, return_counts=True)[1]
    assert len(counts) == 6 and abs(counts - 10_000).max() < 4 * np.sqrt(10_000)


def test_the_kernel_is_registered_and_chosen() -> None:
    """``sim`` picks the kernel for the line-up (the duel kernel stays first for a duel)."""
    game = load_scenario(LINE).game
    assert covering(game, DEFAULT) is kernel_named("phase3d6-lines")
    assert covering(load_scenario(DUEL).game, DEFAULT) is kernel_named("phase3d6-duel")


@pytest.mark.parametrize(
    ("setup", "changes", "ai", "reason"),
    [
        ({}, {}, {"heroes": "default", "thugs": "trading-blows"}, "the AI 'trading-blows'"),
        ({}, {"pike": {"reach": 1}}, DEFAULT, "pike cannot reach bruno from where it stands"),
        (
            {"map": {"text": FAR}},
            {},
            DEFAULT,
            "hexes from ed: low on STUN, the default AI would Take a Recovery",
        ),
        ({}, {"ed": {"aware": False}}, DEFAULT, "ed starts unaware"),
        ({}, {"ed": {"side": "ghosts"}}, {**DEFAULT, "ghosts": "default"}, "3 sides"),
        ({}, {"options": {"max_rounds": 2000}}, DEFAULT, "outlast sim's 100,000 actions"),
        ({}, {"duke": {"weapons": ["pistol", "fists"]}}, DEFAULT, "attacks with pistol"),
        (
            {"maneuvers": {"dodge": {"effects": ["block"]}}},
            {},
            DEFAULT,
            "the Dodge keeps a guard",
        ),
        (
            {"weapons": {"whip": {"kind": "melee", "damage": "2d6", "ammo": 3}}},
            {"carl": {"weapons": ["whip"]}},
            DEFAULT,
            "whip uses ammunition",
        ),
    ],
)
def test_coverage_is_strict(
    setup: Mapping[str, Any], changes: Mapping[str, Any], ai: Mapping[str, str], reason: str
) -> None:
    """What the kernel does not model runs on the engine, with the reason (never an approximation)."""
    assert reason in (KERNEL.covers(_game(setup, **dict(changes)), ai) or "")


def test_the_demo_is_not_covered() -> None:
    """The demo (a Surprise Phase, a map to move on) runs on the engine."""
    demo = EXAMPLES.parent / "src" / "tactica" / "systems" / "phase3d6" / "content" / "demo.yaml"
    assert "starts unaware" in (KERNEL.covers(load_scenario(demo).game, DEFAULT) or "")


def test_make_bench_measures_and_proves_the_line_up() -> None:
    """Issue 16 B: ``benchmarks/kernels_lines.py`` measures the Phase 3d6 4 v 4 on its kernel beside the
    engine (1 and 2 workers) and runs both proofs (small numbers here)."""
    script = load_script("kernels_lines")
    assert script.LINES["phase3d6-lines"] == [LINE]
    spec = sim_spec(load_scenario(LINE), seed=1)
    assert all(rate > 0 for rate in script.rates(spec, "phase3d6-lines", 2_000, 2).values())
    lines = script.proofs(spec, "phase3d6-lines", 3, 2_000, 20, 1)
    assert [line.rsplit(" — ", 1)[1] for line in lines] == ["ok", "ok"]
