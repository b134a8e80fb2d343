"""What the fuzzers start from: the example scenario files, each system's demo, and the fight setups in them.

Every scenario file is read once per process. A setup is what ``tactica sim`` fights: the scenario's setup
with seeded dice, its script and scripted dice ignored; each system's conformance arena is one more.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from tactica.scenario import load_scenario_text
from tactica.systems import all_systems, get_system
from tactica.testing.conformance import conformance_setup

#: The repository's examples folder (next to ``src``).
EXAMPLES = Path(__file__).resolve().parents[4] / "examples"


@dataclass(frozen=True)
class Sample:
    """One scenario file: where it comes from (a path, or ``SYSTEM:content/demo.yaml``) and its text."""

    name: str
    system: str
    text: str


@dataclass(frozen=True)
class Setup:
    """A fight setup of one system, named after the file it comes from."""

    name: str
    system: str
    data: Mapping[str, Any]


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
    found = [Setup(f"{system}:content/arena.yaml", system, conformance_setup(system))]
    for sample in samples():
        if sample.system == system:
            found.append(Setup(sample.name, system, load_scenario_text(sample.text, sample.name).setup))
    return tuple(found)
