"""``tactica sim``, ``sweep`` and ``odds`` through the command line: summaries, files, JSON numbers, and bad
input as one clear paragraph with exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_commands import assert_bad_input, invoke

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
DUEL = EXAMPLES / "futurepath" / "duel.yaml"


def test_sim_prints_win_rates_with_intervals() -> None:
    result = invoke("sim", DUEL, "-n", "20", "--seed", "1", "--workers", "1")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "20 fights, seed 1" in out and "Win rate (95% Wilson interval)" in out
    assert "  red " in out and "[" in out and "Length in rounds: mean" in out
    assert "Per combatant (harm in hit points" in out or "Per combatant (harm in" in out


def test_sim_out_files_are_identical_for_one_and_two_workers(tmp_path: Path) -> None:
    """Issue 6 acceptance: `--workers 1` and `--workers 2` give identical --out files."""
    for workers in ("1", "2"):
        result = invoke(
            "sim",
            DUEL,
            "-n",
            "30",
            "--seed",
            "1",
            "--workers",
            workers,
            "--out",
            tmp_path / f"w{workers}.csv",
        )
        assert result.exit_code == 0, result.output
    one, two = (tmp_path / "w1.csv").read_bytes(), (tmp_path / "w2.csv").read_bytes()
    assert one == two and len(one.splitlines()) == 31


def test_sim_json_gives_numbers_and_writes_the_plot(tmp_path: Path) -> None:
    plot = tmp_path / "run.png"
    result = invoke("sim", DUEL, "-n", "12", "--workers", "1", "--plot", plot, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["fights"] == 12 and set(data["wins"]) == {"red", "blue"}
    assert all(isinstance(data["wins"][s]["low"], float) for s in data["wins"])
    assert data["written"] == [str(plot)] and plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_sim_ai_option_and_its_errors() -> None:
    result = invoke("sim", DUEL, "-n", "4", "--workers", "1", "--ai", "blue=random", "--json")
    assert json.loads(result.stdout)["ai"] == {"red": "default", "blue": "random"}
    assert_bad_input(invoke("sim", DUEL, "-n", "4", "--ai", "green=random"), "no side 'green'")
    assert_bad_input(invoke("sim", DUEL, "-n", "4", "--ai", "blue=genius"), "unknown AI 'genius'")


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["-n", "0", "--workers", "1"], "-n 0: give 1 to 10,000,000 fights"),
        (["--out", "rows.txt"], ".csv or .parquet"),
        (["--plot", "plot.jpg"], ".png"),
        (["--out", "no/such/folder/rows.csv"], "does not exist"),
        (["--workers", "0"], "--workers 0: give 1 to "),
    ],
)
def test_sim_bad_input(args: list[str], needle: str) -> None:
    assert_bad_input(invoke("sim", DUEL, *args), needle)


def test_sweep_prints_a_table_and_plots(tmp_path: Path) -> None:
    plot = tmp_path / "sweep.png"
    result = invoke(
        "sweep", DUEL, "--vary", "combatants.ada.hp=5,40", "-n", "10", "--workers", "1", "--plot", plot
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[1] == "tier: kernel futurepath-duel"
    assert lines[2].startswith("combatants.ada.hp  red wins [95%]") and lines[2].endswith("  tier")
    assert lines[3].startswith("5 ") and lines[4].startswith("40 ")
    assert plot.read_bytes()[:4] == b"\x89PNG"
    data = json.loads(
        invoke(
            "sweep", DUEL, "--vary", "options.max_rounds=1,2", "-n", "3", "--workers", "1", "--json"
        ).stdout
    )
    assert [c["values"] for c in data["cells"]] == [{"options.max_rounds": 1}, {"options.max_rounds": 2}]


def test_sweep_says_which_tier_played_each_cell() -> None:
    """Issue 16 B: `sweep` chooses the tier per cell as `sim` does, prints each tier (and why the engine) and
    a tier column; `--engine reference` forces the engine; the JSON cells carry their tier."""
    vary = ["--vary", "ai.blue=default,random", "-n", "10", "--workers", "1"]
    lines = invoke("sweep", DUEL, *vary).stdout.splitlines()
    assert lines[1] == "tier: kernel futurepath-duel"
    assert lines[2].startswith("tier: reference engine (no kernel covers: futurepath-duel: the AI 'random'")
    assert lines[4].endswith("  kernel futurepath-duel") and lines[5].endswith("  reference engine")
    forced = invoke("sweep", DUEL, *vary, "--engine", "reference", "--json")
    tiers = [c["tier"] for c in json.loads(forced.stdout)["cells"]]
    assert [t["tier"] for t in tiers] == ["reference", "reference"]
    assert tiers[0]["why"] == "--engine reference"


def test_sweep_engine_kernel_outside_every_kernel_is_one_error() -> None:
    """Issue 16 B: `--engine kernel` on a sweep with a cell no kernel covers fails before any fight, in one
    line naming the cell and each kernel's reason; `--engine` takes the three tiers."""
    result = invoke("sweep", DUEL, "--vary", "ai.blue=default,random", "-n", "10", "--engine", "kernel")
    stderr = assert_bad_input(
        result, "--vary ai.blue=random: --engine kernel: no kernel covers: futurepath-duel"
    )
    assert len(stderr.strip().splitlines()) == 1
    wrong = invoke("sweep", DUEL, "--vary", "ai.blue=default", "-n", "10", "--engine", "fast")
    assert_bad_input(wrong, "--engine fast: choose one of auto, reference, kernel")


def test_sweep_bad_input_names_the_vary() -> None:
    assert_bad_input(invoke("sweep", DUEL, "--vary", "combatants.zed.hp=1", "-n", "2"), "no 'zed'")
    assert_bad_input(invoke("sweep", DUEL, "--vary", "maxrounds", "-n", "2"), "PATH=VALUE1,VALUE2")


def test_odds_needs_a_legal_action() -> None:
    assert_bad_input(invoke("odds", DUEL), "give --action")
    assert_bad_input(invoke("odds", DUEL, "--action", "ada attack zed with short-sword"), "not legal now")
    assert_bad_input(invoke("odds", DUEL, "--action", "ada dance"), "ada dance")
