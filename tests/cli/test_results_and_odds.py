"""Issue 15 points 12 and 13: one meaning of draw and cut off in every command; ``odds`` for any combatant's
action, a Phase 3d6 attack without ``--then``, cumulative harm columns, JSON numbers without float noise and
exact fractions with ``--exact``; manual dice with ``--json`` keep stdout JSON."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from tactica.engine import Outcome
from tests.cli.test_commands import assert_bad_input, invoke

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FP_ODDS = EXAMPLES / "futurepath" / "odds.yaml"
P3_BLOWS = EXAMPLES / "phase3d6" / "trading-blows.yaml"


def ok_json(*args: str | Path) -> dict:  # type: ignore[type-arg]
    result = invoke(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)  # type: ignore[no-any-return]


# -- point 12: draw, cut off and the round limit -------------------------------------------------------


def test_outcome_results_are_win_draw_and_cut_off() -> None:
    """Issue 15 point 12: a winner is a win; no winner is a draw; a limit's stop is cut off (not a draw)."""
    assert Outcome("red", "side red is the last standing", 3).result == "win"
    assert Outcome(None, "no one is left standing", 3).result == "draw"
    assert Outcome(None, "round limit (2) reached", 2, cut_off=True).result == "cut off"


def test_demo_cut_off_by_rounds_says_cut_off_after_the_last_round_fought() -> None:
    """Issue 15 point 12: `demo --rounds 2` ended "Draw ... (round 3)"; now "cut off" after 2 rounds, in the
    log's last line, the summary and the JSON outcome."""
    result = invoke("demo", "--seed", "3", "--rounds", "2", "--every", "0")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[-1].startswith("Outcome: cut off — round limit (2) reached (2 rounds, ")
    assert "Fight over: cut off (round limit (2) reached)" in lines
    assert "Draw" not in result.stdout and "round 3" not in result.stdout
    outcome = ok_json("demo", "--seed", "3", "--rounds", "2")["outcome"]
    assert (outcome["result"], outcome["round"], outcome["cut_off"]) == ("cut off", 2, True)


def test_phase3d6_cut_off_counts_phases() -> None:
    """Issue 15 point 12: Phase 3d6's limit is in Turns and its length in Phases, in its own words."""
    result = invoke("demo", "phase3d6", "--rounds", "1", "--every", "0")
    assert result.exit_code == 0, result.output
    last = result.stdout.splitlines()[-1]
    assert last.startswith("Outcome: cut off — Turn limit 1 reached (") and " Phases, " in last


def test_a_won_fight_says_wins_with_the_sides_number() -> None:
    """Issue 15 points 12 and 14: "red wins", "heroes win"."""
    outcome = ok_json("demo", "phase3d6")["outcome"]
    assert outcome["result"] == "win"
    result = invoke("demo", "phase3d6", "--every", "0")
    assert f"Outcome: {outcome['winner']} win — " in result.stdout


def test_fight_odds_call_the_limit_cut_off_as_sim_does() -> None:
    """Issue 15 point 12: `odds --fight` said "draw" for what `sim` calls "cut off"; now the same key as sim's
    JSON (`wins` per side, `cut_off`), and no float noise (7.2e-16 was 0)."""
    data = ok_json("odds", P3_BLOWS, "--fight")
    assert set(data["wins"]) == {"heroes", "thugs"} and "draw" not in data["wins"]
    assert data["cut_off"] == 0.0
    text = invoke("odds", P3_BLOWS, "--fight").stdout
    assert "  cut off " in text and "draw" not in text
    sim = ok_json("sim", P3_BLOWS, "-n", "4", "--workers", "1")
    assert {"wins", "draws", "cut_off"} <= set(sim)


def test_fight_odds_have_no_exact_fractions() -> None:
    """Issue 15 point 13: the fight odds are floating point; --exact says so instead of pretending."""
    assert_bad_input(invoke("odds", P3_BLOWS, "--fight", "--exact"), "--exact", "floating point")


# -- point 13: odds --------------------------------------------------------------------------------------


def test_json_probabilities_are_the_shortest_decimals() -> None:
    """Issue 15 point 13: the great axe crits on 18-20 with auto-hit: 3/20 is 0.15, not 0.15000000000000002
    (the odds are summed as exact fractions, then written once)."""
    result = invoke("odds", FP_ODDS, "--action", "vex attack rook with great-axe", "--json")
    assert '"probability": 0.15,' in result.stdout and "0.15000000000000002" not in result.stdout
    data = json.loads(result.stdout)
    assert data["outcomes"]["critical"]["probability"] == 0.15
    assert data["outcomes"]["fumble"]["probability"] == 0.05


def test_exact_prints_fractions_in_text_and_json() -> None:
    """Issue 15 point 13: `--exact` gives exact fractions (3/20) in JSON and text."""
    data = ok_json("odds", FP_ODDS, "--action", "vex attack rook with great-axe", "--exact")
    assert data["outcomes"]["critical"]["probability"] == "3/20"
    assert sum(Fraction(o["probability"]) for o in data["outcomes"].values()) == 1
    assert sum(Fraction(h["probability"]) for h in data["harm"]) == 1
    text = invoke("odds", FP_ODDS, "--action", "vex attack rook with great-axe", "--exact").stdout
    assert any(line.split() == ["critical", "3/20"] for line in text.splitlines())


def test_harm_has_at_least_and_at_most_columns() -> None:
    """Issue 15 point 13: cumulative columns as AnyDice shows them: P(harm >= x) and P(harm <= x)."""
    data = ok_json("odds", FP_ODDS, "--action", "vex attack rook with great-axe", "--exact")
    rows = [
        (Fraction(h["probability"]), Fraction(h["at_least"]), Fraction(h["at_most"])) for h in data["harm"]
    ]
    for i, (_, at_least, at_most) in enumerate(rows):
        assert at_least == sum(p for p, _, _ in rows[i:])
        assert at_most == sum(p for p, _, _ in rows[: i + 1])
    assert rows[0][1] == 1 and rows[-1][2] == 1
    text = invoke("odds", FP_ODDS, "--action", "vex attack rook with great-axe").stdout
    assert "amount   exactly  at least   at most" in text


def test_odds_of_a_combatant_who_is_not_deciding() -> None:
    """Issue 15 point 13: rook's attack while it is vex's turn is evaluated as if it were rook's turn (the
    fight played on, on a copy, with vex ending its turn), and the output says so."""
    data = ok_json("odds", FP_ODDS, "--action", "rook attack vex with short-sword")
    assert data["exact"] and data["played_on"] == ["vex end"]
    assert abs(sum(o["probability"] for o in data["outcomes"].values()) - 1) < 1e-12
    text = invoke("odds", FP_ODDS, "--action", "rook attack vex with short-sword").stdout
    assert "Evaluated as if it were rook's turn: played on (on a copy) with 'vex end'" in text


def test_odds_of_someone_not_in_the_fight_is_bad_input() -> None:
    assert_bad_input(
        invoke("odds", FP_ODDS, "--action", "zed attack vex with short-sword"), "zed is not in this fight"
    )


def test_phase3d6_attack_odds_without_then() -> None:
    """Issue 15 point 13: a Phase 3d6 attack in a regular Phase waits for the target's Abort decision; without
    --then the target's pass is assumed (and said), giving the same exact odds as --then "crusher pass"."""
    action = ["odds", P3_BLOWS, "--action", "blade attack crusher with sword"]
    assumed = ok_json(*action)
    given = ok_json(*action, "--then", "crusher pass")
    assert assumed["exact"] and assumed["assumed"] == ["crusher pass"] and given["assumed"] == []
    assert assumed["outcomes"] == given["outcomes"] and assumed["harm"] == given["harm"]
    assert "Assumed: 'crusher pass' before the roll" in invoke(*action).stdout


# -- manual dice and --json ------------------------------------------------------------------------------


def test_manual_dice_with_json_ask_on_stderr(tmp_path: Path) -> None:
    """Issue 15 (points 12-14 brief): `play --dice manual --json` printed the dice prompts on stdout; stdout
    is now the JSON document alone, the prompts and typed faces go to stderr."""
    scenario = tmp_path / "manual.yaml"
    scenario.write_text(
        "name: Manual\nsystem: futurepath\nmap: {text: 'a b'}\ncombatants:\n"
        "  - {id: vex, side: red, at: a, template: duelist}\n"
        "  - {id: rook, side: blue, at: b, template: duelist}\n"
        "initiative: {red: 5, blue: 3}\nscript:\n  - vex attack rook with short-sword\n"
    )
    from typer.testing import CliRunner

    from tactica.cli import app

    result = CliRunner().invoke(
        app, ["play", str(scenario), "--dice", "manual", "--json"], input="15\n3\n4\n"
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["actions"] == ["vex attack rook with short-sword"]
    assert "roll 1d20 for vex attack on rook" in result.stderr
