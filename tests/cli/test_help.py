"""Issue 15 point 16: the help lists the policies and the system ids, ids and policy names are
case-insensitive, `tactica --version`, and no option shows a placeholder such as `<bool>` or `<str>`."""

from __future__ import annotations

import re
from importlib import metadata

import pytest
from typer.testing import CliRunner

from tactica.ai import policy_names
from tactica.cli import app
from tactica.systems import all_systems
from tactica.systems.registry import BUILTIN_IDS
from tests.scenario.helpers import DUEL, write

runner = CliRunner()
COMMANDS = [
    "systems",
    "demo",
    "fight",
    "play",
    "verify",
    "check",
    "sim",
    "sweep",
    "odds",
    "serve",
    "table create",
]


def help_of(command: str) -> str:
    result = runner.invoke(app, [*command.split(), "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("command", ["fight", "sim", "sweep", "play"])
def test_ai_help_lists_every_policy(command: str) -> None:
    """Point 16: before, `--ai` said only "Policy for every side (NAME) or one side (SIDE=NAME)"."""
    text = " ".join(help_of(command).split())
    for system in all_systems():
        for name in policy_names(system.id):
            assert name in text, f"--ai help of {command} misses {system.id}'s policy {name!r}"
    assert "trading-blows (futurepath, phase3d6)" in text


def test_demo_help_lists_the_system_ids() -> None:
    """Point 16: before, `demo --help` said only "Rule system id."; the ids come without loading a system."""
    text = " ".join(help_of("demo").split())
    assert "farrecon, futurepath, phase3d6, srb, thrum" in text
    assert sorted(BUILTIN_IDS) == [system.id for system in all_systems()]


def test_system_ids_and_policy_names_are_case_insensitive(tmp_path) -> None:
    """Point 16: `tactica demo THRUM`, `system: FuturePath` and `--ai blue=RANDOM` were refused."""
    demo = runner.invoke(app, ["demo", "THRUM", "--rounds", "1", "--every", "0"])
    assert demo.exit_code == 0 and "THRUM" in demo.stdout, demo.output
    path = write(tmp_path, DUEL.replace("system: futurepath", "system: FuturePath"))
    fought = runner.invoke(
        app, ["fight", str(path), "--ai", "blue=RANDOM", "--ai", "red=Trading-Blows", "--json"]
    )
    assert fought.exit_code == 0, fought.output
    assert '"system": "futurepath"' in fought.stdout and '"blue": "random"' in fought.stdout


def test_version_comes_from_the_package_metadata() -> None:
    """Point 16: `tactica --version` was "No such option"."""
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.stdout == f"tactica {metadata.version('tactica')}\n"


@pytest.mark.parametrize("command", COMMANDS)
def test_options_show_no_type_placeholders(command: str) -> None:
    """Point 16: flags showed `<bool>`, others `<str>`, `<int>`, `<list[str]>`; now a flag shows nothing and an
    option a name saying what to give (SEED, N, FILE, [SIDE=]NAME)."""
    options = [line for line in help_of(command).splitlines() if re.match(r"\s+-", line)]
    assert options and not [line for line in options if re.search(r"<[a-z][\w\[\]]*>", line)]
