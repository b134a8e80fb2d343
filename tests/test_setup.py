"""Issue 15 point 17: `make demo` installs only what the demo needs, `make test` everything the tests need, and
the README's examples write their outputs where git ignores them."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.docs.blocks import ROOT, blocks
from tests.docs.commands import steps

#: Imported by the extras (sim, cluster, table, rl) and the test tools, never by the base package.
EXTRAS = ("pyarrow", "matplotlib", "dask", "distributed", "fastapi", "uvicorn", "jinja2", "sqlalchemy",
          "alembic", "psycopg", "httpx", "playwright", "pytest", "hypothesis", "pettingzoo",
          "gymnasium")  # fmt: skip


def dry_run(target: str, tmp_path: Path) -> list[str]:
    """The commands ``make TARGET`` would run on a fresh clone (no venv yet), without running them."""
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    done = subprocess.run(["make", "-n", target], cwd=tmp_path, capture_output=True, text=True, check=True)
    return done.stdout.splitlines()


def installs(commands: list[str]) -> list[str]:
    return [
        line.split("-e ", 1)[1].strip("'\"") for line in commands if "pip install" in line and "-e " in line
    ]


@pytest.mark.skipif(shutil.which("make") is None, reason="no make on this machine")
def test_make_demo_installs_the_package_alone(tmp_path: Path) -> None:
    """Issue 15 point 17: before, `make demo` installed `.[test]` (Playwright, PostgreSQL driver, Dask...)."""
    assert installs(dry_run("demo", tmp_path)) == ["."]


@pytest.mark.skipif(shutil.which("make") is None, reason="no make on this machine")
def test_make_test_installs_every_extra_the_tests_use(tmp_path: Path) -> None:
    """Issue 15 point 17: on a fresh clone `make test` installs the test extra, and it pulls in sim, cluster
    and table (the tests of the web table, Parquet files, plots and the Dask cluster)."""
    assert installs(dry_run("test", tmp_path)) == [".[test]"]
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert "tactica[sim,cluster,table]" in extras["test"]


def test_the_demo_runs_without_any_extra() -> None:
    """Issue 15 point 17: the base package is enough for `tactica demo` (each extra is refused on import)."""
    blocker = (
        "import sys\n"
        f"class Block:\n    def find_spec(self, name, path=None, target=None):\n"
        f"        if name.split('.')[0] in {EXTRAS!r}: raise ImportError('extra: ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "from tactica.cli.main import app\n"
        "app(['demo', '--rounds', '1', '--every', '0'])\n"
    )
    done = subprocess.run([sys.executable, "-c", blocker], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "Outcome:" in done.stdout


def test_readme_examples_write_into_ignored_folders() -> None:
    """Issue 15 point 17: before, the README's sim wrote rows.parquet and run.png into the repository's root."""
    written = [
        words[index + 1]
        for block in blocks(ROOT / "README.md")
        if block.lang == "console" and block.skip is None
        for step in steps(block.text, block.line + 1)
        for words in [step.command.split()]
        for index, word in enumerate(words[:-1])
        if word in ("--out", "--plot")
    ]
    assert written, "the README's sim example writes files"
    done = subprocess.run(["git", "check-ignore", *written], cwd=ROOT, capture_output=True, text=True)
    assert done.stdout.split() == written, f"not ignored by git: {set(written) - set(done.stdout.split())}"
