"""Issue 14 point 13: `make mutants` mutates each rule system, the engine, dice and grid against their own tests."""

from __future__ import annotations

import importlib
import tomllib
from pathlib import Path

from tactica.systems.registry import all_systems

ROOT = Path(__file__).resolve().parent.parent


def mutants_config() -> dict[str, str]:
    return dict(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["tactica"]["mutants"])


def test_every_package_and_test_folder_exists() -> None:
    """Issue 14 point 13: a renamed package or test folder would leave `make mutants` measuring nothing."""
    for package, tests in mutants_config().items():
        assert importlib.import_module(package).__file__ is not None, package
        assert any((ROOT / tests).glob("test_*.py")), f"{package}: no tests in {tests}"


def test_every_rule_system_and_the_core_is_mutated() -> None:
    """Issue 14 point 13: "over the rules code of each system and the engine"."""
    systems = {type(system).__module__.split(".")[2] for system in all_systems()}
    core = {"tactica.engine", "tactica.dice", "tactica.grid"}
    assert set(mutants_config()) == {f"tactica.systems.{name}" for name in systems} | core
