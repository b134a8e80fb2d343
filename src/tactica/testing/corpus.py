"""The decision corpus (issue 16 point A): proof that a faster engine behaves identically.

``record`` plays a fixed set of AI fights in every system (:data:`PLANS`) and keeps, for every decision,
short hashes (blake2b, 8 bytes, hex) of what the engine offered and did: the ordered ``legal_actions()``,
the deciding actors with each one's ``legal_actions_of(actor)``, the chooser's ``legal_actions_of(actor,
{verb})`` for the chosen action's verb, the chosen action, and the events it caused (as saves write them);
at the end the outcome and ``log_digest()``. ``check`` replays every recorded fight from its seed with the
same policies and stops each at its first difference, naming the hash that differs and listing what the
engine offers now::

    python -m tactica.testing.corpus check [--sample N] [--system S] [--steps K]
    python -m tactica.testing.corpus record [--force]
"""

from __future__ import annotations

import argparse
import dataclasses
import gzip
import hashlib
import json
import sys
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from tactica.ai import Policy, make_policies, sides
from tactica.engine import Action, Event, Fight, TacticaError
from tactica.scenario import Scenario, load_scenario

#: The repository's root (the corpus and the examples are read from it).
ROOT = Path(__file__).resolve().parents[3]
CORPUS = ROOT / "tests" / "corpus" / "decisions.json.gz"
#: The hashes kept for each decision, in the order a step's record concatenates them.
FIELDS = ("legal", "deciding", "verb", "action", "events")
WIDTH = 16
VERSION = 1


@dataclass(frozen=True)
class Plan:
    """Fights to record: one scenario (a path under the repository, or ``demo:SYSTEM``) under options, with
    one policy on every side, for each seed."""

    system: str
    scenario: str
    ai: str
    seeds: Sequence[int]
    options: Mapping[str, Any] = field(default_factory=dict)
    max_actions: int = 300


def _plans(system: str, scenarios: Sequence[str], seeds: Mapping[str, Sequence[int]]) -> list[Plan]:
    return [Plan(system, s, ai, tuple(ns)) for s in scenarios for ai, ns in seeds.items()]


_FEW = {"default": (1, 2), "random": (1, 2)}
#: What ``record`` plays: each system's demo and examples with movement, areas, interrupts and objects.
PLANS: tuple[Plan, ...] = (
    *_plans("futurepath", ["demo:futurepath", "examples/futurepath/duel.yaml"], _FEW),
    *_plans("futurepath", ["examples/futurepath/hazards.yaml"], _FEW),
    Plan("futurepath", "demo:futurepath", "default", (3,), {"difficult_terrain": "whole_move"}),
    Plan("futurepath", "demo:futurepath", "random", (4,), {"difficult_terrain": "whole_move"}),
    *_plans("srb", ["demo:srb", "examples/srb/fumbles.yaml", "examples/srb/reloads.yaml"], _FEW),
    *_plans("thrum", ["demo:thrum", "examples/thrum/areas.yaml", "examples/thrum/triggers.yaml"], _FEW),
    *_plans("phase3d6", ["demo:phase3d6", "examples/phase3d6/opportunity.yaml"], _FEW),
    *_plans("phase3d6", ["examples/phase3d6/delay-abort.yaml"], _FEW),
    *_plans("farrecon", ["demo:farrecon", "examples/farrecon/simultaneous.yaml"], _FEW),
    *_plans("farrecon", ["examples/farrecon/explosives.yaml"], _FEW),
)


# -- hashing ------------------------------------------------------------------------------------------


def digest(text: str) -> str:
    """blake2b of the text, 8 bytes as 16 hex digits."""
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def actions_text(actions: Iterable[Action]) -> str:
    """Actions in their written form (as saves keep them), one a line."""
    return "\n".join(map(str, actions))


def events_text(events: Iterable[Event]) -> str:
    """Events as JSON, as saves write them."""
    return json.dumps([e.to_dict() for e in events], separators=(",", ":"), sort_keys=True, default=str)


def listings(fight: Fight, action: Action) -> dict[str, str]:
    """The texts of what the engine lists now, each listed afresh: the per-actor lists first (so the rules'
    own lazy listing answers, not a filter of the full list), the full list last."""
    fight._forget_listings()
    deciding = fight.deciding()
    return {
        "deciding": "\n\n".join(f"{a}\n{actions_text(fight.legal_actions_of(a))}" for a in deciding),
        "verb": actions_text(fight.legal_actions_of(action.actor, {action.verb})),
        "legal": actions_text(fight.legal_actions()),
    }


def decide(fight: Fight, policies: Mapping[str, Policy]) -> dict[str, str]:
    """One decision as ``run_fight`` takes it; the texts of each hashed field."""
    actor = fight.deciding()[0]
    action = policies[fight.side_of(actor)].choose(fight)
    texts = listings(fight, action)
    texts["action"] = str(action)
    texts["events"] = events_text(fight.apply(action))
    return texts


def step_record(texts: Mapping[str, str]) -> str:
    """A step as the concatenated hashes of its fields (in :data:`FIELDS` order)."""
    return "".join(digest(texts[name]) for name in FIELDS)


# -- fights -------------------------------------------------------------------------------------------


def scenario_of(name: str, options: Mapping[str, Any]) -> Scenario:
    """The scenario (``demo:SYSTEM`` or a path under the repository) with ``options`` set."""
    if name.startswith("demo:"):
        from tactica.cli.fights import load_demo

        scenario = load_demo(name.removeprefix("demo:"))
    else:
        scenario = load_scenario(ROOT / name)
    if not options:
        return scenario
    setup = {**scenario.setup, "options": {**(scenario.setup.get("options") or {}), **options}}
    return dataclasses.replace(scenario, setup=setup, game=scenario.system.new_game(setup))


def fight_of(record: Mapping[str, Any]) -> Fight:
    """A recorded fight's start, on its seed."""
    return Fight(scenario_of(record["scenario"], record["options"]).game, seed=record["seed"])


def policies_of(record: Mapping[str, Any]) -> dict[str, Policy]:
    """The seeded policies of a recorded fight's sides, seeded as ``tactica fight`` seeds them."""
    return make_policies(record["system"], record["ai"], record["seed"])


def decisions(fight: Fight, policies: Mapping[str, Policy], cap: int) -> Iterator[dict[str, str]]:
    """The hashed texts of the fight's next decisions, at most ``cap`` of them."""
    for _ in range(cap):
        if fight.is_over():
            return
        yield decide(fight, policies)


def ending(fight: Fight) -> dict[str, Any]:
    """The end of a fight: its outcome (None if cut off by the action cap) and its log digest."""
    outcome = fight.outcome()
    data = None if outcome is None else json.loads(json.dumps(dataclasses.asdict(outcome), default=str))
    return {"outcome": data, "log_digest": fight.log_digest()}


def record_fight(plan: Plan, seed: int) -> dict[str, Any]:
    """One fight of a plan played and recorded."""
    head = _header(plan, seed)
    fight = fight_of(head)
    head["ai"] = {side: plan.ai for side in sides(fight)}
    steps = [step_record(t) for t in decisions(fight, policies_of(head), plan.max_actions)]
    return {**head, "steps": steps, "end": ending(fight)}


def _header(plan: Plan, seed: int) -> dict[str, Any]:
    return {
        "system": plan.system,
        "scenario": plan.scenario,
        "options": dict(plan.options),
        "ai": {},
        "seed": seed,
        "max_actions": plan.max_actions,
    }


# -- checking -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Difference:
    """Where a replay first left its record."""

    step: int
    fields: tuple[str, ...]
    now: Mapping[str, str]


def first_difference(record: Mapping[str, Any], limit: int | None = None) -> Difference | None:
    """Replay a recorded fight; the first step whose hashes differ (the end counts as a step), or None."""
    steps: Sequence[str] = record["steps"]
    fight = fight_of(record)
    cap = min(record["max_actions"], limit or record["max_actions"])
    count = 0
    for count, texts in enumerate(decisions(fight, policies_of(record), cap), 1):
        if count > len(steps):
            return Difference(count - 1, ("steps (the fight now goes on)",), texts)
        differ = [n for n, h in zip(FIELDS, _split(steps[count - 1]), strict=True) if digest(texts[n]) != h]
        if differ:
            return Difference(count - 1, tuple(differ), texts)
    if limit is not None and count >= limit:
        return None
    return _end_difference(record, fight, count)


def _end_difference(record: Mapping[str, Any], fight: Fight, count: int) -> Difference | None:
    if count < len(record["steps"]):
        return Difference(count, ("steps (the fight now ends here)",), {})
    now = ending(fight)
    differ = tuple(k for k in ("outcome", "log_digest") if now[k] != record["end"][k])
    return Difference(count, differ, {k: json.dumps(now[k]) for k in differ}) if differ else None


def _split(step: str) -> list[str]:
    return [step[i : i + WIDTH] for i in range(0, len(step), WIDTH)]


def describe(record: Mapping[str, Any], difference: Difference, shown: int = 12) -> list[str]:
    """The report of a difference: the fight, the step, the hashes that differ, what the engine gives now."""
    ai = ", ".join(f"{s}: {p}" for s, p in record["ai"].items())
    options = f" options {json.dumps(record['options'])}" if record["options"] else ""
    out = [
        f"DIFFERENT: {record['system']} {record['scenario']}{options} seed {record['seed']} ({ai})",
        f"  at step {difference.step} (0-based; the fight has {len(record['steps'])} recorded steps): "
        f"{', '.join(difference.fields)} differ{'s' if len(difference.fields) == 1 else ''}",
    ]
    for name in difference.fields:
        if name in difference.now:
            lines = _lines(name, difference.now[name]) or ["(nothing)"]
            more = f" (first {shown} of {len(lines)} lines)" if len(lines) > shown else ""
            out += [f"  {name} now{more}:", *(f"    {line}" for line in lines[:shown])]
    if "action" not in difference.fields and "action" in difference.now:
        out.append(f"  the action chosen (as recorded): {difference.now['action']}")
    return out


def _lines(name: str, text: str) -> list[str]:
    """A field's text as lines to show: one event a line for the events."""
    return [json.dumps(e) for e in json.loads(text)] if name == "events" else text.splitlines()


def sample(records: Sequence[Mapping[str, Any]], per_system: int | None) -> list[Mapping[str, Any]]:
    """``per_system`` records of each system, spread evenly over its records (all when None)."""
    if per_system is None:
        return list(records)
    chosen: list[Mapping[str, Any]] = []
    for system in dict.fromkeys(r["system"] for r in records):
        mine = [r for r in records if r["system"] == system]
        count = min(per_system, len(mine))
        chosen += [mine[i * len(mine) // count] for i in range(count)]
    return chosen


# -- the file -----------------------------------------------------------------------------------------


def read_corpus(path: Path) -> list[dict[str, Any]]:
    """The recorded fights; a missing or unreadable file is a :class:`TacticaError` saying what to do."""
    try:
        with gzip.open(path, "rt", encoding="utf-8") as stream:
            data = json.load(stream)
    except (OSError, EOFError, ValueError) as error:
        raise TacticaError(f"{path}: cannot read the corpus ({error}); record it with `record`") from None
    if not isinstance(data, dict) or data.get("version") != VERSION or data.get("fields") != list(FIELDS):
        raise TacticaError(f"{path}: not a version {VERSION} decision corpus with fields {', '.join(FIELDS)}")
    fights = data.get("fights")
    if not isinstance(fights, list) or not fights:
        raise TacticaError(f"{path}: the corpus holds no fights; re-record it")
    bad = [i for i, f in enumerate(fights) if not _is_fight(f)]
    if bad:
        raise TacticaError(f"{path}: fight {bad[0]} lacks one of {', '.join(KEYS)} or a step's hashes")
    return fights


#: The keys of a recorded fight.
KEYS = ("system", "scenario", "options", "ai", "seed", "max_actions", "steps", "end")


def _is_fight(data: Any) -> bool:
    """A dict with every key of a recorded fight, and a hash for every field of every step."""
    if not isinstance(data, dict) or not set(KEYS) <= set(data) or not isinstance(data["steps"], list):
        return False
    return all(isinstance(step, str) and len(step) == WIDTH * len(FIELDS) for step in data["steps"])


def write_corpus(path: Path, fights: Sequence[Mapping[str, Any]]) -> None:
    """Write the corpus (gzip'd JSON, no timestamp, so equal corpora give equal files)."""
    data = {"version": VERSION, "hash": "blake2b-8", "fields": list(FIELDS), "fights": list(fights)}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(gzip.compress(json.dumps(data, separators=(",", ":")).encode(), mtime=0))


# -- the command line ---------------------------------------------------------------------------------


def record_all(
    path: Path, systems: Sequence[str], err: TextIO, kept: Sequence[Mapping[str, Any]] = ()
) -> int:
    """Record every plan of the chosen systems into ``path``, beside the ``kept`` fights of other systems."""
    plans = [(p, s) for p in PLANS if p.system in systems for s in p.seeds]
    fights: list[Mapping[str, Any]] = []
    for index, (plan, seed) in enumerate(plans, 1):
        fights.append(record_fight(plan, seed))
        _progress(err, index, len(plans), fights[-1], "recorded")
    order = list(dict.fromkeys(p.system for p in PLANS))
    fights = sorted([*kept, *fights], key=lambda f: order.index(f["system"]))
    write_corpus(path, fights)
    steps = sum(len(f["steps"]) for f in fights)
    print(f"{len(fights)} fights, {steps} decisions -> {path} ({path.stat().st_size:,} bytes)")
    return 0


def check_all(records: Sequence[Mapping[str, Any]], limit: int | None, err: TextIO) -> int:
    """Replay the records; 1 if any differs (each difference reported on stdout), else 0."""
    began = time.perf_counter()
    failed = 0
    for index, record in enumerate(records, 1):
        difference = first_difference(record, limit)
        if difference is not None:
            failed += 1
            print("\n".join(describe(record, difference)))
        _progress(err, index, len(records), record, "DIFFERENT" if difference else "same")
    steps = sum(min(len(r["steps"]), limit or len(r["steps"])) for r in records)
    verdict = f"{failed} of {len(records)} fights differ" if failed else "all identical"
    print(
        f"decision corpus: {len(records)} fights, {steps} decisions checked, {verdict} "
        f"({time.perf_counter() - began:.1f} s)"
    )
    return 1 if failed else 0


def _progress(err: TextIO, index: int, total: int, record: Mapping[str, Any], word: str) -> None:
    name = f"{record['system']} {record['scenario']} seed {record['seed']}"
    print(f"[{index}/{total}] {name}: {word} ({len(record['steps'])} steps)", file=err, flush=True)


def parser() -> argparse.ArgumentParser:
    """The command line: ``check`` or ``record``."""
    top = argparse.ArgumentParser(prog="python -m tactica.testing.corpus", description=__doc__.split("\n")[0])
    top.add_argument("command", choices=["check", "record"])
    top.add_argument("--file", type=Path, default=CORPUS, help=f"the corpus (default {CORPUS})")
    top.add_argument("--system", action="append", help="only this system (may be repeated)")
    top.add_argument("--sample", type=int, metavar="N", help="check: N fights per system, spread evenly")
    top.add_argument("--steps", type=int, metavar="K", help="check: only the first K decisions of each fight")
    top.add_argument("--force", action="store_true", help="record: overwrite an existing corpus")
    return top


def main(argv: Sequence[str] | None = None, err: TextIO = sys.stderr) -> int:
    """Run ``check`` or ``record``; a bad argument or unreadable corpus is one message and status 2."""
    args = parser().parse_args(argv)
    try:
        return _run(args, err)
    except TacticaError as error:
        print(f"corpus: {error}", file=err)
        return 2


def _run(args: argparse.Namespace, err: TextIO) -> int:
    known = sorted({p.system for p in PLANS})
    systems = args.system or known
    unknown = sorted(set(systems) - set(known))
    if unknown:
        raise TacticaError(f"--system {', '.join(unknown)}: unknown; choose from {', '.join(known)}")
    for name in ("sample", "steps"):
        if getattr(args, name) is not None and getattr(args, name) < 1:
            raise TacticaError(f"--{name} {getattr(args, name)}: give a whole number of at least 1")
    if args.command == "record":
        if args.file.exists() and not args.force:
            raise TacticaError(f"{args.file} exists; re-record only for an intended rule change (--force)")
        others = args.system and args.file.exists()
        kept = [r for r in read_corpus(args.file) if r["system"] not in systems] if others else []
        return record_all(args.file, systems, err, kept)
    records = [r for r in read_corpus(args.file) if r["system"] in systems]
    return check_all(sample(records, args.sample), args.steps, err)


if __name__ == "__main__":
    sys.exit(main())
