"""Issue 16 point A: the engine behaves identically to the recorded decision corpus
(``tactica.testing.corpus``); a sample here, the whole corpus in ``make bench``."""

from __future__ import annotations

import gzip
import io
import json
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from tactica.testing import corpus
from tactica.testing.corpus import CORPUS, FIELDS, WIDTH, Plan, main, read_corpus, write_corpus

#: A few fights of each system, their first decisions only: a few seconds in all.
SAMPLE = ["--sample", "2", "--steps", "30"]


def run(*argv: str) -> tuple[int, str, str]:
    """The corpus command's status, stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out):
        status = main(list(argv), err=err)
    return status, out.getvalue(), err.getvalue()


def test_a_sample_of_every_system_replays_identically() -> None:
    """Issue 16 point A: same legal-action lists, choices and events for the same seeds as recorded."""
    status, out, _ = run("check", *SAMPLE)
    assert status == 0, out
    assert "all identical" in out


@pytest.mark.parametrize("field", FIELDS)
def test_one_changed_hash_is_reported_with_the_step_and_the_field(tmp_path: Path, field: str) -> None:
    """Issue 16 point A: a single recorded hash that differs makes the check fail (status 1), naming the
    fight, the step and the field, and listing what the engine gives now."""
    fights = [f for f in read_corpus(CORPUS) if f["system"] == "srb"][:1]
    index = FIELDS.index(field)
    step = fights[0]["steps"][3]
    wrong = "0" * WIDTH if step[index * WIDTH : (index + 1) * WIDTH] != "0" * WIDTH else "1" * WIDTH
    fights[0]["steps"][3] = step[: index * WIDTH] + wrong + step[(index + 1) * WIDTH :]
    write_corpus(tmp_path / "c.json.gz", fights)
    status, out, _ = run("check", "--file", str(tmp_path / "c.json.gz"), "--steps", "5")
    assert status == 1
    assert f"seed {fights[0]['seed']}" in out
    assert (
        f"at step 3 (0-based; the fight has {len(fights[0]['steps'])} recorded steps): {field} differs" in out
    )
    assert f"  {field} now" in out


def test_a_changed_end_is_reported(tmp_path: Path) -> None:
    """Issue 16 point A: the outcome and log digest at the end are compared too."""
    fight = min((f for f in read_corpus(CORPUS)), key=lambda f: len(f["steps"]))
    fight["end"]["log_digest"] = "0" * 64
    write_corpus(tmp_path / "c.json.gz", [fight])
    status, out, _ = run("check", "--file", str(tmp_path / "c.json.gz"))
    assert status == 1
    assert f"at step {len(fight['steps'])} " in out and "log_digest differs" in out


def test_record_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    """Issue 16 point A: `record` does not silently replace a corpus."""
    path = tmp_path / "c.json.gz"
    path.write_bytes(b"keep")
    status, _, err = run("record", "--file", str(path))
    assert status == 2 and "--force" in err and path.read_bytes() == b"keep"


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["check", "--system", "chess"], "--system chess: unknown; choose from farrecon, futurepath"),
        (["check", "--sample", "0"], "--sample 0: give a whole number of at least 1"),
        (["check", "--file", "/nonexistent/c.json.gz"], "cannot read the corpus"),
    ],
)
def test_bad_arguments_are_one_message(argv: list[str], words: str) -> None:
    """House rule: bad input is one clear message and no traceback."""
    status, _, err = run(*argv)
    assert status == 2 and words in err and "Traceback" not in err


def test_a_file_that_is_not_a_corpus_is_refused(tmp_path: Path) -> None:
    """House rule: a file of another form is one message naming it."""
    path = tmp_path / "c.json.gz"
    path.write_bytes(gzip.compress(json.dumps({"version": 99}).encode()))
    status, _, err = run("check", "--file", str(path))
    assert status == 2 and f"{path}: not a version 1 decision corpus" in err


@pytest.mark.slow
@pytest.mark.parametrize("system_id", ["futurepath", "srb", "thrum", "phase3d6", "farrecon"])
def test_the_whole_corpus_replays_identically(system_id: str) -> None:
    """Issue 16 point A (`make long`): every recorded fight of the system, every decision."""
    status, out, _ = run("check", "--system", system_id)
    assert status == 0, out


def test_record_of_one_system_keeps_the_others_and_matches_the_corpus(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 16 point A: `record --system S` re-records S only; recording again gives the committed record."""
    duel = Plan("futurepath", "examples/futurepath/duel.yaml", "default", (1,))
    monkeypatch.setattr(corpus, "PLANS", (duel, Plan("srb", "demo:srb", "default", (1,))))
    committed = read_corpus(CORPUS)
    srb = next(f for f in committed if f["system"] == "srb")
    path = tmp_path / "c.json.gz"
    write_corpus(path, [srb])
    status, _, err = run("record", "--file", str(path), "--system", "futurepath", "--force")
    assert status == 0, err
    again = read_corpus(path)
    assert again[1] == srb
    assert again[0] in committed and again[0]["scenario"] == duel.scenario


def test_a_fight_without_its_hashes_is_refused(tmp_path: Path) -> None:
    """House rule: a corpus whose fight lacks a key or a step's hashes is one message naming the fight."""
    fights = read_corpus(CORPUS)[:2]
    fights[1]["steps"][0] = fights[1]["steps"][0][:-1]
    write_corpus(tmp_path / "c.json.gz", fights)
    status, _, err = run("check", "--file", str(tmp_path / "c.json.gz"))
    assert status == 2 and "fight 1 lacks one of system, scenario" in err
