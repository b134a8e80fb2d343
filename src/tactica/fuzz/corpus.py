"""What the fuzzers start from: the example scenario files, each system's demo, and the fight setups in them.

Every scenario file is read once per process. A setup is what ``tactica sim`` fights: the scenario's setup
with seeded dice, its script and scripted dice ignored; each system's conformance arena is one more.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from pathlib import Path
from typing import Any

from tactica.scenario import load_scenario_text
from tactica.systems import all_systems, get_system
from tactica.testing.conformance import conformance_setup

#: The repository's examples folder (next to ``src``).
EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


@dataclass(frozen=True)
class Sample:
    """One scenario file: where it comes from (a path, or ``SYSTEM:content/demo.yaml``) and its text."""

    name: str
    system: str
    text: str


@dataclass(frozen=True)
class Setup:
    """A fight setup of one system, named after the file it comes from (read when first used)."""

    name: str
    system: str
    #: The scenario file's text; None for the system's conformance arena.
    text: str | None = None

    @cached_property
    def data(self) -> Mapping[str, Any]:
        """The setup data (of the arena, or the scenario's without its script and dice)."""
        if self.text is None:
            return conformance_setup(self.system)
        return load_scenario_text(self.text, self.name).setup


def system_ids() -> list[str]:
    """Every registered system, in registry order."""
    return [s.id for s in all_systems()]


@cache
def samples() -> tuple[Sample, ...]:
    """Every example scenario file and every system's demo scenario."""
    found = [Sample(str(p), p.parent.name, p.read_text(encoding="utf-8")) for p in example_paths()]
    for system in system_ids():
        package = type(get_system(system)).__module__.rsplit(".", 1)[0]
        text = resources.files(package).joinpath("content/demo.yaml").read_text(encoding="utf-8")
        found.append(Sample(f"{system}:content/demo.yaml", system, text))
    return tuple(found)


def example_paths() -> list[Path]:
    """The example scenario files, sorted (``examples/SYSTEM/*.yaml``)."""
    return sorted(EXAMPLES.glob("*/*.yaml"))


@cache
def setups(system: str) -> tuple[Setup, ...]:
    """The system's conformance arena, then the setup of each of its scenario files."""
    arena = Setup(f"{system}:content/arena.yaml", system)
    return (arena, *(Setup(s.name, system, s.text) for s in samples() if s.system == system))
