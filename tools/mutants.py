"""Mutation testing of the rules code (issue 14 point 13): `make mutants` (docs/reliability.md).

Each package named in pyproject's ``[tool.tactica.mutants]`` gets its own work folder ``.mutants/<name>/``
holding a copy of the project with a ``[tool.mutmut]`` section that mutates only that package and selects
tests only from that package's test folder. mutmut 3 then copies the sources into ``mutants/``, learns which
tests call which function, and runs each mutant against those tests alone.

``--sample N`` draws N mutants per package (a fixed seed, so the same N mutants each time) and prints the
share killed with a 95% Wilson interval; without it every mutant runs.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import random
import signal
import subprocess
import sys
import time
import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / ".mutants"
#: What the tests read, linked into each work folder.
SHARED = ("src", "tests", "docs", "examples", "README.md")
SAMPLE_SEED = 14
OUTCOMES = ("killed", "timeout", "survived", "no tests", "other")
MUTMUT_OUTCOME = {1: "killed", 3: "killed", 37: "killed", 0: "survived", 5: "no tests", 33: "no tests"}
MUTMUT_OUTCOME |= dict.fromkeys((36, 24, -24, 152, 255), "timeout")


def packages() -> dict[str, str]:
    """The packages to mutate, each with the test folder its mutants run against, from pyproject.toml."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return dict(config["tool"]["tactica"]["mutants"])


def package_dir(package: str) -> str:
    return "src/" + package.replace(".", "/")


def short_name(package: str) -> str:
    return package.rsplit(".", 1)[-1]


def mutmut_section(package: str, tests: str) -> str:
    """The ``[tool.mutmut]`` table of one package's work folder."""
    return (
        "\n[tool.mutmut]\n"
        'source_paths = ["src"]\n'
        f'only_mutate = ["{package_dir(package)}/*"]\n'
        'do_not_mutate = ["*/ai.py"]\n'
        f'pytest_add_cli_args_test_selection = ["{tests}"]\n'
        'also_copy = ["docs", "examples", "README.md"]\n'
        "use_git_change_detection = false\n"
    )


def prepare(package: str, tests: str) -> Path:
    """The package's work folder: links to the project's files and a pyproject that aims mutmut. A folder
    kept from an earlier run keeps mutmut's test timings and call map, which it reuses where still valid."""
    work = WORK / short_name(package)
    work.mkdir(parents=True, exist_ok=True)
    for name in SHARED:
        if not (work / name).is_symlink():
            (work / name).symlink_to(ROOT / name)
    text = (ROOT / "pyproject.toml").read_text() + mutmut_section(package, tests)
    (work / "pyproject.toml").write_text(text)
    (work / "mutmut.log").unlink(missing_ok=True)
    return work


GENERATE = """
from mutmut.__main__ import (copy_also_copy_files, copy_src_dir, create_mutants, setup_source_paths)
from mutmut.mutation.trampoline import set_mutant_under_test
set_mutant_under_test("mutant_generation")
copy_src_dir(); copy_also_copy_files(); setup_source_paths(); create_mutants({jobs})
"""


def mutmut(work: Path, args: list[str], timeout: float) -> None:
    """Runs mutmut in a work folder, its chatter to ``mutmut.log`` there; at the time limit (or a SIGTERM,
    as from ``timeout``) its whole process group ends, the workers it forked included."""
    with (work / "mutmut.log").open("a") as log:
        child = subprocess.Popen(args, cwd=work, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        signal.signal(signal.SIGTERM, lambda *_: end_group(child, SystemExit(143)))
        try:
            child.wait(timeout=max(1.0, timeout))
        except subprocess.TimeoutExpired as expired:
            end_group(child, expired)


def end_group(child: subprocess.Popen[bytes], reason: BaseException) -> None:
    os.killpg(child.pid, signal.SIGKILL)
    child.wait()
    raise reason


def mutant_outcomes(work: Path) -> dict[str, str]:
    """Every mutant of a work folder and its outcome ('not run' before mutmut has tried it)."""
    outcomes: dict[str, str] = {}
    for meta in sorted((work / "mutants" / "src").rglob("*.py.meta")):
        codes = json.loads(meta.read_text())["exit_code_by_key"]
        for name, code in codes.items():
            outcomes[name] = "not run" if code is None else MUTMUT_OUTCOME.get(code, "other")
    return outcomes


def sample(names: list[str], size: int) -> list[str]:
    """The same ``size`` mutants each time for the same code: a fixed seed over the sorted names."""
    if size <= 0 or size >= len(names):
        return names
    return sorted(random.Random(SAMPLE_SEED).sample(sorted(names), size))


def wilson(hits: int, total: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a share ``hits/total``."""
    if total == 0:
        return 0.0, 1.0
    z, share = 1.96, hits / total
    centre = (share + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(share * (1 - share) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Figures:
    package: str
    mutants: int
    counts: Counter[str]
    seconds: float | None

    @property
    def tried(self) -> int:
        return sum(self.counts[o] for o in OUTCOMES)

    @property
    def detected(self) -> int:
        return self.counts["killed"] + self.counts["timeout"]

    def line(self) -> str:
        low, high = wilson(self.detected, self.tried)
        share = self.detected / self.tried if self.tried else 0.0
        counts = " ".join(f"{self.counts[o]:>5}" for o in OUTCOMES)
        interval = f"{share:6.1%} [{low:5.1%}, {high:5.1%}]"
        took = "-" if self.seconds is None else f"{self.seconds:.0f}s"
        return f"{self.package:28} {self.mutants:>7} {self.tried:>5} {counts}  {interval} {took:>8}"


HEADER = (
    f"{'package':28} {'mutants':>7} {'tried':>5} {'kill':>5} {'t/out':>5} {'surv':>5} {'notst':>5} "
    f"{'other':>5}  {'killed share [95%]':24} {'time':>8}"
)


NO_MUTANT = "tactica.no-such-mutant"  # mutmut times every test, then stops: no mutant has this name


def run_package(package: str, tests: str, args: argparse.Namespace) -> Figures:
    """Generates the package's mutants, runs the sample (or all) until done or out of time, and writes the
    survivors' diffs. Mutants left untried at the time limit count in no column ('tried' says how many)."""
    start = time.monotonic()
    work = prepare(package, tests)
    python = sys.executable
    run = [python, "-m", "mutmut", "run", "--max-children", str(args.jobs)]
    mutmut(work, [python, "-c", GENERATE.format(jobs=args.jobs)], args.timeout)
    names = sample(sorted(mutant_outcomes(work)), args.sample)
    reset(work, names)
    if args.slow:
        mutmut(work, [*run, NO_MUTANT], args.timeout - (time.monotonic() - start))
        leave_out_slow_tests(work, args.slow)
    with contextlib.suppress(subprocess.TimeoutExpired):
        mutmut(work, run + (names if args.sample > 0 else []), args.timeout - (time.monotonic() - start))
    return report(package, args.sample, time.monotonic() - start)


def leave_out_slow_tests(work: Path, seconds: float) -> None:
    """Takes the tests that ran longer than ``seconds`` (as mutmut timed them) out of mutmut's call map, so
    that no mutant runs them; they are listed in ``left-out-tests.txt``."""
    path = work / "mutants" / "mutmut-stats.json"
    if not path.exists():  # the tests did not run: mutmut.log says why, and so will the next mutmut run
        return
    stats = json.loads(path.read_text())
    slow = {name for name, took in stats["duration_by_test"].items() if took > seconds}
    calls = stats["tests_by_mangled_function_name"]
    stats["tests_by_mangled_function_name"] = {f: [t for t in ts if t not in slow] for f, ts in calls.items()}
    path.write_text(json.dumps(stats))
    (work / "left-out-tests.txt").write_text("".join(f"{name}\n" for name in sorted(slow)))


def report(package: str, size: int, seconds: float | None = None) -> Figures:
    """The figures of the package's last run (its sample of ``size``), and its survivors' diffs."""
    work = WORK / short_name(package)
    outcomes = mutant_outcomes(work)
    names = sample(sorted(outcomes), size)
    write_survivors(work, [n for n in names if outcomes[n] in ("survived", "no tests")])
    return Figures(package, len(outcomes), Counter(outcomes[n] for n in names), seconds)


def reset(work: Path, names: list[str]) -> None:
    """Forgets the outcomes of an earlier run for these mutants, so that none is counted untried."""
    wanted = set(names)
    for meta in (work / "mutants" / "src").rglob("*.py.meta"):
        data = json.loads(meta.read_text())
        codes = data["exit_code_by_key"]
        data["exit_code_by_key"] = {n: None if n in wanted else c for n, c in codes.items()}
        meta.write_text(json.dumps(data, indent=4))


SHOW = """
import sys
from mutmut.mutation.diff_apply import get_diff_for_mutant
for name in sys.stdin.read().split():
    print(f"# {name}", get_diff_for_mutant(name), sep="\\n", end="\\n\\n")
"""


def write_survivors(work: Path, names: list[str]) -> None:
    """``survivors.txt``: the diff of every mutant that no test noticed, to read."""
    with (work / "survivors.txt").open("w") as out:
        show = [sys.executable, "-c", SHOW]
        subprocess.run(show, cwd=work, input="\n".join(names), stdout=out, text=True, check=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("packages", nargs="*", help="short names (srb, engine, ...); default all")
    parser.add_argument("--sample", type=int, default=0, help="mutants per package (0: all)")
    parser.add_argument("--jobs", type=int, default=1, help="mutants run at once")
    parser.add_argument("--timeout", type=float, default=4 * 3600, help="seconds per package")
    parser.add_argument("--report", action="store_true", help="only the figures of the last run")
    parser.add_argument("--slow", type=float, default=0, help="leave out tests over this many seconds")
    args = parser.parse_args(argv)
    known = {short_name(p): (p, t) for p, t in packages().items()}
    unknown = [name for name in args.packages if name not in known]
    if unknown:
        parser.error(f"unknown package {', '.join(unknown)}; the packages are {', '.join(known)}")
    chosen = [known[name] for name in args.packages or known]
    print(HEADER, flush=True)
    for package, tests in chosen:
        try:
            figures = report(package, args.sample) if args.report else run_package(package, tests, args)
        except subprocess.TimeoutExpired:
            print(f"{package:28} stopped before its mutants ran ({args.timeout:.0f}s, --timeout)", flush=True)
            continue
        print(figures.line(), flush=True)
    print(f"work folders and survivors' diffs: {WORK.relative_to(ROOT)}/<package>/survivors.txt")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
