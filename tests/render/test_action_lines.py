"""Issue 15 point 14: the log is readable without the source — every action has a line naming its actor
(random legal fights of every system), a coup de grâce says so, plurals are right, and the legend of each
system's notation is given by `tactica legend SYSTEM` and in docs/cli.md."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from tactica.engine import Event
from tactica.render import render_log
from tactica.render.legend import LEGENDS, legend
from tactica.render.log import names
from tactica.render.result import plural, result_words
from tactica.scenario import load_scenario
from tactica.scenario.verify import verify
from tactica.systems import all_systems
from tactica.testing.conformance import conformance_setup, play_random
from tests.cli.test_commands import assert_bad_input, invoke

ROOT = Path(__file__).resolve().parents[2]
SYSTEMS = [s.id for s in all_systems()]
#: Random fights per system (each a few hundred actions).
SEEDS = range(4)


def action_lines(events: list[Event]) -> list[tuple[str, list[str]]]:
    """Per action taken: its text and the indented log lines its events (up to the next action) give."""
    starts = [i for i, e in enumerate(events) if e.kind == "ActionTaken"] + [len(events)]
    out = []
    for a, b in itertools.pairwise(starts):
        lines = [line for line in render_log(events[a:b]) if line.startswith("  ")]
        out.append((str(getattr(events[a], "action", "")), lines))
    return out


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_action_of_random_fights_has_a_line_naming_its_actor(system_id: str) -> None:
    """Issue 15 point 14: for every verb of every system, an applied action's first log line names the actor
    (a Phase 3d6 pass was shown as the next character's move, a THRUM push as the pushed one's)."""
    verbs: set[str] = set()
    for seed in SEEDS:
        fight = play_random(system_id, conformance_setup(system_id), seed)
        for action, lines in action_lines(fight.events):
            actor, verb = action.split()[:2]
            verbs.add(verb)
            assert lines, f"seed {seed}: '{action}' has no log line"
            assert names(lines[0], actor), f"seed {seed}: '{action}' is shown first as {lines[0]!r}"
    assert len(verbs) >= 8, verbs


def test_a_coup_de_grace_has_its_own_line() -> None:
    """Issue 15 point 14: a FuturePath coup de grâce was shown only as damage dealt."""
    [report] = verify([ROOT / "examples" / "futurepath" / "barriers.yaml"])
    assert report.run is not None
    lines = dict(action_lines(report.run.fight.events))["kat coup-de-grace wim with knife"]
    assert lines[0].startswith("  kat delivers a coup de grâce to wim: 4 damage (1d4, 2 rolls: 2 2)")


def test_plurals() -> None:
    """Issue 15 point 14: "1 square", "1 hex", "2 hexes", "heroes win", "red wins"."""
    assert [plural(1, "squares"), plural(1, "hexes"), plural(2, "hexes"), plural(1, "rounds")] == [
        "1 square",
        "1 hex",
        "2 hexes",
        "1 round",
    ]
    assert result_words("heroes", cut_off=False) == "heroes win"
    assert result_words("red", cut_off=False) == "red wins"


def test_a_one_hex_step_is_one_hex() -> None:
    """Issue 15 point 14: Phase 3d6 wrote "(1 hexes)"."""
    fight = load_scenario(ROOT / "examples" / "phase3d6" / "trading-blows.yaml")
    from tactica.analysis import scenario_fight

    live = scenario_fight(fight)
    step = next(a for a in live.legal_actions() if a.verb == "step")
    live.apply(step)
    assert any(line.endswith("(1 hex)") for line in render_log(live.events))


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_the_legend_of_each_system_is_given_and_documented(system_id: str) -> None:
    """Issue 15 point 14: `tactica legend SYSTEM` explains the dice notation, and docs/cli.md gives the same
    examples (so the two cannot drift)."""
    result = invoke("legend", system_id)
    assert result.exit_code == 0, result.output
    docs = (ROOT / "docs" / "cli.md").read_text()
    for entry in legend(system_id):
        assert entry.example in result.stdout
        assert f"`{entry.example}`" in docs, entry.example


def test_legend_examples_match_real_log_lines() -> None:
    """The legend's FuturePath examples are the log's own shapes ("d20 3 -dis 4+4+2 +4", "(1d8: 1 ×1)")."""
    shapes = [entry.example for entry in LEGENDS["futurepath"]]
    assert "d20 3 -dis 4+4+2 +4 = -3 vs AC 13 — miss" in shapes
    assert any("(1d6: 4 ×1 +3)" in shape for shape in shapes)


def test_legend_of_an_unknown_system_is_bad_input() -> None:
    assert_bad_input(invoke("legend", "chess"), "no legend for system 'chess'", "futurepath")


@pytest.mark.parametrize(
    ("system_id", "seed", "line"),
    [
        ("futurepath", "3", "Initiative: blue 2 (tied; highest DEX 16 breaks the tie)"),
        ("srb", "7", "Initiative: dax 15 (tied; initiative modifier +2 (rule 7) breaks the tie)"),
        ("thrum", "3", "Initiative: cass 7 (tied; Initiative modifier +2, a PC (C2) breaks the tie)"),
    ],
)
def test_initiative_tie_breaks_are_shown(system_id: str, seed: str, line: str) -> None:
    """Issue 15 point 14: "red 2, blue 2, Round 1 — team blue" left the reader guessing; a tie broken by DEX
    (FuturePath), the modifier (Star Rangers) or the modifier and PCs first (THRUM) now has its line."""
    result = invoke("demo", system_id, "--seed", seed, "--rounds", "1", "--every", "0")
    assert result.exit_code == 0, result.output
    assert line in result.stdout.splitlines()
