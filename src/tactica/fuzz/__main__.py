"""``python -m tactica.fuzz``: the whole fuzz run (``make fuzz``), or one input again.

python -m tactica.fuzz                        # every target, both cores; exit 1 on any failure
python -m tactica.fuzz --scale 0.1            # a tenth of the run
python -m tactica.fuzz --target dice --seed 7 # input 7 of 'dice' again, with its traceback
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from collections import defaultdict

from tactica.fuzz import TARGETS
from tactica.fuzz.guard import TIME_LIMIT, Verdict, probe_for, time_limit
from tactica.fuzz.run import CONFORMANCE_FIGHTS, FAILURES, QUOTAS, SAVED_PER_CAUSE, Pool, Tally, plan


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.target is not None:
        return again(args.target, args.seed)
    quotas = {**QUOTAS, **{t: CONFORMANCE_FIGHTS for t in TARGETS if t.startswith("conformance-")}}
    started = time.monotonic()
    tally = Tally()
    complete = Pool(args.workers).run(plan(quotas, args.scale), tally, list(TARGETS), args.minutes)
    minutes = (time.monotonic() - started) / 60
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu_minutes = (cpu.ru_utime + cpu.ru_stime) / 60
    print(f"fuzz: {args.workers} workers, {minutes:.1f} minutes ({cpu_minutes:.1f} CPU minutes)")
    if not complete:
        print(
            f"stopped after {args.minutes:g} minutes (--minutes): the later cases of each target did not run"
        )
    print("inputs per target:")
    for name in quotas:
        print(f"  {name:<24} {tally.tried[name]:>8,}")
    report(tally.verdicts)
    total, failures = sum(tally.tried.values()), len(tally.verdicts)
    print(f"{total} tried, {failures} failures")
    return 1 if failures else 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m tactica.fuzz", description=__doc__.split("\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every target's case count")
    parser.add_argument("--minutes", type=float, default=30, help="begin no chunk of cases after this")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--target", choices=sorted(TARGETS), help="run one input of this target again")
    parser.add_argument("--seed", type=int, default=0, help="the input (case) number, with --target")
    return parser


def again(name: str, seed: int) -> int:
    """Run one input with no guard but the time limit: its traceback (if any) is printed as is."""
    probe = probe_for(name, seed)
    try:
        with time_limit(TIME_LIMIT):
            TARGETS[name](probe)
    finally:
        for label, text in probe.notes:
            print(f"--- {label}\n{text[:4000]}", file=sys.stderr)
    print(f"{name} {seed}: no failure (deliberate errors are fine)")
    return 0


def report(verdicts: list[Verdict]) -> None:
    """Failures grouped by cause, each with a count and one reproduction; a few inputs of each cause saved
    per target."""
    causes: dict[tuple[str, str], list[Verdict]] = defaultdict(list)
    for verdict in verdicts:
        causes[verdict.kind, verdict.signature].append(verdict)
    if causes:
        print(f"failures by cause (inputs saved in {FAILURES}/):")
    for (_kind, sig), found in sorted(causes.items(), key=lambda item: -len(item[1])):
        first = found[0]
        targets = ", ".join(sorted({v.target for v in found}))
        print(f"  {len(found):>6}  {sig}  [{targets}]  e.g. {repro(first)}")
        for target in sorted({v.target for v in found}):
            for verdict in [v for v in found if v.target == target][:SAVED_PER_CAUSE]:
                save(verdict)


def repro(verdict: Verdict) -> str:
    """The one-line reproduction of a failing input."""
    return f"python -m tactica.fuzz --target {verdict.target} --seed {verdict.seed}"


def save(verdict: Verdict) -> None:
    """The failing input in ``.fuzz/failures/TARGET-SEED.txt``: reproduction, failure, input."""
    FAILURES.mkdir(parents=True, exist_ok=True)
    notes = "".join(f"--- {label}\n{text[:100_000]}\n" for label, text in verdict.notes)
    text = f"{repro(verdict)}\n{verdict.kind}: {verdict.signature}\n{verdict.detail}\n{notes}"
    (FAILURES / f"{verdict.target}-{verdict.seed}.txt").write_text(text, encoding="utf-8", errors="replace")


if __name__ == "__main__":
    sys.exit(main())
