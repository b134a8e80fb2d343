"""A grid of variations of one scenario — a weapon, a stat, a rule option, a side's AI — each simulated with
the same seeds (common random numbers: differences between cells come from the variation, not the dice), each
on the tier ``sim`` would choose for it (a kernel where one covers the cell, else the reference engine).

``--vary PATH=VALUES`` names a place in the scenario's setup by dotted path (a list entry by its ``id`` or
``name``, or its index), or ``ai.SIDE`` for a side's policy, and the values to try, comma-separated (each read
as YAML: ``3``, ``true``, ``short-sword``).

>>> parse_vary("options.max_rounds=5,10")
Variation(path='options.max_rounds', values=(5, 10))
"""

from __future__ import annotations

import copy
import itertools
import math
from collections.abc import Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from typing import Any

from tactica.analysis.limits import MAX_CELLS
from tactica.analysis.sim import Progress, SimSpec, spec_for
from tactica.analysis.summary import Summary
from tactica.analysis.tiers import Tier, choose_tier, require_engine, require_fights, simulate
from tactica.engine import TacticaError
from tactica.files import FileError, brief, parse_yaml
from tactica.scenario import Scenario


@dataclass(frozen=True)
class Variation:
    """One ``--vary``: a path and the values it takes."""

    path: str
    values: tuple[Any, ...]


@dataclass(frozen=True)
class Plan:
    """One combination of varied values: its run spec and the tier that plays it."""

    values: dict[str, Any]
    spec: SimSpec
    tier: Tier


@dataclass(frozen=True)
class Cell:
    """One combination of varied values, the tier that played it, and its summary."""

    values: dict[str, Any]
    spec: SimSpec
    tier: Tier
    summary: Summary

    def to_dict(self) -> dict[str, Any]:
        return {"values": self.values, "tier": self.tier.to_dict(), "summary": self.summary.to_dict()}


def parse_vary(text: str) -> Variation:
    """``PATH=V1,V2,...`` as a :class:`Variation`."""
    path, sep, values = text.partition("=")
    if not sep or not path.strip() or not values.strip():
        raise TacticaError(f"--vary {text}: write PATH=VALUE1,VALUE2 (e.g. options.max_rounds=5,10)")
    parsed = tuple(_scalar(v.strip(), text) for v in values.split(","))
    return Variation(path.strip(), parsed)


def _scalar(value: str, text: str) -> Any:
    try:
        return parse_yaml(value, "--vary").data if value else value
    except FileError as error:
        why = error.problems[0].message
        raise TacticaError(f"--vary {brief(text)}: cannot read the value {brief(value)}: {why}") from None


def cell_specs(
    scenario: Scenario, variations: Sequence[Variation], *, seed: int, ai: Sequence[str] = ()
) -> list[tuple[dict[str, Any], SimSpec]]:
    """Every combination of the varied values with its run spec; a value the rules reject is an error naming
    its ``--vary``."""
    if not variations:
        raise TacticaError("give at least one --vary PATH=VALUES")
    count = math.prod(len(v.values) for v in variations)
    if count > MAX_CELLS:
        raise TacticaError(
            f"--vary: {count:,} combinations of values, over the limit of {MAX_CELLS:,} cells;"
            " vary fewer paths or values"
        )
    cells = []
    for combo in itertools.product(*(v.values for v in variations)):
        values = {v.path: value for v, value in zip(variations, combo, strict=True)}
        setup = copy.deepcopy(dict(scenario.setup))
        preset = dict(scenario.ai)
        given = list(ai)
        for path, value in values.items():
            if path == "ai" or path.startswith("ai."):
                side = path.partition(".")[2]
                given.append(f"{side}={value}" if side else str(value))
            else:
                entry = set_path(setup, path, value)
                if path.endswith(".weapons"):
                    fit_drawn(entry)
        try:
            game = scenario.system.new_game(setup)
        except TacticaError as error:
            raise TacticaError(f"--vary {_shown(values)}: {error}") from None
        cells.append((values, spec_for(game, preset, seed=seed, ai=given)))
    return cells


def plan_sweep(
    scenario: Scenario,
    variations: Sequence[Variation],
    n: int,
    *,
    seed: int,
    ai: Sequence[str] = (),
    engine: str = "auto",
    cluster: str | None = None,
) -> list[Plan]:
    """Every cell with the tier that will play it, chosen as ``sim`` chooses (:func:`~.tiers.choose_tier`)
    and checked against ``n`` before any fight is played; a cell no tier can play (``--engine kernel``
    outside every kernel's coverage, ``-n`` over the engine's limit) is an error naming its values."""
    require_engine(engine)
    plans = []
    for values, spec in cell_specs(scenario, variations, seed=seed, ai=ai):
        try:
            tier = choose_tier(spec, engine, cluster=cluster)
            require_fights(n, tier)
        except TacticaError as error:
            raise TacticaError(f"--vary {_shown(values)}: {error}") from None
        plans.append(Plan(values, spec, tier))
    return plans


def play_sweep(
    plans: Sequence[Plan],
    n: int,
    *,
    workers: int | None = None,
    cluster: str | None = None,
    progress: Progress | None = None,
) -> list[Cell]:
    """Simulate ``n`` fights of every planned cell on its tier."""
    return [
        Cell(
            p.values,
            p.spec,
            p.tier,
            simulate(p.spec, n, p.tier, workers=workers, cluster=cluster, progress=progress).summary,
        )
        for p in plans
    ]


def run_sweep(
    scenario: Scenario,
    variations: Sequence[Variation],
    n: int,
    *,
    seed: int = 0,
    ai: Sequence[str] = (),
    engine: str = "auto",
    workers: int | None = None,
    cluster: str | None = None,
    progress: Progress | None = None,
) -> list[Cell]:
    """Simulate ``n`` fights for every combination of the varied values, each on the tier ``engine``
    chooses for it (``auto``: a kernel where one covers the cell, else the reference engine)."""
    plans = plan_sweep(scenario, variations, n, seed=seed, ai=ai, engine=engine, cluster=cluster)
    return play_sweep(plans, n, workers=workers, cluster=cluster, progress=progress)


def _shown(values: Mapping[str, Any]) -> str:
    """A cell's values as ``--vary`` gives them."""
    return ", ".join(f"{p}={v}" for p, v in values.items())


def set_path(data: MutableMapping[str, Any], path: str, value: Any) -> Any:
    """Set the place ``path`` names in setup data (changing ``data``); returns the mapping or list that
    holds it."""
    segments = path.split(".")
    node: Any = data
    walked: list[str] = []
    for segment in segments[:-1]:
        node = _child(node, segment, walked, path)
        walked.append(segment)
    last = segments[-1]
    if isinstance(node, MutableMapping):
        node[last] = value
    elif isinstance(node, list):
        node[_index(node, last, walked, path)] = value
    else:
        raise TacticaError(f"--vary {path}: '{'.'.join(walked)}' holds a single value, not '{last}'")
    return node


def fit_drawn(entry: Any) -> None:
    """A combatant entry whose ``weapons`` were varied: a ``drawn`` naming a weapon no longer carried is
    dropped, so the system's default applies (the first of the new weapons; issue 15 point 2)."""
    if not isinstance(entry, MutableMapping) or "drawn" not in entry:
        return
    carried = {w.get("name") if isinstance(w, Mapping) else w for w in entry.get("weapons") or []}
    drawn = entry["drawn"]
    if any(d and d not in carried for d in ([drawn] if isinstance(drawn, str) else drawn or [])):
        del entry["drawn"]


def _child(node: Any, segment: str, walked: list[str], path: str) -> Any:
    if isinstance(node, MutableMapping):
        if segment not in node:
            if not walked and segment == "options":
                node[segment] = {}
            else:
                keys = ", ".join(map(str, node)) or "nothing"
                raise TacticaError(
                    f"--vary {path}: no '{segment}' at '{'.'.join(walked) or 'the top'}' ({keys})"
                )
        return node[segment]
    if isinstance(node, list):
        return node[_index(node, segment, walked, path)]
    raise TacticaError(f"--vary {path}: '{'.'.join(walked)}' holds a single value, not '{segment}'")


def _index(items: list[Any], segment: str, walked: list[str], path: str) -> int:
    for i, item in enumerate(items):
        if isinstance(item, Mapping) and segment in (str(item.get("id")), str(item.get("name"))):
            return i
    if segment.isdigit() and int(segment) < len(items):
        return int(segment)
    ids = ", ".join(str(i.get("id", i.get("name", "?"))) for i in items if isinstance(i, Mapping))
    raise TacticaError(f"--vary {path}: no '{segment}' in '{'.'.join(walked)}' (ids: {ids or 'none'})")
