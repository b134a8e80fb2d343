"""Issue 17 point 3: ``benchmarks/agents.py`` reports each system's win rate of the search AI with its Wilson
95% interval, counting draws and cut-offs as not-wins, and the wall-clock and CPU time of its decisions."""

from __future__ import annotations

import pytest

from tests.bench.scripts import load_script


def test_the_report_counts_draws_and_cut_offs_as_not_wins_with_a_wilson_interval() -> None:
    agents = load_script("agents")
    played = [
        agents.Played("srb", result, (0.1, 0.3), (0.05, 0.25), "loss")
        for result in ("win", "win", "draw", "cut off", "loss")
    ]
    line = agents.report("srb", played, 12.0)
    assert "fights   5: wins   2, losses   1, draws 1, cut off 1; win rate 40.0%" in line
    assert "[95% 11.8%-76.9%] (unsure of the 60% target)" in line
    assert "decision 200.0 ms mean, 300 ms max wall, 150.0 ms mean, 250 ms max CPU over 10" in line
    assert "the default AI in its place wins 0, changed 4" in line


def test_a_later_batch_plays_fights_of_its_own_dice_and_sides() -> None:
    """Issue 17 point 3: ``--first 20 --fights 4`` plays fights 20 to 23 (new dice seeds, sides still
    alternating), so a second batch adds to the first rather than repeating it."""
    agents = load_script("agents")
    assert agents.tasks("srb", 20, 4, "200ms") == [("srb", i, "200ms", "search") for i in (20, 21, 22, 23)]
    assert agents.tasks("srb", 0, 2, "") == [("srb", 0, "", "search"), ("srb", 1, "", "search")]


def test_another_policy_than_the_search_is_measured_by_name() -> None:
    """Issue 17 point 3: ``--player sharp`` measures Far Recon's script alone against the default AI, on the
    same fights; the default AI in its own place changes no result."""
    agents = load_script("agents")
    same = agents.play(("farrecon", 0, "", "default"))
    assert same.result == same.baseline
    assert agents.tasks("farrecon", 0, 1, "", "sharp") == [("farrecon", 0, "", "sharp")]


def test_a_policy_the_system_does_not_have_is_one_line_before_any_fight(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 17 point 3 (bad input): ``--player blast --systems srb`` (FuturePath's script) and a bad budget
    stop with one line naming the choices, before any worker starts."""
    agents = load_script("agents")
    for argv in (["--player", "blast", "--systems", "srb"], ["--budget", "0", "--systems", "srb"]):
        with pytest.raises(SystemExit) as stop:
            agents.main(argv)
        assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "unknown AI 'blast' for srb; choose one of: random, default, scoot, search" in err
    assert "search budget '0'" in err
